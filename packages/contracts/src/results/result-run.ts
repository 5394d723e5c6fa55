import { z } from 'zod';
import { defineEnum, defineResource, defineWorkflow, jobSummary, keyText } from '../kit/index.ts';
import { schemeCode } from './ruleset-rules.ts';

/**
 * Result runs (lifecycle S8, state machine H of §2.3): one run computes every student of one exam ×
 * course-semester from LOCKED marks of record; it is re-run freely until VERIFIED (a new run supersedes the
 * previous unpublished one), then verified (result), approved (admin) and published (result, with the
 * notification number and date).
 */

/** Runs are read with the results and started by the calculate role (grants table, lifecycle §2.5). */
export const resultsAccess = { read: 'results.read', write: 'results.compute' } as const;

export const resultRunStatus = defineEnum([
  { value: 'COMPUTING', label: 'Computing' },
  { value: 'COMPUTED', label: 'Computed' },
  { value: 'VERIFIED', label: 'Verified' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'PUBLISHED', label: 'Published' },
  { value: 'WITHDRAWN', label: 'Withdrawn' },
  { value: 'SUPERSEDED', label: 'Superseded by a later run' },
  { value: 'FAILED', label: 'Failed' },
]);
export type ResultRunStatus = (typeof resultRunStatus.values)[number];

const flag = z.preprocess(
  (v) =>
    v === '1' || v === 'true' || v === 1
      ? true
      : v === '0' || v === 'false' || v === 0 || v === '' || v === undefined
        ? false
        : v,
  z.boolean({ error: 'Yes or no' }),
);

/**
 * A count a run keeps (students of each result code, exceptions, students changed against the previous run).
 */
const count = z.number().int().min(0);

/**
 * A result run of one exam × course-semester. Created only by `POST /api/resultrun` (202, a job); read,
 * listed and exported by the engine; moved by `resultRunWorkflow`. Never edited or deleted.
 */
export const resultRunResource = defineResource({
  name: 'resultrun',
  title: 'Result run',
  keyFields: ['run_id'],
  capability: resultsAccess,
  fields: {
    run_id: keyText(),
    exam_id: keyText(),
    session_id: keyText(),
    course_comb_id: keyText(),
    sem_id: keyText(),
    scheme: schemeCode,
    /**
     * Run although an entry batch is not LOCKED: every attempt lacking a locked input is RL (result later),
     * never 0.
     */
    allow_result_later: flag.default(false),
  },
  updatable: [],
  parents: [
    { resource: 'exam', fields: ['exam_id'] },
    { resource: 'ccinfosem', fields: ['session_id', 'course_comb_id', 'sem_id'] },
  ],
  searchFields: ['run_id', 'exam_id', 'course_comb_id'],
  extras: {
    status: resultRunStatus.schema,
    /** The rule set most students of the run were computed with (each studentresult names its own). */
    ruleset_id: z.string().nullable(),
    ruleset_version: z.number().int().nullable(),
    /**
     * The run this one supersedes (the previous unpublished run of the scope) or follows (the published one):
     * the diff's base.
     */
    previous_run_id: z.string().nullable(),
    job_id: z.string().nullable(),
    student_count: count,
    pass_count: count,
    fail_count: count,
    promoted_count: count,
    absent_count: count,
    rl_count: count,
    rw_count: count,
    ufm_count: count,
    detained_count: count,
    exception_count: count,
    /** Students whose result differs from the previous run's (all of them on a first run). */
    changed_count: count,
    /**
     * Students given a new version by this run (a later run of a published scope writes only the changed
     * ones).
     */
    version_count: count,
    started_by: z.string().nullable(),
    computed_at: z.string().nullable(),
    verified_by: z.string().nullable(),
    verified_at: z.string().nullable(),
    approved_by: z.string().nullable(),
    approved_at: z.string().nullable(),
    published_by: z.string().nullable(),
    published_at: z.string().nullable(),
    notification_no: z.string().nullable(),
    notification_date: z.string().nullable(),
    status_reason: z.string().nullable(),
  },
});
export type ResultRun = z.infer<typeof resultRunResource.recordSchema>;

/**
 * `POST /api/resultrun`: the scope and the scheme; the server generates run_id. Answers `202 {job,
 * resultrun}`.
 */
export const resultRunCreate = z.object({
  exam_id: resultRunResource.fields.exam_id,
  session_id: resultRunResource.fields.session_id,
  course_comb_id: resultRunResource.fields.course_comb_id,
  sem_id: resultRunResource.fields.sem_id,
  scheme: resultRunResource.fields.scheme,
  allow_result_later: resultRunResource.fields.allow_result_later,
});
export type ResultRunCreate = z.infer<typeof resultRunCreate>;
export const resultRunStarted = z.object({
  job: jobSummary,
  resultrun: resultRunResource.recordSchema,
  message: z.string(),
});

const dateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date YYYY-MM-DD');

