import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { DatabaseOptions } from './config.ts';

/** The one query interface the demo needs, the same over PostgreSQL and PGlite. */
export interface Db {
  kind: 'postgresql' | 'pglite';
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** Closing twice is harmless: a shutdown and a failing start may both try. */
function closeOnce(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

export async function openDb(options: Pick<DatabaseOptions, 'url' | 'pgliteDir'> & Partial<DatabaseOptions>): Promise<Db> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolMax ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client losing its server must not crash the process; the next query reports the failure.
    pool.on('error', () => {});
    return {
      kind: 'postgresql',
      query: async <T>(sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows as T[],
      close: closeOnce(() => pool.end()),
    };
  }
  const dir = options.pgliteDir;
  if (!dir.startsWith('memory://')) fs.mkdirSync(path.resolve(dir), { recursive: true });
  const pglite = await PGlite.create(dir);
  return {
    kind: 'pglite',
    query: async <T>(sql: string, params?: unknown[]) => (await pglite.query<T>(sql, params)).rows,
    close: closeOnce(() => pglite.close()),
  };
}
