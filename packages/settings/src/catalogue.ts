/*
 * Every setting any part of the product reads, in one list. To add one:
 * 1. add an entry below: its zod schema (with its default, or .optional()), a one-line meaning, who reads it,
 *    secret or not;
 * 2. read it in the service through `settingsSchema([...names])` + `parseSettings` (never `process.env.X`
 *    directly);
 * 3. run `pnpm --filter @exam/settings test`: it names each place still missing it (turbo.json's passthrough,
 *    docker-compose.yml's environment blocks, .env.example); `pnpm --filter @exam/settings readme` rewrites
 *    the README table.
 */
import { z } from 'zod';
import { isPublishedSecret, publishedSecretMessage } from './published-secrets.ts';

/**
 * Who reads a setting. Services (`api`, `student-demo`, `migrate`, `worker`) get it from compose's
 * environment block of the same service; `compose` means docker-compose.yml itself interpolates it (ports,
 * passwords); `build`, `dev` and `tests` are read by tooling and only need turbo's passthrough.
 */
export type Reader = 'api' | 'student-demo' | 'migrate' | 'worker' | 'compose' | 'build' | 'dev' | 'tests';

export interface Setting<S extends z.ZodType = z.ZodType> {
  schema: S;
  /** One line for the README's table. */
  meaning: string;
  readBy: readonly Reader[];
  /** Never logged, never given a value in .env.example; compose requires it to be set. */
  secret?: boolean;
  /**
   * The README's default column, when the schema's default does not say it (computed or relative defaults).
   */
  shownDefault?: string;
  /** Why compose does not pass it although a service reads it. */
  notInCompose?: string;
}

const define = <S extends z.ZodType>(setting: Setting<S>) => setting;

const port = (fallback: number) => z.coerce.number().int().min(0).max(65_535).default(fallback);
const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');
const text = z.string();

