import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@exam/settings/log';
import type { Connection } from '@exam/db/connection';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { apiTokenCheck } from './staff-auth.ts';
import { openStudentsDb } from './student-repository.ts';

const config = loadConfig();
const logger = createLogger(config.logLevel, { service: 'student-demo' });

// The port is taken before the database is opened: one already in use stops the service at once, with one
// line naming it and exit code 1 (it used to crash on a TypeError, and `pnpm start` took the API down with
// it). Until the database is open, requests get 503.
let app: http.RequestListener | undefined = undefined;
const server = http.createServer((req, res) => {
  if (app) return void app(req, res);
  res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': '2' });
  res.end(JSON.stringify({ message: 'The student demo service is starting.', code: 'UNAVAILABLE' }));
});
try {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Without DEMO_HOST, Node's default: every interface (IPv6 and IPv4 where the machine has both).
    if (config.host) server.listen(config.port, config.host, resolve);
    else server.listen(config.port, resolve);
  });
} catch (error) {
  const { code, message } = error as NodeJS.ErrnoException;
  const what = `port ${config.port} (DEMO_PORT)`;
  const line =
    code === 'EADDRINUSE'
      ? `${what} is already in use: stop what listens there, or set DEMO_PORT to a free port`
      : `cannot listen on ${what}: ${message}`;
  logger.error({ err: message, code, port: config.port }, `student-demo could not start: ${line}`);
  process.exit(1);
}
// A server error after it listens (not expected) is logged and ends the process, with its one line.
server.on('error', (error) => {
  logger.error({ err: error.message }, `student-demo stopped: ${error.message}`);
  process.exit(1);
});

let db: Connection | undefined;
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, `student-demo stopping (${signal})`);
  // Requests in flight get a few seconds to finish; then the process leaves regardless.
  setTimeout(() => process.exit(1), 10_000).unref();
  server.close(async () => {
    await db?.close();
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  db = await openStudentsDb(config.database);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  logger.error({ err: message }, `student-demo could not open its database: ${message}`);
  process.exit(1);
}
app = buildApp({
  db,
  origins: config.origins,
  checkToken: apiTokenCheck(config.auth),
  https: config.https,
});
{
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
}
