import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { resultExceptionCode, resultRunStatus, resultRunWorkflow, rulesetPresets } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { paperResultWords, studentResultWords } from '../../src/features/results/result-view.tsx';
import { ruleSections, ruleWords } from '../../src/features/results/ruleset-tables.ts';
import hindi from '@exam/contracts/i18n/screens-hi';

// jsdom's import.meta.url is not a file URL: the features folder from this file's directory.
const dir = path.join(__dirname, '../../src/features/results/');

/**
 * The English texts the results screens pass to t() literally, and the titles and labels they hand to Page
 * and charts.
 */
function screenTexts() {
  const texts: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.tsx'))) {
    const source = readFileSync(dir + file, 'utf8');
    for (const m of source.matchAll(/\bt\('((?:[^'\\]|\\.)*)'/g)) texts.push(m[1]!.replace(/\\'/g, "'"));
    for (const m of source.matchAll(/\b(?:title|label)="([^"]+)"/g)) texts.push(m[1]!);
    for (const m of source.matchAll(/\['\w+', '([^']+)'\]/g)) texts.push(m[1]!);
  }
  return texts;
}

/**
 * The rule tables' own words (titles, columns, setting names, phrases); the rule set's data (division labels,
 * grades) stays as entered.
 */
function ruleTexts() {
  const texts: string[] = [
    ...Object.values(ruleWords),
    'failed paper',
    'absent',
    'non-credit paper passed',
    'non-credit paper failed',
    'Distinction in a paper',
  ];
  for (const preset of rulesetPresets) {
    for (const section of ruleSections(preset.rules)) {
      texts.push(section.title, ...section.columns);
      for (const row of section.rows) {
        if (section.columns[0] === 'Rule') texts.push(row.cells[0] as string);
        for (const cell of row.cells)
          if (typeof cell !== 'string')
            texts.push(...(Array.isArray(cell) ? cell : [cell]).map((p) => p.text));
      }
    }
  }
  return texts;
}

const isCode = (text: string) => /^[A-Z0-9]+$|^[a-z_]+$/.test(text) || !text.trim();

describe('Hindi catalogue: results screens', () => {
  it(
    'covers every text of the run, student-result, analysis and rule-set screens, the run workflow and the ' +
      'exception kinds',
    () => {
      const catalogue = hindi as Record<string, string>;
      const texts = [
        ...screenTexts(),
        ...ruleTexts(),
        ...Object.values(paperResultWords),
        ...Object.values(studentResultWords),
        ...resultRunStatus.options.map((o) => o.label),
        ...resultExceptionCode.options.map((o) => o.label),
        ...Object.values(resultRunWorkflow.actions).map((a) => a.label),
      ];
      expect(texts.length).toBeGreaterThan(200);
      expect([...new Set(texts)].filter((text) => !isCode(text) && !catalogue[text]).sort()).toEqual([]);
    },
  );
});
