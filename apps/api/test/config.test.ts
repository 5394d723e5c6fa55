import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { publishedSecrets } from '@exam/settings';
import { loadConfig as loadConfigFrom } from '../src/config.ts';

// Generated per run: a literal here would be a published secret (test/published-secrets.test.ts).
const SECRET = randomBytes(32).toString('hex');
const ADMIN_PASSWORD = `Registrar-${randomBytes(8).toString('hex')}`;
const production = {
  NODE_ENV: 'production',
  JWT_SECRET: SECRET,
  ADMIN_EMAIL: 'registrar@example.edu',
  ADMIN_PASSWORD,
};

// A data folder of this file's own, so a generated signing secret never lands in the repository's .data/.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-config-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const loadConfig = (env: NodeJS.ProcessEnv) => loadConfigFrom({ DATA_DIR: dataDir, ...env });

/** The error loadConfig throws, so its message can be read. */
function failure(env: NodeJS.ProcessEnv): Error {
  try {
    loadConfig(env);
  } catch (error) {
    return error as Error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig in production', () => {
  it('accepts a complete production environment without demo users or demo data', () => {
    const config = loadConfig(production);
    expect(config.production).toBe(true);
    expect(config.jwtSecret).toBe(SECRET);
    expect(config.admin).toEqual({ email: 'registrar@example.edu', password: ADMIN_PASSWORD });
    expect(config.seedDemoUsers).toBe(false);
    expect(config.seedDemoData).toBe(false);
  });

  it.each([
    [
      'with a published secret',
      { JWT_SECRET: 'dev-only-secret-change-me-in-production-0123456789' },
      'JWT_SECRET',
    ],
    ['with a short secret', { JWT_SECRET: 'short-secret' }, 'JWT_SECRET'],
    ['without ADMIN_EMAIL', { ADMIN_EMAIL: undefined }, 'ADMIN_EMAIL'],
    ['with a malformed ADMIN_EMAIL', { ADMIN_EMAIL: 'registrar' }, 'ADMIN_EMAIL'],
    ['without ADMIN_PASSWORD', { ADMIN_PASSWORD: undefined }, 'ADMIN_PASSWORD'],
    ['with the demo password', { ADMIN_PASSWORD: 'Demo@12345' }, 'ADMIN_PASSWORD'],
    ['with a short password', { ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
  ])('refuses to start %s, naming the setting and not echoing secrets', (_label, change, setting) => {
    const env: NodeJS.ProcessEnv = { ...production, ...change };
    for (const [k, v] of Object.entries(change)) if (v === undefined) delete env[k];
    const error = failure(env);
    expect(error.message).toContain(setting);
    expect(error.message).not.toContain('\n');
    for (const secret of [env.JWT_SECRET, env.ADMIN_PASSWORD].filter(Boolean))
      expect(error.message).not.toContain(secret);
  });

  it('does not take an empty string for a secret', () => {
    expect(failure({ ...production, JWT_SECRET: '' }).message).toContain('JWT_SECRET');
    expect(failure({ ...production, ADMIN_PASSWORD: '' }).message).toContain('ADMIN_PASSWORD');
  });
});

describe('loadConfig settings', () => {
  it.each([['abc'], ['70000'], ['-1'], ['80.5']])('names PORT for %j', (port) => {
    expect(failure({ PORT: port }).message).toContain('PORT');
  });

  it.each([['forever'], ['8 hours'], ['-5m'], ['1w'], ['']])('names JWT_EXPIRES_IN for %j', (value) => {
    expect(failure({ JWT_EXPIRES_IN: value }).message).toContain('JWT_EXPIRES_IN');
  });

  it.each([['3600'], ['30m'], ['8h'], ['1d']])('accepts JWT_EXPIRES_IN %j', (value) => {
    expect(loadConfig({ JWT_EXPIRES_IN: value }).jwtExpiresIn).toBe(value);
  });

  it('validates LOG_LEVEL like every other setting', () => {
    expect(failure({ LOG_LEVEL: 'verbose' }).message).toContain('LOG_LEVEL');
    expect(loadConfig({ LOG_LEVEL: 'warn' }).logLevel).toBe('warn');
    expect(loadConfig({}).logLevel).toBe('info');
  });

  it('names NODE_ENV, SEED_DEMO, BCRYPT_ROUNDS and DATABASE_URL when they are wrong', () => {
    expect(failure({ NODE_ENV: 'staging' }).message).toContain('NODE_ENV');
    expect(failure({ SEED_DEMO: 'perhaps' }).message).toContain('SEED_DEMO');
    expect(failure({ BCRYPT_ROUNDS: '2' }).message).toContain('BCRYPT_ROUNDS');
    expect(failure({ DATABASE_URL: 'mysql://localhost/x' }).message).toContain('DATABASE_URL');
  });

  it('works with development defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config.production).toBe(false);
    expect(config.port).toBe(3000);
    expect(config.jwtSecret).toBe(fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim());
    expect(config.jwtExpiresIn).toBe('8h');
    expect(config.admin).toBeUndefined();
    expect(config.seedDemoUsers).toBe(true);
    expect(config.database.url).toBeUndefined();
  });

  it('reads PORT and the optional admin in development', () => {
    const config = loadConfig({ PORT: '8080', ADMIN_EMAIL: 'a@b.test', ADMIN_PASSWORD });
    expect(config.port).toBe(8080);
    expect(config.admin).toEqual({ email: 'a@b.test', password: ADMIN_PASSWORD });
  });

  it('seeds demo master data by default on the embedded database only', () => {
    expect(loadConfig({}).seedDemoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemoData).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/test' }).seedDemoData).toBe(
      false,
    );
    expect(loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' }).database.url).toBe(
      'postgres://postgres@127.0.0.1:5432/test',
    );
    // An empty DATABASE_URL means "not set".
    expect(loadConfig({ DATABASE_URL: '' }).seedDemoData).toBe(true);
  });

  it('lets SEED_DEMO override the default either way', () => {
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemoData).toBe(false);
    expect(
      loadConfig({ SEED_DEMO: '1', DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/test' }).seedDemoData,
    ).toBe(true);
    // Demo users stay out of production whatever SEED_DEMO says.
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).seedDemoUsers).toBe(false);
  });
});

