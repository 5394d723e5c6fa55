import fs from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import cors from 'cors';
import express from 'express';
import helmet from 'helmet';
import { resources } from '@exam/contracts';
import type { Database } from '@exam/db';
import { auditRoutes } from './audit/audit-routes.ts';
import { authRoutes } from './auth/auth-routes.ts';
import type { Config } from './config.ts';
import { crudRouter } from './crud/crud-router.ts';
import { docsRoutes } from './docs/docs-routes.ts';
import { apiNotFound, errorHandler } from './errors.ts';
import { jsonWrites, noStore } from './http.ts';
import { createLogger, requestLogging, type Logger } from './logger.ts';
import { healthRoutes } from './routes/health.ts';
import { sessionLookupRoutes } from './routes/session-lookups.ts';

export interface AppDependencies {
  db: Database;
  config: Config;
  logger?: Logger;
}

/** Builds the whole HTTP application without listening, so tests drive it directly. */
export function createApp({ db, config, logger = createLogger('silent') }: AppDependencies) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // The student-records demo is a separate service on its own port, called from the pages.
          'connect-src': ["'self'", `http://*:${config.demoPort}`, `https://*:${config.demoPort}`],
        },
      },
    }),
  );
  app.set('query parser', 'simple');

  const api = express.Router();
  // Same-origin pages need no CORS; other origins only when configured.
  api.use(cors({ origin: config.corsOrigins, methods: ['GET', 'POST', 'PUT', 'DELETE'], allowedHeaders: ['Authorization', 'Content-Type'], maxAge: 600 }));
  api.use(noStore, jsonWrites, express.json({ limit: '100kb', strict: true }));

  api.use(healthRoutes(db), docsRoutes());
  const auth = authRoutes(db, config);
  api.use(auth.router);
  api.use(auth.signedIn);
  // Legacy and lookup paths first: `course/{offset}/{limit}` must not be read as a course key.
  api.use(sessionLookupRoutes(db), auditRoutes(db));
  for (const resource of resources) api.use(`/${resource.path}`, crudRouter(resource, db));
  api.use(apiNotFound);

  app.use(requestLogging(logger));
  app.use('/api', api);

  // The built web app, with every other path answered by its index.html (client-side routes).
  const index = path.join(config.webDist, 'index.html');
  if (fs.existsSync(index)) {
    // Vite names built assets by content hash: they never change, so browsers may keep them for a year.
    app.use('/assets', compression(), express.static(path.join(config.webDist, 'assets'), { index: false, immutable: true, maxAge: '1y', fallthrough: false }));
    app.use(compression(), express.static(config.webDist, { index: false, maxAge: '1h' }));
    app.get(/.*/, (_req, res) => {
      res.set('Cache-Control', 'no-cache');
      res.sendFile(index);
    });
  }
  app.use(errorHandler);
  return app;
}
