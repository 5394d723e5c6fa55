// T10 (revaluation outcome rules), T11 (NEP exit) of lifecycle spec §4.10, the revaluation limits of §8.7 and
// CIA internals (§S3).
import {
  explanationText,
  type ExplanationStep,
  type CiaPattern,
  type EarlierCourse,
  type RulesetPreset,
} from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import {
  computeInternal,
  exitEligibility,
  gradeStudent,
  maxRevaluationPapers,
  revaluationEligible,
  revaluationLastDay,
  revaluationOutcome,
  withinRevaluationWindow,
} from '../src/index.ts';
import { cbcsDefault, nepDefault, rulesetOf, studentInput, theory } from './fixtures.ts';

const withRule = (rule: RulesetPreset['rules']['reval']['result_rule']) => {
  const copy = structuredClone(cbcsDefault);
  copy.rules.reval.result_rule = rule;
  return rulesetOf(copy);
};

describe('T10: revaluation (M = 100)', () => {
  const vtu = withRule('VTU');
  const final = (O: number, R: number, T?: number) =>
    revaluationOutcome(vtu, {
      original: String(O),
      revaluation: String(R),
      third: T === undefined ? null : String(T),
      max: '100',
    });

  it('VTU: O 40, R 44 → 44 (d ≤ 5 % of M)', () => expect(final(40, 44).final).toBe('44'));
  it('VTU: O 40, R 50 → 40 + 5 + ⌈2.5⌉ = 48', () => {
    const out = final(40, 50);
    expect(out.final).toBe('48');
    expect(explanationText(out.explanation[0]!)).toContain('40 + 5 + ⌈0.5 × (10 − 5)⌉ = 48');
  });
  it('VTU: O 30, R 48 (d = 18 > 15) needs a third valuation; with T 44 the nearest two 44, 48 → 46', () => {
    expect(final(30, 48)).toMatchObject({ final: null, needs_third_valuation: true });
    expect(final(30, 48, 44).final).toBe('46');
  });
  it('VTU: O 30, R 50, T 40 (exactly midway) → the higher two 40, 50 → 45', () =>
    expect(final(30, 50, 40).final).toBe('45'));
  it('VTU: O 40, R 35 → 40', () => expect(final(40, 35).final).toBe('40'));
  // 46 and 49 → 47.5 → 48
  it('VTU: an average with a half is rounded up', () => expect(final(30, 49, 46).final).toBe('48'));
  it('BETTER: O 40, R 35 → 40 (the default rule)', () => {
    expect(
      revaluationOutcome(rulesetOf(cbcsDefault), { original: '40', revaluation: '35', max: '100' }).final,
    ).toBe('40');
  });
  it('REPLACE: O 40, R 35 → 35', () => {
    expect(
      revaluationOutcome(withRule('REPLACE'), { original: '40', revaluation: '35', max: '100' }).final,
    ).toBe('35');
  });
  it('THRESHOLD (k = 5): a change of 4 keeps the original, a change of 5 stands', () => {
    expect(
      revaluationOutcome(withRule('THRESHOLD'), { original: '40', revaluation: '44', max: '100' }).final,
    ).toBe('40');
    expect(
      revaluationOutcome(withRule('THRESHOLD'), { original: '40', revaluation: '35', max: '100' }).final,
    ).toBe('35');
  });
});

