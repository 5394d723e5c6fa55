// `pnpm --filter @exam/bench files`: list downloads at 10,000 and 300,000 paperinfosem rows and a 10,000-row
// import, against the real API; writes the files section of bench/RESULTS.md. Needs PostgreSQL (DATABASE_URL,
// default local).
import { benchServerUrl, runSectionBench } from '../section-run.ts';
import { renderFilesSection, runFilesBench, sizes, type SizeName } from './files-bench.ts';

await runSectionBench({
  name: 'files',
  notes: new URL('./NOTES.md', import.meta.url),
  run: async (option, notes) => {
    const only = (option('--sizes') ?? process.env.FILES_BENCH_SIZES ?? '10k,300k').split(',') as SizeName[];
    const unknown = only.filter((s) => !(s in sizes));
    if (unknown.length)
      throw new Error(`Unknown size ${unknown.join(', ')}; use ${Object.keys(sizes).join(', ')}`);
    const heapCapMb = Number(option('--heap-cap') ?? 128);
    const report = await runFilesBench({
      serverUrl: benchServerUrl(),
      sizes: only,
      importRows: Number(option('--import-rows') ?? 10_000),
      heapCapMb,
    });
    return renderFilesSection(report, heapCapMb, notes);
  },
});
