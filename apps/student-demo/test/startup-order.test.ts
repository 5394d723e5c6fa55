import { afterEach, describe, expect, it } from 'vitest';
import { applyMigrations, openConnection, readMigrations } from '@exam/db';
import { createEmptyDatabase } from '@exam/db/testing';
import { openStudentsDb, studentRepository } from '../src/student-repository.ts';

const postgres = process.env.DATABASE_URL;
const migrationNames = readMigrations().migrationDirectories.map((d) => d.path);
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A new, empty database, as on the first `docker compose up`. */
async function freshDatabase() {
  const database = await createEmptyDatabase(postgres!, 'demo_order');
  cleanups.push(database.drop);
  return database.url;
}

/** What the demo service does on start: open its database, make sure its table is there. */
async function startDemo(url: string) {
  const db = await openStudentsDb({ url, poolMax: 2 });
  cleanups.push(() => db.close());
  return studentRepository(db);
}

/** What the API does on start (MIGRATE_ON_START): apply every pending migration. */
const migrateApi = (url: string) => applyMigrations({ url });

async function publicTables(url: string) {
  const db = await openConnection({ url, poolMax: 1 });
  try {
    const rows = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    return rows.map((r) => r.table_name);
  } finally {
    await db.close();
  }
}

describe.skipIf(!postgres)(
  'the student demo and the API on one fresh PostgreSQL database (PostgreSQL only: on PGlite each has ' +
    'its own folder)',
  () => {
    it('the demo first, then the API: the API still migrates, and the demo keeps its students', async () => {
      const url = await freshDatabase();
      const students = await startDemo(url);
      const created = await students.create({ stuname: 'Asha Verma', email: 'asha@example.edu' });
      expect(await migrateApi(url)).toEqual(migrationNames);
      expect(await students.get(created.id)).toEqual(created);
      expect(await publicTables(url)).not.toContain('students');
    });

    it('the API first, then the demo', async () => {
      const url = await freshDatabase();
      expect(await migrateApi(url)).toEqual(migrationNames);
      const students = await startDemo(url);
      expect((await students.list({ offset: 0 })).total).toBe(0);
      await students.create({ stuname: 'Ravi Kumar', email: 'ravi@example.edu' });
      expect((await students.list({ offset: 0 })).total).toBe(1);
    });

    it('both at once, with a second demo process starting alongside', async () => {
      const url = await freshDatabase();
      const [applied] = await Promise.all([migrateApi(url), startDemo(url), startDemo(url)]);
      expect(applied).toEqual(migrationNames);
      const students = await startDemo(url);
      await students.create({ stuname: 'Meera Iyer', email: 'meera@example.edu' });
      expect((await students.list({ offset: 0 })).total).toBe(1);
    });
  },
);
