import { z } from 'zod';
import { keyText } from '../kit/index.ts';
import { schemeCode } from './ruleset-rules.ts';
import { studentResult, studentResultCode } from './student-result.ts';

/**
 * The read side of results: the `studentresult` resource (read-only, every version kept), result analysis and
 * the merit list (lifecycle S8 step 6).
 */

export const studentResultStatus = z.enum(['COMPUTED', 'PUBLISHED', 'SUPERSEDED', 'WITHDRAWN']);
export type StudentResultStatus = z.infer<typeof studentResultStatus>;

/**
 * The key of one version: `GET
 * /api/studentresult/{student_id}/{exam_id}/{session_id}/{course_comb_id}/{sem_id}/{version}`.
 */
export const studentResultKeyFields = [
  'student_id',
  'exam_id',
  'session_id',
  'course_comb_id',
  'sem_id',
  'version',
] as const;

const page = {
  offset: z.coerce.number({ error: 'A whole number' }).int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number({ error: 'A whole number' }).int().min(1).max(500).default(50),
};

/**
 * `GET /api/studentresult`: every version, newest first within a student; a student user sees its own
 * PUBLISHED ones.
 */
export const studentResultQuery = z.object({
  student_id: keyText().optional(),
  exam_id: keyText().optional(),
  session_id: keyText().optional(),
  course_comb_id: keyText().optional(),
  sem_id: keyText().optional(),
  college_id: keyText().optional(),
  run_id: keyText().optional(),
  version: z.coerce.number({ error: 'A whole number' }).int().min(1).max(1_000_000).optional(),
  status: studentResultStatus.optional(),
  result: studentResultCode.optional(),
  /** 1: only the newest version of each student × exam × course-semester. */
  latest: z.preprocess((v) => v === '1' || v === 'true' || v === true, z.boolean()).default(false),
  ...page,
});
export type StudentResultQuery = z.infer<typeof studentResultQuery>;
export const studentResultListAnswer = z.object({
  studentresult: z.array(studentResult),
  total: z.number().int(),
});
export const studentResultAnswer = z.object({ studentresult: studentResult });

/**
 * The counts of an analysis row (the whole scope, or one college). pass_percent = passed / appeared, two
 * decimals.
 */
export const resultCounts = z.object({
  registered: z.number().int(),
  appeared: z.number().int(),
  passed: z.number().int(),
  pass_grace: z.number().int(),
  promoted: z.number().int(),
  failed: z.number().int(),
  absent: z.number().int(),
  rl: z.number().int(),
  rw: z.number().int(),
  ufm: z.number().int(),
  detained: z.number().int(),
  /** "66.67"; null when nobody appeared. */
  pass_percent: z.string().nullable(),
});
export type ResultCounts = z.infer<typeof resultCounts>;

/** One bar of a distribution: a division (OLD; "NONE" for a pass without one) or a paper grade (NEW/NEP). */
export const distributionBar = z.object({ code: z.string(), count: z.number().int() });

export const collegeResultCounts = resultCounts.extend({
  college_id: z.string(),
  college_name: z.string().nullable(),
});

/**
 * `GET /api/resultanalysis?exam_id&session_id&course_comb_id&sem_id[&run_id]`: the latest published version
 * of each student of the scope (or, with run_id, that run's results), counted.
 */
export const resultAnalysisQuery = z.object({
  exam_id: keyText(),
  session_id: keyText(),
  course_comb_id: keyText(),
  sem_id: keyText(),
  run_id: keyText().optional(),
});
export type ResultAnalysisQuery = z.infer<typeof resultAnalysisQuery>;

export const resultAnalysis = z.object({
  exam_id: z.string(),
  session_id: z.string(),
  course_comb_id: z.string(),
  sem_id: z.string(),
  run_id: z.string().nullable(),
  scheme: schemeCode.nullable(),
  totals: resultCounts,
  by_college: z.array(collegeResultCounts),
  /** OLD: passed students by division; NEW/NEP: their SGPA in whole-number bands ("8" = 8.00–8.99). */
  division_distribution: z.array(distributionBar),
  /** Paper lines by grade (NEW/NEP) or by paper result code (OLD). */
  grade_distribution: z.array(distributionBar),
});
export type ResultAnalysis = z.infer<typeof resultAnalysis>;
export const resultAnalysisAnswer = z.object({ resultanalysis: resultAnalysis });

/**
 * `GET /api/meritlist?exam_id&session_id&course_comb_id&sem_id[&run_id][&college_id][&limit]`: top N, first
 * attempt only.
 */
export const meritListQuery = resultAnalysisQuery.extend({
  college_id: keyText().optional(),
  limit: z.coerce.number({ error: 'A whole number' }).int().min(1).max(500).default(10),
});
export type MeritListQuery = z.infer<typeof meritListQuery>;

export const meritEntry = z.object({
  rank: z.number().int(),
  student_id: z.string(),
  name_en: z.string().nullable(),
  college_id: z.string(),
  total: z.string().nullable(),
  max_total: z.string().nullable(),
  percentage: z.string().nullable(),
  division: z.string().nullable(),
  sgpa: z.string().nullable(),
  cgpa: z.string().nullable(),
  result: studentResultCode,
});
export type MeritEntry = z.infer<typeof meritEntry>;
/** Ties share a rank (1, 2, 2, 4); ordered by SGPA (NEW/NEP) or percentage (OLD), then student_id. */
export const meritListAnswer = z.object({ meritlist: z.array(meritEntry), total: z.number().int() });