/** The body of `publish`: the notification's number and date (today when left out). */
export const resultPublishBody = z.object({
  notification_no: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'Required: the notification number' })
      .min(1, 'Required: the notification number')
      .max(60, 'At most 60 characters'),
  ),
  notification_date: z.preprocess((v) => (v === '' || v === null ? undefined : v), dateText.optional()),
});
export type ResultPublishBody = z.infer<typeof resultPublishBody>;

/**
 * State machine H (lifecycle §2.3): verify (result) → approve (admin, CoE) → publish (result, with the
 * notification); withdraw (admin, exceptional, with a reason). A run is COMPUTING while its job works; a new
 * run of the scope moves a COMPUTED one to SUPERSEDED (not an action: the run's job does it).
 */
export const resultRunWorkflow = defineWorkflow({
  resource: 'resultrun',
  field: 'status',
  states: resultRunStatus.options,
  initial: 'COMPUTING',
  actions: {
    verify: {
      label: 'Verify',
      from: ['COMPUTED'],
      to: 'VERIFIED',
      capability: 'results.verify',
      reason: 'optional',
      confirm:
        'Verify result run {run_id}? The tabulation register has been checked and every exception ' +
        'resolved or shown as RL/RW; the run can then no longer be re-run.',
    },
    approve: {
      label: 'Approve',
      from: ['VERIFIED'],
      to: 'APPROVED',
      capability: 'results.approve',
      reason: 'optional',
      confirm: 'Approve result run {run_id} for publication?',
    },
    publish: {
      label: 'Publish',
      from: ['APPROVED'],
      to: 'PUBLISHED',
      capability: 'results.publish',
      reason: 'none',
      confirm:
        'Publish result run {run_id}? Students see their results and the published lines can no longer ' +
        'change.',
    },
    withdraw: {
      label: 'Withdraw',
      from: ['PUBLISHED'],
      to: 'WITHDRAWN',
      capability: 'results.withdraw',
      backward: true,
      reason: 'required',
      confirm: 'Withdraw published result run {run_id}? Its students no longer see these results. Say why.',
    },
  },
});

/** What the exception report finds (lifecycle S8 step 3). */
export const resultExceptionCode = defineEnum([
  { value: 'MARKS_ABOVE_MAX', label: 'Marks above the maximum' },
  { value: 'ABSENT_WITH_MARKS', label: 'Absent in attendance but marks entered' },
  { value: 'PRESENT_WITHOUT_MARKS', label: 'Present but no marks' },
  { value: 'INTERNAL_MISSING', label: 'Internal marks missing' },
  { value: 'MARKS_NOT_LOCKED', label: 'Marks not locked (result later)' },
  { value: 'UFM_PENDING', label: 'UFM case pending (result withheld)' },
  { value: 'NO_RULESET', label: 'No rule set for the student' },
  { value: 'SCHEME_INVALID', label: 'Marks scheme of the paper not numeric' },
  { value: 'GRADING_ERROR', label: 'The result could not be computed' },
]);
export type ResultExceptionCode = (typeof resultExceptionCode.values)[number];

export const resultException = z.object({
  run_id: z.string(),
  seq: z.number().int(),
  student_id: z.string(),
  paper_id: z.string().nullable(),
  attempt_id: z.string().nullable(),
  component: z.string().nullable(),
  code: resultExceptionCode.schema,
  /** In the reader's language (Accept-Language) where the finding has its code; as written otherwise. */
  message: z.string(),
  message_code: z.string().nullable().optional(),
  params: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type ResultException = z.infer<typeof resultException>;
/** `GET /api/resultrun/{run_id}/exceptions?offset&limit&code`. */
export const resultExceptionsQuery = z.object({
  code: resultExceptionCode.schema.optional(),
  student_id: keyText().optional(),
  offset: z.coerce.number({ error: 'A whole number' }).int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number({ error: 'A whole number' }).int().min(1).max(1000).default(100),
});
export const resultExceptionsAnswer = z.object({
  exceptions: z.array(resultException),
  total: z.number().int(),
});

/**
 * One field that differs between the previous run and this one: `result`, `sgpa`, `lines.HIN101.total`, ...
 */
export const resultFieldChange = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export const resultDiffItem = z.object({
  student_id: z.string(),
  change: z.enum(['ADDED', 'REMOVED', 'CHANGED']),
  changes: z.array(resultFieldChange),
});
export type ResultDiffItem = z.infer<typeof resultDiffItem>;
/**
 * `GET /api/resultrun/{run_id}/diff?offset&limit`: only the students whose result changed, field by field.
 */
export const resultDiffQuery = z.object({
  offset: z.coerce.number({ error: 'A whole number' }).int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number({ error: 'A whole number' }).int().min(1).max(1000).default(100),
});
export const resultDiffAnswer = z.object({
  run_id: z.string(),
  previous_run_id: z.string().nullable(),
  diff: z.array(resultDiffItem),
  total: z.number().int(),
  unchanged: z.number().int(),
});
export type ResultDiffAnswer = z.infer<typeof resultDiffAnswer>;

/** The job's result (GET /api/job/{job_id}.result) when a run is done. */
export const resultRunJobResult = z.object({
  run_id: z.string(),
  students: z.number().int(),
  exceptions: z.number().int(),
  changed: z.number().int(),
});
