import { z } from 'zod';
import { markCell } from './grading-input.ts';
import { schemeCode } from './ruleset-rules.ts';

/**
 * The computed `studentresult` (lifecycle-api.md, Results) as the grading engine returns it; the
 * API adds the fields the database owns (version, run_id, published_at, notification_no,
 * supersedes_version) — see `studentResult`.
 */

/**
 * Values in an explanation: decimals as strings ("66.57", or an exact fraction "154/18"), counts as integers.
 */
const explanationValue = z.union([z.string(), z.number().int(), z.boolean(), z.null()]);

export const explanationStep = z.object({
  /**
   * What was decided: STATUS, COMPONENTS, TOTAL, GRADE, GRACE, AGGREGATE, DIVISION, SGPA, CGPA, RESULT, ...
   */
  step: z.string(),
  /** `<ruleset_id>@<version>:<path in the rules>` (e.g. "OLD-A@1:grace.G1"), when a rule decided it. */
  rule_id: z.string().optional(),
  inputs: z.record(z.string(), explanationValue),
  output: z.record(z.string(), explanationValue),
  /**
   * The explanation template its sentence is written from (`explain.<what>` of the message catalogue, English
   * and Hindi): stored results keep only this and `p`; the sentence is written when it is read. Absent in
   * results stored before explanations became data (their `text` was stored instead).
   */
  t: z.string().optional(),
  /** The template's values that are not inputs or outputs already (numbers, codes, nested templates). */
  p: z.record(z.string(), z.unknown()).optional(),
  /**
   * A sentence a student can read, in the reader's language: the API writes it from `t` when it answers (and
   * answers it always); results stored before templates carry the English sentence they were computed with.
   */
  text: z.string().optional(),
});
export type ExplanationStep = z.infer<typeof explanationStep>;

export const paperResultCode = z.enum(['P', 'F', 'AB', 'UFM', 'RW', 'RL', 'EX', 'S', 'U']);
export type PaperResultCode = z.infer<typeof paperResultCode>;

export const studentResultCode = z.enum([
  'PASS',
  'PASS_GRACE',
  'PROMOTED',
  'FAIL',
  'ABSENT',
  'RL',
  'RW',
  'UFM',
  'DETAINED',
]);
export type StudentResultCode = z.infer<typeof studentResultCode>;

export const backlogReason = z.enum(['INTERNAL', 'EXTERNAL', 'BOTH', 'OVERALL', 'ABSENT', 'MALPRACTICE']);
export type BacklogReason = z.infer<typeof backlogReason>;

const decimalOut = z.string();

export const resultLine = z.object({
  paper_id: z.string(),
  credit: decimalOut,
  int: markCell,
  ext: markCell,
  pr: markCell,
  /** Several grace rules on one paper: marks added up, rule ids joined with "+". */
  grace: z.object({ marks: decimalOut, rule_id: z.string() }).nullable(),
  total: decimalOut.nullable(),
  max: decimalOut,
  percentage: decimalOut.nullable(),
  grade: z.string().nullable(),
  grade_point: decimalOut.nullable(),
  credit_points: decimalOut.nullable(),
  paper_result: paperResultCode,
  explanation: z.array(explanationStep),
  /**
   * NEP: the paper's course category (present only when paperinfosem names one); exit checks count credits by
   * it.
   */
  course_category: z.string().nullable().optional(),
});
export type ResultLine = z.infer<typeof resultLine>;

export const computedStudentResult = z.object({
  student_id: z.string(),
  exam_id: z.string(),
  session_id: z.string(),
  course_comb_id: z.string(),
  sem_id: z.string(),
  ruleset_id: z.string(),
  ruleset_version: z.number().int(),
  scheme: schemeCode,
  total: decimalOut.nullable(),
  max_total: decimalOut.nullable(),
  percentage: decimalOut.nullable(),
  division: z.string().nullable(),
  credits_registered: decimalOut.nullable(),
  credits_earned: decimalOut.nullable(),
  credit_points: decimalOut.nullable(),
  sgpa: decimalOut.nullable(),
  cgpa: decimalOut.nullable(),
  result: studentResultCode,
  backlogs: z.array(z.string()),
  lines: z.array(resultLine),
  explanation: z.array(explanationStep),
});
export type ComputedStudentResult = z.infer<typeof computedStudentResult>;

/** A backlog the run opens (student_backlog.failure_reason). */
export const backlogEntry = z.object({ paper_id: z.string(), reason: backlogReason });
export type BacklogEntry = z.infer<typeof backlogEntry>;

/**
 * The NEP exit check a year-end result recorded (§4.7): read back from its explanation (the EXIT_CHECK step
 * and one EXIT step per level of the rule set), so the stored result keeps one source of truth.
 */
export const exitOutcome = z.object({
  /** "semester 2 ends year 1: ..." */
  text: z.string(),
  credits_earned: z.string().nullable(),
  levels: z.array(
    z.object({ level: z.string(), award: z.string(), eligible: z.boolean(), text: z.string() }),
  ),
  /** The awards the student is eligible for (an exit certificate/diploma may be issued). */
  awards: z.array(z.string()),
});
export type ExitOutcome = z.infer<typeof exitOutcome>;

/** The full answer of GET /api/studentresult/...: the computed result plus what the database owns. */
export const studentResult = computedStudentResult.extend({
  version: z.number().int().min(1),
  run_id: z.string(),
  published_at: z.string().nullable(),
  notification_no: z.string().nullable(),
  supersedes_version: z.number().int().nullable(),
  /**
   * COMPUTED (its run not yet published), PUBLISHED, SUPERSEDED (a later published version replaced it),
   * WITHDRAWN.
   */
  status: z.enum(['COMPUTED', 'PUBLISHED', 'SUPERSEDED', 'WITHDRAWN']),
  /** The student's college (scope of a college's faculty) and name, for lists. */
  college_id: z.string(),
  name_en: z.string().nullable(),
  /** NEP year-end results: the exit check (null when none was made). */
  exit: exitOutcome.nullable().optional(),
});
export type StudentResult = z.infer<typeof studentResult>;
