import { randomBytes } from 'node:crypto';
import { ufmDecisionBody } from '@exam/contracts';
import type { ResourceRules } from '../../platform/crud/registry.ts';
import { AppError, invalid } from '../../platform/http/errors.ts';
import type { ActionEffect } from '../../platform/workflows/effects.ts';

/**
 * Unfair-means cases (lifecycle S5 "UFM report", §2.3 E): reported by slot and roll number (the server finds
 * the exam, paper, student, centre and college), which sets the candidate's attendance in that slot to UFM;
 * the decision (U0..U4) is recorded by the office and approved by the competent authority (ufm.approve:
 * admin).
 */

/** A case id: "UFM" + time + randomness, sortable by creation, ≤ 30 characters. */
export const newCaseId = () =>
  `UFM${Date.now().toString(36).toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`;

type Errors = Record<string, string[]>;

export const ufmCaseRules: ResourceRules = {
  generateKey: () => ({ case_id: newCaseId() }),
  async beforeCreate(tx, rows) {
    const problems = new Map<number, Errors>();
    for (const [i, row] of rows.entries()) {
      const slot = await tx.timetableSlot.findUnique({ where: { slot_id: String(row.slot_id) } });
      if (!slot) {
        problems.set(i, { slot_id: [`No timetable slot ${String(row.slot_id)}.`] });
        continue;
      }
      const card = await tx.admitCard.findFirst({
        where: { exam_id: slot.exam_id, roll_no: String(row.roll_no) },
      });
      const writes =
        card &&
        (
          await tx.$queryRawUnsafe<Array<{ n: number }>>(
            `SELECT count(*)::int AS n FROM attempt a
                JOIN timetable_slot_course tsc ON tsc.exam_id = a.exam_id AND tsc.session_id = a.session_id
           AND tsc.course_comb_id = a.course_comb_id AND tsc.sem_id = a.sem_id AND tsc.paper_id = a.paper_id
          WHERE tsc.slot_id = $1 AND a.student_id = $2`,
            slot.slot_id,
            card.student_id,
          )
        )[0]!.n;
      if (!card)
        problems.set(i, {
          roll_no: [`No candidate with roll number ${String(row.roll_no)} in exam ${slot.exam_id}.`],
        });
      else if (!writes)
        problems.set(i, {
          roll_no: [
            `Roll number ${String(row.roll_no)} does not write paper ${slot.paper_id} in slot ${slot.slot_id}.`,
          ],
        });
      else {
        // One case per candidate and paper: a second report of the same incident goes into the open case.
        const open = await tx.ufmCase.findFirst({
          where: { exam_id: slot.exam_id, paper_id: slot.paper_id, student_id: card.student_id },
          select: { case_id: true, status: true },
        });
        if (open)
          problems.set(i, {
            roll_no: [
              `Roll number ${String(row.roll_no)} already has UFM case ${open.case_id} (${open.status}) ` +
                `for paper ${slot.paper_id}: add to that case.`,
            ],
          });
        else
          Object.assign(row, {
            exam_id: slot.exam_id,
            paper_id: slot.paper_id,
            student_id: card.student_id,
            centre_id: card.centre_id,
            college_id: card.college_id,
          });
      }
    }
    return problems;
  },
  // Reporting a case marks the candidate UFM in that slot (the paper's result is withheld until the case is
  // applied).
  async afterCreate(tx, rows) {
    for (const row of rows) {
      await tx.attendance.updateMany({
        where: { slot_id: String(row.slot_id), student_id: String(row.student_id), status: { not: 'UFM' } },
        data: { status: 'UFM' },
      });
    }
  },
  async beforeDelete(_tx, row) {
    throw new AppError(
      'LOCKED',
      `UFM case ${String(row.case_id)} is not deleted: decide it (U0 exonerates).`,
    );
  },
};

const decision = (input: Record<string, unknown>) => {
  if (input.decision === 'U3' && !input.debar_exams)
    throw invalid({ debar_exams: ['Required for U3: for how many examinations the candidate is debarred.'] });
  return {
    decision: input.decision,
    punishment: input.punishment ?? null,
    debar_exams: input.decision === 'U3' ? input.debar_exams : null,
  };
};

export const ufmCaseEffects: Partial<Record<string, ActionEffect>> = {
  'issue-notice': { before: async () => ({ set: { notice_issued_at: new Date() } }) },
  'record-hearing': { before: async ({ input }) => ({ set: { hearing_notes: String(input.reason) } }) },
  decide: {
    body: ufmDecisionBody,
    before: async ({ input, user }) => ({
      set: { ...decision(input), decided_by: user.email, decided_at: new Date() },
    }),
  },
  approve: { before: async ({ user }) => ({ set: { approved_by: user.email, approved_at: new Date() } }) },
  appeal: { before: async ({ input }) => ({ set: { appeal_reason: String(input.reason) } }) },
  'decide-appeal': {
    body: ufmDecisionBody,
    before: async ({ input, user }) => ({
      set: { ...decision(input), approved_by: user.email, approved_at: new Date() },
    }),
  },
};
