import type { ExplanationStep, GraceRule, HeadCap, Message } from '@exam/contracts';
import { applyFraction, dec, percentage, percentOf, Q } from './exact.ts';
import { part, step } from './explain.ts';
import {
  failedHeads,
  type GraceGiven,
  type Head,
  isPassed,
  type PaperState,
  totalWithGrace,
} from './paper.ts';
import { pct, type Division, type PreparedRules, upToStep } from './rules.ts';

/**
 * Grace and condonation (§4.4). Every rule type maps to one of three generic, minimal algorithms:
 *   PASS (G1, G2, G5, G6, G7): cover every failed minimum with exactly its deficit (rounded up to
 *     the marks step), all or nothing, within the rule's head count, per-head caps and budget;
 *   DISTINCTION (G4): lift up to n papers that miss the paper distinction / top grade by ≤ k marks;
 *   DIVISION (G1d, G3): lift a pass that misses the next division by ≤ k marks.
 * Grace is never given to AB/UFM/RW/RL: such a paper cannot pass, so a PASS rule is not eligible.
 */

export interface GraceContext {
  rules: PreparedRules;
  papers: PaperState[];
  /** Σ maximum of the counted (paper_score_status Y) papers. */
  aggregateMax: Q;
  steps: ExplanationStep[];
  /**
   * Division grace that is deemed, not added to the marks, still lifts the aggregate used for the division.
   */
  deemedDivisionBonus: Q;
  /** The pass rule that passed the candidate, if any. */
  passGraceRule: string | null;
  /** A deemed (not added) pass grace covered the aggregate minimum. */
  aggregateMinDeemed: boolean;
}

type PassRule = Extract<GraceRule, { rule_type: 'G1' | 'G2' | 'G5' | 'G6' | 'G7' }>;
const PASS_TYPES = new Set(['G1', 'G2', 'G5', 'G6', 'G7']);
const DIVISION_TYPES = new Set(['G1d', 'G3']);

/** Σ totals of the counted papers including grace added to the marks; AB/UFM count 0, RW/RL are left out. */
export const aggregateOf = (ctx: GraceContext): Q => {
  let sum = Q.ZERO;
  for (const p of ctx.papers) if (p.counted) sum = sum.add(totalWithGrace(p) ?? Q.ZERO);
  return sum;
};

const headLabel = (h: Head | AggregateHead): string =>
  'paper' in h
    ? `${h.paper.input.paper_id} ${h.component === 'TOTAL' ? 'total' : h.component.toLowerCase()}`
    : 'aggregate';

interface AggregateHead {
  component: 'AGGREGATE';
  obtained: Q;
  min: Q;
  max: Q;
  deficit: Q;
  graceable: true;
}

const capOf = (caps: HeadCap[], headMax: Q): Q => {
  const row =
    caps.find((c) => c.up_to_max === null || headMax.lte(dec(c.up_to_max))) ?? caps[caps.length - 1]!;
  if (row.marks !== null) return dec(row.marks);
  const byPercent = percentOf(dec(row.percent_of_head_max!), headMax);
  return row.cap_marks === null ? byPercent : Q.min(byPercent, dec(row.cap_marks));
};

/** Papers with at least one minimum, by the G1 base. */
const hasMinimum = (p: PaperState) =>
  p.min !== null || (p.requiresInt && p.intMin !== null) || (p.requiresExt && p.extMin !== null);

interface Verdict {
  eligible: boolean;
  /** Why, for the explanation. */
  text: Message;
  inputs: Record<string, string | number | boolean | null>;
}

