// Test vectors T4–T9 of lifecycle spec §4.10 (CBCS / NEP), with the spec's numbers.
import {
  explanationText,
  type EarlierCourse,
  type GradingPaperInput,
  type RulesetPreset,
} from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { cgpaToPercentage, computeCgpa, gradeStudent, withBackAttempt } from '../src/index.ts';
import {
  cbcsDefault,
  internalOnly,
  nepDefault,
  practical,
  rulesetOf,
  studentInput,
  theory,
} from './fixtures.ts';

const variant = (
  change: (rules: RulesetPreset['rules']) => void,
  base: RulesetPreset = cbcsDefault,
): RulesetPreset => {
  const copy = structuredClone(base);
  change(copy.rules);
  return copy;
};

/** T4: B.Sc. PCM semester I, 18 credits. */
const t4Papers = () => [
  theory('PHY101', 20, 62),
  practical('PHY101P', 41),
  theory('CHE101', 18, 49),
  practical('CHE101P', 35),
  theory('MAT101', 22, 71),
  internalOnly('ENV101', 38),
];

/** T6: semester II, credits 4,4,4,2,2,4 with grades B, F, A, O, B+, A+. */
const t6Papers = () => [
  theory('PHY201', 20, 35), // 55 → B (6)
  theory('CHE201', 20, 20), // ext 20 < 27 → F (0); G1 cannot cover 7 with a budget of 5
  theory('MAT201', 20, 52), // 72 → A (8)
  practical('PHY201P', 46), // 92 % → O (10)
  internalOnly('ENV201', 32), // 64 % → B+ (7)
  theory('CSC201', 22, 63), // 85 → A+ (9)
];

/** T4's published lines as earlier courses of semester I. */
const t4Courses = (): EarlierCourse[] => {
  const { result } = gradeStudent(studentInput(cbcsDefault, t4Papers()));
  return result.lines.map((l) => ({
    sem_id: 'SEM1',
    paper_id: l.paper_id,
    credit: l.credit,
    grade_point: l.grade_point!,
    passed: l.paper_result === 'P',
    attempt_seq: 1,
  }));
};

const sem2 = (preset: RulesetPreset, papers: GradingPaperInput[], earlier: EarlierCourse[] = []) =>
  studentInput(preset, papers, {
    sem_id: 'SEM2',
    exam_id: 'MAIN-MAY-2025',
    attempt_seq: 2,
    earlier_courses: earlier,
  });

describe('T4: CBCS SGPA', () => {
  it('Σ C×G = 154 over 18 credits: SGPA 154/18 = 8.5556 → 8.56 half-up', () => {
    const { result } = gradeStudent(studentInput(cbcsDefault, t4Papers()));
    expect(
      result.lines.map((l) => [l.paper_id, l.percentage, l.grade, l.grade_point, l.credit_points]),
    ).toEqual([
      ['PHY101', '82.00', 'A+', '9', '36'],
      ['PHY101P', '82.00', 'A+', '9', '18'],
      ['CHE101', '67.00', 'B+', '7', '28'],
      ['CHE101P', '70.00', 'A', '8', '16'],
      ['MAT101', '93.00', 'O', '10', '40'],
      ['ENV101', '76.00', 'A', '8', '16'],
    ]);
    expect(result).toMatchObject({
      credits_registered: '18',
      credits_earned: '18',
      credit_points: '154',
      sgpa: '8.56',
      result: 'PASS',
      scheme: 'NEW',
    });
    const sgpa = result.explanation.find((s) => s.step === 'SGPA')!;
    expect(sgpa.inputs).toMatchObject({ credit_points: '154', credits: '18', exact: '77/9' });
    expect(explanationText(sgpa)).toContain('154 / 18 = 8.5555… → 8.56');
  });

  it('8.55 when truncation is configured', () => {
    const preset = variant((r) => {
      r.rounding.sgpa.mode = 'TRUNCATE';
    });
    expect(gradeStudent(studentInput(preset, t4Papers())).result.sgpa).toBe('8.55');
  });
});

