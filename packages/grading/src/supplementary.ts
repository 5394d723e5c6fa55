import type { GradingInput, GradingPaper, MarkCell } from '@exam/contracts';
import { GradingInputError } from './errors.ts';
import { dec } from './exact.ts';
import { prepareRules } from './rules.ts';

export interface BackAttempt {
  paper_id: string;
  /**
   * The later exam the paper was re-taken in (e.g. SUPP-FEB-2025) and its order among the student's exams.
   */
  exam_id: string;
  attempt_seq: number;
  /** The new external (or practical) marks. */
  ext?: MarkCell;
  pr?: MarkCell;
  /** A new internal; without it the internal is carried forward where the rule set allows. */
  int?: MarkCell;
}

/**
 * The original semester's input with a back attempt's marks in place of the failed paper (§S9): the
 * result is then recomputed as a new version of that semester (SGPA, CGPA, credits earned,
 * backlogs). The internal is carried forward (status EX) unless the rule set says otherwise or the
 * internal itself was failed; with neither a carried nor a new internal the paper is RL.
 */
export const withBackAttempt = (original: GradingInput, attempt: BackAttempt): GradingInput => {
  const rules = prepareRules(original.ruleset);
  const paper = original.papers.find((p) => p.paper_id === attempt.paper_id);
  if (!paper)
    throw new GradingInputError(
      'PAPER_NOT_IN_RESULT',
      `${attempt.paper_id} is not a paper of this result`,
      attempt.paper_id,
    );
  const empty: MarkCell = { value: null, status: null };
  let int: MarkCell = paper.int;
  if (paper.paper_type !== 1) {
    if (attempt.int) int = attempt.int;
    else {
      const carry = rules.raw.internal_carry_forward;
      const intPassed =
        paper.int.value !== null && (paper.int_min === null || dec(paper.int.value).gte(dec(paper.int_min)));
      int =
        carry.enabled && (intPassed || !carry.unless_internal_failed) && paper.int.value !== null
          ? { value: paper.int.value, status: 'EX' }
          : empty;
    }
  }
  const replaced: GradingPaper = {
    ...paper,
    int,
    ext: paper.th_pr_status === 'PR' || paper.paper_type === 2 ? paper.ext : (attempt.ext ?? empty),
    pr:
      paper.th_pr_status === 'PR' && paper.paper_type !== 2 ? (attempt.pr ?? attempt.ext ?? empty) : paper.pr,
    ufm_cancelled: false,
    attempt_type: 'BACK',
    attempt_exam_id: attempt.exam_id,
  };
  return {
    ...original,
    papers: original.papers.map((p) => (p.paper_id === attempt.paper_id ? replaced : p)),
    attempt_seq: Math.max(original.attempt_seq, attempt.attempt_seq),
  };
};
