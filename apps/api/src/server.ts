import { applyMigrations, openDatabase } from '@exam/db';
import { seedDemoMasterData, seedDemoUsers, ensureUsers } from '@exam/db/seed';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { answerClientErrorsAsJson } from './http.ts';
import { createLogger } from './logger.ts';

const logger = createLogger((process.env.LOG_LEVEL as 'info') ?? 'info', { service: 'api' });

async function main() {
  const config = loadConfig();
  const db = await openDatabase(config.database);
  const applied = await applyMigrations(db.adapterFactory);
  if (applied.length) logger.info({ migrations: applied }, 'applied migrations');
  if (config.admin) {
    await ensureUsers(db.prisma, [{ ...config.admin, name: 'Administrator', role: 'admin', system: 'university', dept_id: null, college_id: null }], config.bcryptRounds);
  }
  if (config.seedDemoUsers) await seedDemoUsers(db.prisma, config.bcryptRounds);
  if (config.seedDemoData && (await seedDemoMasterData(db.prisma))) logger.info({}, 'seeded demo master data');

  const app = createApp({ db, config, logger });
  const server = app.listen(config.port, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info({ port, database: db.kind }, `listening on http://localhost:${port}`);
  });
  answerClientErrorsAsJson(server);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Stop accepting, let requests in flight finish, then close the database.
    server.close(async () => {
      await db.close();
      logger.info({}, 'stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error) => {
  // One clear line: configuration errors name the setting.
  console.error(`API failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
