import bcrypt from 'bcrypt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { ensureUsers } from '@exam/db/seed';
import { createApp } from '../src/app.ts';
import { loginThrottle } from '../src/platform/auth/login-throttle.ts';
import { useTestApp } from './support/context.ts';
import { uniqueKey } from './support/factories.ts';
import { listen, type RawClient, type RawResponse } from './support/raw-http.ts';

/**
 * Sign-in abuse: guesses sent in parallel, an attacker trying to keep the owner out, passwords longer than
 * bcrypt's 72 bytes, and the throttle's own rows.
 */
const postgres = !!process.env.DATABASE_URL;
const PER_PAIR = 10;
const PER_ADDRESS = 30;

// More connections than the default 5, so parallel requests really overlap in the database.
const ctx = useTestApp({
  seedMasterData: false,
  poolMax: 24,
  env: {
    LOGIN_MAX_FAILURES_PER_ACCOUNT: String(PER_PAIR),
    LOGIN_MAX_FAILURES_PER_ADDRESS: String(PER_ADDRESS),
    LOGIN_MAX_DELAY_SECONDS: '1',
  },
});
let client: RawClient;

beforeAll(async () => {
  client = await listen(ctx.app);
});
afterAll(async () => {
  await client?.close();
});

/** A user of its own per test, so counts never carry over between tests. */
async function newUser(password = 'Right-Password-1', rounds = 4) {
  const email = `${uniqueKey('u').toLowerCase()}@college.test`;
  await ensureUsers(
    ctx.db.prisma,
    [
      {
        email,
        password,
        name: 'Test User',
        role: 'office',
        system: 'university',
        dept_id: null,
        college_id: null,
      },
    ],
    rounds,
  );
  return email;
}

const login = (email: string, password: string, address: string) =>
  client.request({
    method: 'POST',
    path: '/api/login',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify({ email, password }),
    timeoutMs: 60_000,
  });
const statuses = (answers: RawResponse[]) => answers.map((a) => a.status);
const count = (answers: RawResponse[], ...wanted: number[]) =>
  answers.filter((a) => wanted.includes(a.status)).length;

describe.skipIf(!postgres)(
  'parallel guesses (PostgreSQL: PGlite serves one connection, so requests never overlap there)',
  () => {
    it(
      '60 guesses at once from one address against a limit of 10: at most 10 are checked, the rest refused ' +
        'before bcrypt',
      async () => {
        // A real cost factor, so the checks overlap for tens of milliseconds.
        const email = await newUser('Right-Password-1', 10);
        const guesses = Array.from({ length: 60 }, (_, i) => (i === 59 ? 'Right-Password-1' : `wrong-${i}`));
        const answers = await Promise.all(guesses.map((password) => login(email, password, '198.51.100.10')));
        const checked = count(answers, 200, 401);
        console.log(
          `60 parallel guesses against a limit of ${PER_PAIR}: ${checked} checked, ${count(answers, 429)} ` +
            `refused, ${count(answers, 200)} signed in`,
        );
        expect(checked, JSON.stringify(statuses(answers))).toBeLessThanOrEqual(PER_PAIR);
        expect(count(answers, 200, 401, 429)).toBe(60);
        for (const refused of answers.filter((a) => a.status === 429))
          expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      },
    );

    it('60 guesses at once across 60 accounts from one address: the address limit holds too', async () => {
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          login(`nobody-${i}-${uniqueKey('x')}@college.test`, 'guess', '198.51.100.11'),
        ),
      );
      expect(count(answers, 401), JSON.stringify(statuses(answers))).toBeLessThanOrEqual(PER_ADDRESS);
      expect(count(answers, 429)).toBeGreaterThanOrEqual(60 - PER_ADDRESS);
    });
  },
);

