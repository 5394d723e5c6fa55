import { z } from 'zod';
import { defineEnum, defineResource, defineWorkflow, keyText } from '../kit/index.ts';

/**
 * Post-result applications (lifecycle S9, state machine I of §2.3, §4.9, §8 default 7): re-totalling (a
 * recount of the answer book's marks, no re-coding), revaluation (the book re-coded with a new fictitious
 * number and marked by an examiner other than the first; a third valuation when the VTU rule asks for one)
 * and photocopy. An application is for one attempt's theory external paper of a PUBLISHED result, within the
 * rule set's window and paper limit. Its outcome changes the external mark of record through a REVALUATION
 * marks correction and makes a new version of the student's result; the student reads the outcome on its own
 * application.
 */

/**
 * Students apply for their own attempts (own-student scope), the office for anyone; office and result
 * process.
 */
export const postResultAccess = { read: 'postresult.read', write: 'postresult.apply' } as const;

export const postResultType = defineEnum([
  { value: 'RETOTAL', label: 'Re-totalling' },
  { value: 'REVAL', label: 'Revaluation' },
  { value: 'PHOTOCOPY', label: 'Photocopy of the answer book' },
]);
export type PostResultType = (typeof postResultType.values)[number];

export const postResultStatus = defineEnum([
  { value: 'APPLIED', label: 'Applied' },
  { value: 'FEE_VERIFIED', label: 'Fee verified' },
  { value: 'ACCEPTED', label: 'Accepted' },
  { value: 'IN_PROCESS', label: 'In process' },
  { value: 'EVALUATED', label: 'Evaluated' },
  { value: 'RESULT_COMPUTED', label: 'Result computed' },
  { value: 'PUBLISHED', label: 'Published' },
  { value: 'CLOSED', label: 'Closed' },
  { value: 'REJECTED', label: 'Rejected' },
]);
export type PostResultStatus = (typeof postResultStatus.values)[number];

const text = z.string().nullable();

/**
 * What an application carries beyond its fields: where it stands, its marks, outcome and what the student is
 * told.
 */
const postResultExtras = {
  status: postResultStatus.schema,
  student_id: z.string(),
  college_id: z.string(),
  session_id: z.string(),
  course_comb_id: z.string(),
  sem_id: z.string(),
  paper_id: z.string(),
  component: z.string(),
  applied_on: z.string(),
  applied_by: z.string(),
  last_day: z.string(),
  fee: text,
  payment_ref: text,
  max_marks: text,
  original_marks: text,
  reval_marks: text,
  third_marks: text,
  needs_third_valuation: z.boolean(),
  final_marks: text,
  outcome_rule: text,
  /** The outcome as a student reads it: "VTU: 40 + 5 + ⌈0.5 × (10 − 5)⌉ = 48". */
  outcome: text,
  explanation: z.array(z.unknown()),
  examiner_id: text,
  correction_id: text,
  run_id: text,
  original_version: z.number().int().nullable(),
  new_version: z.number().int().nullable(),
  /** What the student is told when the outcome is published. */
  notice: text,
  status_reason: text,
  decided_by: text,
};

/**
 * One application. Created only by `POST /api/postresult {type, attempt_id}` (the server checks eligibility,
 * window, limit and fee); read and listed by the engine (a student: its own); moved by `postResultWorkflow`.
 * The new fictitious number of a revalued book is never part of it (only the revaluation award list shows it,
 * without the student).
 */
export const postResultResource = defineResource({
  name: 'postresult',
  title: 'Post-result application',
  keyFields: ['app_id'],
  capability: postResultAccess,
  scopeFields: { student: 'student_id', college: 'college_id' },
  fields: {
    app_id: keyText(),
    type: postResultType.schema,
    attempt_id: keyText(),
    /**
     * The exam of the attempt, set by the server (never by the body): a field with the exam as its parent, so
     * lists filter on it.
     */
    exam_id: keyText(),
  },
  updatable: [],
  // `GET /api/postresult?exam_id=…&status=…&type=…` (the office's screen filters by exam); an exam with
  // applications is kept.
  parents: [{ resource: 'exam', fields: ['exam_id'] }],
  searchFields: ['app_id', 'student_id', 'paper_id', 'exam_id'],
  extras: postResultExtras,
});
/** An application as the API answers it (the resource's fields, its extras and timestamps). */
export const postResultRecord = z.object({
  ...postResultResource.fields,
  ...postResultExtras,
  created_at: z.string(),
  updated_at: z.string(),
});
export type PostResultApplication = z.infer<typeof postResultRecord>;

/** `POST /api/postresult`: which paper (attempt) and what for. */
export const postResultCreate = z.object({
  type: postResultResource.fields.type,
  attempt_id: postResultResource.fields.attempt_id,
});
export type PostResultCreate = z.infer<typeof postResultCreate>;

const mark = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
  z.string({ error: 'Required: marks' }).regex(/^\d{1,4}(\.\d{1,2})?$/, 'Marks with at most two decimals'),
);
const optionalMark = z.preprocess((v) => (v === '' || v === null ? undefined : v), mark.optional());

export const postResultFeeBody = z.object({
  payment_ref: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'Required: the payment reference' })
      .min(1, 'Required: the payment reference')
      .max(60, 'At most 60 characters'),
  ),
});
export const postResultAssignBody = z.object({
  /** The examiner who revalues the book: never the one who marked it first (revaluation only). */
  examiner_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().max(30).optional()),
});
/**
 * The revaluation marks (or the recounted total) of the external component; a coded book is named by its new
 * fictitious number (`fict_no`), never by roll number; `third_marks` when the VTU rule asked for a third
 * valuation.
 */
