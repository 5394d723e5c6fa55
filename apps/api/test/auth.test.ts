import { createHmac, randomUUID } from 'node:crypto';
import bcrypt from 'bcrypt';
import jwt from 'jsonwebtoken';
import type { Response } from 'supertest';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoUsers } from '@exam/db/seed';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { TEST_SECRET, useTestApp } from './support/context.ts';
import { listen } from './support/raw-http.ts';
import { uniqueKey } from './support/factories.ts';

const ctx = useTestApp();

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const b64url = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A JWT built by hand, so header and signature can be anything a forger would try. */
function craftToken(
  header: object,
  payload: object,
  sign?: { algorithm: 'sha256' | 'sha512'; secret: string },
) {
  const signingInput = `${b64url(header)}.${b64url(payload)}`;
  const signature = sign
    ? createHmac(sign.algorithm, sign.secret).update(signingInput).digest('base64url')
    : '';
  return `${signingInput}.${signature}`;
}

const userId = async (email: string) => (await ctx.db.prisma.user.findUniqueOrThrow({ where: { email } })).id;

const claimsFor = (id: number, lifetimeSeconds = 600) => {
  const now = Math.floor(Date.now() / 1000);
  return { sub: String(id), jti: randomUUID(), iat: now, exp: now + lifetimeSeconds };
};

/** A user of our own, so deleting or disabling it cannot disturb the demo users other tests sign in as. */
async function createUser(password = 'Other@12345', rounds = 4) {
  const email = `${uniqueKey('u').toLowerCase()}@university.test`;
  const user = await ctx.db.prisma.user.create({
    data: {
      email,
      name: 'Temporary Office User',
      role: 'office',
      system: 'university',
      password_hash: await bcrypt.hash(password, rounds),
    },
  });
  return { ...user, password };
}

function expect401(res: Response) {
  expect(res.status, res.text).toBe(401);
  expect(res.body.code).toBe('UNAUTHENTICATED');
  expect(res.headers['content-type']).toMatch(/application\/json/);
  expect(typeof res.body.message).toBe('string');
  expect(res.body.message.length).toBeGreaterThan(0);
  expect(res.body).not.toHaveProperty('token');
}

/** A token must be refused by check-user and by a master-data call alike. */
async function expectRefused(token: string) {
  expect401(await ctx.api.get('/api/check-user').set(bearer(token)));
  expect401(await ctx.api.get('/api/session').set(bearer(token)));
}

