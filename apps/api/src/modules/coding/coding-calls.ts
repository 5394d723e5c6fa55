import type { FlapRequest } from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import type { AuditChange } from '../../platform/audit/audit-trail.ts';
import type { AuthenticatedUser } from '../../platform/auth/authenticate.ts';
import { enqueueJob } from '../../platform/jobs/index.ts';
import type { CodingJobs } from './coding-jobs.ts';
import type { PacketSlip } from './coding-pdf.ts';
import { refuseNotCoded, refuseUnknownPacket } from './coding-rules.ts';
import {
  assignNumbers,
  captureFlaps,
  checkPackets,
  listCodings,
  packetsWithBatches,
  presentCoding,
  requirePaper,
  type Actor,
} from './coding-service.ts';
import { bookCountOf, packetSlipOf, paperNameOf, readMap, type PaperKey } from './coding-store.ts';
import { checkDecodable, packetsNotLocked, readExceptions } from './decode.ts';
import type { MarksPort } from './marks-port.ts';

/**
 * The coding calls' use cases (behind the secrecy guard, but the packet slip): each runs the service in one
 * transaction with its audit entry, and answers the paper's coding as it now is.
 */

type Tx = Prisma.TransactionClient;
/** Writes a change to the audit trail inside the caller's transaction (the handler binds the request). */
export type Audit = (tx: Tx, change: AuditChange) => Promise<void>;

/** Papers with more coded books than this make their packets as a job (202). */
export const PACKETS_INLINE = 1500;
/** Long coding work (tens of thousands of books) gets this long a transaction. */
const LONG = { timeout: 120_000 };

const throwIf = (refusal: Error | undefined) => {
  if (refusal) throw refusal;
};
const keyText = (key: PaperKey) => `${key.exam_id}/${key.paper_id}`;

/** `GET /api/coding?exam_id=`: the exam's papers with their coding. */
export const codingsOfExam = (db: Database, examId: string) =>
  db.prisma.$transaction((tx) => listCodings(tx, examId));

/** `GET /api/coding/{exam_id}/{paper_id}`. */
export const codingOfPaper = (db: Database, key: PaperKey) =>
  db.prisma.$transaction(async (tx) => {
    await requirePaper(tx, key.exam_id, key.paper_id);
    return presentCoding(tx, key.exam_id, key.paper_id);
  });

/** `GET /api/coding/{exam_id}/{paper_id}/map`. */
export async function mapOfPaper(db: Database, key: PaperKey) {
  await db.prisma.$transaction((tx) => requirePaper(tx, key.exam_id, key.paper_id));
  return readMap(db, key.exam_id, key.paper_id);
}

/** `POST …/assign`: fictitious numbers for the PRESENT candidates (NOT_CODED → CODED). */
export const assignPaper = (db: Database, key: PaperKey, actor: Actor, audit: Audit) =>
  db.prisma.$transaction(async (tx) => {
    await requirePaper(tx, key.exam_id, key.paper_id);
    const r = await assignNumbers(tx, key.exam_id, key.paper_id, actor);
    await audit(tx, {
      action: 'transition',
      entity: 'coding',
      key: keyText(key),
      transition: 'assign',
      before: { status: r.before },
      after: { status: 'CODED', method: 'SYSTEM', books: r.books },
    });
    return { coding: await presentCoding(tx, key.exam_id, key.paper_id), books: r.books };
  }, LONG);

/** `POST …/flap`: flap numbers captured (NOT_CODED → CODED by flap). */
export const captureFlapsOf = (db: Database, key: PaperKey, body: FlapRequest, actor: Actor, audit: Audit) =>
  db.prisma.$transaction(async (tx) => {
    await requirePaper(tx, key.exam_id, key.paper_id);
    const r = await captureFlaps(tx, key.exam_id, key.paper_id, body, actor);
    await audit(tx, {
      action: 'transition',
      entity: 'coding',
      key: keyText(key),
      transition: 'flap',
      before: { status: r.before },
      after: { status: 'CODED', method: 'FLAP', books: r.books, added: r.added },
    });
    return { coding: await presentCoding(tx, key.exam_id, key.paper_id), flaps: r };
  }, LONG);

