// `pnpm --filter @exam/bench marks`: 32 operators saving 60-row batches through the API beside the node:http
// + pg baseline doing the same upsert; writes the marks section of bench/RESULTS.md. Needs PostgreSQL
// (DATABASE_URL, default local).
import { benchServerUrl, runSectionBench } from '../section-run.ts';
import { renderMarksSection, runMarksBench } from './marks-bench.ts';

await runSectionBench({
  name: 'marks',
  notes: new URL('./NOTES.md', import.meta.url),
  run: async (option, notes) =>
    renderMarksSection(
      await runMarksBench({
        serverUrl: benchServerUrl(),
        operators: Number(option('--operators') ?? 32),
        rows: Number(option('--rows') ?? 60),
        seconds: Number(option('--seconds') ?? 15),
      }),
      notes,
    ),
});
