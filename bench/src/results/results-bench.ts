// The results bench (issue 15, S8): one result run over 100,000 students × 6 papers (600,000 attempts)
// through the real API (POST /api/resultrun as a job: marks of record, conduct, rule set, the grading engine
// with explanations, versioned student_result rows, exceptions and the diff) beside the floor in the same
// run: one hand-written SQL statement computing the same SGPAs (CBCS bands, component minima, ALL_ATTEMPTED,
// half-up) without explanations. Every student's SGPA from the run is compared with the floor's: the bench is
// also a cross-check of the engine.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { cbcsDefault } from '@exam/contracts';
import { BENCH_PASSWORD, fillDatabase, recreateDatabase } from '../generate.ts';
import { scales } from '../scale.ts';
import { renderRowsSection, seconds, type Row } from '../rows-section.ts';
import { apiServer, freePort, startServer } from '../servers.ts';

const ADMIN_EMAIL = 'admin@bench.example';
export const EXAM = 'RESULT-BENCH-2025';
export const PAPERS = 6;

export interface ResultsBenchOptions {
  serverUrl: string;
  students: number;
  /** The database the bench drops and creates (named exam_bench*; default exam_bench_results). */
  database?: string;
}
export interface ResultsBenchReport {
  startedAt: Date;
  options: ResultsBenchOptions;
  rows: Row[];
  notes: string[];
}

/**
 * One course-semester of the tiny scale made a CBCS semester of six theory papers (100 = ext 75, min 27 + int
 * 25, min 9; pass 36; 4 credits each), and `students` candidates with LOCKED marks of record: most pass,
 * about 3 % fail an external far below its minimum (beyond any grace), 0.5 % are absent in one paper.
 */
