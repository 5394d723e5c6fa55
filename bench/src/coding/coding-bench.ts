// The coding bench (issue 14, S6): decode of 100,000 answer books through the real API (POST /api/decode as a
// job: the LOCKED award lists joined to the attempts through the coding map, exceptions, marks of record
// written by the marks module) beside a baseline in the same run: one bare `UPDATE ... FROM` join doing the
// same mapping (rolled back). Assigning the numbers and making the packets (each opening its two award-list
// batches) are timed too.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { BENCH_PASSWORD, fillDatabase, recreateDatabase } from '../generate.ts';
import { scales } from '../scale.ts';
import { renderRowsSection, seconds, type Row } from '../rows-section.ts';
import { apiServer, freePort, startServer } from '../servers.ts';

const ADMIN_EMAIL = 'admin@bench.example';
const EXAM = 'CODE-BENCH-2025';

export interface CodingBenchOptions {
  serverUrl: string;
  books: number;
}
export interface CodingBenchReport {
  startedAt: Date;
  options: CodingBenchOptions;
  rows: Row[];
  notes: string[];
}

async function fill(db: pg.Client, books: number) {
  const q = (sql: string, params: unknown[] = []) => db.query(sql, params);
  const {
    rows: [key],
  } = await q(
    `SELECT session_id, course_comb_id, sem_id, paper_id FROM paperinfosem WHERE ext_max_marks ~ '^[0-9]+$'
        ORDER BY session_id DESC, course_comb_id, sem_id, paper_id LIMIT 1`,
  );
  await q('BEGIN');
  await q(
    `INSERT INTO exam (exam_id, exam_desc, active_status, session_id) VALUES ($1, 'Coding bench', 1, $2)`,
    [EXAM, key.session_id],
  );
  await q(
    `INSERT INTO exam_ccinfo (exam_id, session_id, course_comb_id, sem_id, phase, coding)
        VALUES ($1, $2, $3, $4, 'CONDUCTED', 'ON')`,
    [EXAM, key.session_id, key.course_comb_id, key.sem_id],
  );
  await q(
    `INSERT INTO college (college_id, college_name, college_type, district, is_centre)
        SELECT 'K' || lpad(i::text, 3, '0'), 'Bench College ' || i, 'AIDED', 'D', 1
        FROM generate_series(1, 50) AS i`,
  );
  await q(`INSERT INTO centre (centre_id, centre_name) VALUES ('KC1', 'Bench centre')`);
  await q(
    `INSERT INTO student (student_id, name_en, dob, gender, category, college_id, admission_session_id)
           SELECT 'KS' || lpad(i::text, 7, '0'), 'Candidate ' || i, '2005-01-01', 'M', 'GEN',
             'K' || lpad((1 + i % 50)::text, 3, '0'), $2 FROM generate_series(1, $1::int) AS i`,
    [books, key.session_id],
  );
  await q(
    `INSERT INTO exam_form (form_id, exam_id, student_id, session_id, course_comb_id, sem_id, college_id,
        candidate_type, status, roll_no)
           SELECT 'KF' || lpad(i::text, 7, '0'), $1, 'KS' || lpad(i::text, 7, '0'), $2, $3, $4,
             'K' || lpad((1 + i % 50)::text, 3, '0'), 'REGULAR', 'ROLL_ALLOTTED', 'KR' || lpad(i::text, 7,
             '0')
             FROM generate_series(1, $5::int) AS i`,
    [EXAM, key.session_id, key.course_comb_id, key.sem_id, books],
  );
  await q(
    `INSERT INTO attempt (attempt_id, exam_id, student_id, session_id, course_comb_id, sem_id, paper_id,
        form_id, college_id, attempt_type)
           SELECT 'KA' || lpad(i::text, 7, '0'), $1, 'KS' || lpad(i::text, 7, '0'), $2, $3, $4, $5,
             'KF' || lpad(i::text, 7, '0'), 'K' || lpad((1 + i % 50)::text, 3, '0'), 'REGULAR'
             FROM generate_series(1, $6::int) AS i`,
    [EXAM, key.session_id, key.course_comb_id, key.sem_id, key.paper_id, books],
  );
  await q(
    `INSERT INTO timetable_slot (slot_id, exam_id, paper_id, courses, date, shift, start_time,
        duration_minutes) VALUES ('KSLOT', $1, $2, $3, '2025-05-10', 'FN', '10:00', 180)`,
    [EXAM, key.paper_id, key.course_comb_id],
  );
  await q(
    `INSERT INTO timetable_slot_course (exam_id, session_id, course_comb_id, sem_id, paper_id, slot_id)
        VALUES ($1, $2, $3, $4, $5, 'KSLOT')`,
    [EXAM, key.session_id, key.course_comb_id, key.sem_id, key.paper_id],
  );
  await q(
    `INSERT INTO attendance (slot_id, student_id, exam_id, paper_id, centre_id, college_id, roll_no, status,
        answer_book_no)
           SELECT 'KSLOT', 'KS' || lpad(i::text, 7, '0'), $1, $2, 'KC1', 'K' || lpad((1 + i % 50)::text, 3,
             '0'), 'KR' || lpad(i::text, 7, '0'), 'PRESENT', 'B' || i
             FROM generate_series(1, $3::int) AS i`,
    [EXAM, key.paper_id, books],
  );
  await q(
    `INSERT INTO attendance_sheet (slot_id, centre_id, exam_id, paper_id, status)
        VALUES ('KSLOT', 'KC1', $1, $2, 'LOCKED')`,
    [EXAM, key.paper_id],
  );
  await q('COMMIT');
  await q('ANALYZE');
  return key as { paper_id: string };
}

