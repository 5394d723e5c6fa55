import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { FailureLog } from '../src/http.ts';
import { apiTokenCheck } from '../src/staff-auth.ts';
import { appForThisFile, appOrigin, appPort, demoHost, extraOrigin, signedIn } from './test-db.ts';

const logged: FailureLog[] = [];
const ctx = appForThisFile({ log: (entry) => logged.push(entry) });
const anonymous = () => request.agent(ctx.app).set('Host', demoHost);

describe('service edges', () => {
  it('answers health without a token', async () => {
    const res = await anonymous().get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('marks every answer no-store, errors included', async () => {
    for (const path of ['/health', '/students', '/students/999999', '/nowhere']) {
      expect((await ctx.staff.get(path)).headers['cache-control']).toBe('no-store');
    }
    expect((await anonymous().get('/students')).headers['cache-control']).toBe('no-store');
  });

  it('answers JSON 404 for an unknown route', async () => {
    const res = await ctx.staff.get('/teachers');
    expect(res.status).toBe(404);
    expect(res.type).toBe('application/json');
    expect(res.body).toEqual({ message: expect.any(String), code: 'NOT_FOUND' });
  });

  it('answers 405 with Allow for an unsupported method', async () => {
    const list = await ctx.staff.patch('/students/');
    expect(list.status).toBe(405);
    expect(list.headers.allow).toBe('GET, HEAD, POST');
    const one = await ctx.staff.post('/students/1').send({ stuname: 'A', email: 'a@example.edu' });
    expect(one.status).toBe(405);
    expect(one.headers.allow).toBe('GET, HEAD, PUT, DELETE');
    expect(one.body).toEqual({ message: expect.any(String), code: 'METHOD_NOT_ALLOWED' });
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await ctx.staff
      .post('/students')
      .set('Content-Type', 'application/json')
      .send('{"stuname": "A",');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/json/i);
    expect(res.body.code).toBe('MALFORMED_REQUEST');
  });

  it('answers 415 for a write that is not JSON', async () => {
    const form = await ctx.staff.post('/students').type('form').send('stuname=A&email=a@example.edu');
    expect(form.status).toBe(415);
    expect(form.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await ctx.staff.put('/students/1').set('Content-Type', 'text/plain').send('hello')).status).toBe(
      415,
    );
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await ctx.staff
      .post('/students')
      .send({ stuname: 'x'.repeat(120_000), email: 'big@example.edu' });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: expect.any(String), code: 'PAYLOAD_TOO_LARGE' });
  });

  it('names each answer with an X-Request-Id', async () => {
    const [a, b] = [await ctx.staff.get('/students'), await anonymous().get('/students')];
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});

describe('security headers (helmet, as the API)', () => {
  it('sends them on every answer, refusals included, and no framework banner', async () => {
    for (const res of [
      await anonymous().get('/health'),
      await anonymous().get('/students'),
      await ctx.staff.get('/students/999999'),
    ]) {
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      // A JSON service: nothing may load from it as a document, nor frame it.
      expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      // Plain HTTP (no PUBLIC_URL https://...): no HSTS, as the API.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends HSTS when the site is served over https', async () => {
    const app = buildApp({
      db: ctx.db,
      origins: { appPort, extra: [] },
      checkToken: apiTokenCheck({ apiUrl: ctx.api.url, cacheMs: 0 }),
      https: true,
    });
    expect((await request(app).get('/health')).headers['strict-transport-security']).toMatch(/^max-age=\d+/);
  });
});

describe('who may call it', () => {
  it('refuses a call without a token with 401, and reads or writes nothing', async () => {
    const before = (await ctx.staff.get('/students')).body.total;
    const list = await anonymous().get('/students');
    expect(list.status).toBe(401);
    expect(list.body).toEqual({ message: expect.stringMatching(/sign in/i), code: 'UNAUTHENTICATED' });
    expect(
      (await anonymous().post('/students').send({ stuname: 'Intruder', email: 'x@example.edu' })).status,
    ).toBe(401);
    expect((await anonymous().delete('/students/1')).status).toBe(401);
    expect((await ctx.staff.get('/students')).body.total).toBe(before);
  });

  it('asks the API about the token exactly as the caller sent it', async () => {
    const seen = ctx.api.seen.length;
    expect((await signedIn(ctx.app, 'faculty-token').get('/students')).status).toBe(200);
    expect(ctx.api.seen.slice(seen)).toEqual(['Bearer faculty-token']);
  });

  it("refuses a token the API refuses, with the API's message", async () => {
    for (const token of ['made-up-token', 'x'.repeat(300)]) {
      const res = await signedIn(ctx.app, token).get('/students');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        message: 'You have signed out; please sign in again.',
        code: 'UNAUTHENTICATED',
      });
    }
    expect((await anonymous().get('/students').set('Authorization', 'Basic b2ZmaWNlOnB3')).status).toBe(401);
  });

  it('refuses the student role with 403: the demo is for staff', async () => {
    const res = await signedIn(ctx.app, 'student-token')
      .post('/students')
      .send({ stuname: 'Me', email: 'me@example.edu' });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/staff/);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  it('answers 503 while the API cannot answer, and serves again when it can', async () => {
    ctx.api.breakDown();
    try {
      const res = await ctx.staff.get('/students');
      expect(res.status).toBe(503);
      expect(res.body.message).toMatch(/try again/);
      expect(res.body.code).toBe('UNAVAILABLE');
    } finally {
      ctx.api.breakDown(false);
    }
    expect((await ctx.staff.get('/students')).status).toBe(200);
  });

  it('honours a revocation once its short cache of answers has expired', async () => {
    let clock = 1_000_000;
    const app = buildApp({
      db: ctx.db,
      origins: { appPort, extra: [] },
      checkToken: apiTokenCheck({ apiUrl: ctx.api.url, cacheMs: 2000, now: () => clock }),
    });
    const faculty = signedIn(app, 'faculty-token');
    expect((await faculty.get('/students')).status).toBe(200);
    const asked = ctx.api.seen.length;
    expect((await faculty.get('/students')).status).toBe(200);
    expect(ctx.api.seen.length).toBe(asked); // the second call within the cache time did not ask again

    ctx.api.revoke('faculty-token');
    clock += 2000;
    const res = await faculty.get('/students');
    expect(res.status).toBe(401);
    expect(ctx.api.seen.length).toBe(asked + 1);
  });
});

