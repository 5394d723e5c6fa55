import { useId, type ReactNode } from 'react';
import './picker-field.css';

/**
 * A labelled picker (a select or an input) whose name is its label alone: a control wrapped in its label
 * would be named with the option it shows too ("Exam —").
 */
export function PickerField({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="picker-field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}
