import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * With DATABASE_URL the browser suite gets its own PostgreSQL database (created empty, migrated and seeded by
 * the API on start, dropped afterwards), so it neither depends on nor leaves rows in the shared one.
 */
export async function createThrowawayDatabase(serverUrl: string) {
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
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
