import { studentInput, type StudentInput } from '@exam/contracts';
import { useForm } from 'react-hook-form';
import { contractResolver } from '../../lib/form.ts';
import {
  FormFooter,
  listFormErrors,
  TextField,
  type ServerFailure,
} from '../../components/ui/form-parts.tsx';

export const studentLabels: Record<string, string> = { id: 'Id', stuname: 'Student Name', email: 'Email' };

export interface StudentFailure extends ServerFailure {
  banner?: string;
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
  const listed = listFormErrors(form.formState.errors, studentLabels, failure);
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
          <TextField id="student-id" label="Id" value={id} readOnly className="read-only" />
        )}
        {(['stuname', 'email'] as const).map((field) => (
          <TextField
            key={field}
            id={`student-${field}`}
            label={studentLabels[field]}
            type={field === 'email' ? 'email' : 'text'}
            {...listed.describe(field)}
            {...form.register(field)}
          />
        ))}
      </div>
      <FormFooter submitLabel={submitLabel} submitting={form.formState.isSubmitting} errors={listed.errors} />
    </form>
  );
}
