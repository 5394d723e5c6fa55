import './students.css';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FormFooter } from '../../../components/ui/form-parts.tsx';
import { listServerErrors } from '../../../components/ui/error-list.tsx';
import { Notice, Page } from '../../../components/ui/page.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { isApiError } from '../../../lib/api.ts';
import {
  keyFromSearch,
  keyOf,
  keySearch,
  useSave,
  useStudentRecord,
  type RecordKey,
  type StudentRecord,
} from '../api.ts';
import type { StudentScreens } from '../declarations.ts';
import { T } from '../../../components/ui/text.tsx';
import { useT } from '../../../lib/i18n.ts';

const hints: Record<string, string> = {
  dob: 'YYYY-MM-DD',
  abc_id: '12 digits',
  mobile: '10 digits',
  electives: 'One paper id per elective group, e.g. HIS102',
};

/**
 * The add and edit form of a students resource: one input per field, enumerations as dropdowns; the server's
 * 422 listed by field.
 */
function StudentForm({
  screens,
  fields,
  initial,
  submitLabel,
  onSubmit,
  busy,
}: {
  screens: StudentScreens;
  fields: string[];
  initial: StudentRecord;
  submitLabel: string;
  busy: boolean;
  onSubmit: (values: StudentRecord) => Promise<void>;
}) {
  const [failure, setFailure] = useState<{ message?: string; errors?: Record<string, string[]> }>({});
  const { t } = useT();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = Object.fromEntries(fields.map((f) => [f, String(data.get(f) ?? '')]));
    try {
      setFailure({});
      await onSubmit(values);
    } catch (error) {
      setFailure(
        isApiError(error)
          ? { message: error.message, errors: error.fieldErrors }
          : { message: (error as Error).message },
      );
    }
  };
  return (
    <form className="record-form" onSubmit={(event) => void submit(event)} noValidate>
      {fields.map((field) => {
        const def = screens.enums[field];
        const id = `field-${field}`;
        const value = initial[field] == null ? '' : String(initial[field]);
        const invalid = !!failure.errors?.[field];
        return (
          <div className="field" key={field}>
            <label htmlFor={id}>
              <T>{screens.labels[field] ?? field}</T>
            </label>
            {def ? (
              <select id={id} name={field} defaultValue={value} aria-invalid={invalid}>
                <option value="">{t('Select')}</option>
                {def.options.map((o) => (
                  <option key={String(o.value)} value={String(o.value)}>
                    {t(o.label)}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                name={field}
                defaultValue={value}
                lang={screens.hindi.includes(field) ? 'hi' : undefined}
                type={field === 'dob' ? 'date' : 'text'}
                aria-invalid={invalid}
              />
            )}
            {hints[field] && <small className="hint">{hints[field]}</small>}
          </div>
        );
      })}
      <FormFooter
        submitLabel={submitLabel}
        submitting={busy}
        message={failure.message}
        errors={listServerErrors(failure.errors, screens.labels)}
      />
    </form>
  );
}

/** Saves a record and opens its view with the server's message. */
function useSaveThenView(screens: StudentScreens) {
  const save = useSave(screens.resource);
  const navigate = useNavigate();
  const submit = async (method: 'POST' | 'PUT', body: StudentRecord, key?: RecordKey) => {
    const answer = await save.mutateAsync({ key, body, method });
    const record = answer[screens.resource.responseKey] as StudentRecord;
    navigate(`${screens.paths.view}?${keySearch(screens.resource, keyOf(screens.resource, record))}`, {
      state: { message: answer.message },
    });
  };
  return { submit, busy: save.isPending };
}

export function StudentAdd({ screens }: { screens: StudentScreens }) {
  const { submit, busy } = useSaveThenView(screens);
  const [search] = useSearchParams();
  // An add screen opened from a student's view starts with that student.
  const initial = Object.fromEntries(screens.addFields.map((f) => [f, search.get(f) ?? '']));
  return (
    <Page title={screens.addTitle}>
      <StudentForm
        screens={screens}
        fields={screens.addFields}
        initial={initial}
        submitLabel="Add"
        busy={busy}
        onSubmit={(values) => submit('POST', values)}
      />
      <p>
        <Link to={screens.paths.list}>
          <T>Back to the list</T>
        </Link>
      </p>
    </Page>
  );
}

export function StudentEdit({ screens }: { screens: StudentScreens }) {
  const [search] = useSearchParams();
  const key = keyFromSearch(screens.resource, search);
  const query = useStudentRecord(screens.resource, key);
  const { submit, busy } = useSaveThenView(screens);
  return (
    <Page title={screens.editTitle}>
      {!key.every(Boolean) ? (
        <Notice kind="error">No record was chosen. Open it from the list.</Notice>
      ) : (
        <QueryState query={query} failure={(error) => `The record could not be loaded: ${error.message}`}>
          {(record) => (
            <StudentForm
              screens={screens}
              fields={screens.editFields}
              initial={record}
              submitLabel="Update"
              busy={busy}
              onSubmit={(values) => submit('PUT', { ...values, updated_at: record.updated_at }, key)}
            />
          )}
        </QueryState>
      )}
      <p>
        <Link to={screens.paths.list}>
          <T>Back to the list</T>
        </Link>
      </p>
    </Page>
  );
}
