import { databaseOptionsFromEnv, openDatabase, pendingMigrations } from '@exam/db';
import { parseSettings, settingsSchema } from '@exam/settings';
import { apiModules } from './modules.ts';
import { createLogger } from './platform/http/logger.ts';
import { startJobRunner, type JobRunner } from './platform/jobs/index.ts';

/**
 * The worker process: runs the jobs of every module (platform/jobs) on PostgreSQL, and nothing else (no
 * HTTP). Compose runs it as the `worker` service (`node apps/api/dist/worker.js`) and can scale it (`--scale
 * worker=3`); the API replicas there run no jobs (JOBS_IN_PROCESS=0). On the embedded database there is no
 * worker: only the API's process can open it, and runs its jobs itself.
 */
const schemaPollMs = 2000;

async function main() {
  const settings = parseSettings(settingsSchema(['LOG_LEVEL', 'JOBS_CONCURRENCY']));
  const { url, poolMax, connectTimeoutMs } = databaseOptionsFromEnv();
  if (!url)
    throw new Error(
      'Invalid setting DATABASE_URL: the worker needs PostgreSQL (on the embedded database the API runs ' +
        'the jobs itself)',
    );
  const logger = createLogger(settings.LOG_LEVEL, { service: 'worker' });
  const db = await openDatabase({ url, poolMax, connectTimeoutMs });

  let stopping = false;
  // Set once the runner has started (a signal may come before).
  const started: { runner?: JobRunner } = {};
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Running jobs get a few seconds to finish; the rest go back to the queue for another worker.
    setTimeout(() => process.exit(1), 15_000).unref();
    try {
      await started.runner?.stop();
      await db.close();
      logger.info({}, 'stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: (error as Error).message }, 'could not stop cleanly');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  // Compose starts workers after the migrate service; anywhere else, wait for the schema rather than fail on
  // it.
  for (let warned = false; !stopping;) {
    try {
      const pending = await pendingMigrations(db.query);
      if (!pending.length) break;
      if (!warned)
        logger.warn(
          { migrations: pending },
          'waiting for pending migrations (pnpm --filter @exam/db db:migrate deploy)',
        );
      warned = true;
    } catch (error) {
      logger.warn({ err: (error as Error).message }, 'could not check for pending migrations');
    }
    await new Promise((resolve) => setTimeout(resolve, schemaPollMs));
  }
  if (stopping) return;
  const jobs = apiModules.flatMap((m) => m.jobs ?? []);
  started.runner = await startJobRunner(db, { jobs, logger, concurrency: settings.JOBS_CONCURRENCY });
  logger.info(
    { kinds: jobs.map((j) => j.kind), concurrency: settings.JOBS_CONCURRENCY, database: db.kind },
    'worker ready: running jobs',
  );
}

main().catch((error) => {
  console.error(`Worker failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
