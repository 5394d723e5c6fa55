// The files bench: list downloads (CSV, XLSX) of paperinfosem at 10,000 and 300,000 rows and an import of
// 10,000 papers, against the real API over HTTP (as the bench admin), with the server's peak memory per
// request.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { BENCH_PASSWORD, fillDatabase, recreateDatabase } from '../generate.ts';
import { scales, type Scale } from '../scale.ts';
import { apiServer, freePort, startServer, type RunningServer } from '../servers.ts';

const ADMIN_EMAIL = 'admin@bench.example';

/** 10,000 paperinfosem rows with the generator's key arithmetic intact (see scale.ts). */
export const tenThousand: Scale = {
  sessions: 4,
  courses: 500,
  papers: 3_000,
  semesters: 6,
  ccinfoSems: 2_000,
  paperInfoSems: 10_000,
  exams: 20,
  users: 10,
};

export const sizes = { '10k': tenThousand, '300k': scales.default } as const;
export type SizeName = keyof typeof sizes;

export interface FilesBenchOptions {
  /**
   * PostgreSQL server (only its host and credentials are used; the databases are exam_bench_files_<size>).
   */
  serverUrl: string;
  sizes: readonly SizeName[];
  /** Rows of the import measured at the smallest size (0: none). */
  importRows: number;
  /**
   * The downloads are measured again on a server whose V8 heap is capped at this many MB (0: not): V8 grows
   * its heap lazily while garbage is made fast, so an uncapped peak says little; under the cap, a download
   * that kept its rows in memory would fail, and one that streams stays near the RSS it started with.
   */
  heapCapMb: number;
}

export interface Measurement {
  what: string;
  rows: number;
  seconds: number;
  bytes?: number;
  status: number;
  /**
   * The server's resident memory just before the request, and its peak during it (VmHWM, reset before each
   * request).
   */
  rssBeforeMb: number;
  peakMb: number;
  note?: string;
}

export interface FilesBenchReport {
  startedAt: Date;
  measurements: Measurement[];
}

/** VmRSS and VmHWM (the peak since the last reset) of a process, in MB. */
function memoryOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+)\\s+kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
  return { rss: mb('VmRSS'), peak: mb('VmHWM') };
}

/**
 * Forgets the process's peak so far (writing 5 to clear_refs resets VmHWM to the current RSS), so a request's
 * peak is its own.
 */
