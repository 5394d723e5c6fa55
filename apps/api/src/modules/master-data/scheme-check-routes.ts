import { Router } from 'express';
import { KEY_MAX, KEY_PATTERN, checkMarksScheme, paperInfoSemResource } from '@exam/contracts';
import type { Database } from '@exam/db';
import { requireCapability } from '../../platform/auth/capabilities.ts';
import { notFound } from '../../platform/http/errors.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';

/** Path of the check under a paperinfosem record's own path. */
export const schemeCheckPath = `/${paperInfoSemResource.path}/${paperInfoSemResource.keyFields.map((f) => `{${f}}`).join('/')}/scheme-check`;

/**
 * `GET /api/paperinfosem/{session_id}/{course_comb_id}/{sem_id}/{paper_id}/scheme-check` → `{valid, errors}`:
 * whether marks can be entered against the row's marks scheme, and if not why (contracts'
 * master-data/scheme-check.ts). Read-only: legacy writes of free-text marks go on being accepted.
 */
export function schemeCheckRoutes(db: Database) {
  const router = Router();
  const keyPath = `/${paperInfoSemResource.path}/${paperInfoSemResource.keyFields.map((f) => `:${f}`).join('/')}/scheme-check`;
  router
    .route(keyPath)
    .get(requireCapability('master-data.read'), async (req, res) => {
      const key = Object.fromEntries(
        paperInfoSemResource.keyFields.map((f) => [f, (req.params as Record<string, string>)[f] ?? '']),
      );
      const described = Object.values(key)
        .map((v) => v.slice(0, 40))
        .join(' / ');
      const valid = Object.values(key).every((v) => v.length <= KEY_MAX && KEY_PATTERN.test(v));
      const row = valid
        ? await db.prisma.paperInfoSem.findUnique({
            where: {
              key: key as { session_id: string; course_comb_id: string; sem_id: string; paper_id: string },
            },
          })
        : null;
      if (!row) throw notFound(`${paperInfoSemResource.title} ${described} does not exist.`);
      res.json(checkMarksScheme(row));
    })
    .all(methodNotAllowed);
  return router;
}
