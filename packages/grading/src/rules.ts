import type { GraceRule, GradingRuleset, Rounding, RulesetRules } from '@exam/contracts';
import { GradingInputError } from './errors.ts';
import { dec, decOrNull, Q } from './exact.ts';

/** A grading band with its numbers parsed once. */
export interface Band {
  grade: string;
  min: Q;
  gradePoint: Q;
  gradePointText: string;
  isPass: boolean;
}

export interface Division {
  code: string;
  label: string;
  min: Q;
}

/**
 * A rule set with every number parsed to an exact value once per run, and the rule-id prefix
 * `<ruleset_id>@<version>:` that every explanation step carries.
 */
export interface PreparedRules {
  id: string;
  version: number;
  scheme: GradingRuleset['scheme'];
  raw: RulesetRules;
  ruleId: (path: string) => string;
  marksStep: Q;
  percentRounding: Rounding;
  aggregateMin: Q | null;
  divisions: Division[]; // ascending by min
  distinction: { code: string; label: string; aggregateMin: Q | null; paperMin: Q | null };
  passBands: Band[]; // descending by min
  lowestPass: Band | null;
  topBand: Band | null;
  grace: GraceRule[]; // enabled, ascending by order
}

const cache = new WeakMap<GradingRuleset, PreparedRules>();

export const prepareRules = (ruleset: GradingRuleset): PreparedRules => {
  const hit = cache.get(ruleset);
  if (hit) return hit;
  const { rules } = ruleset;
  const prefix = `${ruleset.ruleset_id}@${ruleset.version}:`;
  const passBands = rules.grading_bands
    .filter((b) => b.is_pass)
    .map((b) => ({
      grade: b.grade,
      min: dec(b.min_percent),
      gradePoint: dec(b.grade_point),
      gradePointText: dec(b.grade_point).toDecimal(),
      isPass: true,
    }))
    .sort((a, b) => b.min.cmp(a.min));
  if (ruleset.scheme !== 'OLD' && passBands.length === 0) {
    throw new GradingInputError(
      'RULESET_INCOMPLETE',
      `Rule set ${ruleset.ruleset_id} version ${ruleset.version} (${ruleset.scheme}) has no passing ` +
        `grade band`,
    );
  }
  const marksStep = dec(rules.marks_step);
  if (!marksStep.isPositive())
    throw new GradingInputError('RULESET_INCOMPLETE', 'marks_step must be above 0');
  const prepared: PreparedRules = {
    id: ruleset.ruleset_id,
    version: ruleset.version,
    scheme: ruleset.scheme,
    raw: rules,
    ruleId: (path) => prefix + path,
    marksStep,
    percentRounding: rules.rounding.percent_display,
    aggregateMin: decOrNull(rules.pass.aggregate_min_percent),
    divisions: rules.divisions
      .map((d) => ({ code: d.code, label: d.label, min: dec(d.min_percent) }))
      .sort((a, b) => a.min.cmp(b.min)),
    distinction: {
      code: rules.distinction.code,
      label: rules.distinction.label,
      aggregateMin: decOrNull(rules.distinction.aggregate_min_percent),
      paperMin: decOrNull(rules.distinction.paper_min_percent),
    },
    passBands,
    lowestPass: passBands.at(-1) ?? null,
    topBand: passBands[0] ?? null,
    grace: rules.grace.filter((g) => g.enabled).sort((a, b) => a.order - b.order),
  };
  cache.set(ruleset, prepared);
  return prepared;
};

/**
 * The smallest multiple of the marks step that is ≥ value: grace is given in whole steps, never less than the
 * deficit.
 */
export const upToStep = (value: Q, step: Q): Q => value.div(step).ceil().mul(step);

/** "1 %" style text of a percentage rule number. */
export const pct = (q: Q): string => `${q.toDecimal()} %`;
