import { z } from 'zod';
import { ruleNumber } from './decimal.ts';

/**
 * The `rules` JSON of a `ruleset` (lifecycle spec §4.1): every number of the result computation is
 * data here, none is in the grading code. Percentages are "minimum percent, inclusive" and are
 * compared exactly (obtained × 100 ≥ min × max). Numbers are decimal strings (JSON numbers accepted).
 */

export const schemeCode = z.enum(['OLD', 'NEW', 'NEP']);
export type SchemeCode = z.infer<typeof schemeCode>;

/** How a computed value is cut to its printed decimals. */
export const roundingMode = z.enum(['HALF_UP', 'TRUNCATE']);
export type RoundingMode = z.infer<typeof roundingMode>;
export const rounding = z.object({ mode: roundingMode, decimals: z.number().int().min(0).max(4) });
export type Rounding = z.infer<typeof rounding>;

/** How a fraction becomes a whole number of marks or papers (budgets, head counts). */
export const fractionRule = z.enum(['CEIL', 'FLOOR', 'HALF_UP', 'NONE']);
export type FractionRule = z.infer<typeof fractionRule>;

/** Rounding of a computed internal mark (CIA pattern, §S3). NONE keeps up to two decimals (half-up). */
export const internalRoundingMode = z.enum(['HALF_UP', 'CEIL', 'FLOOR', 'NONE']);

const division = z.object({
  code: z.string().min(1).max(20),
  label: z.string().min(1).max(80),
  min_percent: ruleNumber(),
});
export type DivisionRule = z.infer<typeof division>;

const gradingBand = z.object({
  grade: z.string().min(1).max(10),
  min_percent: ruleNumber(),
  grade_point: ruleNumber(),
  is_pass: z.boolean(),
});
export type GradingBand = z.infer<typeof gradingBand>;

const fixedGrade = z.object({ grade: z.string().min(1).max(10), grade_point: ruleNumber() });

/**
 * One row of a per-head cap table: heads whose maximum is ≤ up_to_max (null: any larger head) get `marks`, or
 * `percent_of_head_max` capped at `cap_marks`.
 */
const headCap = z.object({
  up_to_max: ruleNumber().nullable(),
  marks: ruleNumber().nullable(),
  percent_of_head_max: ruleNumber().nullable(),
  cap_marks: ruleNumber().nullable(),
});
export type HeadCap = z.infer<typeof headCap>;

const graceCommon = {
  /** Unique within the rule set; named in explanations and footnotes. */
  rule_id: z.string().min(1).max(20),
  enabled: z.boolean(),
  /** Rules apply in ascending order. */
  order: z.number().int(),
  /** The ordinance printed in the footnote, e.g. "O.229". */
  ordinance: z.string().max(80).nullable(),
  /**
   * true: the grace is added to the head's marks and the aggregate; false: the candidate is deemed to have
   * the minimum.
   */
  added_to_marks: z.boolean(),
};

/** G1 aggregate-percent pass grace [P8]. */
const g1 = z.object({
  ...graceCommon,
  rule_type: z.literal('G1'),
  params: z.object({
    budget_percent_of_aggregate_max: ruleNumber(),
    budget_fraction: fractionRule,
    max_failing_papers_percent: ruleNumber(),
    max_failing_fraction: fractionRule,
    /**
     * Which papers count as "papers with minima": those the university examines (EXT or PR required), or all
     * with a minimum.
     */
    paper_base: z.enum(['UNIVERSITY_EXAMINED', 'ALL_WITH_MINIMA']),
  }),
});

/**
 * G1d one-mark division grace [P8]: a pass short of one of `target_divisions` by ≤ max_marks gets the
 * shortfall on the lowest paper.
 */
const g1d = z.object({
  ...graceCommon,
  rule_type: z.literal('G1d'),
  params: z.object({
    max_marks: ruleNumber(),
    target_divisions: z.array(z.string().min(1)).min(1),
    only_without_pass_grace: z.boolean(),
  }),
});

/** G2 per-head table with a total cap (Mumbai O.5042-A) [P9]. */
const g2 = z.object({
  ...graceCommon,
  rule_type: z.literal('G2'),
  params: z.object({
    head_caps: z.array(headCap).min(1),
    total_cap_percent_of_aggregate_max: ruleNumber(),
    total_cap_fraction: fractionRule,
  }),
});

