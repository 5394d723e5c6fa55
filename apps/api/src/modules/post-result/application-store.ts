import type { Database, Prisma } from '@exam/db';
import { q, type Reader } from './sql.ts';

/** The SQL of an application's actions and of the revaluation award list. */

type Tx = Prisma.TransactionClient;

/** One application at a time per student (until the transaction ends): the limit counts the others. */
export async function lockStudentApplying(tx: Tx, studentId: string) {
  await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(hashtext($1))`, `postresult:${studentId}`);
}

/** The re-coding of a revalued book (secret: its new fictitious number). */
export interface RevalCoding {
  app_id: string;
  fict_no: string;
  examiner_id: string;
  first_examiner_id: string | null;
}

/** An application's re-coding, once it is sent for evaluation. */
export const codingOf = async (tx: Tx, appId: string) =>
  (
    await q<RevalCoding>(
      tx,
      `SELECT app_id, fict_no, examiner_id, first_examiner_id
         FROM post_result_coding
        WHERE app_id = $1`,
      [appId],
    )
  )[0] ?? null;

/** An examiner's id and name, if the examiner exists. */
export async function examinerOf(tx: Tx, examinerId: string) {
  const [row] = await q<{ examiner_id: string; name: string }>(
    tx,
    `SELECT examiner_id, name
       FROM examiner
      WHERE examiner_id = $1`,
    [examinerId],
  );
  return row;
}

/**
 * The examiners who marked the attempt's answer book already: the examiner of its packet (coding map →
 * packet), and those of its earlier revaluations.
 */
export async function examinersOfBook(tx: Tx, attemptId: string) {
  const [first] = await q<{ examiner_id: string | null }>(
    tx,
    `SELECT k.examiner_id
       FROM coding_map c
       JOIN packet k ON k.packet_no = c.packet_no
      WHERE c.attempt_id = $1`,
    [attemptId],
  );
  const earlier = await q<{ examiner_id: string }>(
    tx,
    `SELECT c.examiner_id
       FROM post_result_coding c
       JOIN post_result_application a ON a.app_id = c.app_id
      WHERE a.attempt_id = $1`,
    [attemptId],
  );
  return { first: first?.examiner_id ?? null, earlier: earlier.map((e) => e.examiner_id) };
}

/** Whether a revaluation fictitious number is used already. */
export async function revalFictTaken(tx: Tx, fictNo: string) {
  return (
    (
      await q(
        tx,
        `SELECT 1
         FROM post_result_coding
        WHERE fict_no = $1`,
        [fictNo],
      )
    ).length > 0
  );
}

/** The re-coding of a revalued book written. */
export async function insertRevalCoding(
  tx: Tx,
  c: RevalCoding & { exam_id: string; paper_id: string; coded_by: string },
) {
  await tx.$executeRawUnsafe(
    `INSERT INTO post_result_coding
            (app_id, exam_id, paper_id, fict_no, examiner_id, first_examiner_id, coded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    c.app_id,
    c.exam_id,
    c.paper_id,
    c.fict_no,
    c.examiner_id,
    c.first_examiner_id,
    c.coded_by,
  );
}

/** The result key of an application and the version it was made against. */
type ResultKey = Partial<
  Record<'student_id' | 'exam_id' | 'session_id' | 'course_comb_id' | 'sem_id' | 'original_version', unknown>
>;
const keyParams = (r: ResultKey) => [
  r.student_id,
  r.exam_id,
  r.session_id,
  r.course_comb_id,
  r.sem_id,
  r.original_version,
];

/** The rule set and scheme of the result version an application was made against, if it is still there. */
export async function appliedResultOf(tx: Tx, record: ResultKey) {
  const [row] = await q<{ ruleset_id: string; ruleset_version: number; scheme: string }>(
    tx,
    `SELECT ruleset_id, ruleset_version, scheme
       FROM student_result
      WHERE student_id = $1 AND exam_id = $2 AND session_id = $3 AND course_comb_id = $4 AND sem_id = $5
        AND version = $6`,
    keyParams(record),
  );
  return row;
}

/** The student's latest PUBLISHED version of the application's result, with its figures. */
export async function latestPublishedOf(tx: Tx, record: ResultKey) {
  const [row] = await q<{
    version: number;
    result: string;
    sgpa: string | null;
    percentage: string | null;
    division: string | null;
  }>(
    tx,
    `SELECT version, result, sgpa, percentage, division
       FROM student_result
      WHERE student_id = $1 AND exam_id = $2 AND session_id = $3 AND course_comb_id = $4 AND sem_id = $5
        AND status = 'PUBLISHED'
      ORDER BY version DESC
      LIMIT 1`,
    keyParams(record).slice(0, 5),
  );
  return row;
}

/** The attempt's external mark of record (a value, or its status), locked until the transaction ends. */
export async function externalMarkForUpdate(tx: Tx, attemptId: string) {
  const [row] = await q<{ mark: string | null }>(
    tx,
    `SELECT COALESCE(value::text, status) AS mark
       FROM mark_record
      WHERE attempt_id = $1 AND component = 'EXT'
        FOR UPDATE`,
    [attemptId],
  );
  return row?.mark ?? null;
}

