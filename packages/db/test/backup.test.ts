import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { BackupRefused, backupEmbedded, newerSchemaRefusal, restoreEmbedded } from '../src/backup.ts';
import { embeddedLockFile, openConnection } from '../src/connection.ts';

/**
 * `db:backup` / `db:restore` of the embedded database: a consistent copy taken only while no other process
 * has the folder open, a restore that keeps the folder it replaces, and refuses a backup of a newer schema
 * version with a sentence naming the migrations it does not know. A small stand-in schema (a migrations table
 * as Prisma's, one table of data) keeps it fast; the command itself runs once on the real one.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-backup-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const known = ['20260101000000_init', '20260201000000_second'];
const migrationsDir = path.join(root, 'migrations');
for (const name of known) fs.mkdirSync(path.join(migrationsDir, name), { recursive: true });

let dir = '';
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(root, 'data-'));
});

/** An embedded database in `folder` with these migrations applied and these rows of data. */
async function makeDatabase(folder: string, migrations: string[], rows: string[]) {
  const db = await PGlite.create(folder);
  await db.exec(`CREATE TABLE _prisma_migrations (migration_name text, finished_at timestamptz DEFAULT now(),
    rolled_back_at timestamptz); CREATE TABLE exam (exam_id text PRIMARY KEY)`);
  for (const name of migrations) await db.query('INSERT INTO _prisma_migrations VALUES ($1)', [name]);
  for (const row of rows) await db.query('INSERT INTO exam VALUES ($1)', [row]);
  await db.close();
}
async function examsIn(folder: string) {
  const db = await PGlite.create(folder);
  try {
    return (await db.query<{ exam_id: string }>('SELECT exam_id FROM exam ORDER BY 1')).rows.map(
      (r) => r.exam_id,
    );
  } finally {
    await db.close();
  }
}

