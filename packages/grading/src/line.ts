import type { BacklogReason, MarkCell, PaperResultCode, ResultLine } from '@exam/contracts';
import { approx, dec, percentage, Q } from './exact.ts';
import { type ExplainCode, part, step } from './explain.ts';
import { isPassed, passGraceOf, type PaperState, totalWithGrace } from './paper.ts';
import { type Band, pct, type PreparedRules } from './rules.ts';

/** Grade, grade point and whether the paper counts in SGPA, decided once per line. */
export interface LineGrade {
  code: PaperResultCode;
  grade: string | null;
  gradePoint: Q | null;
  gradePointText: string | null;
  /** In SGPA/credits (paper_score_status Y with a grade point). */
  inGpa: boolean;
  passed: boolean;
}

/**
 * The band of a passed paper (§4.6, decision 4): bands are inclusive lower bounds compared exactly
 * (total × 100 ≥ min × max), or, with ROUND_PERCENT_FIRST, against the percentage rounded as
 * displayed (Fedena). A pass below every band gets the lowest pass band (§8.11).
 */
export const bandOf = (
  rules: PreparedRules,
  total: Q,
  max: Q,
): { band: Band; percent: Q; belowLowest: boolean } => {
  const exact = percentage(total, max);
  const percent =
    rules.raw.rounding.grade_lookup === 'EXACT'
      ? exact
      : exact.round(rules.percentRounding.decimals, rules.percentRounding.mode);
  for (const band of rules.passBands) if (percent.gte(band.min)) return { band, percent, belowLowest: false };
  return { band: rules.lowestPass!, percent, belowLowest: true };
};

/** Paper result code, grade and grade point of one line, with its GRADE/RESULT explanation steps. */
export const gradeLine = (p: PaperState, rules: PreparedRules): LineGrade => {
  const nonCredit = !p.counted;
  const passed = p.terminal === null && isPassed(p);
  const graded = rules.scheme !== 'OLD';
  const { fail_grade: fail, absent_grade: absent, non_credit_codes: su } = rules.raw;
  const failGp = graded ? dec(fail.grade_point) : null;
  let out: LineGrade;
  if (p.terminal === 'RW' || p.terminal === 'RL') {
    out = {
      code: p.terminal,
      grade: null,
      gradePoint: null,
      gradePointText: null,
      inGpa: false,
      passed: false,
    };
  } else if (p.terminal === 'AB') {
    const gp = graded && !nonCredit ? dec(absent.grade_point) : null;
    out = {
      code: 'AB',
      grade: graded || nonCredit ? absent.grade : null,
      gradePoint: gp,
      gradePointText: gp?.toDecimal() ?? null,
      inGpa: gp !== null,
      passed: false,
    };
  } else if (p.terminal === 'UFM') {
    const gp = graded && !nonCredit ? failGp : null;
    out = {
      code: 'UFM',
      grade: graded ? fail.grade : null,
      gradePoint: gp,
      gradePointText: gp?.toDecimal() ?? null,
      inGpa: gp !== null,
      passed: false,
    };
  } else if (nonCredit) {
    out = {
      code: passed ? 'S' : 'U',
      grade: passed ? su.satisfactory : su.unsatisfactory,
      gradePoint: null,
      gradePointText: null,
      inGpa: false,
      passed,
    };
    p.steps.push(
      step(
        'GRADE',
        rules.ruleId('non_credit_codes'),
        { paper_score_status: 'N' },
        { grade: out.grade },
        graded ? 'explain.qualifyingSgpa' : 'explain.qualifyingAggregate',
        { verdict: part(passed ? 'explain.satisfactory' : 'explain.notSatisfactory') },
      ),
    );
  } else if (!graded) {
    out = {
      code: passed ? 'P' : 'F',
      grade: null,
      gradePoint: null,
      gradePointText: null,
      inGpa: false,
      passed,
    };
    const paperMin = rules.distinction.paperMin;
    if (passed && paperMin !== null && percentage(totalWithGrace(p)!, p.max).gte(paperMin)) {
      p.steps.push(
        step(
          'DISTINCTION',
          rules.ruleId('distinction.paper_min_percent'),
          { total: totalWithGrace(p)!.toDecimal(), min_percent: paperMin.toDecimal() },
          { paper_distinction: true },
          'explain.paperDistinction',
          { percent: approx(percentage(totalWithGrace(p)!, p.max)) },
        ),
      );
    }
  } else if (!passed) {
    out = {
      code: 'F',
      grade: fail.grade,
      gradePoint: failGp,
      gradePointText: failGp!.toDecimal(),
      inGpa: true,
      passed: false,
    };
    p.steps.push(
      step(
        'GRADE',
        rules.ruleId('fail_grade'),
        { passed: false },
        { grade: fail.grade, grade_point: out.gradePointText },
        'explain.gradeFailed',
      ),
    );
  } else {
    const passGrace = passGraceOf(p);
    const deemed = passGrace.some((g) => !g.added);
    const passGradeOnly = passGrace.length > 0 && rules.raw.grace_grade === 'PASS_GRADE_ONLY';
    // Distinction grace that is deemed still counts for the grade it was given for.
    let gradeTotal = totalWithGrace(p)!;
    for (const g of p.graces) if (g.kind === 'DISTINCTION' && !g.added) gradeTotal = gradeTotal.add(g.marks);
    const lowest = rules.lowestPass!;
    let band: Band;
    let template: ExplainCode;
    let params: Record<string, string>;
    const inputs: Record<string, string> = {
      total: gradeTotal.toDecimal(),
      max: p.max.toDecimal(),
      lookup: rules.raw.rounding.grade_lookup,
    };
    let ruleId = rules.ruleId('grading_bands');
    if (deemed || passGradeOnly) {
      band = lowest;
      ruleId = rules.ruleId(`grace.${passGrace[0]!.ruleId}`);
      template = 'explain.gradeByGrace';
      params = { rules: passGrace.map((g) => g.ruleId).join(', ') };
    } else {
      const found = bandOf(rules, gradeTotal, p.max);
      band = found.band;
      const shown =
        rules.raw.rounding.grade_lookup === 'EXACT'
          ? approx(found.percent)
          : found.percent.toFixed(rules.percentRounding.decimals, rules.percentRounding.mode);
      inputs.percentage = shown;
      template = found.belowLowest ? 'explain.gradeOnMinima' : 'explain.gradeBand';
      params = { from: pct(band.min) };
    }
    out = {
      code: 'P',
      grade: band.grade,
      gradePoint: band.gradePoint,
      gradePointText: band.gradePointText,
      inGpa: true,
      passed: true,
    };
    p.steps.push(
      step(
        'GRADE',
        ruleId,
        inputs,
        { grade: band.grade, grade_point: band.gradePointText },
        template,
        params,
      ),
    );
  }
  return out;
};

