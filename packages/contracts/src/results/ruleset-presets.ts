import type { GraceRule, RulesetRules, SchemeCode } from './ruleset-rules.ts';

/**
 * Ready-made rule sets (lifecycle spec §4.3, §4.6, §4.7 and the defaults of §8). A university picks
 * one as the first version of its own rule set and changes the numbers there; nothing here is read
 * by the grading code except through the rule set it is given.
 */
export interface RulesetPreset {
  ruleset_id: string;
  version: number;
  title: string;
  scheme: SchemeCode;
  rules: RulesetRules;
}

/** §8.3: G1 and G1d on; G2–G7 present with their ordinance numbers, off. */
const defaultGrace: GraceRule[] = [
  {
    rule_id: 'G1',
    rule_type: 'G1',
    enabled: true,
    order: 1,
    ordinance: null,
    added_to_marks: false,
    params: {
      budget_percent_of_aggregate_max: '1',
      budget_fraction: 'CEIL',
      max_failing_papers_percent: '25',
      max_failing_fraction: 'CEIL',
      paper_base: 'UNIVERSITY_EXAMINED',
    },
  },
  {
    rule_id: 'G1d',
    rule_type: 'G1d',
    enabled: true,
    order: 2,
    ordinance: null,
    added_to_marks: true,
    params: { max_marks: '1', target_divisions: ['I', 'II'], only_without_pass_grace: false },
  },
  {
    rule_id: 'G2',
    rule_type: 'G2',
    enabled: false,
    order: 3,
    ordinance: 'O.5042-A',
    added_to_marks: false,
    params: {
      head_caps: [
        ['50', '2'],
        ['100', '3'],
        ['150', '4'],
        ['200', '5'],
        ['250', '6'],
        ['300', '7'],
        ['350', '8'],
        ['400', '9'],
        [null, '10'],
      ].map(([upTo, marks]) => ({ up_to_max: upTo, marks, percent_of_head_max: null, cap_marks: null })),
      // The source is cut off after "1 %"; the aggregate maximum is the assumed base.
      total_cap_percent_of_aggregate_max: '1',
      total_cap_fraction: 'CEIL',
    },
  },
  {
    rule_id: 'G3',
    rule_type: 'G3',
    enabled: false,
    order: 4,
    ordinance: 'O.91',
    added_to_marks: true,
    params: { cap_percent_of_aggregate_max: '1', cap_marks: '10', only_without_other_grace: true },
  },
  {
    rule_id: 'G4',
    rule_type: 'G4',
    enabled: false,
    order: 5,
    ordinance: 'O.91(1)',
    added_to_marks: true,
    params: { max_marks_per_paper: '3', max_papers: 2 },
  },
  {
    rule_id: 'G5',
    rule_type: 'G5',
    enabled: false,
    order: 6,
    ordinance: 'O.118',
    added_to_marks: false,
    params: {
      head_caps: [
        { up_to_max: '99.99', marks: '2', percent_of_head_max: null, cap_marks: null },
        { up_to_max: '100', marks: '3', percent_of_head_max: null, cap_marks: null },
        { up_to_max: '200', marks: '4', percent_of_head_max: null, cap_marks: null },
        { up_to_max: null, marks: null, percent_of_head_max: '2', cap_marks: '10' },
      ],
      max_heads: 1,
    },
  },
  {
    rule_id: 'G6',
    rule_type: 'G6',
    enabled: false,
    order: 7,
    ordinance: null,
    added_to_marks: true,
    params: { pool_marks: '7' },
  },
  {
    rule_id: 'G7',
    rule_type: 'G7',
    enabled: false,
    order: 8,
    ordinance: null,
    added_to_marks: true,
    params: { budget_percent_of_aggregate_max: '1', budget_fraction: 'FLOOR' },
  },
];

