import { isJobFinished, type Job, type JobStatus } from '@exam/contracts';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { isApiError } from '../../lib/api.ts';
import { useJob } from '../../lib/jobs.ts';
import { Loading, Notice } from './page.tsx';
import './job-progress.css';

export interface JobProgressProps {
  /** The job to show: `job.job_id` of the `202 {job}` answer of the call that started it. */
  jobId: string;
  /**
   * What the job does, in words (`Importing colleges`): the heading and the progress bar's name. Default: the
   * job's own message, else its kind.
   */
  label?: string;
  /** What one unit of `done`/`total` is, plural (`rows`, `students`, `documents`). Default `items`. */
  unit?: string;
  /** How often to ask while the job is queued or running, in milliseconds. Default 1000. */
  pollMs?: number;
  /**
   * Called once when the job has finished (succeeded, failed or cancelled), e.g. to refresh the lists it
   * changed.
   */
  onFinished?: (job: Job) => void;
  /** Shows a succeeded job's `result` (its shape is the kind's); nothing by default. */
  renderResult?: (result: unknown, job: Job) => ReactNode;
  /** The most error rows listed (the rest are counted). Default 100. */
  maxErrorRows?: number;
}

const statusLabels: Record<JobStatus, string> = {
  queued: 'Waiting',
  running: 'Running',
  succeeded: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/**
 * A job's progress, polled from `GET /api/job/{id}` until it has finished: its status, a progress bar
 * (role=progressbar with aria-valuenow/max; without a total yet it is indeterminate), done of total, then the
 * outcome (announced: a status message, or an alert when it failed) and the rows it could not take, by row
 * number.
 *
 *   const started = await startImport(file);          // 202 {job} <JobProgress jobId={started.job.job_id}
 *   label="Importing colleges" unit="rows" onFinished={() => refreshList()} />
 */
export function JobProgress({
  jobId,
  label,
  unit = 'items',
  pollMs = 1000,
  onFinished,
  renderResult,
  maxErrorRows = 100,
}: JobProgressProps) {
  const query = useJob(jobId, { intervalMs: pollMs });
  const headingId = useId();
  const job = query.data;

  // onFinished once per job, with the job as it finished.
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (job && isJobFinished(job.status) && reported.current !== job.job_id) {
      reported.current = job.job_id;
      onFinished?.(job);
    }
  }, [job, onFinished]);

  if (!job) {
    if (query.isError) {
      const missing = isApiError(query.error) && query.error.status === 404;
      return (
        <Notice kind="error">
          {missing
            ? 'No such job: it has been removed, or it was started by someone else.'
            : query.error.message}
        </Notice>
      );
    }
    return <Loading what="Loading the job…" />;
  }

  const name = label ?? job.message ?? job.kind;
  const known = job.total > 0;
  const done = Math.min(job.done, known ? job.total : job.done);
  const percent = known ? Math.floor((done / job.total) * 100) : 0;
  const count = known
    ? `${done.toLocaleString('en-IN')} of ${job.total.toLocaleString('en-IN')} ${unit}`
    : undefined;
  const finished = isJobFinished(job.status);

  return (
    <section className="job-progress" aria-labelledby={headingId} data-status={job.status}>
      <div className="job-progress-head">
        <h2 id={headingId}>{name}</h2>
        <span className="status-badge" data-status={job.status}>
          {statusLabels[job.status]}
        </span>
      </div>
      <div
        className={`job-bar${known || finished ? '' : ' indeterminate'}`}
        role="progressbar"
        aria-label={name}
        aria-valuemin={0}
        aria-valuemax={known ? job.total : undefined}
        aria-valuenow={known ? done : undefined}
        aria-valuetext={count ?? (job.status === 'queued' ? 'Waiting to start' : statusLabels[job.status])}
      >
        <div className="job-bar-fill" style={{ width: `${known ? percent : finished ? 100 : 0}%` }} />
      </div>
      <p className="job-count">
        {count
          ? `${count} (${percent}%)`
          : job.status === 'queued'
            ? 'Waiting to start…'
            : job.status === 'running'
              ? 'Starting…'
              : ''}
        {job.attempts > 1 && !finished && (
          <span className="job-attempt"> — running again (attempt {job.attempts}) after an interruption</span>
        )}
      </p>
      {finished && <Outcome job={job} unit={unit} />}
      {job.status === 'succeeded' && renderResult?.(job.result, job)}
      {job.errors.length > 0 && <ErrorRows job={job} max={maxErrorRows} />}
      {query.isError && !finished && (
        <p className="job-poll-error">
          Could not refresh the progress ({query.error.message}); trying again.
        </p>
      )}
    </section>
  );
}

function Outcome({ job, unit }: { job: Job; unit: string }) {
  if (job.status === 'failed')
    return <Notice kind="error">The job failed: {job.message ?? 'no reason was given.'}</Notice>;
  if (job.status === 'cancelled') return <Notice kind="info">The job was cancelled.</Notice>;
  const failed = job.errors.length;
  return (
    <Notice kind="success">
      Finished: {job.done.toLocaleString('en-IN')} of {job.total.toLocaleString('en-IN')} {unit} done
      {failed > 0 ? `; some could not be taken (listed below).` : '.'}
    </Notice>
  );
}

function ErrorRows({ job, max }: { job: Job; max: number }) {
  const shown = job.errors.slice(0, max);
  const hasRows = shown.some((e) => e.row !== undefined);
  return (
    <div className="table-scroll job-errors">
      <table className="data-table">
        <caption>
          Could not be taken ({job.errors.length.toLocaleString('en-IN')}
          {job.errors.length > shown.length ? `, the first ${shown.length} shown` : ''})
        </caption>
        <thead>
          <tr>
            {hasRows && <th scope="col">Row</th>}
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((error, index) => (
            <tr key={`${error.row ?? ''}-${index}`}>
              {hasRows && <td>{error.row ?? ''}</td>}
              <td>{error.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
