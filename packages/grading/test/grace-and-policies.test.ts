// Grace rule types G2–G7 (§4.4) one at a time, and the student-level policies of §4.8.
import { explanationText, type GraceRule, type RulesetPreset } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { gradeStudent, GradingInputError } from '../src/index.ts';
import { cbcsDefault, internalOnly, oldVariantA, studentInput, theory } from './fixtures.ts';

const only = (
  type: GraceRule['rule_type'],
  base: RulesetPreset = oldVariantA,
  change?: (g: GraceRule) => void,
): RulesetPreset => {
  const copy = structuredClone(base);
  for (const g of copy.rules.grace) {
    g.enabled = g.rule_type === type;
    if (g.enabled) change?.(g);
  }
  return copy;
};

const passing = () => [theory('ENG101', 15, 40), theory('HIS101', 20, 58), internalOnly('ENV101', 30)];

describe('grace rule types', () => {
  it(
    'G2 (per-head table): ext short by 2 within the 51–100 cap of 3 and the 1 % total cap → passed by ' +
      'grace; short by 4 → no grace',
    () => {
      const pass = gradeStudent(studentInput(only('G2'), [theory('HIN101', 12, 25), ...passing()])).result;
      expect(pass.result).toBe('PASS_GRACE');
      expect(pass.lines[0]!.grace).toEqual({ marks: '2', rule_id: 'G2' });
      const fail = gradeStudent(studentInput(only('G2'), [theory('HIN101', 12, 23), ...passing()])).result;
      expect(fail.result).toBe('PROMOTED');
      expect(explanationText(fail.explanation.find((s) => s.step === 'GRACE')!)).toContain('above its cap 3');
    },
  );

  it('G5 (condonation of a single head): one head short by 2 → condoned; two heads → not', () => {
    expect(
      gradeStudent(studentInput(only('G5'), [theory('HIN101', 12, 25), ...passing()])).result.result,
    ).toBe('PASS_GRACE');
    const two = gradeStudent(
      studentInput(only('G5'), [theory('HIN101', 12, 25), theory('ENG101', 15, 26), ...passing().slice(1)]),
    ).result;
    expect(two.result).toBe('PROMOTED');
    expect(explanationText(two.explanation.find((s) => s.step === 'GRACE')!)).toContain(
      '2 failed heads > 1 allowed',
    );
  });

  it('G6 (pool of 7, added to the marks): two papers short by 3 each → both pass, totals raised', () => {
    const { result } = gradeStudent(
      studentInput(only('G6'), [theory('HIN101', 12, 24), theory('ENG101', 15, 24), ...passing().slice(1)]),
    );
    expect(result.result).toBe('PASS_GRACE');
    expect(result.lines.slice(0, 2).map((l) => [l.total, l.grace])).toEqual([
      ['39', { marks: '3', rule_id: 'G6' }],
      ['42', { marks: '3', rule_id: 'G6' }],
    ]);
  });

  it('G7 (1 % of 350 = 3.5, fraction down → 3): deficits 1 + 2 = 3 → passed; 2 + 2 = 4 → not', () => {
    expect(
      gradeStudent(
        studentInput(only('G7'), [theory('HIN101', 12, 26), theory('ENG101', 15, 25), ...passing().slice(1)]),
      ).result.result,
    ).toBe('PASS_GRACE');
    expect(
      gradeStudent(
        studentInput(only('G7'), [theory('HIN101', 12, 25), theory('ENG101', 15, 25), ...passing().slice(1)]),
      ).result.result,
    ).toBe('PROMOTED');
  });

  it(
    'G4 (distinction grace, CBCS): 88/100 short of O by 2 ≤ 3 → grade O; at most the configured number of ' +
      'papers',
    () => {
      const papers = [theory('MAT101', 20, 68), theory('PHY101', 20, 67), theory('CHE101', 20, 50)];
      const { result } = gradeStudent(
        studentInput(
          only('G4', cbcsDefault, (g) => {
            if (g.rule_type === 'G4') g.params.max_papers = 1;
          }),
          papers,
        ),
      );
      expect(result.lines[0]).toMatchObject({
        total: '90',
        grade: 'O',
        grace: { marks: '2', rule_id: 'G4' },
      });
      expect(result.lines[1]).toMatchObject({ total: '87', grade: 'A+', grace: null });
      expect(result.result).toBe('PASS');
    },
  );

  it('grace is never given when a paper is absent: G1 not applied, and the reason says so', () => {
    const { result } = gradeStudent(
      studentInput(oldVariantA, [
        theory('HIN101', 12, 25),
        theory('ENG101', 15, 'AB'),
        ...passing().slice(1),
      ]),
    );
    expect(result.lines.every((l) => l.grace === null)).toBe(true);
    expect(explanationText(result.explanation.find((s) => s.step === 'GRACE')!)).toContain(
      'grace is never given to absent or UFM papers',
    );
    expect(result.result).toBe('PROMOTED');
  });

  it('an absent internal counts 0, fails the internal minimum (reason INTERNAL) and takes no grace', () => {
    const { result, backlogs } = gradeStudent(
      studentInput(oldVariantA, [theory('HIN101', 'AB', 60), ...passing()]),
    );
    expect(result.lines[0]).toMatchObject({ total: '60', paper_result: 'F', grace: null });
    expect(backlogs).toEqual([{ paper_id: 'HIN101', reason: 'INTERNAL' }]);
  });

  it('backlog reasons BOTH and OVERALL', () => {
    const none = structuredClone(oldVariantA);
    none.rules.grace = [];
    const both = gradeStudent(studentInput(none, [theory('HIN101', 5, 20), ...passing()]));
    expect(both.backlogs).toEqual([{ paper_id: 'HIN101', reason: 'BOTH' }]);
    const overall = gradeStudent(
      studentInput(none, [theory('HIN101', 9, 26, { ext_min: '20' }), ...passing()]),
    );
    expect(overall.backlogs).toEqual([{ paper_id: 'HIN101', reason: 'OVERALL' }]);
  });
});

