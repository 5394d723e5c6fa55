import type { Prisma } from '@exam/db';
import {
  maxOfComponent,
  refuseBadPacket,
  refuseMarkAndStatus,
  refuseOpenedPacket,
} from './award-list-rules.ts';
import {
  awardListBatchCount,
  insertBookRows,
  lockedRowsOf,
  packetStatuses,
  schemeOf,
  upsertExternalMarks,
} from './award-list-store.ts';
import { newId, type Reader } from './sql.ts';

/**
 * The coding module's way into award lists (lifecycle S6): it owns the coding map, packets and decode; the
 * marks module owns every entry batch, including a packet's two award-list entries. Set-based throughout: a
 * decode of 100,000 books joins the SQL view `locked_award_row` (migration 20261123200100_marks) in one
 * statement.
 */

const throwIf = (refusal: Error | undefined) => {
  if (refusal) throw refusal;
};

/** The syllabus key of a paper in an exam (attempt, paperinfosem). */
export interface PaperKey {
  exam_id: string;
  session_id: string;
  course_comb_id: string;
  sem_id: string;
  paper_id: string;
}

/**
 * The maximum of a component from the paper's marks scheme (paperinfosem text fields); refuses a non-numeric
 * scheme.
 */
export async function componentMax(
  db: Reader,
  key: Omit<PaperKey, 'exam_id'>,
  component: 'INT' | 'EXT' | 'PR',
): Promise<string> {
  const found = maxOfComponent(key, component, await schemeOf(db, key));
  if ('refusal' in found) throw found.refusal;
  return found.max;
}

/**
 * Opens the two award-list batches (entry 1 and entry 2) of one packet: component EXT, coded, one row per
 * fictitious number in the order given, status OPEN. Refuses a fictitious number given twice, an empty packet
 * and a packet that already has its batches. Answers the two batch ids.
 */
export async function openAwardListBatches(
  tx: Prisma.TransactionClient,
  input: PaperKey & { packet_no: string; fict_nos: readonly string[]; deadline?: Date | null },
): Promise<{ batch_ids: [string, string] }> {
  const { packet_no, fict_nos } = input;
  throwIf(refuseBadPacket(packet_no, fict_nos));
  const max = await componentMax(tx, input, 'EXT');
  throwIf(refuseOpenedPacket(packet_no, await awardListBatchCount(tx, packet_no)));
  // One stem, the entry number last: the two entries of a packet sort together and in entry order by
  // batch_id.
  const stem = newId('B');
  const ids: [string, string] = [`${stem}E1`, `${stem}E2`];
  await tx.entryBatch.createMany({
    data: ids.map((batch_id, i) => ({
      batch_id,
      component: 'EXT',
      exam_id: input.exam_id,
      session_id: input.session_id,
      course_comb_id: input.course_comb_id,
      sem_id: input.sem_id,
      paper_id: input.paper_id,
      unit_key: `${packet_no}/${i + 1}`,
      coded: true,
      packet_no,
      entry_no: i + 1,
      max_marks: max,
      deadline: input.deadline ?? null,
      row_count: fict_nos.length,
    })),
  });
  await insertBookRows(tx, ids, fict_nos);
  return { batch_ids: ids };
}

const RANK: Record<string, number> = { OPEN: 0, REOPENED: 1, DRAFT: 1, SUBMITTED: 2, VERIFIED: 3, LOCKED: 4 };

/**
 * Where the award lists of a paper stand: per packet the status of the less advanced of its two entries, and
 * whether every packet is LOCKED (decode may run). A paper without packets is not allLocked.
 */
export async function awardListState(
  db: Reader,
  examId: string,
  paperId: string,
): Promise<{ packets: Array<{ packet_no: string; status: string }>; allLocked: boolean }> {
  const rows = await packetStatuses(db, examId, paperId);
  const packets = rows.map((r) => ({
    packet_no: r.packet_no,
    status: [...r.statuses].sort((a, b) => (RANK[a] ?? 0) - (RANK[b] ?? 0))[0]!,
  }));
  return { packets, allLocked: packets.length > 0 && packets.every((p) => p.status === 'LOCKED') };
}

/**
 * The SQL a decode joins: the final rows of LOCKED coded award lists (entry 1 of every packet whose two
 * entries are both LOCKED; after verification they are equal). Columns: exam_id, paper_id, packet_no,
 * fict_no, value (numeric, null for a status), status (AB, UFM, BLANK or null), batch_id.
 */
export const LOCKED_AWARD_ROWS_VIEW = 'locked_award_row';

/**
 * The same rows as a list, for one paper (small papers, tests). Large decodes join LOCKED_AWARD_ROWS_VIEW
 * instead.
 */
export function lockedAwardRows(db: Reader, examId: string, paperId: string) {
  return lockedRowsOf(db, LOCKED_AWARD_ROWS_VIEW, examId, paperId);
}

/**
 * Writes the external marks of record (source AWARD_LIST) for decoded attempts, set-based in one statement: a
 * value or a status per attempt (BLANK, a blank answer book, is recorded as 0 marks: S6). An existing mark of
 * record of the attempt's EXT component is replaced (a decode run again after a correction of the map).
 */
export async function recordExternalMarks(
  tx: Prisma.TransactionClient,
  rows: ReadonlyArray<{
    attempt_id: string;
    value: string | number | null;
    status: string | null;
    batch_id: string;
  }>,
): Promise<number> {
  if (!rows.length) return 0;
  throwIf(refuseMarkAndStatus(rows));
  return upsertExternalMarks(tx, rows);
}
