import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { DatabaseOptions } from '../src/config.ts';
import type { Log } from '../src/http.ts';
import { apiTokenCheck } from '../src/staff-auth.ts';
import { openStudentsDb } from '../src/student-repository.ts';
import { startFakeApi, type FakeApi } from './fake-api.ts';

/** The demo as tests reach it: its Host header, and the web app's port on that host. */
export const demoHost = 'exam-server:3001';
export const appPort = 3000;
export const appOrigin = 'http://exam-server:3000';
export const extraOrigin = 'http://localhost:5173';

type Target = Pick<DatabaseOptions, 'url' | 'pgliteDir'>;

/**
 * A database of the test file's own: a throwaway PostgreSQL database when DATABASE_URL is set,
 * else PGlite (in memory, or in a temporary folder when the test needs the data to outlive the app).
 */
export async function throwawayDatabase({ persistent = false } = {}): Promise<{
  target: Target;
  drop(): Promise<void>;
}> {
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
    return {
      target: { url: url.toString(), pgliteDir: 'memory://' },
      drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  if (!persistent) return { target: { pgliteDir: 'memory://' }, drop: async () => {} };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'student-demo-'));
  return { target: { pgliteDir: dir }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Opens the database the way server.ts does and builds the app on it, its tokens checked by `api`. */
export async function startApp(
  target: Target,
  api: Pick<FakeApi, 'url'>,
  { log = () => {}, cacheMs = 0, now }: { log?: Log; cacheMs?: number; now?: () => number } = {},
) {
  const db = await openStudentsDb(target);
  const app = buildApp({
    db,
    origins: { appPort, extra: [extraOrigin] },
    checkToken: apiTokenCheck({ apiUrl: api.url, cacheMs, now }),
    log,
  });
  return { app, db, staff: signedIn(app, 'office-token') };
}

/** Requests to the app as the holder of `token`, arriving by the demo's usual host name. */
export const signedIn = (app: Parameters<typeof request.agent>[0], token: string) =>
  request.agent(app).set('Host', demoHost).set('Authorization', `Bearer ${token}`);

/**
 * One app on one throwaway database for the whole test file; read its fields inside tests, after beforeAll
 * ran.
 */
export function appForThisFile(options: Parameters<typeof startApp>[2] = {}) {
  const ctx = {} as Awaited<ReturnType<typeof startApp>> & { api: FakeApi };
  let drop = async () => {};
  beforeAll(async () => {
    const database = await throwawayDatabase();
    drop = database.drop;
    const api = await startFakeApi();
    Object.assign(ctx, { api }, await startApp(database.target, api, options));
  });
  afterAll(async () => {
    await ctx.db?.close();
    await ctx.api?.close();
    await drop();
  });
  return ctx;
}
