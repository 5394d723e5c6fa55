// The students bench (issue 12): importing 100,000 students from CSV through the API against PostgreSQL's own
// COPY of the same rows into a table of the same shape, and a page of students filtered by college with its
// total at 300,000 students against a node:http + pg baseline.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_PASSWORD, fillDatabase, recreateDatabase } from '../generate.ts';
import { tableRow } from '../markdown.ts';
import { scales } from '../scale.ts';
import { apiServer, freePort, startServer, type RunningServer, type ServerSpec } from '../servers.ts';

const ADMIN_EMAIL = 'admin@bench.example';
const COLLEGES = 100;
const SESSION = 'S2000-01';
/** Rows per import file: the platform's limit per file is 50,000 rows. */
const FILE_ROWS = 50_000;
const COLUMNS = [
  'student_id',
  'name_en',
  'name_hi',
  'dob',
  'gender',
  'category',
  'abc_id',
  'mobile',
  'college_id',
  'admission_session_id',
];

const college = (i: number) => `B${String((i % COLLEGES) + 1).padStart(3, '0')}`;

/**
 * Students `from` .. `from + n - 1` as CSV (header of field names, as the import template's columns), Hindi
 * names included.
 */
export function studentsCsv(from: number, n: number, prefix = 'BS') {
  const lines = [COLUMNS.join(',')];
  for (let i = from; i < from + n; i++) {
    lines.push(
      [
        `${prefix}${String(i).padStart(7, '0')}`,
        `Student ${i} Sharma`,
        'छात्र शर्मा',
        `200${i % 8}-0${(i % 9) + 1}-1${i % 9}`,
        ['M', 'F'][i % 2],
        ['GEN', 'OBC', 'SC', 'ST', 'EWS'][i % 5],
        String(300_000_000_000 + i),
        `9${String(100_000_000 + i).padStart(9, '0')}`,
        college(i),
        SESSION,
      ].join(','),
    );
  }
  return lines.join('\n') + '\n';
}

export interface StudentsBenchOptions {
  serverUrl: string;
  /** The database the bench drops and recreates (a name starting with exam_bench). */
  database: string;
  importRows: number;
  pageRows: number;
  duration: number;
  connections: number;
  /**
   * The imports are measured again (10,000 and 50,000 rows) on a server whose V8 heap is capped at this many
   * MB (0: not), as the files bench does for downloads: V8 grows an uncapped heap while an import makes
   * garbage fast and gives it back lazily, so an uncapped peak is not rows kept; under the cap an import that
   * kept its rows would fail.
   */
  heapCapMb: number;
}

export interface ImportMeasurement {
  what: string;
  rows: number;
  seconds: number;
  status: string;
  /** CPU seconds of the API process during the import (user + system, /proc/<pid>/stat). */
  apiCpu?: number;
  /** CPU seconds of the database's backends during the import (every connection to the bench database). */
  dbCpu?: number;
  /** The machine's 1-minute load average when the measurement started. */
  load?: number;
  rssBeforeMb?: number;
  peakMb?: number;
  /** Measured on the heap-capped server. */
  capped?: boolean;
}

export interface PageMeasurement {
  server: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  peakMb: number;
}

export interface StudentsBenchReport {
  startedAt: Date;
  options: StudentsBenchOptions;
  imports: ImportMeasurement[];
  copy: ImportMeasurement;
  pages: PageMeasurement[];
  totalStudents: number;
}

function memoryOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+)\\s+kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
  return { rss: mb('VmRSS'), peak: mb('VmHWM') };
}

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat; 0 when it is gone. */
export function cpuSeconds(pid: number) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime: fields 14 and 15 of the line (11 and 12 after the name), in ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * The CPU the bench database's backends use from now on (the bench's own connection left out): a backend
 * that starts meanwhile counts whole, one that ends meanwhile is lost (the API's pool keeps its connections).
 */
async function dbCpuMeter(db: pg.Client, database: string) {
  const backends = async () =>
    (
      await db.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [database],
      )
    ).rows.map((r) => r.pid);
  const start = new Map((await backends()).map((pid) => [pid, cpuSeconds(pid)]));
  return async () => {
    let used = 0;
    for (const pid of new Set([...start.keys(), ...(await backends())]))
      used += Math.max(0, cpuSeconds(pid) - (start.get(pid) ?? 0));
    return used;
  };
}

