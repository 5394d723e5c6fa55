import { z } from 'zod';
import {
  defineEnum,
  defineResource,
  defineWorkflow,
  keyText,
  optionalText,
  REASON_MAX,
} from '../kit/index.ts';
import { conductAccess } from './centre.ts';

export const attendanceStatus = defineEnum([
  { value: 'PRESENT', label: 'Present' },
  { value: 'ABSENT', label: 'Absent' },
  { value: 'UFM', label: 'Unfair means' },
]);

/**
 * Attendance of one candidate in one paper's slot (lifecycle S5 "Present/absent entry"): created PRESENT for
 * every seated candidate when the seating plan is FINAL; the clerk keys only absentees and UFM rolls (PUT
 * /api/attendancesheet/{slot_id}/{centre_id}/entries). After the sheet is LOCKED a change is a correction
 * with a reason (POST /api/attendance/{slot_id}/{student_id}/correct).
 */
export const attendanceResource = defineResource({
  name: 'attendance',
  title: 'Attendance',
  keyFields: ['slot_id', 'student_id'],
  capability: conductAccess,
  scopeFields: { college: 'college_id', student: 'student_id' },
  fields: {
    slot_id: keyText(),
    student_id: keyText(),
    status: attendanceStatus.schema.optional(),
    answer_book_no: optionalText(30),
    /**
     * The centre the candidate sits at, set when the plan is finalized (rows are never added by hand): a
     * field with the centre as its parent, so lists filter on it.
     */
    centre_id: keyText().optional().describe('Set by the server from the seating plan.'),
  },
  updatable: ['status', 'answer_book_no'],
  // `GET /api/attendance?slot_id=…&centre_id=…&status=…` (the clerk's screen reads one sheet's marked rows);
  // a centre with attendance is kept.
  parents: [{ resource: 'centre', fields: ['centre_id'] }],
  searchFields: ['roll_no', 'student_id', 'slot_id', 'centre_id'],
  extras: {
    exam_id: z.string(),
    paper_id: z.string(),
    college_id: z.string(),
    room_no: z.string().nullable(),
    roll_no: z.string(),
    entered_by: z.string().nullable(),
  },
});

/** The attendance sheet of a paper's slot at a centre (§2.3 D). */
export const attendanceSheetResource = defineResource({
  name: 'attendancesheet',
  title: 'Attendance sheet',
  keyFields: ['slot_id', 'centre_id'],
  capability: conductAccess,
  fields: { slot_id: keyText(), centre_id: keyText() },
  updatable: [],
  searchFields: ['slot_id', 'centre_id', 'paper_id'],
  extras: {
    exam_id: z.string(),
    paper_id: z.string(),
    status: z.enum(['PENDING', 'ENTERED', 'VERIFIED', 'LOCKED']),
    answer_books_received: z.number().int().nullable(),
    entered_by: z.string().nullable(),
    verified_by: z.string().nullable(),
    locked_by: z.string().nullable(),
    locked_at: z.string().nullable(),
  },
});

export const attendanceSheetWorkflow = defineWorkflow({
  resource: 'attendancesheet',
  field: 'status',
  states: [
    { value: 'PENDING', label: 'Pending' },
    { value: 'ENTERED', label: 'Entered' },
    { value: 'VERIFIED', label: 'Verified' },
    { value: 'LOCKED', label: 'Locked' },
  ],
  initial: 'PENDING',
  actions: {
    verify: {
      label: 'Verify',
      from: ['ENTERED'],
      to: 'VERIFIED',
      capability: 'conduct.write',
      reason: 'optional',
      confirm:
        'Verify the attendance of paper {paper_id} at centre {centre_id} against the signed sheets and ' +
        'the answer-book count?',
    },
    lock: {
      label: 'Lock',
      from: ['VERIFIED'],
      to: 'LOCKED',
      capability: 'conduct.write',
      reason: 'optional',
      confirm:
        'Lock the attendance of paper {paper_id} at centre {centre_id}? After this a change is a ' +
        'correction with a reason.',
    },
  },
});

const rollList = z
  .array(keyText(), { error: 'Required: a list of roll numbers (empty when none)' })
  .max(5000);

/**
 * `PUT /api/attendancesheet/{slot_id}/{centre_id}/entries`: the absentees and UFM rolls (everyone else
 * PRESENT).
 */
export const attendanceEntries = z.object({
  absent: rollList.describe(
    'Roll numbers of the absentees; every seated candidate not listed here or in ufm is PRESENT.',
  ),
  ufm: rollList.describe(
    'Roll numbers reported for unfair means (a UFM case is opened for each that has none).',
  ),
  answer_books_received: z.preprocess(
    (v) => (v === '' ? null : v),
    z.coerce.number().int('Must be a whole number').min(0, 'At least 0').max(100_000).nullable().optional(),
  ),
  answer_books: z
    .array(z.object({ roll_no: keyText(), answer_book_no: optionalText(30) }))
    .max(5000)
    .optional(),
});
export type AttendanceEntries = z.infer<typeof attendanceEntries>;

/**
 * The reconciliation of a sheet (§S5): present + absent + UFM = seated, answer books received = present +
 * UFM.
 */
export const attendanceReconciliation = z.object({
  seated: z.number().int(),
  present: z.number().int(),
  absent: z.number().int(),
  ufm: z.number().int(),
  answer_books_received: z.number().int().nullable(),
  reconciled: z.boolean(),
  problems: z.array(z.string()),
});
export type AttendanceReconciliation = z.infer<typeof attendanceReconciliation>;

/**
 * `POST /api/attendance/{slot_id}/{student_id}/correct`: a change after the sheet is LOCKED, with its reason.
 */
export const attendanceCorrection = z.object({
  status: attendanceStatus.schema,
  answer_book_no: optionalText(30),
  reason: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'Required: say why the attendance is corrected' })
      .min(1, 'Required: say why the attendance is corrected')
      .max(REASON_MAX),
  ),
});
