import type { entryBatchOpen, EntryBatchCreate, MarkComponent } from '@exam/contracts';
import type { z } from 'zod';
import type { Database, Prisma } from '@exam/db';

/**
 * The SQL of entry batches and their rows (lifecycle S3, S6, S7), one function per question. The decisions
 * are in entry-rules.ts, batch-rules.ts and workflow-rules.ts; the use cases in entry-service.ts,
 * entry-rows.ts and entry-workflow.ts.
 */

type Tx = Prisma.TransactionClient;
/** A request to open an exam's batches of a component. */
export type EntryBatchOpen = z.infer<typeof entryBatchOpen>;

/** A batch as the row calls read it (numeric max as text). */
export interface Batch {
  batch_id: string;
  component: MarkComponent;
  exam_id: string;
  paper_id: string;
  college_id: string | null;
  dept_id: string | null;
  coded: boolean;
  packet_no: string | null;
  entry_no: number;
  pattern_id: string | null;
  max_marks: string;
  status: string;
  updated_at: Date;
}

/** A row of a batch as stored. */
export interface StoredRow {
  line: number;
  attempt_id: string | null;
  fict_no: string | null;
  value: string | null;
  status: string | null;
  component_marks: Record<string, unknown> | null;
  marks_in_words: string | null;
}

const BATCH_COLUMNS = `batch_id, component, exam_id, paper_id, college_id, dept_id, coded, packet_no,
       entry_no, pattern_id, max_marks::text AS max_marks, status, updated_at`;

type PaperOfExam = Pick<
  EntryBatchCreate,
  'exam_id' | 'session_id' | 'course_comb_id' | 'sem_id' | 'paper_id'
>;

/**
 * The paper's department (null for a paper without one) and its exam course link's coding flag (undefined:
 * the course-semester does not sit the exam).
 */
export async function departmentAndCodingOf(tx: Tx, input: PaperOfExam) {
  const [paper, link] = await Promise.all([
    tx.paper.findUnique({ where: { paper_id: input.paper_id }, select: { dept_id: true } }),
    tx.examCcinfo.findUnique({
      where: {
        key: {
          exam_id: input.exam_id,
          session_id: input.session_id,
          course_comb_id: input.course_comb_id,
          sem_id: input.sem_id,
        },
      },
      select: { coding: true },
    }),
  ]);
  return { dept_id: paper?.dept_id ?? null, coding: link?.coding };
}

/** Whether a CIA pattern exists. */
export async function ciaPatternExists(tx: Tx, patternId: string) {
  return Boolean(
    await tx.ciaPattern.findUnique({ where: { pattern_id: patternId }, select: { pattern_id: true } }),
  );
}

/**
 * Rows of a new batch for the paper's candidates (of one college, among the attempts named), in roll-number
 * order; answers how many.
 */
export function insertCandidateRows(tx: Tx, batchId: string, input: EntryBatchCreate) {
  return tx.$executeRawUnsafe(
    `INSERT INTO entry_row (batch_id, line, attempt_id)
     SELECT $1::text, row_number() OVER (ORDER BY f.roll_no NULLS LAST, a.student_id)::int, a.attempt_id
       FROM attempt a
       LEFT JOIN exam_form f ON f.form_id = a.form_id
      WHERE a.exam_id = $2 AND a.session_id = $3 AND a.course_comb_id = $4 AND a.sem_id = $5
        AND a.paper_id = $6
        AND ($7::text IS NULL OR a.college_id = $7::text)
        AND ($8::text[] IS NULL OR a.attempt_id = ANY($8::text[]))`,
    batchId,
    input.exam_id,
    input.session_id,
    input.course_comb_id,
    input.sem_id,
    input.paper_id,
    input.college_id ?? null,
    input.attempt_ids?.length ? input.attempt_ids : null,
  );
}

