import { ufmDecisionBody } from '@exam/contracts';
import type { Prisma } from '@exam/db';
import type { ResourceRules } from '../../platform/crud/registry.ts';
import type { FieldErrors } from '../../platform/http/errors.ts';
import type { ActionEffect } from '../../platform/workflows/effects.ts';
import {
  decisionOf,
  refuseDebarWithoutExams,
  reportProblems,
  ufmCaseNotDeleted,
  type ReportedCandidate,
} from './ufm-rules.ts';
import {
  admitCardOfRoll,
  attemptsInSlot,
  caseOfPaper,
  markUfmInSlot,
  newCaseId,
  slotOfReport,
} from './ufm-store.ts';

/**
 * Unfair-means cases (lifecycle S5 "UFM report", §2.3 E): reported by slot and roll number (the server finds
 * the exam, paper, student, centre and college), which sets the candidate's attendance in that slot to UFM;
 * the decision (U0..U4) is recorded by the office and approved by the competent authority (ufm.approve:
 * admin). The decisions are ufm-rules.ts', the SQL ufm-store.ts'.
 */

type Tx = Prisma.TransactionClient;

/** The fields a decision stores, once the rules allow it. */
const decided = (input: Record<string, unknown>) => {
  const refusal = refuseDebarWithoutExams(input);
  if (refusal) throw refusal;
  return decisionOf(input);
};

/** What the store knows of a reported slot and roll number. */
async function reportedCandidate(tx: Tx, slotId: string, rollNo: string) {
  const slot = await slotOfReport(tx, slotId);
  const card = slot && (await admitCardOfRoll(tx, slot.exam_id, rollNo));
  const writes = slot && card ? await attemptsInSlot(tx, slot.slot_id, card.student_id) : 0;
  const open =
    slot && card && writes ? await caseOfPaper(tx, slot.exam_id, slot.paper_id, card.student_id) : null;
  return { slot, card: card ?? null, writes, open } satisfies ReportedCandidate;
}

export const ufmCaseRules: ResourceRules = {
  generateKey: () => ({ case_id: newCaseId() }),
  async beforeCreate(tx, rows) {
    const problems = new Map<number, FieldErrors>();
    for (const [i, row] of rows.entries()) {
      const report = { slot_id: String(row.slot_id), roll_no: String(row.roll_no) };
      const found = await reportedCandidate(tx, report.slot_id, report.roll_no);
      const wrong = reportProblems(report, found);
      if (wrong) problems.set(i, wrong);
      else
        Object.assign(row, {
          exam_id: found.slot!.exam_id,
          paper_id: found.slot!.paper_id,
          student_id: found.card!.student_id,
          centre_id: found.card!.centre_id,
          college_id: found.card!.college_id,
        });
    }
    return problems;
  },
  // Reporting a case marks the candidate UFM in that slot (the paper's result is withheld until the case is
  // applied).
  async afterCreate(tx, rows) {
    for (const row of rows) await markUfmInSlot(tx, String(row.slot_id), String(row.student_id));
  },
  async beforeDelete(_tx, row) {
    throw ufmCaseNotDeleted(row);
  },
};

export const ufmCaseEffects: Partial<Record<string, ActionEffect>> = {
  'issue-notice': { before: async () => ({ set: { notice_issued_at: new Date() } }) },
  'record-hearing': { before: async ({ input }) => ({ set: { hearing_notes: String(input.reason) } }) },
  decide: {
    body: ufmDecisionBody,
    before: async ({ input, user }) => ({
      set: { ...decided(input), decided_by: user.email, decided_at: new Date() },
    }),
  },
  approve: { before: async ({ user }) => ({ set: { approved_by: user.email, approved_at: new Date() } }) },
  appeal: { before: async ({ input }) => ({ set: { appeal_reason: String(input.reason) } }) },
  'decide-appeal': {
    body: ufmDecisionBody,
    before: async ({ input, user }) => ({
      set: { ...decided(input), approved_by: user.email, approved_at: new Date() },
    }),
  },
};