function resetPeak(pid: number) {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
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

/** Runs one request against the server, with its time and the server's memory around it. */
async function measured<T>(server: RunningServer, send: () => Promise<T>) {
  resetPeak(server.pid);
  const before = memoryOf(server.pid);
  const started = performance.now();
  const result = await send();
  const seconds = (performance.now() - started) / 1000;
  return { result, seconds, rssBeforeMb: before.rss, peakMb: memoryOf(server.pid).peak };
}

/** Downloads a file to the end, counting bytes and line breaks (a CSV's rows) without keeping it. */
async function download(url: string, token: string) {
  const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  return { status: res.status, bytes, lines };
}

type ImportAnswer = { message: string; imported?: number };
type JobAnswer = {
  job: { job_id: string; status: string; message: string | null; result: ImportAnswer | null };
};

/**
 * Uploads a file to an import; an import large enough to run as a job (202) is followed to its end, so the
 * time is the user's wait for the report either way.
 */
async function upload(baseUrl: string, pathAndQuery: string, token: string, file: Blob, name: string) {
  const form = new FormData();
  form.append('file', file, name);
  const headers = { Authorization: `Bearer ${token}` };
  const res = await fetch(`${baseUrl}${pathAndQuery}`, { method: 'POST', headers, body: form });
  if (res.status !== 202)
    return { status: res.status, body: (await res.json()) as ImportAnswer, asJob: false };
  const { job } = (await res.json()) as JobAnswer;
  for (;;) {
    const answer = (await (await fetch(`${baseUrl}/api/job/${job.job_id}`, { headers })).json()) as JobAnswer;
    if (['succeeded', 'failed', 'cancelled'].includes(answer.job.status)) {
      const body = answer.job.result ?? { message: answer.job.message ?? answer.job.status };
      return { status: answer.job.status === 'succeeded' ? 200 : 500, body, asJob: true };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A CSV of `n` new papers with Hindi names, as a clerk would fill the template. */
export function papersCsv(n: number, prefix = 'IMP') {
  const rows = Array.from(
    { length: n },
    (_, i) => `${prefix}${String(i).padStart(6, '0')},Imported paper ${i} हिन्दी,${prefix}-${i}`,
  );
  return ['\uFEFFPaper Id,Paper Name,Paper Code', ...rows].join('\r\n');
}

export async function runFilesBench(
  options: FilesBenchOptions,
  log: (line: string) => void = console.log,
): Promise<FilesBenchReport> {
  const measurements: Measurement[] = [];
  const startedAt = new Date();
  for (const size of options.sizes) {
    const scale = sizes[size];
    log(
      `Filling exam_bench_files_${size} (${scale.paperInfoSems.toLocaleString('en-IN')} paperinfosem ` +
        `rows)...`,
    );
    const url = await recreateDatabase(options.serverUrl, `exam_bench_files_${size}`);
    await fillDatabase(url, scale, { bcryptRounds: 4 });
    for (const heapCapMb of options.heapCapMb ? [0, options.heapCapMb] : [0]) {
      const server = await startServer(
        apiServer({
          DATABASE_URL: url,
          JWT_SECRET: randomBytes(32).toString('hex'),
          NODE_ENV: 'production',
          ADMIN_EMAIL,
          ADMIN_PASSWORD: BENCH_PASSWORD,
          LOG_LEVEL: 'warn',
          NODE_OPTIONS: heapCapMb ? `--max-old-space-size=${heapCapMb}` : '',
        }),
        await freePort(),
      );
      const capped = heapCapMb ? ` (heap capped at ${heapCapMb} MB)` : '';
      try {
        const token = await login(server.baseUrl);
        // Warm up: the CSV and XLSX code paths loaded once, so the peaks below are the downloads', not module
        // loading.
        for (const format of ['csv', 'xlsx']) {
          await download(`${server.baseUrl}/api/import-template/paperinfosem?format=${format}`, token);
          await download(`${server.baseUrl}/api/sempart?format=${format}`, token);
        }
        for (const format of ['csv', 'xlsx'] as const) {
          const m = await measured(server, () =>
            download(`${server.baseUrl}/api/paperinfosem?format=${format}`, token),
          );
          const note =
            format === 'csv' && m.result.lines !== scale.paperInfoSems + 1
              ? `${m.result.lines - 1} rows arrived`
              : undefined;
          measurements.push({
            what: `download paperinfosem ${format}${capped}`,
            rows: scale.paperInfoSems,
            seconds: m.seconds,
            bytes: m.result.bytes,
            status: m.result.status,
            rssBeforeMb: m.rssBeforeMb,
            peakMb: m.peakMb,
            note,
          });
          log(
            `  ${format}${capped}: ${m.seconds.toFixed(1)} s, ${(m.result.bytes / 1048576).toFixed(1)} ` +
              `MB, peak ${m.peakMb.toFixed(0)} MB (before ${m.rssBeforeMb.toFixed(0)} MB)`,
          );
        }
        if (!heapCapMb && options.importRows > 0 && size === options.sizes[0]) {
          const csv = new Blob([papersCsv(options.importRows)]);
          for (const [what, query] of [
            ['import papers csv, dry run', '?dry_run=1'],
            ['import papers csv (create)', ''],
            ['import papers csv again (unchanged)', ''],
          ] as const) {
            const m = await measured(server, () =>
              upload(server.baseUrl, `/api/import/paper${query}`, token, csv, 'papers.csv'),
            );
            const asJob = m.result.asJob ? 'as a job (202, then GET /api/job until done): ' : '';
            const note = `${asJob}${m.result.body.message}`;
            measurements.push({
              what,
              rows: options.importRows,
              seconds: m.seconds,
              status: m.result.status,
              rssBeforeMb: m.rssBeforeMb,
              peakMb: m.peakMb,
              note,
            });
            log(
              `  ${what}: ${m.result.status} in ${m.seconds.toFixed(1)} s, peak ${m.peakMb.toFixed(0)} ` +
                `MB: ${m.result.body.message}`,
            );
          }
        }
      } finally {
        await server.stop();
      }
    }
  }
  return { startedAt, measurements };
}

const mb = (n: number) => n.toFixed(1);

/**
 * Memory is flat when a download of 300,000 rows raises the server's peak no more than one of 10,000 does,
 * give or take 40 MB, on the heap-capped server (see FilesBenchOptions.heapCapMb), and every row arrived.
 */
export function flatMemory(measurements: readonly Measurement[], heapCapMb: number) {
  const capped = heapCapMb ? ` (heap capped at ${heapCapMb} MB)` : '';
  const rise = (format: string, rows: number) => {
    const m = measurements.find(
      (x) => x.what === `download paperinfosem ${format}${capped}` && x.rows === rows,
    );
    return m && m.status === 200 && !m.note ? m.peakMb - m.rssBeforeMb : undefined;
  };
  return (['csv', 'xlsx'] as const).map((format) => {
    const small = rise(format, tenThousand.paperInfoSems);
    const large = rise(format, scales.default.paperInfoSems);
    const flat = small !== undefined && large !== undefined && large <= small + 40;
    return { format, capped, small, large, flat };
  });
}

/** The files section of bench/RESULTS.md, between its markers. */
export function renderFilesSection(report: FilesBenchReport, heapCapMb: number, notes = ''): string {
  const cpus = os.cpus();
  const lines = report.measurements.map(
    (m) =>
      `| ${m.what} | ${m.rows.toLocaleString('en-IN')} | ${m.status} | ${m.seconds.toFixed(2)} | ` +
      `${Math.round(m.rows / m.seconds).toLocaleString('en-IN')} | ` +
      `${m.bytes === undefined ? '' : mb(m.bytes / 1048576)} | ${mb(m.rssBeforeMb)} | ${mb(m.peakMb)} | ` +
      `${(m.note ?? '').replace(/\|/g, '/')} |`,
  );
  const verdicts = flatMemory(report.measurements, heapCapMb).map((v) =>
    v.small === undefined || v.large === undefined
      ? `- FAIL memory flat for ${v.format.toUpperCase()}${v.capped}: a download failed, was cut short or ` +
        `was not measured at both sizes`
      : `- ${v.flat ? 'PASS' : 'FAIL'} memory flat for ${v.format.toUpperCase()}${v.capped}: the peak rose ` +
        `${mb(v.small)} MB above the RSS before a 10,000-row download and ${mb(v.large)} MB for 300,000 ` +
        `rows (target: at most 40 MB more)`,
  );
  return `<!-- files:start -->
## Files: list downloads and imports

Written by \`pnpm --filter @exam/bench files\` (bench/src/files/); \`pnpm bench\` keeps this section.

- Date: ${report.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC; ${cpus.length} CPUs
  (${cpus[0]?.model ?? 'unknown'}), Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} at
  the end
- The real API (\`apps/api/src/server.ts\`, NODE_ENV=production) on a database filled by the bench generator,
  called over HTTP on
  127.0.0.1 as the bench admin, one request at a time; memory is the API process's: VmRSS before the request
  and VmHWM
  (reset through /proc/<pid>/clear_refs before it) after. The downloads run twice: on a server as deployed,
  then on one
  whose V8 heap is capped${heapCapMb ? ` at ${heapCapMb} MB (--max-old-space-size)` : ''}, where a download
  that held its rows would fail.

| what | rows | status | seconds | rows/s | MB sent | RSS before (MB) | peak RSS (MB) | note |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |
${lines.join('\n')}

${verdicts.join('\n')}
${notes ? `\n${notes.trim()}\n` : ''}<!-- files:end -->`;
}
