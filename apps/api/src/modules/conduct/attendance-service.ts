import type { AttendanceEntries } from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import type { ResourceRules } from '../../platform/crud/registry.ts';
import type { ActionEffect } from '../../platform/workflows/effects.ts';
import { readStudentImage } from '../students/index.ts';
import {
  attendanceCorrected,
  attendanceNotByHand,
  attendanceNotDeleted,
  attendanceSaved,
  entryChanges,
  reconciliationOf,
  refuseEditOnLockedSheet,
  refuseEntryOnLockedSheet,
  refuseMissingAttendance,
  refuseMissingSheet,
  refuseUnknownRolls,
  refuseUnreconciled,
  sheetNotByHand,
  sheetNotDeleted,
  sheetNotEdited,
} from './attendance-rules.ts';
import {
  attendanceByKey,
  hasOpenUfmCase,
  markSheetEntered,
  openUfmCaseFromStatement,
  planOfSitting,
  rowsOfSheet,
  sheetByKey,
  sheetCounts,
  signatureSheetRows,
  slotWithPaper,
  writeCorrection,
  writeEntryChanges,
} from './attendance-store.ts';
import { writeAttendanceSheetPdf } from './conduct-pdf.ts';
import { centreInReach, type Printout, type Reach } from './seating-service.ts';
import type { Auditor } from './seating-store.ts';
import { newCaseId } from './ufm-store.ts';

/**
 * Attendance (lifecycle S5 "Present/absent entry", §2.3 D): the clerk's entry of absentees and UFM rolls, the
 * reconciliation a sheet needs before VERIFIED and LOCKED, corrections after LOCKED (with a reason, audited)
 * and the signature sheet. The decisions are attendance-rules.ts', the SQL attendance-store.ts'.
 */

type Tx = Prisma.TransactionClient;
type SheetKey = { slot_id: string; centre_id: string };

const throwIf = (refusal: Error | undefined) => {
  if (refusal) throw refusal;
};

/** The sheet of a paper's slot at a centre, or 404. */
async function sheetOf(db: Database | Tx, key: SheetKey) {
  const sheet = await sheetByKey(db, key);
  throwIf(refuseMissingSheet(key, sheet));
  return sheet!;
}

/** A sheet at a centre within reach (404 otherwise). */
async function sheetInReach(db: Database, key: SheetKey, reach: Reach) {
  const centre = await centreInReach(db, reach, key.centre_id);
  return { centre, sheet: await sheetOf(db, key) };
}

/** The reconciliation of a sheet as it stands. */
export const reconcile = async (tx: Tx | Database['prisma'], key: SheetKey) =>
  reconciliationOf(await sheetCounts(tx, key));

/** The reconciliation of a sheet within reach. */
export async function sheetReconciliation(db: Database, key: SheetKey, reach: Reach) {
  await sheetInReach(db, key, reach);
  return reconcile(db.prisma, key);
}

/**
 * The clerk's entry for a sheet: the listed rolls ABSENT or UFM, everyone else seated PRESENT; answer-book
 * numbers and the count of books received. Moves a PENDING or VERIFIED sheet to ENTERED. A UFM roll without a
 * case gets one (REPORTED, from the attendance statement). Refused on a LOCKED sheet (corrections then) and
 * for unknown rolls. Answers the sheet, its reconciliation and the notice.
 */
export async function enterAttendance(
  db: Database,
  key: SheetKey,
  input: AttendanceEntries,
  reach: Reach,
  who: Auditor,
) {
  await sheetInReach(db, key, reach);
  const { sheet, changed } = await db.prisma.$transaction(async (tx) => {
    const before = await sheetOf(tx, key);
    throwIf(refuseEntryOnLockedSheet({ ...before, centre_id: key.centre_id }));
    const rows = await rowsOfSheet(tx, key);
    const byRoll = new Map(rows.map((r) => [r.roll_no, r]));
    throwIf(refuseUnknownRolls({ ...before, centre_id: key.centre_id }, new Set(byRoll.keys()), input));
    const changes = entryChanges(rows, input);
    await writeEntryChanges(tx, key.slot_id, changes, who);
    // A UFM roll keyed from the centre's statement opens its case when it has none yet.
    for (const roll of input.ufm) {
      const row = byRoll.get(roll)!;
      if (!(await hasOpenUfmCase(tx, key.slot_id, row.student_id)))
        await openUfmCaseFromStatement(tx, newCaseId(), key, row, who);
    }
    const after = await markSheetEntered(tx, key, before, input.answer_books_received, who);
    return { sheet: after, changed: changes.length };
  });
  const reconciliation = await reconcile(db.prisma, key);
  return { sheet, reconciliation, notice: attendanceSaved(sheet.paper_id, reconciliation, changed) };
}

