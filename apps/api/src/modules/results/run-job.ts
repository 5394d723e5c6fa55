import {
  gradingRuleset,
  type ComputedStudentResult,
  type GradingInput,
  type GradingRuleset,
  type ResultLine,
  type StudentResultCode,
} from '@exam/contracts';
import { copyField, type SqlTransaction } from '@exam/db';
import { gradeStudent, withBackAttempt, type GradedStudent } from '@exam/grading';
import { z } from 'zod';
import { defineJob, JobFailure, type JobContext } from '../../platform/jobs/index.ts';
import { conductOfAttempts } from '../conduct/index.ts';
import { marksOfRecord } from '../marks/index.ts';
import {
  digestOf,
  earlierCoursesOf,
  fieldChanges,
  mostUsed,
  paperFromLine,
  paperInput,
  schemeOf,
  type AttemptRow,
  type Finding,
  type Mark,
  type SchemeRow,
} from './grading-inputs.ts';
import { q } from './sql.ts';

/**
 * Students computed and written per transaction: their attempts, marks and results stay in memory only this
 * long.
 */
export const STUDENT_BATCH = 500;

type Key = {
  student_id: string;
  exam_id: string;
  session_id: string;
  course_comb_id: string;
  sem_id: string;
};
const keyOf = (k: Key) => `${k.student_id}|${k.exam_id}|${k.session_id}|${k.course_comb_id}|${k.sem_id}`;