const evaluatePassRule = (
  rule: PassRule,
  ctx: GraceContext,
  heads: Head[],
  aggHead: AggregateHead | null,
  grants: Q[],
  total: Q,
): Verdict => {
  const { aggregateMax } = ctx;
  const allHeads: Array<Head | AggregateHead> = aggHead ? [...heads, aggHead] : heads;
  const failingPapers = [...new Set(heads.map((h) => h.paper))];
  const inputs: Record<string, string | number | boolean | null> = {
    failing_heads: allHeads.map(headLabel).join(', '),
    deficits_total: total.toDecimal(),
    aggregate_max: aggregateMax.toDecimal(),
  };
  const notGraceable = heads.find((h) => !h.graceable);
  if (notGraceable)
    return { eligible: false, inputs, text: part('explain.graceAbsent', { head: headLabel(notGraceable) }) };

  switch (rule.rule_type) {
    case 'G1': {
      const p = rule.params;
      const budget = applyFraction(
        percentOf(dec(p.budget_percent_of_aggregate_max), aggregateMax),
        p.budget_fraction,
      );
      const inBase = (paper: PaperState) =>
        hasMinimum(paper) && (p.paper_base === 'ALL_WITH_MINIMA' || paper.requiresExt);
      const base = ctx.papers.filter(inBase).length;
      const maxFailing = applyFraction(
        percentOf(dec(p.max_failing_papers_percent), Q.of(base)),
        p.max_failing_fraction,
      );
      Object.assign(inputs, {
        budget: budget.toDecimal(),
        failing_papers: failingPapers.length,
        papers_with_minima: base,
        max_failing_papers: maxFailing.toDecimal(),
      });
      const outside = failingPapers.find((paper) => !inBase(paper));
      if (outside)
        return {
          eligible: false,
          inputs,
          text: part('explain.graceNotUniversity', { paper: outside.input.paper_id, rule: rule.rule_id }),
        };
      const budgetText = part('explain.graceBudget', {
        budget_pct: pct(dec(p.budget_percent_of_aggregate_max)),
      });
      const countText = part(
        Q.of(failingPapers.length).lte(maxFailing)
          ? 'explain.graceFailingWithin'
          : 'explain.graceFailingOver',
        { count: failingPapers.length, failing_pct: pct(dec(p.max_failing_papers_percent)) },
      );
      if (Q.of(failingPapers.length).gt(maxFailing))
        return {
          eligible: false,
          inputs,
          text: part('explain.graceCountNoGrace', { count_text: countText }),
        };
      if (total.gt(budget))
        return {
          eligible: false,
          inputs,
          text: part('explain.graceCountOverBudget', { count_text: countText, budget_text: budgetText }),
        };
      return {
        eligible: true,
        inputs,
        text: part('explain.graceCountWithinBudget', { count_text: countText, budget_text: budgetText }),
      };
    }
    case 'G2': {
      const cap = applyFraction(
        percentOf(dec(rule.params.total_cap_percent_of_aggregate_max), aggregateMax),
        rule.params.total_cap_fraction,
      );
      Object.assign(inputs, { total_cap: cap.toDecimal() });
      const over = allHeads.findIndex((h, i) => grants[i]!.gt(capOf(rule.params.head_caps, h.max)));
      if (over >= 0)
        return {
          eligible: false,
          inputs,
          text: part('explain.graceHeadOverCap', {
            head: headLabel(allHeads[over]!),
            needs: grants[over]!.toDecimal(),
            cap: capOf(rule.params.head_caps, allHeads[over]!.max).toDecimal(),
          }),
        };
      if (total.gt(cap))
        return {
          eligible: false,
          inputs,
          text: part('explain.graceOverTotalCap'),
        };
      return {
        eligible: true,
        inputs,
        text: part('explain.graceWithinTotalCap'),
      };
    }
    case 'G5': {
      Object.assign(inputs, { max_heads: rule.params.max_heads });
      if (allHeads.length > rule.params.max_heads)
        return {
          eligible: false,
          inputs,
          text: part('explain.graceTooManyHeads', { heads: allHeads.length }),
        };
      const over = allHeads.findIndex((h, i) => grants[i]!.gt(capOf(rule.params.head_caps, h.max)));
      if (over >= 0)
        return {
          eligible: false,
          inputs,
          text: part('explain.graceHeadOverCondonation', {
            head: headLabel(allHeads[over]!),
            needs: grants[over]!.toDecimal(),
            cap: capOf(rule.params.head_caps, allHeads[over]!.max).toDecimal(),
          }),
        };
      return {
        eligible: true,
        inputs,
        text: part('explain.graceWithinCondonation', { heads: allHeads.length }),
      };
    }
    case 'G6': {
      const pool = dec(rule.params.pool_marks);
      Object.assign(inputs, { pool: pool.toDecimal() });
      if (total.gt(pool))
        return {
          eligible: false,
          inputs,
          text: part('explain.graceOverPool'),
        };
      return { eligible: true, inputs, text: part('explain.graceWithinPool') };
    }
    case 'G7': {
      const budget = applyFraction(
        percentOf(dec(rule.params.budget_percent_of_aggregate_max), aggregateMax),
        rule.params.budget_fraction,
      );
      Object.assign(inputs, { budget: budget.toDecimal() });
      const budgetText = part('explain.graceBudget', {
        budget_pct: pct(dec(rule.params.budget_percent_of_aggregate_max)),
      });
      if (total.gt(budget))
        return {
          eligible: false,
          inputs,
          text: part('explain.graceOverBudget', { budget_text: budgetText }),
        };
      return { eligible: true, inputs, text: part('explain.graceWithinBudget', { budget_text: budgetText }) };
    }
  }
};

