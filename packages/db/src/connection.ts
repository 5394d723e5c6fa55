import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

export interface ConnectionOptions {
  /** PostgreSQL connection string; without one the embedded PGlite database is used. */
  url?: string;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  /** Connections per process (per replica): size it so replicas x poolMax stays under the server's max_connections. */
  poolMax?: number;
  /** How long a request waits for a free connection before failing; pg's default waits forever. */
  connectTimeoutMs?: number;
}

/** Plain SQL over PostgreSQL or PGlite, for what needs no Prisma (the demo service, health checks, tests). */
export type Connection = {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Closing twice is harmless: a shutdown and a failing start may both try. */
  close(): Promise<void>;
} & ({ kind: 'postgresql'; pool: pg.Pool } | { kind: 'pglite'; pglite: PGlite });

/** The extensions the migrations create (PostgreSQL ships them; PGlite loads them on demand). */
export const pgliteExtensions = { pg_trgm };

function closeOnce(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

export async function openConnection(options: ConnectionOptions = {}): Promise<Connection> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolMax ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client that loses its server must not crash the process; the next query reports it.
    pool.on('error', () => {});
    return {
      kind: 'postgresql',
      pool,
      query: async <T>(sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows as T[],
      close: closeOnce(() => pool.end()),
    };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) fs.mkdirSync(path.resolve(dir), { recursive: true });
  const pglite = await PGlite.create(dir, { extensions: pgliteExtensions });
  return {
    kind: 'pglite',
    pglite,
    query: async <T>(sql: string, params?: unknown[]) => (await pglite.query<T>(sql, params)).rows,
    close: closeOnce(() => pglite.close()),
  };
}
