import type { Response } from 'supertest';
import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '@exam/contracts';
import { DEMO_PASSWORD } from '@exam/db/seed';
import { useTestApp } from './support/context.ts';
import { factories } from './support/factories.ts';

const ctx = useTestApp();

/** The code each status of these tests answers with. */
const codeOf: Record<number, ErrorCode> = {
  400: 'MALFORMED_REQUEST',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_FAILED',
};

/**
 * Nothing about the server's insides may reach a client: no stack, no ORM, no SQL; the code names the kind of
 * failure.
 */
function expectCleanError(res: Response, status: number) {
  expect(res.status, res.text).toBe(status);
  expect(res.body.code, res.text).toBe(codeOf[status]);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(typeof res.body.message).toBe('string');
  expect(res.body.message.length).toBeGreaterThan(0);
  const text = res.text.toLowerCase();
  for (const leak of [
    'stack',
    'prisma',
    'select ',
    'insert into',
    'delete from',
    'update ',
    'syntaxerror',
    'node_modules',
    '    at ',
    '.ts:',
  ]) {
    expect(text, `body leaks "${leak}"`).not.toContain(leak);
  }
}

describe('unknown paths', () => {
  it.each([['/api/nothing-here'], ['/api/session/2024-25/extra/parts'], ['/api/courses_by_session']])(
    '%s answers 404 with a JSON message',
    async (path) => {
      const res = await ctx.api.get(path).set(await ctx.as('admin'));
      expectCleanError(res, 404);
    },
  );

  it('answers 404 for unknown writes as well', async () => {
    expectCleanError(
      await ctx.api
        .post('/api/nothing-here')
        .set(await ctx.as('admin'))
        .send({ a: 1 }),
      404,
    );
    expectCleanError(await ctx.api.delete('/api/nothing-here/1').set(await ctx.as('admin')), 404);
  });
});

describe('405 with an Allow header', () => {
  const allowed = (res: Response) => (res.headers['allow'] as string | undefined)?.split(/,\s*/).sort();

  it.each([
    ['patch', '/api/session', ['GET', 'HEAD', 'POST']],
    ['delete', '/api/session', ['GET', 'HEAD', 'POST']],
    ['post', '/api/session/2024-25', ['DELETE', 'GET', 'HEAD', 'PUT']],
    ['patch', '/api/ccinfosem/2024-25/BA01/1', ['DELETE', 'GET', 'HEAD', 'PUT']],
    ['delete', '/api/course/0/5', ['GET', 'HEAD']],
    ['post', '/api/courses_by_session/2024-25', ['GET', 'HEAD']],
    ['put', '/api/examactive/2024-25', ['GET', 'HEAD']],
    ['get', '/api/login', ['POST']],
    ['get', '/api/logout', ['POST']],
    ['post', '/api/check-user', ['GET', 'HEAD']],
  ] as const)('%s %s', async (method, path, methods) => {
    const res = await ctx.api[method](path).set(await ctx.as('admin'));
    expectCleanError(res, 405);
    expect(allowed(res)).toEqual([...methods].sort());
  });

  it('does not touch the record it refused to handle', async () => {
    const before = (await ctx.api.get('/api/session/2024-25').set(await ctx.as('admin'))).body;
    await ctx.api
      .post('/api/session/2024-25')
      .set(await ctx.as('admin'))
      .send({ session_name: 'changed' });
    expect((await ctx.api.get('/api/session/2024-25').set(await ctx.as('admin'))).body).toEqual(before);
  });
});

describe('Cache-Control: no-store on API answers', () => {
  it('on successes and on failures alike', async () => {
    const answers = [
      await ctx.api.post('/api/login').send({ email: 'admin@university.test', password: DEMO_PASSWORD }),
      await ctx.api.post('/api/login').send({ email: 'admin@university.test', password: 'wrong-password' }),
      await ctx.api.get('/api/check-user').set(await ctx.as('admin')),
      await ctx.api.get('/api/session').set(await ctx.as('admin')),
      await ctx.api.get('/api/session/2024-25').set(await ctx.as('admin')),
      await ctx.api.get('/api/courses_by_session/2024-25').set(await ctx.as('admin')),
      await ctx.api.get('/api/session'),
      await ctx.api.get('/api/session').set(await ctx.as('student')),
      await ctx.api.get('/api/nothing-here').set(await ctx.as('admin')),
      await ctx.api.patch('/api/session').set(await ctx.as('admin')),
      await ctx.api
        .post('/api/session')
        .set(await ctx.as('admin'))
        .send({}),
    ];
    answers.forEach((res, i) =>
      expect(res.headers['cache-control'], `answer ${i} (${res.status})`).toBe('no-store'),
    );
  });
});