describe('CORS: only pages of the web app itself', () => {
  const fromPage = (origin: string, host = demoHost) =>
    signedIn(ctx.app, 'office-token').get('/students').set('Host', host).set('Origin', origin);

  it('grants the app on whatever host name the demo was reached by, on the app port', async () => {
    for (const [host, origin] of [
      [demoHost, appOrigin],
      ['127.0.0.1:3001', 'http://127.0.0.1:3000'],
      ['localhost:3001', 'http://localhost:3000'],
      ['192.168.10.20:3001', 'http://192.168.10.20:3000'],
      ['[::1]:3001', 'http://[::1]:3000'],
    ]) {
      const res = await fromPage(origin!, host);
      expect(res.status).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
    }
  });

  it('grants a configured extra origin', async () => {
    expect((await fromPage(extraOrigin)).headers['access-control-allow-origin']).toBe(extraOrigin);
  });

  it('gives no grant to another site, another port of the host, or another name of the host', async () => {
    for (const origin of [
      'http://evil.example',
      'http://exam-server:8080',
      'http://exam-server',
      'http://127.0.0.1:3000',
      'null',
      'http://exam-server:3000/',
    ]) {
      expect((await fromPage(origin)).headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('answers a preflight from the app without a token, allowing the Authorization header', async () => {
    const res = await anonymous()
      .options('/students/1')
      .set('Origin', appOrigin)
      .set('Access-Control-Request-Method', 'PUT')
      .set('Access-Control-Request-Headers', 'authorization,content-type');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(appOrigin);
    expect(res.headers['access-control-allow-methods']).toBe('GET,POST,PUT,DELETE');
    expect(res.headers['access-control-allow-headers']).toMatch(/authorization/i);
  });

  it('grants nothing to a preflight from another origin', async () => {
    const res = await anonymous()
      .options('/students')
      .set('Origin', 'http://evil.example')
      .set('Access-Control-Request-Method', 'POST');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

// Last: it closes the database under the app.
describe('server failures', () => {
  it('answers a bare 500 (no stack, no SQL) and logs only the request id and kind of failure', async () => {
    await ctx.db.close();
    const res = await ctx.staff
      .post('/students')
      .send({ stuname: 'Private Person', email: 'private.person@example.edu' });
    expect(res.status).toBe(500);
    expect(Object.keys(res.body)).toEqual(['message', 'code']);
    expect(res.body.code).toBe('INTERNAL');
    expect(res.text).not.toMatch(/select|insert|students|at .*\.ts|Error:/i);
    expect(res.body.message).toContain(res.headers['x-request-id']);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toEqual({
      request_id: res.headers['x-request-id'],
      status: 500,
      cause: expect.any(String),
    });
    expect(JSON.stringify(logged)).not.toMatch(/private|example\.edu|students|insert/i);
  });
});
