import type { CodingMapRow, DecodeException } from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import type { Joined } from './coding-rules.ts';
import { fictPrefix } from './fict-numbers.ts';

/**
 * The SQL of coding (lifecycle S6, §2.3 F): a paper's coding row and its map, packets, the join decode reads
 * and its exceptions. Every function runs in the caller's transaction (or on the database for a read); the
 * routes check the secrecy guard first.
 */

type Tx = Prisma.TransactionClient;
export interface Actor {
  email: string;
}
/** A paper of an exam: what a coding is kept per. */
export interface PaperKey {
  exam_id: string;
  paper_id: string;
}

/** How many attempts the paper has in the exam. */
export const attemptCountOf = (tx: Tx, examId: string, paperId: string) =>
  tx.attempt.count({ where: { exam_id: examId, paper_id: paperId } });

/** The papers of an exam (with attempts), in paper order. */
export async function papersOfExam(tx: Tx, examId: string) {
  const papers = await tx.attempt.groupBy({
    by: ['paper_id'],
    where: { exam_id: examId },
    orderBy: { paper_id: 'asc' },
  });
  return papers.map((p) => p.paper_id);
}

/** The coding row of a paper, if one was made. */
export const codingRowOf = (tx: Tx, examId: string, paperId: string) =>
  tx.coding.findUnique({ where: { key: { exam_id: examId, paper_id: paperId } } });

/** The coding row of a paper, made NOT_CODED the first time it is asked for. */
export const ensureCodingRow = (tx: Tx, examId: string, paperId: string) =>
  tx.coding.upsert({
    where: { key: { exam_id: examId, paper_id: paperId } },
    create: { exam_id: examId, paper_id: paperId },
    update: {},
  });

/** The coding row's new status and facts. */
export async function updateCoding(tx: Tx, examId: string, paperId: string, data: Prisma.CodingUpdateInput) {
  await tx.coding.update({ where: { key: { exam_id: examId, paper_id: paperId } }, data });
}

/** How many candidates of the paper are PRESENT (attendance). */
export async function presentCountOf(tx: Tx, examId: string, paperId: string): Promise<number> {
  const [row] = await tx.$queryRawUnsafe<Array<{ present: number }>>(
    `SELECT count(*)::int AS present
       FROM attempt_attendance
      WHERE exam_id = $1 AND paper_id = $2 AND status = 'PRESENT'`,
    examId,
    paperId,
  );
  return row?.present ?? 0;
}

/** The fictitious (and flap) numbers used in the exam. */
export async function takenNumbers(tx: Tx, examId: string) {
  const rows = await tx.$queryRawUnsafe<Array<{ fict_no: string }>>(
    `SELECT fict_no
       FROM coding_map
      WHERE exam_id = $1`,
    examId,
  );
  return new Set(rows.map((r) => r.fict_no));
}

/** A row of the coding map: a number for an attempt (and its answer book). */
export interface MapRow {
  fict_no: string;
  attempt_id: string;
  answer_book_no: string | null;
}

/** The map rows written, 20,000 per statement. */
export async function insertMap(
  tx: Tx,
  examId: string,
  paperId: string,
  method: 'SYSTEM' | 'FLAP',
  rows: readonly MapRow[],
  actor: Actor,
) {
  for (let i = 0; i < rows.length; i += 20_000) {
    const part = rows.slice(i, i + 20_000);
    await tx.$executeRawUnsafe(
      `INSERT INTO coding_map (exam_id, fict_no, paper_id, attempt_id, answer_book_no, method, coded_by)
       SELECT $1, f, $2, a, b, $3, $4
         FROM unnest($5::text[], $6::text[], $7::text[]) AS v(f, a, b)`,
      examId,
      paperId,
      method,
      actor.email,
      part.map((r) => r.fict_no),
      part.map((r) => r.attempt_id),
      part.map((r) => r.answer_book_no),
    );
  }
}

/** The paper's attempts by roll number (upper case), of those whose exam form has one. */
export async function attemptsByRoll(tx: Tx, examId: string, paperId: string) {
  const rolls = await tx.$queryRawUnsafe<Array<{ attempt_id: string; roll_no: string }>>(
    `SELECT a.attempt_id, f.roll_no
       FROM attempt a
       JOIN exam_form f ON f.form_id = a.form_id
      WHERE a.exam_id = $1 AND a.paper_id = $2 AND f.roll_no IS NOT NULL`,
    examId,
    paperId,
  );
  return new Map(rolls.map((r) => [r.roll_no.toUpperCase(), r.attempt_id]));
}

/** The paper's attempts that have a number already. */
export async function codedAttemptsOf(tx: Tx, examId: string, paperId: string) {
  const rows = await tx.$queryRawUnsafe<Array<{ attempt_id: string }>>(
    `SELECT attempt_id
       FROM coding_map
      WHERE exam_id = $1 AND paper_id = $2`,
    examId,
    paperId,
  );
  return new Set(rows.map((r) => r.attempt_id));
}

