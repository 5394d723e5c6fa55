import type { Response } from 'express';
import {
  centreResource,
  conductAccess,
  type AttendanceEntries,
  type AttendanceReconciliation,
  type CapabilityKey,
} from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import { scopeOf } from '../../platform/auth/capabilities.ts';
import { scopeWhere } from '../../platform/auth/scope.ts';
import type { ResourceRules } from '../../platform/crud/registry.ts';
import { AppError, invalid, notFound } from '../../platform/http/errors.ts';
import type { ActionEffect } from '../../platform/workflows/effects.ts';
import { audit, type Auditor } from './seating-store.ts';
import { newCaseId } from './ufm-store.ts';

/**
 * Attendance (lifecycle S5 "Present/absent entry", §2.3 D): the clerk's entry of absentees and UFM rolls, the
 * reconciliation a sheet needs before VERIFIED and LOCKED, and corrections after LOCKED (with a reason,
 * audited).
 */

type Tx = Prisma.TransactionClient;

/**
 * A centre within the caller's reach of `access` (a college's staff: the centre its college is); else 404.
 */
export async function centreInReach(
  db: Database | Tx,
  res: Response,
  centreId: string,
  access: 'read' | 'write',
) {
  const scope = scopeOf(res, conductAccess[access] as CapabilityKey);
  const within = scopeWhere(scope, res.locals.user!, centreResource.scopeFields);
  const prisma = 'prisma' in db ? db.prisma : db;
  const centre =
    within &&
    (await prisma.centre.findFirst({
      where: { AND: [{ centre_id: centreId }, within as Prisma.CentreWhereInput] },
    }));
  if (!centre) throw notFound(`No centre ${centreId}.`);
  return centre;
}

/** The sheet of a paper's slot at a centre, or 404. */
export async function sheetOf(db: Database | Tx, key: { slot_id: string; centre_id: string }) {
  const prisma = 'prisma' in db ? db.prisma : db;
  const sheet = await prisma.attendanceSheet.findUnique({ where: { key } });
  if (!sheet)
    throw notFound(
      `No attendance sheet for slot ${key.slot_id} at centre ${key.centre_id}: finalize the seating plan ` +
        `of that sitting first.`,
    );
  return sheet;
}

/** Seated candidates of a paper's slot at a centre in the plan of its sitting (the latest revision). */
export async function seatedCount(tx: Tx | Database['prisma'], key: { slot_id: string; centre_id: string }) {
  return tx.seatAllocation.count({ where: { paper_slot_id: key.slot_id, centre_id: key.centre_id } });
}

/**
 * present + absent + UFM = seated, and answer books received = present + UFM (the UFM book travels
 * separately).
 */
export async function reconcile(
  tx: Tx | Database['prisma'],
  key: { slot_id: string; centre_id: string },
): Promise<AttendanceReconciliation> {
  const sheet = await tx.attendanceSheet.findUnique({ where: { key } });
  const counts = await tx.attendance.groupBy({ by: ['status'], where: key, _count: { _all: true } });
  const n = (s: string) => counts.find((c) => c.status === s)?._count._all ?? 0;
  const seated = await seatedCount(tx, key);
  const [present, absent, ufm] = [n('PRESENT'), n('ABSENT'), n('UFM')];
  const books = sheet?.answer_books_received ?? null;
  const problems: string[] = [];
  if (present + absent + ufm !== seated)
    problems.push(
      `Present ${present} + absent ${absent} + UFM ${ufm} = ${present + absent + ufm}, but ${seated} ` +
        `candidates are seated: finalize the seating plan again or check the entries.`,
    );
  if (books === null) problems.push('Enter the number of answer books received from the centre.');
  else if (books !== present + ufm)
    problems.push(
      `${books} answer books received, but present ${present} + UFM ${ufm} = ${present + ufm}: check the ` +
        `absentees against the books.`,
    );
  return {
    seated,
    present,
    absent,
    ufm,
    answer_books_received: books,
    reconciled: problems.length === 0,
    problems,
  };
}

