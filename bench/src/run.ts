// `pnpm bench`: fill the bench database, load the API and the baseline, print and write the table.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runBench } from './bench.ts';
import { parseArgs } from './options.ts';
import { renderMarkdown, writeResults } from './report.ts';

const defaultOut = fileURLToPath(new URL('../RESULTS.md', import.meta.url));
const notesFile = fileURLToPath(new URL('../NOTES.md', import.meta.url));

try {
  const options = parseArgs(process.argv.slice(2), process.env, defaultOut);
  const report = await runBench(options);
  // Findings written by hand (what limits the numbers and why) are kept under the generated table.
  const notes = fs.existsSync(notesFile) ? fs.readFileSync(notesFile, 'utf8') : '';
  const markdown = renderMarkdown(report, notes);
  console.log('\n' + markdown);
  if (options.out) {
    writeResults(options.out, markdown);
    console.log(`Wrote ${options.out}`);
  }
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
}
