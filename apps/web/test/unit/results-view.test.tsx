import type { StudentResult } from '@exam/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ResultVersions } from '../../src/features/results/result-view.tsx';

const step = (text: string, rule_id?: string) => ({ step: 'STATUS', rule_id, inputs: {}, output: {}, text });
const cell = (value: string | null, status: 'AB' | 'RL' | 'WH' | 'UFM' | 'EX' | null = null) => ({
  value,
  status,
});
const line = (
  paper_id: string,
  over: Partial<StudentResult['lines'][number]>,
): StudentResult['lines'][number] => ({
  paper_id,
  credit: '4',
  int: cell('20'),
  ext: cell('40'),
  pr: cell(null),
  grace: null,
  total: '60',
  max: '100',
  percentage: '60.00',
  grade: null,
  grade_point: null,
  credit_points: null,
  paper_result: 'P',
  explanation: [step(`${paper_id}: passed`, 'OLD-A@1:pass')],
  ...over,
});

/** An OLD-scheme result: one paper passed by grace, one absent, one result-later, one withheld. */
const version = (v: number, over: Partial<StudentResult> = {}): StudentResult => ({
  student_id: 'S1',
  exam_id: 'E1',
  session_id: '2023-24',
  course_comb_id: 'BA01',
  sem_id: '1',
  ruleset_id: 'OLD-A',
  ruleset_version: 1,
  scheme: 'OLD',
  total: '150',
  max_total: '400',
  percentage: '37.50',
  division: null,
  credits_registered: null,
  credits_earned: null,
  credit_points: null,
  sgpa: null,
  cgpa: null,
  result: 'RL',
  backlogs: ['HIN102'],
  lines: [
    line('HIN101', {
      ext: cell('25'),
      total: '45',
      grace: { marks: '2', rule_id: 'G1' },
      explanation: [
        step(
          'ext 25 < min 27: failed; G1 grace 2 of budget 4 (1 % of 350): passed by grace',
          'OLD-A@1:grace.G1',
        ),
      ],
    }),
    line('HIN102', {
      ext: cell(null, 'AB'),
      total: null,
      percentage: null,
      paper_result: 'AB',
      explanation: [step('absent in ext of HIN102: AB (printed "AB", never 0)')],
    }),
    line('ENG101', {
      ext: cell(null),
      total: null,
      percentage: null,
      paper_result: 'RL',
      explanation: [step('ext of ENG101 not locked: result later (RL)')],
    }),
    line('ECO101', {
      int: cell(null, 'WH'),
      total: '0',
      percentage: null,
      paper_result: 'RW',
      explanation: [step('UFM case pending: result withheld (RW)')],
    }),
  ],
  explanation: [step('aggregate 150 of 400 = 37.50 %')],
  version: v,
  run_id: `R${v}`,
  published_at: '2026-11-20T10:00:00Z',
  notification_no: `N/${v}`,
  supersedes_version: v > 1 ? v - 1 : null,
  status: v === 2 ? 'PUBLISHED' : 'SUPERSEDED',
  college_id: 'C101',
  name_en: 'Asha',
  ...over,
});

