// `pnpm --filter @exam/bench exam-forms`: clash detection, roll allotment and admit cards at university scale beside
// their baselines; writes the exam-forms section of bench/RESULTS.md. Needs PostgreSQL (DATABASE_URL, default local).
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withSection } from '../web/results-section.ts';
import { renderExamFormsSection, runExamFormsBench } from './exam-forms-bench.ts';

const argv = process.argv.slice(2);
const value = (flag: string) => {
  const i = argv.indexOf(flag);
  return i >= 0 ? argv[i + 1] : undefined;
};
const defaultOut = fileURLToPath(new URL('../../RESULTS.md', import.meta.url));
const notesFile = fileURLToPath(new URL('./NOTES.md', import.meta.url));

try {
  const report = await runExamFormsBench({
    serverUrl: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
    candidates: Number(value('--candidates') ?? 100_000),
    cards: Number(value('--cards') ?? 10_000),
  });
  const markdown = renderExamFormsSection(report, fs.existsSync(notesFile) ? fs.readFileSync(notesFile, 'utf8') : '');
  console.log(`\n${markdown}`);
  const out = argv.includes('--no-write') ? null : (value('--out') ?? defaultOut);
  if (out) {
    fs.writeFileSync(out, withSection(fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : '', 'exam-forms', markdown));
    console.log(`Wrote the exam-forms section of ${out}`);
  }
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
}
