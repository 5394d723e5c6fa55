import { Router } from 'express';
import { auditQuery } from '@exam/contracts';
import type { Database } from '@exam/db';
import { scopeOf } from '../auth/capabilities.ts';
import { parseOr422 } from '../http/errors.ts';
import { methodNotAllowed } from '../http/middleware.ts';

/**
 * `GET /api/audit`: the trail of changes, newest first, for holders of audit.read (admins). Read-only by
 * construction.
 */
export function auditRoutes(db: Database) {
  const router = Router();
  router
    .route('/audit')
    .get(async (req, res) => {
      scopeOf(res, 'audit.read');
      const q = parseOr422(auditQuery, req.query);
      const where = {
        ...(q.entity ? { entity: q.entity } : {}),
        ...(q.key ? { entity_key: q.key } : {}),
        ...(q.user ? { user_email: q.user.toLowerCase() } : {}),
        ...(q.action ? { action: q.action } : {}),
        ...(q.from || q.to
          ? { at: { ...(q.from ? { gte: new Date(q.from) } : {}), ...(q.to ? { lte: new Date(q.to) } : {}) } }
          : {}),
      };
      const [total, rows] = await Promise.all([
        db.prisma.auditEntry.count({ where }),
        db.prisma.auditEntry.findMany({
          where,
          orderBy: [{ at: 'desc' }, { id: 'desc' }],
          skip: q.offset,
          take: q.limit,
        }),
      ]);
      res.json({ audit: rows.map((r) => ({ ...r, at: r.at.toISOString() })), total });
    })
    .all(methodNotAllowed);
  return router;
}