describe('T5: a failed component beats the band', () => {
  it('int 25 + ext 20 = 45 ≥ 36 but ext 20 < 27: grade F, grade point 0 (not C)', () => {
    const { result, backlogs } = gradeStudent(
      studentInput(cbcsDefault, [theory('PHY101', 25, 20), ...t4Papers().slice(1)]),
    );
    expect(result.lines[0]).toMatchObject({
      total: '45',
      percentage: '45.00',
      grade: 'F',
      grade_point: '0',
      credit_points: '0',
      paper_result: 'F',
    });
    expect(backlogs).toEqual([{ paper_id: 'PHY101', reason: 'EXTERNAL' }]);
  });
});

describe('T6: F and Ab in SGPA', () => {
  it('credit points 126: ALL_ATTEMPTED 126/20 = 6.30', () => {
    const { result } = gradeStudent(sem2(cbcsDefault, t6Papers()));
    expect(result.lines.map((l) => l.grade)).toEqual(['B', 'F', 'A', 'O', 'B+', 'A+']);
    expect(result).toMatchObject({
      credit_points: '126',
      credits_registered: '20',
      credits_earned: '16',
      sgpa: '6.30',
      result: 'PROMOTED',
      backlogs: ['CHE201'],
    });
  });

  it('EARNED_ONLY: 126/16 = 7.875 → 7.88', () => {
    const preset = variant((r) => {
      r.sgpa_policy = 'EARNED_ONLY';
    });
    expect(gradeStudent(sem2(preset, t6Papers())).result.sgpa).toBe('7.88');
  });

  it('WITHHOLD_IF_FAIL: SGPA not shown, PROMOTED with 1 backlog', () => {
    const preset = variant((r) => {
      r.sgpa_policy = 'WITHHOLD_IF_FAIL';
    });
    const { result } = gradeStudent(sem2(preset, t6Papers()));
    expect(result).toMatchObject({ sgpa: null, result: 'PROMOTED', backlogs: ['CHE201'] });
  });

  it('an absent course counts with grade point 0 as well (Ab)', () => {
    const papers = t6Papers();
    papers[1] = theory('CHE201', 20, 'AB');
    const { result } = gradeStudent(sem2(cbcsDefault, papers));
    expect(result.lines[1]).toMatchObject({ grade: 'Ab', grade_point: '0', paper_result: 'AB' });
    expect(result.sgpa).toBe('6.30');
  });

  it('CGPA (T4 + T6, ALL_ATTEMPTED) = 280/38 = 7.37', () => {
    const { result } = gradeStudent(sem2(cbcsDefault, t6Papers(), t4Courses()));
    expect(result.cgpa).toBe('7.37');
    expect(result.explanation.find((s) => s.step === 'CGPA')!.inputs).toMatchObject({
      credit_points: '280',
      credits: '38',
    });
  });
});

describe('T7: back paper cleared', () => {
  it(
    'the failed course passed in the supplementary with C (5): semester II 146 → SGPA 7.30 (new version); ' +
      'CGPA 300/38 → 7.89; × 9.5 → 74.96 %; (7.89 − 0.75) × 10 → 71.40 %',
    () => {
      const original = sem2(cbcsDefault, t6Papers(), t4Courses());
      const first = gradeStudent(original);
      const revised = gradeStudent(
        withBackAttempt(original, {
          paper_id: 'CHE201',
          exam_id: 'SUPP-FEB-2025',
          attempt_seq: 3,
          ext: { value: '27', status: null },
        }),
      );
      const line = revised.result.lines[1]!;
      expect(line).toMatchObject({
        paper_id: 'CHE201',
        int: { value: '20', status: 'EX' },
        ext: { value: '27', status: null },
        total: '47',
        grade: 'C',
        grade_point: '5',
        credit_points: '20',
        paper_result: 'P',
      });
      expect(explanationText(line.explanation[0]!)).toContain('SUPP-FEB-2025');
      expect(revised.result).toMatchObject({
        exam_id: 'MAIN-MAY-2025',
        credit_points: '146',
        credits_earned: '20',
        sgpa: '7.30',
        cgpa: '7.89',
        result: 'PASS',
        backlogs: [],
      });
      expect(first.result.credits_earned).toBe('16');
      expect(cgpaToPercentage(rulesetOf(cbcsDefault), revised.result.cgpa!).percentage).toBe('74.96');
      const vtu = variant((r) => {
        r.percent_conversion.formula = 'MINUS_0_75_X10';
      });
      expect(cgpaToPercentage(rulesetOf(vtu), '7.89').percentage).toBe('71.40');
      expect(explanationText(revised.result.explanation.find((s) => s.step === 'CGPA_PERCENT')!)).toBe(
        'percentage = 7.89 × 9.5 = 74.96 %',
      );
    },
  );

  it('a failed internal is not carried forward: without a new internal the paper is RL', () => {
    const papers = t6Papers();
    papers[1] = theory('CHE201', 5, 20);
    const original = sem2(cbcsDefault, papers);
    const revised = gradeStudent(
      withBackAttempt(original, {
        paper_id: 'CHE201',
        exam_id: 'SUPP-FEB-2025',
        attempt_seq: 3,
        ext: { value: '40', status: null },
      }),
    );
    expect(revised.result.lines[1]!.paper_result).toBe('RL');
    expect(revised.result.result).toBe('RL');
  });
});

