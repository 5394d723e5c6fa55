import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseOptions } from '@exam/db';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { errorHandler } from '../src/platform/http/errors.ts';
import { TEST_SECRET, useTestApp, type TestContext } from './support/context.ts';
import { listen, type RawClient, type RawResponse } from './support/raw-http.ts';

/**
 * One signed-in user must not be able to starve everyone else. The slow queries are made slow on purpose and
 * deterministically: the test holds a lock on the paper table, so every paper search waits inside PostgreSQL,
 * holding its connection, until the test lets go (or the statement timeout cancels it).
 */
const postgres = !!process.env.DATABASE_URL;

describe.skipIf(!postgres)(
  'availability under one user’s flood (PostgreSQL: PGlite has no pool to exhaust)',
  () => {
    const ctx: TestContext = useTestApp();
    const opened: Array<{ close(): Promise<void> }> = [];
    let headers: Record<'faculty' | 'admin' | 'office' | 'result', Record<string, string>>;

    beforeAll(async () => {
      headers = {
        faculty: await ctx.as('faculty'),
        admin: await ctx.as('admin'),
        office: await ctx.as('office'),
        result: await ctx.as('result'),
      };
    });
    afterAll(async () => {
      for (const item of opened.reverse()) await item.close();
    });

    /**
     * The app on a pool of its own (size, connect timeout, statement timeout as given), listening on a real
     * port.
     */
    async function appWith(
      options: DatabaseOptions,
      env: NodeJS.ProcessEnv = {},
    ): Promise<{ client: RawClient; db: Database }> {
      const db = await openDatabase({ url: ctx.url!, ...options });
      const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: TEST_SECRET, BCRYPT_ROUNDS: '4', ...env });
      const client = await listen(createApp({ db, config }));
      opened.push(db, client);
      return { client, db };
    }

    /**
     * Runs `body` while an exclusive lock on the paper table is held; `body` may let go early with `unlock`,
     * and the lock is let go in any case when it ends.
     */
    async function whileLocked<T>(body: (unlock: () => Promise<void>) => Promise<T>): Promise<T> {
      const unlock = await lockPapers();
      try {
        return await body(unlock);
      } finally {
        await unlock();
      }
    }

    /**
     * Holds an exclusive lock on the paper table until the returned function is called (once; later calls
     * wait for the same).
     */
    async function lockPapers(): Promise<() => Promise<void>> {
      const lockDb = await openDatabase({ url: ctx.url!, poolMax: 1 });
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = lockDb.prisma.$transaction(
        async (tx) => {
          await tx.$executeRawUnsafe('LOCK TABLE paper IN ACCESS EXCLUSIVE MODE');
          locked();
          await released;
        },
        { timeout: 120_000, maxWait: 10_000 },
      );
      await isLocked;
      let unlocked: Promise<void> | undefined;
      return () =>
        (unlocked ??= (async () => {
          release();
          await holder;
          await lockDb.close();
        })());
    }

    /** Waits until at least `n` of the app's queries wait for the paper lock inside PostgreSQL. */
    async function waitForBlockedQueries(n: number) {
      for (let i = 0; i < 200; i++) {
        const [row] = await ctx.db.query<{ waiting: number }>(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database()
              AND wait_event_type = 'Lock'`,
        );
        if (row!.waiting >= n) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`fewer than ${n} queries ever waited for the lock`);
    }

    const get = (client: RawClient, path: string, who: Record<string, string>) =>
      client.request({ method: 'GET', path: `/api${path}`, headers: who, timeoutMs: 60_000 });
    const tally = (answers: RawResponse[]) =>
      answers.reduce<Record<number, number>>(
        (acc, a) => ({ ...acc, [a.status]: (acc[a.status] ?? 0) + 1 }),
        {},
      );

    it('100 parallel searches by one user: others are served, it hears 429 with Retry-After', async () => {
      const { client } = await appWith({ poolMax: 10, connectTimeoutMs: 5000 });
      const { flood, others } = await whileLocked(async (unlock) => {
        const flooding = Promise.all(
          Array.from({ length: 100 }, (_, i) => get(client, `/paper?q=paper${i % 7}`, headers.faculty)),
        );
        await waitForBlockedQueries(4);
        // Everyone else, while the flood holds what it can: other users, other screens.
        const calls = (['admin', 'office', 'result'] as const).flatMap((who) => [
          () => get(client, '/session', headers[who]),
          () => get(client, '/check-user', headers[who]),
          () => get(client, '/exam', headers[who]),
          () => get(client, '/course?q=BA', headers[who]),
        ]);
        const answers = await Promise.all([...calls, ...calls].map((call) => call()));
        await unlock();
        return { others: answers, flood: await flooding };
      });
      const served = others.filter((a) => a.status === 200).length;
      console.log(
        `flood: other users ${served}/${others.length} answered 200 ${JSON.stringify(tally(others))}; ` +
          `the flooder's 100: ${JSON.stringify(tally(flood))}`,
      );
      expect(tally(others), others.find((a) => a.status !== 200)?.text).toEqual({ 200: others.length });
      const refused = flood.filter((a) => a.status === 429);
      expect(refused.length).toBeGreaterThan(0);
      for (const answer of refused) {
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
        expect((answer.body as { message: string }).message).toMatch(/too many requests/i);
        expect((answer.body as { code: string }).code).toBe('RATE_LIMITED');
      }
      // Those let through finish once the lock is gone: served, or at worst told the server is busy; never a
      // 500.
      expect(flood.filter((a) => a.status === 200).length).toBeGreaterThan(0);
      for (const answer of flood.filter((a) => a.status >= 500)) expect(answer.status, answer.text).toBe(503);
      expect(flood.filter((a) => /not reachable/.test(a.text)).map((a) => a.text)).toEqual([]);
    });

    it(
      'when every connection is busy, a request that cannot get one is told the server is busy, not that ' +
        'the database is unreachable',
      async () => {
        const { client } = await appWith({ poolMax: 2, connectTimeoutMs: 500 });
        const answer = await whileLocked(async (unlock) => {
          const slow = Promise.all([1, 2].map(() => get(client, '/paper', headers.faculty)));
          await waitForBlockedQueries(2);
          const busy = await get(client, '/session', headers.admin);
          await unlock();
          await slow;
          return busy;
        });
        expect(answer.status, answer.text).toBe(503);
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
        const message = (answer.body as { message: string }).message;
        expect((answer.body as { code: string }).code).toBe('BUSY');
        expect(message).toMatch(/busy/i);
        expect(message).not.toMatch(/not reachable/i);
      },
    );

    /**
     * Answers every request with `error`, through the API's own error handler (which asks `db` about its
     * pool).
     */
    const answerWith = (error: unknown, db: Database) => {
      const app = express();
      app.post('/change', () => {
        throw error;
      });
      app.use(errorHandler(db));
      return request(app).post('/change');
    };

    it('a transaction unable to start (every connection busy) answers 503 busy (it was a 500)', async () => {
      // A transaction waits for a connection as long as a query does (DB_CONNECT_TIMEOUT_MS, 1 s here), then
      // Prisma gives up starting it, while the only connection sleeps 3 s.
      const db = await openDatabase({ url: ctx.url!, poolMax: 1, connectTimeoutMs: 1000 });
      opened.push(db);
      const holding = db.prisma.$queryRawUnsafe('SELECT pg_sleep(3)::text AS slept').then(() => undefined);
      for (let i = 0; i < 100 && db.liveConnections() === 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      const error = await db.prisma
        .$transaction(async (tx) => tx.$queryRawUnsafe('SELECT 1::int AS one'))
        .catch((e: unknown) => e);
      await holding;
      const res = await answerWith(error, db);
      expect(res.status, res.text).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.body.message).toMatch(/busy.*reload first to see whether it was saved/i);
      expect(res.body.code).toBe('BUSY');
    });

    it('a transaction that runs past its time is answered 503 "took too long" (it was a 500)', async () => {
      const db = await openDatabase({ url: ctx.url!, poolMax: 2 });
      opened.push(db);
      const error = await db.prisma
        .$transaction(async (tx) => tx.$queryRawUnsafe('SELECT pg_sleep(0.5)::text AS slept'), {
          timeout: 100,
        })
        .catch((e: unknown) => e);
      const res = await answerWith(error, db);
      expect(res.status, res.text).toBe(503);
      expect(res.body.message).toMatch(/took too long/i);
      expect(res.body.code).toBe('TIMED_OUT');
    });

    it('a query that runs past the statement timeout is stopped, and the caller is told so', async () => {
      const { client } = await appWith({ poolMax: 4, connectTimeoutMs: 2000, statementTimeoutMs: 300 });
      const answer = await whileLocked(async (unlock) => {
        // Without a timeout the search would wait for the lock; the test lets go after 5 s either way.
        const letGo = setTimeout(() => void unlock(), 5000);
        try {
          return await get(client, '/paper?q=x', headers.faculty);
        } finally {
          clearTimeout(letGo);
        }
      });
      expect(answer.status, answer.text).toBe(503);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect((answer.body as { message: string }).message).toMatch(/took too long/i);
      expect((answer.body as { code: string }).code).toBe('TIMED_OUT');
      expect(answer.text).not.toMatch(/57014|statement timeout|prisma/i);
      // The connection is fine afterwards.
      expect((await get(client, '/paper?q=x', headers.faculty)).status).toBe(200);
    });
  },
);
