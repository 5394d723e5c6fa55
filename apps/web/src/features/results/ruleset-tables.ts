import type { GraceRule, Rounding, RulesetRules } from '@exam/contracts';

/**
 * A rule set's rules (lifecycle §4.1) as readable tables: each section has its columns and rows keyed by what
 * a row is (a division's code, a grade, a grace rule's id, a setting's name), so two versions line up row by
 * row for a comparison. Texts are English keys of the Hindi catalogue; a phrase with numbers carries them as
 * values.
 */

export interface Phrase {
  text: string;
  values?: Record<string, string>;
}
export type Cell = string | Phrase | Phrase[];
export interface RuleRow {
  key: string;
  cells: Cell[];
}
export interface RuleSection {
  id: string;
  title: string;
  columns: string[];
  rows: RuleRow[];
}

const p = (text: string, values?: Record<string, string>): Phrase => ({ text, values });
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const none = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

/** Enumerated rule values in words. */
export const ruleWords: Record<string, string> = {
  HALF_UP: 'half up',
  TRUNCATE: 'cut off',
  CEIL: 'rounded up',
  FLOOR: 'rounded down',
  NONE: 'none',
  EXACT: 'exact percentage',
  ROUND_PERCENT_FIRST: 'percentage rounded first',
  FAIL_PAPER: 'the paper fails',
  BAR_EXTERNAL: 'barred from the external',
  ALL_ATTEMPTED: 'all attempted papers',
  EARNED_ONLY: 'earned credits only',
  WITHHOLD_IF_FAIL: 'withheld while a paper is failed',
  CREDIT_POINTS: 'from credit points',
  ROUNDED_SGPA: 'from rounded SGPAs',
  LATEST: 'latest attempt',
  BEST: 'best attempt',
  GRADED_MARKS: 'grade from the graced marks',
  PASS_GRADE_ONLY: 'lowest pass grade only',
  STUDENT: 'whole result',
  PARTIAL: 'that paper only',
  UNIVERSITY_EXAMINED: 'papers the university examines',
  ALL_WITH_MINIMA: 'all papers with minima',
  REPLACE: 'revaluation marks replace',
  BETTER: 'the better marks count',
  VTU: 'VTU rule (third valuation)',
  THRESHOLD: 'changed only beyond a threshold',
  X9_5: 'CGPA × 9.5',
  MINUS_0_75_X10: '(CGPA − 0.75) × 10',
  ADDITIONAL: 'additional',
  INCLUDED: 'included',
};
const word = (value: string) => ruleWords[value] ?? value;
const rounding = (r: Rounding) =>
  p('{{decimals}} decimals, {{mode}}', { decimals: String(r.decimals), mode: word(r.mode) });

function graceParams(g: GraceRule): Phrase[] {
  switch (g.rule_type) {
    case 'G1':
      return [
        p('budget {{percent}} % of the aggregate maximum ({{fraction}})', {
          percent: g.params.budget_percent_of_aggregate_max,
          fraction: word(g.params.budget_fraction),
        }),
        p('at most {{percent}} % of the papers failed ({{fraction}})', {
          percent: g.params.max_failing_papers_percent,
          fraction: word(g.params.max_failing_fraction),
        }),
        p('counted over: {{base}}', { base: word(g.params.paper_base) }),
      ];
    case 'G1d':
      return [
        p('up to {{marks}} marks to reach division {{divisions}}', {
          marks: g.params.max_marks,
          divisions: g.params.target_divisions.join(', '),
        }),
        ...(g.params.only_without_pass_grace ? [p('only without pass grace')] : []),
      ];
    case 'G2':
      return [
        ...g.params.head_caps.map((c) =>
          p('head up to {{max}}: {{marks}}', {
            max: none(c.up_to_max),
            marks: c.marks ?? `${none(c.percent_of_head_max)} %`,
          }),
        ),
        p('total at most {{percent}} % of the aggregate maximum ({{fraction}})', {
          percent: g.params.total_cap_percent_of_aggregate_max,
          fraction: word(g.params.total_cap_fraction),
        }),
      ];
    case 'G3':
      return [
        p(
          'shortfall to the next division up to {{percent}} % of the aggregate maximum, at most ' +
            '{{marks}} marks',
          { percent: g.params.cap_percent_of_aggregate_max, marks: g.params.cap_marks },
        ),
        ...(g.params.only_without_other_grace ? [p('only without other grace')] : []),
      ];
    case 'G4':
      return [
        p('up to {{marks}} marks in at most {{papers}} papers to reach distinction', {
          marks: g.params.max_marks_per_paper,
          papers: String(g.params.max_papers),
        }),
      ];
    case 'G5':
      return [
        ...g.params.head_caps.map((c) =>
          p('head up to {{max}}: {{marks}}', {
            max: none(c.up_to_max),
            marks: c.marks ?? `${none(c.percent_of_head_max)} %`,
          }),
        ),
        p('at most {{heads}} heads condoned', { heads: String(g.params.max_heads) }),
      ];
    case 'G6':
      return [p('a pool of {{marks}} marks across papers', { marks: g.params.pool_marks })];
    case 'G7':
      return [
        p('budget {{percent}} % of the aggregate maximum ({{fraction}})', {
          percent: g.params.budget_percent_of_aggregate_max,
          fraction: word(g.params.budget_fraction),
        }),
      ];
  }
}

