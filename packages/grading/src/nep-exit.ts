import type { ExplanationStep, GradingRuleset } from '@exam/contracts';
import { dec, percentage, Q } from './exact.ts';
import { step } from './explain.ts';
import { pct, prepareRules } from './rules.ts';

export interface ExitRecord {
  /** Every credit earned so far, of every category (ABC). */
  credits_earned: string;
  /** Credits earned per course category (VOCATIONAL, RESEARCH, ...). */
  credits_by_category: Record<string, string>;
  /** Marks over the semesters a percentage condition looks at (Honours with Research: semesters I–VI). */
  marks?: { obtained: string; max: string } | null;
}

export interface ExitLevelOutcome {
  level: string;
  award: string;
  eligible: boolean;
  explanation: ExplanationStep;
}

/**
 * NEP exit/award check (§4.7) for every level of the rule set. ADDITIONAL category credits come on
 * top of min_credits (40 + a 4-credit vocational course); INCLUDED ones are part of it (12 research
 * credits of 160). A percentage condition is compared exactly (obtained × 100 ≥ min × max).
 */
export const exitEligibility = (ruleset: GradingRuleset, record: ExitRecord): { levels: ExitLevelOutcome[]; awards: string[] } => {
  const rules = prepareRules(ruleset);
  const earned = dec(record.credits_earned);
  const levels = rules.raw.exit.map((level, i): ExitLevelOutcome => {
    const reasons: string[] = [];
    let eligible = true;
    const additional = Q.sum(level.extra.filter((e) => e.mode === 'ADDITIONAL').map((e) => dec(e.credits)));
    const needed = dec(level.min_credits).add(additional);
    const creditsOk = earned.gte(needed);
    eligible &&= creditsOk;
    reasons.push(`${earned.toDecimal()} credits ${creditsOk ? '≥' : '<'} ${level.min_credits}${additional.isPositive() ? ` + ${additional.toDecimal()}` : ''}`);
    for (const extra of level.extra) {
      const have = dec(record.credits_by_category[extra.category] ?? '0');
      const ok = have.gte(dec(extra.credits));
      eligible &&= ok;
      reasons.push(`${extra.category.toLowerCase()} ${have.toDecimal()} ${ok ? '≥' : '<'} ${extra.credits} (${extra.mode === 'ADDITIONAL' ? 'in addition' : 'included'})`);
    }
    if (level.min_percent !== null) {
      const min = dec(level.min_percent);
      if (!record.marks) {
        eligible = false;
        reasons.push(`marks needed for the ${pct(min)} condition`);
      } else {
        const obtained = dec(record.marks.obtained);
        const max = dec(record.marks.max);
        const ok = max.isPositive() && percentage(obtained, max).gte(min);
        eligible &&= ok;
        reasons.push(`${obtained.toDecimal()} of ${max.toDecimal()} = ${percentage(obtained, max).toFixed(2, 'TRUNCATE')} % ${ok ? '≥' : '<'} ${pct(min)}`);
      }
    }
    return {
      level: level.level,
      award: level.award,
      eligible,
      explanation: step('EXIT', rules.ruleId(`exit.${i}`), { credits_earned: earned.toDecimal() }, { eligible },
        `${level.award}: ${reasons.join('; ')}: ${eligible ? 'eligible' : 'not eligible'}`),
    };
  });
  return { levels, awards: levels.filter((l) => l.eligible).map((l) => l.award) };
};
