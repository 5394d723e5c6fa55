import { markCorrectionCreate, msg, toHundredths } from '@exam/contracts';
import type { z } from 'zod';
import { AppError, forbidden, invalid } from '../../platform/http/errors.ts';
import { aboveMaximum, fixed2 } from './entry-rules.ts';

/**
 * The rules of marks corrections (lifecycle S7: a change of a LOCKED mark, with a reason, applied when a
 * second person approves it), as pure functions of what the store read: each answers a refusal (an AppError
 * to throw), a value or a notice; none reads the database.
 */

type Values = Record<string, unknown>;
/** A correction as requested. */
export type MarkCorrectionCreate = z.infer<typeof markCorrectionCreate>;

/** A status (AB, UFM, ...) rather than marks. */
export const isStatus = (mark: string) => !/^\d/.test(mark);

/** Corrections are requested one by one with the mark they change, never imported. */
export const correctionNotImported = () => ({ correction_id: [msg('marks.correctionsNotImported')] });

/** Corrections are the log of changes after locking: never deleted, only rejected. */
export const correctionNotDeletable = (row: Values) =>
  new AppError('LOCKED', msg('marks.correctionNotDeletable', { correction_id: String(row.correction_id) }));

/** A correction changes a mark of record: the attempt must exist and have one of the component. */
export function refuseWithoutMark(
  input: MarkCorrectionCreate,
  attemptExists: boolean,
  mark: string | undefined,
) {
  if (!attemptExists)
    return invalid({ attempt_id: [msg('marks.noSuchAttempt', { attempt_id: input.attempt_id })] });
  if (mark !== undefined) return undefined;
  return new AppError(
    'INVALID_TRANSITION',
    msg('marks.noLockedMark', { attempt_id: input.attempt_id, component: input.component }),
  );
}

/** A blank external answer book is 0 marks, not a status of its own. */
export function refuseBlankExternal(input: MarkCorrectionCreate) {
  if (input.component !== 'EXT' || input.new !== 'BLANK') return undefined;
  return invalid({ new: [msg('marks.blankIsZero')] });
}

/** New marks within the component's maximum. */
export function refuseAboveMaximum(newMark: string, max: string) {
  if (toHundredths(newMark) <= toHundredths(max)) return undefined;
  return invalid({ new: [aboveMaximum(newMark, max)] });
}

/** The new mark as stored: a status as given, marks with two decimals. */
export const storedMark = (newMark: string) => (isStatus(newMark) ? newMark : fixed2(toHundredths(newMark)));

/** A correction changes the mark. */
export function refuseSameMark(next: string, mark: string) {
  if (next !== mark) return undefined;
  return invalid({ new: [msg('marks.alreadyThatMark', { mark })] });
}

/** The notice of a correction requested. */
export const requestedNotice = (created: Values) =>
  msg('marks.correctionRequested', {
    correction_id: String(created.correction_id),
    old: String(created.old),
    new: String(created.new),
  });

/** A second person approves: never the requester. */
export function refuseOwnRequest(record: Values, email: string) {
  if (record.requested_by !== email) return undefined;
  return forbidden(msg('marks.ownCorrection', { correction_id: String(record.correction_id) }));
}

/** The mark of record must still be the one the correction was requested against. */
export function refuseMovedMark(record: Values, mark: string | null) {
  if (mark === record.old) return undefined;
  return new AppError(
    'STALE_EDIT',
    msg('marks.markMoved', {
      attempt_id: String(record.attempt_id),
      component: String(record.component),
      mark: mark ?? msg('marks.noMark'),
      old: String(record.old),
    }),
  );
}

/** The notice of a correction approved. */
export const approvedNotice = (record: Values) =>
  msg('marks.correctionApproved', {
    correction_id: String(record.correction_id),
    attempt_id: String(record.attempt_id),
    component: String(record.component),
    new: String(record.new),
    old: String(record.old),
  });
