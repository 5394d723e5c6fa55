import { useEffect, useRef, type Ref, type SelectHTMLAttributes } from 'react';
import { useOptions, type Option, type OptionSource } from '../api/options.ts';
import { useT } from '../../../lib/i18n.ts';

export const PLACEHOLDER = '-select-';

/**
 * A dropdown's options after its first one; a value the options lack (an old record, a bookmark) still shows,
 * as itself.
 */
export function OptionList({ value, options }: { value: string; options: Option[] }) {
  const known = value === '' || options.some((option) => option.value === value);
  const { t } = useT();
  return (
    <>
      {!known && <option value={value}>{value}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {t(option.label)}
        </option>
      ))}
    </>
  );
}

interface OptionSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> {
  source: OptionSource;
  value: string;
  onChange: (value: string) => void;
  /** Values of the other fields, for options that depend on them (courses of a session). */
  values: Record<string, string>;
  ref?: Ref<HTMLSelectElement>;
  /** An optional field: the placeholder can be chosen again, which empties it. */
  clearable?: boolean;
}

/**
 * A dropdown of the spec: loads its options when the screen opens, starts on a '-select-' placeholder
 * (disabled, except on an optional field, where choosing it again clears the field), shows labels and submits
 * values. A value the loaded options lack (an old record) is still shown, as itself.
 */
export function OptionSelect({
  source,
  value,
  onChange,
  values,
  clearable = false,
  ...rest
}: OptionSelectProps) {
  const { options, loading, error, waiting } = useOptions(source, values);
  // A choice made for other values of the fields it depends on (a course of another session) is dropped.
  const dependsOn =
    source.kind === 'rows' ? (source.dependsOn ?? []).map((field) => values[field] ?? '').join('|') : '';
  const previous = useRef(dependsOn);
  useEffect(() => {
    if (previous.current !== dependsOn && value !== '') onChange('');
    previous.current = dependsOn;
  }, [dependsOn, value, onChange]);
  return (
    <>
      <select {...rest} value={value} onChange={(event) => onChange(event.target.value)} aria-busy={loading}>
        <option value="" disabled={!clearable}>
          {PLACEHOLDER}
        </option>
        <OptionList value={value} options={options} />
      </select>
      {loading && <span className="field-hint">Loading options…</span>}
      {waiting && !value && <span className="field-hint">Choose the fields above first.</span>}
      {error && <span className="field-hint error">Options could not be loaded: {error.message}</span>}
    </>
  );
}
