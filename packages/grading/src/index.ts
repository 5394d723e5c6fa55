// @exam/grading: the result computation of lifecycle spec §4, pure (no database, network, files or clock).
export { gradeStudent, type GradedStudent } from './student.ts';
export { computeCgpa, cgpaToPercentage } from './gpa.ts';
export {
  revaluationOutcome,
  revaluationLastDay,
  withinRevaluationWindow,
  maxRevaluationPapers,
  revaluationEligible,
  type RevaluationMarks,
  type RevaluationOutcome,
} from './revaluation.ts';
export { exitEligibility, type ExitRecord, type ExitLevelOutcome } from './nep-exit.ts';
export { computeInternal } from './internal.ts';
export { finalDivision } from './final-division.ts';
export { withBackAttempt, type BackAttempt } from './supplementary.ts';
export { GradingInputError } from './errors.ts';
export { ArithmeticRangeError } from './exact.ts';
