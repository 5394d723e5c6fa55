// The exam-forms bench (issue 13): clash detection over 100,000 candidates, roll allotment of 100,000
// approved forms as a job, and a college's 10,000 admit cards as one streamed PDF, each through the real API
// and beside a baseline: the same clash query run bare with pg, roll numbers given by one SQL UPDATE (rolled
// back), and the PDF engine's own sample admit card streamed with no database
// (packages/pdf/bench/pdf-bench.ts).
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { BENCH_PASSWORD, fillDatabase, recreateDatabase } from '../generate.ts';
import { scales } from '../scale.ts';
import { apiServer, freePort, startServer } from '../servers.ts';

const ADMIN_EMAIL = 'admin@bench.example';
const EXAM = 'EX00001';
const LINKS = 20;
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

export interface ExamFormsBenchOptions {
  serverUrl: string;
  candidates: number;
  cards: number;
}
export interface Row {
  what: string;
  ours: string;
  baseline: string;
  goal: string;
  met: boolean;
}
export interface ExamFormsBenchReport {
  startedAt: Date;
  options: ExamFormsBenchOptions;
  rows: Row[];
  notes: string[];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function fill(db: pg.Client, candidates: number, cards: number, dataDir: string) {
  const fixture = (name: string) => fs.readFileSync(path.join(repoRoot, 'packages/pdf/test/fixtures', name));
  const files = path.join(dataDir, 'student-files');
  fs.mkdirSync(files, { recursive: true });
  const stored: Record<string, string> = {};
  for (const [kind, name] of [
    ['photo', 'photo.jpg'],
    ['signature', 'signature.png'],
  ] as const) {
    const content = fixture(name);
    const sha = createHash('sha256').update(content).digest('hex');
    fs.writeFileSync(path.join(files, sha), content);
    stored[kind] = sha;
  }
  const q = (sql: string) => db.query(sql);
  await q('BEGIN');
  await q(`INSERT INTO college (college_id, college_name, college_name_hi, college_type, district, is_centre)
           SELECT 'B' || lpad(i::text, 3, '0'), 'Bench College ' || i, 'बेंच महाविद्यालय ' || i, 'AIDED',
             'District ' || (i % 10), (i % 5 = 1)::int
             FROM generate_series(1, 100) AS i`);
  // The exam's course links: the first LINKS course-semesters of its session, forms closed.
  await q(`CREATE TEMP TABLE link AS
           SELECT row_number() OVER (ORDER BY course_comb_id, sem_id) - 1 AS n, session_id, course_comb_id,
             sem_id
             FROM ccinfo_sem WHERE session_id = (SELECT session_id FROM exam WHERE exam_id = '${EXAM}')
               ORDER BY course_comb_id, sem_id LIMIT ${LINKS}`);
  await q(
    `INSERT INTO exam_ccinfo (exam_id, session_id, course_comb_id, sem_id, phase)
        SELECT '${EXAM}', session_id, course_comb_id, sem_id, 'FORMS_CLOSED' FROM link`,
  );
  // Candidates: `cards` of them in college B001 (the admit-card batch), the rest spread over the others.
  await q(`INSERT INTO student (student_id, name_en, name_hi, father_name_en, father_name_hi, dob, gender,
      category, college_id, admission_session_id, photo_sha256, photo_type, signature_sha256, signature_type)
           SELECT 'BS' || lpad(i::text, 7, '0'), 'Candidate ' || i || ' Sharma', 'परीक्षार्थी क्षितिज शर्मा',
             'Ramesh Sharma', 'रमेश शर्मा', '2005-01-01', 'M', 'GEN',
                  CASE WHEN i < ${cards} THEN 'B001'
                    ELSE 'B' || lpad((2 + i % 99)::text, 3, '0') END, (SELECT session_id FROM exam
                    WHERE exam_id = '${EXAM}'),
                  '${stored.photo}', 'image/jpeg', '${stored.signature}', 'image/png'
             FROM generate_series(0, ${candidates} - 1) AS i`);
  await q(`INSERT INTO exam_form (form_id, exam_id, student_id, session_id, course_comb_id, sem_id,
      college_id, candidate_type, status, updated_at)
           SELECT 'F' || i, '${EXAM}', s.student_id, l.session_id, l.course_comb_id, l.sem_id, s.college_id,
             'REGULAR', 'APPROVED', now()
             FROM generate_series(0, ${candidates} - 1) AS i
               JOIN student s ON s.student_id = 'BS' || lpad(i::text, 7, '0')
               JOIN link l ON l.n = i % ${LINKS}`);
  await q(`INSERT INTO exam_form_paper (form_id, session_id, course_comb_id, sem_id, paper_id, attempt_type)
           SELECT f.form_id, p.session_id, p.course_comb_id, p.sem_id, p.paper_id, 'REGULAR'
             FROM exam_form f JOIN paperinfosem p USING (session_id, course_comb_id, sem_id)
               WHERE f.exam_id = '${EXAM}'`);
  // One candidate in ten also sits a back paper of the next course-semester: the first paper of each
  // course-semester is on day 1, forenoon, so each of them has a clash.
  await q(`INSERT INTO exam_form (form_id, exam_id, student_id, session_id, course_comb_id, sem_id,
      college_id, candidate_type, status, updated_at)
           SELECT 'FB' || i, '${EXAM}', s.student_id, l.session_id, l.course_comb_id, l.sem_id, s.college_id,
             'BACK', 'APPROVED', now()
             FROM generate_series(0, ${candidates} - 1) AS i
               JOIN student s ON s.student_id = 'BS' || lpad(i::text, 7, '0')
               JOIN link l ON l.n = (i + 1) % ${LINKS}
            WHERE i % 10 = 3`);
  await q(`INSERT INTO exam_form_paper (form_id, session_id, course_comb_id, sem_id, paper_id, attempt_type)
           SELECT f.form_id, p.session_id, p.course_comb_id, p.sem_id, p.paper_id, 'BACK'
             FROM exam_form f JOIN LATERAL (SELECT * FROM paperinfosem x
               WHERE (x.session_id, x.course_comb_id, x.sem_id) = (f.session_id, f.course_comb_id, f.sem_id)
               ORDER BY paper_id LIMIT 1) p ON true
            WHERE f.form_id LIKE 'FB%'`);
  // Approval's attempts: one per paper of an approved form.
  await q(`INSERT INTO attempt (attempt_id, exam_id, student_id, session_id, course_comb_id, sem_id, paper_id,
      form_id, college_id, attempt_type)
           SELECT 'A' || row_number() OVER (), f.exam_id, f.student_id, p.session_id, p.course_comb_id,
             p.sem_id, p.paper_id, f.form_id, f.college_id, p.attempt_type
             FROM exam_form f JOIN exam_form_paper p USING (form_id) WHERE f.exam_id = '${EXAM}'`);
  // A slot per paper per course-semester, its papers on consecutive days, all forenoon.
  await q(`INSERT INTO timetable_slot (slot_id, exam_id, paper_id, courses, date, shift, start_time,
      duration_minutes, updated_at)
           SELECT 'T' || l.n || '_' || k.r, '${EXAM}', k.paper_id,
             l.session_id || '/' || l.course_comb_id || '/' || l.sem_id,
                  to_char(DATE '2025-03-02' + (k.r - 1)::int, 'YYYY-MM-DD'), 'FN', '09:00', 180, now()
             FROM link l JOIN LATERAL (SELECT paper_id, row_number() OVER (ORDER BY paper_id) AS r
               FROM paperinfosem p
                                         WHERE (p.session_id, p.course_comb_id, p.sem_id) = (l.session_id,
                                           l.course_comb_id, l.sem_id)) k ON true`);
  await q(`INSERT INTO timetable_slot_course (exam_id, session_id, course_comb_id, sem_id, paper_id, slot_id)
           SELECT '${EXAM}', l.session_id, l.course_comb_id, l.sem_id, s.paper_id, s.slot_id
             FROM timetable_slot s JOIN link l ON s.slot_id LIKE 'T' || l.n || '\\_%'`);
  await q('COMMIT');
  await q('ANALYZE');
  const counts = await db.query(
    `SELECT (SELECT count(*) FROM exam_form) AS forms, (SELECT count(*)
        FROM exam_form_paper) AS papers, (SELECT count(*) FROM timetable_slot) AS slots`,
  );
  return counts.rows[0] as { forms: string; papers: string; slots: string };
}

/** The clash query as clash detection runs it, bare (no API): the baseline. */
const CLASH_SQL = `SELECT a.student_id, s.date, s.shift, array_agg(DISTINCT a.paper_id
    ORDER BY a.paper_id) AS papers, count(*) OVER () AS total
  FROM attempt a
  JOIN timetable_slot_course c ON c.exam_id = a.exam_id AND c.session_id = a.session_id
    AND c.course_comb_id = a.course_comb_id AND c.sem_id = a.sem_id AND c.paper_id = a.paper_id
  JOIN timetable_slot s ON s.slot_id = c.slot_id
 WHERE a.exam_id = $1 GROUP BY s.date, s.shift, a.student_id HAVING min(s.slot_id) <> max(s.slot_id)
 ORDER BY s.date, s.shift, a.student_id LIMIT 1000`;

/** Roll numbers in one statement (no job, no progress, no centres' districts): the baseline, rolled back. */
const ROLL_SQL = `UPDATE exam_form f SET roll_no = r.roll, status = 'ROLL_ALLOTTED' FROM (
  SELECT form_id, 'X' || course_comb_id || lpad(row_number() OVER (PARTITION BY course_comb_id
    ORDER BY college_id, course_comb_id,
         CASE candidate_type WHEN 'REGULAR' THEN 0 WHEN 'EX' THEN 1 WHEN 'BACK' THEN 2
           ELSE 3 END, student_id)::text, 5, '0') AS roll
    FROM exam_form WHERE exam_id = $1 AND status = 'APPROVED') r WHERE f.form_id = r.form_id`;

export async function runExamFormsBench(
  options: ExamFormsBenchOptions,
  log: (line: string) => void = console.log,
): Promise<ExamFormsBenchReport> {
  const startedAt = new Date();
  const url = await recreateDatabase(options.serverUrl, 'exam_bench_forms');
  await fillDatabase(url, scales.tiny, { bcryptRounds: 4 });
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-forms-bench-'));
  let t = performance.now();
  const counts = await fill(db, options.candidates, options.cards, dataDir);
  log(
    `filled: ${counts.forms} approved forms, ${counts.papers} form papers, ${counts.slots} slots in ` +
      `${seconds(performance.now() - t)}`,
  );
  const rows: Row[] = [];
  const notes: string[] = [
    `${counts.forms} approved forms (${options.candidates} candidates, one in ten also a back ` +
      `candidate), ${counts.papers} form papers, ${counts.slots} timetable slots; photos and signatures on ` +
      `every card.`,
  ];

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
      Authorization: `Bearer {token}`.replace('{token}', ((await login.json()) as { token: string }).token),
    };

