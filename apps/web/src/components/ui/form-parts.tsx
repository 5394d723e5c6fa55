import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { useT } from '../../lib/i18n.ts';
import { ErrorList, errorItemId, listServerErrors, type ListedError } from './error-list.tsx';

export interface ServerFailure {
  message?: string;
  errors?: Record<string, string[]>;
}

/**
 * The errors a form lists under it: its own validation errors while there are any, else what the server
 * answered. `describe(field)` marks a control invalid and points it at its bullet.
 */
export function listFormErrors<V extends FieldValues>(
  formErrors: FieldErrors<V>,
  labels: Record<string, string>,
  server: ServerFailure,
) {
  const client: ListedError[] = Object.entries(formErrors).map(([field, error]) => ({
    field,
    label: labels[field] ?? field,
    message: String((error as { message?: unknown } | undefined)?.message ?? 'Invalid value'),
  }));
  const errors = client.length ? client : listServerErrors(server.errors, labels);
  const invalid = new Set(errors.map((error) => error.field));
  return {
    errors,
    message: client.length ? undefined : server.message,
    describe: (field: string) => ({
      'aria-invalid': invalid.has(field) || undefined,
      'aria-describedby': invalid.has(field) ? errorItemId(field) : undefined,
    }),
  };
}

/** A labelled text input. */
export function TextField({
  id,
  label,
  hint,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; hint?: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" {...input} />
      {hint}
    </div>
  );
}

/** The submit button, a note while saving, then the errors as bullets below it (spec section 8). */
export function FormFooter({
  submitLabel,
  submitting,
  busyText = 'Saving…',
  message,
  errors,
  more,
}: {
  submitLabel: string;
  submitting: boolean;
  /** Further buttons beside the submit button ("Add and add another"). */
  more?: ReactNode;
  busyText?: string;
  message?: string;
  errors: ListedError[];
}) {
  const { t } = useT();
  return (
    <>
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={submitting}>
          {t(submitLabel)}
        </button>
        {more}
        {submitting && <span className="loading">{t(busyText)}</span>}
      </div>
      <ErrorList message={message} errors={errors} />
    </>
  );
}
