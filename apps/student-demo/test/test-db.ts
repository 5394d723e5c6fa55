import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { DatabaseOptions } from '../src/config.ts';
import { openStudentsDb } from '../src/student-repository.ts';

export const allowedOrigin = 'http://localhost:5173';

type Target = Pick<DatabaseOptions, 'url' | 'pgliteDir'>;

/**
 * A database of the test file's own: a throwaway PostgreSQL database when DATABASE_URL is set,
 * else PGlite (in memory, or in a temporary folder when the test needs the data to outlive the app).
 */
export async function throwawayDatabase({ persistent = false } = {}): Promise<{ target: Target; drop(): Promise<void> }> {
  const maintenanceUrl = process.env.DATABASE_URL;
  if (maintenanceUrl) {
    const name = `demo_test_${randomBytes(6).toString('hex')}`;
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: maintenanceUrl });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(maintenanceUrl);
    url.pathname = `/${name}`;
    return { target: { url: url.toString(), pgliteDir: 'memory://' }, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
  }
  if (!persistent) return { target: { pgliteDir: 'memory://' }, drop: async () => {} };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'student-demo-'));
  return { target: { pgliteDir: dir }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Opens the database the way server.ts does and builds the app on it. */
export async function startApp(target: Target, log: (message: string, error?: unknown) => void = () => {}) {
  const db = await openStudentsDb(target);
  return { app: buildApp({ db, corsOrigins: ['http://localhost:3000', allowedOrigin], log }), db };
}

/** One app on one throwaway database for the whole test file; read its fields inside tests, after beforeAll ran. */
export function appForThisFile(log?: (message: string, error?: unknown) => void) {
  const ctx = {} as Awaited<ReturnType<typeof startApp>>;
  let drop = async () => {};
  beforeAll(async () => {
    const database = await throwawayDatabase();
    drop = database.drop;
    Object.assign(ctx, await startApp(database.target, log));
  });
  afterAll(async () => {
    await ctx.db?.close();
    await drop();
  });
  return ctx;
}
