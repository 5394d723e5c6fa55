import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { ConnectionOptions } from './connection.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Parses settings once with a zod schema; the first wrong or missing one throws a single line that names it. */
export function parseSettings<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Invalid setting ${String(issue.path[0])}: ${issue.message}`);
  }
  return parsed.data;
}

const databaseEnv = z.object({
  DATABASE_URL: z.string().trim().regex(/^postgres(ql)?:\/\//, 'must start with postgresql://').optional().or(z.literal('').transform(() => undefined)),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
});

/**
 * The database settings: DATABASE_URL (else the embedded database in the folder named by `dirSetting`,
 * by default `<repo>/<defaultDir>`), DB_POOL_MAX and DB_CONNECT_TIMEOUT_MS.
 */
export function databaseOptionsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  { dirSetting = 'PGLITE_DIR', defaultDir = '.data/pglite' } = {},
): ConnectionOptions & { pgliteDir: string } {
  const { DATABASE_URL, DB_POOL_MAX, DB_CONNECT_TIMEOUT_MS } = parseSettings(databaseEnv, env);
  const dir = env[dirSetting]?.trim();
  return {
    url: DATABASE_URL,
    pgliteDir: dir || path.join(repoRoot, defaultDir),
    poolMax: DB_POOL_MAX,
    connectTimeoutMs: DB_CONNECT_TIMEOUT_MS,
  };
}