describe('T8: band edges', () => {
  const edgePaper = (marks: string, max: string, min: string) =>
    ({
      paper_id: 'EDGE',
      max,
      min,
      ext_max: max,
      ext_min: null,
      int_max: null,
      int_min: null,
      paper_type: 1,
      th_pr_status: 'TH',
      credit: '4',
      paper_score_status: 'Y',
      ext: { value: marks, status: null },
    }) as GradingPaperInput;
  // Marks in hundredths, and no grace (G1 would otherwise cover the 0.01 deficit).
  const fine = variant((r) => {
    r.marks_step = '0.01';
    r.grace = [];
  });

  it('179/200 = 89.5 %: A+ with EXACT lookup', () => {
    expect(
      gradeStudent(studentInput(cbcsDefault, [edgePaper('179', '200', '72')])).result.lines[0]!.grade,
    ).toBe('A+');
  });

  it('179/200: O when the percentage is rounded before lookup (Fedena style)', () => {
    const rounded = variant((r) => {
      r.rounding.grade_lookup = 'ROUND_PERCENT_FIRST';
      r.rounding.percent_display.decimals = 0;
    });
    expect(gradeStudent(studentInput(rounded, [edgePaper('179', '200', '72')])).result.lines[0]!.grade).toBe(
      'O',
    );
  });

  it(
    'the closed-range table 80–89 / 90–100, entered as the lower bounds it means, leaves no gap: 89.5 % is ' +
      'A+, not "no grade"',
    () => {
      const closed = variant((r) => {
        r.grading_bands = [
          { grade: 'O', min_percent: '90', grade_point: '10', is_pass: true },
          { grade: 'A+', min_percent: '80', grade_point: '9', is_pass: true },
          { grade: 'P', min_percent: '36', grade_point: '4', is_pass: true },
        ];
      });
      const { result } = gradeStudent(studentInput(closed, [edgePaper('179', '200', '72')]));
      expect(result.lines[0]).toMatchObject({ grade: 'A+', grade_point: '9' });
    },
  );

  it('39.99 % → F; 40.00 % → P (default bands, paper minimum 40)', () => {
    expect(gradeStudent(studentInput(fine, [edgePaper('39.99', '100', '40')])).result.lines[0]!.grade).toBe(
      'F',
    );
    expect(gradeStudent(studentInput(fine, [edgePaper('40', '100', '40')])).result.lines[0]!.grade).toBe('P');
  });

  it('passed on the minima below the lowest band (36 % minima, P from 40 %): P, never F (8.11)', () => {
    const { result } = gradeStudent(
      studentInput(cbcsDefault, [theory('PHY101', 10, 28), ...t4Papers().slice(1)]),
    );
    expect(result.lines[0]).toMatchObject({ total: '38', grade: 'P', grade_point: '4', paper_result: 'P' });
    expect(explanationText(result.lines[0]!.explanation.find((s) => s.step === 'GRADE')!)).toContain(
      'section 8.11',
    );
  });

  it('G1 grace in CBCS gives the lowest pass grade and names the rule', () => {
    const { result } = gradeStudent(
      studentInput(cbcsDefault, [theory('PHY101', 12, 25), ...t4Papers().slice(1)]),
    );
    expect(result.lines[0]).toMatchObject({
      total: '37',
      grade: 'P',
      grade_point: '4',
      grace: { marks: '2', rule_id: 'G1' },
      paper_result: 'P',
    });
    expect(result.result).toBe('PASS_GRACE');
    expect(result.lines[0]!.explanation.find((s) => s.step === 'GRADE')!.rule_id).toBe('CBCS@1:grace.G1');
  });
});

