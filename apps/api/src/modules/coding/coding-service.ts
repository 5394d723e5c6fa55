import type { Coding, CodingStatus, FlapRequest } from '@exam/contracts';
import { codingSettings } from '@exam/contracts';
import type { Prisma } from '@exam/db';
import { attendanceLockedForPaper, attendanceOfAttempts } from '../conduct/index.ts';
import {
  checkFlaps,
  packetsOf,
  refuseAttendanceUnlocked,
  refuseFlapErrors,
  refuseFlapStatus,
  refuseNobodyPresent,
  refuseStatus,
  refuseUncoded,
  refuseUnknownPaper,
  type CodingAction,
} from './coding-rules.ts';
import {
  attemptCountOf,
  attemptsByRoll,
  codedAttemptsOf,
  codedBooksOf,
  codingRowOf,
  ensureCodingRow,
  insertMap,
  insertPackets,
  packetNo,
  papersOfExam,
  presentCountOf,
  syllabusOf,
  takenNumbers,
  uncodedPresentOf,
  updateCoding,
  type Actor,
} from './coding-store.ts';
import { assignFictNumbers } from './fict-numbers.ts';
import type { MarksPort } from './marks-port.ts';

/**
 * The coding of a paper (lifecycle S6, §2.3 F): read, assign fictitious numbers, capture flap numbers, make
 * packets. Each asks the store (coding-store.ts), asks the rules (coding-rules.ts) and throws the first
 * refusal; every function runs in the caller's transaction, after the secrecy guard.
 */

type Tx = Prisma.TransactionClient;
export type { Actor };

const throwIf = (refusal: Error | undefined) => {
  if (refusal) throw refusal;
};
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Refuses (404) a paper that has no attempt in the exam: there is nothing to code. */
export async function requirePaper(tx: Tx, examId: string, paperId: string) {
  throwIf(refuseUnknownPaper(examId, paperId, await attemptCountOf(tx, examId, paperId)));
}

/** The coding as the secrecy cell sees it, with the paper's PRESENT count and attendance lock. */
export async function presentCoding(tx: Tx, examId: string, paperId: string): Promise<Coding> {
  // A read never writes: a paper nobody has coded yet is shown NOT_CODED without a row being made for it.
  const row = (await codingRowOf(tx, examId, paperId)) ?? {
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
  const present = await presentCountOf(tx, examId, paperId);
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
  const out: Coding[] = [];
  for (const paperId of await papersOfExam(tx, examId)) out.push(await presentCoding(tx, examId, paperId));
  return out;
}

async function requireAttendanceLocked(tx: Tx, examId: string, paperId: string, action: CodingAction) {
  const lock = await attendanceLockedForPaper(tx, examId, paperId);
  throwIf(refuseAttendanceUnlocked(examId, paperId, action, lock));
}

/**
 * `assign`: a fictitious number for every PRESENT attempt of the paper (attendance LOCKED); NOT_CODED →
 * CODED.
 */
export async function assignNumbers(tx: Tx, examId: string, paperId: string, actor: Actor) {
  const coding = await ensureCodingRow(tx, examId, paperId);
  throwIf(refuseStatus(coding.status, 'assign', 'NOT_CODED'));
  await requireAttendanceLocked(tx, examId, paperId, 'assign');
  const present = (await attendanceOfAttempts(tx, examId, paperId)).filter((a) => a.status === 'PRESENT');
  throwIf(refuseNobodyPresent(examId, paperId, present.length));
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
  await updateCoding(tx, examId, paperId, {
    status: 'CODED',
    method: 'SYSTEM',
    books: pairs.length,
    coded_by: actor.email,
    coded_at: new Date(),
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
  const coding = await ensureCodingRow(tx, examId, paperId);
  throwIf(refuseFlapStatus(examId, paperId, coding));
  await requireAttendanceLocked(tx, examId, paperId, 'flaps');
  const attendance = await attendanceOfAttempts(tx, examId, paperId);
  const coded = await codedAttemptsOf(tx, examId, paperId);
  const { rows, errors } = checkFlaps(body.pairs, {
    examId,
    paperId,
    byRoll: await attemptsByRoll(tx, examId, paperId),
    attendance: new Map(attendance.map((a) => [a.attempt_id, a])),
    coded,
    taken: await takenNumbers(tx, examId),
  });
  throwIf(refuseFlapErrors(errors));
  await insertMap(tx, examId, paperId, 'FLAP', rows, actor);
  const books = coded.size + rows.length;
  await updateCoding(tx, examId, paperId, {
    status: 'CODED',
    method: 'FLAP',
    books,
    coded_by: actor.email,
    coded_at: new Date(),
  });
  const present = attendance.filter((a) => a.status === 'PRESENT').length;
  return { before: coding.status, added: rows.length, books, present };
}

/** Refuses packets unless the paper is CODED and every PRESENT candidate has a number. */
export async function checkPackets(tx: Tx, examId: string, paperId: string) {
  const coding = await ensureCodingRow(tx, examId, paperId);
  throwIf(refuseStatus(coding.status, 'packets', 'CODED'));
  throwIf(refuseUncoded(await uncodedPresentOf(tx, examId, paperId)));
  return coding;
}

/**
 * PACKETED: the paper's coded books in fictitious-number order, cut into packets of `size` (settings: 30);
 * every PRESENT candidate must be coded first. Answers the packets made, for the award-list batches.
 */
export async function makePackets(tx: Tx, examId: string, paperId: string, size = codingSettings.packetSize) {
  const coding = await checkPackets(tx, examId, paperId);
  const books = await codedBooksOf(tx, examId, paperId);
  const packets = packetsOf(books, size, (seq) => packetNo(examId, paperId, seq));
  await insertPackets(tx, examId, paperId, packets);
  await updateCoding(tx, examId, paperId, { status: 'PACKETED', packets: packets.length });
  const syllabus = await syllabusOf(tx, examId, paperId);
  return { before: coding.status, packets, syllabus: { exam_id: examId, paper_id: paperId, ...syllabus } };
}

/** Makes the packets and opens each one's award-list batches (marks); answers how many. */
export async function packetsWithBatches(
  tx: Tx,
  marks: MarksPort,
  examId: string,
  paperId: string,
  size?: number,
) {
  const r = await makePackets(tx, examId, paperId, size);
  for (const p of r.packets)
    await marks.openAwardListBatches(tx, { ...r.syllabus, packet_no: p.packet_no, fict_nos: p.fict_nos });
  return { before: r.before, packets: r.packets.length };
}
