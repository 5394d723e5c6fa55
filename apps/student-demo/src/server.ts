import type { AddressInfo } from 'node:net';
import { createLogger } from '@exam/settings/log';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { apiTokenCheck } from './staff-auth.ts';
import { openStudentsDb } from './student-repository.ts';

const config = loadConfig();
const logger = createLogger(config.logLevel, { service: 'student-demo' });
const db = await openStudentsDb(config.database);

const app = buildApp({
  db,
  origins: config.origins,
  checkToken: apiTokenCheck(config.auth),
  https: config.https,
});
const onListening = () => {
  const { address, port } = server.address() as AddressInfo;
  const where = db.kind === 'pglite' ? `PGlite at ${config.database.pgliteDir}` : 'PostgreSQL';
  const url = config.host
    ? `http://${address.includes(':') ? `[${address}]` : address}:${port}`
    : `http://localhost:${port}`;
  const on = config.host ? 'this address only' : 'every interface';
  logger.info(
    { port, database: db.kind, api: config.auth.apiUrl },
    `student-demo listening on ${url} (${on}; ${where}; tokens checked by ${config.auth.apiUrl})`,
  );
};
// Without DEMO_HOST, Node's default: every interface (IPv6 and IPv4 where the machine has both).
const server = config.host
  ? app.listen(config.port, config.host, onListening)
  : app.listen(config.port, onListening);
server.on('error', async (error) => {
  logger.error({ err: error.message }, `student-demo could not listen: ${error.message}`);
  await db.close();
  process.exit(1);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, `student-demo stopping (${signal})`);
  // Requests in flight get a few seconds to finish; then the process leaves regardless.
  setTimeout(() => process.exit(1), 10_000).unref();
  server.close(async () => {
    await db.close();
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
