import { Router } from 'express';
import { HISTORY_LIMIT, KEY_MAX, KEY_PATTERN, type CapabilityKey, type Resource } from '@exam/contracts';
import type { Database } from '@exam/db';
import { scopeOf } from '../auth/capabilities.ts';
import { scopeWhere } from '../auth/scope.ts';
import type { ResourceRegistry } from '../crud/registry.ts';
import { describeKey, flatWhere, keyString, type KeyValues } from '../crud/store.ts';
import { notFound } from '../http/errors.ts';
import { methodNotAllowed } from '../http/middleware.ts';

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
  const store = registry.store(resource.name);
  router
    .route('/' + resource.keyFields.map((f) => `:${f}`).join('/'))
    .get(async (req, res) => {
      const scope = scopeOf(res, resource.capability.read as CapabilityKey);
      const within = scopeWhere(scope, res.locals.user!, resource.scopeFields);
      const params = req.params as Record<string, string>;
      const key: KeyValues = Object.fromEntries(resource.keyFields.map((f) => [f, params[f] ?? '']));
      const valid = Object.values(key).every((v) => v.length <= KEY_MAX && KEY_PATTERN.test(v));
      const row =
        valid && within !== null
          ? await store.delegate(db.prisma).findMany({
              where: { AND: [flatWhere(resource.keyFields, key), within] },
              take: 1,
              select: { created_at: true },
            })
          : [];
      if (!row.length)
        throw notFound(`${resource.title} ${describeKey(resource, key).slice(0, 200)} does not exist.`);
      const where = { entity: resource.name, entity_key: keyString(resource, key) };
      const [total, rows] = await Promise.all([
        db.prisma.auditEntry.count({ where }),
        db.prisma.auditEntry.findMany({
          where,
          orderBy: [{ at: 'desc' }, { id: 'desc' }],
          take: HISTORY_LIMIT,
        }),
      ]);
      res.json({ history: rows.map((r) => ({ ...r, at: r.at.toISOString() })), total });
    })
    .all(methodNotAllowed);
  return router;
}
