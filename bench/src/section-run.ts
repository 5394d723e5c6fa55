// The command line of a bench that writes one section of bench/RESULTS.md (`files`, `students`,
// `exam-forms`): `--flag value` options, the section's hand-written NOTES.md kept under its generated table,
// `--no-write` and `--out`.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withSection } from './web/results-section.ts';

export interface SectionBench {
  /** The section's name in RESULTS.md. */
  name: (typeof import('./web/results-section.ts').KEPT_SECTIONS)[number];
  /** The folder's NOTES.md (findings written by hand), as `new URL('./NOTES.md', import.meta.url)`. */
  notes: URL;
  /** Runs the bench and renders its section, given the option reader and the notes. */
  run: (option: (flag: string) => string | undefined, notes: string) => Promise<string>;
}

export async function runSectionBench({ name, notes, run }: SectionBench) {
  const argv = process.argv.slice(2);
  const option = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const notesFile = fileURLToPath(notes);
  try {
    const markdown = await run(option, fs.existsSync(notesFile) ? fs.readFileSync(notesFile, 'utf8') : '');
    console.log(`\n${markdown}`);
    const out = argv.includes('--no-write')
      ? null
      : (option('--out') ?? fileURLToPath(new URL('../RESULTS.md', import.meta.url)));
    if (out) {
      fs.writeFileSync(
        out,
        withSection(fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : '', name, markdown),
      );
      console.log(`Wrote the ${name} section of ${out}`);
    }
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  }
}

/** The database the benches create their own databases on (DATABASE_URL, default the local server). */
export const benchServerUrl = () =>
  process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