export async function fill(db: pg.Client, students: number) {
  const q = (sql: string, params: unknown[] = []) => db.query(sql, params);
  const {
    rows: [key],
  } = await q(
    `SELECT session_id, course_comb_id, sem_id FROM paperinfosem GROUP BY 1, 2, 3
        ORDER BY count(*) DESC, 1 DESC, 2, 3 LIMIT 1`,
  );
  const scope = [key.session_id, key.course_comb_id, key.sem_id];
  await q('BEGIN');
  // Enough papers in the semester: copies of one of its rows for papers it does not have yet.
  await q(
    `INSERT INTO paperinfosem (session_id, course_comb_id, sem_id, paper_id, group_status, group_code,
        th_pr_status, paper_score_status, paper_type, elective_status)
           SELECT s.session_id, s.course_comb_id, s.sem_id, p.paper_id, s.group_status, s.group_code,
             s.th_pr_status, s.paper_score_status, 0, s.elective_status
             FROM (SELECT * FROM paperinfosem WHERE session_id = $1 AND course_comb_id = $2 AND sem_id = $3
               LIMIT 1) s
            CROSS JOIN (SELECT paper_id FROM paper WHERE paper_id NOT IN (SELECT paper_id FROM paperinfosem
              WHERE session_id = $1 AND course_comb_id = $2 AND sem_id = $3) ORDER BY paper_id
              LIMIT ${PAPERS}) p`,
    scope,
  );
  // Only the six papers the candidates take stay in the semester (the run reads every paper of it).
  await q(
    `DELETE FROM paperinfosem p WHERE session_id = $1 AND course_comb_id = $2 AND sem_id = $3
             AND paper_id NOT IN (SELECT paper_id FROM paperinfosem WHERE session_id = $1
               AND course_comb_id = $2 AND sem_id = $3 ORDER BY paper_id LIMIT ${PAPERS})`,
    scope,
  );
  await q(
    `UPDATE paperinfosem
        SET max_marks = '100', min_marks = '36', ext_max_marks = '75', ext_min_marks = '27',
        int_max_marks = '25', int_min_marks = '9',
             th_pr_status = 'TH', paper_score_status = 'Y', credit_point = '4', paper_type = 0
               WHERE session_id = $1 AND course_comb_id = $2 AND sem_id = $3`,
    scope,
  );
  await q(
    `INSERT INTO ruleset (ruleset_id, version, scheme, title, rules, status)
        VALUES ($1, $2, 'NEW', $3, $4, 'ACTIVE') ON CONFLICT DO NOTHING`,
    [cbcsDefault.ruleset_id, cbcsDefault.version, cbcsDefault.title, JSON.stringify(cbcsDefault.rules)],
  );
  await q(
    `INSERT INTO exam (exam_id, exam_desc, active_status, session_id) VALUES ($1, 'Results bench', 1, $2)`,
    [EXAM, key.session_id],
  );
  await q(
    `INSERT INTO exam_ccinfo (exam_id, session_id, course_comb_id, sem_id, phase, coding)
        VALUES ($1, $2, $3, $4, 'TABULATION', 'OFF')`,
    [EXAM, ...scope],
  );
  await q(
    `INSERT INTO college (college_id, college_name, college_type, district, is_centre)
        SELECT 'R' || lpad(i::text, 3, '0'), 'Bench College ' || i, 'AIDED', 'D', 0
        FROM generate_series(1, 50) AS i`,
  );
  await q(
    `INSERT INTO student (student_id, name_en, dob, gender, category, college_id, admission_session_id)
           SELECT 'RS' || lpad(i::text, 7, '0'), 'Candidate ' || i, '2005-01-01', 'F', 'GEN',
             'R' || lpad((1 + i % 50)::text, 3, '0'), $2 FROM generate_series(1, $1::int) AS i`,
    [students, key.session_id],
  );
  await q(
    `INSERT INTO student_ccinfo (student_id, session_id, course_comb_id, sem_id, college_id, ruleset_id,
        ruleset_version)
           SELECT 'RS' || lpad(i::text, 7, '0'), $2, $3, $4, 'R' || lpad((1 + i % 50)::text, 3, '0'), $5, $6
             FROM generate_series(1, $1::int) AS i`,
    [students, ...scope, cbcsDefault.ruleset_id, cbcsDefault.version],
  );
  await q(
    `INSERT INTO exam_form (form_id, exam_id, student_id, session_id, course_comb_id, sem_id, college_id,
        candidate_type, status, roll_no)
           SELECT 'RF' || lpad(i::text, 7, '0'), $1, 'RS' || lpad(i::text, 7, '0'), $2, $3, $4,
             'R' || lpad((1 + i % 50)::text, 3, '0'), 'REGULAR', 'ROLL_ALLOTTED', 'RR' || lpad(i::text, 7,
             '0')
             FROM generate_series(1, $5::int) AS i`,
    [EXAM, ...scope, students],
  );
  await q(
    `INSERT INTO attempt (attempt_id, exam_id, student_id, session_id, course_comb_id, sem_id, paper_id,
        form_id, college_id, attempt_type)
           SELECT 'RA' || lpad(i::text, 7, '0') || '-' || p.n, $1, 'RS' || lpad(i::text, 7, '0'), $2, $3, $4,
             p.paper_id, 'RF' || lpad(i::text, 7, '0'), 'R' || lpad((1 + i % 50)::text, 3, '0'), 'REGULAR'
             FROM generate_series(1, $5::int) AS i
            CROSS JOIN (SELECT paper_id, row_number() OVER (ORDER BY paper_id) AS n FROM paperinfosem
              WHERE session_id = $2 AND course_comb_id = $3 AND sem_id = $4) p`,
    [EXAM, ...scope, students],
  );
  // Marks of record as LOCKED batches leave them: an internal 9–25 for everyone; an external 27–75, or 0–14
  // (3 %), or AB (0.5 %).
  await q(
    `INSERT INTO mark_record (attempt_id, component, value, status, source)
           SELECT attempt_id, 'INT', 9 + abs(hashtext(attempt_id || 'i')) % 17, NULL, 'BATCH' FROM attempt
             WHERE exam_id = $1`,
    [EXAM],
  );
  await q(
    `INSERT INTO mark_record (attempt_id, component, value, status, source)
           SELECT attempt_id, 'EXT',
                  CASE WHEN h % 200 = 0 THEN NULL WHEN h % 33 = 0 THEN h % 15 ELSE 27 + h % 49 END,
                  CASE WHEN h % 200 = 0 THEN 'AB' END, 'BATCH'
             FROM (SELECT attempt_id, abs(hashtext(attempt_id || 'e')) AS h FROM attempt
               WHERE exam_id = $1) a`,
    [EXAM],
  );
  await q('COMMIT');
  await q('ANALYZE');
  return {
    session_id: key.session_id as string,
    course_comb_id: key.course_comb_id as string,
    sem_id: key.sem_id as string,
  };
}

/**
 * The floor: the same SGPAs in one statement, no explanations, no versions, no exceptions. A paper passes
 * when both components and the total meet their minima; its grade point is the CBCS band of its total (P
 * below 40 % for a pass on the minima, §8.11), 0 for F and AB; SGPA = Σ credit × GP / Σ credit over all
 * attempted papers, half-up.
 */