/**
 * G3 class-improvement grace (Shivaji O.91) [P10]: shortfall to the next division ≤ min(percent of aggregate
 * max, marks).
 */
const g3 = z.object({
  ...graceCommon,
  rule_type: z.literal('G3'),
  params: z.object({
    cap_percent_of_aggregate_max: ruleNumber(),
    cap_marks: ruleNumber(),
    only_without_other_grace: z.boolean(),
  }),
});

/**
 * G4 distinction-in-subject grace [P9][P10]: short of the paper distinction (OLD) or the top grade (NEW/NEP)
 * by ≤ max_marks, in ≤ max_papers papers.
 */
const g4 = z.object({
  ...graceCommon,
  rule_type: z.literal('G4'),
  params: z.object({ max_marks_per_paper: ruleNumber(), max_papers: z.number().int().min(1) }),
});

/** G5 condonation of a single failed head (HNGU O.118) [P11]. */
const g5 = z.object({
  ...graceCommon,
  rule_type: z.literal('G5'),
  params: z.object({ head_caps: z.array(headCap).min(1), max_heads: z.number().int().min(1) }),
});

/** G6 fixed pool of marks split across heads (Lucknow) [P12]. */
const g6 = z.object({
  ...graceCommon,
  rule_type: z.literal('G6'),
  params: z.object({ pool_marks: ruleNumber() }),
});

/** G7 percent of the semester total, in one or several heads [P13]. */
const g7 = z.object({
  ...graceCommon,
  rule_type: z.literal('G7'),
  params: z.object({ budget_percent_of_aggregate_max: ruleNumber(), budget_fraction: fractionRule }),
});

export const graceRule = z.discriminatedUnion('rule_type', [g1, g1d, g2, g3, g4, g5, g6, g7]);
export type GraceRule = z.infer<typeof graceRule>;
export type GraceRuleType = GraceRule['rule_type'];

const exitLevel = z.object({
  level: z.string().min(1).max(40),
  award: z.string().min(1).max(120),
  min_credits: ruleNumber(),
  /**
   * ADDITIONAL: credits of that category on top of min_credits (the summer vocational course); INCLUDED: part
   * of min_credits (12 research credits of 160).
   */
  extra: z.array(
    z.object({
      category: z.string().min(1),
      credits: ruleNumber(),
      mode: z.enum(['ADDITIONAL', 'INCLUDED']),
    }),
  ),
  /** e.g. ≥ 75 % of the marks of semesters I–VI for Honours with Research. */
  min_percent: ruleNumber().nullable(),
});
export type ExitLevel = z.infer<typeof exitLevel>;

export const revaluationRule = z.enum(['REPLACE', 'BETTER', 'VTU', 'THRESHOLD']);

