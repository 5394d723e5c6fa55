// Test vectors T1–T3, T2b and T12 of lifecycle spec §4.10 (OLD scheme), with the spec's numbers.
import { explanationText, oldVariantC, oldVariantD, type RulesetPreset } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { finalDivision, gradeStudent } from '../src/index.ts';
import { cbcsDefault, internalOnly, oldVariantA, rulesetOf, studentInput, theory } from './fixtures.ts';

const withGrace = (
  preset: RulesetPreset,
  change: (g: RulesetPreset['rules']['grace'][number]) => void,
): RulesetPreset => {
  const copy = structuredClone(preset);
  copy.rules.grace.forEach(change);
  return copy;
};

const t1Papers = () => [
  theory('HIN101', 18, 52),
  theory('ENG101', 15, 40),
  theory('HIS101', 20, 58),
  internalOnly('ENV101', 30),
];
const t2Papers = () => [
  theory('HIN101', 12, 25),
  theory('ENG101', 14, 30),
  theory('HIS101', 10, 28),
  internalOnly('ENV101', 25),
];
const t3Papers = () => [
  theory('HIN101', 18, 52),
  theory('ENG101', 15, 40),
  theory('HIS101', 20, 39),
  internalOnly('ENV101', 25),
];

describe('T1: OLD pass, First Division', () => {
  it('variant A: 233/350 = 66.57 %, PASS, I Division', () => {
    const { result, backlogs } = gradeStudent(studentInput(oldVariantA, t1Papers()));
    expect(result).toMatchObject({
      total: '233',
      max_total: '350',
      percentage: '66.57',
      result: 'PASS',
      division: 'I',
      backlogs: [],
    });
    expect(backlogs).toEqual([]);
    expect(result.lines.map((l) => [l.paper_id, l.total, l.paper_result])).toEqual([
      ['HIN101', '70', 'P'],
      ['ENG101', '55', 'P'],
      ['HIS101', '78', 'P'],
      ['ENV101', '30', 'P'],
    ]);
    const division = result.explanation.find((s) => s.step === 'DIVISION')!;
    expect(division.rule_id).toBe('OLD-A@1:divisions');
    expect(explanationText(division)).toContain('233 × 100 ≥ 60 × 350');
    expect(result.explanation[0]).toMatchObject({
      step: 'RULESET',
      inputs: { ruleset_id: 'OLD-A', version: 1 },
    });
  });

  it('variant C: First Class', () => {
    const { result } = gradeStudent(studentInput(oldVariantC, t1Papers()));
    expect(result).toMatchObject({ percentage: '66.57', result: 'PASS', division: 'I' });
    expect(explanationText(result.explanation.at(-1)!)).toContain('First Class');
  });

  it('variant D: First Class', () => {
    const { result } = gradeStudent(studentInput(oldVariantD, t1Papers()));
    expect(result).toMatchObject({ percentage: '66.57', result: 'PASS', division: 'I' });
    expect(explanationText(result.explanation.at(-1)!)).toContain('First Class');
  });
});

