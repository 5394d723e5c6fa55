import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../client.ts';
import { applyMigrations } from '../migrate.ts';
import { seedDemoMasterData, seedDemoUsers } from '../seed/index.ts';

/**
 * Databases for tests, cheap per test file. Once per run (a vitest globalSetup) `prepareTestTemplates`
 * migrates a database and, for each named seed, saves a copy holding that seed: on PostgreSQL as
 * template databases, on PGlite as dumps of its data folder. Each test file then opens its own copy
 * with `openTestDatabase` (CREATE DATABASE ... TEMPLATE, or a PGlite loaded from the dump) instead of
 * migrating and seeding again; per-test data comes from factories on top. Measured in
 * docs/decisions/0011-test-databases-copied-from-templates.md.
 */

/** Fills a freshly migrated database for a template; runs once per run, never per test file. */
export type TemplateSeed = (db: Database) => Promise<void>;

/**
 * The templates every suite can start from, each the one before plus its seed: `migrated` (schema only:
 * what a production start meets), `demoUsers` (the nine demo users, hashed at the lowest bcrypt cost so
 * sign-ins stay fast) and `demo` (the demo master data too). A module with data of its own appends a
 * template here (or passes its own list), and its test files ask for it by name.
 */
export const standardTemplates: Array<[name: string, seed: TemplateSeed]> = [
  ['migrated', async () => {}],
  ['demoUsers', async (db) => void (await seedDemoUsers(db.prisma, 4))],
  ['demo', async (db) => void (await seedDemoMasterData(db.prisma))],
];

/**
 * Where the templates are: plain JSON, handed from the globalSetup to test files with vitest's
 * provide/inject.
 */
export type TestTemplates =
  | { kind: 'postgresql'; serverUrl: string; databases: Record<string, string> }
  | { kind: 'pglite'; dumps: Record<string, string> };

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const ident = (name: string) => {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name ${name}`);
  return `"${name}"`;
};

export async function dropDatabase(url: string, name: string) {
  await admin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`));
}

/** A new, empty database on the server of `url` (nothing migrated): what a first deployment meets. */
export async function createEmptyDatabase(
  url: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await admin(url, (c) => c.query(`CREATE DATABASE ${ident(name)}`));
  return { url: withDatabase(url, name), drop: () => dropDatabase(url, name) };
}

/**
 * Makes the templates once per run: on the PostgreSQL server of `url` when given (the user needs the
 * right to create databases), else as PGlite dumps in a temporary folder. `dispose` removes them.
 */
export async function prepareTestTemplates(options: {
  url?: string;
  /** Starts every database name, so a run's leftovers are recognisable: letters, digits and _. */
  prefix: string;
  /**
   * Each template is the one before it plus its seed; the first starts from the freshly migrated database.
   */
  seeds?: Array<[name: string, seed: TemplateSeed]>;
}): Promise<{ templates: TestTemplates; dispose(): Promise<void> }> {
  const seeds = options.seeds ?? standardTemplates;
  const run = `${options.prefix}_tmpl_${randomBytes(4).toString('hex')}`;
  if (options.url) {
    const serverUrl = options.url;
    const base = `${run}_base`;
    const databases: Record<string, string> = {};
    const dispose = async () => {
      for (const name of [...Object.values(databases), base]) await dropDatabase(serverUrl, name);
    };
    try {
      await admin(serverUrl, (c) => c.query(`CREATE DATABASE ${ident(base)}`));
      await applyMigrations({ url: withDatabase(serverUrl, base) });
      let previous = base;
      for (const [seedName, seed] of seeds) {
        const name = `${run}_${seedName.toLowerCase()}`;
        await admin(serverUrl, (c) => c.query(`CREATE DATABASE ${ident(name)} TEMPLATE ${ident(previous)}`));
        previous = name;
        databases[seedName] = name;
        const db = await openDatabase({ url: withDatabase(serverUrl, name), poolMax: 2 });
        try {
          await seed(db);
        } finally {
          await db.close();
        }
      }
    } catch (error) {
      await dispose();
      throw error;
    }
    return { templates: { kind: 'postgresql', serverUrl, databases }, dispose };
  }

  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `${run}-`));
  const dispose = async () => fs.rmSync(folder, { recursive: true, force: true });
  try {
    // One database, dumped after each seed.
    const db = await openDatabase({ pgliteDir: 'memory://' });
    const dumps: Record<string, string> = {};
    try {
      await applyMigrations(db.migrationTarget);
      for (const [seedName, seed] of seeds) {
        await seed(db);
        const file = path.join(folder, `${seedName}.tar`);
        fs.writeFileSync(file, Buffer.from(await (await dump(db)).arrayBuffer()));
        dumps[seedName] = file;
      }
    } finally {
      await db.close();
    }
    return { templates: { kind: 'pglite', dumps }, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** PGlite's data folder as a tar (uncompressed: it loads about twice as fast as the gzipped one). */
function dump(db: Database): Promise<Blob> {
  if (!('pglite' in db.migrationTarget)) throw new Error('only an embedded database can be dumped');
  return db.migrationTarget.pglite.dumpDataDir('none');
}

export interface TestDatabase {
  db: Database;
  /** The connection string of this test's own database (PostgreSQL only). */
  url?: string;
  dispose(): Promise<void>;
}

/**
 * A database of the test file's own, a copy of one template. On PGlite it lives in memory, or in
 * `pgliteDir` when a test needs a folder another process can open after this one closed it.
 */
export async function openTestDatabase(options: {
  templates: TestTemplates | undefined;
  template?: string;
  poolMax?: number;
  /**
   * How long a request waits for a pooled connection before BUSY (PostgreSQL; default 5 s as in production).
   */
  connectTimeoutMs?: number;
  pgliteDir?: string;
}): Promise<TestDatabase> {
  const { templates, template = 'demo' } = options;
  if (!templates)
    throw new Error(
      'No test templates: call prepareTestTemplates in the vitest globalSetup and provide its answer to ' +
        'the test files.',
    );
  if (templates.kind === 'postgresql') {
    const source = templates.databases[template];
    if (!source)
      throw new Error(
        `No template named ${template}; there are ${Object.keys(templates.databases).join(', ')}.`,
      );
    const name = `${source.replace(/_tmpl_.*/, '')}_${randomBytes(5).toString('hex')}`;
    await admin(templates.serverUrl, (c) =>
      c.query(`CREATE DATABASE ${ident(name)} TEMPLATE ${ident(source)}`),
    );
    const url = withDatabase(templates.serverUrl, name);
    const db = await openDatabase({
      url,
      poolMax: options.poolMax ?? 5,
      connectTimeoutMs: options.connectTimeoutMs,
    });
    return {
      db,
      url,
      dispose: async () => {
        await db.close();
        await dropDatabase(templates.serverUrl, name);
      },
    };
  }
  const file = templates.dumps[template];
  if (!file)
    throw new Error(`No template named ${template}; there are ${Object.keys(templates.dumps).join(', ')}.`);
  const db = await openDatabase({
    pgliteDir: options.pgliteDir ?? 'memory://',
    pgliteSnapshot: new Blob([fs.readFileSync(file)]),
  });
  return { db, dispose: () => db.close() };
}