interface StoredRow extends Key {
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

interface Enrolment {
  student_id: string;
  college_id: string;
  status: string;
  ruleset_id: string;
  ruleset_version: number;
}

const STORED_COLUMNS = `student_id, exam_id, session_id, course_comb_id, sem_id, version, status, run_id, digest, result, total, max_total, percentage, division,
  credits_registered, credits_earned, credit_points, sgpa, cgpa, backlogs`;

interface RunResult {
  run_id: string;
  students: number;
  exceptions: number;
  changed: number;
}

/** The run's data: its id. Everything else is read from the run's row (scope, scheme, result-later). */
const runData = z.object({ run_id: z.string() });

interface RunRow {
  run_id: string;
  exam_id: string;
  session_id: string;
  course_comb_id: string;
  sem_id: string;
  scheme: string;
  allow_result_later: boolean;
  status: string;
  previous_run_id: string | null;
}

/**
 * The result run (lifecycle S8 step 2): in batches of students, each in one transaction with its progress,
 * reads the attempts of the exam × course-semester, their marks of record, conduct (attendance, UFM), the
 * marks scheme, the student's frozen rule set and its other published semesters (CGPA); grades each student
 * (a back attempt replaces the failed paper of the original semester's published result, as a new version of
 * that result); writes the results, the exception report and the diff against the previous run. Not retried
 * after a crash (maxAttempts 1): the run goes FAILED and is simply run again.
 */
export const resultRunJob = defineJob({
  kind: 'results.run',
  capability: 'results.compute',
  title: 'Computing results',
  maxAttempts: 1,
  data: runData,
  async run(ctx): Promise<RunResult> {
    const [run] = await q<RunRow>(
      ctx.db,
      `SELECT run_id, exam_id, session_id, course_comb_id, sem_id, scheme, allow_result_later, status, previous_run_id FROM result_run WHERE run_id = $1`,
      [ctx.data.run_id],
    );
    if (!run) throw new JobFailure(`Result run ${ctx.data.run_id} does not exist.`);
    if (run.status !== 'COMPUTING') return { run_id: run.run_id, students: 0, exceptions: 0, changed: 0 };
    try {
      return await computeRun(ctx, run);
    } catch (error) {
      const reason = error instanceof Error ? error.message.slice(0, 480) : 'the run failed';
      await ctx.db.query(
        `UPDATE result_run SET status = 'FAILED', status_reason = $2, updated_at = now() WHERE run_id = $1 AND status = 'COMPUTING'`,
        [run.run_id, reason],
      );
      throw error instanceof JobFailure
        ? error
        : new JobFailure(`Result run ${run.run_id} failed: ${reason}`);
    }
  },
});

async function computeRun(ctx: JobContext<{ run_id: string }>, run: RunRow): Promise<RunResult> {
  const db = ctx.db;
  const scope = [run.exam_id, run.session_id, run.course_comb_id, run.sem_id];
  const students = (
    await q<{ student_id: string }>(
      db,
      `SELECT DISTINCT student_id FROM attempt WHERE exam_id = $1 AND session_id = $2 AND course_comb_id = $3 AND sem_id = $4 ORDER BY student_id`,
      scope,
    )
  ).map((r) => r.student_id);
  const schemes = new Map(
    (
      await q<SchemeRow>(
        db,
        `SELECT paper_id, max_marks, min_marks, ext_max_marks, ext_min_marks, int_max_marks, int_min_marks, th_pr_status::text AS th_pr_status,
      paper_score_status::text AS paper_score_status, credit_point, paper_type, course_category::text AS course_category FROM paperinfosem WHERE session_id = $1 AND course_comb_id = $2 AND sem_id = $3`,
        scope.slice(1),
      )
    ).map((s) => [s.paper_id, schemeOf(s)]),
  );
  const rulesets = new Map<string, GradingRuleset | string>();
  const rulesetOf = async (id: string, version: number) => {
    const k = `${id}@${version}`;
    if (!rulesets.has(k)) {
      const [row] = await q<{ scheme: string; rules: unknown }>(
        db,
        `SELECT scheme::text AS scheme, rules FROM ruleset WHERE ruleset_id = $1 AND version = $2`,
        [id, version],
      );
      const parsed = row
        ? gradingRuleset.safeParse({ ruleset_id: id, version, scheme: row.scheme, rules: row.rules })
        : null;
      rulesets.set(
        k,
        parsed?.success ? parsed.data : `rule set ${k} ${row ? 'has invalid rules' : 'does not exist'}`,
      );
    }
    return rulesets.get(k)!;
  };
  const counts: Record<StudentResultCode, number> = {
    PASS: 0,
    PASS_GRACE: 0,
    PROMOTED: 0,
    FAIL: 0,
    ABSENT: 0,
    RL: 0,
    RW: 0,
    UFM: 0,
    DETAINED: 0,
  };
  const used: GradingRuleset[] = [];
  let exceptionSeq = 0;
  let changed = 0;
  let versions = 0;
  await ctx.progress(0, students.length);
  // A scope's first run (the big one) finds no stored result of its own exam to replace or supersede, so its
  // batches skip that look-up (back attempts, whose rows live under the original exam, always look). A later
  // run's do look. What an earlier attempt of this very run wrote to its diff is written again.
  await ctx.sqlTransaction((tx) => tx.execute(`DELETE FROM result_diff WHERE run_id = $1`, [run.run_id]));
  const [{ found: scopeHasResults }] = await q<{ found: boolean }>(
    db,
    `SELECT EXISTS (SELECT 1 FROM student_result WHERE exam_id = $1 AND session_id = $2 AND course_comb_id = $3 AND sem_id = $4) AS found`,
    scope,
  );

  let writing: Promise<{ changed: number; versions: number }> | null = null;
  const awaitWrite = async () => {
    if (!writing) return;
    const written = await writing;
    writing = null;
    changed += written.changed;
    versions += written.versions;
  };
  for (let start = 0; start < students.length; start += STUDENT_BATCH) {
    ctx.signal.throwIfAborted();
    const batch = students.slice(start, start + STUDENT_BATCH);
    const attempts = await q<AttemptRow>(
      db,
      `SELECT attempt_id, student_id, paper_id, attempt_type, attempt_no FROM attempt
        WHERE exam_id = $1 AND session_id = $2 AND course_comb_id = $3 AND sem_id = $4 AND student_id = ANY($5::text[]) ORDER BY student_id, paper_id`,
      [...scope, batch],
    );
    const ids = attempts.map((a) => a.attempt_id);
    const [marks, conduct, enrolments] = await Promise.all([
      marksOfRecord(db, ids),
      conductOfAttempts(db, ids),
      q<Enrolment>(
        db,
        `SELECT student_id, college_id, status, ruleset_id, ruleset_version FROM student_ccinfo WHERE session_id = $1 AND course_comb_id = $2 AND sem_id = $3 AND student_id = ANY($4::text[])`,
        [...scope.slice(1), batch],
      ),
    ]);
    const marksOf = new Map<string, Partial<Record<'INT' | 'EXT' | 'PR', Mark>>>();
    for (const m of marks) {
      const own = marksOf.get(m.attempt_id) ?? {};
      own[m.component as 'INT' | 'EXT' | 'PR'] = { value: m.value, status: m.status };
      marksOf.set(m.attempt_id, own);
    }
    const conductOf = new Map(conduct.map((c) => [c.attempt_id, c]));
    const enrolmentOf = new Map(enrolments.map((e) => [e.student_id, e]));
    const byStudent = groupBy(attempts, (a) => a.student_id);

    // Other semesters' published results (CGPA), and for back attempts the original semester's published
    // result.
    const others = await q<{
      student_id: string;
      exam_id: string;
      session_id: string;
      course_comb_id: string;
      sem_id: string;
      version: number;
      lines: ResultLine[];
      result: string;
    }>(
      db,
      `SELECT DISTINCT ON (student_id, session_id, course_comb_id, sem_id) student_id, exam_id, session_id, course_comb_id, sem_id, version, lines, result
         FROM student_result WHERE student_id = ANY($1::text[]) AND status = 'PUBLISHED'
        ORDER BY student_id, session_id, course_comb_id, sem_id, published_at DESC, version DESC`,
      [batch],
    );
    const othersOf = groupBy(others, (o) => o.student_id);
    const findings: Finding[] = [];
    const graded: Graded[] = [];
    for (const studentId of batch) {
      const own = byStudent.get(studentId) ?? [];
      const enrolment = enrolmentOf.get(studentId);
      const fail = (code: Finding['code'], message: string) =>
        findings.push({
          student_id: studentId,
          paper_id: null,
          attempt_id: null,
          component: null,
          code,
          message,
        });
      if (!enrolment) {
        fail(
          'NO_RULESET',
          `${studentId} has no enrolment (studentccinfo) in ${run.course_comb_id} semester ${run.sem_id} of ${run.session_id}: no rule set to compute with`,
        );
        continue;
      }
      const ruleset = await rulesetOf(enrolment.ruleset_id, enrolment.ruleset_version);
      if (typeof ruleset === 'string') {
        fail('NO_RULESET', `${studentId}: ${ruleset}`);
        continue;
      }
      const papers = [];
      let schemeProblem: string | null = null;
      for (const a of own) {
        const scheme = schemes.get(a.paper_id);
        if (!scheme || 'problem' in scheme) {
          schemeProblem =
            scheme && 'problem' in scheme
              ? scheme.problem
              : `${a.paper_id} is not a paper of ${run.course_comb_id} semester ${run.sem_id}`;
          break;
        }
        const c = conductOf.get(a.attempt_id);
        papers.push({
          attempt: a,
          input: paperInput(
            {
              attempt: a,
              scheme: scheme.scheme,
              marks: marksOf.get(a.attempt_id) ?? {},
              attendance: c?.status ?? null,
              ufmOpen: c?.ufm_open ?? false,
              ufmCancelled: c?.ufm_cancelled ?? false,
            },
            findings,
          ),
        });
      }
      if (schemeProblem) {
        fail('SCHEME_INVALID', `${studentId}: ${schemeProblem}`);
        continue;
      }
      const ownOthers = othersOf.get(studentId) ?? [];
      const earlier = earlierCoursesOf(ownOthers.filter((o) => o.sem_id !== run.sem_id));
      const back =
        papers.length > 0 &&
        papers.every((p) => p.attempt.attempt_type === 'BACK' || p.attempt.attempt_type === 'IMPROVEMENT');
      let input: GradingInput;
      let key: Key = {
        student_id: studentId,
        exam_id: run.exam_id,
        session_id: run.session_id,
        course_comb_id: run.course_comb_id,
        sem_id: run.sem_id,
      };
      if (back) {
        // The original semester's result (published, another exam) with the back attempts' marks in place of
        // its failed papers.
        const original = ownOthers.find(
          (o) =>
            o.session_id === run.session_id &&
            o.course_comb_id === run.course_comb_id &&
            o.sem_id === run.sem_id &&
            o.exam_id !== run.exam_id,
        );
        if (!original) {
          fail(
            'GRADING_ERROR',
            `${studentId}: back papers ${papers.map((p) => p.attempt.paper_id).join(', ')} but no published result of ${run.course_comb_id} semester ${run.sem_id} to revise`,
          );
          continue;
        }
        key = { ...key, exam_id: original.exam_id };
        const originalPapers = [];
        for (const line of original.lines) {
          const scheme = schemes.get(line.paper_id);
          if (!scheme || 'problem' in scheme) continue;
          originalPapers.push(paperFromLine(line, scheme.scheme));
        }
        input = {
          ruleset,
          ...key,
          detained: false,
          papers: originalPapers,
          earlier_courses: earlier,
          attempt_seq: 0,
        };
        for (const p of papers) {
          input = withBackAttempt(input, {
            paper_id: p.attempt.paper_id,
            exam_id: run.exam_id,
            attempt_seq: 1,
            ext: p.input.ext,
            pr: p.input.pr,
            ...(p.input.paper_type === 2 ? { int: p.input.int } : {}),
          });
        }
      } else {
        input = {
          ruleset,
          ...key,
          detained: enrolment.status === 'DETAINED',
          papers: papers.map((p) => p.input),
          earlier_courses: earlier,
          attempt_seq: 0,
        };
      }
      try {
        const out = gradeStudent(input);
        graded.push(
          settle(
            key,
            enrolment.college_id,
            out,
            !back && own.every((a) => a.attempt_type === 'REGULAR' && a.attempt_no <= 1),
          ),
        );
        counts[out.result.result] += 1;
        used.push(ruleset);
      } catch (error) {
        fail(
          'GRADING_ERROR',
          `${studentId}: ${error instanceof Error ? error.message : 'the result could not be computed'}`,
        );
      }
    }

    // The batch is written while the next one is read and graded (the database works while this process
    // grades); writes stay in order, one at a time.
    await awaitWrite();
    const seq = exceptionSeq;
    exceptionSeq += findings.length;
    const done = Math.min(start + STUDENT_BATCH, students.length);
    writing = ctx.sqlTransaction(async (tx) => writeBatch(tx, run, graded, findings, seq, scopeHasResults), {
      done,
      total: students.length,
    });
    // A failed write is awaited (and thrown) by the next awaitWrite(); keep it from counting as unhandled
    // meanwhile.
    writing.catch(() => undefined);
  }
  await awaitWrite();

  const main = mostUsed(used);
  await ctx.transaction(async (tx) => {
    await tx.$executeRawUnsafe(
      `UPDATE result_run SET status = 'COMPUTED', computed_at = now(), updated_at = now(), ruleset_id = $2, ruleset_version = $3, student_count = $4, pass_count = $5, fail_count = $6,
         promoted_count = $7, absent_count = $8, rl_count = $9, rw_count = $10, ufm_count = $11, detained_count = $12, exception_count = $13, changed_count = $14, version_count = $15
       WHERE run_id = $1 AND status = 'COMPUTING'`,
      run.run_id,
      main?.ruleset_id ?? null,
      main?.version ?? null,
      used.length,
      counts.PASS + counts.PASS_GRACE,
      counts.FAIL,
      counts.PROMOTED,
      counts.ABSENT,
      counts.RL,
      counts.RW,
      counts.UFM,
      counts.DETAINED,
      exceptionSeq,
      changed,
      versions,
    );
  });
  return { run_id: run.run_id, students: used.length, exceptions: exceptionSeq, changed };
}

/**
 * A graded student as the batch writes it: the result's scalars, and its lines and explanation serialized to
 * UTF-8 buffers right after grading (the text stored as it is), with the digest over that text. The engine's
 * objects and the JSON strings die young; a batch held while the next one is graded keeps its ~9 kB a student
 * outside the JS heap, so garbage collection no longer promotes and marks it (GC was ~30 % of a run's CPU,
 * ADR 0026).
 */
interface Graded {
  key: Key;
  college_id: string;
  first_attempt: boolean;
  result: Omit<ComputedStudentResult, 'lines' | 'explanation'>;
  backlog_reasons: GradedStudent['backlogs'];
  lines: Buffer;
  explanation: Buffer;
  digest: string;
}

function settle(key: Key, college_id: string, out: GradedStudent, first_attempt: boolean): Graded {
  const { lines: parsedLines, explanation: parsedExplanation, ...scalars } = out.result;
  const lines = JSON.stringify(parsedLines);
  const explanation = JSON.stringify(parsedExplanation);
  return {
    key,
    college_id,
    first_attempt,
    result: scalars,
    backlog_reasons: out.backlogs,
    lines: Buffer.from(lines),
    explanation: Buffer.from(explanation),
    digest: digestOf(out.result, lines, explanation),
  };
}

const BACKSLASH = 0x5c;
const TAB = Buffer.from('\t');
const NEWLINE = Buffer.from('\n');

/**
 * A serialized JSON value as a COPY text field: JSON has no raw tab or line break, so only backslashes are
 * doubled.
 */
const copyJson = (json: Buffer) =>
  json.includes(BACKSLASH) ? Buffer.from(copyField(json.toString())) : json;

/**
 * Items grouped by a key, in their order (a batch's rows per student: one pass, no per-student scan of the
 * batch).
 */
function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(keyOf(item));
    if (list) list.push(item);
    else groups.set(keyOf(item), [item]);
  }
  return groups;
}

