import {
  cbcsDefault,
  gradingInput,
  type GradingInput,
  type GradingInputRaw,
  type GradingPaperInput,
  type MarkCell,
  nepDefault,
  oldVariantA,
  type RulesetPreset,
} from '@exam/contracts';

/** A mark cell from a number, decimal text, a status, or nothing (missing). */
export const cell = (v: number | string | null | undefined): MarkCell => {
  if (v === null || v === undefined) return { value: null, status: null };
  if (typeof v === 'number') return { value: String(v), status: null };
  if (['AB', 'UFM', 'RL', 'WH'].includes(v)) return { value: null, status: v as MarkCell['status'] };
  return { value: v, status: null };
};

type Mark = number | string | null;

/** The demo seed's theory paper: 100 = ext 75 (min 27) + int 25 (min 9), min 36, 4 credits. */
export const theory = (
  paper_id: string,
  int: Mark,
  ext: Mark,
  extra: Partial<GradingPaperInput> = {},
): GradingPaperInput => ({
  paper_id,
  max: '100',
  min: '36',
  ext_max: '75',
  ext_min: '27',
  int_max: '25',
  int_min: '9',
  paper_type: 0,
  th_pr_status: 'TH',
  credit: '4',
  paper_score_status: 'Y',
  int: cell(int),
  ext: cell(ext),
  ...extra,
});

/** The demo seed's practical: 50 external-only (min 18), 2 credits; marks in `pr`. */
export const practical = (
  paper_id: string,
  marks: Mark,
  extra: Partial<GradingPaperInput> = {},
): GradingPaperInput => ({
  paper_id,
  max: '50',
  min: '18',
  ext_max: '50',
  ext_min: '18',
  int_max: null,
  int_min: null,
  paper_type: 1,
  th_pr_status: 'PR',
  credit: '2',
  paper_score_status: 'Y',
  pr: cell(marks),
  ...extra,
});

/** The demo seed's internal-only paper (Environmental Studies): 50 (min 18), 2 credits. */
export const internalOnly = (
  paper_id: string,
  marks: Mark,
  extra: Partial<GradingPaperInput> = {},
): GradingPaperInput => ({
  paper_id,
  max: '50',
  min: '18',
  ext_max: null,
  ext_min: null,
  int_max: '50',
  int_min: '18',
  paper_type: 2,
  th_pr_status: 'TH',
  credit: '2',
  paper_score_status: 'Y',
  int: cell(marks),
  ...extra,
});

export const rulesetOf = (preset: RulesetPreset) => ({
  ruleset_id: preset.ruleset_id,
  version: preset.version,
  scheme: preset.scheme,
  rules: preset.rules,
});

/** A parsed engine input, as the API would hand it over after validating with the contract. */
export const studentInput = (
  preset: RulesetPreset,
  papers: GradingPaperInput[],
  extra: Partial<GradingInputRaw> = {},
): GradingInput =>
  gradingInput.parse({
    ruleset: rulesetOf(preset),
    student_id: 'S0001',
    exam_id: 'MAIN-DEC-2024',
    session_id: '2024-25',
    course_comb_id: 'BA01',
    sem_id: 'SEM1',
    papers,
    ...extra,
  });

export { cbcsDefault, nepDefault, oldVariantA };