/** `verify` and `lock` need a reconciled sheet (409 naming what does not add up). */
export const reconciledEffect: ActionEffect = {
  async before({ tx, record, action, user }) {
    const key = { slot_id: String(record.slot_id), centre_id: String(record.centre_id) };
    const r = await reconcile(tx, key);
    if (!r.reconciled)
      throw new AppError(
        'LOCKED',
        `The attendance of paper ${String(record.paper_id)} at centre ${key.centre_id} does not ` +
          `reconcile, so it cannot be ${action === 'lock' ? 'locked' : 'verified'}: ${r.problems.join(' ')}`,
      );
    return {
      set: action === 'lock' ? { locked_by: user.email, locked_at: new Date() } : { verified_by: user.email },
    };
  },
};

/**
 * The clerk's entry for a sheet: the listed rolls ABSENT or UFM, everyone else seated PRESENT; answer-book
 * numbers and the count of books received. Moves a PENDING or VERIFIED sheet to ENTERED. A UFM roll without a
 * case gets one (REPORTED, from the attendance statement). Refused on a LOCKED sheet (corrections then) and
 * for unknown rolls.
 */
export async function enterAttendance(
  tx: Tx,
  key: { slot_id: string; centre_id: string },
  input: AttendanceEntries,
  who: Auditor,
) {
  const sheet = await sheetOf(tx, key);
  if (sheet.status === 'LOCKED')
    throw new AppError(
      'LOCKED',
      `The attendance of paper ${sheet.paper_id} at centre ${key.centre_id} is LOCKED: change a ` +
        `candidate by an attendance correction with a reason.`,
    );
  const rows = await tx.attendance.findMany({
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
  const byRoll = new Map(rows.map((r) => [r.roll_no, r]));
  const errors: Record<string, string[]> = {};
  const unknown = (field: string, rolls: string[]) => {
    const missing = rolls.filter((r) => !byRoll.has(r));
    if (missing.length)
      (errors[field] ??= []).push(
        `Not seated for paper ${sheet.paper_id} at centre ${key.centre_id}: ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ` and ${missing.length - 10} more` : ''}.`,
      );
  };
  unknown('absent', input.absent);
  unknown('ufm', input.ufm);
  unknown(
    'answer_books',
    (input.answer_books ?? []).map((b) => b.roll_no),
  );
  const both = input.absent.filter((r) => input.ufm.includes(r));
  if (both.length) (errors.ufm ??= []).push(`Listed both absent and UFM: ${both.join(', ')}.`);
  if (Object.keys(errors).length) throw invalid(errors);
  const status = (roll: string) =>
    input.ufm.includes(roll) ? 'UFM' : input.absent.includes(roll) ? 'ABSENT' : 'PRESENT';
  const books = new Map((input.answer_books ?? []).map((b) => [b.roll_no, b.answer_book_no ?? null]));
  const changed = rows.filter(
    (r) =>
      r.status !== status(r.roll_no) || (books.has(r.roll_no) && books.get(r.roll_no) !== r.answer_book_no),
  );
  if (changed.length) {
    await tx.$executeRawUnsafe(
      `UPDATE attendance a SET status = v.status, answer_book_no = v.book, entered_by = $4, updated_at = now()
         FROM (SELECT unnest($2::text[]) AS student_id, unnest($3::text[]) AS status,
           unnest($5::text[]) AS book) v
        WHERE a.slot_id = $1 AND a.student_id = v.student_id`,
      key.slot_id,
      changed.map((r) => r.student_id),
      changed.map((r) => status(r.roll_no)),
      who.email,
      changed.map((r) => (books.has(r.roll_no) ? books.get(r.roll_no)! : r.answer_book_no)),
    );
    await tx.auditEntry.createMany({
      data: changed.map((r) => ({
        user_id: who.userId,
        user_email: who.email,
        action: 'update',
        entity: 'attendance',
        entity_key: `${key.slot_id}/${r.student_id}`,
        before: { status: r.status, answer_book_no: r.answer_book_no },
        after: {
          status: status(r.roll_no),
          answer_book_no: books.has(r.roll_no) ? books.get(r.roll_no) : r.answer_book_no,
        },
        request_id: who.requestId,
      })),
    });
  }
  // A UFM roll keyed from the centre's statement opens its case when it has none yet.
  for (const roll of input.ufm) {
    const r = byRoll.get(roll)!;
    const open = await tx.ufmCase.findFirst({
      where: { slot_id: key.slot_id, student_id: r.student_id, status: { notIn: ['CLOSED'] } },
    });
    if (!open) {
      const case_id = newCaseId();
      await tx.ufmCase.create({
        data: {
          case_id,
          exam_id: r.exam_id,
          slot_id: key.slot_id,
          student_id: r.student_id,
          paper_id: r.paper_id,
          roll_no: roll,
          centre_id: key.centre_id,
          college_id: r.college_id,
          reported_by: 'Attendance statement of the centre',
          nature: 'OTHER',
        },
      });
      await tx.auditEntry.create({
        data: {
          user_id: who.userId,
          user_email: who.email,
          action: 'create',
          entity: 'ufmcase',
          entity_key: case_id,
          after: { case_id, roll_no: roll, status: 'REPORTED' },
          request_id: who.requestId,
        },
      });
    }
  }
  const data: Prisma.AttendanceSheetUpdateInput = { entered_by: who.email };
  if (input.answer_books_received !== undefined) data.answer_books_received = input.answer_books_received;
  if (sheet.status !== 'ENTERED') data.status = 'ENTERED';
  const after = await tx.attendanceSheet.update({ where: { key }, data });
  if (sheet.status !== 'ENTERED')
    await audit(tx, who, {
      entity: 'attendancesheet',
      key: `${key.slot_id}/${key.centre_id}`,
      transition: 'enter',
      before: { status: sheet.status },
      after: { status: 'ENTERED' },
    });
  return { sheet: after, changed: changed.length };
}

/**
 * A correction after LOCKED: a reason is required (422 without), the sheet stays LOCKED, the change is
 * audited with it.
 */
export async function correctAttendance(
  tx: Tx,
  key: { slot_id: string; student_id: string },
  input: { status: string; answer_book_no?: string | null; reason: string },
  who: Auditor,
) {
  const row = await tx.attendance.findUnique({ where: { key } });
  if (!row) throw notFound(`No attendance of ${key.student_id} in slot ${key.slot_id}.`);
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
    before: { status: row.status, answer_book_no: row.answer_book_no },
    after: { status: after.status, answer_book_no: after.answer_book_no },
  });
  return after;
}