describe('backups of the embedded database', () => {
  it('backs up and restores: the data comes back, the replaced folder is kept beside it', async () => {
    const folder = path.join(dir, 'pglite');
    await makeDatabase(folder, known, ['MAIN-2026']);
    const backup = await backupEmbedded({ dir: folder, migrationsDir });
    expect(backup.file).toMatch(/backups\/exam-\d{8}T\d{6}Z\.embedded\.tar\.gz$/);
    expect(backup.migrations).toEqual(known);
    expect(fs.statSync(backup.file).mode & 0o777).toBe(0o600);

    // The data changes after the backup (a wrong import, a lost disk): the restore brings back the backup's.
    const db = await PGlite.create(folder);
    await db.exec(`DELETE FROM exam; INSERT INTO exam VALUES ('WRONG')`);
    await db.close();
    const restored = await restoreEmbedded({ dir: folder, file: backup.file, migrationsDir });
    expect(await examsIn(folder)).toEqual(['MAIN-2026']);
    expect(restored.replaced).toMatch(/pglite\.before-restore-\d{8}T\d{6}Z$/);
    expect(await examsIn(restored.replaced!)).toEqual(['WRONG']);
  }, 60_000);

  it('restores into an empty or missing folder (the disk was lost)', async () => {
    const folder = path.join(dir, 'pglite');
    await makeDatabase(folder, known.slice(0, 1), ['OLD-2025']);
    const { file } = await backupEmbedded({
      dir: folder,
      file: path.join(dir, 'kept.tar.gz'),
      migrationsDir,
    });
    fs.rmSync(folder, { recursive: true });
    // An older schema is fine: the app's next start applies the migrations it lacks.
    expect(await restoreEmbedded({ dir: folder, file, migrationsDir })).toEqual({
      replaced: undefined,
      migrations: known.slice(0, 1),
    });
    expect(await examsIn(folder)).toEqual(['OLD-2025']);
  }, 60_000);

  it('refuses a newer schema, naming what it does not know, and leaves the folder alone', async () => {
    const newer = path.join(dir, 'newer');
    await makeDatabase(newer, [...known, '20990101000000_from_the_future'], ['FUTURE']);
    const { file } = await backupEmbedded({
      dir: newer,
      file: path.join(dir, 'newer.tar.gz'),
      migrationsDir,
    });
    const folder = path.join(dir, 'pglite');
    await makeDatabase(folder, known, ['CURRENT']);
    const refused = await restoreEmbedded({ dir: folder, file, migrationsDir }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BackupRefused);
    expect((refused as Error).message).toBe(
      'Refusing to restore: the backup is from a newer schema version than this one. It has 1 migration(s) ' +
        "this version does not know (20990101000000_from_the_future); this version's latest is " +
        '20260201000000_second. Restore it with the version that made it, or a newer one.',
    );
    expect(await examsIn(folder)).toEqual(['CURRENT']);
    expect(fs.readdirSync(dir).filter((f) => f.includes('before-restore'))).toEqual([]);
  }, 60_000);

  it('refuses to copy a folder another process has open (the app), and copies it once closed', async () => {
    const folder = path.join(dir, 'pglite');
    await makeDatabase(folder, known, ['OPEN']);
    const app = await openConnection({ pgliteDir: folder });
    expect(JSON.parse(fs.readFileSync(embeddedLockFile(folder), 'utf8'))).toMatchObject({ pid: process.pid });
    await expect(backupEmbedded({ dir: folder, migrationsDir })).rejects.toThrow(
      /is open in another process \(pid \d+, since .*\)\. Stop the app first/,
    );
    await expect(
      restoreEmbedded({ dir: folder, file: path.join(dir, 'any.tar.gz'), migrationsDir }),
    ).rejects.toThrow(/No such backup/);
    await app.close();
    expect(fs.existsSync(embeddedLockFile(folder))).toBe(false);
    expect((await backupEmbedded({ dir: folder, migrationsDir })).migrations).toEqual(known);
  }, 60_000);

  it('takes over the lock of a process that died without closing (same host, no such pid)', async () => {
    const folder = path.join(dir, 'pglite');
    await makeDatabase(folder, known, ['CRASHED']);
    const dead = 2 ** 22 + 12345; // above Linux's pid_max default
    fs.writeFileSync(
      embeddedLockFile(folder),
      JSON.stringify({ pid: dead, host: os.hostname(), since: '2026-01-01T00:00:00Z' }),
    );
    expect((await backupEmbedded({ dir: folder, migrationsDir })).bytes).toBeGreaterThan(0);
    expect(fs.existsSync(embeddedLockFile(folder))).toBe(false);
  }, 60_000);

  it('says which migrations make a dump newer', () => {
    expect(newerSchemaRefusal(known, known)).toBeUndefined();
    expect(newerSchemaRefusal(known.slice(0, 1), known)).toBeUndefined();
    expect(newerSchemaRefusal(['x', 'y'], [])).toMatch(
      /2 migration\(s\) this version does not know \(x, y\)/,
    );
  });
});

describe('the db:backup and db:restore commands', () => {
  const pkgDir = fileURLToPath(new URL('..', import.meta.url));
  const run = (args: string[], env: Record<string, string>) =>
    promisify(execFile)('node', ['--import', 'tsx', 'src/cli/backup.ts', ...args], {
      cwd: pkgDir,
      env: { ...process.env, ...env },
    }).then(
      (r) => ({ code: 0, stdout: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
    );

  it('back up and restore PGLITE_DIR with JSON log lines; refuse PostgreSQL and a newer dump', async () => {
    const folder = path.join(dir, 'pglite');
    await makeDatabase(folder, known, ['CLI']);
    const env = { PGLITE_DIR: folder, DATABASE_URL: '', INIT_CWD: dir };
    const backup = await run(['backup', 'cli.tar.gz'], env);
    expect(backup.code, backup.stdout).toBe(0);
    expect(JSON.parse(backup.stdout)).toMatchObject({
      level: 'info',
      service: 'backup',
      file: path.join(dir, 'cli.tar.gz'),
      schema: known.at(-1),
    });
    // This checkout's migrations are not the stand-in's: its dump is "newer" than the real schema.
    const restore = await run(['restore', 'cli.tar.gz'], env);
    expect(restore.code).toBe(3);
    expect(JSON.parse(restore.stdout).msg).toMatch(/^Refusing to restore: the backup is from a newer schema/);
    const postgres = await run(['backup'], { ...env, DATABASE_URL: 'postgresql://x@127.0.0.1/x' });
    expect(postgres.code).toBe(2);
    expect(JSON.parse(postgres.stdout).msg).toMatch(/DATABASE_URL is set: back up PostgreSQL with pg_dump/);
  }, 60_000);
});
