import { studentInput, type StudentInput } from '@exam/contracts';
import { useForm } from 'react-hook-form';
import { contractResolver } from '../../lib/form.ts';
import { ErrorList, errorItemId, listServerErrors } from '../../components/error-list.tsx';

export const studentLabels: Record<string, string> = { id: 'Id', stuname: 'Student Name', email: 'Email' };

export interface StudentFailure {
  banner?: string;
  errors?: Record<string, string[]>;
}

interface StudentFormProps {
  id?: number;
  initial?: StudentInput;
  submitLabel: string;
  onSubmit: (input: StudentInput) => Promise<boolean>;
  failure: StudentFailure;
}

/** Name and email, required and trimmed by the shared contract; the id shows read-only on edit. */
export function StudentForm({ id, initial, submitLabel, onSubmit, failure }: StudentFormProps) {
  const form = useForm({
    resolver: contractResolver(studentInput),
    defaultValues: initial ?? { stuname: '', email: '' },
  });
  const clientErrors = Object.entries(form.formState.errors).map(([field, error]) => ({
    field,
    label: studentLabels[field] ?? field,
    message: String(error?.message ?? ''),
  }));
  const errors = clientErrors.length ? clientErrors : listServerErrors(failure.errors, studentLabels);
  const invalid = (field: string) => errors.some((e) => e.field === field);
  const submit = async (input: StudentInput) => {
    if (await onSubmit(input)) form.reset(initial ?? { stuname: '', email: '' });
  };

  return (
    <form className="resource-form" noValidate onSubmit={form.handleSubmit(submit)}>
      {failure.banner && (
        <p className="notice error banner" role="alert">
          {failure.banner}
        </p>
      )}
      <div className="form-grid">
        {id !== undefined && (
          <div className="field">
            <label htmlFor="student-id">Id</label>
            <input id="student-id" value={id} readOnly className="read-only" />
          </div>
        )}
        {(['stuname', 'email'] as const).map((field) => (
          <div className="field" key={field}>
            <label htmlFor={`student-${field}`}>{studentLabels[field]}</label>
            <input
              id={`student-${field}`}
              type={field === 'email' ? 'email' : 'text'}
              aria-invalid={invalid(field) || undefined}
              aria-describedby={invalid(field) ? errorItemId(field) : undefined}
              {...form.register(field)}
            />
          </div>
        ))}
      </div>
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={form.formState.isSubmitting}>
          {submitLabel}
        </button>
      </div>
      <ErrorList errors={errors} />
    </form>
  );
}