/**
 * A revaluation's outcome applied: a REVALUATION marks correction (approved by `by`, the application as its
 * request) and the external mark of record it changes.
 */
export async function correctExternalMark(
  tx: Tx,
  c: {
    correction_id: string;
    attempt_id: string;
    old: string;
    new: string;
    reason: string;
    app_id: string;
    by: string;
  },
) {
  await tx.$executeRawUnsafe(
    `INSERT INTO mark_correction
            (correction_id, attempt_id, component, old, new, reason, kind, status, requested_by,
             approved_by, approved_at)
     VALUES ($1, $2, 'EXT', $3, $4, $5, 'REVALUATION', 'APPROVED', $6, $7, now())`,
    c.correction_id,
    c.attempt_id,
    c.old,
    c.new,
    c.reason,
    `postresult ${c.app_id}`,
    c.by,
  );
  await tx.$executeRawUnsafe(
    `UPDATE mark_record
        SET value = $2::numeric(6,2), status = NULL, source = 'REVAL', correction_id = $3, updated_at = now()
      WHERE attempt_id = $1 AND component = 'EXT'`,
    c.attempt_id,
    c.new,
    c.correction_id,
  );
}

/** A result run's status, if the run exists. */
export async function runStatusOf(tx: Tx, runId: string) {
  const [row] = await q<{ status: string }>(
    tx,
    `SELECT status
       FROM result_run
      WHERE run_id = $1`,
    [runId],
  );
  return row?.status;
}

/** The application a revaluation fictitious number was given to, if any. */
export async function applicationOfFict(tx: Tx, fictNo: string) {
  const [row] = await q<{ app_id: string }>(
    tx,
    `SELECT app_id
       FROM post_result_coding
      WHERE fict_no = $1`,
    [fictNo],
  );
  return row?.app_id;
}

/** A row of the revaluation award list: a book by its new fictitious number, and its marks so far. */
export interface AwardListRow {
  fict_no: string;
  exam_id: string;
  paper_id: string;
  max_marks: string | null;
  examiner_id: string;
  marks: string | null;
  third_marks: string | null;
  needs_third_valuation: boolean;
}

/** The books in revaluation (in process or evaluated), by exam, paper and fictitious number. */
export function awardListOf(db: Database, filter: { exam_id?: string; paper_id?: string }) {
  const params: unknown[] = [];
  const where = [`a.status IN ('IN_PROCESS', 'EVALUATED')`];
  if (filter.exam_id) where.push(`c.exam_id = $${params.push(filter.exam_id)}`);
  if (filter.paper_id) where.push(`c.paper_id = $${params.push(filter.paper_id)}`);
  return q<AwardListRow>(
    db,
    `SELECT c.fict_no, c.exam_id, c.paper_id, a.max_marks, c.examiner_id, a.reval_marks AS marks,
            a.third_marks, a.needs_third_valuation
       FROM post_result_coding c
       JOIN post_result_application a ON a.app_id = c.app_id
      WHERE ${where.join(' AND ')}
      ORDER BY c.exam_id, c.paper_id, c.fict_no`,
    params,
  );
}

/** An exam × course-semester: the scope of a result run. */
export interface RunScope {
  exam_id: string;
  session_id: string;
  course_comb_id: string;
  sem_id: string;
}
const IN_SCOPE = `exam_id = $1 AND session_id = $2 AND course_comb_id = $3 AND sem_id = $4`;
const scopeParams = (s: RunScope) => [s.exam_id, s.session_id, s.course_comb_id, s.sem_id];

/** The result runs of a scope, newest first. */
export function runsOfScope(tx: Reader, scope: RunScope) {
  return q<{ run_id: string; status: string }>(
    tx,
    `SELECT run_id, status
       FROM result_run
      WHERE ${IN_SCOPE}
      ORDER BY created_at DESC, run_id DESC`,
    scopeParams(scope),
  );
}

/** The scope's unpublished runs (computed or failed) go SUPERSEDED by a new run. */
export async function supersedeUnpublishedRuns(tx: Tx, scope: RunScope, byRunId: string) {
  await tx.$executeRawUnsafe(
    `UPDATE result_run
        SET status = 'SUPERSEDED', status_reason = $5, updated_at = now()
      WHERE ${IN_SCOPE} AND status IN ('COMPUTED', 'FAILED')`,
    ...scopeParams(scope),
    `superseded by run ${byRunId}`,
  );
}

/** The scope's LOCKED entry batches a run reads, with when each was locked. */
export function lockedBatchesOf(tx: Tx, scope: RunScope) {
  return q<{ batch_id: string; locked_at: Date | null }>(
    tx,
    `SELECT batch_id, locked_at
       FROM entry_batch
      WHERE ${IN_SCOPE} AND status = 'LOCKED'
      ORDER BY batch_id`,
    scopeParams(scope),
  );
}
