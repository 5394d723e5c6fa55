import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { createApp } from '../src/app.ts';
import express from 'express';
import { loadConfig } from '../src/config.ts';
import { leanRoutes } from '../src/platform/http/lean-routes.ts';
import { createLogger } from '../src/platform/http/logger.ts';
import { TEST_SECRET, useTestApp } from './support/context.ts';

const ctx = useTestApp({
  seedMasterData: false,
  env: {
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '6',
    CORS_ORIGINS: 'https://portal.example',
  },
});

const attempt = (email: string, password: string, address = '127.0.0.1') =>
  ctx.api.post('/api/login').set('X-Forwarded-For', address).send({ email, password });

describe('login rate limits', () => {
  it(
    'blocks an account from the address that failed repeatedly, even with the right password, and says ' +
      'when to retry',
    async () => {
      for (let i = 0; i < 3; i++)
        expect((await attempt('result@university.test', 'wrong', '10.0.0.1')).status).toBe(401);
      const blocked = await attempt('result@university.test', 'Demo@12345', '10.0.0.1');
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe('RATE_LIMITED');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.body.message).toMatch(/Too many failed sign-ins/);
      // Other accounts from that address, and this account from elsewhere, are not refused
      // (login-abuse.test.ts).
      expect((await attempt('calculate@university.test', 'Demo@12345', '10.0.0.1')).status).toBe(200);
      expect((await attempt('result@university.test', 'Demo@12345', '10.0.0.9')).status).toBe(200);
    },
  );

  it('a success resets the account count', async () => {
    for (let i = 0; i < 2; i++) await attempt('document@university.test', 'wrong');
    expect((await attempt('document@university.test', 'Demo@12345')).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await attempt('document@university.test', 'wrong')).status).toBe(401);
    expect((await attempt('document@university.test', 'Demo@12345')).status).toBe(200);
  });

  it('blocks an address that guesses across many accounts', async () => {
    // The app trusts loopback proxies in tests, so X-Forwarded-For names the client.
    for (let i = 0; i < 6; i++) await attempt(`nobody${i}@university.test`, 'wrong', '192.0.2.7');
    const res = await attempt('office@university.test', 'Demo@12345', '192.0.2.7');
    expect(res.status).toBe(429);
    expect((await attempt('office@university.test', 'Demo@12345', '192.0.2.8')).status).toBe(200);
  });
});

describe('headers', () => {
  it('sends security headers and no framework banner', async () => {
    const res = await ctx.api.get('/api/health');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain('connect-src');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('over plain HTTP (no https PUBLIC_URL): no request upgrade, no HTTPS insisted on (HSTS)', async () => {
    // upgrade-insecure-requests made browsers fetch the scripts by https from http://exam-server:3000: a
    // blank page.
    for (const env of [{}, { PUBLIC_URL: 'http://exam-server:3000' }]) {
      const app = createApp({
        db: ctx.db,
        config: loadConfig({ NODE_ENV: 'test', JWT_SECRET: TEST_SECRET, ...env }),
      });
      const res = await request(app).get('/api/health');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('on an https PUBLIC_URL upgrades requests and sends HSTS', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: TEST_SECRET,
      PUBLIC_URL: 'https://exams.university.example',
    });
    const res = await request(createApp({ db: ctx.db, config })).get('/api/health');
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('refuses a PUBLIC_URL that is not an http(s) address, naming the setting', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'exams.university.example' })).toThrow(
      /PUBLIC_URL/,
    );
  });

  it('allows only configured origins to call the API from a browser', async () => {
    const allowed = await ctx.api
      .options('/api/session')
      .set('Origin', 'https://portal.example')
      .set('Access-Control-Request-Method', 'GET');
    expect(allowed.headers['access-control-allow-origin']).toBe('https://portal.example');
    const other = await ctx.api
      .options('/api/session')
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'GET');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('the public verification call (a lean route, answered before the generic stack)', () => {
  const helmetHeaders = [
    'content-security-policy',
    'cross-origin-opener-policy',
    'cross-origin-resource-policy',
    'origin-agent-cluster',
    'referrer-policy',
    'x-content-type-options',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-frame-options',
    'x-permitted-cross-domain-policies',
    'x-xss-protection',
  ];
  const appWithLog = (env: NodeJS.ProcessEnv = {}) => {
    const lines: Array<Record<string, unknown>> = [];
    const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: TEST_SECRET, ...env });
    const app = createApp({
      db: ctx.db,
      config,
      logger: createLogger('info', {}, (line) => lines.push(JSON.parse(line))),
    });
    return { app, lines };
  };

  it(
    'answers with the same security headers as every other call, no-store and a request id, and logs the ' +
      'call without the token',
    async () => {
      const { app, lines } = appWithLog();
      const health = await request(app).get('/api/health');
      const verify = await request(app).get('/api/verify/not-a-document-code');
      expect(verify.status).toBe(200);
      expect(verify.body).toMatchObject({ document: null, signature_valid: false, reason: 'MALFORMED' });
      for (const name of helmetHeaders) {
        expect(health.headers[name], name).toBeDefined();
        expect(verify.headers[name], name).toBe(health.headers[name]);
      }
      expect(verify.headers['x-powered-by']).toBeUndefined();
      expect(verify.headers['cache-control']).toBe('no-store');
      expect(verify.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(verify.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const line = lines.find((l) => l.request_id === verify.headers['x-request-id']);
      expect(line).toMatchObject({ msg: 'request', method: 'GET', path: '/api/verify/…', status: 200 });
      expect(JSON.stringify(lines)).not.toContain('not-a-document-code');
    },
  );

  it(
    "leaves a browser's cross-origin call to the full stack: a configured origin gets CORS, the answer is " +
      'the same',
    async () => {
      const allowed = await ctx.api
        .get('/api/verify/not-a-document-code')
        .set('Origin', 'https://portal.example');
      expect(allowed.status).toBe(200);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://portal.example');
      expect(allowed.body).toMatchObject({ document: null, signature_valid: false, reason: 'MALFORMED' });
      const other = await ctx.api
        .get('/api/verify/not-a-document-code')
        .set('Origin', 'https://elsewhere.example');
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    },
  );

  it('refuses other methods with 405, and a path with more segments is not a verification', async () => {
    const post = await ctx.api.post('/api/verify/not-a-document-code').send({});
    expect(post.status).toBe(405);
    expect(post.body.code).toBeDefined();
    // Not a verification: the full stack treats it as any other path (sign-in first).
    const deeper = await ctx.api.get('/api/verify/a/b');
    expect(deeper.status).toBe(401);
    expect(deeper.body.signature_valid).toBeUndefined();
  });

  it('an unexpected failure answers 500 with the general message; details go to the server log', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const app = express();
    app.use(
      leanRoutes(
        [
          {
            prefix: '/api/broken/',
            answer: async () => {
              throw new Error('relation "secret_table" does not exist');
            },
          },
        ],
        [['x-content-type-options', 'nosniff']],
        createLogger('info', {}, (line) => lines.push(JSON.parse(line))),
        { liveConnections: () => 1 },
      ),
    );
    const res = await request(app).get('/api/broken/x');
    expect(res.status).toBe(500);
    expect(res.body.code).toBe('INTERNAL');
    expect(res.body.message).toMatch(/try again/);
    expect(JSON.stringify(res.body)).not.toContain('secret_table');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(lines.find((l) => l.msg === 'request failed')).toMatchObject({
      status: 500,
      err: { message: 'relation "secret_table" does not exist' },
    });
  });
});