export const rulesetRules = z
  .object({
    /** 1 or 0.5: the smallest mark an examiner may give. */
    marks_step: ruleNumber(),
    rounding: z.object({
      percent_display: rounding,
      sgpa: rounding,
      cgpa: rounding,
      /**
       * EXACT compares the exact percentage with the bands; ROUND_PERCENT_FIRST rounds it to percent_display
       * first (Fedena).
       */
      grade_lookup: z.enum(['EXACT', 'ROUND_PERCENT_FIRST']),
    }),
    pass: z.object({
      component_minima: z.boolean(),
      aggregate_min_percent: ruleNumber().nullable(),
      internal_fail_action: z.enum(['FAIL_PAPER', 'BAR_EXTERNAL']),
    }),
    /** OLD: divisions on the aggregate percentage; the highest whose min_percent is reached applies. */
    divisions: z.array(division),
    distinction: z.object({
      code: z.string().min(1).max(20),
      label: z.string().min(1).max(80),
      aggregate_min_percent: ruleNumber().nullable(),
      paper_min_percent: ruleNumber().nullable(),
    }),
    /**
     * NEW/NEP: bands as inclusive lower bounds; a passed paper below every pass band gets the lowest pass
     * band (§8.11).
     */
    grading_bands: z.array(gradingBand),
    fail_grade: fixedGrade,
    absent_grade: fixedGrade,
    non_credit_codes: z.object({
      satisfactory: z.string().min(1).max(10),
      unsatisfactory: z.string().min(1).max(10),
    }),
    sgpa_policy: z.enum(['ALL_ATTEMPTED', 'EARNED_ONLY', 'WITHHOLD_IF_FAIL']),
    cgpa_source: z.enum(['CREDIT_POINTS', 'ROUNDED_SGPA']),
    attempt_policy: z.enum(['LATEST', 'BEST']),
    /** A semester qualifies only with SGPA ≥ min_sgpa (null: no such rule). */
    qualifying: z.object({ min_sgpa: ruleNumber().nullable() }),
    grace: z.array(graceRule),
    /** CBCS: grade from the graced marks, or only the lowest pass grade for a paper passed by grace. */
    grace_grade: z.enum(['GRADED_MARKS', 'PASS_GRADE_ONLY']),
    atkt: z.object({
      max_failed_papers_percent: ruleNumber().nullable(),
      max_failed_papers_count: z.number().int().min(0).nullable(),
      fraction_rule: fractionRule,
      max_attempts_per_paper: z.number().int().min(1),
      completion_extra_years: z.number().int().min(0),
    }),
    internal_carry_forward: z.object({ enabled: z.boolean(), unless_internal_failed: z.boolean() }),
    /**
     * Student level: any RW paper withholds the whole result (STUDENT) or only that paper (PARTIAL); likewise
     * RL.
     */
    student_level: z.object({ on_rw: z.enum(['STUDENT', 'PARTIAL']), on_rl: z.enum(['STUDENT', 'PARTIAL']) }),
    exit: z.array(exitLevel),
    reval: z.object({
      window_days: z.number().int().min(0),
      /** true: day 1 of the window is the day after publication. */
      window_excludes_publication_day: z.boolean(),
      eligible_components: z.array(z.enum(['EXT', 'INT', 'PR'])).min(1),
      theory_only: z.boolean(),
      max_papers_percent: ruleNumber(),
      max_papers_fraction: fractionRule,
      max_papers_at_least: z.number().int().min(0),
      max_attempts: z.number().int().min(1),
      min_score_percent: ruleNumber().nullable(),
      fee_per_paper: ruleNumber().nullable(),
      result_rule: revaluationRule,
      params: z.object({
        vtu_small_percent: ruleNumber(),
        vtu_large_percent: ruleNumber(),
        vtu_share: ruleNumber(),
        threshold_marks: ruleNumber(),
      }),
    }),
    percent_conversion: z.object({ formula: z.enum(['X9_5', 'MINUS_0_75_X10', 'NONE']), rounding }),
  })
  .superRefine((rules, ctx) => {
    const ids = new Set<string>();
    for (const [i, g] of rules.grace.entries()) {
      if (ids.has(g.rule_id))
        ctx.addIssue({
          code: 'custom',
          path: ['grace', i, 'rule_id'],
          message: `Grace rule id ${g.rule_id} is used twice`,
        });
      ids.add(g.rule_id);
    }
    const bandGrades = new Set<string>();
    for (const [i, b] of rules.grading_bands.entries()) {
      if (bandGrades.has(b.grade))
        ctx.addIssue({
          code: 'custom',
          path: ['grading_bands', i, 'grade'],
          message: `Grade ${b.grade} is listed twice`,
        });
      bandGrades.add(b.grade);
    }
    const divisionCodes = new Set<string>();
    for (const [i, d] of rules.divisions.entries()) {
      if (divisionCodes.has(d.code))
        ctx.addIssue({
          code: 'custom',
          path: ['divisions', i, 'code'],
          message: `Division ${d.code} is listed twice`,
        });
      divisionCodes.add(d.code);
    }
    if (rules.atkt.max_failed_papers_percent === null && rules.atkt.max_failed_papers_count === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['atkt'],
        message: 'Give either max_failed_papers_percent or max_failed_papers_count',
      });
    }
    for (const [i, g] of rules.grace.entries()) {
      if (
        (g.rule_type === 'G2' || g.rule_type === 'G5') &&
        g.params.head_caps.some((c) => (c.marks === null) === (c.percent_of_head_max === null))
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['grace', i, 'params', 'head_caps'],
          message: 'Each head cap row gives either marks or percent_of_head_max',
        });
      }
    }
  });
export type RulesetRules = z.infer<typeof rulesetRules>;

/** A rule set as the grading engine receives it: the `ruleset` row's identity and its rules. */
export const gradingRuleset = z.object({
  ruleset_id: z.string().min(1).max(30),
  version: z.number().int().min(1),
  scheme: schemeCode,
  rules: rulesetRules,
});
export type GradingRuleset = z.infer<typeof gradingRuleset>;
