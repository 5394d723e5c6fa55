import type { Database, Prisma } from '@exam/db';
import type { SheetCounts } from './attendance-rules.ts';
import { audit, type Auditor } from './seating-store.ts';

/**
 * Attendance in the database (lifecycle S5 "Present/absent entry", §2.3 D), one function per question:
 * sheets and their counts, the rows of a sheet, the clerk's entry and corrections, the signature sheet's
 * rows.
 */

type Tx = Prisma.TransactionClient;
type Reader = Database | Tx;
type SheetKey = { slot_id: string; centre_id: string };
type AttendanceKey = { slot_id: string; student_id: string };
const clientOf = (db: Reader) => ('prisma' in db ? db.prisma : db);

/** The sheet of a paper's slot at a centre. */
export const sheetByKey = (db: Reader, key: SheetKey) =>
  clientOf(db).attendanceSheet.findUnique({ where: { key } });

/** Seated candidates of a paper's slot at a centre in the plan of its sitting (the latest revision). */
export async function seatedCount(tx: Tx | Database['prisma'], key: SheetKey) {
  return tx.seatAllocation.count({ where: { paper_slot_id: key.slot_id, centre_id: key.centre_id } });
}

/** A sheet's counts: seated, each status, and the answer books received. */
export async function sheetCounts(tx: Tx | Database['prisma'], key: SheetKey): Promise<SheetCounts> {
  const sheet = await tx.attendanceSheet.findUnique({ where: { key } });
  const counts = await tx.attendance.groupBy({ by: ['status'], where: key, _count: { _all: true } });
  const n = (s: string) => counts.find((c) => c.status === s)?._count._all ?? 0;
  return {
    seated: await seatedCount(tx, key),
    present: n('PRESENT'),
    absent: n('ABSENT'),
    ufm: n('UFM'),
    answer_books_received: sheet?.answer_books_received ?? null,
  };
}

/** The attendance rows of a sheet, with what a UFM case of the statement needs. */
export const rowsOfSheet = (tx: Tx, key: SheetKey) =>
  tx.attendance.findMany({
    where: key,
    select: {
      student_id: true,
      roll_no: true,
      status: true,
      answer_book_no: true,
      exam_id: true,
      paper_id: true,
      college_id: true,
    },
  });

/** Writes an entry's changed rows (status, answer book), each with its audit entry. */
export async function writeEntryChanges(
  tx: Tx,
  slotId: string,
  changes: ReadonlyArray<{
    row: { student_id: string; status: string; answer_book_no: string | null };
    status: string;
    answer_book_no: string | null;
  }>,
  who: Auditor,
) {
  if (!changes.length) return;
  await tx.$executeRawUnsafe(
    `UPDATE attendance a
        SET status = v.status,
            answer_book_no = v.book,
            entered_by = $4,
            updated_at = now()
       FROM (SELECT unnest($2::text[]) AS student_id,
                    unnest($3::text[]) AS status,
                    unnest($5::text[]) AS book) v
      WHERE a.slot_id = $1
        AND a.student_id = v.student_id`,
    slotId,
    changes.map((c) => c.row.student_id),
    changes.map((c) => c.status),
    who.email,
    changes.map((c) => c.answer_book_no),
  );
  await tx.auditEntry.createMany({
    data: changes.map((c) => ({
      user_id: who.userId,
      user_email: who.email,
      action: 'update',
      entity: 'attendance',
      entity_key: `${slotId}/${c.row.student_id}`,
      before: { status: c.row.status, answer_book_no: c.row.answer_book_no },
      after: { status: c.status, answer_book_no: c.answer_book_no },
      request_id: who.requestId,
    })),
  });
}

/** Whether a candidate has a case of the slot that is not CLOSED. */
export async function hasOpenUfmCase(tx: Tx, slotId: string, studentId: string) {
  const open = await tx.ufmCase.findFirst({
    where: { slot_id: slotId, student_id: studentId, status: { notIn: ['CLOSED'] } },
    select: { case_id: true },
  });
  return open !== null;
}

/** Who reports the cases the centre's attendance statement opens. */
export const STATEMENT_REPORTER = 'Attendance statement of the centre';

