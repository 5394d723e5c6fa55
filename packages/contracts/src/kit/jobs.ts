import { z } from 'zod';

/**
 * Jobs: long work (roll allotment, seating, result runs, batch documents, large imports) that a call starts
 * and answers `202 {job}` for; `GET /api/job/{job_id}` reports its progress until it has finished
 * (lifecycle-api.md). `queued` → `running` → `succeeded` | `failed` | `cancelled`; a job whose process died
 * while `running` goes back to `queued` and runs again (`attempts` counts the runs).
 */
export const jobStatuses = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/** Statuses after which a job never changes again (a client stops polling). */
export const finishedJobStatuses: readonly JobStatus[] = ['succeeded', 'failed', 'cancelled'];
export const isJobFinished = (status: JobStatus) => finishedJobStatuses.includes(status);

/**
 * A row (or item) the job could not take, and why; `row` is the 1-based row of an imported file when there is
 * one.
 */
export const jobErrorRow = z.object({
  row: z.number().int().optional(),
  message: z.string(),
});
export type JobErrorRow = z.infer<typeof jobErrorRow>;

/** What `202` answers when a call starts a job: enough to show it and to poll it. */
export const jobSummary = z.object({
  job_id: z.uuid(),
  kind: z.string(),
  status: z.enum(jobStatuses),
  done: z.number().int().min(0),
  total: z.number().int().min(0),
  /** One line for people: what the job is doing, or why it failed. */
  message: z.string().nullable(),
});
export type JobSummary = z.infer<typeof jobSummary>;

/** `GET /api/job/{job_id}`: the summary, the rows that failed, the result once succeeded, and when it ran. */
export const job = jobSummary.extend({
  errors: z.array(jobErrorRow),
  /** What the job answered when it succeeded (its kind decides the shape); null until then. */
  result: z.unknown().nullable(),
  /** users.id of whoever started it; null for jobs the system started. */
  started_by: z.number().int().nullable(),
  attempts: z.number().int().min(0),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type Job = z.infer<typeof job>;

export const jobAnswer = z.object({ job });
export type JobAnswer = z.infer<typeof jobAnswer>;

/** The body of a `202 Accepted` that started a job. */
export const jobAccepted = z.object({ job: jobSummary });
export type JobAccepted = z.infer<typeof jobAccepted>;

/**
 * `GET /api/job` filters. Everyone sees the jobs they started; a holder of `jobs.read` sees everyone's unless
 * `mine=1`. Newest first.
 */
export const jobListQuery = z.object({
  mine: z.enum(['0', '1']).optional(),
  status: z.enum(jobStatuses).optional(),
  kind: z.string().trim().max(100).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type JobListQuery = z.infer<typeof jobListQuery>;

export const jobList = z.object({ jobs: z.array(job), total: z.number().int() });
export type JobList = z.infer<typeof jobList>;