export const postResultMarksBody = z.object({
  fict_no: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().max(30).optional()),
  marks: optionalMark,
  third_marks: optionalMark,
});
export type PostResultMarksBody = z.infer<typeof postResultMarksBody>;

/**
 * One revalued book on the revaluation award list: its new fictitious number only (no student, roll or
 * application).
 */
export const revalAwardRow = z.object({
  fict_no: z.string(),
  exam_id: z.string(),
  paper_id: z.string(),
  max_marks: z.string().nullable(),
  examiner_id: z.string().nullable(),
  marks: z.string().nullable(),
  third_marks: z.string().nullable(),
  needs_third_valuation: z.boolean(),
  entered: z.boolean(),
});
export type RevalAwardRow = z.infer<typeof revalAwardRow>;
export const revalAwardListQuery = z.object({
  exam_id: keyText().optional(),
  paper_id: keyText().optional(),
});
export const revalAwardListAnswer = z.object({ rows: z.array(revalAwardRow), total: z.number().int() });
/** `POST /api/revalawardlist`: marks of one revalued book, by its fictitious number. */
export const revalAwardEntry = postResultMarksBody.extend({
  fict_no: z
    .string({ error: 'Required: the fictitious number' })
    .min(1, 'Required: the fictitious number')
    .max(30),
});

/**
 * `GET /api/postresult-eligible?student_id=` (a student: itself): the papers of its published results it may
 * apply for, with the window and the limit.
 */
export const postResultEligiblePaper = z.object({
  attempt_id: z.string(),
  exam_id: z.string(),
  session_id: z.string(),
  course_comb_id: z.string(),
  sem_id: z.string(),
  paper_id: z.string(),
  paper_name: z.string().nullable(),
  ext_marks: z.string().nullable(),
  published_on: z.string(),
  last_day: z.string(),
  within_window: z.boolean(),
  fee: z.string().nullable(),
  limit: z.number().int(),
  used: z.number().int(),
  eligible: z.boolean(),
  why_not: z.string().nullable(),
});
export type PostResultEligiblePaper = z.infer<typeof postResultEligiblePaper>;
export const postResultEligibleAnswer = z.object({ papers: z.array(postResultEligiblePaper) });

/**
 * State machine I (lifecycle §2.3): APPLIED → (FEE_VERIFIED) → ACCEPTED → IN_PROCESS (re-coded, examiner
 * assigned) → EVALUATED (marks recorded; the third valuation when triggered) → RESULT_COMPUTED (outcome
 * applied: a REVALUATION marks correction and a result run for the new version) → PUBLISHED (the new version
 * published; the student told) → CLOSED; REJECTED with a reason. A photocopy is closed once accepted.
 */
export const postResultWorkflow = defineWorkflow({
  resource: 'postresult',
  field: 'status',
  states: postResultStatus.options,
  initial: 'APPLIED',
  actions: {
    'verify-fee': {
      label: 'Verify fee',
      from: ['APPLIED'],
      to: 'FEE_VERIFIED',
      capability: 'postresult.process',
      reason: 'none',
      confirm: 'Record the fee of application {app_id} as paid?',
    },
    accept: {
      label: 'Accept',
      from: ['APPLIED', 'FEE_VERIFIED'],
      to: 'ACCEPTED',
      capability: 'postresult.process',
      reason: 'optional',
      confirm: 'Accept application {app_id} ({type} of {paper_id})? It is eligible and within the window.',
    },
    assign: {
      label: 'Send for evaluation',
      from: ['ACCEPTED'],
      to: 'IN_PROCESS',
      capability: 'postresult.process',
      reason: 'none',
      guard: { description: 'a photocopy is not evaluated', check: (r) => r.type !== 'PHOTOCOPY' },
      confirm:
        'Send application {app_id} for evaluation? A revalued book gets a new fictitious number and ' +
        'another examiner.',
    },
    'record-marks': {
      label: 'Record marks',
      from: ['IN_PROCESS', 'EVALUATED'],
      to: 'EVALUATED',
      capability: 'postresult.process',
      reason: 'none',
      confirm: 'Record the marks of application {app_id}?',
    },
    compute: {
      label: 'Apply outcome and recompute',
      from: ['EVALUATED'],
      to: 'RESULT_COMPUTED',
      capability: 'results.compute',
      reason: 'none',
      guard: {
        description: 'the third valuation the VTU rule asked for is recorded',
        check: (r) => r.needs_third_valuation !== true,
      },
      confirm: 'Apply the outcome of application {app_id} to the mark of record and recompute the result?',
    },
    publish: {
      label: 'Publish outcome',
      from: ['RESULT_COMPUTED'],
      to: 'PUBLISHED',
      capability: 'postresult.process',
      reason: 'none',
      confirm: 'Publish the outcome of application {app_id} to the student?',
    },
    close: {
      label: 'Close',
      from: ['PUBLISHED', 'ACCEPTED'],
      to: 'CLOSED',
      capability: 'postresult.process',
      reason: 'optional',
      guard: {
        description: 'the outcome is published (a photocopy: once accepted)',
        check: (r) => r.status === 'PUBLISHED' || r.type === 'PHOTOCOPY',
      },
      confirm: 'Close application {app_id}?',
    },
    reject: {
      label: 'Reject',
      from: ['APPLIED', 'FEE_VERIFIED', 'ACCEPTED'],
      to: 'REJECTED',
      capability: 'postresult.process',
      backward: true,
      reason: 'required',
      confirm: 'Reject application {app_id}? Say why (ineligible, late, fee not paid).',
    },
  },
});
