import cors from 'cors';
import express from 'express';
import helmet from 'helmet';
import type { Connection } from '@exam/db/connection';
import type { OriginRules } from './config.ts';
import {
  errorHandler,
  logJsonLine,
  methodNotAllowed,
  noStore,
  notFound,
  requestId,
  type Log,
} from './http.ts';
import { isAppOrigin } from './origins.ts';
import { requireStaff, type TokenCheck } from './staff-auth.ts';
import { studentRepository } from './student-repository.ts';
import { studentRouter } from './student-router.ts';

export interface AppDeps {
  db: Connection;
  origins: OriginRules;
  /** Decides whose token it is (apiTokenCheck asks the API). */
  checkToken: TokenCheck;
  /** Served over https: HSTS, as the API sends it. */
  https?: boolean;
  log?: Log;
}

/** Builds the demo service without listening, so tests drive it directly; the students table must exist. */
export function buildApp({
  db,
  origins,
  checkToken,
  https = false,
  log = logJsonLine,
}: AppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // The API's headers; the demo serves only JSON, so its content policy allows nothing to load or frame it.
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
      },
      strictTransportSecurity: https,
    }),
  );
  app.use(requestId, noStore);
  app.use(
    cors((req, callback) =>
      callback(null, {
        origin: isAppOrigin(req.headers.origin, req.headers.host, origins),
        methods: ['GET', 'POST', 'PUT', 'DELETE'],
        allowedHeaders: ['Authorization', 'Content-Type'],
        exposedHeaders: ['X-Request-Id'],
        maxAge: 600,
      }),
    ),
  );

  app
    .route('/health')
    .get(async (_req, res) => {
      await db.query('SELECT 1');
      res.json({ status: 'ok' });
    })
    .all(methodNotAllowed('GET', 'HEAD'));
  // Everything else needs a signed-in staff user, checked before a body is read.
  app.use(requireStaff(checkToken));
  app.use(express.json({ limit: '100kb' }));
  app.use('/students', studentRouter(studentRepository(db)));

  app.use(notFound);
  app.use(errorHandler(log));
  return app;
}
