import http from 'node:http';
import { applyMigrations, openDatabase, pendingMigrations, type Database } from '@exam/db';
import {
  accountsWithDemoPassword,
  demoPasswordRefusal,
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
  const db = await openDatabase(config.database);
  if (config.migrateOnStart) {
    const applied = await applyMigrations(db.migrationTarget, {
      onWait: (message) => logger.info({}, message),
    });
    if (applied.length) logger.info({ migrations: applied }, 'applied migrations');
  }

  const app = createApp({ db, config, logger });
  // Until the schema is current and the start-up data is in place, only liveness is served; readiness
  // and every other request get 503, so nothing reaches a replica that would still refuse it.
  let serving = false;
  let phase: 'migrating' | 'starting' = 'migrating';
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    if (serving || path === '/api/health') return void app(req, res);
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
  let listening = false;
  const listen = () =>
    new Promise<void>((resolve) => {
      listening = true;
      server.listen(config.port, () => {
        const address = server.address();
        const port = typeof address === 'object' && address ? address.port : config.port;
        logger.info({ port, database: db.kind }, `listening on http://localhost:${port}`);
        resolve();
      });
    });

  let stopping = false;
  let jobs: JobRunner | undefined;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Stop accepting, let requests in flight finish, then close the database.
    server.close(async () => {
      // Running jobs get a few seconds to finish; the rest go back to the queue and run again after the
      // restart.
      await jobs
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
    await listen();
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
  await prepareData(db, config, logger);
  // JOBS_IN_PROCESS (always on the embedded database): this process runs the jobs too; else the worker
  // service does.
  if (config.jobsInProcess && !stopping) {
    jobs = await startJobRunner(db, {
      jobs: apiModules.flatMap((m) => m.jobs ?? []),
      logger: logger.child({ part: 'jobs' }),
      concurrency: config.jobsConcurrency,
    });
  }
  serving = true;
  if (!listening && !stopping) await listen();
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
async function prepareData(db: Database, config: Config, logger: Logger) {
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
  if (config.seedDemoUsers && (await seedDemoUsers(db.prisma, config.bcryptRounds)))
    logger.info({}, 'created the demo users (password Demo@12345)');
  if (config.seedDemoData && (await seedDemoMasterData(db.prisma)))
    logger.info({}, 'seeded demo master data');
  if (config.production) {
    const holders = await accountsWithDemoPassword(db.prisma, config.admin ? [config.admin.email] : []);
    if (holders.length) throw new Error(demoPasswordRefusal(holders));
  }
}

main().catch((error) => {
  // One clear line: configuration errors name the setting.
  console.error(`API failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