/** Matches a batch's rows of student_result (alias r) by the key arrays $1..$5. */
const BATCH_MATCH = `r.student_id = ANY($1::text[]) AND r.exam_id = ANY($2::text[]) AND r.session_id = ANY($3::text[]) AND r.course_comb_id = ANY($4::text[]) AND r.sem_id = ANY($5::text[])
    AND (r.student_id, r.exam_id, r.session_id, r.course_comb_id, r.sem_id) IN (SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]))`;

const keyArrays = (keys: Key[]) => [
  keys.map((x) => x.student_id),
  keys.map((x) => x.exam_id),
  keys.map((x) => x.session_id),
  keys.map((x) => x.course_comb_id),
  keys.map((x) => x.sem_id),
];

/** The columns a run writes, in the order of each COPY row's fields. */
const WRITTEN = `student_id, exam_id, session_id, course_comb_id, sem_id, version, run_id, college_id, status, ruleset_id, ruleset_version, scheme, total, max_total,
  percentage, division, credits_registered, credits_earned, credit_points, sgpa, cgpa, result, backlogs, backlog_reasons, lines, explanation, digest, first_attempt, supersedes_version`;

/**
 * Writes one batch: replaces the rows earlier unpublished runs wrote for these students, writes a new version
 * for each student whose result differs from its published version (all of them when none is published), the
 * diff against the previous run and the exceptions. Set-based: one statement per table; the results go by
 * COPY with the already serialized lines, which PostgreSQL parses once (as parameter arrays or inside one
 * json document, escaping, garbage and a second parse cost more than the run: 10,000 students' rows took 4.5
 * s of server CPU as json_to_recordset, 1.0–1.5 s by COPY).
 */
