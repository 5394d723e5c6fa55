import {
  gradingRuleset,
  msg,
  type GradingRuleset,
  type Message,
  type ResultLine,
  type StudentResultCode,
} from '@exam/contracts';
import type { Database, SqlTransaction } from '@exam/db';
import { conductOfAttempts } from '../conduct/index.ts';
import { marksOfRecord } from '../marks/index.ts';
import { renderMessage } from '../../platform/i18n/messages.ts';
import { schemeOf, type AttemptRow, type Finding, type SchemeRow } from './grading-inputs.ts';
import {
  rulesetKey,
  type BatchInputs,
  type Enrolment,
  type PaperScheme,
  type PublishedResult,
  type ResultKey,
  type RunRow,
} from './run-grading.ts';
import { q } from './sql.ts';

/**
 * What the result run's job reads and writes, one function per question. The run's scope is always its own
 * row's: `$1..$4` = exam, session, course combination, semester.
 */

const scopeOf = (run: RunRow) => [run.exam_id, run.session_id, run.course_comb_id, run.sem_id];
const IN_SCOPE = `exam_id = $1 AND session_id = $2 AND course_comb_id = $3 AND sem_id = $4`;

export async function runToCompute(db: Database, runId: string): Promise<RunRow | undefined> {
  const [run] = await q<RunRow>(
    db,
    `SELECT run_id, exam_id, session_id, course_comb_id, sem_id, scheme, allow_result_later, status,
            previous_run_id
       FROM result_run
      WHERE run_id = $1`,
    [runId],
  );
  return run;
}

/** A computing run goes FAILED with the reason (a run is not retried: it is simply run again). */
export async function markRunFailed(db: Database, runId: string, reason: string) {
  await db.query(
    `UPDATE result_run
        SET status = 'FAILED', status_reason = $2, updated_at = now()
      WHERE run_id = $1 AND status = 'COMPUTING'`,
    [runId, reason],
  );
}

/** The students with an attempt in the run's scope, in order. */
export async function candidatesOf(db: Database, run: RunRow): Promise<string[]> {
  const rows = await q<{ student_id: string }>(
    db,
    `SELECT DISTINCT student_id FROM attempt WHERE ${IN_SCOPE} ORDER BY student_id`,
    scopeOf(run),
  );
  return rows.map((r) => r.student_id);
}

/** The marks schemes of the course-semester's papers, each as the engine takes it or why it cannot be. */
export async function schemesOf(db: Database, run: RunRow): Promise<Map<string, PaperScheme>> {
  const rows = await q<SchemeRow>(
    db,
    `SELECT paper_id, max_marks, min_marks, ext_max_marks, ext_min_marks, int_max_marks, int_min_marks,
            th_pr_status::text AS th_pr_status, paper_score_status::text AS paper_score_status,
            credit_point, paper_type, course_category::text AS course_category
       FROM paperinfosem
      WHERE session_id = $1 AND course_comb_id = $2 AND sem_id = $3`,
    scopeOf(run).slice(1),
  );
  return new Map(rows.map((s) => [s.paper_id, schemeOf(s)]));
}

/** Frozen rule sets by `id@version`, each parsed, or why it cannot be used. */
export async function rulesetsOf(
  db: Database,
  wanted: ReadonlyArray<{ ruleset_id: string; ruleset_version: number }>,
): Promise<Map<string, GradingRuleset | Message>> {
  const found = new Map<string, GradingRuleset | Message>();
  if (!wanted.length) return found;
  const rows = await q<{ ruleset_id: string; version: number; scheme: string; rules: unknown }>(
    db,
    `SELECT ruleset_id, version, scheme::text AS scheme, rules
       FROM ruleset
      WHERE (ruleset_id, version) IN (SELECT * FROM unnest($1::text[], $2::int[]))`,
    [wanted.map((w) => w.ruleset_id), wanted.map((w) => w.ruleset_version)],
  );
  for (const row of rows) {
    const parsed = gradingRuleset.safeParse(row);
    const key = rulesetKey(row.ruleset_id, row.version);
    found.set(key, parsed.success ? parsed.data : msg('results.rulesetInvalid', { ruleset: key }));
  }
  for (const w of wanted) {
    const key = rulesetKey(w.ruleset_id, w.ruleset_version);
    if (!found.has(key)) found.set(key, msg('results.rulesetMissing', { ruleset: key }));
  }
  return found;
}

/** Whether any result of the run's own scope is stored (a first run's batches skip looking them up). */
export async function scopeHasResults(db: Database, run: RunRow): Promise<boolean> {
  const [row] = await q<{ found: boolean }>(
    db,
    `SELECT EXISTS (SELECT 1 FROM student_result WHERE ${IN_SCOPE}) AS found`,
    scopeOf(run),
  );
  return row?.found ?? false;
}