async function login(baseUrl: string) {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: BENCH_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * Uploads a CSV to the student import and follows its job to the end: the time a clerk waits for the report.
 */
async function importFile(
  server: RunningServer,
  token: string,
  csv: string,
  meter?: () => Promise<() => Promise<number>>,
) {
  fs.writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
  const before = memoryOf(server.pid).rss;
  const load = os.loadavg()[0];
  const apiCpuBefore = cpuSeconds(server.pid);
  const dbCpu = await meter?.();
  const started = performance.now();
  const form = new FormData();
  form.append('file', new Blob([csv]), 'students.csv');
  const headers = { Authorization: `Bearer ${token}` };
  const res = await fetch(`${server.baseUrl}/api/import/student`, { method: 'POST', headers, body: form });
  let status: string;
  let message: string;
  if (res.status === 202) {
    const { job } = (await res.json()) as { job: { job_id: string } };
    for (;;) {
      const answer = (await (await fetch(`${server.baseUrl}/api/job/${job.job_id}`, { headers })).json()) as {
        job: { status: string; message: string | null; result: { message: string } | null };
      };
      if (['succeeded', 'failed', 'cancelled'].includes(answer.job.status)) {
        status = answer.job.status;
        message = answer.job.result?.message ?? answer.job.message ?? '';
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  } else {
    status = String(res.status);
    message = ((await res.json()) as { message: string }).message;
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    seconds,
    status: `${status}: ${message}`,
    rssBeforeMb: before,
    peakMb: memoryOf(server.pid).peak,
    apiCpu: cpuSeconds(server.pid) - apiCpuBefore,
    dbCpu: await dbCpu?.(),
    load,
  };
}

/** Loads one URL with autocannon for `duration` seconds. */
async function load(
  server: RunningServer,
  url: string,
  token: string,
  options: StudentsBenchOptions,
): Promise<PageMeasurement> {
  const result = await autocannon({
    url: `${server.baseUrl}${url}`,
    connections: options.connections,
    duration: options.duration,
    headers: { Authorization: `Bearer ${token}` },
  });
  return {
    server: server.name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    peakMb: server.peakRss(),
  };
}

export async function runStudentsBench(
  options: StudentsBenchOptions,
  log: (line: string) => void = console.log,
): Promise<StudentsBenchReport> {
  const startedAt = new Date();
  const url = await recreateDatabase(options.serverUrl, options.database);
  await fillDatabase(url, scales.tiny, { bcryptRounds: 4 });
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  await db.query(
    `INSERT INTO college (college_id, college_name, college_type)
        SELECT 'B' || lpad(i::text, 3, '0'), 'Bench College ' || i, 'AIDED'
        FROM generate_series(1, ${COLLEGES}) AS i`,
  );
  const secret = randomBytes(32).toString('hex');
  const common = { DATABASE_URL: url, JWT_SECRET: secret, DB_POOL_MAX: '10' };
  const oursEnv = {
    ...common,
    NODE_ENV: 'production',
    ADMIN_EMAIL,
    ADMIN_PASSWORD: BENCH_PASSWORD,
    LOG_LEVEL: 'warn',
    USER_MAX_CONCURRENT_REQUESTS: '1000',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000',
  };
  const ours = await startServer(apiServer(oursEnv), await freePort());
  const imports: ImportMeasurement[] = [];
  const meter = () => dbCpuMeter(db, options.database);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'students-bench-'));
  const files: string[] = [];
  let pages: PageMeasurement[];
  let copy: ImportMeasurement;
  let totalStudents: number;
  try {
    const token = await login(ours.baseUrl);
    // Warm-up: a small import, so the first measured one does not pay for loading the CSV reader.
    await importFile(ours, token, studentsCsv(900_000, 100, 'WU'));
    const small = await importFile(ours, token, studentsCsv(800_000, 10_000, 'SM'), meter);
    imports.push({ what: 'import 10,000 students (CSV, as a job)', rows: 10_000, ...small });
    log(`  10,000: ${small.seconds.toFixed(1)} s ${small.status}`);
    for (let from = 0; from < options.importRows; from += FILE_ROWS) {
      const n = Math.min(FILE_ROWS, options.importRows - from);
      const csv = studentsCsv(from, n);
      const file = path.join(folder, `students-${from}.csv`);
      fs.writeFileSync(file, csv);
      files.push(file);
      const m = await importFile(ours, token, csv, meter);
      imports.push({ what: `import students ${from + 1}-${from + n} (CSV, as a job)`, rows: n, ...m });
      log(`  ${from + 1}-${from + n}: ${m.seconds.toFixed(1)} s ${m.status}`);
    }
    if (options.heapCapMb) {
      const capped = await startServer(
        apiServer({ ...oursEnv, NODE_OPTIONS: `--max-old-space-size=${options.heapCapMb}` }),
        await freePort(),
      );
      try {
        const cappedToken = await login(capped.baseUrl);
        await importFile(capped, cappedToken, studentsCsv(910_000, 100, 'WC'));
        for (const [from, n] of [
          [1_000_000, 10_000],
          [1_100_000, FILE_ROWS],
        ] as const) {
          const m = await importFile(capped, cappedToken, studentsCsv(from, n, 'HC'), meter);
          imports.push({
            what:
              `import ${n.toLocaleString('en-IN')} students (CSV, as a job, heap capped at ` +
              `${options.heapCapMb} MB)`,
            rows: n,
            ...m,
            capped: true,
          });
          log(`  capped ${n}: ${m.seconds.toFixed(1)} s ${m.status}`);
        }
      } finally {
        await capped.stop();
      }
    }
    // PostgreSQL's own COPY of the same files into a table of the same shape (columns, keys, unique ABC id,
    // indexes).
    await db.query('CREATE TABLE student_copy (LIKE student INCLUDING ALL)');
    const copyLoad = os.loadavg()[0];
    const started = performance.now();
    let copyCpu = 0;
    for (const file of files) {
      // The backend's CPU is read from /proc before and after its \copy (psql and PostgreSQL share the
      // machine).
      const stat = '\\! cat /proc/$BACKEND/stat';
      const run = spawnSync('psql', [url, '-X', '-q', '-v', 'ON_ERROR_STOP=1'], {
        encoding: 'utf8',
        input: [
          'SELECT pg_backend_pid() AS backend \\gset',
          '\\setenv BACKEND :backend',
          stat,
          `\\copy student_copy (${COLUMNS.join(', ')}) FROM '${file}' WITH (FORMAT csv, HEADER true)`,
          stat,
        ].join('\n'),
      });
      if (run.status !== 0) throw new Error(`psql \\copy: ${run.stderr}`);
      const ticks = run.stdout
        .trim()
        .split('\n')
        .map((line) => {
          const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
          return (Number(fields[11]) + Number(fields[12])) / 100;
        });
      copyCpu += ticks[ticks.length - 1]! - ticks[0]!;
    }
    const copied = (await db.query('SELECT count(*)::int AS n FROM student_copy')).rows[0].n as number;
    copy = {
      what:
        `PostgreSQL COPY of the same ${copied.toLocaleString('en-IN')} rows (psql \\copy, same-shaped ` +
        `table)`,
      rows: copied,
      seconds: (performance.now() - started) / 1000,
      status: 'done',
      dbCpu: copyCpu,
      load: copyLoad,
    };
    log(`  COPY: ${copy.seconds.toFixed(1)} s for ${copied} rows`);

    if (!options.pageRows) {
      // `--page-rows 0`: the imports and COPY only (a quicker run while working on imports).
      totalStudents = (await db.query('SELECT count(*)::int AS n FROM student')).rows[0].n as number;
      return { startedAt, options, imports, copy, pages: [], totalStudents };
    }
    // Up to the page scale: the rest of the students in bulk, then statistics as a running database has them.
    const have = (await db.query('SELECT count(*)::int AS n FROM student')).rows[0].n as number;
    await db.query(`INSERT INTO student (student_id, name_en, name_hi, dob, gender, category, college_id,
        admission_session_id)
      SELECT 'BF' || lpad(i::text, 7, '0'), 'Student ' || i, 'छात्र', '2005-01-01', 'F', 'GEN',
        'B' || lpad(((i % ${COLLEGES}) + 1)::text, 3, '0'), '${SESSION}'
      FROM generate_series(1, ${Math.max(0, options.pageRows - have)}) AS i`);
    await db.query('ANALYZE student');
    totalStudents = (await db.query('SELECT count(*)::int AS n FROM student')).rows[0].n as number;
    log(`  ${totalStudents} students; loading the page of a college`);
    const baseline = await startServer(
      {
        name: 'baseline',
        cwd: fileURLToPath(new URL('../..', import.meta.url)),
        script: 'src/students/students-baseline.ts',
        env: common,
      } satisfies ServerSpec,
      await freePort(),
    );
    try {
      const page = `/api/student?college_id=${college(6)}&limit=20&offset=40`;
      pages = [await load(ours, page, token, options), await load(baseline, page, token, options)];
    } finally {
      await baseline.stop();
    }
  } finally {
    await ours.stop();
    await db.end();
    fs.rmSync(folder, { recursive: true, force: true });
  }
  return { startedAt, options, imports, copy: copy!, pages: pages!, totalStudents: totalStudents! };
}

const f1 = (n: number) => n.toFixed(1);
/** A count as Indian readers write it: 1,00,000. */
const n = (count: number) => count.toLocaleString('en-IN');

const cpu = (seconds?: number) => (seconds === undefined ? '' : seconds.toFixed(2));

const importRow = (m: ImportMeasurement) =>
  tableRow([
    m.what,
    n(m.rows),
    m.seconds.toFixed(2),
    n(Math.round(m.rows / m.seconds)),
    cpu(m.apiCpu),
    cpu(m.dbCpu),
    m.load === undefined ? '' : m.load.toFixed(1),
    m.rssBeforeMb === undefined ? '' : f1(m.rssBeforeMb),
    m.peakMb === undefined ? '' : f1(m.peakMb),
    m.status,
  ]);

const pageRow = (p: PageMeasurement) =>
  tableRow([p.server, f1(p.requestsPerSecond), p.p50, p.p99, p.non2xx, p.errors, f1(p.peakMb)]);

export function renderStudentsSection(report: StudentsBenchReport, notes = ''): string {
  const cpus = os.cpus();
  const uncapped = report.imports.filter((m) => !m.capped);
  const big = uncapped.filter((m) => m.rows === FILE_ROWS || !m.what.includes('10,000'));
  const importSeconds = big.reduce((s, m) => s + m.seconds, 0);
  const importRows = big.reduce((s, m) => s + m.rows, 0);
  const ratio = report.copy.seconds / importSeconds;
  // CPU per 10,000 rows: less at the mercy of other work on the machine than seconds are.
  const per10k = (total: number, rows: number) => ((total / rows) * 10_000).toFixed(2);
  const apiCpu = big.reduce((s, m) => s + (m.apiCpu ?? NaN), 0);
  const dbCpu = big.reduce((s, m) => s + (m.dbCpu ?? NaN), 0);
  const copyCpu = report.copy.dbCpu ?? NaN;
  const [ours, baseline] = report.pages;
  const pageRatio = ours && baseline ? ours.requestsPerSecond / baseline.requestsPerSecond : NaN;
  // Memory flat is judged on the heap-capped server when there is one (see StudentsBenchOptions.heapCapMb).
  const cappedRuns = report.imports.filter((m) => m.capped);
  const judged = cappedRuns.length ? cappedRuns : uncapped;
  const small = judged.find((m) => m.rows === 10_000);
  const rise = (m?: ImportMeasurement) =>
    m?.peakMb !== undefined && m.rssBeforeMb !== undefined ? m.peakMb - m.rssBeforeMb : NaN;
  const bigRise = Math.max(...judged.filter((m) => m.rows === FILE_ROWS).map(rise));
  const uncappedRise = Math.max(...big.map(rise));
  const cap = cappedRuns.length
    ? ` (heap capped at ${report.options.heapCapMb} MB; uncapped, the ` +
      `${FILE_ROWS.toLocaleString('en-IN')}-row imports rose at most ${f1(uncappedRise)} MB, the ` +
      `10,000-row one ${f1(rise(uncapped.find((m) => m.rows === 10_000)))} MB)`
    : '';
  const { connections } = report.options;
  return `<!-- students:start -->
## Students: import against COPY, a college's page against the baseline

Written by \`pnpm --filter @exam/bench students\` (bench/src/students/); \`pnpm bench\` keeps this section.

- Date: ${report.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC; ${cpus.length} CPUs
  (${cpus[0]?.model ?? 'unknown'}), Node ${process.version}, load average (1 minute)
  ${os.loadavg()[0]!.toFixed(1)} at the end
- The real API (NODE_ENV=production, LOG_LEVEL=warn) on PostgreSQL, over HTTP on 127.0.0.1 as the bench admin.
  An import is timed from the upload to its job's end (every row validated, parents and the ABC id checked,
  one transaction, audited); a file holds at most 50,000 rows, so ${n(importRows)} students are
  ${big.length} files. COPY is \`psql \\copy\` of the same files into \`student_copy\` (\`LIKE student
  INCLUDING ALL\`: same columns, primary key, unique ABC id and indexes; no foreign keys). CPU: user + system
  seconds of the API process and of the database's backends (/proc), of COPY's backend for COPY.
- The page: \`GET /api/student?college_id=B007&limit=20&offset=40\` (page and total) at
  ${n(report.totalStudents)} students in ${COLLEGES} colleges, autocannon ${connections} connections
  for ${report.options.duration} s each, ours then the baseline (\`bench/src/students/students-baseline.ts\`:
  node:http + pg, the same JWT check and user query, the same two SQL statements).

| what | rows | seconds | rows/s | API CPU (s) | DB CPU (s) | load | RSS (MB) | peak (MB) | result |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |
${[...report.imports, report.copy].map(importRow).join('\n')}

| page of a college | req/s | p50 (ms) | p99 (ms) | non-2xx | errors | peak RSS (MB) |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
${report.pages.map(pageRow).join('\n')}

- ${ratio >= 0.25 ? 'PASS' : 'FAIL'} import vs COPY: ${n(Math.round(importRows / importSeconds))} rows/s
  against ${n(Math.round(report.copy.rows / report.copy.seconds))} rows/s, ratio ${ratio.toFixed(2)} (goal ≥
  0.25)
- CPU per 10,000 rows imported: API ${per10k(apiCpu, importRows)} s, PostgreSQL ${per10k(dbCpu, importRows)}
  s; COPY: PostgreSQL ${per10k(copyCpu, report.copy.rows)} s (CPU ratio COPY / import, API and PostgreSQL
  together: ${(copyCpu / report.copy.rows / ((apiCpu + dbCpu) / importRows)).toFixed(2)})
- ${bigRise <= rise(small) + 40 ? 'PASS' : 'FAIL'} memory flat${cap}: an import's peak rose
  ${f1(rise(small))} MB above the RSS before it for 10,000 rows and at most ${f1(bigRise)} MB for
  ${n(FILE_ROWS)} rows (target: at most 40 MB more)
- ${pageRatio >= 0.5 ? 'PASS' : 'FAIL'} page of a college at ${n(report.totalStudents)} students:
  ${pageRatio.toFixed(2)}× the baseline's requests per second (goal ≥ 0.5)
${notes ? `\n${notes.trim()}\n` : ''}<!-- students:end -->`;
}