/** Papers that can take added grace, least total first (ties: paper order), with room below their maximum. */
const leastPapersFirst = (papers: PaperState[]) =>
  papers
    .filter((p) => p.counted && p.terminal === null && isPassed(p))
    .sort((a, b) => totalWithGrace(a)!.cmp(totalWithGrace(b)!) || a.index - b.index);

/**
 * Puts `marks` on the papers with the least marks, never above a paper's maximum. Returns false if there is
 * no room.
 */
const distribute = (
  ctx: GraceContext,
  marks: Q,
  grace: Omit<GraceGiven, 'marks'>,
  reason: Message,
  ruleId: string,
): boolean => {
  const candidates = leastPapersFirst(ctx.papers);
  const room = Q.sum(candidates.map((p) => p.max.sub(totalWithGrace(p)!)));
  if (room.lt(marks)) return false;
  let left = marks;
  for (const p of candidates) {
    if (left.isZero()) break;
    const give = Q.min(left, p.max.sub(totalWithGrace(p)!));
    if (!give.isPositive()) continue;
    p.graces.push({ ...grace, marks: give });
    p.steps.push(
      step(
        'GRACE',
        ruleId,
        {
          paper_total: totalWithGrace(p)!
            .sub(grace.added ? give : Q.ZERO)
            .toDecimal(),
        },
        { grace: give.toDecimal() },
        'explain.graceOnLeast',
        { rule: grace.ruleId, reason },
      ),
    );
    left = left.sub(give);
  }
  return true;
};

/** PASS grace (§4.4): the first enabled pass rule, in order, that covers every failed minimum. */
export const applyPassGrace = (ctx: GraceContext): void => {
  const { rules, papers, aggregateMax } = ctx;
  const heads = papers.flatMap(failedHeads);
  let aggHead: AggregateHead | null = null;
  if (rules.aggregateMin !== null) {
    const needed = percentOf(rules.aggregateMin, aggregateMax);
    const aggregate = aggregateOf(ctx);
    if (aggregate.lt(needed))
      aggHead = {
        component: 'AGGREGATE',
        obtained: aggregate,
        min: needed,
        max: aggregateMax,
        deficit: needed.sub(aggregate),
        graceable: true,
      };
  }
  if (heads.length === 0 && aggHead === null) return;
  const passRules = rules.grace.filter((g): g is PassRule => PASS_TYPES.has(g.rule_type));
  const blocked = papers.find((p) => p.terminal === 'AB' || p.terminal === 'UFM');
  for (const rule of passRules) {
    const ruleId = rules.ruleId(`grace.${rule.rule_id}`);
    if (blocked) {
      ctx.steps.push(
        step(
          'GRACE',
          ruleId,
          { paper: blocked.input.paper_id, status: blocked.terminal },
          { granted: '0' },
          'explain.graceBlocked',
          { rule: rule.rule_id },
        ),
      );
      continue;
    }
    const allHeads: Array<Head | AggregateHead> = aggHead ? [...heads, aggHead] : heads;
    const grants = allHeads.map((h) => upToStep(h.deficit, rules.marksStep));
    const total = Q.sum(grants);
    const verdict = evaluatePassRule(rule, ctx, heads, aggHead, grants, total);
    if (!verdict.eligible) {
      ctx.steps.push(
        step('GRACE', ruleId, verdict.inputs, { granted: '0' }, 'explain.graceNotApplied', {
          rule: rule.rule_id,
          why: verdict.text,
        }),
      );
      continue;
    }
    const addedText = part(rule.added_to_marks ? 'explain.graceAdded' : 'explain.graceDeemed');
    const budgetText = verdict.inputs.budget
      ? part('explain.graceOfBudget', { basis: budgetBasis(rule), aggregate_max: aggregateMax.toDecimal() })
      : '';
    const underText = rule.ordinance ? part('explain.graceUnder', { ordinance: rule.ordinance }) : '';
    heads.forEach((h, i) => {
      const give = grants[i]!;
      h.paper.graces.push({ ruleId: rule.rule_id, kind: 'PASS', marks: give, added: rule.added_to_marks });
      h.paper.steps.push(
        step(
          'GRACE',
          ruleId,
          {
            head: headLabel(h),
            obtained: h.obtained.toDecimal(),
            min: h.min.toDecimal(),
            deficit: h.deficit.toDecimal(),
            ...pick(verdict.inputs, 'budget', 'total_cap', 'pool'),
          },
          { grace: give.toDecimal(), passed: true },
          'explain.graceHead',
          {
            component: h.component === 'TOTAL' ? 'total' : h.component.toLowerCase(),
            rule: rule.rule_id,
            budget_text: budgetText,
            under: underText,
          },
        ),
      );
    });
    if (aggHead) {
      const give = grants[grants.length - 1]!;
      if (rule.added_to_marks)
        distribute(
          ctx,
          give,
          { ruleId: rule.rule_id, kind: 'PASS', added: true },
          part('explain.graceAggregateReached'),
          ruleId,
        );
      else ctx.aggregateMinDeemed = true;
    }
    ctx.steps.push(
      step(
        'GRACE',
        ruleId,
        verdict.inputs,
        { granted: total.toDecimal(), added_to_marks: rule.added_to_marks },
        'explain.graceGiven',
        {
          rule: rule.rule_id,
          why: verdict.text,
          heads: allHeads.map((h, i) => `${headLabel(h)} +${grants[i]!.toDecimal()}`).join(', '),
          added_text: addedText,
        },
      ),
    );
    ctx.passGraceRule = rule.rule_id;
    return;
  }
};