/** What an earlier attempt of this very run wrote to its diff (it is written again). */
export const clearDiff = (tx: SqlTransaction, runId: string) =>
  tx.execute(`DELETE FROM result_diff WHERE run_id = $1`, [runId]);

/**
 * Everything one batch of students needs to be graded: attempts in scope, their marks of record and conduct,
 * the enrolments (rule set, detention) and every published result of these students (other semesters for
 * CGPA, the original of a back attempt).
 */
export async function batchInputs(db: Database, run: RunRow, students: string[]): Promise<BatchInputs> {
  const attempts = await q<AttemptRow>(
    db,
    `SELECT attempt_id, student_id, paper_id, attempt_type, attempt_no
       FROM attempt
      WHERE ${IN_SCOPE} AND student_id = ANY($5::text[])
      ORDER BY student_id, paper_id`,
    [...scopeOf(run), students],
  );
  const ids = attempts.map((a) => a.attempt_id);
  const [marks, conduct, enrolments, published] = await Promise.all([
    marksOfRecord(db, ids),
    conductOfAttempts(db, ids),
    q<Enrolment>(
      db,
      `SELECT student_id, college_id, status, ruleset_id, ruleset_version
         FROM student_ccinfo
        WHERE session_id = $1 AND course_comb_id = $2 AND sem_id = $3 AND student_id = ANY($4::text[])`,
      [...scopeOf(run).slice(1), students],
    ),
    q<PublishedResult>(
      db,
      `SELECT DISTINCT ON (student_id, session_id, course_comb_id, sem_id)
              student_id, exam_id, session_id, course_comb_id, sem_id, version, lines, result
         FROM student_result
        WHERE student_id = ANY($1::text[]) AND status = 'PUBLISHED'
        ORDER BY student_id, session_id, course_comb_id, sem_id, published_at DESC, version DESC`,
      [students],
    ),
  ]);
  return { students, attempts, marks, conduct, enrolments, published };
}

export interface RunSummary {
  ruleset: GradingRuleset | null;
  students: number;
  counts: Record<StudentResultCode, number>;
  exceptions: number;
  changed: number;
  versions: number;
}

/** The computed run's counts; the run is COMPUTED (only if it still is COMPUTING). */
export async function markRunComputed(tx: SqlTransaction, runId: string, s: RunSummary) {
  const { counts } = s;
  await tx.execute(
    `UPDATE result_run
        SET status = 'COMPUTED', computed_at = now(), updated_at = now(), ruleset_id = $2,
          ruleset_version = $3,
            student_count = $4, pass_count = $5, fail_count = $6, promoted_count = $7, absent_count = $8,
            rl_count = $9, rw_count = $10, ufm_count = $11, detained_count = $12, exception_count = $13,
            changed_count = $14, version_count = $15
      WHERE run_id = $1 AND status = 'COMPUTING'`,
    [
      runId,
      s.ruleset?.ruleset_id ?? null,
      s.ruleset?.version ?? null,
      s.students,
      counts.PASS + counts.PASS_GRACE,
      counts.FAIL,
      counts.PROMOTED,
      counts.ABSENT,
      counts.RL,
      counts.RW,
      counts.UFM,
      counts.DETAINED,
      s.exceptions,
      s.changed,
      s.versions,
    ],
  );
}

// ---- a batch's writes ----

/** A stored version of one of the batch's results, as the write compares it with the new one. */
export interface StoredRow extends ResultKey {
  version: number;
  status: string;
  run_id: string;
  digest: string;
  result: StudentResultCode;
  total: string | null;
  max_total: string | null;
  percentage: string | null;
  division: string | null;
  credits_registered: string | null;
  credits_earned: string | null;
  credit_points: string | null;
  sgpa: string | null;
  cgpa: string | null;
  backlogs: string[];
}

/**
 * Matches a batch's rows of student_result (alias r) by the key arrays $1..$5. Every key column as `= ANY`
 * too: the primary key then finds the batch's rows even without statistics (a scope index driven by the
 * unnest walked every row of the run per key: 7.8 s a batch at 60,000 rows).
 */
const BATCH_MATCH = `r.student_id = ANY($1::text[]) AND r.exam_id = ANY($2::text[])
    AND r.session_id = ANY($3::text[]) AND r.course_comb_id = ANY($4::text[]) AND r.sem_id = ANY($5::text[])
    AND (r.student_id, r.exam_id, r.session_id, r.course_comb_id, r.sem_id)
        IN (SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]))`;

const keyArrays = (keys: readonly ResultKey[]) => [
  keys.map((x) => x.student_id),
  keys.map((x) => x.exam_id),
  keys.map((x) => x.session_id),
  keys.map((x) => x.course_comb_id),
  keys.map((x) => x.sem_id),
];