/**
 * Award lists as two operators leave them after verification and locking (marks 0–99, one book in 500 BLANK).
 */
async function lockAwardLists(db: pg.Client, paperId: string) {
  await db.query(
    `UPDATE entry_row r SET value = CASE WHEN abs(hashtext(r.fict_no)) % 500 = 0 THEN NULL
        ELSE abs(hashtext(r.fict_no)) % 100 END,
                                         status = CASE
                                           WHEN abs(hashtext(r.fict_no)) % 500 = 0 THEN 'BLANK' END
                    FROM entry_batch b WHERE b.batch_id = r.batch_id AND b.exam_id = $1 AND b.paper_id = $2`,
    [EXAM, paperId],
  );
  await db.query(`UPDATE entry_batch SET status = 'LOCKED' WHERE exam_id = $1 AND paper_id = $2`, [
    EXAM,
    paperId,
  ]);
  await db.query('ANALYZE');
}

/**
 * The baseline: the same mapping as one bare statement (award rows → map → attempts, a value per attempt),
 * rolled back.
 */
const BASELINE_SQL = `
  UPDATE mark_record t SET value = r.value, status = r.status, updated_at = now()
    FROM locked_award_row r JOIN coding_map m ON m.exam_id = r.exam_id AND m.fict_no = r.fict_no
   WHERE r.exam_id = $1 AND r.paper_id = $2 AND t.attempt_id = m.attempt_id AND t.component = 'EXT'`;

