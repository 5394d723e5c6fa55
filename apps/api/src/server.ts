import http from 'node:http';
import { applyMigrations, openDatabase, pendingMigrations, type Database } from '@exam/db';
import {
  DEMO_PASSWORD,
  accountsWithDemoPassword,
  demoPasswordRefusal,
  demoUsers,
  ensureUsers,
  replaceDemoPassword,
  seedDemoMasterData,
  seedDemoUsers,
} from '@exam/db/seed';
import { msg } from '@exam/contracts';
import { createApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import { apiModules } from './modules.ts';
import { startJobRunner, type JobRunner } from './platform/jobs/index.ts';
import { answerClientErrorsAsJson } from './platform/http/middleware.ts';
import { createLogger, type Logger } from './platform/http/logger.ts';
import { notice } from './platform/i18n/messages.ts';

/** What compose's one-shot migrate service runs (the same command, built, in the image). */
const migrateCommand = 'pnpm --filter @exam/db db:migrate deploy';
const schemaPollMs = 2000;

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel, { service: 'api' });
  if (config.jwtSecretFile)
    logger.info(
      { file: config.jwtSecretFile },
      'JWT_SECRET is not set: tokens are signed with the secret kept in the data folder',
    );

  // The port is taken first, so that one already in use stops the start at once with one line, before the
  // database is opened. Until the schema is current and the start-up data is in place, only liveness is
  // served; readiness and every other request get 503, so nothing reaches a replica that would still refuse
  // it.
  let app: http.RequestListener | undefined = undefined;
  let serving = false;
  let phase: 'migrating' | 'starting' = 'migrating';
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    if (app && (serving || path === '/api/health')) return void app(req, res);
    if (path === '/api/health') {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      return void res.end(JSON.stringify({ status: 'ok' }));
    }
    const message = notice(req, msg(phase === 'migrating' ? 'server.migrating' : 'server.starting'));
    res.writeHead(503, {
      'Content-Type': 'application/json; charset=utf-8',
      'Retry-After': '5',
      'Cache-Control': 'no-store',
    });
    res.end(
      JSON.stringify(
        path === '/api/ready'
          ? { status: phase, ...message, code: 'UNAVAILABLE' }
          : { ...message, code: 'UNAVAILABLE' },
      ),
    );
  });
  answerClientErrorsAsJson(server);
  await bind(server, config.port);
  let listening = false;
  const listen = () => {
    listening = true;
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    // The demo sign-ins, for the block `pnpm start` ends with.
    const demo = config.seedDemoUsers
      ? { demoUsers: demoUsers.map((user) => user.email), demoPassword: DEMO_PASSWORD }
      : {};
    logger.info({ port, database: db.kind, ...demo }, `listening on http://localhost:${port}`);
  };

  const db = await openDatabase(config.database).catch(async (error: unknown) => {
    server.close();
    throw error;
  });
  if (config.migrateOnStart) await prepareSchema(db, config, logger);
  app = createApp({ db, config, logger });

  let stopping = false;
  let jobs: Promise<JobRunner | undefined> = Promise.resolve(undefined);
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Stop accepting, let requests in flight finish, then close the database.
    server.close(async () => {
      // Running jobs get a few seconds to finish; the rest go back to the queue and run again after the
      // restart.
      await (
        await jobs
      )
        ?.stop()
        .catch((error) => logger.warn({ err: (error as Error).message }, 'could not stop the job runner'));
      await db.close();
      logger.info({}, 'stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  const pending = await pendingMigrations(db.query);
  if (pending.length) {
    // MIGRATE_ON_START=0 (compose's replicas): reachable, /api/ready 503, until the migrate service has run.
    listen();
    logger.warn(
      { migrations: pending },
      `waiting for ${pending.length} pending migration(s) that this process does not apply ` +
        `(MIGRATE_ON_START=0); apply them with: ${migrateCommand}`,
    );
    await waitForSchema(db, logger, () => stopping);
    if (stopping) return;
    phase = 'starting';
    logger.info({}, 'migrations applied; starting');
  }
  const seeding = performance.now();
  const seeded = await prepareData(db, config, logger);
  if (seeded.length)
    logger.info(
      { step: 'seed', seeded, ms: Math.round(performance.now() - seeding) },
      `seeded ${seeded.join(' and ')}`,
    );
  serving = true;
  if (!listening && !stopping) listen();
  // JOBS_IN_PROCESS (always on the embedded database): this process runs the jobs too; else the worker
  // service does. The runner starts once the server is ready (a job queued before waits in the queue for it):
  // its start is no part of the wait for the first page.
  if (config.jobsInProcess && !stopping) {
    jobs = startJobRunner(db, {
      jobs: apiModules.flatMap((m) => m.jobs ?? []),
      logger: logger.child({ part: 'jobs' }),
      concurrency: config.jobsConcurrency,
    });
    await jobs;
  }
}

/** Listens on the port, or fails with one line naming it (the caller prints it and exits). */
function bind(server: http.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      server.off('listening', listening);
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `port ${port} (PORT) is already in use: stop what listens there, or set PORT to a free port`
            : `cannot listen on port ${port} (PORT): ${error.message}`,
        ),
      );
    };
    const listening = () => {
      server.off('error', failed);
      resolve();
    };
    server.once('error', failed);
    server.once('listening', listening);
    server.listen(port);
  });
}

