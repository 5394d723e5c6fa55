import type { Database } from '@exam/db';

/** Every table of the application schema (migrations bookkeeping aside). */
export async function tableNames(db: Database): Promise<string[]> {
  const rows = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT LIKE '\\_prisma%'
      ORDER BY table_name`,
  );
  return rows.map((r) => r.table_name);
}

/**
 * An md5 of every row of every table (the row's text form, in a fixed order), and the row count:
 * two equal digests mean nothing was written, not even a timestamp.
 */
export async function databaseDigest(
  db: Database,
  exclude: readonly string[] = [],
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of await tableNames(db)) {
    if (exclude.includes(table)) continue;
    if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`unexpected table name ${table}`);
    const [row] = await db.query<{ digest: string; n: string | number }>(
      `SELECT md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest, count(*) AS n
          FROM "${table}" t`,
    );
    out[table] = `${row!.n}:${row!.digest}`;
  }
  return out;
}