describe('POST /api/login', () => {
  it('answers 200 with an HS256 token that expires (8 h by default) and a message', async () => {
    const res = await ctx.api
      .post('/api/login')
      .send({ email: 'admin@university.test', password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['message', 'message_code', 'token']);
    expect(res.body.message_code).toBe('auth.loginSuccessful');
    const decoded = jwt.decode(res.body.token, { complete: true });
    expect(decoded?.header.alg).toBe('HS256');
    const payload = decoded?.payload as jwt.JwtPayload;
    expect(payload.exp! - payload.iat!).toBe(8 * 3600);
    expect((await ctx.api.get('/api/check-user').set(bearer(res.body.token))).status).toBe(200);
  });

  it('accepts legacy string bodies with surrounding spaces and any email case', async () => {
    const res = await ctx.api
      .post('/api/login')
      .send({ email: '  ADMIN@University.TEST ', password: DEMO_PASSWORD });
    expect(res.status, res.text).toBe(200);
    const who = await ctx.api.get('/api/check-user').set(bearer(res.body.token));
    expect(who.body.user_role.name).toBe('admin');
  });

  it('answers 401 with the same message for an unknown email and a wrong password', async () => {
    const unknown = await ctx.api
      .post('/api/login')
      .send({ email: 'nobody@university.test', password: DEMO_PASSWORD });
    const wrong = await ctx.api
      .post('/api/login')
      .send({ email: 'admin@university.test', password: 'Demo@12346' });
    expect401(unknown);
    expect401(wrong);
    expect(unknown.body).toEqual(wrong.body);
    // The password is case-sensitive even though the email is not.
    expect401(
      await ctx.api
        .post('/api/login')
        .send({ email: 'admin@university.test', password: DEMO_PASSWORD.toUpperCase() }),
    );
  });

  it.each([
    ['an empty body', {}, ['email', 'password']],
    ['no password', { email: 'admin@university.test' }, ['password']],
    ['no email', { password: DEMO_PASSWORD }, ['email']],
    ['empty strings', { email: '', password: '' }, ['email', 'password']],
    ['a malformed email', { email: 'admin-at-university', password: DEMO_PASSWORD }, ['email']],
    ['numbers instead of text', { email: 12345, password: 12345 }, ['email', 'password']],
    [
      'objects and arrays instead of text',
      { email: { $ne: '' }, password: ['Demo@12345'] },
      ['email', 'password'],
    ],
    ['null values', { email: null, password: null }, ['email', 'password']],
  ])('answers 422 naming the failing fields for %s', async (_label, body, fields) => {
    const res = await ctx.api.post('/api/login').send(body);
    expect(res.status, res.text).toBe(422);
    expect(typeof res.body.message).toBe('string');
    expect(Object.keys(res.body.errors).sort()).toEqual(fields);
    for (const field of fields) expect(res.body.errors[field][0]).toEqual(expect.any(String));
    expect(res.body).not.toHaveProperty('token');
  });

  it('refuses a user that has been disabled, with the usual login failure', async () => {
    const user = await createUser();
    expect(
      (await ctx.api.post('/api/login').send({ email: user.email, password: user.password })).status,
    ).toBe(200);
    await ctx.db.prisma.user.update({ where: { id: user.id }, data: { active: false } });
    const res = await ctx.api.post('/api/login').send({ email: user.email, password: user.password });
    expect401(res);
    const wrong = await ctx.api
      .post('/api/login')
      .send({ email: 'admin@university.test', password: 'nope-nope' });
    expect(res.body.message).toBe(wrong.body.message);
  });
});

describe('login timing', () => {
  it(
    'takes about as long for an unknown email as for a wrong password (medians of 11 tries, within 0.5x ' +
      'to 2x)',
    { timeout: 60_000 },
    async () => {
      // bcrypt at the production cost: at the 4 rounds the other tests use, a skipped comparison would hide
      // in the noise.
      const rounds = 10;
      const config = loadConfig({
        NODE_ENV: 'test',
        JWT_SECRET: TEST_SECRET,
        BCRYPT_ROUNDS: String(rounds),
        LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000',
        LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
      });
      const client = await listen(createApp({ db: ctx.db, config }));
      try {
        const user = await createUser('Right@12345', rounds);
        const attempt = async (email: string) => {
          const res = await client.request({
            method: 'POST',
            path: '/api/login',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ email, password: 'Wrong@12345' }),
          });
          expect(res.status, res.text).toBe(401);
          return res;
        };
        await attempt(user.email);
        await attempt('warm-up@university.test');
        const wrongPassword: number[] = [];
        const unknownEmail: number[] = [];
        const bodies = new Set<string>();
        // Alternating, so a change in machine load falls on both alike.
        for (let i = 0; i < 11; i++) {
          const a = await attempt(user.email);
          const b = await attempt(`nobody-${i}-${uniqueKey('x').toLowerCase()}@university.test`);
          wrongPassword.push(a.ms);
          unknownEmail.push(b.ms);
          bodies.add(a.text).add(b.text);
        }
        const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
        const ratio = median(unknownEmail) / Math.max(1, median(wrongPassword));
        console.log(
          `login timing: median ${median(wrongPassword)} ms for a wrong password, ` +
            `${median(unknownEmail)} ms for an unknown email (ratio ${ratio.toFixed(2)})`,
        );
        expect(ratio).toBeGreaterThan(0.5);
        expect(ratio).toBeLessThan(2);
        expect(bodies.size).toBe(1);
      } finally {
        await client.close();
      }
    },
  );
});