/**
 * Applies what the database lacks and says so in one line: a new database gets the baseline (the history in
 * one script), an existing one the migrations it has not had. `step` marks the line `pnpm start` shows.
 */
async function prepareSchema(db: Database, config: Config, logger: Logger) {
  const started = performance.now();
  let baseline = 0;
  const applied = await applyMigrations(db.migrationTarget, {
    onWait: (message) => logger.info({}, message),
    onBaseline: (covers) => (baseline = covers.length),
  });
  const where = db.kind === 'pglite' ? { location: config.database.pgliteDir } : {};
  const fields = { step: 'database', database: db.kind, ...where, baseline, migrations: applied };
  const ms = Math.round(performance.now() - started);
  const beyond = applied.length - baseline;
  const said = baseline
    ? `new database: schema from the baseline (${baseline} migrations)${beyond ? ` and ${beyond} more` : ''}`
    : applied.length
      ? `applied ${applied.length} migration(s)`
      : 'schema up to date';
  logger.info({ ...fields, ms }, `database ready: ${said}`);
}

/**
 * Polls until no migration is pending (errors are logged and retried: the database may still be starting).
 */
async function waitForSchema(db: Database, logger: Logger, stopped: () => boolean) {
  while (!stopped()) {
    await new Promise((resolve) => setTimeout(resolve, schemaPollMs));
    try {
      if ((await pendingMigrations(db.query)).length === 0) return;
    } catch (error) {
      logger.warn({ err: (error as Error).message }, 'could not check for pending migrations');
    }
  }
}

/**
 * The accounts and data a start puts in place: the admin of the environment (whose demo password, if it
 * still has one, ADMIN_PASSWORD replaces), demo users and demo data when asked. Production refuses to
 * run while any account still signs in with the demo password.
 */
async function prepareData(db: Database, config: Config, logger: Logger): Promise<string[]> {
  const seeded: string[] = [];
  if (config.admin) {
    if (
      await replaceDemoPassword(db.prisma, config.admin.email, config.admin.password, config.bcryptRounds)
    ) {
      logger.info(
        { email: config.admin.email },
        'replaced the demo password of the ADMIN_EMAIL account with ADMIN_PASSWORD',
      );
    }
    await ensureUsers(
      db.prisma,
      [
        {
          ...config.admin,
          name: 'Administrator',
          role: 'admin',
          system: 'university',
          dept_id: null,
          college_id: null,
        },
      ],
      config.bcryptRounds,
    );
  }
  if (config.seedDemoUsers && (await seedDemoUsers(db.prisma, config.bcryptRounds))) {
    logger.info({}, 'created the demo users (password Demo@12345)');
    seeded.push('the demo users');
  }
  if (config.seedDemoData && (await seedDemoMasterData(db.prisma))) {
    logger.info({}, 'seeded demo master data');
    seeded.push('the demo data');
  }
  if (config.production) {
    const holders = await accountsWithDemoPassword(db.prisma, config.admin ? [config.admin.email] : []);
    if (holders.length) throw new Error(demoPasswordRefusal(holders));
  }
  return seeded;
}

main().catch((error) => {
  // One clear line: configuration errors name the setting.
  console.error(`API failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