describe('revaluation limits (section 8.7 defaults)', () => {
  const rs = rulesetOf(cbcsDefault);
  it('window of 15 days after publication', () => {
    expect(revaluationLastDay(rs, '2025-01-10')).toBe('2025-01-25');
    expect(withinRevaluationWindow(rs, '2025-01-10', '2025-01-25')).toBe(true);
    expect(withinRevaluationWindow(rs, '2025-01-10', '2025-01-26')).toBe(false);
    expect(withinRevaluationWindow(rs, '2025-01-10', '2025-01-09')).toBe(false);
  });
  it('at most 25 % of the theory papers appeared, fraction down, at least 1', () => {
    expect(maxRevaluationPapers(rs, 5)).toBe(1);
    expect(maxRevaluationPapers(rs, 8)).toBe(2);
    expect(maxRevaluationPapers(rs, 2)).toBe(1);
    expect(maxRevaluationPapers(rs, 0)).toBe(0);
  });
  it('theory external components only, not a back attempt', () => {
    expect(revaluationEligible(rs, { component: 'EXT', th_pr_status: 'TH', attempt_type: 'REGULAR' })).toBe(
      true,
    );
    expect(revaluationEligible(rs, { component: 'INT', th_pr_status: 'TH', attempt_type: 'REGULAR' })).toBe(
      false,
    );
    expect(revaluationEligible(rs, { component: 'PR', th_pr_status: 'PR', attempt_type: 'REGULAR' })).toBe(
      false,
    );
    expect(revaluationEligible(rs, { component: 'EXT', th_pr_status: 'TH', attempt_type: 'BACK' })).toBe(
      false,
    );
  });
  it('a minimum score to apply, when the rule set has one', () => {
    const withMin = structuredClone(cbcsDefault);
    withMin.rules.reval.min_score_percent = '20';
    const paper = (obtained: string) => ({
      component: 'EXT' as const,
      th_pr_status: 'TH' as const,
      attempt_type: 'REGULAR' as const,
      marks: { obtained, max: '100' },
    });
    expect(revaluationEligible(rulesetOf(withMin), paper('19.5'))).toBe(false);
    expect(revaluationEligible(rulesetOf(withMin), paper('20'))).toBe(true);
    expect(revaluationEligible(rs, paper('5'))).toBe(true);
  });
});

describe('T11: NEP exit', () => {
  const nep = rulesetOf(nepDefault);
  const award = (
    credits: string,
    categories: Record<string, string>,
    marks?: { obtained: string; max: string },
  ) => exitEligibility(nep, { credits_earned: credits, credits_by_category: categories, marks }).awards;

  it(
    'after year 1: 42 credits + a 4-credit vocational course → UG Certificate (40 + 4); 38 + 4 → not ' +
      'eligible',
    () => {
      expect(award('46', { VOCATIONAL: '4' })).toEqual(['UG Certificate']);
      expect(award('42', { VOCATIONAL: '4' })).toEqual([]);
      expect(award('46', {})).toEqual([]);
      const out = exitEligibility(nep, { credits_earned: '42', credits_by_category: { VOCATIONAL: '4' } });
      expect(explanationText(out.levels[0]!.explanation)).toBe(
        'UG Certificate: 42 credits < 40 + 4; vocational 4 ≥ 4 (in addition): not eligible',
      );
    },
  );

  it(
    'Honours with Research: 160 credits incl. 12 research and ≥ 75 % in semesters I–VI → eligible; 74.9 % ' +
      '→ Honours only',
    () => {
      const research = award('160', { RESEARCH: '12', VOCATIONAL: '8' }, { obtained: '2250', max: '3000' });
      expect(research).toContain("Bachelor's degree (Honours with Research)");
      expect(research).toContain("Bachelor's degree (Honours)");
      const honours = award('160', { RESEARCH: '12', VOCATIONAL: '8' }, { obtained: '2247', max: '3000' });
      expect(honours).toContain("Bachelor's degree (Honours)");
      expect(honours).not.toContain("Bachelor's degree (Honours with Research)");
    },
  );
});

