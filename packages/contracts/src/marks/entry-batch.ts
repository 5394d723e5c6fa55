import { z } from 'zod';
import {
  defineEnum,
  defineResource,
  defineWorkflow,
  keyText,
  optionalText,
  timestamp,
} from '../kit/index.ts';
import { shift } from '../exam-forms/index.ts';
import { entryTotals, markComponent } from './mark-value.ts';

/**
 * Batches are read by staff (a college's faculty: its college's and department's) and opened, edited
 * (deadline, examiners) and deleted by the exam office (exam set-up); their rows are entered with the
 * component's capability.
 */
export const marksAccess = { read: 'marks.read', write: 'exam-setup.write' } as const;

/** The capability that enters each component (grants table, lifecycle §2.5). */
export const enterCapabilityOf = {
  INT: 'internal-marks.enter',
  EXT: 'marks.enter',
  PR: 'practicals.enter',
} as const;

export const entryBatchStatus = defineEnum([
  { value: 'OPEN', label: 'Open' },
  { value: 'DRAFT', label: 'Draft' },
  { value: 'SUBMITTED', label: 'Submitted' },
  { value: 'VERIFIED', label: 'Verified' },
  { value: 'LOCKED', label: 'Locked' },
  { value: 'REOPENED', label: 'Reopened' },
]);
export type EntryBatchStatus = (typeof entryBatchStatus.values)[number];

const dateText = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date YYYY-MM-DD')
    .nullable()
    .optional(),
);
const when = z
  .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), timestamp.nullable().optional())
  .describe('Date and time with offset, e.g. 2026-12-10T17:00:00+05:30.');

/**
 * A marks entry batch (lifecycle §2.3 G): internal per paper × college × department, practical per
 * examination batch, external per college (coding OFF) or per packet and entry 1/2 (coding ON, entered by
 * fictitious number). Created by the module's own calls (POST /api/entrybatch, POST /api/entrybatch-open);
 * its rows are read and saved at /api/entrybatch/{batch_id}/rows; moved by the workflow below.
 */
export const entryBatchResource = defineResource({
  name: 'entrybatch',
  title: 'Marks batch',
  keyFields: ['batch_id'],
  capability: marksAccess,
  scopeFields: { college: 'college_id', department: 'dept_id' },
  fields: {
    batch_id: keyText(),
    component: markComponent.schema,
    exam_id: keyText(),
    session_id: keyText(),
    course_comb_id: keyText(),
    sem_id: keyText(),
    paper_id: keyText(),
    college_id: z.preprocess((v) => (v === '' ? null : v), keyText().nullable().optional()),
    deadline: when,
    practical_date: dateText,
    practical_shift: z.preprocess((v) => (v === '' ? null : v), shift.schema.nullable().optional()),
    lab: optionalText(60),
    internal_examiner: optionalText(200),
    external_examiner: optionalText(200),
  },
  updatable: [
    'deadline',
    'practical_date',
    'practical_shift',
    'lab',
    'internal_examiner',
    'external_examiner',
  ],
  parents: [
    { resource: 'exam', fields: ['exam_id'] },
    { resource: 'paperinfosem', fields: ['session_id', 'course_comb_id', 'sem_id', 'paper_id'] },
  ],
  searchFields: ['batch_id', 'paper_id', 'college_id', 'packet_no', 'exam_id'],
  extras: {
    status: entryBatchStatus.schema,
    dept_id: z.string().nullable(),
    coded: z.boolean(),
    packet_no: z.string().nullable(),
    entry_no: z.number().int(),
    unit_key: z.string(),
    pattern_id: z.string().nullable(),
    max_marks: z.string(),
    row_count: z.number().int(),
    entered_by: z.string().nullable(),
    submitted_by: z.string().nullable(),
    submitted_at: z.string().nullable(),
    verified_by: z.string().nullable(),
    verified_at: z.string().nullable(),
    locked_by: z.string().nullable(),
    locked_at: z.string().nullable(),
    status_reason: z.string().nullable(),
  },
});

// The batch's own fields without its key (the server generates it).
const { batch_id: _batchId, ...batchFields } = entryBatchResource.fields;

/**
 * POST /api/entrybatch: one batch. INT needs college_id; PR a date, shift and lab; EXT (coding OFF) a college
 * or all.
 */
export const entryBatchCreate = z.object({
  ...batchFields,
  /** PR: the attempts (roll numbers) of the practical batch; empty = every attempt of the college. */
  attempt_ids: z.array(keyText()).max(500).optional(),
  /**
   * INT: the CIA pattern whose components are entered (the internal mark is then computed); none = one mark
   * per row.
   */
  pattern_id: z.preprocess((v) => (v === '' ? null : v), keyText().nullable().optional()),
});
export type EntryBatchCreate = z.infer<typeof entryBatchCreate>;

/**
 * POST /api/entrybatch-open: internal batches for every paper × college (× department) with attempts in an
 * exam.
 */
