// `pnpm --filter @exam/bench files`: list downloads at 10,000 and 300,000 paperinfosem rows and a 10,000-row import,
// against the real API; writes the files section of bench/RESULTS.md. Needs PostgreSQL (DATABASE_URL, default local).
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withSection } from '../web/results-section.ts';
import { renderFilesSection, runFilesBench, sizes, type SizeName } from './files-bench.ts';

const argv = process.argv.slice(2);
const value = (flag: string) => {
  const i = argv.indexOf(flag);
  return i >= 0 ? argv[i + 1] : undefined;
};
const defaultOut = fileURLToPath(new URL('../../RESULTS.md', import.meta.url));
const notesFile = fileURLToPath(new URL('./NOTES.md', import.meta.url));

try {
  const only = (value('--sizes') ?? process.env.FILES_BENCH_SIZES ?? '10k,300k').split(',') as SizeName[];
  const unknown = only.filter((s) => !(s in sizes));
  if (unknown.length) throw new Error(`Unknown size ${unknown.join(', ')}; use ${Object.keys(sizes).join(', ')}`);
  const heapCapMb = Number(value('--heap-cap') ?? 128);
  const report = await runFilesBench({
    serverUrl: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
    sizes: only,
    importRows: Number(value('--import-rows') ?? 10_000),
    heapCapMb,
  });
  // Findings written by hand are kept under the generated table.
  const markdown = renderFilesSection(report, heapCapMb, fs.existsSync(notesFile) ? fs.readFileSync(notesFile, 'utf8') : '');
  console.log(`\n${markdown}`);
  const out = argv.includes('--no-write') ? null : (value('--out') ?? defaultOut);
  if (out) {
    fs.writeFileSync(out, withSection(fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : '', 'files', markdown));
    console.log(`Wrote the files section of ${out}`);
  }
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
}
