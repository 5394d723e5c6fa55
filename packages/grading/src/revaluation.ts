import type { ExplanationStep, GradingRuleset } from '@exam/contracts';
import { GradingInputError } from './errors.ts';
import { applyFraction, dec, percentage, percentOf, Q } from './exact.ts';
import { type ExplainCode, part, step } from './explain.ts';
import { prepareRules } from './rules.ts';

export interface RevaluationMarks {
  /** O: the marks before revaluation. */
  original: string;
  /** R: the revaluation marks. */
  revaluation: string;
  /** T: the third valuation, when the VTU rule asked for one. */
  third?: string | null;
  /** M: the maximum of the revalued component. */
  max: string;
}

export interface RevaluationOutcome {
  /** The marks that stand; null while a required third valuation is missing. */
  final: string | null;
  needs_third_valuation: boolean;
  explanation: ExplanationStep[];
}

/**
 * The revaluation outcome rule of the rule set (§4.9): REPLACE (R even if lower), BETTER (max(O, R)),
 * VTU (bands of the difference as a share of M, a third valuation above the upper band, fractions
 * rounded up), THRESHOLD (R only if |R − O| ≥ k).
 */
export const revaluationOutcome = (ruleset: GradingRuleset, marks: RevaluationMarks): RevaluationOutcome => {
  const rules = prepareRules(ruleset);
  const { result_rule: rule, params } = rules.raw.reval;
  const ruleId = rules.ruleId('reval.result_rule');
  const O = dec(marks.original);
  const R = dec(marks.revaluation);
  const M = dec(marks.max);
  if (O.gt(M) || R.gt(M))
    throw new GradingInputError(
      'MARKS_ABOVE_MAXIMUM',
      `revaluation marks above the maximum ${M.toDecimal()}`,
    );
  const d = R.sub(O);
  const inputs = {
    rule,
    original: O.toDecimal(),
    revaluation: R.toDecimal(),
    max: M.toDecimal(),
    difference: d.toDecimal(),
  };
  const done = (final: Q, template: ExplainCode, params?: Record<string, string>): RevaluationOutcome => ({
    final: final.toDecimal(),
    needs_third_valuation: false,
    explanation: [step('REVALUATION', ruleId, inputs, { final: final.toDecimal() }, template, params)],
  });
  switch (rule) {
    case 'REPLACE':
      return done(R, 'explain.revalReplace');
    case 'BETTER':
      return done(Q.max(O, R), 'explain.revalBetter');
    case 'THRESHOLD': {
      const k = dec(params.threshold_marks);
      const abs = d.isPositive() ? d : d.neg();
      return abs.gte(k)
        ? done(R, 'explain.revalThresholdMet', { threshold: k.toDecimal() })
        : done(O, 'explain.revalThresholdNotMet', { threshold: k.toDecimal() });
    }
    case 'VTU': {
      const small = percentOf(dec(params.vtu_small_percent), M);
      const large = percentOf(dec(params.vtu_large_percent), M);
      if (R.lte(O)) return done(O, 'explain.revalVtuNotHigher');
      if (d.lte(small))
        return done(R, 'explain.revalVtuSmall', {
          percent: params.vtu_small_percent,
          small: small.toDecimal(),
        });
      if (d.lte(large)) {
        const share = applyFraction(dec(params.vtu_share).mul(d.sub(small)), 'CEIL');
        const final = O.add(small).add(share);
        return done(final, 'explain.revalVtuShare', {
          small: small.toDecimal(),
          large: large.toDecimal(),
          share: params.vtu_share,
        });
      }
      if (marks.third === undefined || marks.third === null) {
        return {
          final: null,
          needs_third_valuation: true,
          explanation: [
            step(
              'REVALUATION',
              ruleId,
              inputs,
              { final: null, needs_third_valuation: true },
              'explain.revalVtuThirdNeeded',
              { percent: params.vtu_large_percent, large: large.toDecimal() },
            ),
          ],
        };
      }
      const T = dec(marks.third);
      if (T.gt(M))
        throw new GradingInputError(
          'MARKS_ABOVE_MAXIMUM',
          `third valuation above the maximum ${M.toDecimal()}`,
        );
      const [x, y, z] = [O, R, T].sort((a, b) => a.cmp(b)) as [Q, Q, Q];
      const low = y.sub(x);
      const high = z.sub(y);
      // Equal gaps (one mark exactly midway): the higher two.
      const pair: [Q, Q] = low.lt(high) ? [x, y] : [y, z];
      const final = applyFraction(pair[0].add(pair[1]).div(Q.of(2)), 'CEIL');
      const why = low.eq(high)
        ? part('explain.revalMidway', { middle: y.toDecimal() })
        : part('explain.revalNearestTwo');
      return {
        final: final.toDecimal(),
        needs_third_valuation: false,
        explanation: [
          step(
            'REVALUATION',
            ruleId,
            { ...inputs, third: T.toDecimal() },
            { final: final.toDecimal() },
            'explain.revalVtuThird',
            { large: large.toDecimal(), why, a: pair[0].toDecimal(), b: pair[1].toDecimal() },
          ),
        ],
      };
    }
  }
};

