import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from './generated/prisma/client.ts';

export interface DatabaseOptions {
  /** PostgreSQL connection string; without one the embedded PGlite database is used. */
  url?: string;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  /** Connections per process (per replica): size it so replicas x poolMax stays under the server's max_connections. */
  poolMax?: number;
  /** How long a request waits for a free connection before failing; pg's default waits forever. */
  connectTimeoutMs?: number;
}

export interface Database {
  kind: 'postgresql' | 'pglite';
  prisma: PrismaClient;
  adapterFactory: SqlMigrationAwareDriverAdapterFactory;
  /** Runs plain SQL outside Prisma (health checks, test setup). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolMax ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client that loses its server must not crash the process; the next query reports it.
    pool.on('error', () => {});
    const adapterFactory = new PrismaPg(pool);
    const prisma = new PrismaClient({ adapter: adapterFactory });
    return {
      kind: 'postgresql',
      prisma,
      adapterFactory,
      query: async (sql, params) => (await pool.query(sql, params)).rows,
      close: async () => {
        await prisma.$disconnect();
        await pool.end();
      },
    };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) fs.mkdirSync(path.resolve(dir), { recursive: true });
  const pglite = new PGlite(dir);
  await pglite.waitReady;
  const adapterFactory = new PrismaPGlite(pglite);
  const prisma = new PrismaClient({ adapter: adapterFactory });
  return {
    kind: 'pglite',
    prisma,
    adapterFactory,
    query: async (sql, params) => (await pglite.query(sql, params)).rows as never,
    close: async () => {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}
