import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openTestDatabase, type TestDatabase } from '@exam/db/testing';
import { apiDir, startApi, type ApiProcess } from './support/api-process.ts';

// Made per run: the API refuses secrets and passwords that are written in the repository.
const ADMIN = { email: 'chief@exam.example', password: `chief-${randomBytes(8).toString('hex')}` };

describe('the production start path', () => {
  let testDb: TestDatabase;
  let server: ApiProcess;

  beforeAll(async () => {
    // Its own database; the server applies whatever migrations it lacks, as in production.
    testDb = process.env.DATABASE_URL
      ? await openTestDatabase({ templates: inject('testTemplates'), template: 'migrated' })
      : { db: undefined as never, dispose: async () => {} };
    server = await startApi({
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      BCRYPT_ROUNDS: '12',
      ...(testDb.url ? { DATABASE_URL: testDb.url } : { DATABASE_URL: '', PGLITE_DIR: 'memory://' }),
    });
  });

  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await testDb?.dispose();
  });

  it('is healthy and ready once started', async () => {
    expect(await (await fetch(`${server.base}/api/health`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.base}/api/ready`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { status: string }).status).toBe('ready');
  });

  it('creates the admin from the environment and no demo users', async () => {
    const admin = await fetch(`${server.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(admin.status).toBe(200);
    const demo = await fetch(`${server.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@university.test', password: 'Demo@12345' }),
    });
    expect(demo.status).toBe(401);
  });

  it('logs requests as JSON lines with a request id, and never the password or token', async () => {
    const res = await fetch(`${server.base}/api/check-user`, {
      headers: { authorization: 'Bearer not.a.token', 'x-request-id': 'trace-123' },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('x-request-id')).toBe('trace-123');
    await new Promise((r) => setTimeout(r, 100));
    const lines = server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l));
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'request',
        request_id: 'trace-123',
        status: 401,
        path: '/api/check-user',
      }),
    );
    expect(server.output()).not.toContain(ADMIN.password);
    expect(server.output()).not.toContain('not.a.token');
  });

  it('finishes the request in flight on SIGTERM, then exits 0', async () => {
    const inFlight = fetch(`${server.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    await new Promise((r) => setTimeout(r, 30));
    server.child.kill('SIGTERM');
    const [res, [code]] = await Promise.all([inFlight, once(server.child, 'exit')]);
    expect(res.status).toBe(200);
    expect(code).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
  });
});

describe('configuration errors', () => {
  it('stop the process with one line naming the setting', async () => {
    const child = spawn('node', ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        JWT_SECRET: '',
        ADMIN_EMAIL: 'a@b.c',
        ADMIN_PASSWORD: ADMIN.password,
        PORT: '0',
      },
    });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(err.trim()).toBe(
      'API failed to start: Invalid setting JWT_SECRET: must be at least 32 characters',
    );
  });

  it('a port in use stops the start with one line naming it, before the database is opened', async () => {
    const taken = http.createServer();
    await new Promise<void>((resolve) => taken.listen(0, resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const child = spawn('node', ['--import', 'tsx', 'src/server.ts'], {
        cwd: apiDir,
        env: {
          ...process.env,
          NODE_ENV: 'development',
          DATABASE_URL: '',
          PGLITE_DIR: 'memory://',
          PORT: `${port}`,
        },
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (err += d));
      const [code] = await once(child, 'exit');
      expect(code).toBe(1);
      expect(err.trim()).toBe(
        `API failed to start: port ${port} (PORT) is already in use: stop what listens there, or set PORT ` +
          'to a free port',
      );
      expect(out).not.toContain('database ready');
    } finally {
      taken.close();
    }
  });
});