    // Clash detection: median of 3.
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ours: number[] = [];
    const bare: number[] = [];
    let total = 0;
    for (let i = 0; i < 3; i++) {
      t = performance.now();
      const res = await fetch(`${server.baseUrl}/api/timetable/clashes?exam_id=${EXAM}`, { headers });
      const body = (await res.json()) as { total: number };
      ours.push(performance.now() - t);
      total = body.total;
      t = performance.now();
      await db.query(CLASH_SQL, [EXAM]);
      bare.push(performance.now() - t);
    }
    rows.push({
      what:
        `clash detection, ${options.candidates.toLocaleString('en')} candidates ` +
        `(${total.toLocaleString('en')} clashes found)`,
      ours: seconds(median(ours)),
      baseline: seconds(median(bare)),
      goal: '< 5 s',
      met: median(ours) < 5000,
    });
    log(JSON.stringify(rows.at(-1)));

    // Roll allotment: the baseline's single UPDATE in a transaction rolled back, then ours as a job.
    await db.query('BEGIN');
    t = performance.now();
    await db.query(ROLL_SQL, [EXAM]);
    const bareRolls = performance.now() - t;
    await db.query('ROLLBACK');
    const {
      rows: [link],
    } = await db.query(
      `SELECT session_id, course_comb_id, sem_id FROM exam_ccinfo WHERE exam_id = $1 LIMIT 1`,
      [EXAM],
    );
    t = performance.now();
    const combination = `${link.session_id}/${link.course_comb_id}/${link.sem_id}`;
    const started = await fetch(`${server.baseUrl}/api/examccinfo/${EXAM}/${combination}/allot-rolls`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    });
    if (started.status !== 202) throw new Error(`allot-rolls: ${started.status} ${await started.text()}`);
    const { job } = (await started.json()) as { job: { job_id: string } };
    let finished: { status: string; done: number; total: number; message: string | null };
    for (;;) {
      finished = (
        (await (await fetch(`${server.baseUrl}/api/job/${job.job_id}`, { headers })).json()) as {
          job: typeof finished;
        }
      ).job;
      if (['succeeded', 'failed', 'cancelled'].includes(finished.status)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const rollMs = performance.now() - t;
    rows.push({
      what:
        `roll allotment, ${counts.forms} approved forms (job ${finished.status}, ` +
        `${finished.done}/${finished.total}; centres and admit cards too)`,
      ours: seconds(rollMs),
      baseline: seconds(bareRolls),
      goal: '< 30 s',
      met: finished.status === 'succeeded' && rollMs < 30_000,
    });
    log(JSON.stringify(rows.at(-1)));

    // A college's admit cards as one streamed PDF.
    const rssBefore = server.rss();
    t = performance.now();
    const pdf = await fetch(`${server.baseUrl}/api/admitcard-batch/${EXAM}/B001/pdf`, { headers });
    let bytes = 0;
    let peak = rssBefore;
    const samples: string[] = [];
    const reader = pdf.body!.getReader();
    let lastSample = performance.now();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      if (performance.now() - lastSample > 2000) {
        lastSample = performance.now();
        peak = Math.max(peak, server.rss());
        samples.push(`${Math.round((performance.now() - t) / 1000)}s:${Math.round(server.rss())}`);
      }
    }
    const pdfMs = performance.now() - t;
    const count = Number(pdf.headers.get('x-card-count'));
    peak = Math.max(peak, server.peakRss());
    // The baseline: the PDF engine's sample card, no database, same number of pages, in its own process.
    const baseline = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'bench/pdf-bench.ts', String(options.cards), '1'],
      { cwd: path.join(repoRoot, 'packages/pdf'), encoding: 'utf8' },
    );
    const line = baseline.stdout.split('\n').find((l) => l.includes('one streamed batch'));
    const base = line
      ? (JSON.parse(line) as { pagesPerSecond: number; finalRssMB: number; rssMBByPage: string })
      : null;
    rows.push({
      what:
        `admit cards, college of ${count.toLocaleString('en')} cards, one streamed PDF ` +
        `(${(bytes / 1048576).toFixed(0)} MB); server RSS ${Math.round(rssBefore)} → peak ` +
        `${Math.round(peak)} MB (${samples.join(' ')})`,
      ours: `${(count / (pdfMs / 1000)).toFixed(1)} cards/s`,
      baseline: base
        ? `${base.pagesPerSecond} cards/s (RSS by page ${base.rssMBByPage})`
        : `failed: ${baseline.stderr.slice(-300)}`,
      goal: '≥ 50 cards/s, memory flat',
      met: count / (pdfMs / 1000) >= 50,
    });
    log(JSON.stringify(rows.at(-1)));
  } finally {
    await server.stop();
    await db.end();
  }
  return { startedAt, options, rows, notes };
}

export function renderExamFormsSection(report: ExamFormsBenchReport, notes: string): string {
  const cpus = os.cpus();
  return [
    '<!-- exam-forms:start -->',
    '## Exam forms: clash detection, roll allotment, admit cards',
    '',
    `\`pnpm --filter @exam/bench exam-forms\` on ${report.startedAt.toISOString().slice(0, 16)}Z, ` +
      `${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, PostgreSQL from DATABASE_URL. ${report.notes.join(' ')}`,
    '',
    '| measurement | ours (API) | baseline | goal | met |',
    '| --- | --- | --- | --- | --- |',
    ...report.rows.map(
      (r) => `| ${r.what} | ${r.ours} | ${r.baseline} | ${r.goal} | ${r.met ? 'yes' : 'no'} |`,
    ),
    '',
    notes.trim(),
    '<!-- exam-forms:end -->',
  ].join('\n');
}