const dayNumber = (isoDate: string): number => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!m) throw new GradingInputError('DATE_INVALID', `Not a date (YYYY-MM-DD): ${isoDate}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 86_400_000;
};

const isoOf = (day: number): string => new Date(day * 86_400_000).toISOString().slice(0, 10);

/**
 * The last day an application is accepted, from the result's publication date (no clock: the caller gives the
 * dates).
 */
export const revaluationLastDay = (ruleset: GradingRuleset, publishedOn: string): string => {
  const { window_days, window_excludes_publication_day } = prepareRules(ruleset).raw.reval;
  return isoOf(dayNumber(publishedOn) + window_days - (window_excludes_publication_day ? 0 : 1));
};

export const withinRevaluationWindow = (
  ruleset: GradingRuleset,
  publishedOn: string,
  appliedOn: string,
): boolean =>
  dayNumber(appliedOn) >= dayNumber(publishedOn) &&
  dayNumber(appliedOn) <= dayNumber(revaluationLastDay(ruleset, publishedOn));

/**
 * How many papers a student may apply for: percent of the theory papers appeared, with the fraction rule, at
 * least n, never more than appeared.
 */
export const maxRevaluationPapers = (ruleset: GradingRuleset, theoryPapersAppeared: number): number => {
  const r = prepareRules(ruleset).raw.reval;
  const byPercent = applyFraction(
    percentOf(dec(r.max_papers_percent), Q.of(theoryPapersAppeared)),
    r.max_papers_fraction === 'NONE' ? 'FLOOR' : r.max_papers_fraction,
  );
  return Math.min(theoryPapersAppeared, Math.max(r.max_papers_at_least, byPercent.n));
};

/**
 * Whether a component of a paper may be revalued under the rule set (theory external only by default; never a
 * back attempt).
 */
export const revaluationEligible = (
  ruleset: GradingRuleset,
  paper: {
    component: 'INT' | 'EXT' | 'PR';
    th_pr_status: 'TH' | 'PR';
    attempt_type: 'REGULAR' | 'EX' | 'BACK' | 'IMPROVEMENT';
    /** The marks of the paper, for a minimum score to apply (min_score_percent of the maximum). */
    marks?: { obtained: string; max: string };
  },
): boolean => {
  const r = prepareRules(ruleset).raw.reval;
  if (!r.eligible_components.includes(paper.component)) return false;
  if (r.theory_only && paper.th_pr_status !== 'TH') return false;
  if (
    r.min_score_percent !== null &&
    paper.marks &&
    percentage(dec(paper.marks.obtained), dec(paper.marks.max)).lt(dec(r.min_score_percent))
  )
    return false;
  return paper.attempt_type === 'REGULAR' || paper.attempt_type === 'EX';
};