/** Everything the OLD and the CBCS rule sets share: the section 8 defaults. */
const common: Omit<RulesetRules, 'pass' | 'divisions' | 'distinction' | 'grading_bands' | 'exit'> = {
  marks_step: '0.5',
  rounding: {
    percent_display: { mode: 'HALF_UP', decimals: 2 },
    sgpa: { mode: 'HALF_UP', decimals: 2 },
    cgpa: { mode: 'HALF_UP', decimals: 2 },
    grade_lookup: 'EXACT',
  },
  fail_grade: { grade: 'F', grade_point: '0' },
  absent_grade: { grade: 'Ab', grade_point: '0' },
  non_credit_codes: { satisfactory: 'S', unsatisfactory: 'U' },
  sgpa_policy: 'ALL_ATTEMPTED',
  cgpa_source: 'CREDIT_POINTS',
  attempt_policy: 'LATEST',
  qualifying: { min_sgpa: null },
  grace: defaultGrace,
  grace_grade: 'GRADED_MARKS',
  atkt: {
    max_failed_papers_percent: '40',
    max_failed_papers_count: null,
    fraction_rule: 'HALF_UP',
    max_attempts_per_paper: 5,
    completion_extra_years: 2,
  },
  internal_carry_forward: { enabled: true, unless_internal_failed: true },
  student_level: { on_rw: 'STUDENT', on_rl: 'STUDENT' },
  reval: {
    window_days: 15,
    window_excludes_publication_day: true,
    eligible_components: ['EXT'],
    theory_only: true,
    max_papers_percent: '25',
    max_papers_fraction: 'FLOOR',
    max_papers_at_least: 1,
    max_attempts: 1,
    min_score_percent: null,
    fee_per_paper: null,
    result_rule: 'BETTER',
    params: { vtu_small_percent: '5', vtu_large_percent: '15', vtu_share: '0.5', threshold_marks: '5' },
  },
  percent_conversion: { formula: 'X9_5', rounding: { mode: 'HALF_UP', decimals: 2 } },
};

const noDistinction = {
  code: 'DISTINCTION',
  label: 'Distinction',
  aggregate_min_percent: null,
  paper_min_percent: null,
};

const oldScheme = (
  aggregateMin: string | null,
  divisions: RulesetRules['divisions'],
  distinction: { label: string; min: string },
): RulesetRules => ({
  ...common,
  pass: { component_minima: true, aggregate_min_percent: aggregateMin, internal_fail_action: 'FAIL_PAPER' },
  divisions,
  distinction: {
    code: 'DISTINCTION',
    label: distinction.label,
    aggregate_min_percent: distinction.min,
    paper_min_percent: null,
  },
  grading_bands: [],
  exit: [],
});

/** Variant A, the default (§8.1): pass 36, III ≥ 36, II ≥ 48, I ≥ 60, distinction ≥ 75. */
export const oldVariantA: RulesetPreset = {
  ruleset_id: 'OLD-A',
  version: 1,
  scheme: 'OLD',
  title: 'Old scheme, divisions 36/48/60/75 (default)',
  rules: oldScheme(
    null,
    [
      { code: 'III', label: 'III Division', min_percent: '36' },
      { code: 'II', label: 'II Division', min_percent: '48' },
      { code: 'I', label: 'I Division', min_percent: '60' },
    ],
    { label: 'Distinction', min: '75' },
  ),
};

/**
 * Variant B, UP-type: 33 per paper (paperinfosem minima), 36 aggregate (Lucknow), II ≥ 45, I ≥ 60,
 * distinction ≥ 75.
 */
export const oldVariantB: RulesetPreset = {
  ruleset_id: 'OLD-B',
  version: 1,
  scheme: 'OLD',
  title: 'Old scheme, UP-type 33/36/45/60/75',
  rules: oldScheme(
    '36',
    [
      { code: 'III', label: 'III Division', min_percent: '36' },
      { code: 'II', label: 'II Division', min_percent: '45' },
      { code: 'I', label: 'I Division', min_percent: '60' },
    ],
    { label: 'Distinction', min: '75' },
  ),
};

/**
 * Variant C, Maharashtra classes: Pass 35, Second 45, Higher Second 55, First 60, First with Distinction 70.
 */