/** Opens a case (REPORTED) for a UFM roll keyed from the centre's statement, with its audit entry. */
export async function openUfmCaseFromStatement(
  tx: Tx,
  caseId: string,
  at: SheetKey,
  row: { exam_id: string; student_id: string; paper_id: string; roll_no: string; college_id: string },
  who: Auditor,
) {
  await tx.ufmCase.create({
    data: {
      case_id: caseId,
      exam_id: row.exam_id,
      slot_id: at.slot_id,
      student_id: row.student_id,
      paper_id: row.paper_id,
      roll_no: row.roll_no,
      centre_id: at.centre_id,
      college_id: row.college_id,
      reported_by: STATEMENT_REPORTER,
      nature: 'OTHER',
    },
  });
  await tx.auditEntry.create({
    data: {
      user_id: who.userId,
      user_email: who.email,
      action: 'create',
      entity: 'ufmcase',
      entity_key: caseId,
      after: { case_id: caseId, roll_no: row.roll_no, status: 'REPORTED' },
      request_id: who.requestId,
    },
  });
}

/**
 * Records the entry on its sheet (who, the books received) and moves it to ENTERED, audited when it moves.
 */
export async function markSheetEntered(
  tx: Tx,
  key: SheetKey,
  before: { status: string },
  booksReceived: number | null | undefined,
  who: Auditor,
) {
  const data: Prisma.AttendanceSheetUpdateInput = { entered_by: who.email };
  if (booksReceived !== undefined) data.answer_books_received = booksReceived;
  if (before.status !== 'ENTERED') data.status = 'ENTERED';
  const after = await tx.attendanceSheet.update({ where: { key }, data });
  if (before.status !== 'ENTERED')
    await audit(tx, who, {
      entity: 'attendancesheet',
      key: `${key.slot_id}/${key.centre_id}`,
      transition: 'enter',
      before: { status: before.status },
      after: { status: 'ENTERED' },
    });
  return after;
}

/** A candidate's attendance in a slot. */
export const attendanceByKey = (db: Reader, key: AttendanceKey) =>
  clientOf(db).attendance.findUnique({ where: { key } });

/** Writes a correction and its audit entry (with the reason). */
export async function writeCorrection(
  tx: Tx,
  key: AttendanceKey,
  before: { status: string; answer_book_no: string | null },
  input: { status: string; answer_book_no?: string | null; reason: string },
  who: Auditor,
) {
  const after = await tx.attendance.update({
    where: { key },
    data: {
      status: input.status,
      ...(input.answer_book_no !== undefined ? { answer_book_no: input.answer_book_no } : {}),
      entered_by: who.email,
    },
  });
  await audit(tx, who, {
    entity: 'attendance',
    key: `${key.slot_id}/${key.student_id}`,
    transition: 'correct',
    reason: input.reason,
    before: { status: before.status, answer_book_no: before.answer_book_no },
    after: { status: after.status, answer_book_no: after.answer_book_no },
  });
  return after;
}

/** A timetable slot with its paper. */
export const slotWithPaper = (db: Database, slotId: string) =>
  db.prisma.timetableSlot.findUnique({ where: { slot_id: slotId }, include: { paper: true } });

/** The plan of a sitting at a centre. */
export const planOfSitting = (db: Database, centreId: string, sitting: { date: string; shift: string }) =>
  db.prisma.seating.findFirst({ where: { centre_id: centreId, date: sitting.date, shift: sitting.shift } });

/** The candidates of a sheet for the signature sheet: room, roll, names, status, needs, photo. */
export const signatureSheetRows = (db: Database, key: SheetKey) =>
  db.prisma.$queryRawUnsafe<
    Array<{
      room_no: string | null;
      roll_no: string;
      student_id: string;
      name_en: string;
      name_hi: string | null;
      status: string;
      answer_book_no: string | null;
      needs: string | null;
      photo_sha256: string | null;
    }>
  >(
    `SELECT a.room_no, a.roll_no, a.student_id, st.name_en, st.name_hi, a.status, a.answer_book_no,
            s.needs, st.photo_sha256
       FROM attendance a
       JOIN student st ON st.student_id = a.student_id
       LEFT JOIN seat_allocation s
         ON s.paper_slot_id = a.slot_id
        AND s.student_id = a.student_id
        AND s.centre_id = a.centre_id
      WHERE a.slot_id = $1
        AND a.centre_id = $2
      ORDER BY a.room_no, a.roll_no`,
    key.slot_id,
    key.centre_id,
  );