async function writeBatch(
  tx: SqlTransaction,
  run: RunRow,
  graded: Graded[],
  findings: Finding[],
  seqStart: number,
  scopeHasResults: boolean,
) {
  const keys = graded.map((g) => g.key);
  // Every key column as `= ANY` too: the primary key then finds the batch's rows even without statistics (a
  // scope index driven by the unnest walked every row of the run per key: 7.8 s a batch at 60,000 rows).
  const params = keyArrays(keys);
  const lookUp = keys.length > 0 && (scopeHasResults || keys.some((k) => k.exam_id !== run.exam_id));
  const stored = lookUp
    ? await q<StoredRow>(
        tx,
        `SELECT ${STORED_COLUMNS} FROM student_result r WHERE ${BATCH_MATCH} ORDER BY version`,
        params,
      )
    : [];
  const unpublished = new Set(
    (
      await q<{ run_id: string }>(
        tx,
        `SELECT run_id FROM result_run WHERE status IN ('COMPUTING', 'COMPUTED', 'SUPERSEDED', 'FAILED')`,
      )
    ).map((r) => r.run_id),
  );
  const previous = new Map<string, StoredRow>();
  const published = new Map<string, StoredRow>();
  const maxVersion = new Map<string, number>();
  for (const row of stored) {
    const id = keyOf(row);
    if (row.status === 'COMPUTED' && unpublished.has(row.run_id)) {
      if (row.run_id !== run.run_id) previous.set(id, row);
      continue;
    }
    maxVersion.set(id, Math.max(maxVersion.get(id) ?? 0, row.version));
    if (row.status === 'PUBLISHED') published.set(id, row);
  }
  const baseOf = (g: Graded) => previous.get(keyOf(g.key)) ?? published.get(keyOf(g.key));
  // Lines are read only for the results that changed (the field-by-field diff), not for every stored row.
  const changedBases = graded
    .map(baseOf)
    .filter((b, i): b is StoredRow => b !== undefined && b.digest !== graded[i]!.digest);
  const baseLines = await linesOf(tx, changedBases);

  // Rows of unpublished runs (earlier runs of the scope, or this one's own) are replaced: deleted by primary
  // key.
  const replaced = stored.filter((row) => row.status === 'COMPUTED' && unpublished.has(row.run_id));
  if (replaced.length) {
    await tx.execute(
      `DELETE FROM student_result WHERE (student_id, exam_id, session_id, course_comb_id, sem_id, version) IN (SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[]))`,
      [...keyArrays(replaced), replaced.map((r) => r.version)],
    );
  }

  const rows: Buffer[] = [];
  let written = 0;
  const diffs: Array<{ run_id: string; student_id: string; change: string; changes: unknown }> = [];
  for (const g of graded) {
    const id = keyOf(g.key);
    const base = baseOf(g);
    if (!base)
      diffs.push({
        run_id: run.run_id,
        student_id: g.key.student_id,
        change: 'ADDED',
        changes: [{ field: 'result', before: null, after: g.result.result }],
      });
    else if (base.digest !== g.digest) {
      const before = { ...base, lines: baseLines.get(`${id}|${base.version}`) ?? [] };
      const changes = fieldChanges(before, {
        ...g.result,
        lines: JSON.parse(g.lines.toString()) as ResultLine[],
      });
      diffs.push({
        run_id: run.run_id,
        student_id: g.key.student_id,
        change: 'CHANGED',
        changes: changes.length ? changes : [{ field: 'explanation', before: null, after: 'changed' }],
      });
    }
    const current = published.get(id);
    if (current && current.digest === g.digest) continue;
    const { result: r } = g;
    const leading = [
      g.key.student_id,
      g.key.exam_id,
      g.key.session_id,
      g.key.course_comb_id,
      g.key.sem_id,
      (maxVersion.get(id) ?? 0) + 1,
      run.run_id,
      g.college_id,
      'COMPUTED',
      r.ruleset_id,
      r.ruleset_version,
      r.scheme,
      r.total,
      r.max_total,
      r.percentage,
      r.division,
      r.credits_registered,
      r.credits_earned,
      r.credit_points,
      r.sgpa,
      r.cgpa,
      r.result,
      JSON.stringify(r.backlogs),
      JSON.stringify(g.backlog_reasons),
    ];
    const trailing = [g.digest, g.first_attempt, current?.version ?? null];
    rows.push(
      Buffer.from(`${leading.map(copyField).join('\t')}\t`),
      copyJson(g.lines),
      TAB,
      copyJson(g.explanation),
      Buffer.from(`\t${trailing.map(copyField).join('\t')}`),
      NEWLINE,
    );
    written += 1;
  }
  if (rows.length) {
    await tx.copyFrom(`student_result (${WRITTEN})`, Buffer.concat(rows));
  }
  if (diffs.length) {
    await tx.execute(
      `INSERT INTO result_diff (run_id, student_id, change, changes) SELECT run_id, student_id, change, changes FROM jsonb_to_recordset($1::jsonb) AS x(run_id text, student_id text, change text, changes jsonb)`,
      [JSON.stringify(diffs)],
    );
  }
  if (findings.length) {
    await tx.execute(
      `INSERT INTO result_exception (run_id, seq, student_id, paper_id, attempt_id, component, code, message)
       SELECT $1, x.seq, x.student_id, x.paper_id, x.attempt_id, x.component, x.code, left(x.message, 500)
         FROM jsonb_to_recordset($2::jsonb) AS x(seq int, student_id text, paper_id text, attempt_id text, component text, code text, message text)
       ON CONFLICT (run_id, seq) DO NOTHING`,
      [run.run_id, JSON.stringify(findings.map((f, i) => ({ ...f, seq: seqStart + i + 1 })))],
    );
  }
  return { changed: diffs.length, versions: written };
}

/** The lines of the given stored versions, by `key|version`. */
async function linesOf(tx: SqlTransaction, rows: StoredRow[]): Promise<Map<string, ResultLine[]>> {
  if (!rows.length) return new Map();
  const found = await q<Key & { version: number; lines: ResultLine[] }>(
    tx,
    `SELECT student_id, exam_id, session_id, course_comb_id, sem_id, version, lines FROM student_result r
      WHERE ${BATCH_MATCH} AND (r.student_id, r.exam_id, r.session_id, r.course_comb_id, r.sem_id, r.version) IN (SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[]))`,
    [...keyArrays(rows), rows.map((r) => r.version)],
  );
  return new Map(found.map((f) => [`${keyOf(f)}|${f.version}`, f.lines]));
}