/** Every stored version of these results, oldest first (without their lines: only changed ones need them). */
export const storedVersionsOf = (tx: SqlTransaction, keys: readonly ResultKey[]) =>
  q<StoredRow>(
    tx,
    `SELECT student_id, exam_id, session_id, course_comb_id, sem_id, version, status, run_id, digest, result,
            total, max_total, percentage, division, credits_registered, credits_earned, credit_points, sgpa,
            cgpa, backlogs
       FROM student_result r
      WHERE ${BATCH_MATCH}
      ORDER BY version`,
    keyArrays(keys),
  );

/** The runs whose rows are not kept: computing, computed, superseded or failed. */
export async function unpublishedRunIds(tx: SqlTransaction): Promise<Set<string>> {
  const rows = await q<{ run_id: string }>(
    tx,
    `SELECT run_id FROM result_run WHERE status IN ('COMPUTING', 'COMPUTED', 'SUPERSEDED', 'FAILED')`,
  );
  return new Set(rows.map((r) => r.run_id));
}

/** The lines of the given stored versions, by `key|version`. */
export async function linesOf(
  tx: SqlTransaction,
  rows: readonly StoredRow[],
): Promise<Map<string, ResultLine[]>> {
  if (!rows.length) return new Map();
  const found = await q<ResultKey & { version: number; lines: ResultLine[] }>(
    tx,
    `SELECT student_id, exam_id, session_id, course_comb_id, sem_id, version, lines
       FROM student_result r
      WHERE ${BATCH_MATCH}
        AND (r.student_id, r.exam_id, r.session_id, r.course_comb_id, r.sem_id, r.version)
            IN (SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[]))`,
    [...keyArrays(rows), rows.map((r) => r.version)],
  );
  const keyText = (f: ResultKey & { version: number }) =>
    `${f.student_id}|${f.exam_id}|${f.session_id}|${f.course_comb_id}|${f.sem_id}|${f.version}`;
  return new Map(found.map((f) => [keyText(f), f.lines]));
}

/** Deletes these stored versions (rows of unpublished runs that a new run replaces), by primary key. */
export async function deleteVersions(tx: SqlTransaction, rows: readonly StoredRow[]) {
  if (!rows.length) return;
  await tx.execute(
    `DELETE FROM student_result
      WHERE (student_id, exam_id, session_id, course_comb_id, sem_id, version)
            IN (SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[]))`,
    [...keyArrays(rows), rows.map((r) => r.version)],
  );
}

/** The columns a run writes, in the order of each COPY row's fields. */
export const WRITTEN_COLUMNS = `student_id, exam_id, session_id, course_comb_id, sem_id, version, run_id,
  college_id, status, ruleset_id, ruleset_version, scheme, total, max_total, percentage, division,
  credits_registered, credits_earned, credit_points, sgpa, cgpa, result, backlogs, backlog_reasons, lines,
  explanation, digest, first_attempt, supersedes_version`;

/**
 * New versions of results by COPY, rows already in its text format (the serialized lines, which PostgreSQL
 * parses once: as parameter arrays or inside one json document, escaping, garbage and a second parse cost
 * more than the run: 10,000 students' rows took 4.5 s of server CPU as json_to_recordset, 1.0–1.5 s by COPY).
 */
export async function copyResults(tx: SqlTransaction, rows: Buffer) {
  if (rows.length) await tx.copyFrom(`student_result (${WRITTEN_COLUMNS})`, rows);
}

export interface DiffRow {
  run_id: string;
  student_id: string;
  change: 'ADDED' | 'CHANGED';
  changes: unknown;
}

export async function insertDiffs(tx: SqlTransaction, diffs: readonly DiffRow[]) {
  if (!diffs.length) return;
  await tx.execute(
    `INSERT INTO result_diff (run_id, student_id, change, changes)
     SELECT run_id, student_id, change, changes
       FROM jsonb_to_recordset($1::jsonb) AS x(run_id text, student_id text, change text, changes jsonb)`,
    [JSON.stringify(diffs)],
  );
}

/**
 * The exception report's findings, numbered from `seqStart + 1`: each with its sentence in English as written
 * then (the register prints it) and its code and parameters (a reader in another language reads it in hers).
 */
export async function insertExceptions(
  tx: SqlTransaction,
  runId: string,
  findings: readonly Finding[],
  seqStart: number,
) {
  if (!findings.length) return;
  const rows = findings.map((f, i) => ({
    ...f,
    seq: seqStart + i + 1,
    message: renderMessage(f.message),
    message_code: f.message.code,
    params: f.message.params ?? null,
  }));
  await tx.execute(
    `INSERT INTO result_exception
            (run_id, seq, student_id, paper_id, attempt_id, component, code, message, message_code, params)
     SELECT $1, x.seq, x.student_id, x.paper_id, x.attempt_id, x.component, x.code, left(x.message, 500),
            x.message_code, x.params
       FROM jsonb_to_recordset($2::jsonb)
         AS x(seq int, student_id text, paper_id text, attempt_id text, component text, code text,
              message text, message_code text, params jsonb)
     ON CONFLICT (run_id, seq) DO NOTHING`,
    [runId, JSON.stringify(rows)],
  );
}
