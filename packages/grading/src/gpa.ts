import type { EarlierCourse, ExplanationStep, GradingRuleset, Message } from '@exam/contracts';
import { approx, dec, Q } from './exact.ts';
import { part, step } from './explain.ts';
import { prepareRules, type PreparedRules } from './rules.ts';

/** A course's contribution to SGPA/CGPA: credit, grade point, passed. */
export interface CreditLine {
  credit: Q;
  gradePoint: Q;
  passed: boolean;
}

export interface GpaOutcome {
  value: Q | null;
  text: string | null;
  credits: Q;
  creditPoints: Q;
  step: ExplanationStep;
}

/**
 * Σ(credit × grade point) / Σ credit under the rule set's SGPA policy (§4.6), rounded once at the end.
 * `name` is SGPA or CGPA; the same policy decides which courses count in both.
 */
export const gradePointAverage = (
  rules: PreparedRules,
  lines: CreditLine[],
  name: 'SGPA' | 'CGPA',
  source: string | null = null,
  basis: Message | '' = '',
): GpaOutcome => {
  const policy = rules.raw.sgpa_policy;
  const rounding = name === 'SGPA' ? rules.raw.rounding.sgpa : rules.raw.rounding.cgpa;
  const ruleId = rules.ruleId(name === 'SGPA' ? 'sgpa_policy' : 'cgpa_source');
  const counted = policy === 'EARNED_ONLY' ? lines.filter((l) => l.passed) : lines;
  let credits = Q.ZERO;
  let points = Q.ZERO;
  for (const l of counted) {
    credits = credits.add(l.credit);
    points = points.add(l.credit.mul(l.gradePoint));
  }
  const inputs = { policy, source, credit_points: points.toDecimal(), credits: credits.toDecimal() };
  if (policy === 'WITHHOLD_IF_FAIL' && lines.some((l) => !l.passed)) {
    return {
      value: null,
      text: null,
      credits,
      creditPoints: points,
      step: step(
        name,
        ruleId,
        inputs,
        name === 'SGPA' ? { sgpa: null } : { cgpa: null },
        'explain.gpaWithheld',
        { name },
      ),
    };
  }
  if (credits.isZero()) {
    return {
      value: null,
      text: null,
      credits,
      creditPoints: points,
      step: step(
        name,
        ruleId,
        inputs,
        name === 'SGPA' ? { sgpa: null } : { cgpa: null },
        'explain.gpaNoCredits',
        { name },
      ),
    };
  }
  const exact = points.div(credits);
  const text = exact.toFixed(rounding.decimals, rounding.mode);
  return {
    value: exact.round(rounding.decimals, rounding.mode),
    text,
    credits,
    creditPoints: points,
    step: step(
      name,
      ruleId,
      {
        policy,
        source,
        credit_points: inputs.credit_points,
        credits: inputs.credits,
        exact: exact.toFraction(),
      },
      name === 'SGPA' ? { sgpa: text } : { cgpa: text },
      name === 'SGPA' ? 'explain.sgpa' : 'explain.cgpa',
      // The rounding and policy words follow from these and the inputs.
      basis === ''
        ? { approx: approx(exact), mode: rounding.mode, decimals: rounding.decimals }
        : { approx: approx(exact), mode: rounding.mode, decimals: rounding.decimals, basis },
    ),
  };
};

/**
 * The attempt of each course that counts (§4.6): the latest, or the best grade point (ties: the later
 * attempt).
 */
export const chooseAttempts = (rules: PreparedRules, courses: readonly EarlierCourse[]): EarlierCourse[] => {
  const chosen = new Map<string, EarlierCourse>();
  for (const c of courses) {
    const key = `${c.sem_id}\u0000${c.paper_id}`;
    const held = chosen.get(key);
    if (!held) {
      chosen.set(key, c);
      continue;
    }
    const later = c.attempt_seq >= held.attempt_seq;
    if (rules.raw.attempt_policy === 'LATEST') {
      if (later) chosen.set(key, c);
    } else {
      const cmp = dec(c.grade_point).cmp(dec(held.grade_point));
      if (cmp > 0 || (cmp === 0 && later)) chosen.set(key, c);
    }
  }
  return [...chosen.values()];
};

