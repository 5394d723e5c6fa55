// Backups of the embedded database (PGlite, no DATABASE_URL): `pnpm db:backup` and `pnpm db:restore <file>`.
// A backup is PGlite's own dump of its data folder (a gzipped tar), taken by a process that has the folder
// open alone, so the copy is consistent; a folder another process holds (the app, whose lock file is beside
// it) is refused, never copied while it changes. PostgreSQL (compose) is backed up by pg_dump in compose's
// `backup` service (deploy/backup.sh), which refuses a newer dump the same way.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { embeddedLockFile, pgliteExtensions } from './connection.ts';
import { defaultMigrationsDir, migrationNames } from './migrate.ts';

export interface EmbeddedBackupOptions {
  /** The embedded database's folder (PGLITE_DIR, by default `<DATA_DIR>/pglite`). */
  dir: string;
  /** The migrations this version knows (a dump with others is from a newer version). */
  migrationsDir?: string;
}

/** Why a backup or a restore did not run: one sentence for the operator, and the exit code to use. */
export class BackupRefused extends Error {
  constructor(
    message: string,
    readonly exitCode = 3,
  ) {
    super(message);
  }
}

/** Refuses while another live process has the folder open (its lock file names it). */
function refuseWhileOpen(dir: string, doing: string) {
  const file = embeddedLockFile(dir);
  if (!fs.existsSync(file)) return;
  let holder: { pid?: number; host?: string; since?: string } = {};
  try {
    holder = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof holder;
  } catch {
    // An unreadable lock counts as held.
  }
  const sameHost = holder.host === os.hostname();
  let alive = true;
  if (sameHost && typeof holder.pid === 'number') {
    try {
      process.kill(holder.pid, 0);
    } catch (error) {
      alive = (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  }
  if (!alive) return fs.rmSync(file, { force: true });
  throw new BackupRefused(
    `Cannot ${doing}: the embedded database ${dir} is open in another process (pid ${holder.pid ?? '?'}` +
      `${sameHost ? '' : ` on ${holder.host ?? 'another host'}`}, since ${holder.since ?? '?'}). ` +
      `Stop the app first; if it is already stopped (it crashed), delete ${file} and try again.`,
  );
}

/** The migrations a database has applied (none when it has no migrations table). */
async function appliedMigrations(db: PGlite): Promise<string[]> {
  const table = await db.query<{ present: boolean }>(
    `SELECT to_regclass('public._prisma_migrations') IS NOT NULL AS present`,
  );
  if (!table.rows[0]?.present) return [];
  const rows = await db.query<{ migration_name: string }>(
    `SELECT migration_name FROM _prisma_migrations
     WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
  );
  return rows.rows.map((r) => r.migration_name);
}

/**
 * The refusal for a dump made by a newer version: it has applied migrations this version does not know, so
 * this version's code would misread its data (and its migrate command cannot undo them).
 */
export function newerSchemaRefusal(dumped: string[], known: string[]): string | undefined {
  const knownSet = new Set(known);
  const unknown = dumped.filter((name) => !knownSet.has(name));
  if (!unknown.length) return undefined;
  return (
    `Refusing to restore: the backup is from a newer schema version than this one. It has ` +
    `${unknown.length} migration(s) this version does not know (${unknown.join(', ')}); this version's ` +
    `latest is ${known.at(-1) ?? '(none)'}. Restore it with the version that made it, or a newer one.`
  );
}

const stamp = () =>
  new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/** Writes a consistent backup of the embedded database to `file`; answers its size and schema version. */
export async function backupEmbedded(
  options: EmbeddedBackupOptions & { file?: string },
): Promise<{ file: string; bytes: number; migrations: string[] }> {
  const dir = path.resolve(options.dir);
  if (!fs.existsSync(path.join(dir, 'PG_VERSION')))
    throw new BackupRefused(`Nothing to back up: ${dir} holds no embedded database.`, 2);
  refuseWhileOpen(dir, 'back up');
  const file = path.resolve(
    options.file ?? path.join(path.dirname(dir), 'backups', `exam-${stamp()}.embedded.tar.gz`),
  );
  const db = await PGlite.create(dir, { extensions: pgliteExtensions });
  try {
    const migrations = await appliedMigrations(db);
    const dump = Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer());
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Written whole or not at all: a half-written file never carries the backup's name.
    const partial = `${file}.partial`;
    fs.writeFileSync(partial, dump, { mode: 0o600 });
    fs.renameSync(partial, file);
    return { file, bytes: dump.length, migrations };
  } finally {
    await db.close();
  }
}

/**
 * Replaces the embedded database with a backup: checks the backup's schema version first (a newer one is
 * refused, naming the migrations), keeps the folder it replaces beside it (`<folder>.before-restore-<time>`),
 * and answers where that went. Migrations newer than the backup are applied by the app's next start.
 */
export async function restoreEmbedded(
  options: EmbeddedBackupOptions & { file: string },
): Promise<{ replaced?: string; migrations: string[] }> {
  const dir = path.resolve(options.dir);
  const file = path.resolve(options.file);
  if (!fs.existsSync(file)) throw new BackupRefused(`No such backup: ${file}`, 2);
  refuseWhileOpen(dir, 'restore');
  const blob = new Blob([fs.readFileSync(file)]);
  // Read in memory first: the folder is touched only after the backup is known good and not too new.
  let migrations: string[];
  try {
    const check = await PGlite.create({ extensions: pgliteExtensions, loadDataDir: blob });
    try {
      migrations = await appliedMigrations(check);
    } finally {
      await check.close();
    }
  } catch (error) {
    throw new BackupRefused(
      `${file} is not a backup of the embedded database (${(error as Error).message}).`,
      2,
    );
  }
  const refusal = newerSchemaRefusal(
    migrations,
    migrationNames(options.migrationsDir ?? defaultMigrationsDir),
  );
  if (refusal) throw new BackupRefused(refusal);
  let replaced: string | undefined;
  if (fs.existsSync(dir) && fs.readdirSync(dir).length) {
    replaced = `${dir}.before-restore-${stamp()}`;
    fs.renameSync(dir, replaced);
  }
  fs.mkdirSync(dir, { recursive: true });
  const restored = await PGlite.create(dir, { extensions: pgliteExtensions, loadDataDir: blob });
  await restored.close();
  return { replaced, migrations };
}