describe('internal marks from CIA components (§S3)', () => {
  const pattern: CiaPattern = {
    pattern_id: 'CIA-NEW',
    rounding: 'HALF_UP',
    decimals: 0,
    components: [
      {
        code: 'TEST',
        name: 'Tests',
        weight_percent: '50',
        max_marks: '20',
        best_of: 1,
        mandatory: true,
        attendance_bands: null,
      },
      {
        code: 'ASSIGN',
        name: 'Assignment',
        weight_percent: '30',
        max_marks: '10',
        best_of: null,
        mandatory: true,
        attendance_bands: null,
      },
      {
        code: 'ATT',
        name: 'Attendance',
        weight_percent: '20',
        max_marks: '4',
        best_of: null,
        mandatory: false,
        attendance_bands: [
          { min_percent: '75', marks: '2' },
          { min_percent: '80', marks: '3' },
          { min_percent: '90', marks: '4' },
        ],
      },
    ],
  };
  const cell = (value: string | null, status: 'AB' | null = null) => ({ value, status });

  it('best of two tests, weights and attendance bands, rounded half-up to a whole number', () => {
    // tests best 15/20 → 0.75 × 50 = 37.5; assignment 7/10 → 21; attendance 82 % → 3/4 → 15: 73.5 % of 25 =
    // 18.375 → 18
    const out = computeInternal(pattern, '25', {
      TEST: [cell('12'), cell('15')],
      ASSIGN: cell('7'),
      ATT: cell('82'),
    });
    expect(out.cell).toEqual({ value: '18', status: null });
    expect(explanationText(out.explanation[0]!)).toContain('Tests best 1 of 12, 15 = 15/20');
  });

  it('attendance below 75 % earns 0; an absent test counts 0; ceil rounding', () => {
    const ceil = { ...pattern, rounding: 'CEIL' as const };
    // tests best of AB, 10 → 10/20 → 25; assignment 5/10 → 15; attendance 70 % → 0: 40 % of 25 = 10 → 10
    expect(
      computeInternal(ceil, '25', {
        TEST: [cell(null, 'AB'), cell('10')],
        ASSIGN: cell('5'),
        ATT: cell('70'),
      }).cell,
    ).toEqual({ value: '10', status: null });
    // tests 10/20 → 25; assignment 5/10 → 15; attendance 76 % → 2/4 → 10: 50 % of 25 = 12.5 → 13 with CEIL
    // (12 with FLOOR)
    expect(
      computeInternal(ceil, '25', { TEST: [cell('10')], ASSIGN: cell('5'), ATT: cell('76') }).cell.value,
    ).toBe('13');
    expect(
      computeInternal({ ...pattern, rounding: 'FLOOR' }, '25', {
        TEST: [cell('10')],
        ASSIGN: cell('5'),
        ATT: cell('76'),
      }).cell.value,
    ).toBe('12');
  });

  it('a missing mandatory component leaves the internal RL; every component absent is AB', () => {
    expect(computeInternal(pattern, '25', { TEST: [cell('12')] }).cell).toEqual({
      value: null,
      status: 'RL',
    });
    expect(
      computeInternal(pattern, '25', {
        TEST: [cell(null, 'AB')],
        ASSIGN: cell(null, 'AB'),
        ATT: cell(null, 'AB'),
      }).cell,
    ).toEqual({ value: null, status: 'AB' });
  });
});

