// The conduct bench (issue 14): seating of one sitting with 20,000 candidates across 400 rooms at one centre,
// through the real API (POST /api/seating/{slot}/{centre}/generate, a job: candidates read, placed under the
// S5 rules with no same paper side by side, seats and report written), then finalize (20,000 attendance rows
// PRESENT, a sheet per paper). Beside it the baseline: one INSERT … SELECT with row_number() putting
// candidates into seats in roll order with no adjacency rule, in a transaction rolled back.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { BENCH_PASSWORD, fillDatabase, recreateDatabase } from '../generate.ts';
import { scales } from '../scale.ts';
import { apiServer, freePort, startServer } from '../servers.ts';

const ADMIN_EMAIL = 'admin@bench.example';
const EXAM = 'EX00001';
const CENTRE = 'BC01';

export interface ConductBenchOptions {
  serverUrl: string;
  candidates: number;
  rooms: number;
  papers: number;
}
export interface Row {
  what: string;
  ours: string;
  baseline: string;
  goal: string;
  met: boolean;
}
export interface ConductBenchReport {
  startedAt: Date;
  options: ConductBenchOptions;
  rows: Row[];
  notes: string[];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function fill(db: pg.Client, { candidates, rooms, papers }: ConductBenchOptions) {
  const q = (sql: string) => db.query(sql);
  await q('BEGIN');
  await q(
    `INSERT INTO college (college_id, college_name, college_type, district, is_centre)
        VALUES ('${CENTRE}', 'Bench Centre College', 'GOVT', 'District 1', 1)`,
  );
  await q(
    `INSERT INTO centre (centre_id, centre_name, college_id, updated_at)
        VALUES ('${CENTRE}', 'Bench Centre', '${CENTRE}', now())`,
  );
  // Rooms of 6 × 10 desks, all 60 used (400 rooms: 24,000 seats for 20,000 candidates).
  await q(
    `INSERT INTO room (centre_id, room_no, rows, cols, capacity, updated_at)
        SELECT '${CENTRE}', 'R' || lpad(i::text, 4, '0'), 6, 10, 60, now()
        FROM generate_series(1, ${rooms}) AS i`,
  );
  // The papers: the first paper of `papers` course-semesters of the exam's session, all on one date,
  // forenoon.
  await q(`CREATE TEMP TABLE link AS
           SELECT row_number() OVER (ORDER BY c.course_comb_id, c.sem_id) - 1 AS n, c.session_id,
             c.course_comb_id, c.sem_id,
                  (SELECT min(paper_id) FROM paperinfosem p
                    WHERE (p.session_id, p.course_comb_id, p.sem_id) = (c.session_id, c.course_comb_id,
                    c.sem_id)) AS paper_id
             FROM ccinfo_sem c WHERE c.session_id = (SELECT session_id FROM exam WHERE exam_id = '${EXAM}')
              AND EXISTS (SELECT 1 FROM paperinfosem p
                WHERE (p.session_id, p.course_comb_id, p.sem_id) = (c.session_id, c.course_comb_id, c.sem_id))
            ORDER BY c.course_comb_id, c.sem_id LIMIT ${papers}`);
  await q(
    `DELETE FROM link WHERE paper_id IN (SELECT paper_id FROM link GROUP BY paper_id HAVING count(*) > 1)
        AND n NOT IN (SELECT min(n) FROM link GROUP BY paper_id)`,
  );
  await q(
    `INSERT INTO exam_ccinfo (exam_id, session_id, course_comb_id, sem_id, phase, updated_at)
        SELECT '${EXAM}', session_id, course_comb_id, sem_id, 'ROLL_ALLOTTED', now() FROM link`,
  );
  await q(`INSERT INTO timetable_slot (slot_id, exam_id, paper_id, courses, date, shift, start_time,
      duration_minutes, updated_at)
           SELECT 'TS' || n, '${EXAM}', paper_id, session_id || '/' || course_comb_id || '/' || sem_id,
             '2025-03-03', 'FN', '09:00', 180, now() FROM link`);
  await q(
    `INSERT INTO timetable_slot_course (exam_id, session_id, course_comb_id, sem_id, paper_id, slot_id)
        SELECT '${EXAM}', session_id, course_comb_id, sem_id, paper_id, 'TS' || n FROM link`,
  );
  const linkCount = Number((await db.query('SELECT count(*) AS n FROM link')).rows[0].n);
  await q(`INSERT INTO student (student_id, name_en, dob, gender, category, college_id, admission_session_id)
           SELECT 'CS' || lpad(i::text, 7, '0'), 'Candidate ' || i, '2005-01-01', 'F', 'GEN', '${CENTRE}',
             (SELECT session_id FROM exam WHERE exam_id = '${EXAM}')
             FROM generate_series(0, ${candidates} - 1) AS i`);
  // Rolls numbered paper by paper (candidate i writes paper i × papers / candidates), as roll allotment
  // numbers course by course.
  await q(`INSERT INTO exam_form (form_id, exam_id, student_id, session_id, course_comb_id, sem_id,
      college_id, candidate_type, status, roll_no, centre_id, updated_at)
           SELECT 'CF' || i, '${EXAM}', 'CS' || lpad(i::text, 7, '0'), l.session_id, l.course_comb_id,
             l.sem_id, '${CENTRE}', 'REGULAR', 'ROLL_ALLOTTED', 'RB' || lpad(i::text, 7, '0'), '${CENTRE}',
             now()
             FROM generate_series(0, ${candidates} - 1) AS i
               JOIN link l ON l.n = (i::bigint * ${linkCount}) / ${candidates}`);
  await q(`INSERT INTO attempt (attempt_id, exam_id, student_id, session_id, course_comb_id, sem_id, paper_id,
      form_id, college_id, attempt_type, updated_at)
           SELECT 'CA' || substr(f.form_id, 3), f.exam_id, f.student_id, f.session_id, f.course_comb_id,
             f.sem_id, l.paper_id, f.form_id, f.college_id, 'REGULAR', now()
             FROM exam_form f JOIN link l USING (session_id, course_comb_id, sem_id)
               WHERE f.exam_id = '${EXAM}'`);
  await q(`INSERT INTO admit_card (exam_id, student_id, form_id, college_id, roll_no, centre_id, status,
      updated_at)
           SELECT exam_id, student_id, form_id, college_id, roll_no, centre_id, 'PUBLISHED', now()
             FROM exam_form WHERE exam_id = '${EXAM}'`);
  await q('COMMIT');
  await q('ANALYZE');
  return { papers: linkCount };
}

/**
 * The baseline: every candidate into the next seat in roll order (column by column, room by room), no
 * adjacency rule.
 */
const BASELINE_SQL = `
  INSERT INTO seat_allocation (slot_id, centre_id, room_no, "row", col, exam_id, student_id, roll_no,
    paper_id, paper_slot_id)
  WITH c AS (
    SELECT a.exam_id, a.student_id, ac.roll_no, a.paper_id, tsc.slot_id,
      row_number() OVER (ORDER BY ac.roll_no) - 1 AS k
      FROM timetable_slot_course tsc
      JOIN attempt a ON (a.exam_id, a.session_id, a.course_comb_id, a.sem_id, a.paper_id) = (tsc.exam_id,
        tsc.session_id, tsc.course_comb_id, tsc.sem_id, tsc.paper_id)
      JOIN admit_card ac ON ac.exam_id = a.exam_id AND ac.student_id = a.student_id
        AND ac.status = 'PUBLISHED'
     WHERE tsc.slot_id IN (SELECT slot_id FROM timetable_slot WHERE date = '2025-03-03' AND shift = 'FN')
       AND ac.centre_id = $1),
  s AS (SELECT r.room_no, (g.i % r.rows) + 1 AS "row", (g.i / r.rows) + 1 AS col,
               row_number() OVER (ORDER BY r.room_no, g.i) - 1 AS k
          FROM room r CROSS JOIN LATERAL generate_series(0, r.capacity - 1) AS g(i) WHERE r.centre_id = $1)
  SELECT 'TS0', $1, s.room_no, s."row", s.col, c.exam_id, c.student_id, c.roll_no, c.paper_id, c.slot_id
    FROM c JOIN s USING (k)`;

export async function runConductBench(
  options: ConductBenchOptions,
  log: (line: string) => void = console.log,
): Promise<ConductBenchReport> {
  const startedAt = new Date();
  const url = await recreateDatabase(options.serverUrl, 'exam_bench_conduct');
  await fillDatabase(url, scales.tiny, { bcryptRounds: 4 });
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  let t = performance.now();
  const { papers } = await fill(db, options);
  log(
    `filled: ${options.candidates} candidates of ${papers} papers in one sitting, ${options.rooms} ` +
      `rooms, in ${seconds(performance.now() - t)}`,
  );
  const rows: Row[] = [];
  const notes: string[] = [
    `${options.candidates} candidates with published admit cards, ${papers} papers in one sitting (rolls ` +
      `numbered paper by paper, as roll allotment numbers course by course), one centre of ` +
      `${options.rooms} rooms of 6 × 10 desks (capacity 60).`,
  ];

  // Baseline first, on the same data, rolled back (it needs a plan row to hang its seats on).
  await db.query('BEGIN');
  await db.query(
    `INSERT INTO seating (slot_id, centre_id, date, shift, updated_at)
        VALUES ('TS0', $1, '2025-03-03', 'FN', now())`,
    [CENTRE],
  );
  t = performance.now();
  const placed = await db.query(BASELINE_SQL, [CENTRE]);
  const bareMs = performance.now() - t;
  const bareSame = Number(
    (
      await db.query(
        `SELECT count(*) AS n FROM seat_allocation a JOIN seat_allocation b ON b.slot_id = a.slot_id
            AND b.room_no = a.room_no AND b."row" = a."row" AND b.col = a.col + 1 AND b.paper_id = a.paper_id
            WHERE a.slot_id = 'TS0'`,
      )
    ).rows[0].n,
  );
  await db.query('ROLLBACK');
  log(`baseline: ${placed.rowCount} seated in ${seconds(bareMs)}, ${bareSame} same-paper neighbours`);

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
      DB_STATEMENT_TIMEOUT_MS: '120000',
    }),
    await freePort(),
  );
  try {
    const login = await fetch(`${server.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: BENCH_PASSWORD }),
    });
    const headers = {
      Authorization: `Bearer ${((await login.json()) as { token: string }).token}`,
      'content-type': 'application/json',
    };
    t = performance.now();
    const started = await fetch(`${server.baseUrl}/api/seating/TS0/${CENTRE}/generate`, {
      method: 'POST',
      headers,
      body: '{}',
    });
    if (started.status !== 202)
      throw new Error(`generate answered ${started.status}: ${await started.text()}`);
    const { job } = (await started.json()) as { job: { job_id: string } };
    let finished: {
      status: string;
      result?: { seated: number; unseated: number; message: string };
      message?: string;
    } = { status: 'queued' };
    while (!['succeeded', 'failed', 'cancelled'].includes(finished.status)) {
      await new Promise((r) => setTimeout(r, 50));
      finished = (
        (await (await fetch(`${server.baseUrl}/api/job/${job.job_id}`, { headers })).json()) as {
          job: typeof finished;
        }
      ).job;
    }
    const ourMs = performance.now() - t;
    if (finished.status !== 'succeeded')
      throw new Error(`the seating job ${finished.status}: ${JSON.stringify(finished)}`);
    const same = Number(
      (
        await db.query(
          `SELECT count(*) AS n FROM seat_allocation a JOIN seat_allocation b ON b.slot_id = a.slot_id
              AND b.room_no = a.room_no AND b."row" = a."row" AND b.col = a.col + 1
              AND b.paper_id = a.paper_id WHERE a.slot_id = 'TS0'`,
        )
      ).rows[0].n,
    );
    log(`ours: ${finished.result?.message} in ${seconds(ourMs)}, ${same} same-paper neighbours`);
    rows.push({
      what:
        `seating ${options.candidates} candidates, ${options.rooms} rooms (job: read, place, write seats + ` +
        `report; ${finished.result?.seated} seated, ${same} same-paper neighbours; baseline ${bareSame})`,
      ours: seconds(ourMs),
      baseline: seconds(bareMs),
      goal: '< 10 s',
      met: ourMs < 10_000 && same === 0 && finished.result?.unseated === 0,
    });
    t = performance.now();
    const plan = (
      (await (await fetch(`${server.baseUrl}/api/seating/TS0/${CENTRE}`, { headers })).json()) as {
        seating: { updated_at: string };
      }
    ).seating;
    const fin = await fetch(`${server.baseUrl}/api/seating/TS0/${CENTRE}/finalize`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ updated_at: plan.updated_at }),
    });
    const finMs = performance.now() - t;
    if (fin.status !== 200) throw new Error(`finalize answered ${fin.status}: ${await fin.text()}`);
    const att = Number(
      (await db.query(`SELECT count(*) AS n FROM attendance WHERE centre_id = $1`, [CENTRE])).rows[0].n,
    );
    rows.push({
      what: `finalize: ${att} attendance rows PRESENT and a sheet per paper, in the action's transaction`,
      ours: seconds(finMs),
      baseline: '—',
      goal: '—',
      met: att === options.candidates,
    });
  } finally {
    await server.stop();
    await db.end();
  }
  return { startedAt, options, rows, notes };
}

export function renderConductSection(report: ConductBenchReport, notes: string): string {
  const cpus = os.cpus();
  return [
    '<!-- conduct:start -->',
    '## Conduct: seating',
    '',
    `\`pnpm --filter @exam/bench conduct\` on ${report.startedAt.toISOString().slice(0, 16)}Z, ` +
      `${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, PostgreSQL from DATABASE_URL. ${report.notes.join(' ')}`,
    '',
    '| measurement | ours (API) | baseline | goal | met |',
    '| --- | --- | --- | --- | --- |',
    ...report.rows.map(
      (r) => `| ${r.what} | ${r.ours} | ${r.baseline} | ${r.goal} | ${r.met ? 'yes' : 'no'} |`,
    ),
    '',
    notes.trim(),
    '<!-- conduct:end -->',
  ].join('\n');
}
