import type { ExplanationStep, GradingPaper, MarkCell, Message } from '@exam/contracts';
import { GradingInputError } from './errors.ts';
import { dec, decOrNull, percentage, Q } from './exact.ts';
import { type ExplainCode, part, step } from './explain.ts';
import type { PreparedRules } from './rules.ts';

/** A paper's terminal status, decided before any number (§4.2). */
export type TerminalStatus = 'RW' | 'UFM' | 'RL' | 'AB';
export type HeadComponent = 'INT' | 'EXT' | 'PR' | 'TOTAL';

/** A minimum the candidate failed: what grace can cover. */
export interface Head {
  paper: PaperState;
  component: HeadComponent;
  obtained: Q;
  min: Q;
  max: Q;
  deficit: Q;
  /** false for a component the candidate was absent in: grace is never given to AB/UFM/RW/RL. */
  graceable: boolean;
}

export interface GraceGiven {
  ruleId: string; // the rule set's rule_id, e.g. "G1"
  kind: 'PASS' | 'DIVISION' | 'DISTINCTION';
  marks: Q;
  added: boolean;
}

/** The working state of one paper through the computation. */
export interface PaperState {
  input: GradingPaper;
  index: number;
  max: Q;
  min: Q | null;
  credit: Q;
  /** paper_score_status Y: counts in aggregate, credits and SGPA. */
  counted: boolean;
  requiresInt: boolean;
  requiresExt: boolean;
  /** The cell holding the external marks: `pr` for a practical paper. */
  extKey: 'ext' | 'pr';
  intMax: Q | null;
  intMin: Q | null;
  extMax: Q | null;
  extMin: Q | null;
  terminal: TerminalStatus | null;
  intValue: Q | null;
  extValue: Q | null;
  intAbsent: boolean;
  rawTotal: Q | null;
  intPassed: boolean | null;
  extPassed: boolean | null;
  totalPassed: boolean | null;
  passedBeforeGrace: boolean;
  graces: GraceGiven[];
  steps: ExplanationStep[];
}

const CELL_LABEL = { int: 'int', ext: 'ext', pr: 'pr' } as const;

/** Total marks including grace that is added to the marks (deemed grace is not). */
export const totalWithGrace = (p: PaperState): Q | null => {
  if (p.rawTotal === null) return null;
  let total = p.rawTotal;
  for (const g of p.graces) if (g.added) total = total.add(g.marks);
  return total;
};

export const passGraceOf = (p: PaperState): GraceGiven[] => p.graces.filter((g) => g.kind === 'PASS');

export const isPassed = (p: PaperState): boolean => p.passedBeforeGrace || passGraceOf(p).length > 0;

const checkCell = (
  cell: MarkCell,
  label: string,
  max: Q | null,
  rules: PreparedRules,
  paperId: string,
): Q | null => {
  if (cell.value === null) return null;
  const value = dec(cell.value);
  if (max !== null && value.gt(max)) {
    throw new GradingInputError(
      'MARKS_ABOVE_MAXIMUM',
      `${paperId}: ${label} ${cell.value} is above the maximum ${max.toDecimal()}`,
      paperId,
    );
  }
  if (!value.div(rules.marksStep).isInteger()) {
    throw new GradingInputError(
      'MARKS_STEP',
      `${paperId}: ${label} ${cell.value} is not a multiple of the marks step ${rules.marksStep.toDecimal()}`,
      paperId,
    );
  }
  return value;
};