describe('T2: pass by grace G1', () => {
  it(
    'budget ⌈1 % × 350⌉ = 4, one failing paper allowed, grace 2 in HIN101 ext, not added: 144/350 = 41.14 ' +
      '%, III Division',
    () => {
      const { result, backlogs } = gradeStudent(studentInput(oldVariantA, t2Papers()));
      expect(result).toMatchObject({
        result: 'PASS_GRACE',
        total: '144',
        max_total: '350',
        percentage: '41.14',
        division: 'III',
        backlogs: [],
      });
      expect(backlogs).toEqual([]);
      const hin = result.lines[0]!;
      expect(hin).toMatchObject({
        paper_id: 'HIN101',
        total: '37',
        paper_result: 'P',
        grace: { marks: '2', rule_id: 'G1' },
      });
      const grace = hin.explanation.find((s) => s.step === 'GRACE')!;
      expect(grace.rule_id).toBe('OLD-A@1:grace.G1');
      expect(explanationText(grace)).toContain(
        'ext 25 < min 27: failed; G1 grace 2 of budget 4 (1 % of 350): passed by grace',
      );
      const studentGrace = result.explanation.find((s) => s.step === 'GRACE')!;
      expect(studentGrace.inputs).toMatchObject({
        budget: '4',
        papers_with_minima: 3,
        max_failing_papers: '1',
        failing_papers: 1,
      });
    },
  );

  it('counting all four papers with minima gives one failing paper allowed too', () => {
    const preset = withGrace(oldVariantA, (g) => {
      if (g.rule_type === 'G1') g.params.paper_base = 'ALL_WITH_MINIMA';
    });
    const { result } = gradeStudent(studentInput(preset, t2Papers()));
    expect(result.result).toBe('PASS_GRACE');
    expect(result.explanation.find((s) => s.step === 'GRACE')!.inputs).toMatchObject({
      papers_with_minima: 4,
      max_failing_papers: '1',
    });
  });

  it(
    'T2b: ENG101 ext 25 as well: two failing papers > 1, no grace; PROMOTED with back in HIN101, ENG101 ' +
      '(40 % of 4 = 1.6 → 2)',
    () => {
      const papers = t2Papers();
      papers[1] = theory('ENG101', 14, 25);
      const { result, backlogs } = gradeStudent(studentInput(oldVariantA, papers));
      expect(result).toMatchObject({ result: 'PROMOTED', division: null, backlogs: ['HIN101', 'ENG101'] });
      expect(result.lines.every((l) => l.grace === null)).toBe(true);
      expect(backlogs).toEqual([
        { paper_id: 'HIN101', reason: 'EXTERNAL' },
        { paper_id: 'ENG101', reason: 'EXTERNAL' },
      ]);
      expect(explanationText(result.explanation.find((s) => s.step === 'GRACE')!)).toContain(
        '2 failing papers > 1 allowed',
      );
      expect(result.explanation.find((s) => s.step === 'ATKT')!.output).toEqual({
        limit: '2',
        promoted: true,
      });
    },
  );

  it('T2b with an ATKT limit of one paper: FAIL', () => {
    const preset = structuredClone(oldVariantA);
    preset.rules.atkt.max_failed_papers_count = 1;
    const papers = t2Papers();
    papers[1] = theory('ENG101', 14, 25);
    expect(gradeStudent(studentInput(preset, papers)).result.result).toBe('FAIL');
  });
});

describe('T3: one-mark division grace', () => {
  it('209/350 = 59.71 % is II Division without grace (20 900 < 21 000)', () => {
    const preset = withGrace(oldVariantA, (g) => {
      g.enabled = false;
    });
    const { result } = gradeStudent(studentInput(preset, t3Papers()));
    expect(result).toMatchObject({ total: '209', percentage: '59.71', division: 'II', result: 'PASS' });
  });

  it('G1d: +1 to the least-marked paper → 210/350 = 60.00 %, I Division, +1 included in the marks', () => {
    const { result } = gradeStudent(studentInput(oldVariantA, t3Papers()));
    expect(result).toMatchObject({ total: '210', percentage: '60.00', division: 'I', result: 'PASS' });
    const env = result.lines.find((l) => l.paper_id === 'ENV101')!;
    expect(env).toMatchObject({ total: '26', grace: { marks: '1', rule_id: 'G1d' } });
    expect(result.explanation.find((s) => s.step === 'GRACE')!.rule_id).toBe('OLD-A@1:grace.G1d');
  });

  it('G3 (Shivaji): shortfall 1 ≤ min(3.5, 10) → same outcome', () => {
    const preset = withGrace(oldVariantA, (g) => {
      g.enabled = g.rule_type === 'G3';
    });
    const { result } = gradeStudent(studentInput(preset, t3Papers()));
    expect(result).toMatchObject({ total: '210', percentage: '60.00', division: 'I' });
    expect(result.lines.find((l) => l.grace)!.grace).toEqual({ marks: '1', rule_id: 'G3' });
    expect(explanationText(result.explanation.find((s) => s.step === 'GRACE')!)).toContain(
      'min(1 % of 350, 10) = 3.5',
    );
  });
});