/** A unit of an exam that a batch of a component would cover: paper × college × the paper's department. */
export interface BatchUnit {
  session_id: string;
  course_comb_id: string;
  sem_id: string;
  paper_id: string;
  college_id: string;
  dept_id: string | null;
  /** The scheme's maximum of the component, null when it is not a positive number. */
  max: string | null;
  n: number;
}

/** The batches a caller may open: of one college, of one department's papers, or (empty) every one. */
export interface BatchReach {
  college_id?: string;
  dept_id?: string;
}

/**
 * The units of an exam (optionally one paper) with candidates, for batches of a component: internal ones
 * everywhere, external ones only of theory papers whose course link is not coded.
 */
export function unitsWithCandidates(tx: Tx, input: EntryBatchOpen, reach: BatchReach = {}) {
  const max = input.component === 'INT' ? 'ps.int_max_marks' : 'ps.ext_max_marks';
  return tx.$queryRawUnsafe<BatchUnit[]>(
    `SELECT a.session_id, a.course_comb_id, a.sem_id, a.paper_id, a.college_id, p.dept_id,
            CASE WHEN ${max} ~ '^\\d{1,4}(\\.\\d{1,2})?$' AND ${max}::numeric > 0 THEN ${max} END AS max,
            count(*)::int AS n
       FROM attempt a
       JOIN paperinfosem ps USING (session_id, course_comb_id, sem_id, paper_id)
       JOIN paper p ON p.paper_id = a.paper_id
       JOIN exam_ccinfo l
         ON l.exam_id = a.exam_id AND l.session_id = a.session_id
        AND l.course_comb_id = a.course_comb_id AND l.sem_id = a.sem_id
      WHERE a.exam_id = $1
        AND ($2::text IS NULL OR a.paper_id = $2::text)
        AND ($3::text = 'INT' OR (l.coding = 'OFF' AND ps.th_pr_status::text = 'TH'))
        AND ($4::text IS NULL OR a.college_id = $4::text)
        AND ($5::text IS NULL OR p.dept_id = $5::text)
      GROUP BY 1, 2, 3, 4, 5, 6, 7
      ORDER BY 4, 5`,
    input.exam_id,
    input.paper_id ?? null,
    input.component,
    reach.college_id ?? null,
    reach.dept_id ?? null,
  );
}

/**
 * One batch per unit (ids given in the units' order), skipping units that have a batch already; answers the
 * ids of the batches made.
 */
export async function insertBatchesOfUnits(
  tx: Tx,
  input: EntryBatchOpen,
  ids: readonly string[],
  units: readonly BatchUnit[],
) {
  const made = await tx.$queryRawUnsafe<Array<{ batch_id: string }>>(
    `INSERT INTO entry_batch (batch_id, component, exam_id, session_id, course_comb_id, sem_id, paper_id,
                             unit_key, college_id, dept_id, max_marks, deadline, pattern_id, row_count,
                             updated_at)
     SELECT t.id, $1::text, $2::text, t.s, t.c, t.m, t.p,
            CASE WHEN $1::text = 'INT' THEN t.col || '/' || COALESCE(t.d, '-') ELSE t.col END,
            t.col, t.d, t.mx::numeric(6,2), $3::timestamptz, $4::text, t.n, now()
       FROM unnest($5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[],
                   $12::text[], $13::int[]) AS t(id, s, c, m, p, col, d, mx, n)
     ON CONFLICT (exam_id, session_id, course_comb_id, sem_id, paper_id, component, unit_key) DO NOTHING
     RETURNING batch_id`,
    input.component,
    input.exam_id,
    input.deadline ?? null,
    input.component === 'INT' ? (input.pattern_id ?? null) : null,
    ids,
    units.map((c) => c.session_id),
    units.map((c) => c.course_comb_id),
    units.map((c) => c.sem_id),
    units.map((c) => c.paper_id),
    units.map((c) => c.college_id),
    units.map((c) => c.dept_id),
    units.map((c) => c.max),
    units.map((c) => c.n),
  );
  return made.map((m) => m.batch_id);
}

