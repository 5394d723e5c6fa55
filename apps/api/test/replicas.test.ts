import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { openConnection, readMigrations } from '@exam/db';
import { createEmptyDatabase } from '@exam/db/testing';
import { startApi, waitUntilReady, type ApiProcess } from './support/api-process.ts';

const postgres = process.env.DATABASE_URL;
const migrationNames = readMigrations().migrationDirectories.map((d) => d.path);
const dbDir = fileURLToPath(new URL('../../../packages/db', import.meta.url));

const started: ApiProcess[] = [];
const drops: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((api) => api.stop()));
  for (const drop of drops.splice(0)) await drop();
});

async function emptyDatabase() {
  const database = await createEmptyDatabase(postgres!, 'exam_replicas');
  drops.push(database.drop);
  return database.url;
}

async function start(env: NodeJS.ProcessEnv) {
  const api = await startApi({ NODE_ENV: 'test', BCRYPT_ROUNDS: '4', SEED_DEMO: '0', ...env });
  started.push(api);
  return api;
}

/** How often each migration is recorded as applied: once each, whoever applied it. */
async function query<T>(url: string, sql: string) {
  const connection = await openConnection({ url, poolMax: 1 });
  try {
    return await connection.query<T>(sql);
  } finally {
    await connection.close();
  }
}

async function appliedCounts(url: string) {
  const rows = await query<{ migration_name: string; n: number }>(
    url,
    `SELECT migration_name, count(*)::int AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL
        GROUP BY migration_name ORDER BY 1`,
  );
  return Object.fromEntries(rows.map((r) => [r.migration_name, r.n]));
}

const once = Object.fromEntries(migrationNames.map((name) => [name, 1]));

// Several server processes start on two shared cores: minutes, not the default 30 s, before giving up.
describe.skipIf(!postgres)(
  'API replicas on one PostgreSQL database (PostgreSQL only: PGlite belongs to one process)',
  { timeout: 240_000 },
  () => {
    it('three started at once on an empty database all become ready, and one started later too', async () => {
      const url = await emptyDatabase();
      const env = { DATABASE_URL: url, JWT_SECRET: randomBytes(32).toString('hex') };
      const first = await Promise.all([start(env), start(env), start(env)]);
      await Promise.all(first.map((api) => waitUntilReady(api)));
      const fourth = await start(env);
      await waitUntilReady(fourth);
      expect(await appliedCounts(url)).toEqual(once);
      for (const api of [...first, fourth]) expect(api.child.exitCode, api.output()).toBeNull();
    });

    it('with MIGRATE_ON_START=0 they wait for the migrate command, say so, serve once it ran', async () => {
      const url = await emptyDatabase();
      const admin = { email: 'registrar@exam.example', password: randomBytes(12).toString('hex') };
      const env = {
        DATABASE_URL: url,
        JWT_SECRET: randomBytes(32).toString('hex'),
        MIGRATE_ON_START: '0',
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
      };
      const replicas = await Promise.all([start(env), start(env)]);

      for (const api of replicas) {
        const ready = await fetch(`${api.base}/api/ready`);
        expect(ready.status).toBe(503);
        expect(await ready.json()).toMatchObject({ status: 'migrating' });
        const login = await fetch(`${api.base}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(admin),
        });
        expect(login.status).toBe(503);
        expect(await login.json()).toEqual({
          message: expect.stringMatching(/migration/i),
          message_code: 'server.migrating',
          code: 'UNAVAILABLE',
        });
        expect(login.headers.get('retry-after')).toBeTruthy();
        expect(api.output()).toContain('db:migrate deploy');
      }
      // Nothing was applied by the replicas themselves.
      expect(await query(url, `SELECT to_regclass('public._prisma_migrations') AS t`)).toEqual([{ t: null }]);

      // What compose's one-shot migrate service runs.
      const deploy = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'src/cli/migrate.ts', 'deploy'],
        {
          cwd: dbDir,
          env: { ...process.env, DATABASE_URL: url },
        },
      );
      expect(deploy.stdout).toContain(`Applied ${migrationNames.join(', ')}`);

      for (const api of replicas) {
        await waitUntilReady(api);
        const login = await fetch(`${api.base}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(admin),
        });
        expect(login.status).toBe(200);
        // Not the embedded database and not asked for (SEED_DEMO_USERS): no demo users, though NODE_ENV is
        // not production.
        const demo = await fetch(`${api.base}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin@university.test', password: 'Demo@12345' }),
        });
        expect(demo.status).toBe(401);
      }
      expect(await appliedCounts(url)).toEqual(once);
    });
  },
);
