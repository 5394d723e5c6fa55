import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { applyMigrations, createMigration, openDatabase, pendingMigrations, readMigrations } from '../src/index.ts';
import { dropDatabase } from '../src/testing/test-database.ts';
import { defaultMigrationsDir, defaultSchemaPath } from '../src/migrate.ts';

const run = promisify(execFile);
const pkgDir = fileURLToPath(new URL('..', import.meta.url));
const migrationNames = readMigrations().migrationDirectories.map((d) => d.path);
const pgUrl = process.env.DATABASE_URL;
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** An empty database of each kind this product runs on. */
async function emptyDatabase(kind: 'pglite' | 'postgresql') {
  if (kind === 'pglite') {
    const db = await openDatabase({ pgliteDir: 'memory://' });
    cleanups.push(() => db.close());
    return db;
  }
  const name = `exam_migrate_${Math.random().toString(36).slice(2, 10)}`;
  const maintenance = await openDatabase({ url: pgUrl!, poolMax: 1 });
  await maintenance.query(`CREATE DATABASE ${name}`);
  await maintenance.close();
  const url = new URL(pgUrl!);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString(), poolMax: 2 });
  cleanups.push(async () => {
    await db.close();
    await dropDatabase(pgUrl!, name);
  });
  return db;
}

const kinds = pgUrl ? (['pglite', 'postgresql'] as const) : (['pglite'] as const);

describe.each(kinds)('migrate on %s', (kind) => {
  it('applies every migration to an empty database, then finds it up to date', async () => {
    const db = await emptyDatabase(kind);
    expect(await pendingMigrations(db.query)).toEqual(migrationNames);
    expect(await applyMigrations(db.adapterFactory)).toEqual(migrationNames);
    expect(await pendingMigrations(db.query)).toEqual([]);
    expect(await applyMigrations(db.adapterFactory)).toEqual([]);
    const tables = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    );
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining(['session', 'course', 'paper', 'sempart', 'ccinfo_sem', 'paperinfosem', 'exam', 'examcycle', 'users', '_prisma_migrations']),
    );
  });

  it('leaves the enumerations to the database as well: a bad value is refused even past the API', async () => {
    const db = await emptyDatabase(kind);
    await applyMigrations(db.adapterFactory);
    await db.query(`INSERT INTO session (session_id, session_name) VALUES ('2024-25', 'S')`);
    await expect(db.query(`INSERT INTO exam (exam_id, active_status, session_id) VALUES ('E1', 2, '2024-25')`)).rejects.toThrow(/check constraint/);
    await expect(db.query(`INSERT INTO exam (exam_id, active_status, session_id) VALUES ('E1', 1, 'nope')`)).rejects.toThrow(/foreign key/);
  });
});

describe('creating a migration', () => {
  it('writes nothing when the schema matches the migrations', async () => {
    const shadow = await openDatabase({ pgliteDir: 'memory://' });
    cleanups.push(() => shadow.close());
    // A copy of the folder, so that a failure cannot leave a stray migration in the repository.
    const migrationsDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'exam-migrations-')), 'migrations');
    fs.cpSync(defaultMigrationsDir, migrationsDir, { recursive: true });
    expect(await createMigration(shadow.adapterFactory, 'noop', { migrationsDir })).toBeUndefined();
    expect(fs.readdirSync(migrationsDir).sort()).toEqual(fs.readdirSync(defaultMigrationsDir).sort());
  });

  it('writes the SQL for a schema change, and that migration applies', async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-migrations-'));
    const migrationsDir = path.join(work, 'migrations');
    fs.cpSync(defaultMigrationsDir, migrationsDir, { recursive: true });
    const schemaPath = path.join(work, 'schema.prisma');
    fs.writeFileSync(
      schemaPath,
      fs.readFileSync(defaultSchemaPath, 'utf8').replace(/output\s*=.*\n/, '') +
        '\nmodel Notice {\n  id   Int    @id @default(autoincrement())\n  text String\n  @@map("notice")\n}\n',
    );
    const shadow = await openDatabase({ pgliteDir: 'memory://' });
    cleanups.push(() => shadow.close());
    const dir = await createMigration(shadow.adapterFactory, 'Add notices', { schemaPath, migrationsDir, now: new Date('2030-01-02T03:04:05Z') });
    expect(path.basename(dir!)).toBe('20300102030405_add_notices');
    expect(fs.readFileSync(path.join(dir!, 'migration.sql'), 'utf8')).toMatch(/CREATE TABLE "notice"/);

    const target = await openDatabase({ pgliteDir: 'memory://' });
    cleanups.push(() => target.close());
    expect(await applyMigrations(target.adapterFactory, { schemaPath, migrationsDir })).toEqual([...migrationNames, '20300102030405_add_notices']);
    await target.query(`INSERT INTO notice (text) VALUES ('hello')`);
  });
});

describe('the db:migrate command', () => {
  it('migrates a fresh embedded database folder once and then reports it up to date', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-pglite-'));
    const env = { ...process.env, PGLITE_DIR: dir, DATABASE_URL: '' };
    const first = await run('node', ['--import', 'tsx', 'src/cli/migrate.ts'], { cwd: pkgDir, env });
    expect(first.stdout).toContain(`Applied ${migrationNames.join(', ')}`);
    const second = await run('node', ['--import', 'tsx', 'src/cli/migrate.ts'], { cwd: pkgDir, env });
    expect(second.stdout).toContain('Database is up to date.');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('fails with one clear line for a bad setting', async () => {
    const result = await run('node', ['--import', 'tsx', 'src/cli/migrate.ts'], { cwd: pkgDir, env: { ...process.env, DATABASE_URL: 'mysql://nope' } }).catch((e) => e);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('Invalid setting DATABASE_URL: must start with postgresql://');
  });
});
