import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dataDirFromEnv, databaseOptionsFromEnv, type DatabaseOptions } from '@exam/db';
import { parseSettings, settingsSchema, type SettingValue } from '@exam/settings';
import type { ThrottleLimits } from './platform/auth/login-throttle.ts';
import { keptJwtSecret } from './platform/auth/jwt-secret.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const envSchema = settingsSchema([
  'NODE_ENV',
  'LOG_LEVEL',
  'PORT',
  'JWT_SECRET',
  'JWT_EXPIRES_IN',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'SEED_DEMO_USERS',
  'SEED_DEMO',
  'BCRYPT_ROUNDS',
  'WEB_DIST',
  'LOGIN_MAX_FAILURES_PER_ACCOUNT',
  'LOGIN_MAX_FAILURES_PER_ADDRESS',
  'LOGIN_WINDOW_MINUTES',
  'LOGIN_MAX_DELAY_SECONDS',
  'CORS_ORIGINS',
  'TRUST_PROXY',
  'DEMO_PORT',
  'PUBLIC_URL',
  'DB_STATEMENT_TIMEOUT_MS',
  'USER_MAX_CONCURRENT_REQUESTS',
  'MIGRATE_ON_START',
  'JOBS_IN_PROCESS',
  'JOBS_CONCURRENCY',
]).superRefine((env, ctx) => {
  // Published values (examples, the demo password) are refused by the catalogue's schemas in every NODE_ENV.
  if (env.NODE_ENV !== 'production') return;
  if (!env.ADMIN_EMAIL)
    ctx.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'is required in production' });
  if (!env.ADMIN_PASSWORD)
    ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'is required in production' });
  if (env.SEED_DEMO_USERS)
    ctx.addIssue({
      code: 'custom',
      path: ['SEED_DEMO_USERS'],
      message: 'cannot be on in production, which refuses to run while an account has the demo password',
    });
});

export interface Config {
  production: boolean;
  logLevel: SettingValue<'LOG_LEVEL'>;
  port: number;
  jwtSecret: string;
  /** Where the generated secret is kept, when JWT_SECRET is not set. */
  jwtSecretFile?: string;
  jwtExpiresIn: string;
  admin?: { email: string; password: string };
  /**
   * Demo users (every role, password Demo@12345): the embedded database outside production, or
   * SEED_DEMO_USERS=1.
   */
  seedDemoUsers: boolean;
  /** Demo master data: by default only on the embedded database. */
  seedDemoData: boolean;
  bcryptRounds: number;
  webDist: string;
  database: DatabaseOptions;
  /** Apply pending migrations at start; otherwise wait (503) until `db:migrate deploy` has. */
  migrateOnStart: boolean;
  loginLimits: ThrottleLimits;
  /** Other origins whose pages may call the API from a browser (same-origin needs none). */
  corsOrigins: string[];
  trustProxy: string | number;
  /** The demo service's port: the web app's pages call it, so the content policy must allow it. */
  demoPort: number;
  /**
   * Served over https (PUBLIC_URL https://...): only then may pages be told to upgrade requests and insist on
   * HTTPS.
   */
  https: boolean;
  /** Requests one user may have running at once in this process (as many again wait; the rest get 429). */
  userConcurrency: number;
  /**
   * Run jobs in this process (always on the embedded database; compose's replicas leave them to the worker
   * service).
   */
  jobsInProcess: boolean;
  /** Jobs this process runs at once when it runs them. */
  jobsConcurrency: number;
}

/** Reads the environment once; a wrong or missing setting throws one line that names it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseSettings(envSchema, env);
  // The statement timeout is the API's own: the migrate command and the demo service read the same database
  // settings without it.
  const database = {
    ...databaseOptionsFromEnv(env),
    statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS || undefined,
  };
  const production = e.NODE_ENV === 'production';
  // Without JWT_SECRET: a random secret of this installation, never one that ships with the code.
  // Only this process can open the embedded database: nobody else could run its jobs.
  if (!e.JOBS_IN_PROCESS && !database.url) {
    throw new Error(
      'Invalid setting JOBS_IN_PROCESS: 0 needs DATABASE_URL (a worker process cannot open the embedded ' +
        'database; its jobs run in the API)',
    );
  }
  const kept = e.JWT_SECRET ? undefined : keptJwtSecret(dataDirFromEnv(env));
  return {
    production,
    logLevel: e.LOG_LEVEL,
    port: e.PORT,
    jwtSecret: e.JWT_SECRET ?? kept!.secret,
    jwtSecretFile: kept?.file,
    jwtExpiresIn: e.JWT_EXPIRES_IN,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    seedDemoUsers: e.SEED_DEMO_USERS ?? (!production && !database.url),
    seedDemoData: e.SEED_DEMO ?? (!production && !database.url),
    bcryptRounds: e.BCRYPT_ROUNDS,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    database,
    migrateOnStart: e.MIGRATE_ON_START,
    loginLimits: {
      perAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      perAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMinutes: e.LOGIN_WINDOW_MINUTES,
      maxDelaySeconds: e.LOGIN_MAX_DELAY_SECONDS,
    },
    trustProxy: /^\d+$/.test(e.TRUST_PROXY) ? Number(e.TRUST_PROXY) : e.TRUST_PROXY,
    demoPort: e.DEMO_PORT,
    https: e.PUBLIC_URL?.startsWith('https:') ?? false,
    userConcurrency: e.USER_MAX_CONCURRENT_REQUESTS,
    jobsInProcess: e.JOBS_IN_PROCESS,
    jobsConcurrency: e.JOBS_CONCURRENCY,
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  };
}
