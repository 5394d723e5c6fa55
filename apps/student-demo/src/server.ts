import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openStudentsDb } from './student-repository.ts';

const config = loadConfig();
const db = await openStudentsDb(config.database);

const server = buildApp({ db, corsOrigins: config.corsOrigins }).listen(config.port, () => {
  const { port } = server.address() as AddressInfo;
  const where = db.kind === 'pglite' ? `PGlite at ${config.database.pgliteDir}` : 'PostgreSQL';
  console.log(`student-demo listening on http://localhost:${port} (${where})`);
});
server.on('error', async (error) => {
  console.error('student-demo could not listen:', error.message);
  await db.close();
  process.exit(1);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`student-demo stopping (${signal})`);
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
