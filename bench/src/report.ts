import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import type { BenchReport } from './bench.ts';
import { tableRow } from './markdown.ts';
import { KEPT_SECTIONS, section, withSection } from './web/results-section.ts';

/** Issue 30's goals for the reads: at least 0.7 of the floor's requests/s, p99 within 1.5x the floor's. */
const RATIO_TARGET = 0.7;
const P99_TARGET_OF_FLOOR = 1.5;

const fmt = (n: number | undefined, digits = 0) =>
  n === undefined || Number.isNaN(n) ? '—' : n.toFixed(digits);

/** Memory is flat when the end is within 15% (at least 20 MB) of the RSS after the warm-up scenario. */
export const memoryFlat = (m: { warm: number; end: number }) => m.end - m.warm <= Math.max(20, m.warm * 0.15);

export function machine() {
  let pgVersion: string;
  try {
    pgVersion = execSync('psql --version', { encoding: 'utf8' }).trim();
  } catch {
    pgVersion = 'PostgreSQL (version unknown)';
  }
  return {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: os.totalmem() / 2 ** 30,
    node: process.version,
    pg: pgVersion,
    date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
  };
}

/** Targets that hold or not, one line each. */
export function verdicts(report: BenchReport): string[] {
  const [ours, base] = report.runs;
  const lines: string[] = [];
  for (const s of report.scenarios.filter((x) => x.kind === 'read')) {
    const o = ours!.results.get(s.name)!;
    const b = base!.results.get(s.name);
    const ratio = b ? o.rps / b.rps : NaN;
    const p99Limit = b ? b.p99 * P99_TARGET_OF_FLOOR : NaN;
    const ok = ratio >= RATIO_TARGET && o.p99 <= p99Limit && o.errors === 0;
    lines.push(
      `${ok ? 'PASS' : 'FAIL'} ${s.name}: ${fmt(ratio, 2)}x baseline (target ≥ ${RATIO_TARGET}), p99 ` +
        `${o.p99} ms (target ≤ ${P99_TARGET_OF_FLOOR}x the baseline's: ${fmt(p99Limit)}), ` +
        `${o.errors} errors`,
    );
  }
  const others = report.scenarios.filter((x) => x.kind !== 'read').map((s) => ours!.results.get(s.name)!);
  const errs = others.reduce((n, r) => n + r.errors, 0);
  lines.push(`${errs === 0 ? 'PASS' : 'FAIL'} login and writes: ${errs} error responses`);
  for (const run of report.runs) {
    lines.push(
      `${memoryFlat(run.memory) ? 'PASS' : 'FAIL'} memory flat (${run.name}): ${fmt(run.memory.warm)} MB ` +
        `after the first scenario, ${fmt(run.memory.end)} MB at the end`,
    );
  }
  return lines;
}

export function renderMarkdown(report: BenchReport, notes = ''): string {
  const m = machine();
  const [ours, base] = report.runs;
  const { options } = report;
  const rows = report.scenarios.map((s) => {
    const o = ours!.results.get(s.name)!;
    const b = base?.results.get(s.name);
    return (
      `| ${s.name} | ${fmt(o.rps)} | ${o.p50} | ${o.p99} | ${o.errors} | ${b ? fmt(b.rps) : '—'} | ` +
      `${b ? b.p50 : '—'} | ${b ? b.p99 : '—'} | ${b ? b.errors : '—'} | ` +
      `${b ? fmt(o.rps / b.rps, 2) : '—'} |`
    );
  });
  const header = tableRow([
    'scenario',
    'ours req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'baseline req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'ours/baseline',
  ]);
  const memory = report.runs.map(
    (r) =>
      `| ${r.name} | ${fmt(r.memory.ready)} | ${fmt(r.memory.warm)} | ${fmt(r.memory.peak)} | ` +
      `${fmt(r.memory.end)} |`,
  );
  return `# Benchmark results

Written by \`pnpm bench\` (bench/src/run.ts). Rerun it to replace this table.

- Date: ${m.date}
- Machine: ${m.cpus} CPUs (${m.cpuModel}), ${m.memoryGb.toFixed(1)} GB memory, Node ${m.node}, ${m.pg}
- Data: scale \`${options.scaleName}\` (${Object.entries(report.fill.counts)
    .map(([t, n]) => `${t} ${n}`)
    .join(', ')}), generated in ${(report.fill.ms / 1000).toFixed(1)} s
- Load: autocannon from the bench process on 127.0.0.1, ${options.connections} connections,
  ${options.duration} s per scenario after a short warm-up, each scenario on ours then on the baseline (both
  running); servers, PostgreSQL and load share the machine. 1-minute load average
  ${report.loadAverage.before.toFixed(1)} before, ${report.loadAverage.after.toFixed(1)} after (above ~3 means
  other work competed for the ${m.cpus} CPUs)
- ours: \`apps/api/src/server.ts\`, NODE_ENV=production, pool of ${process.env.DB_POOL_MAX ?? 10}, request log
  at ${process.env.BENCH_LOG_LEVEL ?? 'info'}; baseline: \`bench/src/baseline-server.ts\` (node:http + pg,
  same pool size, same JWT and bcrypt work)

## Throughput and latency

${header}
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${rows.join('\n')}

The create-update-delete row counts HTTP requests (three per cycle); the baseline serves reads and login only.

## Memory (VmRSS, MB)

| server | at start | after 1st scenario | peak | at end |
| --- | ---: | ---: | ---: | ---: |
${memory.join('\n')}

## Targets

${verdicts(report)
  .map((l) => `- ${l}`)
  .join('\n')}
${notes ? `\n${notes}\n` : ''}`;
}

/**
 * Replaces the API report and keeps the sections that `lighthouse` and `files` (`pnpm --filter @exam/bench
 * ...`) wrote.
 */
export function writeResults(file: string, markdown: string) {
  const previous = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  fs.writeFileSync(
    file,
    KEPT_SECTIONS.reduce((out, name) => withSection(out, name, section(previous, name)), markdown),
  );
}