/** The rows of new batches: their unit's candidates, each batch in roll-number order. */
export function insertRowsOfBatches(tx: Tx, batchIds: readonly string[]) {
  return tx.$executeRawUnsafe(
    `INSERT INTO entry_row (batch_id, line, attempt_id)
     SELECT b.batch_id,
            row_number() OVER (PARTITION BY b.batch_id ORDER BY f.roll_no NULLS LAST, a.student_id)::int,
            a.attempt_id
       FROM entry_batch b
       JOIN attempt a
         ON a.exam_id = b.exam_id AND a.session_id = b.session_id AND a.course_comb_id = b.course_comb_id
        AND a.sem_id = b.sem_id AND a.paper_id = b.paper_id AND a.college_id = b.college_id
       LEFT JOIN exam_form f ON f.form_id = a.form_id
      WHERE b.batch_id = ANY($1::text[])`,
    batchIds,
  );
}

/** Whether a batch lies within a reach (the scope's where; null: nothing is within it). */
export async function batchWithin(tx: Tx, batchId: string, within: object | null) {
  return Boolean(
    within &&
    (await tx.entryBatch.findFirst({
      where: { AND: [{ batch_id: batchId }, within] },
      select: { batch_id: true },
    })),
  );
}

/** A batch as the row calls read it, locked for update when asked. */
export async function batchById(tx: Tx, batchId: string, lock = false): Promise<Batch | undefined> {
  const [row] = await tx.$queryRawUnsafe<Batch[]>(
    `SELECT ${BATCH_COLUMNS}
       FROM entry_batch
      WHERE batch_id = $1${lock ? '\n        FOR UPDATE' : ''}`,
    batchId,
  );
  return row;
}

/** A coded batch's rows: fictitious numbers, marks and statuses only (S6 secrecy). */
export function codedRowsOf(tx: Tx, batchId: string) {
  return tx.$queryRawUnsafe<
    Array<{
      line: number;
      fict_no: string;
      value: string | null;
      status: string | null;
      marks_in_words: string | null;
    }>
  >(
    `SELECT line, fict_no, value::text AS value, status, marks_in_words
       FROM entry_row
      WHERE batch_id = $1
      ORDER BY line`,
    batchId,
  );
}

/** A roll-number batch's rows with their candidates (student, roll number, name). */
export function candidateRowsOf(tx: Tx, batchId: string) {
  return tx.$queryRawUnsafe<
    Array<StoredRow & { student_id: string; roll_no: string | null; name: string | null }>
  >(
    `SELECT r.line, r.attempt_id, a.student_id, f.roll_no, s.name_en AS name, r.value::text AS value,
            r.status, r.component_marks, r.marks_in_words
       FROM entry_row r
       JOIN attempt a ON a.attempt_id = r.attempt_id
       LEFT JOIN exam_form f ON f.form_id = a.form_id
       LEFT JOIN student s ON s.student_id = a.student_id
      WHERE r.batch_id = $1
      ORDER BY r.line`,
    batchId,
  );
}

/** A roll-number batch's rows as a clerk names them (roll number, else student), with what they hold. */
export function labelledRowsOf(tx: Tx, batchId: string) {
  return tx.$queryRawUnsafe<
    Array<{ attempt_id: string; label: string; status: string | null; value: string | null }>
  >(
    `SELECT r.attempt_id, COALESCE(f.roll_no, a.student_id) AS label, r.status, r.value::text AS value
       FROM entry_row r
       JOIN attempt a ON a.attempt_id = r.attempt_id
       LEFT JOIN exam_form f ON f.form_id = a.form_id
      WHERE r.batch_id = $1`,
    batchId,
  );
}

