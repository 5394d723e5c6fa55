// `pnpm --filter @exam/bench conduct`: seating of one sitting (20,000 candidates, 400 rooms) through the API
// beside a single INSERT … SELECT baseline; writes the conduct section of bench/RESULTS.md. Needs PostgreSQL
// (DATABASE_URL).
import { benchServerUrl, runSectionBench } from '../section-run.ts';
import { renderConductSection, runConductBench } from './conduct-bench.ts';

await runSectionBench({
  name: 'conduct',
  notes: new URL('./NOTES.md', import.meta.url),
  run: async (option, notes) => {
    const report = await runConductBench({
      serverUrl: benchServerUrl(),
      candidates: Number(option('--candidates') ?? 20_000),
      rooms: Number(option('--rooms') ?? 400),
      papers: Number(option('--papers') ?? 4),
    });
    return renderConductSection(report, notes);
  },
});
