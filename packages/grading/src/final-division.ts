import type { ExplanationStep, GradingRuleset } from '@exam/contracts';
import { approx, dec, percentage, Q } from './exact.ts';
import { part, step } from './explain.ts';
import { divisionOf } from './grace.ts';
import { pct, prepareRules } from './rules.ts';

/**
 * OLD scheme final (degree) division (§4.3, §8.1): on the aggregate of all parts/semesters, with the
 * same divisions and distinction as a semester. Every part must have been passed; the caller gives the
 * totals of the published versions (marks including added grace, as printed).
 */
export const finalDivision = (
  ruleset: GradingRuleset,
  parts: ReadonlyArray<{ sem_id: string; total: string; max_total: string }>,
): { division: string | null; percentage: string | null; explanation: ExplanationStep[] } => {
  const rules = prepareRules(ruleset);
  const total = Q.sum(parts.map((p) => dec(p.total)));
  const max = Q.sum(parts.map((p) => dec(p.max_total)));
  if (!max.isPositive()) return { division: null, percentage: null, explanation: [] };
  const exact = percentage(total, max);
  const shown = exact.toFixed(rules.percentRounding.decimals, rules.percentRounding.mode);
  const distinction = rules.distinction.aggregateMin;
  const d = divisionOf(rules.divisions, total, max);
  const division =
    distinction !== null && exact.gte(distinction) ? rules.distinction.code : (d?.code ?? null);
  const label =
    division === rules.distinction.code
      ? rules.distinction.label
      : (d?.label ?? part('explain.noDivisionLabel'));
  const bound = division === rules.distinction.code ? distinction : (d?.min ?? null);
  return {
    division,
    percentage: shown,
    explanation: [
      step(
        'FINAL_DIVISION',
        rules.ruleId('divisions'),
        {
          total: total.toDecimal(),
          max_total: max.toDecimal(),
          parts: parts.map((p) => p.sem_id).join(', '),
        },
        { percentage: shown, division },
        'explain.finalDivision',
        {
          percent: approx(exact),
          bound: bound ? part('explain.atLeastPercent', { min: pct(bound) }) : '',
          label,
        },
      ),
    ],
  };
};
