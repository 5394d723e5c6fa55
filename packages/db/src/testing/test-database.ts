import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../client.ts';
import { applyMigrations } from '../migrate.ts';

/**
 * Databases for tests: on PostgreSQL (DATABASE_URL set) each test file gets its own database,
 * cloned from a template migrated once per run; without DATABASE_URL each file gets a fresh
 * in-memory PGlite, migrated by the same command production uses.
 */

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

/** Creates and migrates the template database; answers its name. */
export async function createTemplateDatabase(url: string, prefix: string): Promise<string> {
  const name = `${prefix}_tmpl_${randomBytes(4).toString('hex')}`;
  await admin(url, (c) => c.query(`CREATE DATABASE ${ident(name)}`));
  const db = await openDatabase({ url: withDatabase(url, name), poolMax: 2 });
  try {
    await applyMigrations(db.adapterFactory);
  } finally {
    await db.close();
  }
  return name;
}

export async function dropDatabase(url: string, name: string) {
  await admin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`));
}

export interface TestDatabase {
  db: Database;
  /** The connection string of this test's own database (PostgreSQL only). */
  url?: string;
  dispose(): Promise<void>;
}

export async function openTestDatabase(options: { url?: string; template?: string; poolMax?: number } = {}): Promise<TestDatabase> {
  if (options.url && options.template) {
    const name = `${options.template.replace(/_tmpl_.*/, '')}_${randomBytes(5).toString('hex')}`;
    await admin(options.url, (c) => c.query(`CREATE DATABASE ${ident(name)} TEMPLATE ${ident(options.template!)}`));
    const url = withDatabase(options.url, name);
    const db = await openDatabase({ url, poolMax: options.poolMax ?? 5 });
    return {
      db,
      url,
      dispose: async () => {
        await db.close();
        await dropDatabase(options.url!, name);
      },
    };
  }
  const db = await openDatabase({ pgliteDir: 'memory://' });
  await applyMigrations(db.adapterFactory);
  return { db, dispose: () => db.close() };
}