describe('request bodies', () => {
  it.each([
    ['a truncated object', '{"session_id": "X1", "session_name": '],
    ['single quotes', "{'session_id': 'X1'}"],
    ['a bare string (strict JSON wants an object or array)', '"session"'],
    ['trailing garbage', '{"session_id": "X1"} extra'],
  ])('answers 400 with a JSON message for malformed JSON: %s', async (_label, raw) => {
    const res = await ctx.api
      .post('/api/session')
      .set(await ctx.as('admin'))
      .set('Content-Type', 'application/json')
      .send(raw);
    expectCleanError(res, 400);
    expect(res.body).not.toHaveProperty('errors');
  });

  it('answers 400 for malformed JSON on login, before any token is needed', async () => {
    const res = await ctx.api
      .post('/api/login')
      .set('Content-Type', 'application/json')
      .send('{"email": "admin@university.test",');
    expectCleanError(res, 400);
    expect(res.body).not.toHaveProperty('token');
  });

  it.each([
    ['text/plain', 'session_id=X1&session_name=Y'],
    ['application/x-www-form-urlencoded', 'session_id=X1&session_name=Y'],
    ['application/xml', '<session><session_id>X1</session_id></session>'],
  ])('answers 415 for a write sent as %s, and creates nothing', async (type, raw) => {
    const headers = await ctx.as('admin');
    const res = await ctx.api.post('/api/session').set(headers).set('Content-Type', type).send(raw);
    expectCleanError(res, 415);
    expect((await ctx.api.get('/api/session/X1').set(headers)).status).toBe(404);
    expectCleanError(
      await ctx.api.put('/api/session/2024-25').set(headers).set('Content-Type', type).send(raw),
      415,
    );
  });

  it('answers 415 for a login form post', async () => {
    const res = await ctx.api
      .post('/api/login')
      .type('form')
      .send({ email: 'admin@university.test', password: DEMO_PASSWORD });
    expectCleanError(res, 415);
    expect(res.body).not.toHaveProperty('token');
  });

  it('accepts JSON with a charset parameter', async () => {
    const body = await factories.session.build(ctx.db);
    const res = await ctx.api
      .post('/api/session')
      .set(await ctx.as('admin'))
      .set('Content-Type', 'application/json; charset=utf-8')
      .send(JSON.stringify(body));
    expect(res.status, res.text).toBe(201);
  });

  it('answers 413 for a body over 100kb and stores nothing', async () => {
    const headers = await ctx.as('admin');
    const body: Record<string, string> = {
      ...(await factories.session.build(ctx.db)),
      session_disc: 'x'.repeat(150 * 1024),
    };
    const res = await ctx.api.post('/api/session').set(headers).send(body);
    expectCleanError(res, 413);
    expect((await ctx.api.get(`/api/session/${body.session_id}`).set(headers)).status).toBe(404);
    expectCleanError(
      await ctx.api
        .post('/api/login')
        .send({ email: 'admin@university.test', password: 'p'.repeat(120 * 1024) }),
      413,
    );
  });

  it('takes a body just under the limit to validation (422 for a too-long field, not 413)', async () => {
    const body = { ...(await factories.session.build(ctx.db)), session_disc: 'x'.repeat(90 * 1024) };
    const res = await ctx.api
      .post('/api/session')
      .set(await ctx.as('admin'))
      .send(body);
    expectCleanError(res, 422);
    expect(Object.keys(res.body.errors)).toEqual(['session_disc']);
  });
});

describe('error answers never show the server internals', () => {
  it('for wrong types, over-long keys and odd characters', async () => {
    const headers = await ctx.as('admin');
    const answers = [
      await ctx.api
        .post('/api/session')
        .set(headers)
        .send({ session_id: { $gt: '' }, session_name: ['x'] }),
      await ctx.api
        .post('/api/exam')
        .set(headers)
        .send({ exam_id: 'E1', active_status: '1', session_id: "2024-25'; DROP TABLE exams; --" }),
      await ctx.api.get(`/api/session/${'A'.repeat(200)}`).set(headers),
      await ctx.api.get("/api/session/x'%20OR%20'1'='1").set(headers),
      await ctx.api.get('/api/session?sort=password').set(headers),
      await ctx.api.get('/api/session?limit=abc').set(headers),
      await ctx.api.post('/api/session').set(headers).send([]),
    ];
    for (const res of answers) {
      expect([400, 404, 422], res.text).toContain(res.status);
      expectCleanError(res, res.status);
    }
  });
});

describe('the built web app', () => {
  it('is served compressed, hashed assets cached for a year, a missing one answered 404', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { createApp } = await import('../src/app.ts');
    const request = (await import('supertest')).default;
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="app"></div>' + ' '.repeat(2000));
    fs.writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log("x");'.repeat(500));
    const app = createApp({ db: ctx.db, config: { ...ctx.config, webDist: dist } });
    const asset = await request(app).get('/assets/main-abc123.js').set('Accept-Encoding', 'gzip');
    expect(asset.status).toBe(200);
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await request(app).get('/ListSession');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.text).toContain('<div id="app">');
    const missing = await request(app).get('/assets/gone-000.js');
    expect(missing.status, JSON.stringify(missing.body) + missing.text).toBe(404);
    expect(missing.body).toEqual({
      message: 'Not found.',
      code: 'NOT_FOUND',
      message_code: 'platform.notFound',
    });
  });
});
