import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyMigrations,
  createMigration,
  openDatabase,
  pendingMigrations,
  readMigrations,
  type Database,
} from '../src/index.ts';
import { createEmptyDatabase, dropDatabase } from '../src/testing/test-database.ts';
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
  // One database per kind: the first test migrates it, the second uses the result (migrating another would
  // repeat the first).
  let db: Database;
  beforeAll(async () => {
    db = await emptyDatabase(kind);
  });

  it('applies every migration to an empty database, then finds it up to date', async () => {
    expect(await pendingMigrations(db.query)).toEqual(migrationNames);
    expect(await applyMigrations(db.migrationTarget)).toEqual(migrationNames);
    expect(await pendingMigrations(db.query)).toEqual([]);
    expect(await applyMigrations(db.migrationTarget)).toEqual([]);
    const tables = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    );
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining([
        'session',
        'course',
        'paper',
        'sempart',
        'ccinfo_sem',
        'paperinfosem',
        'exam',
        'examcycle',
        'users',
        '_prisma_migrations',
      ]),
    );
  });

  it('leaves the enumerations to the database too: a bad value is refused even past the API', async () => {
    expect(await pendingMigrations(db.query)).toEqual([]);
    await db.query(`INSERT INTO session (session_id, session_name) VALUES ('2024-25', 'S')`);
    await expect(
      db.query(`INSERT INTO exam (exam_id, active_status, session_id) VALUES ('E1', 2, '2024-25')`),
    ).rejects.toThrow(/check constraint/);
    await expect(
      db.query(`INSERT INTO exam (exam_id, active_status, session_id) VALUES ('E1', 1, 'nope')`),
    ).rejects.toThrow(/foreign key/);
  });
});

describe.skipIf(!pgUrl)('migrating one PostgreSQL database from several processes', () => {
  /** A fresh database; answers its connection string and a way to query it. */
  async function emptyPostgres() {
    const database = await createEmptyDatabase(pgUrl!, 'exam_migrate');
    const observer = await openDatabase({ url: database.url, poolMax: 2 });
    cleanups.push(async () => {
      await observer.close();
      await database.drop();
    });
    return { url: database.url, query: observer.query };
  }
  const migrationLocksHeld = (query: Awaited<ReturnType<typeof emptyPostgres>>['query']) =>
    query(
      `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objid = 72707369 AND database = (SELECT oid
          FROM pg_database WHERE datname = current_database())`,
    );

  it('leaves no lock behind once it is done', async () => {
    const { url, query } = await emptyPostgres();
    expect(await applyMigrations({ url })).toEqual(migrationNames);
    expect(await migrationLocksHeld(query)).toEqual([]);
  });

  it('applies each migration once when three start together; the others wait, find nothing', async () => {
    const { url } = await emptyPostgres();
    const results = await Promise.all([1, 2, 3].map(() => applyMigrations({ url })));
    expect(results.filter((applied) => applied.length > 0)).toEqual([migrationNames]);
    expect(results.filter((applied) => applied.length === 0)).toHaveLength(2);
  });

  it('waits for another migrator for as long as it holds the lock, and says so', async () => {
    const { url, query } = await emptyPostgres();
    const holder = await openDatabase({ url, poolMax: 1 });
    cleanups.push(() => holder.close());
    await holder.query('SELECT pg_advisory_lock(72707369)');
    const said: string[] = [];
    let settled = false;
    const migrating = applyMigrations({ url }, { onWait: (message) => said.push(message) }).finally(
      () => (settled = true),
    );
    await expect
      .poll(() => said, { timeout: 20_000 })
      .toEqual(['Another process is applying migrations; waiting for it to finish.']);
    expect(settled).toBe(false);
    expect(await pendingMigrations(query)).toEqual(migrationNames);
    await holder.query('SELECT pg_advisory_unlock(72707369)');
    expect(await migrating).toEqual(migrationNames);
  });

  it('gives up with a clear message when the lock is held longer than it may wait', async () => {
    const { url } = await emptyPostgres();
    const holder = await openDatabase({ url, poolMax: 1 });
    cleanups.push(() => holder.close());
    await holder.query('SELECT pg_advisory_lock(72707369)');
    await expect(applyMigrations({ url }, { lockWaitMs: 300 })).rejects.toThrow(
      /^Another process kept the migration lock for more than 0.3 s/,
    );
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
        '\nmodel Notice {\n  id   Int    @id @default(autoincrement())\n  text String\n ' +
        ' @@map("notice")\n}\n',
    );
    const shadow = await openDatabase({ pgliteDir: 'memory://' });
    cleanups.push(() => shadow.close());
    const dir = await createMigration(shadow.adapterFactory, 'Add notices', {
      schemaPath,
      migrationsDir,
      now: new Date('2030-01-02T03:04:05Z'),
    });
    expect(path.basename(dir!)).toBe('20300102030405_add_notices');
    expect(fs.readFileSync(path.join(dir!, 'migration.sql'), 'utf8')).toMatch(/CREATE TABLE "notice"/);

    const target = await openDatabase({ pgliteDir: 'memory://' });
    cleanups.push(() => target.close());
    expect(await applyMigrations(target.migrationTarget, { schemaPath, migrationsDir })).toEqual([
      ...migrationNames,
      '20300102030405_add_notices',
    ]);
    await target.query(`INSERT INTO notice (text) VALUES ('hello')`);
  });
});

/** Every line of a command's output as JSON (a line that is not JSON fails the test). */
const jsonLines = (output: string) =>
  output
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('the db:migrate command', () => {
  it('migrates a fresh embedded database folder once and then reports it up to date', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-pglite-'));
    const env = { ...process.env, PGLITE_DIR: dir, DATABASE_URL: '' };
    const first = await run('node', ['--import', 'tsx', 'src/cli/migrate.ts'], { cwd: pkgDir, env });
    // JSON lines, like every other service's log.
    const lines = jsonLines(first.stdout);
    expect(lines.at(-1)).toMatchObject({
      level: 'info',
      service: 'migrate',
      msg: `Applied ${migrationNames.join(', ')}`,
      migrations: migrationNames,
    });
    const second = await run('node', ['--import', 'tsx', 'src/cli/migrate.ts'], { cwd: pkgDir, env });
    expect(jsonLines(second.stdout).at(-1)).toMatchObject({ msg: 'Database is up to date.', migrations: [] });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('fails with one clear line for a bad setting', async () => {
    const result = await run('node', ['--import', 'tsx', 'src/cli/migrate.ts'], {
      cwd: pkgDir,
      env: { ...process.env, DATABASE_URL: 'mysql://nope' },
    }).catch((e) => e);
    expect(result.code).toBe(1);
    expect(jsonLines(result.stdout)).toEqual([
      expect.objectContaining({
        level: 'error',
        service: 'migrate',
        msg: 'migration failed: Invalid setting DATABASE_URL: must start with postgresql://',
      }),
    ]);
  });
});