describe('GET /api/check-user', () => {
  it.each([
    ['admin@university.test'],
    ['faculty@university.test'],
    ['faculty.college@university.test'],
    ['student@university.test'],
    ['document_admin@university.test'],
  ])('answers the role of %s', async (email) => {
    const demo = demoUsers.find((u) => u.email === email)!;
    const res = await ctx.api.get('/api/check-user').set(bearer(await ctx.login(email)));
    expect(res.status, res.text).toBe(200);
    expect(res.body.user_role).toMatchObject({
      name: demo.role,
      system: demo.system,
      dept_id: demo.dept_id,
      college_id: demo.college_id,
    });
  });

  it('gives the university faculty a department and no college, the college faculty both', async () => {
    const university = await ctx.api
      .get('/api/check-user')
      .set(bearer(await ctx.login('faculty@university.test')));
    expect(university.body.user_role).toMatchObject({
      name: 'faculty',
      system: 'university',
      dept_id: expect.any(String),
      college_id: null,
    });
    expect(university.body.user_role.dept_id).not.toBe('');
    const college = await ctx.api
      .get('/api/check-user')
      .set(bearer(await ctx.login('faculty.college@university.test')));
    expect(college.body.user_role).toMatchObject({
      name: 'faculty',
      system: 'college',
      dept_id: expect.any(String),
      college_id: expect.any(String),
    });
    const admin = await ctx.api.get('/api/check-user').set(await ctx.as('admin'));
    expect(admin.body.user_role).toMatchObject({
      name: 'admin',
      system: 'university',
      dept_id: null,
      college_id: null,
    });
  });

  it('lets the student role check its token although master data is closed to it', async () => {
    const res = await ctx.api.get('/api/check-user').set(await ctx.as('student'));
    expect(res.status).toBe(200);
    expect(res.body.user_role.name).toBe('student');
    expect((await ctx.api.get('/api/session').set(await ctx.as('student'))).status).toBe(403);
  });

  it('never shows the password or its hash', async () => {
    const stored = await ctx.db.prisma.user.findUniqueOrThrow({ where: { email: 'office@university.test' } });
    const login = await ctx.api
      .post('/api/login')
      .send({ email: 'office@university.test', password: DEMO_PASSWORD });
    const check = await ctx.api.get('/api/check-user').set(bearer(login.body.token));
    expect(check.status).toBe(200);
    for (const res of [login, check]) {
      expect(res.text.toLowerCase()).not.toContain('password');
      expect(res.text).not.toContain('$2');
      expect(res.text).not.toContain(stored.password_hash);
      expect(res.text).not.toContain(DEMO_PASSWORD);
    }
    // Nor inside the token, which anyone holding it can decode.
    const payload = Buffer.from(login.body.token.split('.')[1], 'base64url').toString();
    expect(payload.toLowerCase()).not.toContain('password');
    expect(payload).not.toContain('$2');
  });
});

describe('POST /api/logout', () => {
  it('revokes that token everywhere while another token of the same user keeps working', async () => {
    const first = await ctx.login('office@university.test');
    const second = await ctx.login('office@university.test');
    expect(first).not.toBe(second);
    expect((await ctx.api.get('/api/session').set(bearer(first))).status).toBe(200);

    const out = await ctx.api.post('/api/logout').set(bearer(first));
    expect(out.status, out.text).toBe(200);
    expect(typeof out.body.message).toBe('string');

    await expectRefused(first);
    expect401(
      await ctx.api
        .post('/api/session')
        .set(bearer(first))
        .send({ session_id: uniqueKey('S'), session_name: 'x' }),
    );
    expect401(await ctx.api.post('/api/logout').set(bearer(first)));

    expect((await ctx.api.get('/api/check-user').set(bearer(second))).status).toBe(200);
    expect((await ctx.api.get('/api/session').set(bearer(second))).status).toBe(200);
  });

  it('needs a token', async () => {
    expect401(await ctx.api.post('/api/logout'));
  });
});

