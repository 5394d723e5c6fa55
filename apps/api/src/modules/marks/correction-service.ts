import { renderEnglish } from '@exam/contracts';
import type { Database } from '@exam/db';
import type { AuthenticatedUser } from '../../platform/auth/authenticate.ts';
import { asDelegate, present, type Store } from '../../platform/crud/store.ts';
import type { ActionEffect } from '../../platform/workflows/effects.ts';
import { componentMax } from './award-lists.ts';
import { correctMark, markOfRecord } from './correction-store.ts';
import {
  approvedNotice,
  isStatus,
  refuseAboveMaximum,
  refuseBlankExternal,
  refuseMovedMark,
  refuseOwnRequest,
  refuseSameMark,
  refuseWithoutMark,
  requestedNotice,
  storedMark,
  type MarkCorrectionCreate,
} from './correction-rules.ts';
import type { RecordChanges } from './entry-service.ts';
import { newId } from './sql.ts';

/** Where the engine finds marks corrections (list, one, workflow). */
export const markCorrectionStore: Store = { delegate: (c) => asDelegate(c.markCorrection) };

const throwIf = (refusal: Error | undefined) => {
  if (refusal) throw refusal;
};

const SOURCE: Record<string, string> = { REVALUATION: 'REVAL', MODERATION: 'MODERATION' };

/**
 * `POST /api/markcorrection`: a change of an attempt's LOCKED mark, with its reason and kind, recorded (and
 * audited) for approval; the mark of record changes only when it is approved. Answers the correction and the
 * notice.
 */
export async function requestCorrection(
  db: Database,
  input: MarkCorrectionCreate,
  user: AuthenticatedUser,
  audit: RecordChanges,
) {
  const created = await db.prisma.$transaction(async (tx) => {
    const attempt = await tx.attempt.findUnique({ where: { attempt_id: input.attempt_id } });
    const mark = attempt ? await markOfRecord(tx, input.attempt_id, input.component) : undefined;
    throwIf(refuseWithoutMark(input, Boolean(attempt), mark?.mark));
    throwIf(refuseBlankExternal(input));
    if (!isStatus(input.new))
      throwIf(refuseAboveMaximum(input.new, await componentMax(tx, attempt!, input.component)));
    const next = storedMark(input.new);
    throwIf(refuseSameMark(next, mark!.mark));
    const correction_id = newId('MC');
    const row = await tx.markCorrection.create({
      data: {
        correction_id,
        attempt_id: input.attempt_id,
        component: input.component,
        old: mark!.mark,
        new: next,
        reason: input.reason,
        kind: input.kind,
        requested_by: user.email,
      },
    });
    const after = present(markCorrectionStore, row);
    await audit(tx, [{ action: 'create', entity: 'markcorrection', key: correction_id, after }]);
    return after;
  });
  return { correction: created, notice: requestedNotice(created) };
}

/**
 * Approve: a second person (not the requester) with marks.correct. The mark of record changes now (source
 * CORRECTION, REVAL or MODERATION, with the correction's id); a moderation also gets its own row with before
 * and after. Entered rows and award lists are never overwritten. Refused when the mark of record moved since
 * the request. The workflow router answers a sentence: the notice is rendered in English until its `message`
 * takes a message with its code.
 */
export const approveCorrection: ActionEffect = {
  async before(context) {
    const { record, tx, user } = context;
    throwIf(refuseOwnRequest(record, user.email));
    const mark = await markOfRecord(tx, String(record.attempt_id), String(record.component), true);
    throwIf(refuseMovedMark(record, mark?.mark ?? null));
    const next = String(record.new);
    await correctMark(
      tx,
      {
        attempt_id: String(record.attempt_id),
        component: String(record.component),
        value: isStatus(next) ? null : next,
        status: isStatus(next) ? next : null,
      },
      SOURCE[String(record.kind)] ?? 'CORRECTION',
      String(record.correction_id),
    );
    if (record.kind === 'MODERATION') {
      await tx.markModeration.create({
        data: {
          correction_id: String(record.correction_id),
          attempt_id: String(record.attempt_id),
          component: String(record.component),
          batch_id: mark?.batch_id ?? null,
          before_value: record.old && !isStatus(String(record.old)) ? String(record.old) : null,
          after_value: next,
          remarks: String(record.reason),
          approved_by: user.email,
        },
      });
    }
    return {
      set: { approved_by: user.email, approved_at: new Date() },
      message: renderEnglish(approvedNotice(record)),
    };
  },
};