describe('T9: CGPA from credit points vs rounded SGPA', () => {
  const course = (sem: string, id: string, credit: string, gp: string): EarlierCourse => ({
    sem_id: sem,
    paper_id: id,
    credit,
    grade_point: gp,
    passed: true,
    attempt_seq: sem === 'A' ? 1 : 2,
  });
  // Semester A: 20 credits, 140 points (SGPA 7.00); semester B: 22 credits, 155 points (SGPA 7.0454 → 7.05).
  const courses = [
    ...['A1', 'A2', 'A3', 'A4', 'A5'].map((id) => course('A', id, '4', '7')),
    ...['B1', 'B2', 'B3', 'B4', 'B5'].map((id) => course('B', id, '4', '7')),
    course('B', 'B6', '1', '7'),
    course('B', 'B7', '1', '8'),
  ];

  it('from credit points: 295/42 = 7.0238 → 7.02 (default)', () => {
    expect(computeCgpa(rulesetOf(cbcsDefault), courses).cgpa).toBe('7.02');
  });

  it('from rounded SGPAs: (140 + 22 × 7.05)/42 = 7.0262 → 7.03', () => {
    const preset = variant((r) => {
      r.cgpa_source = 'ROUNDED_SGPA';
    });
    const out = computeCgpa(rulesetOf(preset), courses);
    expect(out.cgpa).toBe('7.03');
    expect(explanationText(out.explanation[0]!)).toContain('A 7.00 × 20, B 7.05 × 22');
  });

  it('LATEST takes the re-attempt, BEST the better grade point', () => {
    const attempts: EarlierCourse[] = [
      { sem_id: 'A', paper_id: 'A1', credit: '4', grade_point: '8', passed: true, attempt_seq: 1 },
      { sem_id: 'A', paper_id: 'A1', credit: '4', grade_point: '6', passed: true, attempt_seq: 2 },
    ];
    expect(computeCgpa(rulesetOf(cbcsDefault), attempts).cgpa).toBe('6.00');
    const best = variant((r) => {
      r.attempt_policy = 'BEST';
    });
    expect(computeCgpa(rulesetOf(best), attempts).cgpa).toBe('8.00');
  });
});

describe('NEP per semester is the CBCS computation', () => {
  it('T4 under the NEP rule set: same SGPA, scheme NEP', () => {
    const { result } = gradeStudent(studentInput(nepDefault, t4Papers()));
    expect(result).toMatchObject({ scheme: 'NEP', sgpa: '8.56', ruleset_id: 'NEP' });
  });

  it('a qualifying paper (paper_score_status N) is S/U and left out of SGPA and credits', () => {
    const { result } = gradeStudent(
      studentInput(cbcsDefault, [...t4Papers(), internalOnly('YOGA', 30, { paper_score_status: 'N' })]),
    );
    expect(result.lines.at(-1)).toMatchObject({
      paper_result: 'S',
      grade: 'S',
      grade_point: null,
      credit_points: null,
    });
    expect(result).toMatchObject({ sgpa: '8.56', credits_registered: '18' });
    const failed = gradeStudent(
      studentInput(cbcsDefault, [...t4Papers(), internalOnly('YOGA', 10, { paper_score_status: 'N' })]),
    );
    expect(failed.result.lines.at(-1)!.paper_result).toBe('U');
    expect(failed.result.result).toBe('PROMOTED');
  });
});
