import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ThrowawayDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * With DATABASE_URL the browser suite gets its own PostgreSQL databases (created empty, migrated and seeded
 * by the API on start, dropped afterwards), so it neither depends on nor leaves rows in the shared one. With
 * `template`, a copy of that database (which nobody may be connected to) instead of an empty one.
 */
export async function createThrowawayDatabase(
  serverUrl: string,
  template?: string,
): Promise<ThrowawayDatabase> {
  const name = `exam_web_e2e_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
