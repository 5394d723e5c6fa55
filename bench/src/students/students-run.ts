// `pnpm --filter @exam/bench students`: 100,000 students imported from CSV against PostgreSQL's COPY, and a
// college's page at 300,000 students against the node:http + pg baseline; writes the students section of
// bench/RESULTS.md. Needs PostgreSQL (DATABASE_URL, default local) and psql.
import { benchServerUrl, runSectionBench } from '../section-run.ts';
import { renderStudentsSection, runStudentsBench } from './students-bench.ts';

await runSectionBench({
  name: 'students',
  notes: new URL('./NOTES.md', import.meta.url),
  run: async (option, notes) => {
    const report = await runStudentsBench({
      serverUrl: benchServerUrl(),
      database: option('--db') ?? 'exam_bench_students',
      importRows: Number(option('--import-rows') ?? 100_000),
      pageRows: Number(option('--page-rows') ?? 300_000),
      duration: Number(option('--duration') ?? 10),
      connections: Number(option('--connections') ?? 10),
      heapCapMb: Number(option('--heap-cap') ?? 128),
    });
    return renderStudentsSection(report, notes);
  },
});
