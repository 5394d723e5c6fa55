import { describe, expect, it } from 'vitest';
import { DEMO_JWT_SECRET, loadConfig } from '../src/config.ts';

const SECRET = 'a-production-secret-that-is-long-enough-0123456789';
const production = { NODE_ENV: 'production', JWT_SECRET: SECRET, ADMIN_EMAIL: 'registrar@example.edu', ADMIN_PASSWORD: 'Registrar#2025!' };

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
    expect(config.admin).toEqual({ email: 'registrar@example.edu', password: 'Registrar#2025!' });
    expect(config.seedDemoUsers).toBe(false);
    expect(config.seedDemoData).toBe(false);
  });

  it.each([
    ['without JWT_SECRET', { JWT_SECRET: undefined }, 'JWT_SECRET'],
    ['with the demo secret', { JWT_SECRET: DEMO_JWT_SECRET }, 'JWT_SECRET'],
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
    for (const secret of [env.JWT_SECRET, env.ADMIN_PASSWORD].filter(Boolean)) expect(error.message).not.toContain(secret);
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
    expect(config.jwtSecret).toBe(DEMO_JWT_SECRET);
    expect(config.jwtExpiresIn).toBe('8h');
    expect(config.admin).toBeUndefined();
    expect(config.seedDemoUsers).toBe(true);
    expect(config.database.url).toBeUndefined();
  });

  it('reads PORT and the optional admin in development', () => {
    const config = loadConfig({ PORT: '8080', ADMIN_EMAIL: 'a@b.test', ADMIN_PASSWORD: 'Another#Pass1' });
    expect(config.port).toBe(8080);
    expect(config.admin).toEqual({ email: 'a@b.test', password: 'Another#Pass1' });
  });

  it('seeds demo master data by default on the embedded database only', () => {
    expect(loadConfig({}).seedDemoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemoData).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/test' }).seedDemoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' }).database.url).toBe('postgres://postgres@127.0.0.1:5432/test');
    // An empty DATABASE_URL means "not set".
    expect(loadConfig({ DATABASE_URL: '' }).seedDemoData).toBe(true);
  });

  it('lets SEED_DEMO override the default either way', () => {
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemoData).toBe(false);
    expect(loadConfig({ SEED_DEMO: '1', DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/test' }).seedDemoData).toBe(true);
    // Demo users stay out of production whatever SEED_DEMO says.
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).seedDemoUsers).toBe(false);
  });
});
