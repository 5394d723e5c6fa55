import { msg, type AttendanceEntries, type Message } from '@exam/contracts';
import { AppError, invalid, notFound, type FieldErrors } from '../../platform/http/errors.ts';
import { joined } from './seating-rules.ts';

/**
 * The rules of attendance (lifecycle S5 "Present/absent entry", §2.3 D) as pure decisions: the
 * reconciliation a sheet needs before VERIFIED and LOCKED, what an entry may list, and how rows and sheets
 * may change. None reads the database.
 */

type SheetKey = { slot_id: string; centre_id: string };
type Status = 'PRESENT' | 'ABSENT' | 'UFM';

/** How many unknown rolls a refusal names; the rest are counted. */
export const NAMED_ROLLS = 10;

/** The counts of a sheet as the store read them. */
export interface SheetCounts {
  seated: number;
  present: number;
  absent: number;
  ufm: number;
  /** null: not entered yet. */
  answer_books_received: number | null;
}

/**
 * present + absent + UFM = seated, and answer books received = present + UFM (the UFM book travels
 * separately): the counts, whether they add up and what does not.
 */
export function reconciliationOf(counts: SheetCounts) {
  const { seated, present, absent, ufm } = counts;
  const books = counts.answer_books_received;
  const problems: Message[] = [];
  if (present + absent + ufm !== seated)
    problems.push(
      msg('conduct.countsDoNotAddUp', { present, absent, ufm, total: present + absent + ufm, seated }),
    );
  if (books === null) problems.push(msg('conduct.enterBooksReceived'));
  else if (books !== present + ufm)
    problems.push(msg('conduct.booksDoNotMatch', { books, present, ufm, total: present + ufm }));
  return { ...counts, reconciled: problems.length === 0, problems };
}

export type Reconciliation = ReturnType<typeof reconciliationOf>;

/** `verify` and `lock` need a reconciled sheet (409 naming what does not add up). */
export function refuseUnreconciled(
  sheet: { paper_id: string; centre_id: string },
  action: string,
  reconciliation: Reconciliation,
) {
  if (reconciliation.reconciled) return undefined;
  return new AppError(
    'LOCKED',
    msg(action === 'lock' ? 'conduct.unreconciledNoLock' : 'conduct.unreconciledNoVerify', {
      paper_id: sheet.paper_id,
      centre_id: sheet.centre_id,
      problems: joined(reconciliation.problems, 'conduct.sentences'),
    }),
  );
}

/** A sheet exists once the seating plan of its sitting is finalized. */
export const refuseMissingSheet = (key: SheetKey, sheet: unknown) =>
  sheet ? undefined : notFound(msg('conduct.noSheet', { ...key }));

/** A LOCKED sheet takes no entry: a candidate changes by a correction with a reason. */
export const refuseEntryOnLockedSheet = (sheet: { status: string; paper_id: string; centre_id: string }) =>
  sheet.status === 'LOCKED'
    ? new AppError(
        'LOCKED',
        msg('conduct.sheetLockedNoEntry', { paper_id: sheet.paper_id, centre_id: sheet.centre_id }),
      )
    : undefined;

/**
 * What an entry may list: rolls seated on the sheet (absent, UFM, answer books), none both absent and UFM;
 * 422 naming the rest.
 */
export function refuseUnknownRolls(
  sheet: { paper_id: string; centre_id: string },
  seatedRolls: ReadonlySet<string>,
  input: AttendanceEntries,
) {
  const errors: FieldErrors = {};
  const unknown = (field: string, rolls: readonly string[]) => {
    const missing = rolls.filter((r) => !seatedRolls.has(r));
    if (!missing.length) return;
    const more = missing.length - NAMED_ROLLS;
    (errors[field] ??= []).push(
      msg('conduct.notSeatedRolls', {
        paper_id: sheet.paper_id,
        centre_id: sheet.centre_id,
        rolls: missing.slice(0, NAMED_ROLLS).join(', '),
        more: more > 0 ? msg('conduct.andMoreRolls', { count: more }) : '',
      }),
    );
  };
  unknown('absent', input.absent);
  unknown('ufm', input.ufm);
  unknown(
    'answer_books',
    (input.answer_books ?? []).map((b) => b.roll_no),
  );
  const both = input.absent.filter((r) => input.ufm.includes(r));
  if (both.length) (errors.ufm ??= []).push(msg('conduct.absentAndUfm', { rolls: both.join(', ') }));
  return Object.keys(errors).length ? invalid(errors) : undefined;
}

