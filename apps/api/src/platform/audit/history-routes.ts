import { Router } from 'express';
import type { CapabilityKey, Resource } from '@exam/contracts';
import type { Database } from '@exam/db';
import { scopeOf } from '../auth/capabilities.ts';
import type { ResourceRegistry } from '../crud/registry.ts';
import type { KeyValues } from '../crud/store.ts';
import { methodNotAllowed } from '../http/middleware.ts';
import { historyOf } from './history-service.ts';

/**
 * `GET /api/history/<path>/<key...>`: one record's audit trail, newest first, for whoever may read that
 * record (same capability and scope as `GET /api/<path>/<key...>`; a record out of scope or missing answers
 * 404). Under its own prefix, as imports are, so it never collides with a key or a legacy path
 * (`course/{offset}/{limit}`).
 */
export function historyRouter(
  resource: Resource,
  { db, registry }: { db: Database; registry: ResourceRegistry },
) {
  const router = Router();
  router
    .route('/' + resource.keyFields.map((f) => `:${f}`).join('/'))
    .get(async (req, res) => {
      const scope = scopeOf(res, resource.capability.read as CapabilityKey);
      const key: KeyValues = Object.fromEntries(
        resource.keyFields.map((f) => [f, (req.params as Record<string, string>)[f] ?? '']),
      );
      res.json(await historyOf(db, registry, resource, res.locals.user!, scope, key));
    })
    .all(methodNotAllowed);
  return router;
}