/**
 * CGPA over every course of every semester (§4.6, test T9): from credit points (Σ C×G / Σ C over
 * courses, the default) or from each semester's rounded SGPA (Σ C_s × SGPA_s / Σ C_s).
 */
export const cgpaOf = (rules: PreparedRules, courses: readonly EarlierCourse[]): GpaOutcome => {
  const chosen = chooseAttempts(rules, courses);
  const lines = (list: EarlierCourse[]) =>
    list.map((c) => ({ credit: dec(c.credit), gradePoint: dec(c.grade_point), passed: c.passed }));
  const attemptText = part(
    rules.raw.attempt_policy === 'LATEST' ? 'explain.latestAttempt' : 'explain.bestAttempt',
  );
  if (rules.raw.cgpa_source === 'CREDIT_POINTS')
    return gradePointAverage(
      rules,
      lines(chosen),
      'CGPA',
      'CREDIT_POINTS',
      part('explain.fromCreditPoints', { attempts: attemptText }),
    );
  // ROUNDED_SGPA: each semester's SGPA rounded as printed, weighted by that semester's credits.
  const bySem = new Map<string, EarlierCourse[]>();
  for (const c of chosen) bySem.set(c.sem_id, [...(bySem.get(c.sem_id) ?? []), c]);
  const semesters = [...bySem.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([sem, list]) => ({ sem, sgpa: gradePointAverage(rules, lines(list), 'SGPA') }));
  const perSem: CreditLine[] = [];
  for (const s of semesters) {
    if (s.sgpa.value === null) {
      // A semester without counted credits adds nothing.
      if (rules.raw.sgpa_policy !== 'WITHHOLD_IF_FAIL') continue;
      return {
        value: null,
        text: null,
        credits: Q.ZERO,
        creditPoints: Q.ZERO,
        step: step(
          'CGPA',
          rules.ruleId('cgpa_source'),
          { source: 'ROUNDED_SGPA', semester: s.sem },
          { cgpa: null },
          'explain.cgpaSemesterWithheld',
        ),
      };
    }
    // A semester counts with SGPA as grade point and its counted credits as weight; passed keeps EARNED_ONLY
    // from dropping it again.
    perSem.push({ credit: s.sgpa.credits, gradePoint: s.sgpa.value, passed: true });
  }
  const semesterTexts = semesters.map(
    (s) => `${s.sem} ${s.sgpa.text ?? '-'} × ${s.sgpa.credits.toDecimal()}`,
  );
  return gradePointAverage(
    rules,
    perSem,
    'CGPA',
    'ROUNDED_SGPA',
    part('explain.fromRoundedSgpa', { semesters: semesterTexts.join(', '), attempts: attemptText }),
  );
};

/** CGPA over earlier course attempts for a rule set, as used on transcripts (public). */
export const computeCgpa = (
  ruleset: GradingRuleset,
  courses: readonly EarlierCourse[],
): { cgpa: string | null; explanation: ExplanationStep[] } => {
  const out = cgpaOf(prepareRules(ruleset), courses);
  return { cgpa: out.text, explanation: [out.step] };
};

/**
 * CGPA → percentage (§4.6): × 9.5, (CGPA − 0.75) × 10, or none; from the printed (rounded) CGPA, as
 * transcripts show it.
 */
export const cgpaToPercentage = (
  ruleset: GradingRuleset,
  cgpa: string,
): { percentage: string | null; explanation: ExplanationStep } => {
  const rules = prepareRules(ruleset);
  const { formula, rounding } = rules.raw.percent_conversion;
  const value = dec(cgpa);
  const ruleId = rules.ruleId('percent_conversion');
  if (formula === 'NONE')
    return {
      percentage: null,
      explanation: step(
        'CGPA_PERCENT',
        ruleId,
        { cgpa, formula },
        { percentage: null },
        'explain.noPercentConversion',
      ),
    };
  const exact = formula === 'X9_5' ? value.mul(dec('9.5')) : value.sub(dec('0.75')).mul(dec('10'));
  const text = exact.toFixed(rounding.decimals, rounding.mode);

  return {
    percentage: text,
    explanation: step(
      'CGPA_PERCENT',
      ruleId,
      { cgpa, formula },
      { percentage: text },
      formula === 'X9_5' ? 'explain.percentX95' : 'explain.percentMinus075',
    ),
  };
};
