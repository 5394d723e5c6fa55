import { Router } from 'express';
import { pendingMigrations, type Database } from '@exam/db';
import { msg } from '@exam/contracts';
import { methodNotAllowed } from '../http/middleware.ts';
import { notice } from '../i18n/messages.ts';

/**
 * Without auth, for compose healthchecks and load balancers: liveness, and readiness (database answers,
 * schema current).
 */
export function healthRoutes(db: Database) {
  const router = Router();
  router
    .route('/health')
    .get((_req, res) => void res.json({ status: 'ok' }))
    .all(methodNotAllowed);
  router
    .route('/ready')
    .get(async (req, res) => {
      try {
        const pending = await pendingMigrations((sql) => db.query(sql));
        if (pending.length) {
          req.log.warn({ pending }, 'readiness: migrations pending');
          res
            .status(503)
            .set('Retry-After', '5')
            .json({ status: 'migrating', ...notice(req, msg('server.readyMigrating')), code: 'UNAVAILABLE' });
          return;
        }
        // A status only: callers here are anonymous, so nothing about the database or its version.
        res.json({ status: 'ready' });
      } catch (error) {
        req.log.warn({ err: (error as Error).message }, 'readiness check failed');
        res
          .status(503)
          .set('Retry-After', '5')
          .json({
            status: 'unavailable',
            ...notice(req, msg('server.readyUnreachable')),
            code: 'UNAVAILABLE',
          });
      }
    })
    .all(methodNotAllowed);
  return router;
}