/** A batch with its stored rows and its CIA pattern, read in one statement (a save holds no connection). */
export async function batchWithRows(db: Database, batchId: string) {
  const [found] = await db.query<
    Batch & { stored: StoredRow[] | null; pattern: Record<string, unknown> | null }
  >(
    `SELECT b.batch_id, b.component, b.exam_id, b.paper_id, b.college_id, b.dept_id, b.coded, b.packet_no,
            b.entry_no, b.pattern_id, b.max_marks::text AS max_marks, b.status, b.updated_at,
            (SELECT json_agg(json_build_object('line', r.line, 'attempt_id', r.attempt_id,
                                               'fict_no', r.fict_no, 'value', r.value::text,
                                               'status', r.status, 'component_marks', r.component_marks,
                                               'marks_in_words', r.marks_in_words) ORDER BY r.line)
               FROM entry_row r
              WHERE r.batch_id = b.batch_id) AS stored,
            (SELECT to_json(p) FROM cia_pattern p WHERE p.pattern_id = b.pattern_id) AS pattern
       FROM entry_batch b
      WHERE b.batch_id = $1`,
    [batchId],
  );
  return found;
}

/** The rows a save changes, as written. */
export interface RowWrite {
  line: number;
  value: string | null;
  status: string | null;
  component_marks: unknown;
  marks_in_words: string | null;
}

/**
 * Writes a save in ONE statement: the rows, the batch (DRAFT, who entered) and its audit entry, only if the
 * batch is still the version read and still takes edits. Answers the batch's new version, or undefined when
 * it was not (another save, or an action, came first).
 */
export async function writeSave(
  db: Database,
  save: {
    batch: Pick<Batch, 'batch_id' | 'updated_at'>;
    status: string;
    user: { id: number; email: string };
    changes: readonly RowWrite[];
    audit: { before: string; after: string } | null;
    requestId: string | undefined;
  },
) {
  const { batch, changes } = save;
  const [written] = await db.query<{ updated_at: Date }>(
    `WITH b AS (
       UPDATE entry_batch
          SET status = $3, entered_by = $4, updated_at = now()
        WHERE batch_id = $1 AND updated_at = $2::timestamptz AND status IN ('OPEN', 'DRAFT', 'REOPENED')
       RETURNING batch_id, updated_at),
     r AS (
       UPDATE entry_row e
          SET value = t.v::numeric(6,2), status = t.s, component_marks = t.c::jsonb, marks_in_words = t.w,
              updated_at = now()
         FROM unnest($5::int[], $6::text[], $7::text[], $8::text[], $9::text[]) AS t(l, v, s, c, w), b
        WHERE e.batch_id = b.batch_id AND e.line = t.l
       RETURNING 1),
     a AS (
       INSERT INTO audit_log (user_id, user_email, action, entity, entity_key, before, after, request_id)
       SELECT $10::int, $4, 'update', 'entrybatch', b.batch_id, $11::jsonb, $12::jsonb, $13
         FROM b
        WHERE $11::jsonb IS NOT NULL
       RETURNING 1)
     SELECT b.updated_at, (SELECT count(*) FROM r) AS n
       FROM b`,
    [
      batch.batch_id,
      batch.updated_at.toISOString(),
      save.status,
      save.user.email,
      changes.map((c) => c.line),
      changes.map((c) => c.value),
      changes.map((c) => c.status),
      changes.map((c) => (c.component_marks == null ? null : JSON.stringify(c.component_marks))),
      changes.map((c) => c.marks_in_words),
      save.user.id,
      save.audit?.before ?? null,
      save.audit?.after ?? null,
      save.requestId ?? null,
    ],
  );
  return written;
}

/** The marks and statuses of a batch's rows (for its counts and total). */
export function rowValuesOf(tx: Tx, batchId: string) {
  return tx.$queryRawUnsafe<Array<{ value: string | null; status: string | null }>>(
    `SELECT value::text AS value, status
       FROM entry_row
      WHERE batch_id = $1`,
    batchId,
  );
}

/**
 * Batches within a reach, matching filters, still being entered (OPEN, DRAFT, REOPENED): the nearest
 * deadline first (none last), at most 1,000.
 */