const FLOOR_SQL = `
  CREATE TEMP TABLE floor_sgpa AS
  SELECT a.student_id, round(sum(4 * gp) / sum(4)::numeric, 2) AS sgpa
    FROM (SELECT a.student_id,
                 CASE WHEN e.status = 'AB' THEN 0
                      WHEN i.value < 9 OR e.value < 27 OR i.value + e.value < 36 THEN 0
                      WHEN i.value + e.value >= 90 THEN 10 WHEN i.value + e.value >= 80 THEN 9
                        WHEN i.value + e.value >= 70 THEN 8
                      WHEN i.value + e.value >= 60 THEN 7 WHEN i.value + e.value >= 50 THEN 6
                        WHEN i.value + e.value >= 45 THEN 5 ELSE 4 END AS gp
            FROM attempt a
            JOIN mark_record i ON i.attempt_id = a.attempt_id AND i.component = 'INT'
            JOIN mark_record e ON e.attempt_id = a.attempt_id AND e.component = 'EXT'
           WHERE a.exam_id = $1) a
   GROUP BY a.student_id`;

export async function runResultsBench(
  options: ResultsBenchOptions,
  log: (line: string) => void = console.log,
): Promise<ResultsBenchReport> {
  const startedAt = new Date();
  const url = await recreateDatabase(options.serverUrl, options.database ?? 'exam_bench_results');
  await fillDatabase(url, scales.tiny, { bcryptRounds: 4 });
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  let t = performance.now();
  const scope = await fill(db, options.students);
  const attempts = options.students * PAPERS;
  log(`filled: ${options.students} students × ${PAPERS} papers in ${seconds(performance.now() - t)}`);
  const rows: Row[] = [];
  const notes: string[] = [
    `${options.students.toLocaleString('en')} students × ${PAPERS} theory papers ` +
      `(${attempts.toLocaleString('en')} attempts) of one CBCS course-semester, marks of record LOCKED ` +
      `(filled by SQL; the marks bench times their entry): ~3 % fail an external far below its minimum, ` +
      `~0.5 % are absent in a paper.`,
  ];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'results-bench-'));
  const server = await startServer(
    apiServer({
      DATABASE_URL: url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      DB_POOL_MAX: '10',
      NODE_ENV: 'production',
      ADMIN_EMAIL,
      ADMIN_PASSWORD: BENCH_PASSWORD,
      LOG_LEVEL: 'warn',
      JOBS_IN_PROCESS: '1',
      DATA_DIR: dataDir,
      DB_STATEMENT_TIMEOUT_MS: '120000',
    }),
    await freePort(),
  );
  try {
    // The floor first (its temp table is compared with the run's rows afterwards).
    t = performance.now();
    await db.query(FLOOR_SQL, [EXAM]);
    const floorMs = performance.now() - t;
    log(`floor: ${seconds(floorMs)}`);

    // A server still checking its migrations (a busy machine) answers 503 for a moment: ask again.
    const whenReady = async (ask: () => Promise<Response>) => {
      for (let tries = 0; ; tries += 1) {
        const answer = await ask();
        if (answer.status !== 503 || tries >= 240) return answer;
        await answer.text();
        await new Promise((r) => setTimeout(r, 500));
      }
    };
    const login = await whenReady(() =>
      fetch(`${server.baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN_EMAIL, password: BENCH_PASSWORD }),
      }),
    );
    const headers = {
      Authorization: `Bearer ${((await login.json()) as { token: string }).token}`,
      'content-type': 'application/json',
    };
    const rssBefore = server.rss();
    const rssSamples: number[] = [];
    const progress: number[] = [];
    const cpuBefore = { api: cpuSecondsOf(server.pid), db: await backendCpu(db) };
    // Wall time depends on what else the 2 cores run; the load says how quiet the machine was.
    notes.push(`Machine load average (1 min) when the run started: ${os.loadavg()[0]!.toFixed(2)}.`);
    t = performance.now();
    const started = await fetch(`${server.baseUrl}/api/resultrun`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ exam_id: EXAM, ...scope, scheme: 'NEW', allow_result_later: false }),
    });
    if (started.status !== 202) throw new Error(`resultrun: ${started.status} ${await started.text()}`);
    const { job } = (await started.json()) as { job: { job_id: string } };
    let finished: { status: string; done: number; total: number; message: string | null; errors?: unknown };
    for (;;) {
      finished = (
        (await (await fetch(`${server.baseUrl}/api/job/${job.job_id}`, { headers })).json()) as {
          job: typeof finished;
        }
      ).job;
      rssSamples.push(server.rss());
      if (progress.at(-1) !== finished.done) progress.push(finished.done);
      if (['succeeded', 'failed', 'cancelled'].includes(finished.status)) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const runMs = performance.now() - t;
    const dbAfter = await backendCpu(db);
    const cpu = {
      api: cpuSecondsOf(server.pid) - cpuBefore.api,
      db: [...dbAfter].reduce((sum, [pid, s]) => sum + s - (cpuBefore.db.get(pid) ?? 0), 0),
    };
    if (finished.status !== 'succeeded')
      notes.push(`run job ${finished.status}: ${finished.message} ${JSON.stringify(finished.errors ?? '')}`);
    const ratio = floorMs / runMs;
    rows.push({
      what:
        `result run, ${attempts.toLocaleString('en')} attempts with explanations and versioned rows (job ` +
        `${finished.status}); floor: one SQL statement, SGPAs only`,
      ours: seconds(runMs),
      baseline: seconds(floorMs),
      goal: "< 60 s and ≥ 0.2 of the floor's speed",
      met: finished.status === 'succeeded' && runMs < 60_000 && ratio >= 0.2,
    });
    rows.push({
      what: 'speed against the floor (floor time / run time)',
      ours: ratio.toFixed(3),
      baseline: '1',
      goal: '≥ 0.2',
      met: ratio >= 0.2,
    });
    const quarter = Math.max(1, Math.floor(rssSamples.length / 4));
    const early = Math.max(...rssSamples.slice(0, quarter));
    const late = Math.max(...rssSamples.slice(-quarter));
    rows.push({
      what:
        `server memory (VmRSS MB): before ${rssBefore.toFixed(0)}, peak in the first quarter ` +
        `${early.toFixed(0)}, in the last quarter ${late.toFixed(0)}, overall peak ` +
        `${server.peakRss().toFixed(0)}`,
      ours: `${(late - early).toFixed(0)} MB growth`,
      baseline: '—',
      goal: 'flat (< 100 MB growth first to last quarter)',
      met: late - early < 100,
    });
    rows.push({
      what:
        'CPU time during the run (user + system; wall time depends on what else the 2 cores run, CPU time ' +
        'much less)',
      ours: `API ${cpu.api.toFixed(1)} s, PostgreSQL ${cpu.db.toFixed(1)} s`,
      baseline: '—',
      goal: '—',
      met: true,
    });
    rows.push({
      what:
        `progress reports seen while polling every 0.5 s (done counts of ` +
        `${options.students.toLocaleString('en')} students)`,
      ours: String(progress.length),
      baseline: '—',
      goal: 'visible throughout',
      met: progress.length >= 5,
    });

    // Cross-check: every student's SGPA from the run equals the floor's.
    const {
      rows: [check],
    } = await db.query(
      `SELECT count(*)::int AS students,
          count(*) FILTER (WHERE r.sgpa IS DISTINCT FROM f.sgpa::text)::int AS different,
              count(*) FILTER (WHERE json_array_length(r.explanation) = 0)::int AS unexplained
         FROM floor_sgpa f LEFT JOIN student_result r ON r.student_id = f.student_id AND r.exam_id = $1`,
      [EXAM],
    );
    rows.push({
      what:
        `SGPAs equal to the floor's (of ${check.students.toLocaleString('en')} students); results without ` +
        `an explanation`,
      ours: `${check.students - check.different} equal, ${check.unexplained} unexplained`,
      baseline: '—',
      goal: 'all equal, none unexplained',
      met: check.different === 0 && check.unexplained === 0,
    });
    if (check.different) {
      const { rows: sample } = await db.query(
        `SELECT f.student_id, f.sgpa AS floor, r.sgpa AS ours, r.result FROM floor_sgpa f
            LEFT JOIN student_result r ON r.student_id = f.student_id AND r.exam_id = $1
            WHERE r.sgpa IS DISTINCT FROM f.sgpa::text LIMIT 5`,
        [EXAM],
      );
      notes.push(`SGPA differences (first 5): ${JSON.stringify(sample)}`);
    }
    for (const r of rows) log(JSON.stringify(r));
  } finally {
    await server.stop();
    await db.end();
  }
  return { startedAt, options, rows, notes };
}

export function renderResultsSection(report: ResultsBenchReport, notes: string): string {
  return renderRowsSection({
    name: 'results',
    title: 'Results (result run)',
    command:
      `pnpm --filter @exam/bench results --students ${report.options.students}` +
      (report.options.database ? ` --db ${report.options.database}` : ''),
    startedAt: report.startedAt,
    baseline: 'floor (same run)',
    rows: report.rows,
    notes: report.notes,
    findings: notes,
  });
}

/** User + system CPU seconds a process has used (Linux /proc). */
export function cpuSecondsOf(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds of every server process of this database's connections, by pid (PostgreSQL on this machine).
 */
export async function backendCpu(db: pg.Client): Promise<Map<number, number>> {
  const { rows } = await db.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
  );
  return new Map(rows.map((r) => [r.pid, cpuSecondsOf(r.pid)]));
}
