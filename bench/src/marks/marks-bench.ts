// The marks bench (issue 14): 32 data-entry operators each saving their own 60-row batch again and again
// through the real API (PUT /api/entrybatch/{id}/rows: sign-in check, scope, each row checked against the
// maximum and the attendance, one set-based UPDATE, the batch's status, an audit entry), beside the baseline
// node:http + pg server doing the same upsert with one UPDATE … FROM unnest (bench/src/baseline-server.ts).
// Reports throughput and p50/p99.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { BENCH_PASSWORD, fillDatabase, recreateDatabase } from '../generate.ts';
import { scales } from '../scale.ts';
import { apiServer, baselineServer, freePort, startServer, type RunningServer } from '../servers.ts';

const ADMIN_EMAIL = 'admin@bench.example';
const EXAM = 'EX00001';

export interface MarksBenchOptions {
  serverUrl: string;
  operators: number;
  rows: number;
  seconds: number;
}
interface Run {
  saves: number;
  errors: number;
  ms: number;
  p50: number;
  p99: number;
  perSecond: number;
  latencies: number[];
}

const ROUNDS = 3;

/** Rounds of one server as one run: saves over the time driven, percentiles over every save. */
function combine(runs: Run[]): Run {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const ms = runs.reduce((s, r) => s + r.ms, 0);
  return {
    saves: latencies.length,
    errors: runs.reduce((s, r) => s + r.errors, 0),
    ms,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    perSecond: (latencies.length / ms) * 1000,
    latencies,
  };
}
export interface MarksBenchReport {
  startedAt: Date;
  options: MarksBenchOptions;
  ours: Run;
  baseline: Run;
  notes: string[];
}

