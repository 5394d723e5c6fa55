// bench/RESULTS.md is written by three commands; each keeps the others' parts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { flatMemory, renderFilesSection, type Measurement } from '../src/files/files-bench.ts';
import { writeResults } from '../src/report.ts';
import { section, withSection } from '../src/web/results-section.ts';

const web = '<!-- web:start -->\n## Web\n<!-- web:end -->';
const files = '<!-- files:start -->\n## Files\n<!-- files:end -->';

describe('RESULTS.md sections', () => {
  it('pnpm bench rewrites the API report and keeps the web and files sections', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-results-')), 'RESULTS.md');
    fs.writeFileSync(file, `# old API table\n\n${web}\n\n${files}\n`);
    writeResults(file, '# new API table\n');
    const written = fs.readFileSync(file, 'utf8');
    expect(written).toContain('# new API table');
    expect(written).not.toContain('old API table');
    expect(section(written, 'web')).toBe(web);
    expect(section(written, 'files')).toBe(files);
  });

  it('the files command replaces its own section only', () => {
    const before = `# API\n\n${web}\n\n${files}\n`;
    const after = withSection(before, 'files', files.replace('## Files', '## Files, again'));
    expect(after).toBe(before.replace('## Files', '## Files, again'));
    expect(withSection('# API\n', 'files', files)).toBe(`# API\n\n${files}\n`);
  });
});

describe('the files section', () => {
  const m = (what: string, rows: number, before: number, peak: number, note?: string): Measurement => ({
    what,
    rows,
    seconds: 1,
    status: 200,
    rssBeforeMb: before,
    peakMb: peak,
    bytes: 1,
    note,
  });
  const capped = (format: string) => `download paperinfosem ${format} (heap capped at 128 MB)`;

  it(
    'calls memory flat when 300,000 rows raise the capped peak at most 40 MB more than 10,000 do, and ' +
      'every row arrived',
    () => {
      const verdicts = flatMemory(
        [
          m(capped('csv'), 10_000, 300, 310),
          m(capped('csv'), 300_000, 300, 345),
          m(capped('xlsx'), 10_000, 300, 310),
          m(capped('xlsx'), 300_000, 300, 360),
        ],
        128,
      );
      expect(verdicts.map((v) => [v.format, v.flat])).toEqual([
        ['csv', true],
        ['xlsx', false],
      ]);
      expect(
        flatMemory(
          [m(capped('csv'), 10_000, 300, 310), m(capped('csv'), 300_000, 300, 301, '1000 rows arrived')],
          128,
        )[0]!.flat,
      ).toBe(false);
    },
  );

  it('renders between its markers, with a verdict per format', () => {
    const markdown = renderFilesSection(
      {
        startedAt: new Date(),
        measurements: [m(capped('csv'), 10_000, 300, 310), m(capped('csv'), 300_000, 300, 320)],
      },
      128,
    );
    expect(section(markdown, 'files')).toBe(markdown);
    expect(markdown).toContain('| download paperinfosem csv (heap capped at 128 MB) | 3,00,000 | 200 |');
    expect(markdown).toContain('- PASS memory flat for CSV (heap capped at 128 MB)');
    expect(markdown).toContain('- FAIL memory flat for XLSX (heap capped at 128 MB): a download failed');
  });
});