describe('student-level policies and refusals', () => {
  it('RL with the PARTIAL policy: the other papers graded, their backlogs opened, the result waits', () => {
    const partial = structuredClone(oldVariantA);
    partial.rules.student_level.on_rl = 'PARTIAL';
    const { result, backlogs } = gradeStudent(
      studentInput(partial, [theory('HIN101', 18, null), theory('ENG101', 5, 20), ...passing().slice(1)]),
    );
    expect(result).toMatchObject({ result: 'RL', division: null, total: '133', max_total: '250' });
    expect(backlogs.map((b) => b.paper_id)).toEqual(['ENG101']);
  });

  it('DETAINED: nothing graded', () => {
    const { result } = gradeStudent(studentInput(oldVariantA, passing(), { detained: true }));
    expect(result).toMatchObject({ result: 'DETAINED', lines: [], backlogs: [] });
  });

  it('refuses marks above the maximum, off the marks step, or for a component the paper lacks', () => {
    expect(() => gradeStudent(studentInput(oldVariantA, [theory('HIN101', 26, 50)]))).toThrow(
      GradingInputError,
    );
    expect(() => gradeStudent(studentInput(oldVariantA, [theory('HIN101', '20.25', 50)]))).toThrow(
      /marks step 0.5/,
    );
    expect(() =>
      gradeStudent(
        studentInput(oldVariantA, [internalOnly('ENV101', 30, { ext: { value: '10', status: null } })]),
      ),
    ).toThrow(/has no ext component/);
    expect(() =>
      gradeStudent(studentInput(oldVariantA, [theory('HIN101', 10, 50), theory('HIN101', 10, 50)])),
    ).toThrow(/listed twice/);
  });
});
