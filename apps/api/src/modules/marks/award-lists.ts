import type { Prisma } from '@exam/db';
import { AppError, invalid } from '../../platform/http/errors.ts';
import { newId, sqlRows, type Reader } from './sql.ts';

/**
 * The coding module's way into award lists (lifecycle S6): it owns the coding map, packets and decode; the
 * marks module owns every entry batch, including a packet's two award-list entries. Set-based throughout: a
 * decode of 100,000 books joins the SQL view `locked_award_row` (migration 20261123200100_marks) in one
 * statement.
 */

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
  const [row] = await sqlRows<{
    max_marks: string | null;
    ext_max_marks: string | null;
    int_max_marks: string | null;
    th_pr_status: string;
  }>(
    db,
    `SELECT max_marks, ext_max_marks, int_max_marks, th_pr_status::text AS th_pr_status FROM paperinfosem WHERE session_id = $1 AND course_comb_id = $2 AND sem_id = $3 AND paper_id = $4`,
    [key.session_id, key.course_comb_id, key.sem_id, key.paper_id],
  );
  const paper = `Paper ${key.paper_id} of ${key.course_comb_id} ${key.sem_id} (${key.session_id})`;
  if (!row) throw invalid({ paper_id: [`${paper} is not in the marks scheme (paperinfosem).`] });
  const text =
    component === 'INT'
      ? row.int_max_marks
      : component === 'EXT'
        ? row.ext_max_marks
        : (row.ext_max_marks ?? row.max_marks);
  const field = component === 'INT' ? 'int_max_marks' : 'ext_max_marks';
  if (!text || !/^\d{1,4}(\.\d{1,2})?$/.test(text.trim()) || Number(text) <= 0) {
    throw invalid({
      paper_id: [
        `${paper} has no numeric ${field} ("${text ?? ''}"); correct its marks scheme (scheme-check) before marks are entered.`,
      ],
    });
  }
  return text.trim();
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
  if (!fict_nos.length) throw invalid({ fict_nos: [`Packet ${packet_no} has no answer books.`] });
  const seen = new Set<string>();
  const twice = fict_nos.filter((f) => (seen.has(f) ? true : (seen.add(f), false)));
  if (twice.length)
    throw invalid({
      fict_nos: [`Fictitious number ${twice.slice(0, 5).join(', ')} appears twice in packet ${packet_no}.`],
    });
  const max = await componentMax(tx, input, 'EXT');
  const existing = await tx.entryBatch.count({ where: { component: 'EXT', coded: true, packet_no } });
  if (existing)
    throw new AppError('DUPLICATE_KEY', `Packet ${packet_no} already has its award-list batches.`);
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
  await tx.$executeRawUnsafe(
    `INSERT INTO entry_row (batch_id, line, fict_no)
     SELECT b.id, t.ord::int, t.fict FROM unnest($1::text[]) AS b(id) CROSS JOIN unnest($2::text[]) WITH ORDINALITY AS t(fict, ord)`,
    ids,
    [...fict_nos],
  );
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
  const rows = await sqlRows<{ packet_no: string; statuses: string[] }>(
    db,
    `SELECT packet_no, array_agg(status ORDER BY entry_no) AS statuses FROM entry_batch
      WHERE exam_id = $1 AND paper_id = $2 AND component = 'EXT' AND coded GROUP BY packet_no ORDER BY packet_no`,
    [examId, paperId],
  );
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
  return sqlRows<{
    packet_no: string;
    fict_no: string;
    value: string | null;
    status: string | null;
    batch_id: string;
  }>(
    db,
    `SELECT packet_no, fict_no, value::text AS value, status, batch_id FROM ${LOCKED_AWARD_ROWS_VIEW} WHERE exam_id = $1 AND paper_id = $2 ORDER BY packet_no, fict_no`,
    [examId, paperId],
  );
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
  const bad = rows.find(
    (r) => (r.value !== null && r.value !== undefined) === (r.status !== null && r.status !== undefined),
  );
  if (bad)
    throw invalid({
      rows: [
        `Attempt ${bad.attempt_id}: give marks or a status, not ${bad.value === null ? 'neither' : 'both'}.`,
      ],
    });
  return tx.$executeRawUnsafe(
    `INSERT INTO mark_record (attempt_id, component, value, status, source, batch_id, updated_at)
     SELECT a, 'EXT', CASE WHEN s = 'BLANK' THEN 0 ELSE v::numeric(6,2) END, CASE WHEN s = 'BLANK' THEN NULL ELSE s END, 'AWARD_LIST', b, now()
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS t(a, v, s, b)
     ON CONFLICT (attempt_id, component) DO UPDATE
       SET value = EXCLUDED.value, status = EXCLUDED.status, source = EXCLUDED.source, batch_id = EXCLUDED.batch_id, correction_id = NULL, updated_at = now()`,
    rows.map((r) => r.attempt_id),
    rows.map((r) => (r.value === null || r.status === 'BLANK' ? null : String(r.value))),
    rows.map((r) => r.status ?? null),
    rows.map((r) => r.batch_id),
  );
}
