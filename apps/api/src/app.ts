import fs from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import cors from 'cors';
import express, { type ErrorRequestHandler } from 'express';
import helmet from 'helmet';
import { msg } from '@exam/contracts';
import type { Database } from '@exam/db';
import type { Config } from './config.ts';
import { apiModules } from './modules.ts';
import { auditRoutes } from './platform/audit/audit-routes.ts';
import { historyRouter } from './platform/audit/history-routes.ts';
import { authRoutes } from './platform/auth/auth-routes.ts';
import { crudRouter } from './platform/crud/crud-router.ts';
import { resourceRegistry } from './platform/crud/registry.ts';
import { fileRoutes } from './platform/files/routes.ts';
import { clientConfigRoutes } from './platform/health/client-config-routes.ts';
import { healthRoutes } from './platform/health/health-routes.ts';
import { apiNotFound, errorHandler, notFound } from './platform/http/errors.ts';
import { leanRoutes, setStaticHeaders, staticHeadersOf } from './platform/http/lean-routes.ts';
import { segmentRouting, type RoutedHandler } from './platform/http/segment-routing.ts';
import { createLogger, requestLogging, type Logger } from './platform/http/logger.ts';
import { jobsPlatform } from './platform/jobs/index.ts';
import { storedFilesPlatform } from './platform/stored-files/index.ts';
import { jsonWrites, noStore } from './platform/http/middleware.ts';
import type { ApiModule } from './platform/module.ts';
import { docsRoutes } from './platform/openapi/docs-routes.ts';
import { served } from './platform/workflows/effects.ts';
import { workflowBulkRouter } from './platform/workflows/workflow-bulk.ts';
import { workflowRouter } from './platform/workflows/workflow-router.ts';

export interface AppDependencies {
  db: Database;
  config: Config;
  logger?: Logger;
  /** The modules to serve (tests may add one of their own); `modules.ts` lists the product's. */
  modules?: readonly ApiModule[];
}

/**
 * Platform calls served like a module's own, before every module: `GET /api/job/{id}`, `GET /api/file/{id}`.
 */
export const platformModules: readonly ApiModule[] = [jobsPlatform, storedFilesPlatform];

/** Builds the whole HTTP application without listening, so tests drive it directly. */
export function createApp({
  db,
  config,
  logger = createLogger('silent'),
  modules = apiModules,
}: AppDependencies) {
  modules = [...platformModules, ...modules];
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  const securityHeaders = staticHeadersOf(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // The student-records demo is a separate service on its own port, called from the pages.
          'connect-src': ["'self'", `http://*:${config.demoPort}`, `https://*:${config.demoPort}`],
          // Over plain HTTP by a LAN name (http://exam-server:3000) the browser would fetch every script by
          // https: a blank page.
          'upgrade-insecure-requests': config.https ? [] : null,
        },
      },
      strictTransportSecurity: config.https,
    }),
  );
  // One context per app: a module's lean and ordinary routes of the same call share their state (rate
  // limits).
  const context = { db, config };
  const lean = modules.flatMap((m) => m.leanRoutes?.(context) ?? []);
  if (lean.length) app.use(leanRoutes(lean, securityHeaders, logger, db));
  app.use(setStaticHeaders(securityHeaders));
  app.set('query parser', 'simple');

  const api = express.Router();
  // Same-origin pages need no CORS; other origins only when configured.
  api.use(
    cors({
      origin: config.corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      maxAge: 600,
    }),
  );
  api.use(noStore, jsonWrites, express.json({ limit: '100kb', strict: true }));

  // Each group of routers is tried by first path segment (platform/http/segment-routing.ts), in this order.
  const open: RoutedHandler[] = [healthRoutes(db), docsRoutes(modules), clientConfigRoutes(config)].map(
    (handler) => ({ handler }),
  );
  // Calls a module serves without sign-in (document verification), before sign-in is required.
  for (const module of modules) if (module.publicRoutes) open.push({ handler: module.publicRoutes(context) });
  const auth = authRoutes(db, config);
  open.push({ handler: auth.router });
  api.use(segmentRouting(open));
  api.use(auth.signedIn);
  const signedIn: RoutedHandler[] = [];
  const registry = resourceRegistry(modules.flatMap((m) => m.resources ?? []));
  const workflows = modules.flatMap((m) => m.workflows ?? []).map(served);
  // Bulk actions, `POST /<R>/bulk/<action>`, before any path that could read `bulk` as a record's key.
  for (const entry of workflows) {
    const path = registry.resource(entry.workflow.resource).path;
    signedIn.push({ path: `/${path}`, handler: workflowBulkRouter(entry, { db, registry }) });
  }
  // Modules' own paths first: `course/{offset}/{limit}` must not be read as a course key.
  for (const module of modules) if (module.routes) signedIn.push({ handler: module.routes(context) });
  signedIn.push({ handler: auditRoutes(db) });
  // Downloads (`GET /<R>?format=`), templates and imports of every resource, before the engine reads `/<R>`
  // itself.
  signedIn.push({ handler: fileRoutes({ db, registry, resources: registry.all }) });
  // One record's audit trail, `GET /history/<R>/<key...>`, for whoever may read the record.
  for (const { resource } of registry.all)
    signedIn.push({ path: `/history/${resource.path}`, handler: historyRouter(resource, { db, registry }) });
  for (const { resource } of registry.all)
    signedIn.push({ path: `/${resource.path}`, handler: crudRouter(resource, { db, registry }) });
  // Workflow actions, `POST /<R>/<key...>/<action>`: one mechanism for every module's declared workflows.
  for (const entry of workflows) {
    signedIn.push({
      path: `/${registry.resource(entry.workflow.resource).path}`,
      handler: workflowRouter(entry, { db, registry }),
    });
  }
  api.use(segmentRouting(signedIn));
  api.use(apiNotFound);

  app.use(requestLogging(logger));
  app.use('/api', api);
  // Published keys (the document signing key), no sign-in.
  const wellKnown = express.Router();
  for (const module of modules) if (module.wellKnownRoutes) wellKnown.use(module.wellKnownRoutes(context));
  app.use('/.well-known', noStore, wellKnown);

  // The built web app, with every other path answered by its index.html (client-side routes). Looked for on
  // each request, not once at start: `pnpm start` runs the web build beside a starting API, and a build that
  // finishes after the API began serving is served at once.
  const index = path.join(config.webDist, 'index.html');
  // Vite names built assets by content hash: they never change, so browsers may keep them for a year.
  app.use(
    '/assets',
    compression(),
    express.static(path.join(config.webDist, 'assets'), {
      index: false,
      immutable: true,
      maxAge: '1y',
      fallthrough: false,
    }),
    // A path that climbs out of the folder (/assets/..%2f..) is refused by the static server with a 403: to
    // a caller it is simply not there.
    ((error, _req, _res, next) =>
      next(
        (error as { status?: number }).status! < 500 ? notFound(msg('platform.notFound')) : error,
      )) as ErrorRequestHandler,
  );
  app.use(compression(), express.static(config.webDist, { index: false, maxAge: '1h' }));
  let built = false; // once there, the file is not looked for again on every page request
  app.get(/.*/, (_req, res, next) => {
    if (!built && !(built = fs.existsSync(index))) return next();
    res.set('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  app.use(errorHandler(db));
  return app;
}