const budgetBasis = (rule: PassRule): string =>
  rule.rule_type === 'G1' || rule.rule_type === 'G7'
    ? pct(dec(rule.params.budget_percent_of_aggregate_max))
    : '';

const pick = (from: Record<string, string | number | boolean | null>, ...keys: string[]) =>
  Object.fromEntries(keys.filter((k) => from[k] !== undefined).map((k) => [k, from[k]!]));

/** The highest division whose lower bound the aggregate reaches (exact: aggregate × 100 ≥ min × max). */
export const divisionOf = (divisions: Division[], aggregate: Q, aggregateMax: Q): Division | null => {
  let found: Division | null = null;
  const percent = percentage(aggregate, aggregateMax);
  for (const d of divisions) if (percent.gte(d.min)) found = d;
  return found;
};

/**
 * DISTINCTION grace (G4): papers short of the paper distinction (OLD) or the top grade (NEW/NEP) by ≤ k
 * marks.
 */
export const applyDistinctionGrace = (ctx: GraceContext): void => {
  const { rules } = ctx;
  for (const rule of rules.grace) {
    if (rule.rule_type !== 'G4') continue;
    const ruleId = rules.ruleId(`grace.${rule.rule_id}`);
    const target = rules.scheme === 'OLD' ? rules.distinction.paperMin : (rules.topBand?.min ?? null);
    if (target === null) continue;
    const cap = dec(rule.params.max_marks_per_paper);
    const candidates = ctx.papers
      .filter((p) => p.counted && p.terminal === null && isPassed(p))
      .map((p) => ({ p, short: upToStep(percentOf(target, p.max).sub(totalWithGrace(p)!), rules.marksStep) }))
      .filter(
        (c) => c.short.isPositive() && c.short.lte(cap) && totalWithGrace(c.p)!.add(c.short).lte(c.p.max),
      )
      .sort((a, b) => a.short.cmp(b.short) || a.p.index - b.p.index)
      .slice(0, rule.params.max_papers);
    for (const { p, short } of candidates) {
      p.graces.push({ ruleId: rule.rule_id, kind: 'DISTINCTION', marks: short, added: rule.added_to_marks });
      p.steps.push(
        step(
          'GRACE',
          ruleId,
          { total: totalWithGrace(p)!.toDecimal(), target_percent: target.toDecimal(), cap: cap.toDecimal() },
          { grace: short.toDecimal() },
          'explain.graceDistinctionPaper',
          { rule: rule.rule_id },
        ),
      );
    }
    if (candidates.length > 0) {
      ctx.steps.push(
        step(
          'GRACE',
          ruleId,
          { max_papers: rule.params.max_papers },
          { papers: candidates.map((c) => c.p.input.paper_id).join(', ') },
          'explain.graceDistinction',
          {
            rule: rule.rule_id,
            given: candidates.map((c) => `${c.p.input.paper_id} +${c.short.toDecimal()}`).join(', '),
          },
        ),
      );
    }
  }
};

