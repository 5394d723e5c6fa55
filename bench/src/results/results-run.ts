// `pnpm --filter @exam/bench results`: a result run over 100,000 students × 6 papers beside one hand-written
// SQL statement computing the same SGPAs (the floor); writes the results section of bench/RESULTS.md. Needs
// PostgreSQL.
import { benchServerUrl, runSectionBench } from '../section-run.ts';
import { renderResultsSection, runResultsBench } from './results-bench.ts';

await runSectionBench({
  name: 'results',
  notes: new URL('./NOTES.md', import.meta.url),
  run: async (option, notes) =>
    renderResultsSection(
      await runResultsBench({
        serverUrl: benchServerUrl(),
        students: Number(option('--students') ?? 100_000),
        database: option('--db'),
      }),
      notes,
    ),
});
