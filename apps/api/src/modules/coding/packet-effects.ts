import { packetAssignBody } from '@exam/contracts';
import type { ActionEffect } from '../../platform/workflows/effects.ts';
import { refusePacketExaminer } from './coding-rules.ts';
import { assignedWhenAllHaveExaminers, packetCandidatesOfCollege } from './coding-store.ts';

/**
 * The packet workflow's effects: an examiner of a candidate's college is refused; receiving stamps the date.
 */
export const packetEffects: Partial<Record<string, ActionEffect>> = {
  assign: {
    body: packetAssignBody,
    async before({ tx, record, input }) {
      const examinerId = String(input.examiner_id);
      const packetNo = String(record.packet_no);
      const examiner = await tx.examiner.findUnique({ where: { examiner_id: examinerId } });
      const clash = examiner?.college_id
        ? await packetCandidatesOfCollege(tx, packetNo, examiner.college_id)
        : 0;
      const refusal = refusePacketExaminer(examinerId, packetNo, examiner, clash);
      if (refusal) throw refusal;
      return { set: { examiner_id: examinerId, assigned_at: new Date() } };
    },
    async after({ tx, after }) {
      // Every packet of the paper with an examiner: the coding moves PACKETED → ASSIGNED.
      await assignedWhenAllHaveExaminers(tx, String(after.exam_id), String(after.paper_id));
    },
  },
  receive: { before: async () => ({ set: { received_at: new Date() } }) },
};