/** Why a failed paper goes to the backlog (§S9). */
export const backlogReasonOf = (p: PaperState): BacklogReason => {
  if (p.terminal === 'AB') return 'ABSENT';
  if (p.terminal === 'UFM') return 'MALPRACTICE';
  if (p.intPassed === false && p.extPassed === false) return 'BOTH';
  if (p.intPassed === false) return 'INTERNAL';
  if (p.extPassed === false) return 'EXTERNAL';
  return 'OVERALL';
};

const cellOut = (cell: MarkCell): MarkCell => ({
  value: cell.value === null ? null : dec(cell.value).toDecimal(),
  status: cell.status,
});

/** The line as lifecycle-api.md answers it. */
export const buildLine = (p: PaperState, g: LineGrade, rules: PreparedRules): ResultLine => {
  const numeric = p.terminal === null;
  const total = numeric ? totalWithGrace(p)! : null;
  const creditPoints = g.inGpa && g.gradePoint !== null ? p.credit.mul(g.gradePoint) : null;
  const graceMarks = p.graces.length > 0 ? Q.sum(p.graces.map((x) => x.marks)) : null;
  if (creditPoints !== null) {
    p.steps.push(
      step(
        'CREDIT_POINTS',
        rules.ruleId('grading_bands'),
        { credit: p.credit.toDecimal(), grade_point: g.gradePointText },
        { credit_points: creditPoints.toDecimal() },
        'explain.creditPoints',
      ),
    );
  }
  p.steps.push(
    step('RESULT', undefined, {}, { paper_result: g.code }, `explain.result${g.code}`, resultParams(p, g)),
  );
  const line: ResultLine = {
    paper_id: p.input.paper_id,
    credit: p.credit.toDecimal(),
    int: cellOut(p.input.int),
    ext: cellOut(p.input.ext),
    pr: cellOut(p.input.pr),
    grace:
      graceMarks === null
        ? null
        : { marks: graceMarks.toDecimal(), rule_id: p.graces.map((x) => x.ruleId).join('+') },
    total: total?.toDecimal() ?? null,
    max: p.max.toDecimal(),
    percentage:
      total === null
        ? null
        : percentage(total, p.max).toFixed(rules.percentRounding.decimals, rules.percentRounding.mode),
    grade: g.grade,
    grade_point: g.gradePointText,
    credit_points: creditPoints?.toDecimal() ?? null,
    paper_result: g.code,
    explanation: p.steps,
  };
  // Only a paper with a category carries it (NEP exit checks read it back from published lines); others stay
  // as they were.
  if (p.input.course_category) line.course_category = p.input.course_category;
  return line;
};

/** The paper's result sentence's own values: "HIN101: passed by grace under G1 (P, grade P)". */
const resultParams = (p: PaperState, g: LineGrade) => {
  const graces = passGraceOf(p);
  const params: Record<string, string> = { paper: p.input.paper_id };
  if (g.grade !== null) params.grade = g.grade;
  if (g.passed && graces.length > 0) params.by_rules = graces.map((x) => x.ruleId).join(', ');
  return params;
};
