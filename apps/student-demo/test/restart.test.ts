import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { networkInterfaces } from 'node:os';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApi, type FakeApi } from './fake-api.ts';
import { startApp, throwawayDatabase } from './test-db.ts';

let database: Awaited<ReturnType<typeof throwawayDatabase>>;
let api: FakeApi;
beforeAll(async () => {
  database = await throwawayDatabase({ persistent: true });
  api = await startFakeApi();
});
afterAll(async () => {
  await api?.close();
  await database?.drop();
});

describe('restart', () => {
  it('keeps the data when the app is started again on the same database', async () => {
    const first = await startApp(database.target, api);
    const created = (await first.staff.post('/students').send({ stuname: 'Kept', email: 'kept@example.edu' }))
      .body.data;
    await first.db.close();

    const second = await startApp(database.target, api);
    try {
      const res = await second.staff.get(`/students/${created.id}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(created);
      // The id sequence continues too, so a new student never takes an old id.
      const next = (await second.staff.post('/students').send({ stuname: 'Next', email: 'next@example.edu' }))
        .body.data;
      expect(next.id).toBeGreaterThan(created.id);
    } finally {
      await second.db.close();
    }
  });

  it('server.ts logs where it listens (JSON), serves staff with API tokens, stops on SIGTERM', async () => {
    const { url, pgliteDir } = database.target;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: {
        ...process.env,
        DEMO_PORT: '0',
        DEMO_HOST: '127.0.0.1',
        API_URL: api.url,
        DATABASE_URL: url ?? '',
        PGLITE_DIR_DEMO: pgliteDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const port = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', () => {
        const match = /listening on http:\/\/127\.0\.0\.1:(\d+) \(this address only/.exec(output);
        if (match) resolve(match[1]!);
      });
      child.on('exit', () => reject(new Error(`server exited early:\n${output}`)));
    });
    // DEMO_HOST=127.0.0.1: nothing answers on the machine's other addresses.
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal);
    if (lan)
      await expect(request(`http://${lan.address}:${port}`).get('/health')).rejects.toThrow(/ECONNREFUSED/);
    expect((await request(`http://127.0.0.1:${port}`).get('/students')).status).toBe(401);
    const res = await request(`http://127.0.0.1:${port}`)
      .get('/students')
      .set('Authorization', 'Bearer office-token');
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: { stuname: string }) => s.stuname)).toContain('Kept');

    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    // Its log is JSON lines, like the API's and the worker's.
    const lines = output
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ level: 'info', service: 'student-demo', port: Number(port) });
    expect(lines.at(-1)).toMatchObject({ service: 'student-demo', signal: 'SIGTERM' });
  });
});