/** DIVISION grace (G1d, G3), OLD scheme: a pass that misses the next division by ≤ k marks. */
export const applyDivisionGrace = (ctx: GraceContext): void => {
  const { rules, aggregateMax } = ctx;
  if (rules.divisions.length === 0) return;
  for (const rule of rules.grace) {
    if (!DIVISION_TYPES.has(rule.rule_type)) continue;
    if (rule.rule_type !== 'G1d' && rule.rule_type !== 'G3') continue;
    const ruleId = rules.ruleId(`grace.${rule.rule_id}`);
    const anyGrace = ctx.papers.some((p) => p.graces.length > 0);
    if (rule.rule_type === 'G1d' && rule.params.only_without_pass_grace && ctx.passGraceRule) continue;
    if (rule.rule_type === 'G3' && rule.params.only_without_other_grace && anyGrace) continue;
    const aggregate = aggregateOf(ctx).add(ctx.deemedDivisionBonus);
    const current = divisionOf(rules.divisions, aggregate, aggregateMax);
    const next = rules.divisions.find((d) => current === null || d.min.gt(current.min));
    if (!next) continue;
    if (rule.rule_type === 'G1d' && !rule.params.target_divisions.includes(next.code)) continue;
    const needed = percentOf(next.min, aggregateMax);
    const shortfall = upToStep(needed.sub(aggregate), rules.marksStep);
    const cap =
      rule.rule_type === 'G1d'
        ? dec(rule.params.max_marks)
        : Q.min(
            percentOf(dec(rule.params.cap_percent_of_aggregate_max), aggregateMax),
            dec(rule.params.cap_marks),
          );
    const capWords =
      rule.rule_type === 'G1d'
        ? cap.toDecimal()
        : part('explain.graceCapOf', {
            cap_pct: pct(dec(rule.params.cap_percent_of_aggregate_max)),
            cap_marks: rule.params.cap_marks,
            aggregate_max: aggregateMax.toDecimal(),
            cap: cap.toDecimal(),
          });
    const inputs = {
      aggregate: aggregate.toDecimal(),
      aggregate_max: aggregateMax.toDecimal(),
      division: current?.code ?? null,
      next_division: next.code,
      needed: needed.toDecimal(),
      cap: cap.toDecimal(),
    };
    if (shortfall.gt(cap)) continue; // out of reach: nothing to explain on every ordinary pass
    const reason = part('explain.graceDivisionReason', {
      label: next.label,
      needed: needed.toDecimal(),
      aggregate_max: aggregateMax.toDecimal(),
      shortfall: shortfall.toDecimal(),
      cap_text: capWords,
    });
    if (rule.added_to_marks) {
      if (
        !distribute(ctx, shortfall, { ruleId: rule.rule_id, kind: 'DIVISION', added: true }, reason, ruleId)
      )
        continue;
    } else {
      const least = leastPapersFirst(ctx.papers)[0];
      if (!least) continue;
      least.graces.push({ ruleId: rule.rule_id, kind: 'DIVISION', marks: shortfall, added: false });
      ctx.deemedDivisionBonus = ctx.deemedDivisionBonus.add(shortfall);
    }
    const givenTo = part(
      rule.added_to_marks ? 'explain.graceToLeastAndAggregate' : 'explain.graceDeemedDivision',
    );
    ctx.steps.push(
      step(
        'GRACE',
        ruleId,
        inputs,
        { granted: shortfall.toDecimal(), added_to_marks: rule.added_to_marks },
        'explain.graceDivision',
        { rule: rule.rule_id, reason, shortfall: shortfall.toDecimal(), given_to: givenTo },
      ),
    );
  }
};