/** Statuses, component minima and total of one paper, before grace (§4.2). */
export const evaluatePaper = (paper: GradingPaper, rules: PreparedRules, index: number): PaperState => {
  const id = paper.paper_id;
  const extKey = paper.th_pr_status === 'PR' ? 'pr' : 'ext';
  const requiresInt = paper.paper_type === 0 || paper.paper_type === 2;
  const requiresExt = paper.paper_type === 0 || paper.paper_type === 1;
  const max = dec(paper.max);
  if (!max.isPositive())
    throw new GradingInputError('SCHEME_INVALID', `${id}: maximum marks must be above 0`, id);
  const state: PaperState = {
    input: paper,
    index,
    max,
    min: decOrNull(paper.min),
    credit: dec(paper.credit),
    counted: paper.paper_score_status === 'Y',
    requiresInt,
    requiresExt,
    extKey,
    intMax: decOrNull(paper.int_max),
    intMin: decOrNull(paper.int_min),
    extMax: decOrNull(paper.ext_max),
    extMin: decOrNull(paper.ext_min),
    terminal: null,
    intValue: null,
    extValue: null,
    intAbsent: false,
    rawTotal: null,
    intPassed: null,
    extPassed: null,
    totalPassed: null,
    passedBeforeGrace: false,
    graces: [],
    steps: [],
  };
  if (paper.attempt_exam_id !== null) {
    const carried = paper.int.status === 'EX' ? part('explain.carried', { int: paper.int.value }) : '';
    state.steps.push(
      step(
        'ATTEMPT',
        rules.ruleId('internal_carry_forward'),
        { attempt_exam_id: paper.attempt_exam_id, attempt_type: paper.attempt_type },
        {},
        'explain.attempt',
        { kind: part(`explain.attempt${paper.attempt_type}`), carried },
      ),
    );
  }
  if (requiresInt && state.intMax === null)
    throw new GradingInputError(
      'SCHEME_INVALID',
      `${id}: the paper needs internal marks but has no int_max`,
      id,
    );
  if (requiresExt && state.extMax === null)
    throw new GradingInputError(
      'SCHEME_INVALID',
      `${id}: the paper needs external marks but has no ext_max`,
      id,
    );
  // A cell the paper does not have must be empty: marks there are an entry error, not something to ignore.
  const unused: Array<'int' | 'ext' | 'pr'> = [];
  if (!requiresInt) unused.push('int');
  if (!requiresExt || extKey === 'pr') unused.push('ext');
  if (!requiresExt || extKey === 'ext') unused.push('pr');
  for (const key of unused) {
    const cell = paper[key];
    if (cell.value !== null || cell.status !== null) {
      throw new GradingInputError(
        'MARKS_FOR_MISSING_COMPONENT',
        `${id}: has no ${CELL_LABEL[key]} component, but ${CELL_LABEL[key]} marks or a status were given`,
        id,
      );
    }
  }
  const intCell = paper.int;
  const extCell = paper[extKey];
  const extLabel = CELL_LABEL[extKey];
  const intValue = requiresInt ? checkCell(intCell, 'int', state.intMax, rules, id) : null;
  const extValue = requiresExt ? checkCell(extCell, extLabel, state.extMax, rules, id) : null;
  const required: Array<[string, MarkCell]> = [];
  if (requiresInt) required.push(['int', intCell]);
  if (requiresExt) required.push([extLabel, extCell]);

  const terminal = (
    status: TerminalStatus,
    template: ExplainCode,
    params: Record<string, string>,
    inputs: Record<string, string | null>,
  ) => {
    state.terminal = status;
    state.steps.push(
      step('STATUS', rules.ruleId('pass'), inputs, { paper_result: status }, template, {
        paper: id,
        ...params,
      }),
    );
    return state;
  };
  const statusInputs = () =>
    Object.fromEntries(required.map(([label, cell]) => [label, cell.status ?? cell.value]));

  const withheld = required.find(([, c]) => c.status === 'WH');
  if (withheld) return terminal('RW', 'explain.statusWithheld', { cell: withheld[0] }, statusInputs());
  if (paper.ufm_cancelled || required.some(([, c]) => c.status === 'UFM')) {
    return terminal(
      'UFM',
      'explain.statusUfm',
      {},
      { ...statusInputs(), ufm_cancelled: String(paper.ufm_cancelled) },
    );
  }
  const missing = required.find(([, c]) => c.status === 'RL' || (c.value === null && c.status === null));
  if (missing) return terminal('RL', 'explain.statusLater', { cell: missing[0] }, statusInputs());
  if ((requiresExt && extCell.status === 'AB') || (paper.paper_type === 2 && intCell.status === 'AB')) {
    return terminal('AB', 'explain.statusAbsent', { cell: requiresExt ? extLabel : 'int' }, statusInputs());
  }

  state.intAbsent = requiresInt && intCell.status === 'AB';
  state.intValue = requiresInt ? (state.intAbsent ? Q.ZERO : intValue) : null;
  state.extValue = extValue;
  const parts: Message[] = [];
  const checkMinima = rules.raw.pass.component_minima;
  if (requiresInt) {
    const value = state.intValue!;
    state.intPassed = !checkMinima || state.intMin === null || value.gte(state.intMin);
    parts.push(
      state.intMin === null || !checkMinima
        ? part(state.intAbsent ? 'explain.intAbNoMin' : 'explain.intNoMin')
        : part(`explain.int${state.intAbsent ? 'Ab' : ''}${state.intPassed ? 'Met' : 'Failed'}`),
    );
  }
  if (requiresExt) {
    const value = state.extValue!;
    state.extPassed = !checkMinima || state.extMin === null || value.gte(state.extMin);
    parts.push(
      state.extMin === null || !checkMinima
        ? part(`explain.${extKey}NoMin`)
        : part(`explain.${extKey}${state.extPassed ? 'Met' : 'Failed'}`),
    );
  }
  // Fixed-shape literals (no computed keys): this runs for every paper of a run.
  const intIn = requiresInt ? (state.intAbsent ? 'AB' : state.intValue!.toDecimal()) : null;
  const intMinIn = requiresInt && state.intMin ? state.intMin.toDecimal() : null;
  const extIn = requiresExt ? state.extValue!.toDecimal() : null;
  const extMinIn = requiresExt && state.extMin ? state.extMin.toDecimal() : null;
  state.steps.push(
    step(
      'COMPONENTS',
      rules.ruleId('pass.component_minima'),
      extKey === 'pr'
        ? { int: intIn, int_min: intMinIn, pr: extIn, pr_min: extMinIn }
        : { int: intIn, int_min: intMinIn, ext: extIn, ext_min: extMinIn },
      extKey === 'pr'
        ? { int_passed: state.intPassed, pr_passed: state.extPassed }
        : { int_passed: state.intPassed, ext_passed: state.extPassed },
      'explain.components',
      // With component minima checked, the sentence's parts follow from the inputs and outputs.
      checkMinima ? undefined : { parts },
    ),
  );

  const total = (state.intValue ?? Q.ZERO).add(state.extValue ?? Q.ZERO);
  state.rawTotal = total;
  state.totalPassed = state.min === null || total.gte(state.min);
  state.passedBeforeGrace = (state.intPassed ?? true) && (state.extPassed ?? true) && state.totalPassed;
  const percent = percentage(total, max).toFixed(rules.percentRounding.decimals, rules.percentRounding.mode);
  state.steps.push(
    step(
      'TOTAL',
      rules.ruleId('pass'),
      { total: total.toDecimal(), max: max.toDecimal(), min: state.min?.toDecimal() ?? null },
      { percentage: percent, passed: state.passedBeforeGrace },
      'explain.total',
      // Everything else of the sentence follows from the inputs and outputs.
      state.totalPassed ? undefined : { below: true },
    ),
  );
  return state;
};