const setting = (key: string, label: string, value: Cell): RuleRow => ({ key, cells: [label, value] });

export function ruleSections(rules: RulesetRules): RuleSection[] {
  const r = rules;
  return [
    {
      id: 'pass',
      title: 'Marks and passing',
      columns: ['Rule', 'Value'],
      rows: [
        setting('marks_step', 'Marks go in steps of', r.marks_step),
        setting('component_minima', 'Each component needs its minimum', yesNo(r.pass.component_minima)),
        setting('aggregate_min', 'Aggregate to pass (%)', none(r.pass.aggregate_min_percent)),
        setting('internal_fail', 'When the internal is failed', word(r.pass.internal_fail_action)),
      ],
    },
    {
      id: 'divisions',
      title: 'Divisions',
      columns: ['Code', 'Division', 'From %'],
      rows: [
        ...r.divisions.map((d) => ({ key: d.code, cells: [d.code, d.label, d.min_percent] })),
        {
          key: `distinction:${r.distinction.code}`,
          cells: [r.distinction.code, r.distinction.label, none(r.distinction.aggregate_min_percent)],
        },
        {
          key: 'paper-distinction',
          cells: ['—', 'Distinction in a paper', none(r.distinction.paper_min_percent)],
        },
      ],
    },
    {
      id: 'bands',
      title: 'Grade bands',
      columns: ['Grade', 'From %', 'Grade point', 'Pass'],
      rows: [
        ...r.grading_bands.map((b) => ({
          key: b.grade,
          cells: [b.grade, b.min_percent, b.grade_point, yesNo(b.is_pass)],
        })),
        { key: 'fail', cells: [r.fail_grade.grade, 'failed paper', r.fail_grade.grade_point, 'No'] },
        { key: 'absent', cells: [r.absent_grade.grade, 'absent', r.absent_grade.grade_point, 'No'] },
        {
          key: 'satisfactory',
          cells: [r.non_credit_codes.satisfactory, 'non-credit paper passed', '—', 'Yes'],
        },
        {
          key: 'unsatisfactory',
          cells: [r.non_credit_codes.unsatisfactory, 'non-credit paper failed', '—', 'No'],
        },
      ],
    },
    {
      id: 'grace',
      title: 'Grace and condonation',
      columns: ['Grace rule', 'Order', 'Type', 'In use', 'Ordinance', 'Added to marks', 'What it allows'],
      rows: [...r.grace]
        .sort((a, b) => a.order - b.order)
        .map((g) => ({
          key: g.rule_id,
          cells: [
            g.rule_id,
            String(g.order),
            g.rule_type,
            yesNo(g.enabled),
            none(g.ordinance),
            yesNo(g.added_to_marks),
            graceParams(g),
          ],
        })),
    },
    {
      id: 'sgpa',
      title: 'SGPA and CGPA',
      columns: ['Rule', 'Value'],
      rows: [
        setting('sgpa_policy', 'SGPA counts', word(r.sgpa_policy)),
        setting('cgpa_source', 'CGPA computed', word(r.cgpa_source)),
        setting('attempt_policy', 'Attempt counted', word(r.attempt_policy)),
        setting('min_sgpa', 'Minimum SGPA to qualify', none(r.qualifying.min_sgpa)),
        setting('grace_grade', 'Grade of a paper passed by grace', word(r.grace_grade)),
      ],
    },
    {
      id: 'rounding',
      title: 'Rounding',
      columns: ['Rule', 'Value'],
      rows: [
        setting('percent_display', 'Percentage printed', rounding(r.rounding.percent_display)),
        setting('sgpa', 'SGPA', rounding(r.rounding.sgpa)),
        setting('cgpa', 'CGPA', rounding(r.rounding.cgpa)),
        setting('grade_lookup', 'Grade looked up from', word(r.rounding.grade_lookup)),
        setting('conversion', 'CGPA to percentage', [
          p(word(r.percent_conversion.formula)),
          rounding(r.percent_conversion.rounding),
        ]),
      ],
    },
    {
      id: 'atkt',
      title: 'ATKT, back papers and withheld results',
      columns: ['Rule', 'Value'],
      rows: [
        setting('atkt_percent', 'At most failed papers (%)', none(r.atkt.max_failed_papers_percent)),
        setting('atkt_count', 'At most failed papers (count)', none(r.atkt.max_failed_papers_count)),
        setting('atkt_fraction', 'Fractions of papers', word(r.atkt.fraction_rule)),
        setting('attempts', 'Attempts per paper', String(r.atkt.max_attempts_per_paper)),
        setting('extra_years', 'Extra years to complete', String(r.atkt.completion_extra_years)),
        setting('carry', 'Internal marks carried to a back attempt', yesNo(r.internal_carry_forward.enabled)),
        setting(
          'carry_unless',
          '… unless the internal was failed',
          yesNo(r.internal_carry_forward.unless_internal_failed),
        ),
        setting('on_rw', 'A withheld paper (RW) withholds', word(r.student_level.on_rw)),
        setting('on_rl', 'A result-later paper (RL) holds back', word(r.student_level.on_rl)),
      ],
    },
    {
      id: 'exit',
      title: 'Exits (NEP)',
      columns: ['Level', 'Award', 'Minimum credits', 'Extra credits', 'Minimum %'],
      rows: r.exit.map((e) => ({
        key: e.level,
        cells: [
          e.level,
          e.award,
          e.min_credits,
          e.extra.map((x) =>
            p('{{credits}} {{category}} ({{mode}})', {
              credits: x.credits,
              category: x.category,
              mode: word(x.mode),
            }),
          ),
          none(e.min_percent),
        ],
      })),
    },
    {
      id: 'reval',
      title: 'Revaluation',
      columns: ['Rule', 'Value'],
      rows: [
        setting('window', 'Window (days)', String(r.reval.window_days)),
        setting(
          'window_day',
          'Counted from the day after publication',
          yesNo(r.reval.window_excludes_publication_day),
        ),
        setting('components', 'Components', r.reval.eligible_components.join(', ')),
        setting('theory_only', 'Theory papers only', yesNo(r.reval.theory_only)),
        setting('max_papers', 'At most papers', [
          p('{{percent}} % ({{fraction}}), at least {{least}}', {
            percent: r.reval.max_papers_percent,
            fraction: word(r.reval.max_papers_fraction),
            least: String(r.reval.max_papers_at_least),
          }),
        ]),
        setting('max_attempts', 'Applications per paper', String(r.reval.max_attempts)),
        setting('min_score', 'Minimum score to apply (%)', none(r.reval.min_score_percent)),
        setting('fee', 'Fee per paper', none(r.reval.fee_per_paper)),
        setting('outcome', 'Outcome', word(r.reval.result_rule)),
        setting('params', 'Outcome numbers', [
          p('VTU: small {{small}} %, large {{large}} %, share {{share}}; threshold {{threshold}} marks', {
            small: r.reval.params.vtu_small_percent,
            large: r.reval.params.vtu_large_percent,
            share: r.reval.params.vtu_share,
            threshold: r.reval.params.threshold_marks,
          }),
        ]),
      ],
    },
  ];
}