async function fill(db: pg.Client, { operators, rows }: MarksBenchOptions) {
  const q = (sql: string) => db.query(sql);
  const n = operators * rows;
  await q('BEGIN');
  // One theory paper of the exam's session, external maximum 75, its course link not coded.
  await q(`CREATE TEMP TABLE link AS SELECT p.session_id, p.course_comb_id, p.sem_id, p.paper_id
      FROM paperinfosem p
            WHERE p.session_id = (SELECT session_id FROM exam WHERE exam_id = '${EXAM}') ORDER BY 1, 2, 3, 4
              LIMIT 1`);
  await q(
    `UPDATE paperinfosem p SET ext_max_marks = '75', th_pr_status = 'TH' FROM link l
        WHERE (p.session_id, p.course_comb_id, p.sem_id, p.paper_id) = (l.session_id, l.course_comb_id,
        l.sem_id, l.paper_id)`,
  );
  await q(
    `INSERT INTO exam_ccinfo (exam_id, session_id, course_comb_id, sem_id, phase, coding, updated_at)
        SELECT '${EXAM}', session_id, course_comb_id, sem_id, 'EVALUATION', 'OFF', now() FROM link`,
  );
  await q(
    `INSERT INTO college (college_id, college_name, college_type, district, is_centre)
        VALUES ('BM01', 'Bench Marks College', 'GOVT', 'District 1', 0)`,
  );
  await q(`INSERT INTO student (student_id, name_en, dob, gender, category, college_id, admission_session_id)
           SELECT 'MS' || lpad(i::text, 7, '0'), 'Candidate ' || i, '2005-01-01', 'F', 'GEN', 'BM01',
             (SELECT session_id FROM exam WHERE exam_id = '${EXAM}') FROM generate_series(0, ${n} - 1) AS i`);
  await q(`INSERT INTO exam_form (form_id, exam_id, student_id, session_id, course_comb_id, sem_id,
      college_id, candidate_type, status, roll_no, updated_at)
           SELECT 'MF' || i, '${EXAM}', 'MS' || lpad(i::text, 7, '0'), l.session_id, l.course_comb_id,
             l.sem_id, 'BM01', 'REGULAR', 'ROLL_ALLOTTED', 'MR' || lpad(i::text, 7, '0'), now()
             FROM generate_series(0, ${n} - 1) AS i CROSS JOIN link l`);
  await q(`INSERT INTO attempt (attempt_id, exam_id, student_id, session_id, course_comb_id, sem_id, paper_id,
      form_id, college_id, attempt_type, updated_at)
           SELECT 'MA' || substr(f.form_id, 3), f.exam_id, f.student_id, f.session_id, f.course_comb_id,
             f.sem_id, l.paper_id, f.form_id, 'BM01', 'REGULAR', now()
             FROM exam_form f CROSS JOIN link l WHERE f.exam_id = '${EXAM}' AND f.form_id LIKE 'MF%'`);
  // One external (roll-number) batch per operator, of `rows` candidates each.
  await q(`INSERT INTO entry_batch (batch_id, component, exam_id, session_id, course_comb_id, sem_id,
      paper_id, unit_key, college_id, max_marks, row_count, updated_at)
           SELECT 'MB' || b, 'EXT', '${EXAM}', l.session_id, l.course_comb_id, l.sem_id, l.paper_id, 'U' || b,
             'BM01', 75, ${rows}, now() FROM generate_series(0, ${operators} - 1) AS b CROSS JOIN link l`);
  await q(
    `INSERT INTO entry_row (batch_id, line, attempt_id)
        SELECT 'MB' || (i / ${rows}), (i % ${rows}) + 1, 'MA' || i FROM generate_series(0, ${n} - 1) AS i`,
  );
  await q('COMMIT');
  await q('ANALYZE');
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** `operators` loops, each saving its own batch (all rows changed every time) for `seconds`. */
async function drive(
  server: RunningServer,
  tokens: string[],
  { rows, seconds }: MarksBenchOptions,
): Promise<Run> {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token, op) => {
      let round = 0;
      let updatedAt: string | null = null;
      while (performance.now() < until) {
        round += 1;
        const body = {
          rows: Array.from({ length: rows }, (_, j) => ({
            attempt_id: `MA${op * rows + j}`,
            value: String((round + j) % 76),
          })),
          ...(updatedAt ? { updated_at: updatedAt } : {}),
        };
        const t = performance.now();
        const res = await fetch(`${server.baseUrl}/api/entrybatch/MB${op}/rows`, {
          method: 'PUT',
          headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const answer = (await res.json()) as { updated_at?: string };
        latencies.push(performance.now() - t);
        if (res.status !== 200) errors += 1;
        else updatedAt = answer.updated_at ?? null;
      }
    }),
  );
  const ms = performance.now() - started;
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    saves: latencies.length,
    errors,
    ms,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    perSecond: (latencies.length / ms) * 1000,
    latencies,
  };
}

