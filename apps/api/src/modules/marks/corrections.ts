import { Router } from 'express';
import { markCorrectionCreate, markCorrectionResource, type CapabilityKey } from '@exam/contracts';
import type { Database } from '@exam/db';
import { recordChanges } from '../../platform/audit/audit-trail.ts';
import { scopeOf } from '../../platform/auth/capabilities.ts';
import { parseOr422 } from '../../platform/http/errors.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import { notice } from '../../platform/i18n/messages.ts';
import type { ResourceRules } from '../../platform/crud/registry.ts';
import { correctionNotDeletable, correctionNotImported } from './correction-rules.ts';
import { requestCorrection } from './correction-service.ts';

export { approveCorrection, markCorrectionStore } from './correction-service.ts';

/** Corrections are the log of changes after locking: never edited or deleted, only approved or rejected. */
export const markCorrectionRules: ResourceRules = {
  async beforeCreate(_tx, rows) {
    return new Map(rows.map((_, i) => [i, correctionNotImported()]));
  },
  async beforeDelete(_tx, row) {
    throw correctionNotDeletable(row);
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
      const { correction, notice: requested } = await requestCorrection(
        db,
        input,
        res.locals.user!,
        (tx, changes) => recordChanges(tx, req, res, changes),
      );
      res.status(201).json({ markcorrection: correction, ...notice(req, requested) });
    })
    .all((req, res, next) => (req.method === 'GET' ? next() : methodNotAllowed(req, res, next)));
  return router;
}