/** A cell as comparable text (equal texts: no difference). */
export const cellKey = (cell: Cell) => JSON.stringify(cell);

export interface RuleDifference {
  section: string;
  row: string;
  kind: 'added' | 'removed' | 'changed';
  columns: string[];
}

/**
 * Rows of `b` that are new, gone or changed against `a`, section by section (the columns that changed, by
 * name).
 */
export function ruleDifferences(a: RuleSection[], b: RuleSection[]): RuleDifference[] {
  const out: RuleDifference[] = [];
  for (const sb of b) {
    const sa = a.find((s) => s.id === sb.id);
    const rowsA = new Map((sa?.rows ?? []).map((r) => [r.key, r]));
    const rowsB = new Map(sb.rows.map((r) => [r.key, r]));
    for (const row of sb.rows) {
      const before = rowsA.get(row.key);
      if (!before) out.push({ section: sb.id, row: row.key, kind: 'added', columns: [] });
      else {
        const columns = sb.columns.filter(
          (_, i) => cellKey(before.cells[i] ?? '') !== cellKey(row.cells[i] ?? ''),
        );
        if (columns.length) out.push({ section: sb.id, row: row.key, kind: 'changed', columns });
      }
    }
    for (const row of sa?.rows ?? [])
      if (!rowsB.has(row.key)) out.push({ section: sb.id, row: row.key, kind: 'removed', columns: [] });
  }
  return out;
}