/**
 * A correction after LOCKED: a reason is required (422 without, by the contract), the sheet stays LOCKED, the
 * change is audited with it. Answers the row and the notice.
 */
export async function correctAttendance(
  db: Database,
  key: { slot_id: string; student_id: string },
  input: { status: string; answer_book_no?: string | null; reason: string },
  reach: Reach,
  who: Auditor,
) {
  const row = await attendanceByKey(db, key);
  throwIf(refuseMissingAttendance(key, row));
  await centreInReach(db, reach, row!.centre_id);
  const after = await db.prisma.$transaction(async (tx) => {
    const before = await attendanceByKey(tx, key);
    throwIf(refuseMissingAttendance(key, before));
    return writeCorrection(tx, key, before!, input, who);
  });
  return { attendance: after, notice: attendanceCorrected(after) };
}

/** The signature sheets of a paper at a centre, one section per room, with the candidates' photos. */
export async function signatureSheetPrintout(
  db: Database,
  key: SheetKey,
  reach: Reach,
  dataDir: string,
): Promise<Printout> {
  const { centre, sheet } = await sheetInReach(db, key, reach);
  const slot = (await slotWithPaper(db, key.slot_id))!;
  const plan = await planOfSitting(db, key.centre_id, slot);
  const rows = await signatureSheetRows(db, key);
  const candidates = await Promise.all(
    rows.map(async (r) => ({ ...r, photo: await readStudentImage(dataDir, r.photo_sha256) })),
  );
  const heading = {
    date: slot.date,
    shift: slot.shift,
    centre_id: centre.centre_id,
    centre_name: centre.centre_name,
    revision: plan?.revision ?? 1,
    status: plan?.status ?? 'FINAL',
    paper_code: slot.paper.paper_code ?? slot.paper_id,
    paper_name: slot.paper.paper_name,
    paper_name_hi: slot.paper.paper_name_hi,
    sheet_status: sheet.status,
  };
  return {
    name: `attendance-${sheet.paper_id}-${slot.date}-${key.centre_id}.pdf`,
    write: (out) => writeAttendanceSheetPdf(out, heading, candidates),
  };
}

/** `verify` and `lock` need a reconciled sheet (409 naming what does not add up). */
export const reconciledEffect: ActionEffect = {
  async before({ tx, record, action, user }) {
    const key = { slot_id: String(record.slot_id), centre_id: String(record.centre_id) };
    const sheet = { paper_id: String(record.paper_id), centre_id: key.centre_id };
    throwIf(refuseUnreconciled(sheet, action, await reconcile(tx, key)));
    return {
      set: action === 'lock' ? { locked_by: user.email, locked_at: new Date() } : { verified_by: user.email },
    };
  },
};

/**
 * Attendance rows are made by finalizing a seating plan. An edit (PUT) is refused once the sheet is LOCKED:
 * that is a correction with a reason then (POST .../correct).
 */
export const attendanceRules: ResourceRules = {
  async beforeCreate(_tx, rows) {
    return new Map(rows.map((_, i) => [i, attendanceNotByHand()]));
  },
  async beforeUpdate(tx, record) {
    const key = { slot_id: String(record.slot_id), centre_id: String(record.centre_id) };
    throwIf(refuseEditOnLockedSheet(await sheetByKey(tx, key), record));
    return {};
  },
  async beforeDelete() {
    throw attendanceNotDeleted();
  },
};

/** Sheets are made by finalizing a seating plan and moved by entry and their workflow. */
export const sheetRules: ResourceRules = {
  async beforeCreate(_tx, rows) {
    return new Map(rows.map((_, i) => [i, sheetNotByHand()]));
  },
  async beforeUpdate() {
    throw sheetNotEdited();
  },
  async beforeDelete() {
    throw sheetNotDeleted();
  },
};
