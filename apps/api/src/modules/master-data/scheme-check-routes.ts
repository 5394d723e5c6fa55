import { Router } from 'express';
import { checkMarksScheme, paperInfoSemResource } from '@exam/contracts';
import type { Database } from '@exam/db';
import { requireCapability } from '../../platform/auth/capabilities.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import { isKey, refuseMissingRecord } from './lookup-rules.ts';
import { paperSchemeByKey } from './lookup-store.ts';

const keyFields = paperInfoSemResource.keyFields;

/** Path of the check under a paperinfosem record's own path. */
export const schemeCheckPath =
  `/${paperInfoSemResource.path}/` + `${keyFields.map((f) => `{${f}}`).join('/')}/scheme-check`;

/**
 * `GET /api/paperinfosem/{session_id}/{course_comb_id}/{sem_id}/{paper_id}/scheme-check` → `{valid, errors}`:
 * whether marks can be entered against the row's marks scheme, and if not why (contracts'
 * master-data/scheme-check.ts). Read-only: legacy writes of free-text marks go on being accepted.
 */
export function schemeCheckRoutes(db: Database) {
  const router = Router();
  const keyPath = `/${paperInfoSemResource.path}/${keyFields.map((f) => `:${f}`).join('/')}/scheme-check`;
  router
    .route(keyPath)
    .get(requireCapability('master-data.read'), async (req, res) => {
      const params = req.params as Record<string, string>;
      const values = keyFields.map((f) => params[f] ?? '');
      const key = Object.fromEntries(keyFields.map((f, i) => [f, values[i]!])) as {
        session_id: string;
        course_comb_id: string;
        sem_id: string;
        paper_id: string;
      };
      const row = values.every(isKey) ? await paperSchemeByKey(db, key) : null;
      const refusal = refuseMissingRecord(paperInfoSemResource.title, values, row);
      if (refusal) throw refusal;
      res.json(checkMarksScheme(row!));
    })
    .all(methodNotAllowed);
  return router;
}