export const entryBatchOpen = z.object({
  exam_id: keyText(),
  component: z.enum(['INT', 'EXT']).default('INT'),
  paper_id: z.preprocess((v) => (v === '' ? undefined : v), keyText().optional()),
  deadline: when,
  pattern_id: z.preprocess((v) => (v === '' ? null : v), keyText().nullable().optional()),
});
export const entryBatchOpenAnswer = z.object({
  created: z.number().int(),
  existing: z.number().int(),
  message: z.string(),
});

/** One mismatch of a double entry: the same fictitious number keyed differently by entry 1 and entry 2. */
export const entryMismatch = z.object({
  fict_no: z.string(),
  entry_1: z.string().nullable(),
  entry_2: z.string().nullable(),
});

/** What submit and verify answer beside the batch: its counts, and (double entry) the mismatches found. */
export const entryActionAnswer = z.object({ totals: entryTotals, mismatches: z.array(entryMismatch) });

/**
 * One line of the pending-entry list (GET /api/entrybatch-pending): a batch not yet submitted, red when
 * overdue.
 */
export const pendingEntry = z.object({
  batch_id: z.string(),
  component: markComponent.schema,
  exam_id: z.string(),
  paper_id: z.string(),
  college_id: z.string().nullable(),
  dept_id: z.string().nullable(),
  status: entryBatchStatus.schema,
  deadline: z.string().nullable(),
  overdue: z.boolean(),
  rows: z.number().int(),
  pending: z.number().int(),
});
export const pendingEntryAnswer = z.object({ pending: z.array(pendingEntry), total: z.number().int() });

const entering = ['OPEN', 'DRAFT', 'REOPENED'] as const;

/**
 * State machine G (lifecycle §2.3). Rows saved move OPEN/REOPENED → DRAFT (PUT .../rows); `submit` needs
 * every row entered; `verify` is a second person (double entry: entry 1 and entry 2 compared, a mismatch
 * returns both to DRAFT); `lock` makes rows immutable and writes the marks of record; `reopen` is the
 * admin's, with a reason.
 */
export const entryBatchWorkflow = defineWorkflow({
  resource: 'entrybatch',
  field: 'status',
  states: entryBatchStatus.options,
  initial: 'OPEN',
  actions: {
    submit: {
      label: 'Final submit',
      from: [...entering],
      to: 'SUBMITTED',
      // Refined per component by the API (internal-marks.enter, marks.enter, practicals.enter).
      capability: 'marks.enter',
      reason: 'none',
      confirm:
        'Submit batch {batch_id}? Every row must have marks or a status; the batch can then only be ' +
        'verified or returned.',
    },
    verify: {
      label: 'Verify',
      from: ['SUBMITTED'],
      to: 'VERIFIED',
      capability: 'marks.verify',
      reason: 'none',
      confirm: 'Verify batch {batch_id} against the signed sheet?',
    },
    return: {
      label: 'Return for correction',
      from: ['SUBMITTED', 'VERIFIED'],
      to: 'DRAFT',
      capability: 'marks.verify',
      backward: true,
      reason: 'required',
      confirm: 'Return batch {batch_id} to its operator for correction?',
    },
    lock: {
      label: 'Lock',
      from: ['VERIFIED'],
      to: 'LOCKED',
      capability: 'marks.lock',
      reason: 'none',
      confirm:
        'Lock batch {batch_id}? Its marks become the marks of record; a later change needs a marks ' +
        'correction.',
    },
    reopen: {
      label: 'Reopen',
      from: ['LOCKED'],
      to: 'REOPENED',
      capability: 'marks.reopen',
      backward: true,
      reason: 'required',
      confirm: 'Reopen locked batch {batch_id}? Say why; the reopening is logged.',
    },
  },
});

/**
 * GET /api/markrecord: the marks of record (per attempt and component, written when batches lock, by decode
 * and corrections).
 */
export const markRecordQuery = z.object({
  exam_id: keyText().optional(),
  paper_id: keyText().optional(),
  student_id: keyText().optional(),
  attempt_id: keyText().optional(),
  component: markComponent.schema.optional(),
  offset: z.coerce.number({ error: 'A whole number' }).int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number({ error: 'A whole number' }).int().min(1).max(1000).default(100),
});
export const markRecord = z.object({
  attempt_id: z.string(),
  exam_id: z.string(),
  student_id: z.string(),
  session_id: z.string(),
  course_comb_id: z.string(),
  sem_id: z.string(),
  paper_id: z.string(),
  college_id: z.string(),
  component: markComponent.schema,
  value: z.string().nullable(),
  status: z.string().nullable(),
  source: z.string(),
  batch_id: z.string().nullable(),
  correction_id: z.string().nullable(),
  updated_at: z.string(),
});
export const markRecordAnswer = z.object({ markrecord: z.array(markRecord), total: z.number().int() });
