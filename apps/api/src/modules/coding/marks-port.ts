import type { Prisma } from '@exam/db';

/**
 * What coding needs of the marks module (bound to its index.ts in marks-binding.ts): the award-list batches
 * of a packet, the state of a paper's award lists, the SQL view of LOCKED award rows, and writing the
 * external marks of record. An interface here so that decode can be exercised against it alone.
 */
type Tx = Prisma.TransactionClient;
export interface PaperSyllabusKey {
  exam_id: string;
  session_id: string;
  course_comb_id: string;
  sem_id: string;
  paper_id: string;
}
export interface ExternalMark {
  attempt_id: string;
  value: string | null;
  status: string | null;
  batch_id: string | null;
}
export interface MarksPort {
  openAwardListBatches(
    tx: Tx,
    packet: PaperSyllabusKey & { packet_no: string; fict_nos: readonly string[] },
  ): Promise<unknown>;
  awardListState(
    db: Tx,
    examId: string,
    paperId: string,
  ): Promise<{ packets: Array<{ packet_no: string; status: string }>; allLocked: boolean }>;
  /**
   * The SQL view of the final rows of LOCKED coded award lists (exam_id, paper_id, packet_no, fict_no, value,
   * status, batch_id).
   */
  lockedAwardRowsView: string;
  recordExternalMarks(tx: Tx, rows: ReadonlyArray<ExternalMark>): Promise<unknown>;
}