describe('T11 in a result: the exit check of a year-end semester (gradeStudent)', () => {
  /** Earlier published semesters' courses: `n` 4-credit courses passed with 65/100 each (grade point 7). */
  const earlier = (sem: string, n: number, category: string | null = 'MAJOR'): EarlierCourse[] =>
    Array.from({ length: n }, (_, i) => ({
      sem_id: sem,
      paper_id: `P${sem}${i}`,
      credit: '4',
      grade_point: '7',
      passed: true,
      attempt_seq: 0,
      course_category: category,
      total: '65',
      max: '100',
    }));
  const semester = (sem: string, papers: ReturnType<typeof theory>[], earlierCourses: EarlierCourse[]) =>
    gradeStudent(studentInput(nepDefault, papers, { sem_id: sem, earlier_courses: earlierCourses })).result;
  const exitSteps = (r: { explanation: ExplanationStep[] }) =>
    r.explanation.filter((s) => s.step.startsWith('EXIT'));

  it(
    'semester 2 (year 1): 42 credits + a 4-credit vocational course → UG Certificate; 38 + 4 → not ' +
      'eligible; each level an EXIT step',
    () => {
      // Semester 1: 20 credits; semester 2: 22 more (4 + 4 + 4 + 4 + 3 + 3) and the 4-credit vocational
      // course.
      const sem2 = (failOne: boolean) => [
        theory('S201', 20, 45, { course_category: 'MAJOR' }),
        theory('S202', 20, 45, { course_category: 'MAJOR' }),
        theory('S203', 20, 45, { course_category: 'MINOR' }),
        theory('S204', 20, failOne ? 10 : 45, { course_category: 'MDC' }),
        theory('S205', 20, 45, { credit: '3', course_category: 'SEC' }),
        theory('S206', 20, 45, { credit: '3', course_category: 'AEC' }),
        theory('VOC201', 20, 45, { course_category: 'VOCATIONAL' }),
      ];
      const eligible = semester('2', sem2(false), earlier('1', 5));
      const steps = exitSteps(eligible);
      expect(steps[0]).toMatchObject({
        step: 'EXIT_CHECK',
        output: { credits_earned: '46', eligible_awards: 1 },
      });
      expect(explanationText(steps[0]!)).toBe(
        'semester 2 ends year 1: exit levels checked over 46 credits earned in semesters 1, 2 (aec 3, ' +
          'major 28, mdc 4, minor 4, sec 3, vocational 4): eligible for UG Certificate',
      );
      expect(steps.slice(1).map((s) => s.output.eligible)).toEqual([true, false, false, false, false]);
      expect(explanationText(steps[1]!)).toBe(
        'UG Certificate: 46 credits ≥ 40 + 4; vocational 4 ≥ 4 (in addition): eligible',
      );
      // The lines carry the category, so a later semester's check reads it back from the published lines.
      expect(eligible.lines.find((l) => l.paper_id === 'VOC201')!.course_category).toBe('VOCATIONAL');
      // 38 credits earned besides the vocational course (S204 failed): 42 < 44.
      const short = semester('2', sem2(true), earlier('1', 5));
      expect(explanationText(exitSteps(short)[1]!)).toBe(
        'UG Certificate: 42 credits < 40 + 4; vocational 4 ≥ 4 (in addition): not eligible',
      );
      expect(exitSteps(short)[0]!.output.eligible_awards).toBe(0);
    },
  );

  it(
    'no check in an odd semester, nor under a rule set without exit levels; a paper without a category ' +
      'carries none',
    () => {
      const odd = semester('1', [theory('S101', 20, 45, { course_category: 'VOCATIONAL' })], []);
      expect(exitSteps(odd)).toEqual([]);
      const cbcs = gradeStudent(
        studentInput(cbcsDefault, [theory('S201', 20, 45)], {
          sem_id: '2',
          earlier_courses: earlier('1', 5),
        }),
      ).result;
      expect(exitSteps(cbcs)).toEqual([]);
      expect('course_category' in cbcs.lines[0]!).toBe(false);
    },
  );

  it(
    'semester 8: Honours with Research needs ≥ 75 % of the marks of semesters I–VI (from the published ' +
      'lines): 75 % → eligible, 74.9 % → Honours only',
    () => {
      // Semesters 1–6: 30 courses of 4 credits (120 credits), each 75/100 or one short; 7: 20 credits; 8: 8
      // credits + 12 research credits.
      const marksSems = (last: string) =>
        ['1', '2', '3', '4', '5', '6'].flatMap((sem) =>
          earlier(sem, 5).map((c, i) => ({ ...c, total: sem === '6' && i === 4 ? last : '75' })),
        );
      const sem7 = earlier('7', 5);
      const sem8 = [
        theory('S801', 20, 55, { course_category: 'MAJOR' }),
        theory('S802', 20, 55, { course_category: 'MAJOR' }),
        theory('RES801', 20, 55, { credit: '12', course_category: 'RESEARCH' }),
      ];
      const research = semester('8', sem8, [...marksSems('75'), ...sem7]);
      const awards = (r: typeof research) =>
        exitSteps(r)
          .slice(1)
          .filter((s) => s.output.eligible)
          .map((s) => explanationText(s).split(':')[0]);
      expect(awards(research)).toContain("Bachelor's degree (Honours with Research)");
      expect(exitSteps(research)[0]!.output.credits_earned).toBe('160');
      // 2247 of 3000 = 74.9 %
      const honours = semester('8', sem8, [...marksSems('72'), ...sem7]);
      expect(awards(honours)).toContain("Bachelor's degree (Honours)");
      expect(awards(honours)).not.toContain("Bachelor's degree (Honours with Research)");
      expect(explanationText(exitSteps(honours).at(-1)!)).toContain('2247 of 3000 = 74.90 % < 75 %');
      // A semester of I–VI not published: the percentage condition cannot be met, and says so.
      const gap = semester('8', sem8, [
        ...marksSems('75').filter((c) => c.sem_id !== '3'),
        ...earlier('3', 5).map((c) => ({ ...c, total: null, max: null })),
        ...sem7,
      ]);
      expect(explanationText(exitSteps(gap).at(-1)!)).toContain('marks needed for the 75 % condition');
    },
  );
});