/** A row of the sheet as it stands. */
export interface SheetRow {
  student_id: string;
  roll_no: string;
  status: string;
  answer_book_no: string | null;
}

/**
 * The rows an entry changes, each with its new status and answer book: the listed rolls ABSENT or UFM,
 * everyone else PRESENT; an answer book given for a roll replaces the stored one.
 */
export function entryChanges<R extends SheetRow>(rows: readonly R[], input: AttendanceEntries) {
  const statusOf = (roll: string): Status =>
    input.ufm.includes(roll) ? 'UFM' : input.absent.includes(roll) ? 'ABSENT' : 'PRESENT';
  const books = new Map((input.answer_books ?? []).map((b) => [b.roll_no, b.answer_book_no ?? null]));
  return rows
    .map((row) => ({
      row,
      status: statusOf(row.roll_no),
      answer_book_no: books.has(row.roll_no) ? books.get(row.roll_no)! : row.answer_book_no,
    }))
    .filter((c) => c.row.status !== c.status || c.answer_book_no !== c.row.answer_book_no);
}

export type EntryChange<R extends SheetRow = SheetRow> = ReturnType<typeof entryChanges<R>>[number];

/** The notice of a saved entry. */
export const attendanceSaved = (paperId: string, r: Reconciliation, changed: number) =>
  msg('conduct.attendanceSaved', {
    paper_id: paperId,
    present: r.present,
    absent: r.absent,
    ufm: r.ufm,
    changed,
  });

/** A candidate's attendance in a slot must exist to be corrected. */
export const refuseMissingAttendance = (key: { slot_id: string; student_id: string }, row: unknown) =>
  row ? undefined : notFound(msg('conduct.noAttendance', { ...key }));

/** The notice of a correction. */
export const attendanceCorrected = (row: { roll_no: string; status: string }) =>
  msg('conduct.attendanceCorrected', { roll_no: row.roll_no, status: row.status });

/** Attendance rows are made by finalizing a seating plan. */
export const attendanceNotByHand = () => ({ slot_id: [msg('conduct.attendanceNotByHand')] });

/** A row of a LOCKED sheet is not edited: that is a correction with a reason then. */
export function refuseEditOnLockedSheet(
  sheet: { status: string; paper_id: string; centre_id: string } | null,
  row: Readonly<Record<string, unknown>>,
) {
  if (sheet?.status !== 'LOCKED') return undefined;
  return new AppError(
    'LOCKED',
    msg('conduct.sheetLockedNoEdit', {
      paper_id: sheet.paper_id,
      centre_id: sheet.centre_id,
      slot_id: String(row.slot_id),
      student_id: String(row.student_id),
    }),
  );
}

/** Attendance rows stay: an absent candidate is marked ABSENT. */
export const attendanceNotDeleted = () => new AppError('LOCKED', msg('conduct.attendanceNotDeleted'));

/** Sheets are made by finalizing a seating plan. */
export const sheetNotByHand = () => ({ slot_id: [msg('conduct.sheetNotByHand')] });

/** A sheet changes through its entry and its workflow only. */
export const sheetNotEdited = () => new AppError('LOCKED', msg('conduct.sheetChangesByEntry'));

/** Sheets stay. */
export const sheetNotDeleted = () => new AppError('LOCKED', msg('conduct.sheetNotDeleted'));