/**
 * Attendance rows are made by finalizing a seating plan. An edit (PUT) is refused once the sheet is LOCKED:
 * that is a correction with a reason then (POST .../correct).
 */
export const attendanceRules: ResourceRules = {
  async beforeCreate(_tx, rows) {
    return new Map(
      rows.map((_, i) => [
        i,
        {
          slot_id: [
            'Attendance rows are created for every seated candidate when the seating plan is finalized; ' +
              'they cannot be added by hand.',
          ],
        },
      ]),
    );
  },
  async beforeUpdate(tx, record) {
    const sheet = await tx.attendanceSheet.findUnique({
      where: { key: { slot_id: String(record.slot_id), centre_id: String(record.centre_id) } },
    });
    if (sheet?.status === 'LOCKED')
      throw new AppError(
        'LOCKED',
        `The attendance of paper ${sheet.paper_id} at centre ${sheet.centre_id} is LOCKED: make an ` +
          `attendance correction with a reason (POST /api/attendance/${String(record.slot_id)}/${String(record.student_id)}/correct).`,
      );
    return {};
  },
  async beforeDelete() {
    throw new AppError('LOCKED', 'Attendance rows are not deleted: mark the candidate ABSENT instead.');
  },
};

/** Sheets are made by finalizing a seating plan and moved by entry and their workflow. */
export const sheetRules: ResourceRules = {
  async beforeCreate(_tx, rows) {
    return new Map(
      rows.map((_, i) => [
        i,
        { slot_id: ['Attendance sheets are created when the seating plan is finalized.'] },
      ]),
    );
  },
  async beforeUpdate() {
    throw new AppError(
      'LOCKED',
      'An attendance sheet changes through its entry (absentees, UFM, answer books) and its actions ' +
        'verify and lock.',
    );
  },
  async beforeDelete() {
    throw new AppError('LOCKED', 'Attendance sheets are not deleted.');
  },
};
