import './students.css';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import type { CapabilityKey } from '@exam/contracts';
import { Notice, Page } from '../../../components/ui/page.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { isApiError, request } from '../../../lib/api.ts';
import { usePermissions } from '../../../lib/auth.ts';
import {
  keyFromSearch,
  keySearch,
  useStudentImage,
  useStudentPage,
  useStudentRecord,
  useUploadImage,
  type StudentRecord,
} from '../api.ts';
import { shown, studentScreens, type StudentScreens } from '../declarations.ts';
import { useQueryClient } from '@tanstack/react-query';
import { T } from '../../../components/ui/text.tsx';

/**
 * One record, one line per field; a student's view adds the photo and signature, an enrolment's view its
 * papers.
 */
export function StudentView({ screens }: { screens: StudentScreens }) {
  const [search] = useSearchParams();
  const { state } = useLocation() as { state?: { message?: string } };
  const key = keyFromSearch(screens.resource, search);
  const query = useStudentRecord(screens.resource, key);
  const { holds } = usePermissions();
  const canWrite = holds(screens.resource.capability.write as CapabilityKey);
  const edit = screens.name === 'studentacademic' ? '/EditStudentAcademic' : screens.paths.edit;
  return (
    <Page title={screens.viewTitle}>
      {state?.message && <Notice kind="success">{state.message}</Notice>}
      {!key.every(Boolean) ? (
        <Notice kind="error">No record was chosen. Open it from the list.</Notice>
      ) : (
        <QueryState query={query} failure={(error) => `The record could not be loaded: ${error.message}`}>
          {(record) => (
            <>
              <div className="record-view">
                <RecordTable screens={screens} record={record} />
                {screens.name === 'student' && <StudentImages record={record} canWrite={canWrite} />}
              </div>
              {canWrite && edit && (
                <p>
                  <Link className="button secondary" to={`${edit}?${keySearch(screens.resource, key)}`}>
                    <T>Edit</T>
                  </Link>
                </p>
              )}
              {screens.name === 'student' && (
                <Related studentId={String(record.student_id)} canWrite={canWrite} />
              )}
              {screens.name === 'studentccinfo' && <EnrolmentPapers record={record} canWrite={canWrite} />}
            </>
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

export function RecordTable({
  screens,
  record,
  fields = screens.viewFields,
}: {
  screens: StudentScreens;
  record: StudentRecord;
  fields?: string[];
}) {
  return (
    <table className="record-table">
      <tbody>
        {fields.map((field) => (
          <tr key={field}>
            <th scope="row">
              <T>{screens.labels[field] ?? field}</T>
            </th>
            <td lang={screens.hindi.includes(field) ? 'hi' : undefined}>
              <ShownValue screens={screens} field={field} value={record[field]} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function StudentImage({ id, kind, hash }: { id: string; kind: 'photo' | 'signature'; hash: unknown }) {
  const image = useStudentImage(id, kind, hash);
  const label = kind === 'photo' ? 'Photo' : 'Signature';
  if (!hash)
    return (
      <p className="image-missing">
        <T>{`No ${kind} yet`}</T>
      </p>
    );
  return image.data ? (
    <img className={`student-${kind}`} src={image.data} alt={`${label} of student ${id}`} />
  ) : (
    <p>Loading {kind}…</p>
  );
}

/** The photo and signature, and their upload (JPEG or PNG) for those who may change students. */
export function StudentImages({ record, canWrite }: { record: StudentRecord; canWrite: boolean }) {
  const id = String(record.student_id);
  const upload = useUploadImage(id);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string }>();
  const submit = (kind: 'photo' | 'signature') => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('file') as File | null;
    if (!file?.size) return setMessage({ kind: 'error', text: `Choose a ${kind} file first.` });
    upload.mutate(
      { kind, file },
      {
        onSuccess: (answer) => setMessage({ kind: 'success', text: answer.message }),
        onError: (error) =>
          setMessage({
            kind: 'error',
            text:
              isApiError(error) && error.fieldErrors
                ? Object.values(error.fieldErrors).flat().join(' ')
                : error.message,
          }),
      },
    );
  };
  return (
    <aside className="student-images" aria-label="Photo and signature">
      {(['photo', 'signature'] as const).map((kind) => (
        <figure key={kind}>
          <StudentImage id={id} kind={kind} hash={record[`${kind}_sha256`]} />
          <figcaption>
            <T>{kind === 'photo' ? 'Photo' : 'Signature'}</T>
          </figcaption>
          {canWrite && (
            <form onSubmit={submit(kind)}>
              <input type="file" name="file" accept="image/jpeg,image/png" aria-label={`${kind} file`} />
              <button type="submit" className="button small">
                <T>{`Upload ${kind}`}</T>
              </button>
            </form>
          )}
        </figure>
      ))}
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
    </aside>
  );
}

/** A student's enrolments and papers below its record (read-only lists with links). */
export function Related({ studentId, canWrite }: { studentId: string; canWrite: boolean }) {
  const enrolments = useStudentPage(studentScreens.studentccinfo.resource, {
    offset: 0,
    limit: 100,
    filters: { student_id: studentId },
  });
  const papers = useStudentPage(studentScreens.studentpaper.resource, {
    offset: 0,
    limit: 200,
    filters: { student_id: studentId },
  });
  const e = studentScreens.studentccinfo;
  const p = studentScreens.studentpaper;
  return (
    <>
      <h2>
        <T>Enrolments</T>
      </h2>
      {canWrite && (
        <p>
          <Link to={`${e.paths.add}?student_id=${encodeURIComponent(studentId)}`}>
            <T>Enrol in a semester</T>
          </Link>
        </p>
      )}
      <QueryState query={enrolments} failure={(error) => error.message}>
        {({ rows }) => (
          <SmallTable
            screens={e}
            rows={rows}
            fields={[
              'session_id',
              'course_comb_id',
              'sem_id',
              'college_id',
              'student_type',
              'ruleset_id',
              'status',
            ]}
          />
        )}
      </QueryState>
      <h2>
        <T>Papers</T>
      </h2>
      <QueryState query={papers} failure={(error) => error.message}>
        {({ rows }) => (
          <SmallTable
            screens={p}
            rows={rows}
            fields={['session_id', 'sem_id', 'paper_id', 'group_code', 'choice_source', 'status']}
          />
        )}
      </QueryState>
    </>
  );
}

function SmallTable({
  screens,
  rows,
  fields,
}: {
  screens: StudentScreens;
  rows: StudentRecord[];
  fields: string[];
}) {
  if (!rows.length)
    return (
      <p>
        <T>None yet.</T>
      </p>
    );
  return (
    // Its own scrolling box: on a phone the page itself never scrolls sideways.
    <div className="table-scroll">
      <table className="data-table">
        <thead>
          <tr>
            {fields.map((f) => (
              <th key={f} scope="col">
                <T>{screens.labels[f] ?? f}</T>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={screens.resource.keyFields.map((k) => String(row[k])).join('/')}>
              {fields.map((f) => (
                <td key={f}>
                  <ShownValue screens={screens} field={f} value={row[f]} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** An enrolment's papers, and the change of its elective choices (closed once an exam form is submitted). */
function EnrolmentPapers({ record, canWrite }: { record: StudentRecord; canWrite: boolean }) {
  const filters = {
    student_id: String(record.student_id),
    session_id: String(record.session_id),
    sem_id: String(record.sem_id),
  };
  const papers = useStudentPage(studentScreens.studentpaper.resource, { offset: 0, limit: 100, filters });
  const client = useQueryClient();
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string }>();
  const change = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const electives = String(new FormData(event.currentTarget).get('electives') ?? '');
    const path = ['student_id', 'session_id', 'course_comb_id', 'sem_id']
      .map((k) => encodeURIComponent(String(record[k])))
      .join('/');
    try {
      const answer = await request<{ message: string }>(`/studentccinfo/${path}/electives`, {
        method: 'PUT',
        body: { electives },
      });
      setMessage({ kind: 'success', text: answer.message });
      await client.invalidateQueries({ queryKey: ['studentpaper'] });
    } catch (error) {
      setMessage({
        kind: 'error',
        text:
          isApiError(error) && error.fieldErrors
            ? Object.values(error.fieldErrors).flat().join(' ')
            : (error as Error).message,
      });
    }
  };
  return (
    <>
      <h2>Papers of this enrolment</h2>
      <QueryState query={papers} failure={(error) => error.message}>
        {({ rows }) => (
          <>
            <SmallTable
              screens={studentScreens.studentpaper}
              rows={rows}
              fields={['paper_id', 'group_code', 'choice_source', 'status']}
            />
            {canWrite && !record.papers_locked_at && (
              <form className="inline-form" onSubmit={(event) => void change(event)}>
                <label>
                  Elective choices{' '}
                  <input
                    name="electives"
                    defaultValue={rows
                      .filter((r) => r.choice_source === 'ELECTIVE')
                      .map((r) => String(r.paper_id))
                      .join(' ')}
                  />
                </label>{' '}
                <button type="submit" className="button secondary">
                  Change choices
                </button>
              </form>
            )}
          </>
        )}
      </QueryState>
      {!!record.papers_locked_at && (
        <Notice kind="info">
          Paper choices are closed: an exam form for this semester has been submitted.
        </Notice>
      )}
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
    </>
  );
}

/** A value as the students screens show it; an enumeration's label in the screens' language. */
export function ShownValue({
  screens,
  field,
  value,
}: {
  screens: StudentScreens;
  field: string;
  value: unknown;
}) {
  const text = shown(screens, field, value);
  return screens.enums[field] ? <T>{text}</T> : <>{text}</>;
}