export async function runCodingBench(
  options: CodingBenchOptions,
  log: (line: string) => void = console.log,
): Promise<CodingBenchReport> {
  const startedAt = new Date();
  const url = await recreateDatabase(options.serverUrl, 'exam_bench_coding');
  await fillDatabase(url, scales.tiny, { bcryptRounds: 4 });
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  let t = performance.now();
  const { paper_id: paper } = await fill(db, options.books);
  log(`filled: ${options.books} PRESENT attempts of paper ${paper} in ${seconds(performance.now() - t)}`);
  const rows: Row[] = [];
  const notes: string[] = [
    `${options.books.toLocaleString('en')} PRESENT candidates of one paper, attendance LOCKED; award ` +
      `lists filled and LOCKED by SQL between packets and decode (the marks bench times their entry).`,
  ];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coding-bench-'));
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
    const login = await fetch(`${server.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: BENCH_PASSWORD }),
    });
    const headers = {
      Authorization: `Bearer ${((await login.json()) as { token: string }).token}`,
      'content-type': 'application/json',
    };
    const call = async (what: string, method: string, p: string) => {
      const start = performance.now();
      const res = await fetch(`${server.baseUrl}/api${p}`, {
        method,
        headers,
        body: method === 'POST' ? '{}' : undefined,
      });
      const body = (await res.json()) as Record<string, unknown>;
      if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(body)}`);
      return { ms: performance.now() - start, body };
    };
    const assign = await call('assign', 'POST', `/coding/${EXAM}/${paper}/assign`);
    rows.push({
      what: `assign fictitious numbers, ${options.books.toLocaleString('en')} books (crypto shuffle)`,
      ours: seconds(assign.ms),
      baseline: '—',
      goal: '—',
      met: true,
    });
    log(JSON.stringify(rows.at(-1)));
    const follow = async (jobId: string) => {
      for (;;) {
        const { job } = (await (await fetch(`${server.baseUrl}/api/job/${jobId}`, { headers })).json()) as {
          job: { status: string; result: Record<string, number> | null; message: string | null };
        };
        if (['succeeded', 'failed', 'cancelled'].includes(job.status)) return job;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const packetsStart = performance.now();
    const packets = await call('packets', 'POST', `/coding/${EXAM}/${paper}/packets`);
    if (packets.body.job) {
      const job = await follow((packets.body.job as { job_id: string }).job_id);
      if (job.status !== 'succeeded') throw new Error(`packets job: ${job.message}`);
    }
    packets.ms = performance.now() - packetsStart;
    const made = (
      (await call('coding', 'GET', `/coding/${EXAM}/${paper}`)).body.coding as { packets: number }
    ).packets;
    rows.push({
      what:
        `make ${made.toLocaleString('en')} packets of 30 with their award-list batches (entry 1 and ` +
        `2)${packets.body.job ? ', as a job' : ''}`,
      ours: seconds(packets.ms),
      baseline: '—',
      goal: '—',
      met: true,
    });
    log(JSON.stringify(rows.at(-1)));
    await lockAwardLists(db, paper);

    // Baseline: one bare UPDATE ... FROM join (marks of record rows exist for it to update), rolled back.
    await db.query('BEGIN');
    await db.query(
      `INSERT INTO mark_record (attempt_id, component, status, source)
          SELECT attempt_id, 'EXT', 'RL', 'AWARD_LIST' FROM attempt WHERE exam_id = $1 AND paper_id = $2`,
      [EXAM, paper],
    );
    await db.query('ANALYZE mark_record');
    t = performance.now();
    const bare = await db.query(BASELINE_SQL, [EXAM, paper]);
    const bareMs = performance.now() - t;
    await db.query('ROLLBACK');

    t = performance.now();
    const started = await fetch(`${server.baseUrl}/api/decode/${EXAM}/${paper}`, { method: 'POST', headers });
    if (started.status !== 202) throw new Error(`decode: ${started.status} ${await started.text()}`);
    const { job } = (await started.json()) as { job: { job_id: string } };
    let finished: {
      status: string;
      result: { decoded: number; result_later: number; exceptions: number } | null;
      message: string | null;
    };
    for (;;) {
      finished = (
        (await (await fetch(`${server.baseUrl}/api/job/${job.job_id}`, { headers })).json()) as {
          job: typeof finished;
        }
      ).job;
      if (['succeeded', 'failed', 'cancelled'].includes(finished.status)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const decodeMs = performance.now() - t;
    rows.push({
      what:
        `decode, ${options.books.toLocaleString('en')} books (job ${finished.status}: ` +
        `${finished.result?.decoded ?? 0} marks, ${finished.result?.exceptions ?? 0} exceptions; baseline ` +
        `updated ${bare.rowCount})`,
      ours: seconds(decodeMs),
      baseline: seconds(bareMs),
      goal: '< 30 s',
      met: finished.status === 'succeeded' && decodeMs < 30_000,
    });
    log(JSON.stringify(rows.at(-1)));
    if (finished.status !== 'succeeded') notes.push(`decode job: ${finished.message}`);
  } finally {
    await server.stop();
    await db.end();
  }
  return { startedAt, options, rows, notes };
}

export function renderCodingSection(report: CodingBenchReport, notes: string): string {
  return renderRowsSection({
    name: 'coding',
    title: 'Coding (decode)',
    command: `pnpm --filter @exam/bench coding --books ${report.options.books}`,
    startedAt: report.startedAt,
    baseline: 'baseline (same run)',
    rows: report.rows,
    notes: report.notes,
    findings: notes,
  });
}
