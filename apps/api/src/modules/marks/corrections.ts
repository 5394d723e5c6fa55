import { Router } from 'express';
import {
  markCorrectionCreate,
  markCorrectionResource,
  toHundredths,
  type CapabilityKey,
} from '@exam/contracts';
import type { Database } from '@exam/db';
import { recordChange } from '../../platform/audit/audit-trail.ts';
import { scopeOf } from '../../platform/auth/capabilities.ts';
import { asDelegate, present, type Store } from '../../platform/crud/store.ts';
import { AppError, forbidden, invalid, parseOr422 } from '../../platform/http/errors.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import type { ResourceRules } from '../../platform/crud/registry.ts';
import type { ActionEffect } from '../../platform/workflows/effects.ts';
import { componentMax } from './award-lists.ts';
import { fixed2 } from './entry-rules.ts';
import { newId } from './sql.ts';

export const markCorrectionStore: Store = { delegate: (c) => asDelegate(c.markCorrection) };

/** Corrections are the log of changes after locking: never edited or deleted, only approved or rejected. */
export const markCorrectionRules: ResourceRules = {
  async beforeCreate(_tx, rows) {
    return new Map(
      rows.map((_, i) => [
        i,
        {
          correction_id: [
            'Marks corrections are requested one by one (POST /api/markcorrection), with the mark of record they change; they are not imported.',
          ],
        },
      ]),
    );
  },
  async beforeDelete(_tx, row) {
    throw new AppError(
      'LOCKED',
      `Marks correction ${String(row.correction_id)} is part of the corrections log; reject it instead of deleting it.`,
    );
  },
};

const SOURCE: Record<string, string> = { REVALUATION: 'REVAL', MODERATION: 'MODERATION' };
const isStatus = (mark: string) => !/^\d/.test(mark);

/**
 * Approve: a second person (not the requester) with marks.correct. The mark of record changes now (source
 * CORRECTION, REVAL or MODERATION, with the correction's id); a moderation also gets its own row with before
 * and after. Entered rows and award lists are never overwritten. Refused when the mark of record moved since
 * the request.
 */
export const approveCorrection: ActionEffect = {
  async before(context) {
    const { record, tx, user } = context;
    if (record.requested_by === user.email)
      throw forbidden(
        `You requested marks correction ${String(record.correction_id)}; another person approves it.`,
      );
    const [mark] = await tx.$queryRawUnsafe<Array<{ mark: string; batch_id: string | null }>>(
      `SELECT COALESCE(value::text, status) AS mark, batch_id FROM mark_record WHERE attempt_id = $1 AND component = $2 FOR UPDATE`,
      String(record.attempt_id),
      String(record.component),
    );
    if ((mark?.mark ?? null) !== record.old) {
      throw new AppError(
        'STALE_EDIT',
        `The mark of record of ${String(record.attempt_id)} (${String(record.component)}) is now ${mark?.mark ?? 'none'}, not ${String(record.old)} as when the correction was requested; reject this one and request it again.`,
      );
    }
    const next = String(record.new);
    await tx.$executeRawUnsafe(
      `UPDATE mark_record SET value = $3::numeric(6,2), status = $4, source = $5, correction_id = $6, updated_at = now() WHERE attempt_id = $1 AND component = $2`,
      String(record.attempt_id),
      String(record.component),
      isStatus(next) ? null : next,
      isStatus(next) ? next : null,
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
      message: `Marks correction ${String(record.correction_id)} approved: ${String(record.attempt_id)} ${String(record.component)} is now ${next} (was ${String(record.old)}).`,
    };
  },
};

/**
 * `POST /api/markcorrection`: a change of a LOCKED mark, with its reason and kind; applied only on approval.
 */
export function correctionRoutes(db: Database) {
  const router = Router();
  router
    .route('/markcorrection')
    .post(async (req, res) => {
      scopeOf(res, markCorrectionResource.capability.write as CapabilityKey);
      const input = parseOr422(markCorrectionCreate, req.body ?? {});
      const user = res.locals.user!;
      const created = await db.prisma.$transaction(async (tx) => {
        const attempt = await tx.attempt.findUnique({ where: { attempt_id: input.attempt_id } });
        if (!attempt) throw invalid({ attempt_id: [`Attempt ${input.attempt_id} does not exist.`] });
        const [mark] = await tx.$queryRawUnsafe<Array<{ mark: string }>>(
          `SELECT COALESCE(value::text, status) AS mark FROM mark_record WHERE attempt_id = $1 AND component = $2`,
          input.attempt_id,
          input.component,
        );
        if (!mark)
          throw new AppError(
            'INVALID_TRANSITION',
            `Attempt ${input.attempt_id} has no locked ${input.component} mark yet: enter it in its batch; a correction changes a mark only after its batch is LOCKED.`,
          );
        if (input.component === 'EXT' && input.new === 'BLANK')
          throw invalid({ new: ['A blank answer book is recorded as 0 marks'] });
        if (!isStatus(input.new)) {
          const max = await componentMax(tx, attempt, input.component);
          if (toHundredths(input.new) > toHundredths(max))
            throw invalid({ new: [`${input.new} is above the maximum ${max}`] });
        }
        const next = isStatus(input.new) ? input.new : fixed2(toHundredths(input.new));
        if (next === mark.mark) throw invalid({ new: [`The mark of record is already ${mark.mark}`] });
        const correction_id = newId('MC');
        const row = await tx.markCorrection.create({
          data: {
            correction_id,
            attempt_id: input.attempt_id,
            component: input.component,
            old: mark.mark,
            new: next,
            reason: input.reason,
            kind: input.kind,
            requested_by: user.email,
          },
        });
        const after = present(markCorrectionStore, row);
        await recordChange(tx, req, res, {
          action: 'create',
          entity: 'markcorrection',
          key: correction_id,
          after,
        });
        return after;
      });
      res.status(201).json({
        markcorrection: created,
        message: `Marks correction ${String(created.correction_id)} requested (${String(created.old)} → ${String(created.new)}); it applies when approved.`,
      });
    })
    .all((req, res, next) => (req.method === 'GET' ? next() : methodNotAllowed(req, res, next)));
  return router;
}