/**
 * The minima this paper failed, in the order grace covers them: components first, then the paper
 * total if it is still short after the component deficits are made up.
 */
export const failedHeads = (p: PaperState): Head[] => {
  if (p.terminal !== null || p.passedBeforeGrace) return [];
  const heads: Head[] = [];
  let covered = p.rawTotal!;
  if (p.intPassed === false) {
    const deficit = p.intMin!.sub(p.intValue!);
    heads.push({
      paper: p,
      component: 'INT',
      obtained: p.intValue!,
      min: p.intMin!,
      max: p.intMax!,
      deficit,
      graceable: !p.intAbsent,
    });
    covered = covered.add(deficit);
  }
  if (p.extPassed === false) {
    const deficit = p.extMin!.sub(p.extValue!);
    heads.push({
      paper: p,
      component: p.extKey === 'pr' ? 'PR' : 'EXT',
      obtained: p.extValue!,
      min: p.extMin!,
      max: p.extMax!,
      deficit,
      graceable: true,
    });
    covered = covered.add(deficit);
  }
  if (p.min !== null && covered.lt(p.min)) {
    heads.push({
      paper: p,
      component: 'TOTAL',
      obtained: p.rawTotal!,
      min: p.min,
      max: p.max,
      deficit: p.min.sub(covered),
      graceable: true,
    });
  }
  return heads;
};
