import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/platform/http/logger.ts';
import { TEST_SECRET, useTestApp } from './support/context.ts';
import { uniqueKey } from './support/factories.ts';
import { listen, type RawClient } from './support/raw-http.ts';

/** What an unauthenticated caller or a log reader could learn that they should not. */

// A built web app of two files, so the static paths are served as in production.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-web-dist-'));
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Exam</title>');
fs.writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1);');

const ctx = useTestApp({ env: { WEB_DIST: webDist } });
let raw: RawClient;

beforeAll(async () => {
  raw = await listen(ctx.app);
});
afterAll(async () => {
  await raw?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('the list search (q)', () => {
  it('takes %, _ and \\ literally instead of as wildcards', async () => {
    const admin = await ctx.as('admin');
    const total = async (q: string) => {
      const res = await ctx.api.get('/api/paper').query({ q }).set(admin);
      expect(res.status, res.text).toBe(200);
      return res.body.total as number;
    };
    expect(await total('%')).toBe(0);
    expect(await total('_')).toBe(0);
    expect(await total('\\')).toBe(0);

    const odd = { paper_id: uniqueKey('P'), paper_name: 'Scores 100%_net\\gross', paper_code: 'ODD-1' };
    const plain = { paper_id: uniqueKey('P'), paper_name: 'Scores 1000xnetYgross', paper_code: 'ODD-2' };
    for (const body of [odd, plain])
      expect((await ctx.api.post('/api/paper').set(admin).send(body)).status).toBe(201);
    const found = await ctx.api.get('/api/paper').query({ q: '100%_net\\g' }).set(admin);
    expect(found.body.paper.map((p: { paper_id: string }) => p.paper_id)).toEqual([odd.paper_id]);
    expect(await total('%')).toBe(1);
  });
});

describe('static files', () => {
  it.each([
    '/assets/..%2findex.html',
    '/assets/..%2f..%2fpackage.json',
    '/assets/%2e%2e%2f%2e%2e%2fpackage.json',
    '/assets/..%5cindex.html',
  ])('answers %s with a JSON 404, not a 500', async (url) => {
    const res = await raw.request({ method: 'GET', path: url });
    expect(res.status, res.text).toBe(404);
    expect(res.body).toEqual({ message: 'Not found.', code: 'NOT_FOUND', message_code: 'platform.notFound' });
  });

  it('still serves a real asset and the page (the control)', async () => {
    expect((await raw.request({ method: 'GET', path: '/assets/app-1234.js' })).status).toBe(200);
    expect((await raw.request({ method: 'GET', path: '/Dashboard' })).text).toContain('<title>Exam</title>');
  });
});

describe('the request log', () => {
  it('never holds a token, not even one in the path of an old /Logout/{token} link', async () => {
    const lines: string[] = [];
    const app = createApp({
      db: ctx.db,
      config: ctx.config,
      logger: createLogger('info', {}, (line) => lines.push(line)),
    });
    const token = (await ctx.as('office')).Authorization.replace('Bearer ', '');
    expect((await request(app).get(`/Logout/${token}`)).status).toBe(200);
    expect((await request(app).get(`/logout/${encodeURIComponent(token)}/`)).status).toBe(200);
    expect((await request(app).get(`/api/check-user/${token}`)).status).toBe(401);
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line).not.toContain(token.split('.')[1]!);
      expect(JSON.parse(line).path).toMatch(/\/\[redacted\]/);
    }
    expect(JSON.parse(lines[0]!).path).toBe('/Logout/[redacted]');
  });
});

describe('what anonymous callers see', () => {
  it('the API reference serves the files its page needs and nothing else of the library', async () => {
    expect((await ctx.api.get('/api/docs')).status).toBe(200);
    expect((await ctx.api.get('/api/docs/assets/swagger-ui.css')).status).toBe(200);
    expect((await ctx.api.get('/api/docs/assets/swagger-ui-bundle.js')).status).toBe(200);
    for (const file of ['package.json', 'README.md', 'index.js', 'absolute-path.js', 'swagger-ui.js']) {
      const res = await ctx.api.get(`/api/docs/assets/${file}`);
      // Any other API path without a token: sign in first.
      expect(res.status, file).toBe(401);
      expect(res.text, file).not.toMatch(/"version"/);
    }
  });

  it('readiness says only its status', async () => {
    const res = await ctx.api.get('/api/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready' });
  });
});

describe('X-Request-Id', () => {
  const createExamWith = async (app: ReturnType<typeof createApp>, requestId: string) => {
    const examId = uniqueKey('RQ');
    const res = await request(app)
      .post('/api/exam')
      .set(await ctx.as('admin'))
      .set('X-Request-Id', requestId)
      .send({ exam_id: examId, exam_desc: 'Request id test', active_status: '1', session_id: '2024-25' });
    expect(res.status, res.text).toBe(201);
    const entry = await ctx.db.prisma.auditEntry.findFirstOrThrow({
      where: { entity: 'exam', entity_key: examId },
    });
    return { answered: res.headers['x-request-id'] as string, audited: entry.request_id };
  };
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it('is taken from a trusted proxy (here loopback, the default) when it has a safe form', async () => {
    expect(await createExamWith(ctx.app, 'nginx-0f3a9c')).toEqual({
      answered: 'nginx-0f3a9c',
      audited: 'nginx-0f3a9c',
    });
  });

  it('is replaced by our own id when it has an unsafe form, even from a trusted proxy', async () => {
    for (const unsafe of ['a'.repeat(65), 'id with spaces', '<script>', '../../etc', '.hidden']) {
      const { answered, audited } = await createExamWith(ctx.app, unsafe);
      expect(audited, unsafe).toMatch(uuid);
      expect(answered).toBe(audited);
    }
  });

  it('is ignored from a client that is not a trusted proxy', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: TEST_SECRET,
      BCRYPT_ROUNDS: '4',
      TRUST_PROXY: '10.20.30.40',
    });
    const { answered, audited } = await createExamWith(createApp({ db: ctx.db, config }), 'chosen-by-client');
    expect(audited).toMatch(uuid);
    expect(answered).toBe(audited);
  });
});
