import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '@exam/db';
import { DEMO_PASSWORD, demoUsers } from '@exam/db/seed';
import { openTestDatabase } from '@exam/db/testing';
import { startApi, type ApiProcess } from './support/api-process.ts';

const started: ApiProcess[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  await Promise.all(started.map((api) => api.stop()));
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * A database that a development start filled with the demo users: a copy of that template, on PostgreSQL or
 * in a PGlite folder.
 */
async function databaseWithDemoUsers() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-demo-accounts-'));
  const copy = await openTestDatabase({
    templates: inject('testTemplates'),
    template: 'demoUsers',
    pgliteDir: path.join(folder, 'pglite'),
  });
  cleanups.push(async () => {
    await copy.dispose();
    fs.rmSync(folder, { recursive: true, force: true });
  });
  // The server opens it next; an embedded database belongs to one process at a time.
  if (!copy.url) await copy.db.close();
  const env = copy.url
    ? { DATABASE_URL: copy.url }
    : { DATABASE_URL: '', PGLITE_DIR: path.join(folder, 'pglite') };
  /** Runs SQL as an operator would (psql), between server starts. */
  const sql = async (statement: string) => {
    const db = copy.url ? copy.db : await openDatabase({ pgliteDir: env.PGLITE_DIR });
    try {
      await db.query(statement);
    } finally {
      if (!copy.url) await db.close();
    }
  };
  return { env, sql };
}

const signIn = (api: ApiProcess, email: string, password: string) =>
  fetch(`${api.base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

describe('a production start while accounts still have the demo password', { timeout: 240_000 }, () => {
  it('refuses, naming the accounts and how to change them; once the operator has, it starts', async () => {
    const database = await databaseWithDemoUsers();
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      BCRYPT_ROUNDS: '4',
      ...database.env,
    };

    const refused = await startApi({
      ...production,
      ADMIN_EMAIL: 'registrar@exam.example',
      ADMIN_PASSWORD: randomBytes(12).toString('hex'),
    }).catch((error: Error) => error);
    expect(refused).toBeInstanceOf(Error);
    const message = (refused as Error).message;
    expect(message).toContain(
      `API failed to start: ${demoUsers.length} account(s) still sign in with the demo password ` +
        DEMO_PASSWORD,
    );
    for (const user of demoUsers) expect(message).toContain(user.email);
    expect(message).toContain('UPDATE users SET active = false WHERE email IN (');
    expect(message).toContain('ADMIN_PASSWORD');

    // The operator follows the hint: keeps the demo admin (a new password through ADMIN_PASSWORD),
    // deactivates the rest.
    const others = demoUsers.filter((u) => u.role !== 'admin').map((u) => `'${u.email}'`);
    await database.sql(`UPDATE users SET active = false WHERE email IN (${others.join(', ')})`);
    const newPassword = randomBytes(12).toString('hex');
    const api = await startApi({
      ...production,
      ADMIN_EMAIL: 'admin@university.test',
      ADMIN_PASSWORD: newPassword,
    });
    started.push(api);
    expect((await signIn(api, 'admin@university.test', newPassword)).status).toBe(200);
    expect((await signIn(api, 'admin@university.test', DEMO_PASSWORD)).status).toBe(401);
    expect(api.output()).toContain('replaced the demo password of the ADMIN_EMAIL account');
  });
});
