// `pnpm --filter @exam/bench students`: 100,000 students imported from CSV against PostgreSQL's COPY, and a college's
// page at 300,000 students against the node:http + pg baseline; writes the students section of bench/RESULTS.md.
// Needs PostgreSQL (DATABASE_URL, default local) and psql.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withSection } from '../web/results-section.ts';
import { renderStudentsSection, runStudentsBench } from './students-bench.ts';

const argv = process.argv.slice(2);
const value = (flag: string) => {
  const i = argv.indexOf(flag);
  return i >= 0 ? argv[i + 1] : undefined;
};
const defaultOut = fileURLToPath(new URL('../../RESULTS.md', import.meta.url));
const notesFile = fileURLToPath(new URL('./NOTES.md', import.meta.url));

try {
  const report = await runStudentsBench({
    serverUrl: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
    importRows: Number(value('--import-rows') ?? 100_000),
    pageRows: Number(value('--page-rows') ?? 300_000),
    duration: Number(value('--duration') ?? 10),
    connections: Number(value('--connections') ?? 10),
    heapCapMb: Number(value('--heap-cap') ?? 128),
  });
  // Findings written by hand are kept under the generated table.
  const markdown = renderStudentsSection(report, fs.existsSync(notesFile) ? fs.readFileSync(notesFile, 'utf8') : '');
  console.log(`\n${markdown}`);
  const out = argv.includes('--no-write') ? null : (value('--out') ?? defaultOut);
  if (out) {
    fs.writeFileSync(out, withSection(fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : '', 'students', markdown));
    console.log(`Wrote the students section of ${out}`);
  }
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
}
