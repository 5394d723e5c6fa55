import { z } from 'zod';
import { markText, ruleNumber } from './decimal.ts';
import { gradingRuleset, internalRoundingMode } from './ruleset-rules.ts';

/**
 * What the grading engine is given for one student × exam × course-semester. The API builds it from
 * LOCKED entry batches, `paperinfosem` (parsed to numbers) and the student's earlier result lines.
 */

/** A mark status (lifecycle-api.md): AB absent, UFM, RL result later, WH withheld, EX exempt/carried. */
export const markStatus = z.enum(['AB', 'UFM', 'RL', 'WH', 'EX']);
export type MarkStatus = z.infer<typeof markStatus>;

/**
 * One mark cell: a value, or a status, never both, except EX (a carried-forward mark keeps its value).
 * Both null: nothing was entered (the paper becomes RL).
 */
export const markCell = z
  .object({ value: markText().nullable(), status: markStatus.nullable() })
  .refine((c) => c.value === null || c.status === null || c.status === 'EX', {
    message: 'A status other than EX carries no value',
  })
  .refine((c) => c.status !== 'EX' || c.value !== null, { message: 'A carried (EX) mark needs its value' });
export type MarkCell = z.infer<typeof markCell>;

export const emptyCell: MarkCell = { value: null, status: null };

/** paper_type 0: internal + external; 1: external only; 2: internal only (paperinfosem). */
export const gradingPaperType = z.union([z.literal(0), z.literal(1), z.literal(2)]);

export const gradingPaper = z.object({
  paper_id: z.string().min(1).max(30),
  /** The paperinfosem marks scheme, parsed and consistent (scheme-check passed). */
  max: markText(),
  min: markText().nullable(),
  ext_max: markText().nullable(),
  ext_min: markText().nullable(),
  int_max: markText().nullable(),
  int_min: markText().nullable(),
  paper_type: gradingPaperType,
  th_pr_status: z.enum(['TH', 'PR']),
  credit: ruleNumber(),
  /** Y counts in aggregate and SGPA; N is a qualifying paper shown S/U. */
  paper_score_status: z.enum(['Y', 'N']),
  /** The marks; a PR paper's external marks are in `pr`. */
  int: markCell.default(emptyCell),
  ext: markCell.default(emptyCell),
  pr: markCell.default(emptyCell),
  /** A decided UFM cancellation covers this paper (§4.2). */
  ufm_cancelled: z.boolean().default(false),
  /** How the student takes the paper in this exam (a BACK attempt may carry its internal forward). */
  attempt_type: z.enum(['REGULAR', 'EX', 'BACK', 'IMPROVEMENT']).default('REGULAR'),
  /**
   * The exam these marks come from when it is not the result's own exam (a back attempt replacing a failed
   * paper).
   */
  attempt_exam_id: z.string().min(1).max(30).nullable().default(null),
  /**
   * NEP: the course category of paperinfosem (MAJOR, VOCATIONAL, RESEARCH, ...), for the exit checks' credits
   * by category (§4.7).
   */
  course_category: z.string().min(1).max(30).nullable().optional(),
});
export type GradingPaper = z.infer<typeof gradingPaper>;
export type GradingPaperInput = z.input<typeof gradingPaper>;

/** A course counted by an earlier (or the same) semester's result, for CGPA: the grade its attempt earned. */
export const earlierCourse = z.object({
  sem_id: z.string().min(1).max(30),
  paper_id: z.string().min(1).max(30),
  credit: ruleNumber(),
  grade_point: ruleNumber(),
  passed: z.boolean(),
  /** Order of the exam the attempt was in (a later exam has a larger number); picks LATEST/BEST. */
  attempt_seq: z.number().int().min(0),
  /**
   * NEP exit checks (§4.7): the course's category, and its marks (total of max) for a percentage condition.
   */
  course_category: z.string().min(1).max(30).nullable().optional(),
  total: markText().nullable().optional(),
  max: markText().nullable().optional(),
});
export type EarlierCourse = z.infer<typeof earlierCourse>;

export const gradingInput = z.object({
  ruleset: gradingRuleset,
  student_id: z.string().min(1).max(30),
  exam_id: z.string().min(1).max(30),
  session_id: z.string().min(1).max(30),
  course_comb_id: z.string().min(1).max(30),
  sem_id: z.string().min(1).max(30),
  /** The student was detained (attendance, eligibility): result DETAINED, nothing graded. */
  detained: z.boolean().default(false),
  papers: z.array(gradingPaper).min(1),
  /** NEW/NEP: every course attempt of the student's other semesters (and earlier attempts), for CGPA. */
  earlier_courses: z.array(earlierCourse).default([]),
  /** The attempt_seq of this exam, compared with earlier_courses. */
  attempt_seq: z.number().int().min(0).default(0),
});
export type GradingInput = z.infer<typeof gradingInput>;
export type GradingInputRaw = z.input<typeof gradingInput>;

/** A CIA pattern (§S3): weighted components summing to 100 %, each marked out of its own maximum. */
export const ciaComponent = z.object({
  code: z.string().min(1).max(20),
  name: z.string().min(1).max(80),
  weight_percent: ruleNumber(),
  /** Each entry of the component is marked out of this. */
  max_marks: markText(),
  /** Several entries (two tests), of which the best `best_of` are averaged; null: one entry. */
  best_of: z.number().int().min(1).nullable(),
  mandatory: z.boolean(),
  /** Attendance bands instead of marks: attendance percent ≥ min_percent earns `marks` (of max_marks). */
  attendance_bands: z.array(z.object({ min_percent: ruleNumber(), marks: markText() })).nullable(),
});
export type CiaComponent = z.infer<typeof ciaComponent>;

export const ciaPattern = z
  .object({
    pattern_id: z.string().min(1).max(30),
    rounding: internalRoundingMode,
    decimals: z.number().int().min(0).max(2),
    components: z.array(ciaComponent).min(1),
  })
  .refine(
    (p) => {
      // Weights are decimal text with ≤ 4 decimals: compare as integers of ten-thousandths.
      const total = p.components.reduce((sum, c) => {
        const [whole, frac = ''] = c.weight_percent.split('.');
        return sum + Number(whole) * 10_000 + Number(frac.padEnd(4, '0'));
      }, 0);
      return total === 100 * 10_000;
    },
    { message: 'Component weights must add up to 100 %' },
  );
export type CiaPattern = z.infer<typeof ciaPattern>;

/**
 * Entered CIA marks: per component code one value/status, or a list for a best-of component; attendance
 * percent for a band component.
 */
export const ciaMarks = z.record(z.string(), z.union([markCell, z.array(markCell)]));
export type CiaMarks = z.infer<typeof ciaMarks>;