export function batchesBeingEntered(db: Database, within: object, filters: Record<string, string>) {
  return db.prisma.entryBatch.findMany({
    where: { AND: [within, filters, { status: { in: ['OPEN', 'DRAFT', 'REOPENED'] } }] },
    orderBy: [{ deadline: { sort: 'asc', nulls: 'last' } }, { paper_id: 'asc' }, { college_id: 'asc' }],
    take: 1000,
  });
}

/** Per batch, how many rows have neither marks nor a status. */
export function pendingRowCounts(db: Database, batchIds: readonly string[]) {
  if (!batchIds.length) return Promise.resolve([]);
  return db.query<{ batch_id: string; pending: number }>(
    `SELECT batch_id, count(*) FILTER (WHERE value IS NULL AND status IS NULL)::int AS pending
       FROM entry_row
      WHERE batch_id = ANY($1::text[])
      GROUP BY batch_id`,
    [batchIds],
  );
}

/** A batch's rows with neither marks nor a status, as a clerk names them (fictitious number, roll, ...). */
export function emptyRowLabels(tx: Tx, batchId: string) {
  return tx.$queryRawUnsafe<Array<{ label: string }>>(
    `SELECT COALESCE(r.fict_no, f.roll_no, a.student_id, r.attempt_id) AS label
       FROM entry_row r
       LEFT JOIN attempt a ON a.attempt_id = r.attempt_id
       LEFT JOIN exam_form f ON f.form_id = a.form_id
      WHERE r.batch_id = $1 AND r.value IS NULL AND r.status IS NULL
      ORDER BY r.line`,
    batchId,
  );
}

/** The other entry of a coded packet (entry 1 ↔ entry 2). */
export function otherEntryOf(tx: Tx, packetNo: string, entryNo: number) {
  return tx.entryBatch.findFirst({
    where: { component: 'EXT', coded: true, packet_no: packetNo, entry_no: entryNo === 1 ? 2 : 1 },
  });
}

/** A book where two entries of a packet differ: each entry's mark or status (null: not in that entry). */
export interface Mismatch {
  fict_no: string;
  entry_1: string | null;
  entry_2: string | null;
}

/** The books where entry 1 and entry 2 of a packet differ, by fictitious number. */
export function mismatchesOf(tx: Tx, entry1: string, entry2: string) {
  return tx.$queryRawUnsafe<Mismatch[]>(
    `SELECT COALESCE(a.fict_no, b.fict_no) AS fict_no,
            COALESCE(a.value::text, a.status) AS entry_1,
            COALESCE(b.value::text, b.status) AS entry_2
       FROM (SELECT * FROM entry_row WHERE batch_id = $1) a
       FULL JOIN (SELECT * FROM entry_row WHERE batch_id = $2) b ON a.fict_no = b.fict_no
      WHERE a.value IS DISTINCT FROM b.value
         OR a.status IS DISTINCT FROM b.status
         OR a.fict_no IS NULL
         OR b.fict_no IS NULL
      ORDER BY 1`,
    entry1,
    entry2,
  );
}

/**
 * A roll-number batch's rows with marks or a status become the marks of record (source ENTRY), in one
 * statement; a blank answer book is 0 marks.
 */
export function recordMarksOfBatch(tx: Tx, batchId: string) {
  return tx.$executeRawUnsafe(
    `INSERT INTO mark_record (attempt_id, component, value, status, source, batch_id, updated_at)
     SELECT r.attempt_id, b.component, CASE WHEN r.status = 'BLANK' THEN 0 ELSE r.value END,
            NULLIF(r.status, 'BLANK'), 'ENTRY', b.batch_id, now()
       FROM entry_row r
       JOIN entry_batch b ON b.batch_id = r.batch_id
      WHERE r.batch_id = $1 AND r.attempt_id IS NOT NULL AND (r.value IS NOT NULL OR r.status IS NOT NULL)
     ON CONFLICT (attempt_id, component) DO UPDATE
       SET value = EXCLUDED.value, status = EXCLUDED.status, source = EXCLUDED.source,
           batch_id = EXCLUDED.batch_id, correction_id = NULL, updated_at = now()`,
    batchId,
  );
}
