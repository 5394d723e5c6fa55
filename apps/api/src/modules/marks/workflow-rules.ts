import { msg, type EntryTotals, type Message } from '@exam/contracts';
import { AppError, forbidden, invalid } from '../../platform/http/errors.ts';
import type { Mismatch } from './entry-store.ts';

/**
 * The rules of the entry-batch workflow (state machine G: submit, verify, lock) as pure functions of what
 * the store read: each answers a refusal (an AppError to throw), a notice, or nothing; none reads the
 * database.
 */

/** The batch acted on, as the workflow reads it. */
type Record = { [field: string]: unknown };
/** The other entry of a coded packet. */
type Partner = { batch_id: string; entry_no: number; status: string; submitted_by: string | null };

/** How many labels (roll numbers, fictitious numbers) a refusal names; the rest are "…". */
export const NAMED_ROWS = 10;

const named = (labels: readonly string[], more: string) =>
  `${labels.slice(0, NAMED_ROWS).join(', ')}${labels.length > NAMED_ROWS ? more : ''}`;

/** A final submit needs marks or a status in every row. */
export function refuseEmptyRows(labels: readonly string[]) {
  if (!labels.length) return undefined;
  return invalid({ rows: [msg('marks.rowsEmpty', { count: labels.length, labels: named(labels, ', …') })] });
}

/** A final submit takes no marks for a candidate the attendance marks absent or UFM ("roll (AB)"). */
export function refuseMarksOfAbsentees(against: readonly string[]) {
  if (!against.length) return undefined;
  return invalid({
    rows: [msg('marks.marksAgainstAttendance', { labels: against.slice(0, NAMED_ROWS).join(', ') })],
  });
}

/** A batch's counts in words: "30 rows: 28 with marks (total 1234.00), 2 absent". */
export const batchCounts = (t: EntryTotals): Message =>
  msg('marks.batchCounts', {
    rows: t.rows,
    entered: t.entered,
    total: t.total,
    absent: t.absent,
    others: t.statuses - t.absent ? msg('marks.otherStatuses', { others: t.statuses - t.absent }) : '',
  });

/** The notice of a submitted batch. */
export const submittedNotice = (record: Record, totals: EntryTotals) =>
  msg('marks.batchSubmitted', { batch_id: String(record.batch_id), counts: batchCounts(totals) });

/** A second person verifies: never the one who submitted. */
export function refuseOwnSubmission(record: Record, email: string) {
  if (record.submitted_by !== email) return undefined;
  return forbidden(msg('marks.ownSubmission', { batch_id: String(record.batch_id) }));
}

/** The notice of a verified roll-number batch. */
export const verifiedNotice = (record: Record, totals: EntryTotals) =>
  msg('marks.batchVerified', { batch_id: String(record.batch_id), counts: batchCounts(totals) });

/**
 * A coded award list is verified against its packet's other entry: there must be one, submitted (or
 * verified), and keyed by someone else than the verifier.
 */
export function refuseUncomparable(record: Record, partner: Partner | null, email: string) {
  const packet_no = String(record.packet_no);
  if (!partner) return new AppError('INVALID_TRANSITION', msg('marks.noSecondEntry', { packet_no }));
  if (!['SUBMITTED', 'VERIFIED'].includes(partner.status))
    return new AppError(
      'INVALID_TRANSITION',
      msg('marks.otherEntryNotSubmitted', { entry_no: partner.entry_no, packet_no, status: partner.status }),
    );
  if (partner.submitted_by === email)
    return forbidden(msg('marks.otherEntryKeyedByYou', { entry_no: partner.entry_no, packet_no }));
  return undefined;
}

/** Why two entries are returned: the books they differ in (46 vs 64 never verifies), the first ten named. */
export const differences = (mismatches: readonly Mismatch[]): Message =>
  msg('marks.entriesDiffer', {
    count: mismatches.length,
    list: mismatches.slice(0, NAMED_ROWS).map((m) =>
      msg('marks.mismatch', {
        fict_no: m.fict_no,
        entry_1: m.entry_1 ?? msg('marks.emptyEntry'),
        entry_2: m.entry_2 ?? msg('marks.emptyEntry'),
      }),
    ),
  });

/** The notice of two differing entries sent back to DRAFT. */
export const returnedNotice = (mismatches: readonly Mismatch[]) =>
  msg('marks.entriesReturned', {
    reason: differences(mismatches),
    more: mismatches.length > NAMED_ROWS ? '; …' : '',
  });

/** The notice of two agreeing entries, both verified. */
export const agreedNotice = (record: Record, totals: EntryTotals) =>
  msg('marks.entriesAgree', { packet_no: String(record.packet_no), rows: totals.rows });

/** A coded packet locks when both its entries are verified. */
export function refuseLockBeforeOtherEntry(record: Record, partner: Partner | null) {
  if (!partner || ['VERIFIED', 'LOCKED'].includes(partner.status)) return undefined;
  return new AppError(
    'INVALID_TRANSITION',
    msg('marks.otherEntryNotVerified', {
      entry_no: partner.entry_no,
      packet_no: String(record.packet_no),
      status: partner.status,
    }),
  );
}
