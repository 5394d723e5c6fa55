import { Router } from 'express';
import { auditQuery, auditReaders, type RoleName } from '@exam/contracts';
import type { Database } from '@exam/db';
import { forbidden, parseOr422 } from '../errors.ts';
import { methodNotAllowed } from '../http.ts';

/** `GET /api/audit`: the trail of master-data changes, newest first, for admins. Read-only by construction. */
export function auditRoutes(db: Database) {
  const router = Router();
  router
    .route('/audit')
    .get(async (req, res) => {
      if (!auditReaders.includes(res.locals.user?.role as RoleName)) throw forbidden('Only an admin may read the audit trail.');
      const q = parseOr422(auditQuery, req.query);
      const where = {
        ...(q.entity ? { entity: q.entity } : {}),
        ...(q.key ? { entity_key: q.key } : {}),
        ...(q.user ? { user_email: q.user.toLowerCase() } : {}),
        ...(q.action ? { action: q.action } : {}),
        ...(q.from || q.to ? { at: { ...(q.from ? { gte: new Date(q.from) } : {}), ...(q.to ? { lte: new Date(q.to) } : {}) } } : {}),
      };
      const [total, rows] = await Promise.all([
        db.prisma.auditEntry.count({ where }),
        db.prisma.auditEntry.findMany({ where, orderBy: [{ at: 'desc' }, { id: 'desc' }], skip: q.offset, take: q.limit }),
      ]);
      res.json({ audit: rows.map((r) => ({ ...r, at: r.at.toISOString() })), total });
    })
    .all(methodNotAllowed);
  return router;
}
