// The whole harness at tiny scale for a few seconds per scenario, so `pnpm bench` cannot rot unnoticed.
import { describe, expect, it } from 'vitest';
import { runBench } from '../src/bench.ts';
import { parseArgs } from '../src/options.ts';
import { renderMarkdown } from '../src/report.ts';

const url = process.env.DATABASE_URL;
if (!url)
  console.log(
    '[bench smoke] skipped: set DATABASE_URL to a PostgreSQL server to run it (it drops and recreates ' +
      'the database exam_bench_smoke)',
  );

describe.skipIf(!url)('bench smoke (tiny scale, PostgreSQL)', () => {
  it(
    'fills, loads the API and the baseline with every scenario without an error response, and renders the ' +
      'table',
    async () => {
      const options = parseArgs(
        [
          '--scale',
          'tiny',
          '--duration',
          '2',
          '--connections',
          '8',
          '--db',
          'exam_bench_smoke',
          '--no-write',
        ],
        { DATABASE_URL: url },
      );
      const report = await runBench(options, () => {});

      expect(report.fill.counts.paperinfosem).toBe(options.scale.paperInfoSems);
      const [ours, baseline] = report.runs;
      for (const scenario of report.scenarios) {
        const result = ours!.results.get(scenario.name)!;
        expect(result.requests, scenario.name).toBeGreaterThan(0);
        expect({ scenario: scenario.name, errors: result.errors, statuses: result.statuses }).toMatchObject({
          errors: 0,
        });
        if (scenario.inBaseline)
          expect(baseline!.results.get(scenario.name)!.errors, `baseline ${scenario.name}`).toBe(0);
      }
      for (const run of report.runs) expect(run.memory.peak).toBeGreaterThan(10);

      const markdown = renderMarkdown(report);
      expect(markdown).toContain('| paperinfosem ?q=&limit=20 |');
      expect(markdown).toMatch(/Node v\d+/);
    },
  );
});
