import { resultExceptionCode, resultRunStatus, resultRunWorkflow, type SchemeCode } from '@exam/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { JobProgress } from '../../components/ui/job-progress.tsx';
import { Loading, Notice, Page } from '../../components/ui/page.tsx';
import { WorkflowActions } from '../../components/ui/workflow-actions.tsx';
import { ApiError, isApiError } from '../../lib/api.ts';
import { usePermissions } from '../../lib/auth.ts';
import { intlLocale, useT } from '../../lib/i18n.ts';
import {
  courseKey,
  courseText,
  downloadRegister,
  type ResultRun,
  runAction,
  startRun,
  useDiff,
  useExceptions,
  useOpenBatches,
  useRun,
  useRuns,
} from './results-api.ts';
import { PickerField } from '../../components/ui/picker-field.tsx';
import { ScopePicker, useResultScope } from './scope-picker.tsx';
import './results.css';
import { ScrollRegion } from './scroll-region.tsx';

/**
 * The result officer's screens of state machine H (lifecycle S8): pick the exam and its course-semester, see
 * what still blocks a run (entry batches not LOCKED), start the run (a job with its progress), then each run
 * with its counts, exceptions, the diff against the previous run, the tabulation register and the workflow
 * actions the contracts declare (verify, approve, publish with the notification number, withdraw).
 */

const fmt = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/** A student's results, every version. */
const studentResultLink = (studentId: string) =>
  `/ViewStudentResultDetail?student_id=${encodeURIComponent(studentId)}`;

const failureText = (error: unknown) =>
  isApiError(error)
    ? [error.message, ...Object.values(error.fieldErrors ?? {}).flat()].join(' ')
    : String(error);