describe('T12: statuses', () => {
  it('external AB in a theory paper: paper AB, printed AB, backlog reason ABSENT', () => {
    const { result, backlogs } = gradeStudent(
      studentInput(oldVariantA, [theory('HIN101', 18, 'AB'), ...t1Papers().slice(1)]),
    );
    const hin = result.lines[0]!;
    expect(hin).toMatchObject({
      paper_result: 'AB',
      ext: { value: null, status: 'AB' },
      total: null,
      percentage: null,
    });
    expect(backlogs).toEqual([{ paper_id: 'HIN101', reason: 'ABSENT' }]);
    expect(result.result).toBe('PROMOTED');
  });

  it('under CBCS: AB has grade point 0; UFM pending gives RW with no SGPA or CGPA', () => {
    const absent = gradeStudent(
      studentInput(cbcsDefault, [theory('HIN101', 18, 'AB'), ...t1Papers().slice(1)]),
    ).result;
    expect(absent.lines[0]).toMatchObject({
      paper_result: 'AB',
      grade: 'Ab',
      grade_point: '0',
      credit_points: '0',
    });
    const pending = gradeStudent(
      studentInput(cbcsDefault, [theory('HIN101', 18, 'WH'), ...t1Papers().slice(1)]),
    ).result;
    expect(pending).toMatchObject({ result: 'RW', sgpa: null, cgpa: null });
    expect(pending.lines[0]).toMatchObject({ paper_result: 'RW', grade: null, grade_point: null });
  });

  it('UFM pending (withheld): paper RW, student RW, nothing computed', () => {
    const { result, backlogs } = gradeStudent(
      studentInput(oldVariantA, [theory('HIN101', 18, 'WH'), ...t1Papers().slice(1)]),
    );
    expect(result.lines[0]!.paper_result).toBe('RW');
    expect(result).toMatchObject({
      result: 'RW',
      total: null,
      percentage: null,
      division: null,
      sgpa: null,
      backlogs: [],
    });
    expect(backlogs).toEqual([]);
  });

  it('external marks missing for a present candidate: RL, never a guessed 0', () => {
    const { result } = gradeStudent(
      studentInput(oldVariantA, [theory('HIN101', 18, null), ...t1Papers().slice(1)]),
    );
    expect(result.lines[0]).toMatchObject({ paper_result: 'RL', total: null });
    expect(result.result).toBe('RL');
  });

  it('every paper absent: ABSENT; a UFM cancellation: UFM with reason MALPRACTICE', () => {
    const absent = gradeStudent(
      studentInput(oldVariantA, [
        theory('HIN101', 18, 'AB'),
        theory('ENG101', 15, 'AB'),
        internalOnly('ENV101', 'AB'),
      ]),
    );
    expect(absent.result.result).toBe('ABSENT');
    const ufm = gradeStudent(
      studentInput(oldVariantA, [theory('HIN101', 18, 52, { ufm_cancelled: true }), ...t1Papers().slice(1)]),
    );
    expect(ufm.result.result).toBe('UFM');
    expect(ufm.backlogs).toEqual([{ paper_id: 'HIN101', reason: 'MALPRACTICE' }]);
  });
});

describe('final (degree) division on the aggregate of all parts (§4.3, §8.1)', () => {
  it('233/350 + 210/350 = 443/700 = 63.29 %: I Division; 270 + 260 of 700 = 75.71 %: Distinction', () => {
    const rs = rulesetOf(oldVariantA);
    expect(
      finalDivision(rs, [
        { sem_id: 'SEM1', total: '233', max_total: '350' },
        { sem_id: 'SEM2', total: '210', max_total: '350' },
      ]),
    ).toMatchObject({ division: 'I', percentage: '63.29' });
    const top = finalDivision(rs, [
      { sem_id: 'SEM1', total: '270', max_total: '350' },
      { sem_id: 'SEM2', total: '260', max_total: '350' },
    ]);
    expect(top).toMatchObject({ division: 'DISTINCTION', percentage: '75.71' });
    expect(explanationText(top.explanation[0]!)).toContain('530 of 700');
  });
});