describe('a student result with its explanations and versions', () => {
  it('shows AB, RL and RW as codes and words, never 0, and each line explained one click away', async () => {
    render(<ResultVersions versions={[version(2), version(1, { result: 'FAIL' })]} />);
    const table = screen.getAllByRole('table', { name: 'Papers' })[0]!;
    const row = (paper: string) => within(table).getByRole('rowheader', { name: paper }).closest('tr')!;
    expect(row('HIN102').textContent).toContain('AB · Absent');
    expect(row('ENG101').textContent).toContain('RL · Result later');
    expect(row('ECO101').textContent).toContain('RW · Result withheld');
    // The total of a paper without marks is its code, not 0 (ECO101's engine total is "0").
    for (const paper of ['HIN102', 'ENG101', 'ECO101']) {
      const cells = within(row(paper)).getAllByRole('cell');
      expect(cells.map((c) => c.textContent)).not.toContain('0');
    }
    expect(row('HIN101').textContent).toContain('+2 (G1)');

    const why = within(row('HIN101')).getByRole('button', { name: /^Why\?\s*HIN101$/ });
    expect(why.getAttribute('aria-expanded')).toBe('false');
    const explanation = document.getElementById(why.getAttribute('aria-controls')!)!;
    expect(explanation.hidden).toBe(true);
    await userEvent.click(why);
    expect(explanation.hidden).toBe(false);
    expect(explanation.textContent).toContain('G1 grace 2 of budget 4 (1 % of 350): passed by grace');
    expect(explanation.textContent).toContain('[rule OLD-A@1:grace.G1]');
    expect(
      within(row('HIN101'))
        .getByRole('button', { name: /^Hide\s*HIN101$/ })
        .getAttribute('aria-expanded'),
    ).toBe('true');
  });

  it("writes a step stored as data (its template, inputs and outputs) as the engine's sentence", async () => {
    const total = {
      step: 'TOTAL',
      rule_id: 'OLD-A@1:pass',
      inputs: { total: '60', max: '100', min: '36' },
      output: { percentage: '60.00', passed: true },
      t: 'explain.total',
    };
    render(<ResultVersions versions={[version(1, { lines: [line('HIN101', { explanation: [total] })] })]} />);
    await userEvent.click(screen.getByRole('button', { name: /^Why\?\s*HIN101$/ }));
    expect(screen.getByText(/^total 60 of 100/).textContent).toBe(
      'total 60 of 100 (60.00 %) ≥ min 36: passed [rule OLD-A@1:pass]',
    );
  });

  it('shows the newest version, the one it supersedes, and the earlier version marked as superseded', () => {
    render(<ResultVersions versions={[version(2), version(1, { result: 'FAIL' })]} />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('version 2');
    expect(screen.getByText('Supersedes').nextSibling?.textContent).toBe('version 1');
    expect(screen.getByText('Earlier versions (1)')).toBeTruthy();
    expect(screen.getByText('Version 1 was superseded by a later version.')).toBeTruthy();
    // The newest result (RL) above; the superseded one (FAIL) below it.
    expect(screen.getAllByText('RL · Result later')[0]!.closest('dd')).toBeTruthy();
    expect(screen.getByText('FAIL · Fail').closest('.superseded')).toBeTruthy();
  });
});

describe('a NEP year-end result with its exit check', () => {
  it(
    'names the awards the student may be issued on exit and every level with its reason; none for a result ' +
      'without a check',
    () => {
      const exit = {
        text:
          'semester 2 ends year 1: exit levels checked over 46 credits earned in semesters 1, 2 ' +
          '(vocational ' +
          '4): eligible for UG Certificate',
        credits_earned: '46',
        levels: [
          {
            level: 'YEAR_1',
            award: 'UG Certificate',
            eligible: true,
            text: 'UG Certificate: 46 credits ≥ 40 + 4; vocational 4 ≥ 4 (in addition): eligible',
          },
          {
            level: 'YEAR_2',
            award: 'UG Diploma',
            eligible: false,
            text: 'UG Diploma: 46 credits < 80 + 4; vocational 4 ≥ 4 (in addition): not eligible',
          },
        ],
        awards: ['UG Certificate'],
      };
      const nep = version(1, {
        scheme: 'NEP',
        ruleset_id: 'NEP',
        result: 'PASS',
        sem_id: '2',
        sgpa: '7.00',
        cgpa: '7.00',
        exit,
      });
      const { unmount } = render(<ResultVersions versions={[nep]} />);
      const section = screen.getByRole('region', { name: 'Exit eligibility (NEP)' });
      expect(within(section).getByText('Eligible on exit for: UG Certificate')).toBeTruthy();
      const levels = within(section).getAllByRole('listitem');
      expect(levels.map((l) => l.getAttribute('data-eligible'))).toEqual(['true', 'false']);
      expect(levels[1]!.textContent).toContain('UG Diploma: not eligible');
      expect(levels[1]!.textContent).toContain('46 credits < 80 + 4');
      unmount();
      render(<ResultVersions versions={[version(1, { exit: null })]} />);
      expect(screen.queryByRole('region', { name: 'Exit eligibility (NEP)' })).toBeNull();
    },
  );
});
