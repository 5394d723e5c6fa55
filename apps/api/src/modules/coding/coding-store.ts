import type { Coding, CodingMapRow, CodingStatus, FlapRequest } from '@exam/contracts';
import { codingSettings } from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import { AppError, invalid, notFound } from '../../platform/http/errors.ts';
import { attendanceLockedForPaper, attendanceOfAttempts, type PendingSheet } from '../conduct/index.ts';
import { assignFictNumbers, fictPrefix } from './fict-numbers.ts';

/**
 * The coding of a paper (lifecycle S6, §2.3 F) and its map: read, assign fictitious numbers, capture flap
 * numbers, make packets. Every function runs in the caller's transaction; the routes check the secrecy guard
 * first.
 */

type Tx = Prisma.TransactionClient;
export interface Actor {
  email: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Refuses (404) a paper that has no attempt in the exam: there is nothing to code. */
export async function requirePaper(tx: Tx, examId: string, paperId: string) {
  const n = await tx.attempt.count({ where: { exam_id: examId, paper_id: paperId } });
  if (!n) throw notFound(`Paper ${paperId} has no candidates in exam ${examId}.`);
}

/** The coding row of a paper, made NOT_CODED the first time it is asked for. */
async function codingOf(tx: Tx, examId: string, paperId: string) {
  return tx.coding.upsert({
    where: { key: { exam_id: examId, paper_id: paperId } },
    create: { exam_id: examId, paper_id: paperId },
    update: {},
  });
}

const describePending = (pending: PendingSheet[]) =>
  pending
    .slice(0, 5)
    .map((p) => `${p.slot_id ?? 'no slot'}/${p.centre_id ?? 'no centre'} (${p.status})`)
    .join(', ') + (pending.length > 5 ? ` and ${pending.length - 5} more` : '');

/** The coding as the secrecy cell sees it, with the paper's PRESENT count and attendance lock. */
export async function presentCoding(tx: Tx, examId: string, paperId: string): Promise<Coding> {
  // A read never writes: a paper nobody has coded yet is shown NOT_CODED without a row being made for it.
  const row = (await tx.coding.findUnique({ where: { key: { exam_id: examId, paper_id: paperId } } })) ?? {
    exam_id: examId,
    paper_id: paperId,
    status: 'NOT_CODED',
    method: null,
    books: 0,
    packets: 0,
    coded_by: null,
    coded_at: null,
    decode_job_id: null,
    decoded_at: null,
    updated_at: null,
  };
  const [{ present }] = (await tx.$queryRawUnsafe<Array<{ present: number }>>(
    `SELECT count(*)::int AS present FROM attempt_attendance WHERE exam_id = $1 AND paper_id = $2 AND status = 'PRESENT'`,
    examId,
    paperId,
  )) as [{ present: number }];
  const lock = await attendanceLockedForPaper(tx, examId, paperId);
  return {
    exam_id: row.exam_id,
    paper_id: row.paper_id,
    status: row.status as CodingStatus,
    method: row.method as Coding['method'],
    books: row.books,
    packets: row.packets,
    present,
    attendance_locked: lock.locked,
    coded_by: row.coded_by,
    coded_at: iso(row.coded_at),
    decode_job_id: row.decode_job_id,
    decoded_at: iso(row.decoded_at),
    updated_at: iso(row.updated_at),
  };
}

/** The papers of an exam with their coding (NOT_CODED when never touched). */
export async function listCodings(tx: Tx, examId: string): Promise<Coding[]> {
  const papers = await tx.attempt.groupBy({
    by: ['paper_id'],
    where: { exam_id: examId },
    orderBy: { paper_id: 'asc' },
  });
  const out: Coding[] = [];
  for (const p of papers) out.push(await presentCoding(tx, examId, p.paper_id));
  return out;
}

function refuseStatus(status: string, action: string, allowed: readonly string[]) {
  if (!allowed.includes(status)) {
    throw new AppError(
      'INVALID_TRANSITION',
      `Cannot ${action}: the paper's coding is ${status}; ${action} is allowed only when it is ${allowed.join(' or ')}.`,
    );
  }
}

async function requireAttendanceLocked(tx: Tx, examId: string, paperId: string, action: string) {
  const lock = await attendanceLockedForPaper(tx, examId, paperId);
  if (!lock.locked) {
    throw new AppError(
      'LOCKED',
      `Cannot ${action} for paper ${paperId} of ${examId}: its attendance is not LOCKED yet${lock.pending.length ? ` (sheets ${describePending(lock.pending)})` : ''}. Lock the attendance sheets first.`,
    );
  }
}

async function takenNumbers(tx: Tx, examId: string) {
  const rows = await tx.$queryRawUnsafe<Array<{ fict_no: string }>>(
    `SELECT fict_no FROM coding_map WHERE exam_id = $1`,
    examId,
  );
  return new Set(rows.map((r) => r.fict_no));
}

async function insertMap(
  tx: Tx,
  examId: string,
  paperId: string,
  method: 'SYSTEM' | 'FLAP',
  rows: Array<{ fict_no: string; attempt_id: string; answer_book_no: string | null }>,
  actor: Actor,
) {
  for (let i = 0; i < rows.length; i += 20_000) {
    const part = rows.slice(i, i + 20_000);
    await tx.$executeRawUnsafe(
      `INSERT INTO coding_map (exam_id, fict_no, paper_id, attempt_id, answer_book_no, method, coded_by)
       SELECT $1, f, $2, a, b, $3, $4 FROM unnest($5::text[], $6::text[], $7::text[]) AS v(f, a, b)`,
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

/**
 * `assign`: a fictitious number for every PRESENT attempt of the paper (attendance LOCKED); NOT_CODED →
 * CODED.
 */
export async function assignNumbers(tx: Tx, examId: string, paperId: string, actor: Actor) {
  const coding = await codingOf(tx, examId, paperId);
  refuseStatus(coding.status, 'assign fictitious numbers', ['NOT_CODED']);
  await requireAttendanceLocked(tx, examId, paperId, 'assign fictitious numbers');
  const present = (await attendanceOfAttempts(tx, examId, paperId)).filter((a) => a.status === 'PRESENT');
  if (!present.length)
    throw new AppError(
      'LOCKED',
      `Paper ${paperId} of ${examId} has no PRESENT candidate: there is nothing to code.`,
    );
  const pairs = assignFictNumbers(examId, present, await takenNumbers(tx, examId));
  await insertMap(
    tx,
    examId,
    paperId,
    'SYSTEM',
    pairs.map((p) => ({
      fict_no: p.fict_no,
      attempt_id: p.attempt.attempt_id,
      answer_book_no: p.attempt.answer_book_no,
    })),
    actor,
  );
  await tx.coding.update({
    where: { key: { exam_id: examId, paper_id: paperId } },
    data: {
      status: 'CODED',
      method: 'SYSTEM',
      books: pairs.length,
      coded_by: actor.email,
      coded_at: new Date(),
    },
  });
  return { before: coding.status, books: pairs.length };
}

/**
 * `flap`: flap numbers keyed at the secrecy cell, {flap_no, roll_no} pairs of PRESENT candidates. Refused
 * whole (422, each bad pair named) for a flap number twice in the list or already used in the exam, a roll
 * number twice, a roll number that is not a PRESENT candidate of the paper, or one already coded. More pairs
 * may follow while CODED by flap.
 */
export async function captureFlaps(tx: Tx, examId: string, paperId: string, body: FlapRequest, actor: Actor) {
  const coding = await codingOf(tx, examId, paperId);
  if (!(coding.status === 'NOT_CODED' || (coding.status === 'CODED' && coding.method === 'FLAP'))) {
    throw new AppError(
      'INVALID_TRANSITION',
      coding.method === 'SYSTEM'
        ? `Cannot capture flap numbers: paper ${paperId} of ${examId} is already coded with system fictitious numbers (status ${coding.status}).`
        : `Cannot capture flap numbers: the paper's coding is ${coding.status}; flap numbers are captured only while it is NOT_CODED or CODED by flap numbers.`,
    );
  }
  await requireAttendanceLocked(tx, examId, paperId, 'capture flap numbers');
  const attendance = await attendanceOfAttempts(tx, examId, paperId);
  const rolls = await tx.$queryRawUnsafe<Array<{ attempt_id: string; roll_no: string }>>(
    `SELECT a.attempt_id, f.roll_no FROM attempt a JOIN exam_form f ON f.form_id = a.form_id WHERE a.exam_id = $1 AND a.paper_id = $2 AND f.roll_no IS NOT NULL`,
    examId,
    paperId,
  );
  const byRoll = new Map(rolls.map((r) => [r.roll_no.toUpperCase(), r.attempt_id]));
  const status = new Map(attendance.map((a) => [a.attempt_id, a]));
  const coded = new Set(
    (
      await tx.$queryRawUnsafe<Array<{ attempt_id: string }>>(
        `SELECT attempt_id FROM coding_map WHERE exam_id = $1 AND paper_id = $2`,
        examId,
        paperId,
      )
    ).map((r) => r.attempt_id),
  );
  const taken = await takenNumbers(tx, examId);
  const errors: Record<string, string[]> = {};
  const seenFlap = new Map<string, number>();
  const seenRoll = new Map<string, number>();
  const rows: Array<{ fict_no: string; attempt_id: string; answer_book_no: string | null }> = [];
  body.pairs.forEach((pair, i) => {
    const flap = pair.flap_no.toUpperCase();
    const roll = pair.roll_no.toUpperCase();
    const say = (field: string, message: string) => {
      (errors[`pairs.${i}.${field}`] ??= []).push(message);
    };
    if (seenFlap.has(flap))
      say(
        'flap_no',
        `Flap number ${pair.flap_no} is entered twice (rows ${seenFlap.get(flap)! + 1} and ${i + 1}).`,
      );
    else if (taken.has(flap))
      say('flap_no', `Flap number ${pair.flap_no} is already used in exam ${examId}.`);
    seenFlap.set(flap, i);
    if (seenRoll.has(roll))
      say(
        'roll_no',
        `Roll number ${pair.roll_no} is entered twice (rows ${seenRoll.get(roll)! + 1} and ${i + 1}).`,
      );
    seenRoll.set(roll, i);
    const attemptId = byRoll.get(roll);
    const att = attemptId ? status.get(attemptId) : undefined;
    if (!attemptId)
      say('roll_no', `Roll number ${pair.roll_no} has no candidate for paper ${paperId} in exam ${examId}.`);
    else if (att?.status !== 'PRESENT')
      say(
        'roll_no',
        `Roll number ${pair.roll_no} is not PRESENT in paper ${paperId} (attendance: ${att?.status ?? 'none'}); only present candidates get a flap number.`,
      );
    else if (coded.has(attemptId))
      say('roll_no', `Roll number ${pair.roll_no} already has a flap number for paper ${paperId}.`);
    else rows.push({ fict_no: flap, attempt_id: attemptId, answer_book_no: att.answer_book_no });
  });
  if (Object.keys(errors).length) throw invalid(errors);
  await insertMap(tx, examId, paperId, 'FLAP', rows, actor);
  const books = coded.size + rows.length;
  await tx.coding.update({
    where: { key: { exam_id: examId, paper_id: paperId } },
    data: { status: 'CODED', method: 'FLAP', books, coded_by: actor.email, coded_at: new Date() },
  });
  const present = attendance.filter((a) => a.status === 'PRESENT').length;
  return { before: coding.status, added: rows.length, books, present };
}

/** The map (secrecy only), in fictitious-number order, with each attempt's roll number. */
export async function readMap(
  db: Pick<Database, 'query'>,
  examId: string,
  paperId: string,
): Promise<CodingMapRow[]> {
  return db.query<CodingMapRow>(
    `SELECT m.fict_no, m.attempt_id, f.roll_no, a.student_id, m.answer_book_no, m.method, m.packet_no
       FROM coding_map m JOIN attempt a ON a.attempt_id = m.attempt_id JOIN exam_form f ON f.form_id = a.form_id
      WHERE m.exam_id = $1 AND m.paper_id = $2 ORDER BY m.fict_no`,
    [examId, paperId],
  );
}

export const packetNo = (examId: string, paperId: string, seq: number) =>
  `${fictPrefix(examId)}-${paperId}-${String(seq).padStart(3, '0')}`;

/**
 * PACKETED: the paper's coded books in fictitious-number order, cut into packets of `size` (settings: 30);
 * every PRESENT candidate must be coded first. Answers the packets made, for the award-list batches.
 */
/** Refuses packets unless the paper is CODED and every PRESENT candidate has a number. */
export async function checkPackets(tx: Tx, examId: string, paperId: string) {
  const coding = await codingOf(tx, examId, paperId);
  refuseStatus(coding.status, 'make packets', ['CODED']);
  const [{ uncoded }] = (await tx.$queryRawUnsafe<Array<{ uncoded: number }>>(
    `SELECT count(*)::int AS uncoded FROM attempt_attendance v WHERE v.exam_id = $1 AND v.paper_id = $2 AND v.status = 'PRESENT'
        AND NOT EXISTS (SELECT 1 FROM coding_map m WHERE m.attempt_id = v.attempt_id)`,
    examId,
    paperId,
  )) as [{ uncoded: number }];
  if (uncoded)
    throw new AppError(
      'LOCKED',
      `Cannot make packets: ${uncoded} PRESENT candidate${uncoded === 1 ? ' has' : 's have'} no flap number yet; capture them first.`,
    );
  return coding;
}

export async function makePackets(tx: Tx, examId: string, paperId: string, size = codingSettings.packetSize) {
  const coding = await checkPackets(tx, examId, paperId);
  const books = (
    await tx.$queryRawUnsafe<Array<{ fict_no: string }>>(
      `SELECT fict_no FROM coding_map WHERE exam_id = $1 AND paper_id = $2 ORDER BY fict_no`,
      examId,
      paperId,
    )
  ).map((r) => r.fict_no);
  const packets: Array<{ packet_no: string; seq: number; fict_nos: string[] }> = [];
  for (let i = 0; i < books.length; i += size)
    packets.push({
      packet_no: packetNo(examId, paperId, packets.length + 1),
      seq: packets.length + 1,
      fict_nos: books.slice(i, i + size),
    });
  await tx.$executeRawUnsafe(
    `INSERT INTO packet (packet_no, exam_id, paper_id, seq, count, first_fict, last_fict)
     SELECT p, $1, $2, s, c, f, l FROM unnest($3::text[], $4::int[], $5::int[], $6::text[], $7::text[]) AS v(p, s, c, f, l)`,
    examId,
    paperId,
    packets.map((p) => p.packet_no),
    packets.map((p) => p.seq),
    packets.map((p) => p.fict_nos.length),
    packets.map((p) => p.fict_nos[0]!),
    packets.map((p) => p.fict_nos.at(-1)!),
  );
  await tx.$executeRawUnsafe(
    `UPDATE coding_map m SET packet_no = v.p FROM unnest($2::text[], $3::text[]) AS v(f, p) WHERE m.exam_id = $1 AND m.fict_no = v.f`,
    examId,
    packets.flatMap((p) => p.fict_nos),
    packets.flatMap((p) => p.fict_nos.map(() => p.packet_no)),
  );
  await tx.coding.update({
    where: { key: { exam_id: examId, paper_id: paperId } },
    data: { status: 'PACKETED', packets: packets.length },
  });
  // The award lists' syllabus key (maximum marks): the paper's most common one among its attempts.
  const [syllabus] = await tx.$queryRawUnsafe<
    Array<{ session_id: string; course_comb_id: string; sem_id: string }>
  >(
    `SELECT session_id, course_comb_id, sem_id FROM attempt WHERE exam_id = $1 AND paper_id = $2 GROUP BY 1, 2, 3 ORDER BY count(*) DESC, 1, 2, 3 LIMIT 1`,
    examId,
    paperId,
  );
  return { before: coding.status, packets, syllabus: { exam_id: examId, paper_id: paperId, ...syllabus! } };
}
