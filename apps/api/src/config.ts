import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseOptionsFromEnv, parseSettings, type DatabaseOptions } from '@exam/db';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
/** The development secret: fine on a laptop, refused in production. */
export const DEMO_JWT_SECRET = 'dev-only-secret-change-me-in-production-0123456789';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    JWT_EXPIRES_IN: z
      .string()
      .regex(/^\d+[smhd]?$/, 'must be a number of seconds or like 30m, 8h, 1d')
      .default('8h'),
    ADMIN_EMAIL: z.email('must be an email address').optional(),
    ADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters').optional(),
    SEED_DEMO: flag.optional(),
    BCRYPT_ROUNDS: z.coerce.number().int().min(4).max(15).default(10),
    WEB_DIST: z.string().optional(),
    LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(10),
    LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(100),
    LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
    CORS_ORIGINS: z.string().optional(),
    // Which proxies' X-Forwarded-For to believe: 'loopback', a hop count such as 1 (compose's nginx), or an address list.
    TRUST_PROXY: z.string().trim().min(1).default('loopback'),
    DEMO_PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    if (!env.JWT_SECRET) ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required in production' });
    else if (env.JWT_SECRET === DEMO_JWT_SECRET)
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is the demo secret; set your own in production' });
    if (!env.ADMIN_EMAIL) ctx.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'is required in production' });
    if (!env.ADMIN_PASSWORD) ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'is required in production' });
    else if (env.ADMIN_PASSWORD === 'Demo@12345')
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'is the demo password; choose another in production' });
  });

export interface Config {
  production: boolean;
  port: number;
  jwtSecret: string;
  jwtExpiresIn: string;
  admin?: { email: string; password: string };
  /** Demo users (every role, password Demo@12345): never in production. */
  seedDemoUsers: boolean;
  /** Demo master data: by default only on the embedded database. */
  seedDemoData: boolean;
  bcryptRounds: number;
  webDist: string;
  database: DatabaseOptions;
  loginLimits: { perAccount: number; perAddress: number; windowMinutes: number };
  /** Other origins whose pages may call the API from a browser (same-origin needs none). */
  corsOrigins: string[];
  trustProxy: string | number;
  /** The demo service's port: the web app's pages call it, so the content policy must allow it. */
  demoPort: number;
}

/** Reads the environment once; a wrong or missing setting throws one line that names it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseSettings(envSchema, env);
  const database = databaseOptionsFromEnv(env);
  const production = e.NODE_ENV === 'production';
  return {
    production,
    port: e.PORT,
    jwtSecret: e.JWT_SECRET ?? DEMO_JWT_SECRET,
    jwtExpiresIn: e.JWT_EXPIRES_IN,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    seedDemoUsers: !production,
    seedDemoData: e.SEED_DEMO ?? (!production && !database.url),
    bcryptRounds: e.BCRYPT_ROUNDS,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    database,
    loginLimits: { perAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT, perAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS, windowMinutes: e.LOGIN_WINDOW_MINUTES },
    trustProxy: /^\d+$/.test(e.TRUST_PROXY) ? Number(e.TRUST_PROXY) : e.TRUST_PROXY,
    demoPort: e.DEMO_PORT,
    corsOrigins: (e.CORS_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
  };
}
