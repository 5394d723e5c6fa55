// `pnpm --filter @exam/bench exam-forms`: clash detection, roll allotment and admit cards at university scale
// beside their baselines; writes the exam-forms section of bench/RESULTS.md. Needs PostgreSQL (DATABASE_URL,
// default local).
import { benchServerUrl, runSectionBench } from '../section-run.ts';
import { renderExamFormsSection, runExamFormsBench } from './exam-forms-bench.ts';

await runSectionBench({
  name: 'exam-forms',
  notes: new URL('./NOTES.md', import.meta.url),
  run: async (option, notes) => {
    const report = await runExamFormsBench({
      serverUrl: benchServerUrl(),
      candidates: Number(option('--candidates') ?? 100_000),
      cards: Number(option('--cards') ?? 10_000),
    });
    return renderExamFormsSection(report, notes);
  },
});
