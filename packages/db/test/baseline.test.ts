import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyMigrations, openDatabase, pendingMigrations, readMigrations } from '../src/index.ts';
import { baselinePathFor, baselineText, readHistory } from '../src/baseline.ts';
import { defaultMigrationsDir } from '../src/migrate.ts';
import { dumpSchema } from '../src/testing/schema-dump.ts';
import { createEmptyDatabase } from '../src/testing/test-database.ts';

const pgUrl = process.env.DATABASE_URL;
const migrationNames = readMigrations().migrationDirectories.map((d) => d.path);
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A new, empty database of the kind, with what applyMigrations needs to reach it. */
async function emptyDatabase(kind: 'pglite' | 'postgresql') {
  if (kind === 'pglite') {
    const db = await openDatabase({ pgliteDir: 'memory://' });
    cleanups.push(() => db.close());
    return db;
  }
  const created = await createEmptyDatabase(pgUrl!, 'exam_baseline');
  const db = await openDatabase({ url: created.url, poolMax: 2 });
  cleanups.push(async () => {
    await db.close();
    await created.drop();
  });
  return db;
}

/** A copy of prisma/ (schema, migrations, baseline) to change without touching the repository's. */
function copyOfPrisma() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-baseline-'));
  fs.cpSync(path.dirname(defaultMigrationsDir), work, { recursive: true });
  cleanups.push(async () => fs.rmSync(work, { recursive: true, force: true }));
  return { migrationsDir: path.join(work, 'migrations'), schemaPath: path.join(work, 'schema.prisma') };
}

it('prisma/baseline.sql is the current history squashed (else run: pnpm db:migrate baseline)', () => {
  const written = fs.readFileSync(baselinePathFor(defaultMigrationsDir), 'utf8');
  const current = baselineText(readHistory(defaultMigrationsDir));
  expect(
    written === current,
    'prisma/baseline.sql is stale: regenerate it with `pnpm db:migrate baseline` and commit it',
  ).toBe(true);
});

const kinds = pgUrl ? (['pglite', 'postgresql'] as const) : (['pglite'] as const);

describe.each(kinds)('on %s', (kind) => {
  it('the baseline and the history give the same schema, recorded the same way', async () => {
    const [viaBaseline, viaHistory] = [await emptyDatabase(kind), await emptyDatabase(kind)];
    const used: string[][] = [];
    expect(await applyMigrations(viaBaseline.migrationTarget, { onBaseline: (c) => used.push(c) })).toEqual(
      migrationNames,
    );
    expect(used).toEqual([migrationNames]);
    expect(await applyMigrations(viaHistory.migrationTarget, { baseline: false })).toEqual(migrationNames);

    const [fromBaseline, fromHistory] = [
      await dumpSchema(viaBaseline.query),
      await dumpSchema(viaHistory.query),
    ];
    expect(fromBaseline.relations!.length).toBeGreaterThan(50);
    expect(fromBaseline.triggers!.length).toBeGreaterThan(0);
    expect(fromBaseline.views!.length).toBeGreaterThan(0);
    expect(fromBaseline.migrations).toHaveLength(migrationNames.length);
    for (const part of Object.keys(fromHistory)) expect(fromBaseline[part], part).toEqual(fromHistory[part]);

    // Both are up to date as far as the engine is concerned, too.
    expect(await pendingMigrations(viaBaseline.query)).toEqual([]);
    expect(await applyMigrations(viaBaseline.migrationTarget)).toEqual([]);
  });

  it('a migration newer than the baseline applies on top of it, as on an upgraded database', async () => {
    const { migrationsDir, schemaPath } = copyOfPrisma();
    const added = '29990101000000_add_notices';
    fs.mkdirSync(path.join(migrationsDir, added));
    fs.writeFileSync(
      path.join(migrationsDir, added, 'migration.sql'),
      'CREATE TABLE "notice" ("id" SERIAL PRIMARY KEY, "text" TEXT NOT NULL);\n',
    );
    const [viaBaseline, viaHistory] = [await emptyDatabase(kind), await emptyDatabase(kind)];
    const used: string[][] = [];
    const options = { migrationsDir, schemaPath };
    expect(
      await applyMigrations(viaBaseline.migrationTarget, { ...options, onBaseline: (c) => used.push(c) }),
    ).toEqual([...migrationNames, added]);
    expect(used).toEqual([migrationNames]);
    expect(await applyMigrations(viaHistory.migrationTarget, { ...options, baseline: false })).toEqual([
      ...migrationNames,
      added,
    ]);
    expect(await dumpSchema(viaBaseline.query)).toEqual(await dumpSchema(viaHistory.query));
  });
});

describe('when the baseline cannot stand for the history', () => {
  it('is ignored once a migration it covers has changed: the history applies', async () => {
    const { migrationsDir, schemaPath } = copyOfPrisma();
    const first = path.join(migrationsDir, migrationNames[0]!, 'migration.sql');
    fs.appendFileSync(first, '\nCREATE TABLE "edited_later" ("id" INTEGER);\n');
    const db = await emptyDatabase('pglite');
    const used: string[][] = [];
    expect(
      await applyMigrations(db.migrationTarget, {
        migrationsDir,
        schemaPath,
        onBaseline: (c) => used.push(c),
      }),
    ).toEqual(migrationNames);
    expect(used).toEqual([]);
    expect(await db.query(`SELECT to_regclass('edited_later') IS NOT NULL AS present`)).toEqual([
      { present: true },
    ]);
  });

  it('is not used on a database with tables of its own: the engine refuses it as before', async () => {
    const db = await emptyDatabase('pglite');
    await db.query('CREATE TABLE "somebody_elses" ("id" INTEGER)');
    const used: string[][] = [];
    await expect(applyMigrations(db.migrationTarget, { onBaseline: (c) => used.push(c) })).rejects.toThrow(
      /not empty/,
    );
    expect(used).toEqual([]);
  });

  it('leaves nothing behind when its script fails part-way (one transaction)', async () => {
    const { migrationsDir, schemaPath } = copyOfPrisma();
    const baseline = baselinePathFor(migrationsDir);
    fs.writeFileSync(baseline, `${fs.readFileSync(baseline, 'utf8')}\nSELECT 1/0;\n`);
    const db = await emptyDatabase('pglite');
    await expect(applyMigrations(db.migrationTarget, { migrationsDir, schemaPath })).rejects.toThrow(
      /division by zero/,
    );
    expect(
      await db.query(`SELECT count(*)::int AS n FROM pg_class WHERE relnamespace = 'public'::regnamespace`),
    ).toEqual([{ n: 0 }]);
  });
});
