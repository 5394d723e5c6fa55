import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const demoEnv = z.object({
  DEMO_PORT: z.coerce.number().int().min(0).max(65_535).default(3001),
  DATABASE_URL: optionalText.pipe(z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgresql://').optional()),
  PGLITE_DIR_DEMO: optionalText,
  DEMO_CORS_ORIGINS: z
    .string()
    .default('http://localhost:3000,http://localhost:5173')
    .transform((v) =>
      v
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
});

export interface DemoConfig {
  port: number;
  database: DatabaseOptions;
  corsOrigins: string[];
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without one the embedded PGlite database is used. */
  url?: string;
  /** Folder of the embedded database; `memory://` keeps it in memory. */
  pgliteDir: string;
  poolMax: number;
  /** How long a query waits for a free connection; pg's default waits forever. */
  connectTimeoutMs: number;
}

/** Reads the environment once; a wrong value names the setting instead of failing later. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): DemoConfig {
  const parsed = demoEnv.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Invalid setting ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  return {
    port: e.DEMO_PORT,
    corsOrigins: e.DEMO_CORS_ORIGINS,
    database: {
      url: e.DATABASE_URL,
      pgliteDir: e.PGLITE_DIR_DEMO ?? `${repoRoot}.data/student-demo`,
      poolMax: e.DB_POOL_MAX,
      connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    },
  };
}
