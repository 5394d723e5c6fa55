import type { Prisma } from '@exam/db';
import type { Scheme } from './award-list-rules.ts';
import { sqlRows, type Reader } from './sql.ts';

/** The SQL of award lists and of the marks scheme marks entry reads (lifecycle S6). */

/** A paper's marks scheme in a course-semester (paperinfosem), if it is there. */
export async function schemeOf(
  db: Reader,
  key: { session_id: string; course_comb_id: string; sem_id: string; paper_id: string },
) {
  const [row] = await sqlRows<Scheme>(
    db,
    `SELECT max_marks, ext_max_marks, int_max_marks, th_pr_status::text AS th_pr_status
       FROM paperinfosem
      WHERE session_id = $1 AND course_comb_id = $2 AND sem_id = $3 AND paper_id = $4`,
    [key.session_id, key.course_comb_id, key.sem_id, key.paper_id],
  );
  return row;
}

/** How many award-list batches a packet has. */
export function awardListBatchCount(tx: Prisma.TransactionClient, packetNo: string) {
  return tx.entryBatch.count({ where: { component: 'EXT', coded: true, packet_no: packetNo } });
}

/** One row per fictitious number, in the order given, in each of the batches. */
export function insertBookRows(
  tx: Prisma.TransactionClient,
  batchIds: readonly string[],
  fictNos: readonly string[],
) {
  return tx.$executeRawUnsafe(
    `INSERT INTO entry_row (batch_id, line, fict_no)
     SELECT b.id, t.ord::int, t.fict
       FROM unnest($1::text[]) AS b(id)
      CROSS JOIN unnest($2::text[]) WITH ORDINALITY AS t(fict, ord)`,
    [...batchIds],
    [...fictNos],
  );
}

/** Per packet of a paper's award lists, the statuses of its entries in entry order. */
export function packetStatuses(db: Reader, examId: string, paperId: string) {
  return sqlRows<{ packet_no: string; statuses: string[] }>(
    db,
    `SELECT packet_no, array_agg(status ORDER BY entry_no) AS statuses
       FROM entry_batch
      WHERE exam_id = $1 AND paper_id = $2 AND component = 'EXT' AND coded
      GROUP BY packet_no
      ORDER BY packet_no`,
    [examId, paperId],
  );
}

/** The final rows of a paper's LOCKED award lists (the view `view`), by packet and fictitious number. */
export function lockedRowsOf(db: Reader, view: string, examId: string, paperId: string) {
  return sqlRows<{
    packet_no: string;
    fict_no: string;
    value: string | null;
    status: string | null;
    batch_id: string;
  }>(
    db,
    `SELECT packet_no, fict_no, value::text AS value, status, batch_id
       FROM ${view}
      WHERE exam_id = $1 AND paper_id = $2
      ORDER BY packet_no, fict_no`,
    [examId, paperId],
  );
}

/**
 * External marks of record (source AWARD_LIST) for decoded attempts in one statement, replacing an existing
 * one; a blank answer book (BLANK) is 0 marks.
 */
export function upsertExternalMarks(
  tx: Prisma.TransactionClient,
  rows: ReadonlyArray<{
    attempt_id: string;
    value: string | number | null;
    status: string | null;
    batch_id: string;
  }>,
) {
  return tx.$executeRawUnsafe(
    `INSERT INTO mark_record (attempt_id, component, value, status, source, batch_id, updated_at)
     SELECT a, 'EXT', CASE WHEN s = 'BLANK' THEN 0 ELSE v::numeric(6,2) END,
            CASE WHEN s = 'BLANK' THEN NULL ELSE s END, 'AWARD_LIST', b, now()
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS t(a, v, s, b)
     ON CONFLICT (attempt_id, component) DO UPDATE
       SET value = EXCLUDED.value, status = EXCLUDED.status, source = EXCLUDED.source,
           batch_id = EXCLUDED.batch_id, correction_id = NULL, updated_at = now()`,
    rows.map((r) => r.attempt_id),
    rows.map((r) => (r.value === null || r.status === 'BLANK' ? null : String(r.value))),
    rows.map((r) => r.status ?? null),
    rows.map((r) => r.batch_id),
  );
}