describe('an attacker cannot keep the owner out', () => {
  it('wrong passwords from one address block it for this account, not the owner elsewhere', async () => {
    const email = await newUser();
    const attack = [];
    for (let i = 0; i < PER_PAIR + 5; i++)
      attack.push((await login(email, `wrong-${i}`, '198.51.100.20')).status);
    expect(attack.slice(0, PER_PAIR)).toEqual(Array(PER_PAIR).fill(401));
    expect(attack.slice(PER_PAIR)).toEqual(Array(5).fill(429));
    // Even the right password is refused from the attacking address: it cannot be used to keep guessing.
    expect((await login(email, 'Right-Password-1', '198.51.100.20')).status).toBe(429);
    // The owner, at the office, signs in.
    expect((await login(email, 'Right-Password-1', '203.0.113.5')).status).toBe(200);
  });

  it('wrong passwords from many addresses slow the account down but never refuse its owner', async () => {
    const email = await newUser();
    for (let a = 0; a < 4; a++) {
      const answers = await Promise.all(
        Array.from({ length: PER_PAIR }, (_, i) => login(email, `wrong-${a}-${i}`, `198.51.100.${30 + a}`)),
      );
      expect(statuses(answers)).toEqual(Array(PER_PAIR).fill(401));
    }
    // 40 failures on the account from four addresses: the owner from a fifth still gets in.
    expect((await login(email, 'Right-Password-1', '203.0.113.6')).status).toBe(200);
  });

  it('past the account limit each further attempt waits longer, up to the longest wait', async () => {
    const email = `slow-${uniqueKey('x').toLowerCase()}@college.test`;
    const throttle = loginThrottle(ctx.db, {
      perAccount: 3,
      perAddress: 1000,
      windowMinutes: 15,
      maxDelaySeconds: 4,
    });
    const delays: number[] = [];
    for (let i = 0; i < 8; i++) {
      const attempt = await throttle.reserve(email, `192.0.2.${i}`);
      expect(attempt.refusedForSeconds).toBeUndefined();
      delays.push(attempt.delayMs);
    }
    expect(delays.slice(0, 3)).toEqual([0, 0, 0]);
    for (let i = 4; i < delays.length; i++) expect(delays[i]!).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(delays[3]).toBeGreaterThan(0);
    expect(Math.max(...delays)).toBe(4000);
  });
});

describe('the whole password counts', () => {
  // 72 bytes is where bcrypt stops reading.
  const head = 'x'.repeat(72);

  it('a password sharing only its first 72 bytes with the right one is refused', async () => {
    const email = await newUser(`${head}-the-rest-of-a-long-passphrase`);
    expect((await login(email, `${head}-something-else-entirely`, '203.0.113.7')).status).toBe(401);
    expect((await login(email, head, '203.0.113.7')).status).toBe(401);
    expect((await login(email, `${head}-the-rest-of-a-long-passphrase`, '203.0.113.7')).status).toBe(200);
  });

  it(
    'a hash stored before this change still signs in, and is replaced on that sign-in by one that reads ' +
      'the whole password',
    async () => {
      const email = await newUser();
      const password = `${head}-legacy-tail`;
      // A plain bcrypt hash, as every hash was stored before.
      const legacy = await bcrypt.hash(password, 4);
      await ctx.db.prisma.user.update({ where: { email }, data: { password_hash: legacy } });
      expect((await login(email, password, '203.0.113.8')).status).toBe(200);
      // The old hash could not tell this one apart (same first 72 bytes); the hash stored at that sign-in
      // can.
      expect((await login(email, `${head}-other-tail`, '203.0.113.8')).status).toBe(401);
      expect((await login(email, password, '203.0.113.8')).status).toBe(200);
      expect((await ctx.db.prisma.user.findUniqueOrThrow({ where: { email } })).password_hash).not.toBe(
        legacy,
      );
    },
  );
});

describe('the throttle table', () => {
  it('loses rows whose window has passed when sign-ins happen, and keeps current ones', async () => {
    await ctx.db.query(
      `INSERT INTO login_throttle (key, attempts, window_start)
          VALUES ('pair:old@college.test 192.0.2.99', 3, now() - interval '2 days'), ('address:192.0.2.98', 5,
          now() - interval '16 minutes'), ('address:192.0.2.97', 2, now())`,
    );
    // A fresh app, as a restarted replica: it tidies up on its first sign-in.
    const app = createApp({ db: ctx.db, config: ctx.config });
    expect(
      (await request(app).post('/api/login').send({ email: 'nobody@college.test', password: 'x' })).status,
    ).toBe(401);
    const keys = (
      await ctx.db.query<{ key: string }>(`SELECT key FROM login_throttle WHERE key LIKE '%192.0.2.9%'`)
    ).map((r) => r.key);
    expect(keys).toEqual(['address:192.0.2.97']);
  });
});
