import type { Prisma } from '@exam/db';
import { renderMessage } from '../../platform/i18n/messages.ts';
import { decodeRows, refuseDecodeStatus, refuseOpenPackets } from './coding-rules.ts';
import {
  codingRowOf,
  decodeJoin,
  packetCountOf,
  packetsOfPaper,
  replaceExceptions,
  updateCoding,
} from './coding-store.ts';
import type { MarksPort } from './marks-port.ts';

export { readExceptions } from './coding-store.ts';

/**
 * Decode (lifecycle S6 "Decode", §2.3 F EVALUATED → DECODED): the LOCKED award lists of every packet of the
 * paper joined to the attempts through the map in one statement, with the paper's attendance; the marks of
 * record and the exceptions (each making its attempt RL) are decided row by row (coding-rules.ts
 * `decodeRows`). The exception list is stored (GET /api/decode/..., its details in English) and the coding
 * moves to DECODED: the map is read-only after.
 */

type Tx = Prisma.TransactionClient;

/**
 * The packets of the paper whose award lists are not both LOCKED (a packet without batches: NO AWARD LIST).
 */
export async function packetsNotLocked(tx: Tx, marks: MarksPort, examId: string, paperId: string) {
  const packets = await packetsOfPaper(tx, examId, paperId);
  const state = new Map(
    (await marks.awardListState(tx, examId, paperId)).packets.map((p) => [p.packet_no, p.status]),
  );
  return packets
    .map((p) => ({ packet_no: p.packet_no, status: state.get(p.packet_no) ?? 'NO AWARD LIST' }))
    .filter((p) => p.status !== 'LOCKED');
}

/** Refuses decode unless the coding follows packets and every packet's award lists are LOCKED. */
export async function checkDecodable(tx: Tx, marks: MarksPort, examId: string, paperId: string) {
  const coding = await codingRowOf(tx, examId, paperId);
  const refusal = refuseDecodeStatus(examId, paperId, coding?.status);
  if (refusal) throw refusal;
  const packets = await packetCountOf(tx, examId, paperId);
  const open = packets ? await packetsNotLocked(tx, marks, examId, paperId) : [];
  const openRefusal = refuseOpenPackets(examId, paperId, packets, open);
  if (openRefusal) throw openRefusal;
  return coding!;
}

export async function decodePaper(
  tx: Tx,
  marks: MarksPort,
  examId: string,
  paperId: string,
  by: { email: string; jobId: string | null },
) {
  const coding = await checkDecodable(tx, marks, examId, paperId);
  const joined = await decodeJoin(tx, marks.lockedAwardRowsView, examId, paperId);
  const { out, exceptions } = decodeRows(joined, paperId);
  await marks.recordExternalMarks(tx, out);
  await replaceExceptions(
    tx,
    examId,
    paperId,
    exceptions.map((e) => ({ ...e, detail: renderMessage(e.detail) })),
  );
  await updateCoding(tx, examId, paperId, {
    status: 'DECODED',
    decoded_by: by.email,
    decoded_at: new Date(),
    decode_job_id: by.jobId,
  });
  const decoded = out.filter((o) => o.status !== 'RL').length;
  return {
    exam_id: examId,
    paper_id: paperId,
    decoded,
    result_later: out.filter((o) => o.status === 'RL').length,
    exceptions: exceptions.length,
    before: coding.status,
  };
}
