// `pnpm --filter @exam/bench coding`: decode of 100,000 answer books beside a bare UPDATE ... FROM join;
// writes the coding section of bench/RESULTS.md. Needs PostgreSQL (DATABASE_URL, default local).
import { benchServerUrl, runSectionBench } from '../section-run.ts';
import { renderCodingSection, runCodingBench } from './coding-bench.ts';

await runSectionBench({
  name: 'coding',
  notes: new URL('./NOTES.md', import.meta.url),
  run: async (option, notes) =>
    renderCodingSection(
      await runCodingBench({ serverUrl: benchServerUrl(), books: Number(option('--books') ?? 100_000) }),
      notes,
    ),
});
