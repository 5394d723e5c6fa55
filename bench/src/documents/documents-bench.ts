// The documents bench (issue 16): marksheets of a whole exam through the real API, beside floors measured in
// the same run. (1) N students with a PUBLISHED result (filled like the results bench, then POST
// /api/resultrun, verify, approve, publish through the API) get their marksheets drafted by POST
// /api/document/batch, and GET /api/document/print streams them as one PDF (documents per second, per
// CPU-second of the API, the PDF's size and pages, the API's memory through the print); the floor is pdfkit
// alone writing as many one-page documents of plain text. (2) A few dozen marksheets are checked, approved
// and issued through the API, then GET /api/verify/{token} is driven with concurrent connections beside a
// node:http + pg verifier doing the same signature check and look-up.
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_PASSWORD, fillDatabase, recreateDatabase } from '../generate.ts';
import { scales } from '../scale.ts';
import { renderRowsSection, seconds, type Row } from '../rows-section.ts';
import { apiServer, freePort, startServer, type RunningServer } from '../servers.ts';
import { backendCpu, cpuSecondsOf, EXAM, fill, PAPERS } from '../results/results-bench.ts';

const ADMIN_EMAIL = 'admin@bench.example';
/** Verifications one address may make per minute, raised for the bench (the API's default is 60). */
const VERIFY_LIMIT = 100_000;
const ROUNDS = 3;

export interface DocumentsBenchOptions {
  serverUrl: string;
  students: number;
  issue: number;
  connections: number;
  seconds: number;
}
export interface DocumentsBenchReport {
  startedAt: Date;
  options: DocumentsBenchOptions;
  rows: Row[];
  notes: string[];
}

type Headers = Record<string, string>;
// Answers of several routes, read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type Answer = Record<string, any>;

async function call(server: RunningServer, method: string, url: string, headers: Headers, body?: unknown) {
  const res = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: Answer;
  try {
    json = text ? (JSON.parse(text) as Answer) : {};
  } catch {
    json = { text };
  }
  return { status: res.status, body: json };
}

async function expectStatus(what: string, answer: Promise<{ status: number; body: Answer }>, status: number) {
  const a = await answer;
  if (a.status !== status) throw new Error(`${what}: ${a.status} ${JSON.stringify(a.body).slice(0, 500)}`);
  return a.body;
}