describe('published secrets', () => {
  const jwtLike = publishedSecrets.filter((value) => value.length >= 32);
  const passwordLike = publishedSecrets.filter((value) => value.length >= 10);

  it.each(jwtLike)('refuses JWT_SECRET=%s in every NODE_ENV, without echoing it', (value) => {
    for (const NODE_ENV of ['development', 'test', 'production']) {
      const message = failure({ ...production, NODE_ENV, JWT_SECRET: value }).message;
      expect(message).toMatch(/^Invalid setting JWT_SECRET: is published in this repository/);
      expect(message).not.toContain(value);
    }
  });

  it.each(passwordLike)('refuses ADMIN_PASSWORD=%s in every NODE_ENV', (value) => {
    for (const NODE_ENV of ['development', 'test', 'production']) {
      expect(failure({ ...production, NODE_ENV, ADMIN_PASSWORD: value }).message).toMatch(
        /^Invalid setting ADMIN_PASSWORD: is published/,
      );
    }
  });

  it('refuses what is plainly a placeholder', () => {
    expect(failure({ JWT_SECRET: 'replace-with-your-own-random-characters-0123456789' }).message).toContain(
      'JWT_SECRET',
    );
    expect(failure({ JWT_SECRET: '<at least 32 random characters of your own>' }).message).toContain(
      'JWT_SECRET',
    );
    expect(failure({ ADMIN_PASSWORD: 'change-me-please' }).message).toContain('ADMIN_PASSWORD');
  });
});

describe('the signing secret without JWT_SECRET', () => {
  const freshDir = () => path.join(fs.mkdtempSync(path.join(dataDir, 'kept-')), 'data');

  it('is generated on the first start, kept readable by the owner only, and reused on later starts', () => {
    const dir = freshDir();
    for (const NODE_ENV of ['development', 'production']) {
      const env = { ...production, NODE_ENV, JWT_SECRET: undefined, DATA_DIR: dir };
      const first = loadConfigFrom(env);
      expect(first.jwtSecretFile).toBe(path.join(dir, 'jwt-secret'));
      expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
      expect(publishedSecrets).not.toContain(first.jwtSecret);
      expect(fs.statSync(first.jwtSecretFile!).mode & 0o777).toBe(0o600);
      expect(loadConfigFrom(env).jwtSecret).toBe(first.jwtSecret);
    }
  });

  it('differs between installations (data folders)', () => {
    const a = loadConfigFrom({ DATA_DIR: freshDir() }).jwtSecret;
    const b = loadConfigFrom({ DATA_DIR: freshDir() }).jwtSecret;
    expect(a).not.toBe(b);
  });

  it('is not used when JWT_SECRET is set: nothing is written', () => {
    const dir = freshDir();
    const config = loadConfigFrom({ JWT_SECRET: SECRET, DATA_DIR: dir });
    expect(config.jwtSecret).toBe(SECRET);
    expect(config.jwtSecretFile).toBeUndefined();
    expect(fs.existsSync(path.join(dir, 'jwt-secret'))).toBe(false);
  });

  it('tightens a kept file that others could read, and refuses one that is damaged, naming the file', () => {
    const dir = freshDir();
    const file = loadConfigFrom({ DATA_DIR: dir }).jwtSecretFile!;
    fs.chmodSync(file, 0o644);
    loadConfigFrom({ DATA_DIR: dir });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    fs.writeFileSync(file, 'short\n');
    const message = failure({ DATA_DIR: dir }).message;
    expect(message).toContain(file);
    expect(message).toContain('delete that file');
  });
});

describe('demo users', () => {
  const postgres = 'postgresql://postgres@127.0.0.1:5432/test';

  it('are created by default only on the embedded database outside production', () => {
    expect(loadConfig({}).seedDemoUsers).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemoUsers).toBe(true);
    expect(loadConfig({ DATABASE_URL: postgres }).seedDemoUsers).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: postgres }).seedDemoUsers).toBe(false);
    expect(loadConfig(production).seedDemoUsers).toBe(false);
  });

  it('are created elsewhere only when asked with SEED_DEMO_USERS, and never in production', () => {
    expect(loadConfig({ DATABASE_URL: postgres, SEED_DEMO_USERS: '1' }).seedDemoUsers).toBe(true);
    expect(loadConfig({ SEED_DEMO_USERS: '0' }).seedDemoUsers).toBe(false);
    expect(failure({ ...production, SEED_DEMO_USERS: '1' }).message).toMatch(
      /^Invalid setting SEED_DEMO_USERS: cannot be on in production/,
    );
    expect(failure({ SEED_DEMO_USERS: 'perhaps' }).message).toContain('SEED_DEMO_USERS');
  });
});
