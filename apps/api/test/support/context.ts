import { afterAll, beforeAll, inject } from 'vitest';
import request from 'supertest';
import type { RoleName } from '@exam/contracts';
import type { Database } from '@exam/db';
import { DEMO_PASSWORD, demoUsers, seedDemoMasterData, seedDemoUsers } from '@exam/db/seed';
import { openTestDatabase, type TestDatabase } from '@exam/db/testing';
import { createApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

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

/** A fresh database with demo users and demo master data, and the app over it, for one test file. */
export function useTestApp(options: { seedMasterData?: boolean; env?: NodeJS.ProcessEnv; poolMax?: number } = {}): TestContext {
  let testDb: TestDatabase;
  const tokens = new Map<string, string>();
  const ctx = {} as TestContext;

  beforeAll(async () => {
    testDb = await openTestDatabase({ url: process.env.DATABASE_URL, template: inject('templateDatabase'), poolMax: options.poolMax });
    await seedDemoUsers(testDb.db.prisma, 4);
    if (options.seedMasterData !== false) await seedDemoMasterData(testDb.db.prisma);
    const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: TEST_SECRET, BCRYPT_ROUNDS: '4', ...options.env });
    const app = createApp({ db: testDb.db, config });
    Object.assign(ctx, {
      db: testDb.db,
      config,
      url: testDb.url,
      app,
      api: request(app),
      login: async (email: string, password = DEMO_PASSWORD) => {
        const res = await request(app).post('/api/login').send({ email, password });
        if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
        return res.body.token as string;
      },
      as: async (role: RoleName) => {
        if (!tokens.has(role)) tokens.set(role, await ctx.login(demoUsers.find((u) => u.role === role)!.email));
        return { Authorization: `Bearer ${tokens.get(role)}` };
      },
    });
  });

  afterAll(async () => {
    await testDb?.dispose();
  });

  return ctx;
}