/**
 * `POST …/packets`: the packets made with their award-list batches (CODED → PACKETED); a paper of more than
 * PACKETS_INLINE books as a job, checked first.
 */
export async function packPaper(
  db: Database,
  marks: MarksPort,
  jobs: CodingJobs,
  key: PaperKey,
  size: number | undefined,
  user: AuthenticatedUser,
  audit: Audit,
) {
  if ((await bookCountOf(db, key)) > PACKETS_INLINE) {
    // Thousands of packets (each opening its award-list batches) are long work: a job.
    await db.prisma.$transaction(async (tx) => {
      await requirePaper(tx, key.exam_id, key.paper_id);
      await checkPackets(tx, key.exam_id, key.paper_id);
    });
    const job = await enqueueJob(
      db,
      jobs.packets,
      { ...key, size, email: user.email },
      { id: user.id, role: user.role },
    );
    return { job };
  }
  return db.prisma.$transaction(async (tx) => {
    await requirePaper(tx, key.exam_id, key.paper_id);
    const made = await packetsWithBatches(tx, marks, key.exam_id, key.paper_id, size);
    await audit(tx, {
      action: 'transition',
      entity: 'coding',
      key: keyText(key),
      transition: 'packets',
      before: { status: made.before },
      after: { status: 'PACKETED', packets: made.packets },
    });
    return { coding: await presentCoding(tx, key.exam_id, key.paper_id), packets: made.packets };
  }, LONG);
}

/** `GET …/stickers.pdf`: what the two-part flap stickers of a coded paper print. */
export async function stickersOf(db: Database, key: PaperKey) {
  await db.prisma.$transaction((tx) => requirePaper(tx, key.exam_id, key.paper_id));
  const rows = await readMap(db, key.exam_id, key.paper_id);
  throwIf(refuseNotCoded(key.exam_id, key.paper_id, rows.length));
  return { head: { ...key, paper_name: await paperNameOf(db, key.paper_id) }, rows };
}

/** `GET /api/packet/{packet_no}/pdf`: what the packet slip prints (fictitious numbers only). */
export async function packetSlipFor(db: Database, packetNo: string): Promise<PacketSlip> {
  const slip = await packetSlipOf(db, packetNo);
  throwIf(refuseUnknownPacket(packetNo, slip));
  const { packet, fict_nos, paper_name, examiner } = slip!;
  const institution = examiner?.institution ? `, ${examiner.institution}` : '';
  return {
    ...packet,
    paper_name,
    examiner: examiner ? `${examiner.examiner_id} ${examiner.name}${institution}` : null,
    fict_nos,
  };
}

/** `GET /api/decode/{exam_id}/{paper_id}`: the coding, the packets not LOCKED yet, and the exceptions. */
export const decodeReportOf = (db: Database, marks: MarksPort, key: PaperKey) =>
  db.prisma.$transaction(async (tx) => {
    await requirePaper(tx, key.exam_id, key.paper_id);
    const coding = await presentCoding(tx, key.exam_id, key.paper_id);
    const notLocked = coding.packets ? await packetsNotLocked(tx, marks, key.exam_id, key.paper_id) : [];
    const exceptions = await readExceptions(tx, key.exam_id, key.paper_id);
    const decoded = coding.status === 'DECODED' ? await bookCountOf(tx, key) : 0;
    return { coding, packets_not_locked: notLocked.map((p) => p.packet_no), decoded, exceptions };
  });

/** `POST /api/decode/{exam_id}/{paper_id}`: checked now, decoded by the job. */
export async function startDecode(
  db: Database,
  marks: MarksPort,
  jobs: CodingJobs,
  key: PaperKey,
  user: AuthenticatedUser,
) {
  await db.prisma.$transaction(async (tx) => {
    await requirePaper(tx, key.exam_id, key.paper_id);
    await checkDecodable(tx, marks, key.exam_id, key.paper_id);
  });
  return enqueueJob(db, jobs.decode, { ...key, email: user.email }, { id: user.id, role: user.role });
}