async function signInOperators(server: RunningServer, count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const res = await fetch(`${server.baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `operator${i}@bench.example`, password: BENCH_PASSWORD }),
      });
      if (res.status !== 200) throw new Error(`login of operator${i} answered ${res.status}`);
      return ((await res.json()) as { token: string }).token;
    }),
  );
}

export async function runMarksBench(
  options: MarksBenchOptions,
  log: (line: string) => void = console.log,
): Promise<MarksBenchReport> {
  const startedAt = new Date();
  const url = await recreateDatabase(options.serverUrl, 'exam_bench_marks');
  await fillDatabase(url, scales.tiny, { bcryptRounds: 4 });
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  await fill(db, options);
  log(`filled: ${options.operators} batches of ${options.rows} rows`);
  const secret = randomBytes(32).toString('hex');
  const env = {
    DATABASE_URL: url,
    JWT_SECRET: secret,
    DB_POOL_MAX: '10',
    NODE_ENV: 'production',
    ADMIN_EMAIL,
    ADMIN_PASSWORD: BENCH_PASSWORD,
    LOG_LEVEL: 'warn',
    BCRYPT_ROUNDS: '4',
  };
  // Both servers up at once, driven in alternating rounds, so a busy moment of the shared machine falls on
  // both alike.
  const api = await startServer(apiServer(env), await freePort());
  const base = await startServer(baselineServer(env), await freePort());
  const oursRuns: Run[] = [];
  const baseRuns: Run[] = [];
  try {
    // The operators (office; the API made the admin at start and the operators share its password).
    await db.query(
      `INSERT INTO users (email, password_hash, name, role, updated_at)
                    SELECT 'operator' || i || '@bench.example', (SELECT password_hash FROM users
                      WHERE email = $1), 'Operator ' || i, 'office', now()
                      FROM generate_series(0, $2::int - 1) AS i`,
      [ADMIN_EMAIL, options.operators],
    );
    const oursTokens = await signInOperators(api, options.operators);
    const baseTokens = await signInOperators(base, options.operators);
    await drive(api, oursTokens, { ...options, seconds: 2 }); // warm-up
    await drive(base, baseTokens, { ...options, seconds: 2 });
    const round = { ...options, seconds: options.seconds / ROUNDS };
    for (let i = 0; i < ROUNDS; i += 1) {
      oursRuns.push(await drive(api, oursTokens, round));
      baseRuns.push(await drive(base, baseTokens, round));
    }
    const [{ n: audits }] = (
      await db.query(`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'entrybatch'`)
    ).rows as Array<{ n: number }>;
    log(`audit entries written by the API: ${audits}`);
  } finally {
    await api.stop();
    await base.stop();
    await db.end();
  }
  const ours = combine(oursRuns);
  const baseline = combine(baseRuns);
  log(
    `ours: ${ours.saves} saves, ${ours.perSecond.toFixed(1)}/s, p50 ${ours.p50.toFixed(0)} ms, p99 ` +
      `${ours.p99.toFixed(0)} ms, ${ours.errors} errors`,
  );
  log(
    `baseline: ${baseline.saves} saves, ${baseline.perSecond.toFixed(1)}/s, p50 ` +
      `${baseline.p50.toFixed(0)} ms, p99 ${baseline.p99.toFixed(0)} ms, ${baseline.errors} errors`,
  );
  return {
    startedAt,
    options,
    ours,
    baseline,
    notes: [
      `${options.operators} concurrent operators, each saving its own ${options.rows}-row external batch ` +
        `(every row changed each time) for ${options.seconds} s each server, in ${ROUNDS} alternating ` +
        `rounds after a 2 s warm-up (both servers up at once); API with DB_POOL_MAX=10, ` +
        `USER_MAX_CONCURRENT_REQUESTS default (one operator, one request at a time).`,
    ],
  };
}

export function renderMarksSection(report: MarksBenchReport, notes: string): string {
  const cpus = os.cpus();
  const { ours, baseline } = report;
  const ratio = ours.perSecond / baseline.perSecond;
  const line = (what: string, r: Run) =>
    `| ${what} | ${r.saves} | ${r.perSecond.toFixed(1)} | ${r.p50.toFixed(0)} ms | ${r.p99.toFixed(0)} ` +
    `ms | ${r.errors} |`;
  return [
    '<!-- marks:start -->',
    '## Marks: saving entry batches',
    '',
    `\`pnpm --filter @exam/bench marks\` on ${report.startedAt.toISOString().slice(0, 16)}Z, ` +
      `${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, PostgreSQL from DATABASE_URL. ${report.notes.join(' ')}`,
    '',
    '| server | saves | saves/s | p50 | p99 | errors |',
    '| --- | --- | --- | --- | --- | --- |',
    line(
      'ours (PUT /api/entrybatch/{id}/rows: checks, attendance presets, UPDATE … FROM unnest, status, audit)',
      ours,
    ),
    line('baseline (node:http + pg: JWT + user lookup, one UPDATE … FROM unnest)', baseline),
    '',
    `Throughput ratio ours/baseline: **${ratio.toFixed(2)}** (goal ≥ 0.5: ` +
      `${ratio >= 0.5 ? 'met' : 'not met'}); p99 ratio ${(ours.p99 / baseline.p99).toFixed(2)}.`,
    '',
    notes.trim(),
    '<!-- marks:end -->',
  ].join('\n');
}