export const oldVariantC: RulesetPreset = {
  ruleset_id: 'OLD-C',
  version: 1,
  scheme: 'OLD',
  title: 'Old scheme, Maharashtra classes 35/45/55/60/70',
  rules: oldScheme(
    '35',
    [
      { code: 'PASS', label: 'Pass Class', min_percent: '35' },
      { code: 'II', label: 'Second Class', min_percent: '45' },
      { code: 'HII', label: 'Higher Second Class', min_percent: '55' },
      { code: 'I', label: 'First Class', min_percent: '60' },
    ],
    { label: 'First Class with Distinction', min: '70' },
  ),
};

/** Variant D, Tamil Nadu autonomous fallback (UG): Pass 40, Second 50, First 60, Distinction 75. */
export const oldVariantD: RulesetPreset = {
  ruleset_id: 'OLD-D',
  version: 1,
  scheme: 'OLD',
  title: 'Old scheme, Tamil Nadu 40/50/60/75 (UG)',
  rules: oldScheme(
    '40',
    [
      { code: 'PASS', label: 'Pass', min_percent: '40' },
      { code: 'II', label: 'Second Class', min_percent: '50' },
      { code: 'I', label: 'First Class', min_percent: '60' },
    ],
    { label: 'First Class with Distinction', min: '75' },
  ),
};

/** §8.8: bands 90/80/70/60/50/45/40 (O … P), F below, Ab for absent. */
const cbcsRules: RulesetRules = {
  ...common,
  pass: { component_minima: true, aggregate_min_percent: null, internal_fail_action: 'FAIL_PAPER' },
  divisions: [],
  distinction: noDistinction,
  grading_bands: [
    ['O', '90', '10'],
    ['A+', '80', '9'],
    ['A', '70', '8'],
    ['B+', '60', '7'],
    ['B', '50', '6'],
    ['C', '45', '5'],
    ['P', '40', '4'],
  ].map(([grade, min, gp]) => ({ grade, min_percent: min, grade_point: gp, is_pass: true })),
  exit: [],
};

export const cbcsDefault: RulesetPreset = {
  ruleset_id: 'CBCS',
  version: 1,
  scheme: 'NEW',
  title: 'CBCS grade points (default)',
  rules: cbcsRules,
};

/** §8.9: the UGC exits 40 + 4, 80 + 4, 120, 160, 160 with 12 research credits and ≥ 75 %. */
export const nepDefault: RulesetPreset = {
  ruleset_id: 'NEP',
  version: 1,
  scheme: 'NEP',
  title: 'NEP credit framework (default)',
  rules: {
    ...cbcsRules,
    atkt: { ...cbcsRules.atkt, completion_extra_years: 3 },
    exit: [
      {
        level: 'YEAR_1',
        award: 'UG Certificate',
        min_credits: '40',
        extra: [{ category: 'VOCATIONAL', credits: '4', mode: 'ADDITIONAL' }],
        min_percent: null,
      },
      {
        level: 'YEAR_2',
        award: 'UG Diploma',
        min_credits: '80',
        extra: [{ category: 'VOCATIONAL', credits: '4', mode: 'ADDITIONAL' }],
        min_percent: null,
      },
      { level: 'YEAR_3', award: "Bachelor's degree", min_credits: '120', extra: [], min_percent: null },
      {
        level: 'YEAR_4',
        award: "Bachelor's degree (Honours)",
        min_credits: '160',
        extra: [],
        min_percent: null,
      },
      {
        level: 'YEAR_4_RESEARCH',
        award: "Bachelor's degree (Honours with Research)",
        min_credits: '160',
        extra: [{ category: 'RESEARCH', credits: '12', mode: 'INCLUDED' }],
        min_percent: '75',
      },
    ],
  },
};

export const rulesetPresets: readonly RulesetPreset[] = [
  oldVariantA,
  oldVariantB,
  oldVariantC,
  oldVariantD,
  cbcsDefault,
  nepDefault,
];
