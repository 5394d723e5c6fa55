import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { DatabaseOptions } from './client.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const databaseEnv = z.object({
  DATABASE_URL: z.string().trim().regex(/^postgres(ql)?:\/\//, 'must start with postgresql://').optional().or(z.literal('').transform(() => undefined)),
  PGLITE_DIR: z.string().trim().min(1).optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
});

/** Reads the database settings once; a wrong value names the setting. */
export function databaseOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseOptions {
  const parsed = databaseEnv.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Invalid setting ${String(issue.path[0])}: ${issue.message}`);
  }
  const { DATABASE_URL, PGLITE_DIR, DB_POOL_MAX, DB_CONNECT_TIMEOUT_MS } = parsed.data;
  return {
    url: DATABASE_URL,
    pgliteDir: PGLITE_DIR ?? path.join(repoRoot, '.data/pglite'),
    poolMax: DB_POOL_MAX,
    connectTimeoutMs: DB_CONNECT_TIMEOUT_MS,
  };
}