describe('tokens', () => {
  it('accepts a well-formed HS256 token made by hand (the control for the forgeries below)', async () => {
    const id = await userId('admin@university.test');
    const token = craftToken({ alg: 'HS256', typ: 'JWT' }, claimsFor(id), {
      algorithm: 'sha256',
      secret: TEST_SECRET,
    });
    const res = await ctx.api.get('/api/check-user').set(bearer(token));
    expect(res.status, res.text).toBe(200);
    expect(res.body.user_role.name).toBe('admin');
  });

  it('refuses a call without an Authorization header, or with another scheme', async () => {
    expect401(await ctx.api.get('/api/check-user'));
    expect401(await ctx.api.get('/api/session'));
    expect401(await ctx.api.get('/api/check-user').set('Authorization', 'Bearer'));
    expect401(
      await ctx.api
        .get('/api/check-user')
        .set(
          'Authorization',
          `Basic ${Buffer.from(`admin@university.test:${DEMO_PASSWORD}`).toString('base64')}`,
        ),
    );
    const token = await ctx.login('admin@university.test');
    expect401(await ctx.api.get('/api/check-user').set('Authorization', token));
  });

  it.each([
    ['garbage', 'garbage'],
    ['three dotted parts of nothing', 'abc.def.ghi'],
    ['a JSON header and no payload', `${b64url({ alg: 'HS256' })}..`],
  ])('refuses %s', async (_label, token) => {
    await expectRefused(token);
  });

  it('refuses a token signed with another secret', async () => {
    const id = await userId('admin@university.test');
    await expectRefused(
      jwt.sign({ jti: randomUUID() }, 'another-secret-that-is-long-enough-for-hs256-000', {
        subject: String(id),
        expiresIn: 600,
      }),
    );
  });

  it('refuses alg "none" with an empty signature', async () => {
    const id = await userId('admin@university.test');
    await expectRefused(craftToken({ alg: 'none', typ: 'JWT' }, claimsFor(id)));
    await expectRefused(craftToken({ alg: 'None', typ: 'JWT' }, claimsFor(id)));
  });

  it('refuses HS512 and an RS256 header even when signed with the right secret', async () => {
    const id = await userId('admin@university.test');
    await expectRefused(
      jwt.sign({ jti: randomUUID() }, TEST_SECRET, {
        algorithm: 'HS512',
        subject: String(id),
        expiresIn: 600,
      }),
    );
    await expectRefused(
      craftToken({ alg: 'HS512', typ: 'JWT' }, claimsFor(id), { algorithm: 'sha512', secret: TEST_SECRET }),
    );
    // Algorithm confusion: an RS256 header over an HMAC made with the shared secret.
    await expectRefused(
      craftToken({ alg: 'RS256', typ: 'JWT' }, claimsFor(id), { algorithm: 'sha256', secret: TEST_SECRET }),
    );
  });

  it('refuses an expired token', async () => {
    const id = await userId('admin@university.test');
    const past = Math.floor(Date.now() / 1000) - 3600;
    await expectRefused(
      jwt.sign({ sub: String(id), jti: randomUUID(), iat: past - 600, exp: past }, TEST_SECRET, {
        algorithm: 'HS256',
      }),
    );
  });

  it('refuses a token without an id (jti) or without a subject, although signed correctly', async () => {
    const id = await userId('admin@university.test');
    const { jti: _jti, ...noJti } = claimsFor(id);
    await expectRefused(jwt.sign(noJti, TEST_SECRET, { algorithm: 'HS256' }));
    const { sub: _sub, ...noSub } = claimsFor(id);
    await expectRefused(jwt.sign(noSub, TEST_SECRET, { algorithm: 'HS256' }));
    // A token that never expires is not one this server issues.
    const { exp: _exp, ...noExp } = claimsFor(id);
    await expectRefused(jwt.sign(noExp, TEST_SECRET, { algorithm: 'HS256' }));
  });

  it('reads the role from the database on every call, not from the token', async () => {
    const user = await createUser();
    const token = await ctx.login(user.email, user.password);
    expect((await ctx.api.get('/api/session').set(bearer(token))).status).toBe(200);
    await ctx.db.prisma.user.update({ where: { id: user.id }, data: { role: 'student' } });
    const check = await ctx.api.get('/api/check-user').set(bearer(token));
    expect(check.body.user_role.name).toBe('student');
    expect((await ctx.api.get('/api/session').set(bearer(token))).status).toBe(403);
  });

  it('refuses the token of a deleted user, and a token naming a user that never existed', async () => {
    const user = await createUser();
    const token = await ctx.login(user.email, user.password);
    expect((await ctx.api.get('/api/check-user').set(bearer(token))).status).toBe(200);
    await ctx.db.prisma.user.delete({ where: { id: user.id } });
    await expectRefused(token);
    await expectRefused(jwt.sign(claimsFor(2_000_000_000), TEST_SECRET, { algorithm: 'HS256' }));
    await expectRefused(
      jwt.sign({ ...claimsFor(1), sub: 'admin@university.test' }, TEST_SECRET, { algorithm: 'HS256' }),
    );
  });

  it('refuses the token of a user set inactive, and accepts it again once reactivated', async () => {
    const user = await createUser();
    const token = await ctx.login(user.email, user.password);
    expect((await ctx.api.get('/api/session').set(bearer(token))).status).toBe(200);
    await ctx.db.prisma.user.update({ where: { id: user.id }, data: { active: false } });
    await expectRefused(token);
    await ctx.db.prisma.user.update({ where: { id: user.id }, data: { active: true } });
    expect((await ctx.api.get('/api/check-user').set(bearer(token))).status).toBe(200);
  });
});
