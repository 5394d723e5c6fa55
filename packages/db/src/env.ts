import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSettings, settingsSchema } from '@exam/settings';
import type { ConnectionOptions } from './connection.ts';

// Kept here so existing imports of `@exam/db/env` keep working; the parser lives with the catalogue.
export { parseSettings } from '@exam/settings';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const databaseEnv = settingsSchema(['DATABASE_URL', 'DB_POOL_MAX', 'DB_CONNECT_TIMEOUT_MS']);
const dataEnv = settingsSchema(['DATA_DIR']);

/**
 * The data folder (DATA_DIR, else `<repo>/.data`): the embedded databases and a generated signing secret live
 * there.
 */
export function dataDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const { DATA_DIR } = parseSettings(dataEnv, env);
  return path.resolve(DATA_DIR || path.join(repoRoot, '.data'));
}

/** Each embedded database's folder inside the data folder, unless its own setting names another. */
const embeddedFolders = { PGLITE_DIR: 'pglite', PGLITE_DIR_DEMO: 'student-demo' } as const;

/**
 * The database settings: DATABASE_URL (else the embedded database in the folder named by `dirSetting`,
 * by default `<DATA_DIR>/pglite` or `<DATA_DIR>/student-demo`), DB_POOL_MAX and DB_CONNECT_TIMEOUT_MS.
 */
export function databaseOptionsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  { dirSetting = 'PGLITE_DIR' }: { dirSetting?: keyof typeof embeddedFolders } = {},
): ConnectionOptions & { pgliteDir: string } {
  const { DATABASE_URL, DB_POOL_MAX, DB_CONNECT_TIMEOUT_MS } = parseSettings(databaseEnv, env);
  const dir = env[dirSetting]?.trim();
  return {
    url: DATABASE_URL,
    pgliteDir: dir || path.join(dataDirFromEnv(env), embeddedFolders[dirSetting]),
    poolMax: DB_POOL_MAX,
    connectTimeoutMs: DB_CONNECT_TIMEOUT_MS,
  };
}
