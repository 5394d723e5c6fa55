import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { afterAll, describe, expect, it } from 'vitest';
import { publishedSecrets } from '@exam/settings';
import { DEMO_PASSWORD } from '@exam/db/seed';
import { startApi, type ApiProcess } from './support/api-process.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-signing-'));
const started: ApiProcess[] = [];
afterAll(async () => {
  await Promise.all(started.map((api) => api.stop()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * `pnpm start` as the README has it: no JWT_SECRET, the embedded database (here in memory), the data folder
 * given.
 */
async function startWithoutSecret() {
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    PGLITE_DIR: 'memory://',
    SEED_DEMO: '0',
    BCRYPT_ROUNDS: '4',
  };
  const api = await startApi({ ...env, DATABASE_URL: undefined, JWT_SECRET: undefined });
  started.push(api);
  return api;
}

describe('without JWT_SECRET', { timeout: 240_000 }, () => {
  it(
    'signs with a secret generated for this installation, kept in the data folder, never one from the ' +
      'repository; tokens outlive a restart',
    async () => {
      const first = await startWithoutSecret();
      const login = await fetch(`${first.base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@university.test', password: DEMO_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };

      const file = path.join(dataDir, 'jwt-secret');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const kept = fs.readFileSync(file, 'utf8').trim();
      expect(() => jwt.verify(token, kept, { algorithms: ['HS256'] })).not.toThrow();
      for (const published of publishedSecrets)
        expect(() => jwt.verify(token, published, { algorithms: ['HS256'] })).toThrow();

      await first.stop();
      const second = await startWithoutSecret();
      const check = await fetch(`${second.base}/api/check-user`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(check.status).toBe(200);
      expect(fs.readFileSync(file, 'utf8').trim()).toBe(kept);
    },
  );
});