/** Exam and course-semester, kept in the address (?exam_id=&course=session/course/sem&run_id=). */
/** What blocks a run now: the course-semester's entry batches that are not LOCKED. */
function Preconditions({ exam, course }: { exam: string; course: string }) {
  const { t } = useT();
  const batches = useOpenBatches(exam, course);
  if (batches.isPending) return <Loading />;
  if (batches.isError) return <Notice kind="error">{batches.error.message}</Notice>;
  const all = batches.data;
  const open = all.filter((b) => b.status !== 'LOCKED');
  const id = 'preconditions-title';
  return (
    <section className="run-preconditions" aria-labelledby={id}>
      <h2 id={id}>{t('Before the run')}</h2>
      {all.length === 0 ? (
        <Notice kind="info">{t('No marks entry batches for this course-semester yet.')}</Notice>
      ) : open.length === 0 ? (
        <Notice kind="success">
          {t('All {{n}} entry batches are LOCKED: the run can start.', { n: all.length })}
        </Notice>
      ) : (
        <>
          <Notice kind="error">
            {t(
              '{{n}} of {{all}} entry batches are not LOCKED: the run is refused unless you run with ' +
                'result later (RL).',
              { n: open.length, all: all.length },
            )}
          </Notice>
          <ScrollRegion label={t('Batches not locked')}>
            <table className="data-table">
              <caption>{t('Batches not locked')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('Batch')}</th>
                  <th scope="col">{t('Component')}</th>
                  <th scope="col">{t('Paper')}</th>
                  <th scope="col">{t('College')}</th>
                  <th scope="col">{t('Packet')}</th>
                  <th scope="col">{t('Status')}</th>
                </tr>
              </thead>
              <tbody>
                {open.map((b) => (
                  <tr key={b.batch_id}>
                    <th scope="row">{b.batch_id}</th>
                    <td>{b.component}</td>
                    <td>{b.paper_id}</td>
                    <td>{b.college_id ?? '—'}</td>
                    <td>{b.packet_no ?? '—'}</td>
                    <td>
                      <span className="status-badge" data-status={b.status}>
                        {b.status}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      )}
    </section>
  );
}

function StartRun({
  exam,
  course,
  schemes,
  onStarted,
}: {
  exam: string;
  course: string;
  schemes: SchemeCode[];
  onStarted: (jobId: string, runId: string) => void;
}) {
  const { t } = useT();
  const [scheme, setScheme] = useState<SchemeCode>(schemes[0]!);
  const [later, setLater] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const [session_id = '', course_comb_id = '', sem_id = ''] = course.split('/');
  const queryClient = useQueryClient();
  const start = async () => {
    setBusy(true);
    setFailure('');
    try {
      const answer = await startRun({
        exam_id: exam,
        session_id,
        course_comb_id,
        sem_id,
        scheme,
        allow_result_later: later,
      });
      onStarted(answer.job.job_id, answer.resultrun.run_id);
    } catch (error) {
      setFailure(failureText(error));
      // A refusal names what blocks the run: show the batches as they are now.
      void queryClient.invalidateQueries({ queryKey: ['entrybatch'] });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="run-start"
      onSubmit={(e) => {
        e.preventDefault();
        void start();
      }}
      aria-label={t('Compute results')}
    >
      {schemes.length > 1 && (
        <PickerField label={t('Scheme')}>
          {(id) => (
            <select id={id} value={scheme} onChange={(e) => setScheme(e.target.value as SchemeCode)}>
              {schemes.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </PickerField>
      )}
      <label className="checkbox">
        <input type="checkbox" checked={later} onChange={(e) => setLater(e.target.checked)} />{' '}
        {t('Run with result later: an attempt without locked marks becomes RL (never 0)')}
      </label>
      <button type="submit" className="button primary" disabled={busy}>
        {t('Compute results')}
      </button>
      {failure && <Notice kind="error">{failure}</Notice>}
    </form>
  );
}

const countColumns: Array<[keyof ResultRun, string]> = [
  ['student_count', 'Students'],
  ['pass_count', 'Passed'],
  ['fail_count', 'Failed'],
  ['promoted_count', 'ATKT'],
  ['absent_count', 'Absent'],
  ['rl_count', 'RL'],
  ['rw_count', 'RW'],
  ['ufm_count', 'UFM'],
  ['exception_count', 'Exceptions'],
  ['changed_count', 'Changed'],
];

function RunsTable({
  runs,
  selected,
  onOpen,
}: {
  runs: ResultRun[];
  selected: string;
  onOpen: (id: string) => void;
}) {
  const { t } = useT();
  if (!runs.length) return <p>{t('No result runs yet.')}</p>;
  return (
    <ScrollRegion label={t('Result runs')}>
      <table className="data-table runs-table">
        <caption>{t('Result runs')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('Run')}</th>
            <th scope="col">{t('Course-semester')}</th>
            <th scope="col">{t('Scheme')}</th>
            <th scope="col">{t('Rule set')}</th>
            <th scope="col">{t('Status')}</th>
            {countColumns.map(([, label]) => (
              <th key={label} scope="col">
                {t(label)}
              </th>
            ))}
            <th scope="col">{t('Computed')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('Action')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {runs.map((r) => (
            <tr key={r.run_id} aria-current={r.run_id === selected || undefined}>
              <th scope="row">{r.run_id}</th>
              <td>{courseText(r)}</td>
              <td>{r.scheme}</td>
              <td>{r.ruleset_id ? `${r.ruleset_id}@${r.ruleset_version}` : '—'}</td>
              <td>
                <span className="status-badge" data-status={r.status}>
                  {t(resultRunStatus.labelOf(r.status))}
                </span>
              </td>
              {countColumns.map(([field, label]) => (
                <td key={label} className="num">
                  {String(r[field] ?? '—')}
                </td>
              ))}
              <td>{fmt(r.computed_at)}</td>
              <td>
                <button
                  type="button"
                  className="button small secondary"
                  onClick={() => onOpen(r.run_id)}
                  aria-label={`${t('Open')} ${r.run_id}`}
                >
                  {t('Open')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function Exceptions({ runId }: { runId: string }) {
  const { t } = useT();
  const list = useExceptions(runId);
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>
        {t('Exceptions')}
        {list.data ? ` (${list.data.total})` : ''}
      </h3>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <Notice kind="error">{list.error.message}</Notice>
      ) : list.data.exceptions.length === 0 ? (
        <p>{t('No exceptions.')}</p>
      ) : (
        <ScrollRegion label={t('Exceptions')}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('Student')}</th>
                <th scope="col">{t('Paper')}</th>
                <th scope="col">{t('Component')}</th>
                <th scope="col">{t('Exception')}</th>
                <th scope="col">{t('Details')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.exceptions.map((x) => (
                <tr key={x.seq}>
                  <th scope="row">
                    <Link to={studentResultLink(x.student_id)}>{x.student_id}</Link>
                  </th>
                  <td>{x.paper_id ?? '—'}</td>
                  <td>{x.component ?? '—'}</td>
                  <td>{t(resultExceptionCode.labelOf(x.code))}</td>
                  <td>{x.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}

function Diff({ runId }: { runId: string }) {
  const { t } = useT();
  const diff = useDiff(runId);
  const id = useId();
  const d = diff.data;
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{t('Changes against the previous run')}</h3>
      {diff.isPending ? (
        <Loading />
      ) : diff.isError ? (
        <Notice kind="error">{diff.error.message}</Notice>
      ) : !d ? null : (
        <>
          <p>
            {d.previous_run_id
              ? t('Against run {{prev}}: {{n}} students changed, {{same}} unchanged.', {
                  prev: d.previous_run_id,
                  n: d.total,
                  same: d.unchanged,
                })
              : t('The first run of this course-semester: {{n}} students computed.', { n: d.total })}
          </p>
          {d.previous_run_id && d.diff.length > 0 && (
            <ScrollRegion label={t('Changes against the previous run')}>
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">{t('Student')}</th>
                    <th scope="col">{t('Change')}</th>
                    <th scope="col">{t('Field')}</th>
                    <th scope="col">{t('Before')}</th>
                    <th scope="col">{t('After')}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.diff.flatMap((item) =>
                    (item.changes.length ? item.changes : [{ field: '—', before: null, after: null }]).map(
                      (c, i) => (
                        <tr key={`${item.student_id}-${i}`}>
                          {i === 0 && (
                            <th scope="row" rowSpan={Math.max(1, item.changes.length)}>
                              <Link to={studentResultLink(item.student_id)}>{item.student_id}</Link>
                            </th>
                          )}
                          {i === 0 && (
                            <td rowSpan={Math.max(1, item.changes.length)}>
                              {t({ ADDED: 'New', REMOVED: 'Gone', CHANGED: 'Changed' }[item.change])}
                            </td>
                          )}
                          <td>{c.field}</td>
                          <td>{c.before ?? '—'}</td>
                          <td className="diff-new">{c.after ?? '—'}</td>
                        </tr>
                      ),
                    ),
                  )}
                </tbody>
              </table>
            </ScrollRegion>
          )}
        </>
      )}
    </section>
  );
}

/**
 * One run: its facts, the allowed actions (publish asks for the notification number), the register,
 * exceptions and diff.
 */
function RunDetail({ runId }: { runId: string }) {
  const { t } = useT();
  const { user, holds } = usePermissions();
  const run = useRun(runId);
  const queryClient = useQueryClient();
  const [notification, setNotification] = useState('');
  const [notificationDate, setNotificationDate] = useState('');
  const [fileFailure, setFileFailure] = useState('');
  const headingId = useId();
  const noteId = useId();
  if (run.isPending) return <Loading />;
  if (run.isError) return <Notice kind="error">{run.error.message}</Notice>;
  const r = run.data;
  const act = async (action: string, reason: string | undefined) => {
    const body: Record<string, unknown> = { reason };
    if (action === 'publish') {
      if (!notification.trim())
        throw new ApiError(422, {
          message: t('Give the notification number first (beside the actions).'),
          errors: { notification_no: [t('Required: the notification number')] },
        });
      body.notification_no = notification.trim();
      if (notificationDate) body.notification_date = notificationDate;
    }
    const answer = await runAction(r, action, body);
    await queryClient.invalidateQueries({ queryKey: ['resultrun'] });
    return answer.message;
  };
  const mayPublish = r.status === 'APPROVED' && holds('results.publish');
  return (
    <section className="run-detail" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {t('Run {{id}}', { id: r.run_id })} · {courseText(r)} · {r.scheme}
      </h2>
      <dl className="result-facts">
        <div>
          <dt>{t('Rule set')}</dt>
          <dd>
            {r.ruleset_id ? (
              <Link
                to={
                  `/RuleSetRules?ruleset_id=${encodeURIComponent(r.ruleset_id)}` +
                  `&version=${r.ruleset_version}`
                }
              >
                {r.ruleset_id}@{r.ruleset_version}
              </Link>
            ) : (
              '—'
            )}
          </dd>
        </div>
        <div>
          <dt>{t('Result later allowed')}</dt>
          <dd>{t(r.allow_result_later ? 'Yes' : 'No')}</dd>
        </div>
        <div>
          <dt>{t('Computed')}</dt>
          <dd>
            {fmt(r.computed_at)} {r.started_by ? `· ${r.started_by}` : ''}
          </dd>
        </div>
        <div>
          <dt>{t('Verified')}</dt>
          <dd>
            {fmt(r.verified_at)} {r.verified_by ? `· ${r.verified_by}` : ''}
          </dd>
        </div>
        <div>
          <dt>{t('Approved')}</dt>
          <dd>
            {fmt(r.approved_at)} {r.approved_by ? `· ${r.approved_by}` : ''}
          </dd>
        </div>
        <div>
          <dt>{t('Published')}</dt>
          <dd>
            {r.published_at
              ? `${fmt(r.published_at)} · ${t('notification')} ` +
                `${r.notification_no ?? ''} ${r.notification_date ?? ''}`
              : '—'}
          </dd>
        </div>
        {r.previous_run_id && (
          <div>
            <dt>{t('Previous run')}</dt>
            <dd>{r.previous_run_id}</dd>
          </div>
        )}
        {r.status_reason && (
          <div>
            <dt>{t('Reason')}</dt>
            <dd>{r.status_reason}</dd>
          </div>
        )}
      </dl>
      {mayPublish && (
        <fieldset className="publish-fields">
          <legend>{t('Notification (for publishing)')}</legend>
          <label htmlFor={noteId}>{t('Notification number')}</label>
          <input
            id={noteId}
            value={notification}
            onChange={(e) => setNotification(e.target.value)}
            maxLength={60}
          />
          <PickerField label={t('Notification date')}>
            {(id) => (
              <input
                id={id}
                type="date"
                value={notificationDate}
                onChange={(e) => setNotificationDate(e.target.value)}
              />
            )}
          </PickerField>
        </fieldset>
      )}
      <WorkflowActions
        workflow={resultRunWorkflow}
        record={r as unknown as Record<string, unknown>}
        role={user?.name}
        onAct={act}
      />
      <p className="run-links">
        <button
          type="button"
          className="button secondary"
          onClick={() => {
            setFileFailure('');
            downloadRegister(r.run_id).catch((e: unknown) => setFileFailure(failureText(e)));
          }}
        >
          {t('Tabulation register (PDF)')}
        </button>{' '}
        <Link
          className="button secondary"
          to={`/ListStudentResultDetail?run_id=${encodeURIComponent(r.run_id)}`}
        >
          {t('Students of this run')}
        </Link>{' '}
        <Link
          className="button secondary"
          to={
            `/ResultCourseCombinationDetail?exam_id=${encodeURIComponent(r.exam_id)}` +
            `&course=${encodeURIComponent(courseKey(r))}&run_id=${encodeURIComponent(r.run_id)}`
          }
        >
          {t('Analysis')}
        </Link>
      </p>
      {fileFailure && <Notice kind="error">{fileFailure}</Notice>}
      <Exceptions runId={r.run_id} />
      <Diff runId={r.run_id} />
    </section>
  );
}

/**
 * /CalculateOld, /CalculateNew (start runs; `schemes` the ones the screen computes) and /ResultOld,
 * /ResultNew, /ResultNep (verify and publish; `schemes` the one the list shows). One implementation.
 */
export function RunsScreen({
  title,
  schemes,
  compute,
}: {
  title: string;
  schemes: SchemeCode[];
  compute: boolean;
}) {
  const { t } = useT();
  const { holds } = usePermissions();
  const scope = useResultScope();
  const queryClient = useQueryClient();
  const [job, setJob] = useState<{ jobId: string; runId: string } | null>(null);
  const [session_id, course_comb_id, sem_id] = scope.course ? scope.course.split('/') : [];
  const runs = useRuns(
    {
      exam_id: scope.exam,
      session_id,
      course_comb_id,
      sem_id,
      ...(schemes.length === 1 ? { scheme: schemes[0] } : {}),
    },
    !!scope.exam,
  );
  const visible = (runs.data ?? []).filter((r) => schemes.includes(r.scheme));
  return (
    <Page
      title={title}
      actions={
        <Link className="button secondary" to="/RuleSetRules">
          {t('Rule sets')}
        </Link>
      }
    >
      <ScopePicker scope={scope} courseBlank={t('All')} />
      {!scope.exam && <p>{t('Pick the exam, then its course-semester.')}</p>}
      {compute && scope.exam && scope.course && (
        <>
          <Preconditions exam={scope.exam} course={scope.course} />
          {holds('results.compute') && (
            <StartRun
              exam={scope.exam}
              course={scope.course}
              schemes={schemes}
              onStarted={(jobId, runId) => {
                setJob({ jobId, runId });
                void queryClient.invalidateQueries({ queryKey: ['resultrun'] });
              }}
            />
          )}
        </>
      )}
      {job && (
        <JobProgress
          jobId={job.jobId}
          label={t('Computing results ({{run}})', { run: job.runId })}
          unit={t('students')}
          onFinished={() => {
            void queryClient.invalidateQueries({ queryKey: ['resultrun'] });
            scope.set({ run_id: job.runId });
          }}
        />
      )}
      {scope.exam &&
        (runs.isError ? (
          <Notice kind="error">{runs.error.message}</Notice>
        ) : runs.isPending ? (
          <Loading />
        ) : (
          <RunsTable runs={visible} selected={scope.run} onOpen={(id) => scope.set({ run_id: id })} />
        ))}
      {scope.run && <RunDetail key={scope.run} runId={scope.run} />}
    </Page>
  );
}