export const settings = {
  // --- every service ---
  NODE_ENV: define({
    schema: z.enum(['development', 'production', 'test']).default('development'),
    meaning:
      '`production` creates no demo users and refuses to start while an account still has the demo ' +
      'password (Express reads it too)',
    readBy: ['api', 'student-demo'],
  }),
  LOG_LEVEL: define({
    schema: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    meaning: 'lowest level of the JSON log lines written to stdout',
    readBy: ['api', 'worker', 'migrate', 'student-demo'],
  }),

  // --- database ---
  DATABASE_URL: define({
    schema: z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgresql://')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    meaning: 'PostgreSQL connection string (compose builds it from `POSTGRES_PASSWORD`)',
    shownDefault: '(none: embedded PGlite)',
    readBy: ['api', 'student-demo', 'migrate', 'worker'],
    secret: true,
  }),
  DATA_DIR: define({
    schema: text.trim().optional(),
    meaning:
      'data folder: the embedded databases and the generated signing secret (`jwt-secret`, mode 0600) ' +
      'live there',
    shownDefault: '`.data`',
    readBy: ['api', 'student-demo', 'migrate'],
    notInCompose: 'compose runs PostgreSQL and sets JWT_SECRET: nothing is kept in a data folder',
  }),
  PGLITE_DIR: define({
    schema: text.optional(),
    meaning: 'folder of the embedded database (without `DATABASE_URL`)',
    shownDefault: '`$DATA_DIR/pglite`',
    readBy: ['api', 'migrate'],
    notInCompose: 'compose always runs PostgreSQL',
  }),
  PGLITE_DIR_DEMO: define({
    schema: text.optional(),
    meaning: "folder of the student demo's embedded database (without `DATABASE_URL`)",
    shownDefault: '`$DATA_DIR/student-demo`',
    readBy: ['student-demo'],
    notInCompose: 'compose always runs PostgreSQL',
  }),
  DB_POOL_MAX: define({
    schema: z.coerce.number().int().min(1).max(500).default(10),
    meaning:
      'connections per process (per replica); replicas × this must stay under PostgreSQL’s `max_connections`',
    readBy: ['api', 'student-demo', 'migrate', 'worker'],
  }),
  DB_CONNECT_TIMEOUT_MS: define({
    schema: z.coerce.number().int().min(100).max(120_000).default(5000),
    meaning: 'how long a request waits for a database connection',
    readBy: ['api', 'student-demo', 'migrate', 'worker'],
  }),
  MIGRATE_ON_START: define({
    schema: flag.default(true),
    meaning:
      "apply pending migrations when the API starts; `0`: leave them to `db:migrate deploy` (compose's " +
      'migrate service) and answer 503 until it has run',
    shownDefault: '`1` (compose: `0`)',
    readBy: ['api'],
  }),
  JOBS_IN_PROCESS: define({
    schema: flag.default(true),
    meaning:
      'run jobs (long work with progress: imports, roll allotment, result runs) inside the API process; ' +
      '`0`: leave them to the worker service (`node apps/api/dist/worker.js`, needs `DATABASE_URL`); the ' +
      'embedded database always runs them in the API',
    shownDefault: '`1` (compose: `0`, with a `worker` service)',
    readBy: ['api'],
  }),
  JOBS_CONCURRENCY: define({
    schema: z.coerce.number().int().min(1).max(64).default(2),
    meaning:
      'jobs one process runs at once (a worker, or the API with `JOBS_IN_PROCESS`); more at once: more ' +
      'workers (`--scale worker=N`)',
    readBy: ['api', 'worker'],
  }),
  POSTGRES_PASSWORD: define({
    schema: text.min(1),
    meaning: "password of compose's PostgreSQL user `exam`; required, no default",
    shownDefault: '(none: required by compose)',
    readBy: ['compose'],
    secret: true,
  }),
  BACKUP_INTERVAL_MINUTES: define({
    schema: z.coerce.number().int().min(1).default(1440),
    meaning: "minutes between two dumps of compose's `backup` service (pg_dump; 1440: daily)",
    readBy: ['compose'],
  }),
  BACKUP_KEEP: define({
    schema: z.coerce.number().int().min(1).default(14),
    meaning: 'dumps the `backup` service keeps (the newest; older ones are deleted)',
    readBy: ['compose'],
  }),
  BACKUP_DIR: define({
    schema: text.optional(),
    meaning:
      "host folder of the `backup` service's dumps (outside every Docker volume: `down -v` keeps them); " +
      'copy it off the machine',
    shownDefault: '`./backups`',
    readBy: ['compose'],
  }),

  // --- web app + API ---
  PORT: define({
    schema: port(3000),
    meaning:
      "web app + API port (the student demo allows pages from it; in compose: the proxy's published port)",
    readBy: ['api', 'student-demo', 'compose'],
  }),
  WEB_DIST: define({
    schema: text.optional(),
    meaning: 'folder of the built web app the API serves',
    shownDefault: '`apps/web/dist`',
    readBy: ['api'],
    notInCompose: 'the image has the web build in its default place',
  }),
  JWT_SECRET: define({
    schema: text
      .min(32, 'must be at least 32 characters')
      .refine((v) => !isPublishedSecret(v), publishedSecretMessage)
      .optional(),
    meaning:
      'HS256 signing secret, ≥ 32 characters; without it one is generated on first start and kept in ' +
      '`$DATA_DIR/jwt-secret` (replicas must share one: set it)',
    shownDefault: 'generated, kept in the data folder',
    readBy: ['api'],
    secret: true,
  }),
  JWT_EXPIRES_IN: define({
    schema: text.regex(/^\d+[smhd]?$/, 'must be a number of seconds or like 30m, 8h, 1d').default('8h'),
    meaning: 'token lifetime (`3600`, `30m`, `8h`, `1d`)',
    readBy: ['api'],
  }),
  ADMIN_EMAIL: define({
    schema: z.email('must be an email address').optional(),
    meaning: 'an admin created on start if missing; required in production',
    readBy: ['api'],
  }),
  ADMIN_PASSWORD: define({
    schema: text
      .min(10, 'must be at least 10 characters')
      .refine((v) => !isPublishedSecret(v), publishedSecretMessage)
      .optional(),
    meaning:
      "that admin's password; required in production (also replaces the demo password of that account)",
    readBy: ['api'],
    secret: true,
  }),
  SEED_DEMO_USERS: define({
    schema: flag.optional(),
    meaning: 'create the demo users (password `Demo@12345`, see Demo users) if missing; never in production',
    shownDefault: 'on for the embedded database outside production',
    readBy: ['api'],
    notInCompose: 'compose runs in production, which never has demo users',
  }),
  SEED_DEMO: define({
    schema: flag.optional(),
    meaning: 'load demo master data into an empty database (`1`/`0`)',
    shownDefault: 'on for the embedded database',
    readBy: ['api'],
  }),
  BCRYPT_ROUNDS: define({
    schema: z.coerce.number().int().min(4).max(15).default(10),
    meaning: 'password hashing cost',
    readBy: ['api'],
  }),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: define({
    schema: z.coerce.number().int().min(1).max(1000).default(10),
    meaning:
      'sign-in attempts on one account from one address within the window before that pair gets 429; ' +
      'past it from all addresses together, the account is slowed (never refused)',
    readBy: ['api'],
  }),
  LOGIN_MAX_FAILURES_PER_ADDRESS: define({
    schema: z.coerce.number().int().min(1).max(100_000).default(100),
    meaning: 'failed sign-ins per client address within the window before 429',
    readBy: ['api'],
  }),
  LOGIN_WINDOW_MINUTES: define({
    schema: z.coerce.number().int().min(1).max(1440).default(15),
    meaning: 'the counting window, and how long a refused address waits',
    readBy: ['api'],
  }),
  LOGIN_MAX_DELAY_SECONDS: define({
    schema: z.coerce.number().int().min(0).max(60).default(10),
    meaning:
      'the longest a sign-in to an account guessed at from many addresses waits (the wait doubles per ' +
      'attempt past the limit)',
    readBy: ['api'],
  }),
  PUBLIC_URL: define({
    schema: z
      .url({
        protocol: /^https?$/,
        error: 'must be the http(s) address users open, like https://exams.university.example',
      })
      .optional(),
    meaning:
      'the address users open; only an `https://` one makes pages upgrade requests to https and sends ' +
      'HSTS (plain HTTP on a LAN needs neither)',
    shownDefault: '(none: plain HTTP)',
    readBy: ['api', 'student-demo'],
  }),
  DOCUMENT_SIGNING_KEY: define({
    schema: text.optional(),
    meaning:
      "the university's Ed25519 private key (PKCS8 PEM) that signs documents' QR tokens; without it a " +
      'key pair is generated once and kept in the database (table document_signing_key)',
    shownDefault: 'generated, kept in the database',
    readBy: ['api'],
    secret: true,
    notInCompose: 'optional: without it the key kept in the database signs (compose cannot require it)',
  }),
  DOCUMENT_AUTO_APPROVE: define({
    schema: text.default(''),
    meaning:
      "document types issued without document_admin's approval, comma-separated (MARKSHEET, " +
      'CONSOLIDATED_MARKSHEET, TRANSCRIPT, MIGRATION; never degrees or certificates)',
    shownDefault: '(none: every type is approved)',
    readBy: ['api', 'worker'],
  }),
  VERIFY_MAX_PER_MINUTE: define({
    schema: z.coerce.number().int().min(1).max(100_000).default(60),
    meaning:
      'document verifications (GET /api/verify/{token}, no sign-in) one address may make per minute, per ' +
      'API process',
    readBy: ['api'],
  }),
  DB_STATEMENT_TIMEOUT_MS: define({
    schema: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
    meaning:
      'PostgreSQL stops an API query running longer than this (the caller gets 503 "took too long"); `0` ' +
      'turns it off',
    readBy: ['api'],
  }),
  USER_MAX_CONCURRENT_REQUESTS: define({
    schema: z.coerce.number().int().min(1).max(1000).default(4),
    meaning:
      'requests one signed-in user may have running at once per API process; as many again wait their ' +
      'turn, the rest get 429 with `Retry-After`',
    readBy: ['api'],
  }),
  CORS_ORIGINS: define({
    schema: text.optional(),
    meaning: 'other origins whose pages may call the API (comma-separated)',
    readBy: ['api'],
  }),
  TRUST_PROXY: define({
    // 'loopback', a hop count such as 1 (compose's nginx), or an address list.
    schema: text.trim().min(1).default('loopback'),
    meaning:
      "proxies whose `X-Forwarded-For` is believed: `loopback`, a hop count, or addresses (compose's " +
      'default: `1`)',
    readBy: ['api'],
  }),

  // --- student demo service ---
  DEMO_PORT: define({
    schema: port(3001),
    meaning:
      'student demo service port (the API tells the web app at run time; `pnpm dev` forwards ' +
      '`/student-demo` there)',
    readBy: ['api', 'student-demo', 'compose', 'dev'],
  }),
  DEMO_HOST: define({
    schema: text.trim().optional(),
    meaning: 'address the student demo service listens on (`127.0.0.1` keeps it local)',
    shownDefault: 'every interface',
    readBy: ['student-demo'],
  }),
  DEMO_CORS_ORIGINS: define({
    schema: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((origin) => origin.trim().replace(/\/$/, ''))
          .filter(Boolean),
      )
      .pipe(
        z.array(z.url({ protocol: /^https?$/, error: 'must be a comma-separated list of http(s) origins' })),
      ),
    meaning:
      "other origins whose pages may call the student demo service (comma-separated; the app's own pages " +
      'always may)',
    shownDefault: '(none)',
    readBy: ['student-demo'],
  }),
  DEMO_AUTH_CACHE_MS: define({
    schema: z.coerce.number().int().min(0).max(60_000).default(2000),
    meaning: 'how long the student demo service trusts an answer of the API about a token',
    readBy: ['student-demo'],
  }),

  // --- build, development and tests (turbo passes them through; no service reads them) ---
  VITE_UNIVERSITY_NAME: define({
    schema: text.default('State University'),
    meaning: "the university's name in the web app's header (build time)",
    readBy: ['build'],
  }),
  PRISMA_SCHEMA_ENGINE_BINARY: define({
    schema: text.optional(),
    meaning: "`prisma generate`'s engine path (we point it at node: generate never starts it)",
    shownDefault: 'the node binary',
    readBy: ['build'],
  }),
  API_URL: define({
    schema: z
      .url({
        protocol: /^https?$/,
        error: 'must be the http(s) address of the API, like http://127.0.0.1:3000',
      })
      .optional(),
    meaning:
      "the API's address: the student demo checks tokens there, `pnpm dev`'s web server sends `/api` there",
    shownDefault: '`http://127.0.0.1:${PORT}`',
    readBy: ['student-demo', 'dev'],
  }),
  CI: define({
    schema: text.optional(),
    meaning: '`true`: a test that cannot run (no browser) fails instead of skipping',
    readBy: ['tests'],
  }),
  CHROMIUM_PATH: define({
    schema: text.default('/usr/bin/chromium'),
    meaning: 'the browser the browser tests drive',
    readBy: ['tests'],
  }),
  STANDIN_IMAGES_SCRIPT: define({
    schema: text.optional(),
    meaning:
      'the script building stand-ins of the base images where no registry answers (the docker test runs ' +
      'it when they are missing; `.ci/run` finds `../shared/tools/standin-images.sh`)',
    shownDefault: '`../shared/tools/standin-images.sh` if there',
    readBy: ['tests'],
  }),
  DEPLOY_TEST_RESULTS: define({
    schema: z.enum(['0', '1']).default('0'),
    meaning: "`1`: the docker test writes its figures into bench/RESULTS.md's deployment section too",
    readBy: ['tests'],
  }),
} satisfies Record<string, Setting>;

export type Catalogue = typeof settings;
export type SettingName = keyof Catalogue;
