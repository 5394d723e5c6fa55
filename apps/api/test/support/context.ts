import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import request from 'supertest';
import type { RoleName } from '@exam/contracts';
import type { Database } from '@exam/db';
import { DEMO_PASSWORD, demoUsers } from '@exam/db/seed';
import { openTestDatabase, type TestDatabase } from '@exam/db/testing';
import { createApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';

/** Made per run: a secret written here would be published, and the API refuses published secrets. */
export const TEST_SECRET = randomBytes(32).toString('hex');

export interface TestContext {
  db: Database;
  config: Config;
  url?: string;
  /** The Express app itself, for tests that need a listening server (real concurrency). */
  app: ReturnType<typeof createApp>;
  api: ReturnType<typeof request>;
  /** A signed-in bearer header for the demo user of a role (faculty: the university one). */
  as(role: RoleName): Promise<{ Authorization: string }>;
  login(email: string, password?: string): Promise<string>;
}

/**
 * A database of the file's own, copied from a template made once per run (demo users and demo master
 * data, or only the demo users), and the app over it.
 */
export function useTestApp(
  options: {
    seedMasterData?: boolean;
    env?: NodeJS.ProcessEnv;
    poolMax?: number;
    connectTimeoutMs?: number;
  } = {},
): TestContext {
  let testDb: TestDatabase;
  const tokens = new Map<string, string>();
  const ctx = {} as TestContext;

  beforeAll(async () => {
    testDb = await openTestDatabase({
      templates: inject('testTemplates'),
      template: options.seedMasterData === false ? 'demoUsers' : 'demo',
      poolMax: options.poolMax,
      connectTimeoutMs: options.connectTimeoutMs,
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: TEST_SECRET,
      BCRYPT_ROUNDS: '4',
      ...options.env,
    });
    const app = createApp({ db: testDb.db, config });
    Object.assign(ctx, {
      db: testDb.db,
      config,
      url: testDb.url,
      app,
      api: request(app),
      login: async (email: string, password = DEMO_PASSWORD) => {
        const res = await request(app).post('/api/login').send({ email, password });
        if (res.status !== 200)
          throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
        return res.body.token as string;
      },
      as: async (role: RoleName) => {
        if (!tokens.has(role))
          tokens.set(role, await ctx.login(demoUsers.find((u) => u.role === role)!.email));
        return { Authorization: `Bearer ${tokens.get(role)}` };
      },
    });
  });

  afterAll(async () => {
    await testDb?.dispose();
  });

  return ctx;
}
