// A bench section of bench/RESULTS.md as one table of rows, ours beside the baseline measured in the same
// run.
import os from 'node:os';
import type { KEPT_SECTIONS } from './web/results-section.ts';

export interface Row {
  what: string;
  ours: string;
  baseline: string;
  goal: string;
  met: boolean;
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export interface RowsSection {
  name: (typeof KEPT_SECTIONS)[number];
  title: string;
  /** The command that wrote it, as the section names it. */
  command: string;
  startedAt: Date;
  /** The baseline column's header, e.g. "baseline (same run)". */
  baseline: string;
  rows: Row[];
  /** Notes of this run, one bullet each. */
  notes: string[];
  /** The hand-written findings (the folder's NOTES.md), kept under the table. */
  findings: string;
}

export function renderRowsSection(s: RowsSection): string {
  return [
    `<!-- ${s.name}:start -->`,
    `## ${s.title}`,
    '',
    `Run ${s.startedAt.toISOString()} on ${os.cpus().length} cores ` +
      `(${os.cpus()[0]?.model ?? 'unknown CPU'}), PostgreSQL; \`${s.command}\`.`,
    '',
    `| what | ours | ${s.baseline} | goal | met |`,
    '|---|---|---|---|---|',
    ...s.rows.map((r) => `| ${r.what} | ${r.ours} | ${r.baseline} | ${r.goal} | ${r.met ? 'yes' : 'NO'} |`),
    '',
    ...s.notes.map((n) => `- ${n}`),
    '',
    s.findings.trim(),
    `<!-- ${s.name}:end -->`,
  ].join('\n');
}
