import { msg } from '@exam/contracts';
import { AppError, invalid, type FieldErrors } from '../../platform/http/errors.ts';

/**
 * The rules of unfair-means cases (lifecycle S5 "UFM report", §2.3 E) as pure decisions: what a report must
 * name, a decision's fields, and that cases stay. None reads the database.
 */

/** What the store found for a reported slot and roll number. */
export interface ReportedCandidate {
  slot: { slot_id: string; exam_id: string; paper_id: string } | null;
  card: { student_id: string } | null;
  /** How many of the candidate's attempts are written in the slot. */
  writes: number;
  /** The case of the candidate and paper, when one exists. */
  open: { case_id: string; status: string } | null;
}

/**
 * A report names a slot and the roll number of a candidate who writes its paper there, who has no case of
 * that paper yet (a second report of the same incident goes into the open case); else its field errors.
 */
export function reportProblems(
  report: { slot_id: string; roll_no: string },
  found: ReportedCandidate,
): FieldErrors | undefined {
  const { slot, card, open } = found;
  if (!slot) return { slot_id: [msg('conduct.noSlot', { slot_id: report.slot_id })] };
  if (!card)
    return { roll_no: [msg('conduct.noRollInExam', { roll_no: report.roll_no, exam_id: slot.exam_id })] };
  if (!found.writes)
    return {
      roll_no: [
        msg('conduct.rollNotInSlot', {
          roll_no: report.roll_no,
          paper_id: slot.paper_id,
          slot_id: slot.slot_id,
        }),
      ],
    };
  if (open)
    return {
      roll_no: [
        msg('conduct.ufmCaseOpen', {
          roll_no: report.roll_no,
          case_id: open.case_id,
          status: open.status,
          paper_id: slot.paper_id,
        }),
      ],
    };
  return undefined;
}

/** U3 debars, for a number of examinations the decision must name. */
export const refuseDebarWithoutExams = (input: Record<string, unknown>) =>
  input.decision === 'U3' && !input.debar_exams
    ? invalid({ debar_exams: [msg('conduct.debarExamsRequired')] })
    : undefined;

/** The fields a decision stores (the number of examinations only for U3). */
export function decisionOf(input: Record<string, unknown>) {
  return {
    decision: input.decision,
    punishment: input.punishment ?? null,
    debar_exams: input.decision === 'U3' ? input.debar_exams : null,
  };
}

/** Cases are decided, never deleted (U0 exonerates). */
export const ufmCaseNotDeleted = (row: Readonly<Record<string, unknown>>) =>
  new AppError('LOCKED', msg('conduct.ufmCaseNotDeleted', { case_id: String(row.case_id) }));