/** How many PRESENT candidates of the paper have no number yet. */
export async function uncodedPresentOf(tx: Tx, examId: string, paperId: string): Promise<number> {
  const [row] = await tx.$queryRawUnsafe<Array<{ uncoded: number }>>(
    `SELECT count(*)::int AS uncoded
       FROM attempt_attendance v
      WHERE v.exam_id = $1 AND v.paper_id = $2 AND v.status = 'PRESENT'
        AND NOT EXISTS (SELECT 1 FROM coding_map m WHERE m.attempt_id = v.attempt_id)`,
    examId,
    paperId,
  );
  return row?.uncoded ?? 0;
}

/** The paper's coded books, in fictitious-number order. */
export async function codedBooksOf(tx: Tx, examId: string, paperId: string) {
  const rows = await tx.$queryRawUnsafe<Array<{ fict_no: string }>>(
    `SELECT fict_no
       FROM coding_map
      WHERE exam_id = $1 AND paper_id = $2
      ORDER BY fict_no`,
    examId,
    paperId,
  );
  return rows.map((r) => r.fict_no);
}

/** A packet's number: the exam's prefix, the paper and its sequence (MD24-HIS101-001). */
export const packetNo = (examId: string, paperId: string, seq: number) =>
  `${fictPrefix(examId)}-${paperId}-${String(seq).padStart(3, '0')}`;

/** The packets written, and each book of the map given its packet. */
export async function insertPackets(
  tx: Tx,
  examId: string,
  paperId: string,
  packets: ReadonlyArray<{ packet_no: string; seq: number; fict_nos: string[] }>,
) {
  await tx.$executeRawUnsafe(
    `INSERT INTO packet (packet_no, exam_id, paper_id, seq, count, first_fict, last_fict)
     SELECT p, $1, $2, s, c, f, l
       FROM unnest($3::text[], $4::int[], $5::int[], $6::text[], $7::text[]) AS v(p, s, c, f, l)`,
    examId,
    paperId,
    packets.map((p) => p.packet_no),
    packets.map((p) => p.seq),
    packets.map((p) => p.fict_nos.length),
    packets.map((p) => p.fict_nos[0]!),
    packets.map((p) => p.fict_nos.at(-1)!),
  );
  await tx.$executeRawUnsafe(
    `UPDATE coding_map m
        SET packet_no = v.p
       FROM unnest($2::text[], $3::text[]) AS v(f, p)
      WHERE m.exam_id = $1 AND m.fict_no = v.f`,
    examId,
    packets.flatMap((p) => p.fict_nos),
    packets.flatMap((p) => p.fict_nos.map(() => p.packet_no)),
  );
}

/** The award lists' syllabus key (maximum marks): the paper's most common one among its attempts. */
export async function syllabusOf(tx: Tx, examId: string, paperId: string) {
  const [row] = await tx.$queryRawUnsafe<
    Array<{ session_id: string; course_comb_id: string; sem_id: string }>
  >(
    `SELECT session_id, course_comb_id, sem_id
       FROM attempt
      WHERE exam_id = $1 AND paper_id = $2
      GROUP BY 1, 2, 3
      ORDER BY count(*) DESC, 1, 2, 3
      LIMIT 1`,
    examId,
    paperId,
  );
  return row!;
}

/** The map (secrecy only), in fictitious-number order, with each attempt's roll number. */
export async function readMap(
  db: Pick<Database, 'query'>,
  examId: string,
  paperId: string,
): Promise<CodingMapRow[]> {
  return db.query<CodingMapRow>(
    `SELECT m.fict_no, m.attempt_id, f.roll_no, a.student_id, m.answer_book_no, m.method, m.packet_no
       FROM coding_map m
       JOIN attempt a ON a.attempt_id = m.attempt_id
       JOIN exam_form f ON f.form_id = a.form_id
      WHERE m.exam_id = $1 AND m.paper_id = $2
      ORDER BY m.fict_no`,
    [examId, paperId],
  );
}

/** How many books the paper's map holds. */
export const bookCountOf = (db: Database | Tx, key: PaperKey) =>
  ('prisma' in db ? db.prisma : db).codingMap.count({ where: key });

/** How many of a packet's candidates are of a college. */
export async function packetCandidatesOfCollege(tx: Tx, packetNo: string, collegeId: string) {
  const [row] = await tx.$queryRawUnsafe<Array<{ n: number }>>(
    `SELECT count(*)::int AS n
       FROM coding_map m
       JOIN attempt a ON a.attempt_id = m.attempt_id
      WHERE m.packet_no = $1 AND a.college_id = $2`,
    packetNo,
    collegeId,
  );
  return row?.n ?? 0;
}