async function followJob(server: RunningServer, headers: Headers, jobId: string, onPoll?: () => void) {
  for (;;) {
    const { job } = await expectStatus('job', call(server, 'GET', `/api/job/${jobId}`, headers), 200);
    onPoll?.();
    if (['succeeded', 'failed', 'cancelled'].includes(job.status))
      return job as { status: string; message: string | null; result?: unknown; errors?: unknown };
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** pdfkit from the pdf package (the library the API's templates draw with). */
// pdfkit's types are not a dependency of the bench.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
function loadPdfKit(): new (options?: Record<string, unknown>) => any {
  const require = createRequire(
    fileURLToPath(new URL('../../../packages/pdf/package.json', import.meta.url)),
  );
  return require('pdfkit');
}

/**
 * The print's floor: pdfkit alone writing `n` one-page documents into one PDF, each with about the plain text
 * of a marksheet (title, candidate block, six paper lines, totals) in Helvetica — a standard font, nothing
 * embedded, no Devanagari shaping, no QR code, no photo, no database.
 */
async function pdfkitFloor(n: number, file: string) {
  const PDFDocument = loadPdfKit();
  const cpu = process.cpuUsage();
  const t = performance.now();
  const doc = new PDFDocument({ size: 'A4', margin: 40, autoFirstPage: false, compress: true });
  const done = pipeline(doc, fs.createWriteStream(file));
  for (let i = 1; i <= n; i += 1) {
    doc.addPage();
    doc.font('Helvetica-Bold').fontSize(16).text('Bench University', { align: 'center' });
    doc
      .font('Helvetica')
      .fontSize(11)
      .text('Statement of Marks — Semester Examination 2025', { align: 'center' })
      .moveDown();
    doc
      .fontSize(10)
      .text(
        `Name: Candidate ${i}    Roll No: RR${String(i).padStart(7, '0')}    Enrolment: ` +
          `RS${String(i).padStart(7, '0')}`,
      );
    doc
      .text(`College: Bench College ${1 + (i % 50)}    Programme: Bachelor of Arts    Semester: 1`)
      .moveDown();
    for (let p = 1; p <= PAPERS; p += 1)
      doc.text(
        `P${p}   Paper ${p}   Max 100   Int ${9 + ((i + p) % 17)}   Ext ${27 + ((i * p) % 49)}   Grade A ` +
          `  Credit 4   PASS`,
      );
    doc.moveDown().text(`SGPA 8.${i % 100}   Result PASS   Serial MS/2025/${String(i).padStart(6, '0')}`);
    doc.text(`Verify at https://verify.example/verify/${randomBytes(24).toString('base64url')}`);
    // Let the file stream drain, as the API's print does between documents.
    if (i % 50 === 0) await new Promise((r) => setImmediate(r));
  }
  doc.end();
  await done;
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - t, cpuS: (used.user + used.system) / 1e6 };
}

function pdfInfo(file: string): { pages: number; raw: string } {
  try {
    const raw = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return { pages: Number(/^Pages:\s+(\d+)/m.exec(raw)?.[1] ?? NaN), raw };
  } catch (error) {
    return { pages: NaN, raw: error instanceof Error ? error.message : String(error) };
  }
}

interface VerifyRun {
  requests: number;
  ms: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function driveVerify(
  server: RunningServer,
  tokens: string[],
  connections: number,
  duration: number,
): Promise<VerifyRun> {
  let next = 0;
  const result = await autocannon({
    url: server.baseUrl,
    connections,
    duration,
    requests: [
      {
        method: 'GET',
        setupRequest: (req: autocannon.Request) => ({
          ...req,
          path: `/api/verify/${tokens[next++ % tokens.length]}`,
        }),
      },
    ],
  });
  return {
    requests: result.requests.total,
    ms: duration * 1000,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const sumRuns = (runs: VerifyRun[]) => ({
  requests: runs.reduce((s, r) => s + r.requests, 0),
  perSecond: (runs.reduce((s, r) => s + r.requests, 0) / runs.reduce((s, r) => s + r.ms, 0)) * 1000,
  p50: runs.reduce((s, r) => s + r.p50, 0) / runs.length,
  p99: Math.max(...runs.map((r) => r.p99)),
  non2xx: runs.reduce((s, r) => s + r.non2xx, 0),
  errors: runs.reduce((s, r) => s + r.errors, 0),
});

export async function runDocumentsBench(
  options: DocumentsBenchOptions,
  log: (line: string) => void = console.log,
): Promise<DocumentsBenchReport> {
  const startedAt = new Date();
  const notes: string[] = [
    `Machine load average (1 min) when the run started: ${os.loadavg()[0]!.toFixed(2)} ` +
      `(${os.cpus().length} cores, shared).`,
  ];
  const rows: Row[] = [];
  const N = options.students;
  const url = await recreateDatabase(options.serverUrl, 'exam_bench_documents');
  await fillDatabase(url, scales.tiny, { bcryptRounds: 4 });
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  let t = performance.now();
  const scope = await fill(db, N);
  log(`filled: ${N} students × ${PAPERS} papers in ${seconds(performance.now() - t)}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'documents-bench-'));
  const env = {
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
    BCRYPT_ROUNDS: '4',
    VERIFY_MAX_PER_MINUTE: String(VERIFY_LIMIT),
    USER_MAX_CONCURRENT_REQUESTS: '1000',
    PUBLIC_URL: 'https://verify.bench.example',
  };
  const api = await startServer(apiServer(env), await freePort());
  let base: RunningServer | undefined;
  let baseLog: RunningServer | undefined;
  try {
    // The people of the workflow, sharing the admin's password (the API made the admin at start).
    const people = {
      calculate: 'calculate',
      result: 'result',
      preparer: 'document',
      checker: 'document',
      approver: 'document_admin',
    } as const;
    for (const [who, role] of Object.entries(people)) {
      await db.query(
        `INSERT INTO users (email, password_hash, name, role, system, updated_at)
            SELECT $2, password_hash, $3, $4::"Role", 'university', now() FROM users WHERE email = $1`,
        [ADMIN_EMAIL, `${who}@bench.example`, `Bench ${who}`, role],
      );
    }
    const signIn = async (email: string): Promise<Headers> => {
      const login = call(api, 'POST', '/api/login', {}, { email, password: BENCH_PASSWORD });
      const { token } = await expectStatus(`login ${email}`, login, 200);
      return { Authorization: `Bearer ${token}` };
    };
    const as = Object.fromEntries(
      await Promise.all(
        ['admin', ...Object.keys(people)].map(async (who) => [who, await signIn(`${who}@bench.example`)]),
      ),
    ) as Record<'admin' | keyof typeof people, Headers>;

    // The published result: run, verify, approve, publish through the API.
    t = performance.now();
    const started = await expectStatus(
      'resultrun',
      call(api, 'POST', '/api/resultrun', as.calculate, {
        exam_id: EXAM,
        ...scope,
        scheme: 'NEW',
        allow_result_later: false,
      }),
      202,
    );
    const ran = await followJob(api, as.calculate, started.job.job_id);
    if (ran.status !== 'succeeded')
      throw new Error(`result run ${ran.status}: ${ran.message} ${JSON.stringify(ran.errors ?? '')}`);
    const runId = started.resultrun.run_id as string;
    await expectStatus('verify run', call(api, 'POST', `/api/resultrun/${runId}/verify`, as.result, {}), 200);
    await expectStatus(
      'approve run',
      call(api, 'POST', `/api/resultrun/${runId}/approve`, as.admin, {}),
      200,
    );
    await expectStatus(
      'publish run',
      call(api, 'POST', `/api/resultrun/${runId}/publish`, as.result, {
        notification_no: `BENCH/${runId}`,
        notification_date: new Date().toISOString().slice(0, 10),
      }),
      200,
    );
    log(`result run of ${N} students published in ${seconds(performance.now() - t)}`);

    // 1. Drafting the exam's marksheets (the batch job).
    t = performance.now();
    const batch = await expectStatus(
      'document batch',
      call(api, 'POST', '/api/document/batch', as.preparer, { doc_type: 'MARKSHEET', exam_id: EXAM }),
      202,
    );
    const drafted = await followJob(api, as.preparer, batch.job.job_id);
    const draftMs = performance.now() - t;
    const [{ n: draftedN }] = (
      await db.query(
        `SELECT count(*)::int AS n FROM document WHERE exam_id = $1 AND doc_type = 'MARKSHEET'`,
        [EXAM],
      )
    ).rows;
    log(`batch draft: ${draftedN} marksheets, job ${drafted.status}, ${seconds(draftMs)}`);
    rows.push({
      what:
        `marksheets drafted by the batch job (POST /api/document/batch: ${draftedN.toLocaleString('en')} ` +
        `frozen, hashed snapshots of published results; job ${drafted.status})`,
      ours: `${((draftedN / draftMs) * 1000).toFixed(0)} drafts/s (${seconds(draftMs)})`,
      baseline: '—',
      goal: '—',
      met: drafted.status === 'succeeded' && draftedN === N,
    });

    // 2. A few dozen issued: checked by a second person, approved by document_admin, issued.
    t = performance.now();
    const { rows: toIssue } = await db.query<{ doc_id: string }>(
      `SELECT doc_id FROM document WHERE exam_id = $1 AND status = 'DRAFTED' ORDER BY student_id LIMIT $2`,
      [EXAM, options.issue],
    );
    const tokens: string[] = [];
    for (const { doc_id } of toIssue) {
      await expectStatus('check', call(api, 'POST', `/api/document/${doc_id}/check`, as.checker, {}), 200);
      const approved = await expectStatus(
        'approve',
        call(api, 'POST', `/api/document/${doc_id}/approve`, as.approver, {}),
        200,
      );
      await expectStatus('issue', call(api, 'POST', `/api/document/${doc_id}/issue`, as.preparer, {}), 200);
      tokens.push(approved.document.verification_token as string);
    }
    log(`issued ${tokens.length} marksheets one by one in ${seconds(performance.now() - t)}`);

    // 3. The print: one PDF of the exam's marksheets (DRAFTED and the few ISSUED), streamed.
    const pdfFile = path.join(dataDir, 'print.pdf');
    const samples: Array<{ at: number; mb: number }> = [];
    const rssBefore = api.rss();
    const cpuBefore = { api: cpuSecondsOf(api.pid), db: await backendCpu(db) };
    t = performance.now();
    const sampler = setInterval(() => samples.push({ at: performance.now() - t, mb: api.rss() }), 100);
    const res = await fetch(
      `${api.baseUrl}/api/document/print?exam_id=${encodeURIComponent(EXAM)}&doc_type=MARKSHEET`,
      { headers: as.preparer },
    );
    if (res.status !== 200 || !res.body) throw new Error(`print: ${res.status} ${await res.text()}`);
    await pipeline(
      Readable.fromWeb(res.body as import('node:stream/web').ReadableStream),
      fs.createWriteStream(pdfFile),
    );
    const printMs = performance.now() - t;
    clearInterval(sampler);
    const dbAfter = await backendCpu(db);
    const cpu = {
      api: cpuSecondsOf(api.pid) - cpuBefore.api,
      db: [...dbAfter].reduce((sum, [pid, s]) => sum + s - (cpuBefore.db.get(pid) ?? 0), 0),
    };
    const size = fs.statSync(pdfFile).size;
    const info = pdfInfo(pdfFile);
    log(
      `print: ${draftedN} documents, ${seconds(printMs)}, ${(size / 1e6).toFixed(1)} MB, ${info.pages} ` +
        `pages, API CPU ${cpu.api.toFixed(1)} s, PostgreSQL ${cpu.db.toFixed(1)} s`,
    );

    const floorFile = path.join(dataDir, 'floor.pdf');
    const floor = await pdfkitFloor(draftedN, floorFile);
    const floorSize = fs.statSync(floorFile).size;
    const floorInfo = pdfInfo(floorFile);
    log(
      `pdfkit floor: ${seconds(floor.ms)}, CPU ${floor.cpuS.toFixed(1)} s, ` +
        `${(floorSize / 1e6).toFixed(1)} MB, ${floorInfo.pages} pages`,
    );

    const perSecond = (draftedN / printMs) * 1000;
    const perCpu = draftedN / cpu.api;
    rows.push({
      what:
        `print of ${draftedN.toLocaleString('en')} marksheets as one streamed PDF (GET ` +
        `/api/document/print: Noto Sans + Devanagari shaping, QR, photo slot; ${N - tokens.length} ` +
        `DRAFTED, ${tokens.length} ISSUED); floor: pdfkit alone, one page of plain Helvetica text each (no ` +
        `shaping, no QR, no database)`,
      ours: `${perSecond.toFixed(1)} docs/s (${seconds(printMs)})`,
      baseline: `${((draftedN / floor.ms) * 1000).toFixed(1)} docs/s (${seconds(floor.ms)})`,
      goal: '—',
      met: true,
    });
    rows.push({
      what:
        'documents per CPU-second (API process, user + system, during the print; ' +
        'floor: the bench process)',
      ours: `${perCpu.toFixed(1)} (API ${cpu.api.toFixed(1)} s, PostgreSQL ${cpu.db.toFixed(1)} s)`,
      baseline: `${(draftedN / floor.cpuS).toFixed(1)} (${floor.cpuS.toFixed(1)} s)`,
      goal: '≥ 50 per second per core',
      met: perCpu >= 50,
    });
    rows.push({
      what: 'the PDF (pdfinfo): size, pages; at least one page per document',
      ours: `${(size / 1e6).toFixed(1)} MB, ${info.pages} pages`,
      baseline: `${(floorSize / 1e6).toFixed(1)} MB, ${floorInfo.pages} pages`,
      goal: `≥ ${draftedN} pages`,
      met: info.pages >= draftedN,
    });
    const quarter = Math.max(1, Math.floor(samples.length / 4));
    const early = Math.max(...samples.slice(0, quarter).map((s) => s.mb));
    const late = Math.max(...samples.slice(-quarter).map((s) => s.mb));
    const peak = Math.max(...samples.map((s) => s.mb));
    rows.push({
      what:
        `API memory through the print (VmRSS MB sampled every 0.1 s, ${samples.length} samples): before ` +
        `${rssBefore.toFixed(0)}, peak in the first quarter ${early.toFixed(0)}, in the last quarter ` +
        `${late.toFixed(0)}, overall ${peak.toFixed(0)}`,
      ours: `${(late - early).toFixed(0)} MB growth`,
      baseline: '—',
      goal: 'flat (< 100 MB growth first to last quarter)',
      met: late - early < 100,
    });

    // 4. Verification: the API and the node:http + pg verifier, alternating rounds, both up at once.
    const verifier = (log: boolean) => ({
      name: 'baseline' as const,
      cwd: fileURLToPath(new URL('../../', import.meta.url)),
      script: 'src/documents/verify-baseline.ts',
      env: { DATABASE_URL: url, DB_POOL_MAX: '10', VERIFY_LOG: log ? '1' : '0' },
    });
    base = await startServer(verifier(false), await freePort());
    baseLog = await startServer(verifier(true), await freePort());
    let checked = 0;
    for (const server of [api, base, baseLog]) {
      for (const token of tokens) {
        const answer = await expectStatus(
          `verify on ${server.name}`,
          call(server, 'GET', `/api/verify/${token}`, {}),
          200,
        );
        if (answer.document?.status !== 'VALID' || answer.signature_valid !== true)
          throw new Error(`verify on ${server.name}: ${JSON.stringify(answer)}`);
        checked += 1;
      }
    }
    const logBefore = (await db.query(`SELECT count(*)::int AS n FROM verification_log`)).rows[0].n as number;
    await driveVerify(api, tokens, options.connections, 2); // warm-up
    await driveVerify(base, tokens, options.connections, 2);
    await driveVerify(baseLog, tokens, options.connections, 2);
    const ours: VerifyRun[] = [];
    const floorRuns: VerifyRun[] = [];
    const logRuns: VerifyRun[] = [];
    let apiCpu = 0;
    let baseCpu = 0;
    let baseLogCpu = 0;
    for (let i = 0; i < ROUNDS; i += 1) {
      let c = cpuSecondsOf(api.pid);
      ours.push(await driveVerify(api, tokens, options.connections, options.seconds / ROUNDS));
      apiCpu += cpuSecondsOf(api.pid) - c;
      c = cpuSecondsOf(base.pid);
      floorRuns.push(await driveVerify(base, tokens, options.connections, options.seconds / ROUNDS));
      baseCpu += cpuSecondsOf(base.pid) - c;
      c = cpuSecondsOf(baseLog.pid);
      logRuns.push(await driveVerify(baseLog, tokens, options.connections, options.seconds / ROUNDS));
      baseLogCpu += cpuSecondsOf(baseLog.pid) - c;
    }
    const logged = (
      await db.query(
        `SELECT result, count(*)::int AS n FROM verification_log WHERE ip IS DISTINCT FROM 'bench-baseline'
            GROUP BY result`,
      )
    ).rows as Array<{ result: string; n: number }>;
    const loggedTotal = logged.reduce((s, r) => s + r.n, 0) - logBefore;
    const o = sumRuns(ours);
    const b = sumRuns(floorRuns);
    const l = sumRuns(logRuns);
    const ratio = o.perSecond / b.perSecond;
    log(
      `verify baseline + log INSERT: ${l.requests}, ${l.perSecond.toFixed(0)}/s, p50 ${l.p50} ms, p99 ` +
        `${l.p99} ms, non-2xx ${l.non2xx}, errors ${l.errors}`,
    );
    log(
      `verify ours: ${o.requests} in ${options.seconds} s, ${o.perSecond.toFixed(0)}/s, p50 ${o.p50} ms, ` +
        `p99 ${o.p99} ms, non-2xx ${o.non2xx}, errors ${o.errors}; log ${JSON.stringify(logged)}`,
    );
    log(
      `verify baseline: ${b.requests}, ${b.perSecond.toFixed(0)}/s, p50 ${b.p50} ms, p99 ${b.p99} ms, ` +
        `non-2xx ${b.non2xx}, errors ${b.errors}`,
    );
    rows.push({
      what:
        `verifications (GET /api/verify/{token} over ${tokens.length} issued marksheets, ` +
        `${options.connections} connections, ${ROUNDS} alternating rounds of ` +
        `${(options.seconds / ROUNDS).toFixed(0)} s after a 2 s warm-up; baseline: node:http + pg, same ` +
        `token parse, Ed25519 check, look-up and comparison, no verification_log row)`,
      ours: `${o.perSecond.toFixed(0)} req/s`,
      baseline: `${b.perSecond.toFixed(0)} req/s`,
      goal: '≥ 0.5 of the baseline',
      met: ratio >= 0.5,
    });
    rows.push({
      what: 'throughput ratio ours / baseline',
      ours: ratio.toFixed(2),
      baseline: '1',
      goal: '≥ 0.5',
      met: ratio >= 0.5,
    });
    rows.push({
      what:
        'diagnostic: the baseline writing the same verification_log row per answer as the API (one INSERT, ' +
        'autocommit), same rounds; ratio ours / it',
      ours: `${(o.perSecond / l.perSecond).toFixed(2)}`,
      baseline:
        `${l.perSecond.toFixed(0)} req/s, p50 ${l.p50.toFixed(1)} / p99 ${l.p99.toFixed(0)} ms, ` +
        `${(l.requests / baseLogCpu).toFixed(0)} req per CPU-s`,
      goal: '—',
      met: true,
    });
    rows.push({
      what: 'latency p50 (mean of the rounds) / p99 (worst round)',
      ours: `${o.p50.toFixed(1)} / ${o.p99.toFixed(0)} ms`,
      baseline: `${b.p50.toFixed(1)} / ${b.p99.toFixed(0)} ms`,
      goal: '—',
      met: true,
    });
    rows.push({
      what: 'CPU seconds of the server process over the measured rounds',
      ours: `${apiCpu.toFixed(1)} s (${(o.requests / apiCpu).toFixed(0)} req per CPU-s)`,
      baseline: `${baseCpu.toFixed(1)} s (${(b.requests / baseCpu).toFixed(0)} req per CPU-s)`,
      goal: '—',
      met: true,
    });
    const validLogged = logged.find((r) => r.result === 'VALID')?.n ?? 0;
    const allValid =
      o.non2xx === 0 &&
      b.non2xx === 0 &&
      l.non2xx === 0 &&
      o.errors === 0 &&
      b.errors === 0 &&
      l.errors === 0 &&
      validLogged === loggedTotal + logBefore;
    rows.push({
      what:
        `correctness: every token answered VALID by both before the load (${checked} checks); during the ` +
        `load non-2xx / errors; the API's verification_log rows by result (the logging baseline's rows ` +
        `left out)`,
      ours: `${o.non2xx} / ${o.errors}; ${logged.map((r) => `${r.result} ${r.n}`).join(', ')}`,
      baseline: `${b.non2xx} / ${b.errors}`,
      goal: 'all VALID, no errors',
      met: allValid,
    });
    notes.push(
      `${N.toLocaleString('en')} students × ${PAPERS} theory papers filled by SQL as in the results ` +
        `bench, then POST /api/resultrun, verify, approve and publish through the API; marksheets drafted ` +
        `by the batch job; ${tokens.length} of them checked (a second document user), approved ` +
        `(document_admin) and issued one by one through the API; the print took every marksheet of the ` +
        `exam (issuing ${N.toLocaleString('en')} one by one through the API was not attempted: three ` +
        `calls each).`,
      `The API ran with VERIFY_MAX_PER_MINUTE=${VERIFY_LIMIT} (the maximum the setting allows; default ` +
        `60) so that the per-address limit does not cut the bench (every request comes from 127.0.0.1), ` +
        `JOBS_IN_PROCESS=1, DB_POOL_MAX=10, NODE_ENV=production.`,
    );
    for (const r of rows) log(JSON.stringify(r));
  } finally {
    await api.stop();
    await base?.stop();
    await baseLog?.stop();
    await db.end();
  }
  return { startedAt, options, rows, notes };
}

export function renderDocumentsSection(report: DocumentsBenchReport, notes: string): string {
  const o = report.options;
  return renderRowsSection({
    name: 'documents',
    title: 'Documents (marksheet print, verification)',
    command:
      `pnpm --filter @exam/bench documents --students ${o.students} --issue ${o.issue} --connections ` +
      `${o.connections} --seconds ${o.seconds}`,
    startedAt: report.startedAt,
    baseline: 'baseline (same run)',
    rows: report.rows,
    notes: report.notes,
    findings: notes,
  });
}
