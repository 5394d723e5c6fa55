import type { MessageParams } from '@exam/contracts';
import type { Prisma } from '@exam/db';
import type { RunRecord } from './run-record.ts';
import { q, type Reader } from './sql.ts';

/** One exam × course-semester: the scope of a result run. */
export interface RunScope {
  exam_id: string;
  session_id: string;
  course_comb_id: string;
  sem_id: string;
}

const paramsOf = (scope: RunScope) => [scope.exam_id, scope.session_id, scope.course_comb_id, scope.sem_id];
const IN_SCOPE = `exam_id = $1 AND session_id = $2 AND course_comb_id = $3 AND sem_id = $4`;

/** The exam's link to the course-semester (its phase), if there is one. */
export async function courseLinkOf(db: Reader, scope: RunScope) {
  const [link] = await q<{ phase: string }>(
    db,
    `SELECT phase FROM exam_ccinfo WHERE ${IN_SCOPE}`,
    paramsOf(scope),
  );
  return link;
}

/** How many attempts (candidate × paper) the scope holds. */
export async function attemptCount(db: Reader, scope: RunScope): Promise<number> {
  const [row] = await q<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM attempt WHERE ${IN_SCOPE}`,
    paramsOf(scope),
  );
  return row?.n ?? 0;
}

/**
 * The schemes of the rule sets the scope's candidates froze at enrolment, with how many candidates have each.
 */
export function schemesOfCandidates(db: Reader, scope: RunScope) {
  return q<{ scheme: string; n: number }>(
    db,
    `SELECT r.scheme::text AS scheme, count(*)::int AS n
       FROM (SELECT DISTINCT student_id FROM attempt WHERE ${IN_SCOPE}) a
       JOIN student_ccinfo sc
         ON sc.student_id = a.student_id AND sc.session_id = $2 AND sc.course_comb_id = $3 AND sc.sem_id = $4
       JOIN ruleset r ON r.ruleset_id = sc.ruleset_id AND r.version = sc.ruleset_version
      GROUP BY 1
      ORDER BY 1`,
    paramsOf(scope),
  );
}

/** A paper's component that some of its candidates have no mark of record for. */
export interface MissingMarks {
  paper_id: string;
  component: 'INT' | 'EXT';
  n: number;
}

/**
 * Per paper and component (internal; external or practical), the candidates without a mark of record where
 * the paper's type needs one: internal unless the paper is external only (a back attempt of a theory paper
 * keeps its old internal), external unless internal only; a practical paper's external is its PR mark.
 */
export function missingMarks(db: Reader, scope: RunScope) {
  return q<MissingMarks>(
    db,
    `SELECT a.paper_id, c.component, count(*)::int AS n
       FROM attempt a
       JOIN paperinfosem p
         ON p.session_id = a.session_id AND p.course_comb_id = a.course_comb_id
        AND p.sem_id = a.sem_id AND p.paper_id = a.paper_id
      CROSS JOIN LATERAL (VALUES ('INT'), ('EXT')) AS c(component)
      WHERE a.exam_id = $1 AND a.session_id = $2 AND a.course_comb_id = $3 AND a.sem_id = $4
        AND (
          (c.component = 'INT' AND p.paper_type <> 1 AND (a.attempt_type <> 'BACK' OR p.paper_type = 2))
          OR (c.component = 'EXT' AND p.paper_type <> 2)
        )
        AND NOT EXISTS (
          SELECT 1 FROM mark_record m
           WHERE m.attempt_id = a.attempt_id
             AND (m.component = c.component
                  OR (c.component = 'EXT' AND m.component = 'PR' AND p.th_pr_status::text = 'PR'))
        )
      GROUP BY 1, 2
      ORDER BY 1, 2`,
    paramsOf(scope),
  );
}

/** The scope's runs, newest first, with their status. */
export function runsOf(db: Reader, scope: RunScope) {
  return q<{ run_id: string; status: string }>(
    db,
    `SELECT run_id, status FROM result_run WHERE ${IN_SCOPE} ORDER BY created_at DESC, run_id DESC`,
    paramsOf(scope),
  );
}

/** A run by its id. */
export async function runById(db: Reader, runId: string): Promise<RunRecord | undefined> {
  const [run] = await q<RunRecord>(db, `SELECT * FROM result_run WHERE run_id = $1`, [runId]);
  return run;
}

/** Marks the scope's computed and failed runs superseded by a new one. */
export function supersedeUnpublishedRuns(tx: Prisma.TransactionClient, scope: RunScope, byRunId: string) {
  return tx.$executeRawUnsafe(
    `UPDATE result_run SET status = 'SUPERSEDED', status_reason = $5, updated_at = now()
      WHERE ${IN_SCOPE} AND status IN ('COMPUTED', 'FAILED')`,
    ...paramsOf(scope),
    `superseded by run ${byRunId}`,
  );
}

/** The scope's LOCKED entry batches and when each was locked: the inputs a run records. */
export function lockedInputsOf(tx: Prisma.TransactionClient, scope: RunScope) {
  return tx.$queryRawUnsafe<Array<{ batch_id: string; locked_at: Date | null }>>(
    `SELECT batch_id, locked_at FROM entry_batch WHERE ${IN_SCOPE} AND status = 'LOCKED' ORDER BY batch_id`,
    ...paramsOf(scope),
  );
}

export interface ExceptionRow {
  message: string;
  message_code: string | null;
  params: MessageParams | null;
}

/** A page of a run's exception report, optionally of one code or one student, and how many there are. */
export async function exceptionsPage(
  db: Reader,
  runId: string,
  filter: { code?: string; student_id?: string; limit: number; offset: number },
) {
  const params: unknown[] = [runId];
  let where = 'run_id = $1';
  if (filter.code) where += ` AND code = $${params.push(filter.code)}`;
  if (filter.student_id) where += ` AND student_id = $${params.push(filter.student_id)}`;
  const [rows, [total]] = await Promise.all([
    q<ExceptionRow>(
      db,
      `SELECT run_id, seq, student_id, paper_id, attempt_id, component, code, message, message_code, params
         FROM result_exception
        WHERE ${where}
        ORDER BY seq
        LIMIT ${filter.limit} OFFSET ${filter.offset}`,
      params,
    ),
    q<{ n: number }>(db, `SELECT count(*)::int AS n FROM result_exception WHERE ${where}`, params),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A page of a run's changes against the run before it, and how many students changed. */
export async function diffPage(db: Reader, runId: string, page: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    q(
      db,
      `SELECT student_id, change, changes
         FROM result_diff
        WHERE run_id = $1
        ORDER BY student_id
        LIMIT ${page.limit} OFFSET ${page.offset}`,
      [runId],
    ),
    q<{ n: number }>(db, `SELECT count(*)::int AS n FROM result_diff WHERE run_id = $1`, [runId]),
  ]);
  return { rows, total: total?.n ?? 0 };
}