/** Once every packet of the paper has an examiner, the coding moves PACKETED → ASSIGNED. */
export async function assignedWhenAllHaveExaminers(tx: Tx, examId: string, paperId: string) {
  const open = await tx.packet.count({ where: { exam_id: examId, paper_id: paperId, examiner_id: null } });
  if (!open)
    await tx.coding.updateMany({
      where: { exam_id: examId, paper_id: paperId, status: 'PACKETED' },
      data: { status: 'ASSIGNED' },
    });
}

/** What a packet slip prints: the packet, its numbers, its paper's name and its examiner. */
export async function packetSlipOf(db: Database, packetNo: string) {
  const packet = await db.prisma.packet.findUnique({ where: { packet_no: packetNo } });
  if (!packet) return undefined;
  const [fict, paper, examiner] = await Promise.all([
    db.query<{ fict_no: string }>(
      `SELECT fict_no
         FROM coding_map
        WHERE packet_no = $1
        ORDER BY fict_no`,
      [packetNo],
    ),
    db.prisma.paper.findUnique({ where: { paper_id: packet.paper_id } }),
    packet.examiner_id ? db.prisma.examiner.findUnique({ where: { examiner_id: packet.examiner_id } }) : null,
  ]);
  return { packet, fict_nos: fict.map((f) => f.fict_no), paper_name: paper?.paper_name ?? null, examiner };
}

/** A paper's name, if it is known. */
export async function paperNameOf(db: Database, paperId: string) {
  return (await db.prisma.paper.findUnique({ where: { paper_id: paperId } }))?.paper_name ?? null;
}

/** The paper's packets, in sequence. */
export const packetsOfPaper = (tx: Tx, examId: string, paperId: string) =>
  tx.packet.findMany({
    where: { exam_id: examId, paper_id: paperId },
    select: { packet_no: true },
    orderBy: { seq: 'asc' },
  });

/** How many packets the paper has. */
export const packetCountOf = (tx: Tx, examId: string, paperId: string) =>
  tx.packet.count({ where: { exam_id: examId, paper_id: paperId } });

/**
 * Decode's one set-based join: the paper's attendance ⟗ its map ⟗ the LOCKED award rows (the marks module's
 * view `awardRowsView`).
 */
export function decodeJoin(tx: Tx, awardRowsView: string, examId: string, paperId: string) {
  return tx.$queryRawUnsafe<Joined[]>(
    `WITH aw AS (SELECT fict_no, value::text AS value, status, batch_id
                   FROM ${awardRowsView}
                  WHERE exam_id = $1 AND paper_id = $2),
          m AS (SELECT fict_no, attempt_id FROM coding_map WHERE exam_id = $1 AND paper_id = $2),
          v AS (SELECT attempt_id, status, ufm_open
                  FROM attempt_attendance
                 WHERE exam_id = $1 AND paper_id = $2)
     SELECT COALESCE(v.attempt_id, m.attempt_id) AS attempt_id, m.fict_no AS map_fict,
            aw.fict_no AS award_fict, aw.value, aw.status AS mark_status, aw.batch_id,
            v.status AS att_status, v.ufm_open
       FROM v
       FULL JOIN m ON m.attempt_id = v.attempt_id
       FULL JOIN aw ON aw.fict_no = m.fict_no`,
    examId,
    paperId,
  );
}

/** The paper's stored exception list replaced (details at most 500 characters). */
export async function replaceExceptions(
  tx: Tx,
  examId: string,
  paperId: string,
  exceptions: ReadonlyArray<Omit<DecodeException, 'seq' | 'roll_no'>>,
) {
  await tx.decodeException.deleteMany({ where: { exam_id: examId, paper_id: paperId } });
  if (!exceptions.length) return;
  await tx.$executeRawUnsafe(
    `INSERT INTO decode_exception (exam_id, paper_id, seq, kind, fict_no, attempt_id, detail)
     SELECT $1, $2, s, k, f, a, d
       FROM unnest($3::int[], $4::text[], $5::text[], $6::text[], $7::text[])
            WITH ORDINALITY AS v(s, k, f, a, d, o)`,
    examId,
    paperId,
    exceptions.map((_, i) => i + 1),
    exceptions.map((e) => e.kind),
    exceptions.map((e) => e.fict_no),
    exceptions.map((e) => e.attempt_id),
    exceptions.map((e) => e.detail.slice(0, 500)),
  );
}

/** The stored exception list, with roll numbers (the secrecy cell reads it). */
export async function readExceptions(tx: Tx, examId: string, paperId: string): Promise<DecodeException[]> {
  return tx.$queryRawUnsafe<DecodeException[]>(
    `SELECT e.seq, e.kind, e.fict_no, e.attempt_id, f.roll_no, e.detail
       FROM decode_exception e
       LEFT JOIN attempt a ON a.attempt_id = e.attempt_id
       LEFT JOIN exam_form f ON f.form_id = a.form_id
      WHERE e.exam_id = $1 AND e.paper_id = $2
      ORDER BY e.seq`,
    examId,
    paperId,
  );
}
