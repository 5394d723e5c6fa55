import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { openConnection, type Connection, type ConnectionOptions } from './connection.ts';
import type { MigrationTarget } from './migrate.ts';
import { PrismaClient } from './generated/prisma/client.ts';

export type DatabaseOptions = ConnectionOptions;

export interface Database {
  kind: 'postgresql' | 'pglite';
  prisma: PrismaClient;
  adapterFactory: SqlMigrationAwareDriverAdapterFactory;
  /**
   * Where `applyMigrations` should go for this database: its own connection on PostgreSQL, this PGlite
   * otherwise.
   */
  migrationTarget: MigrationTarget;
  /** Runs plain SQL outside Prisma (health checks, test setup). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** A transaction of plain SQL outside Prisma (see Connection.transaction). */
  transaction: Connection['transaction'];
  /** Connections open and working right now (see Connection). */
  liveConnections(): number;
  close(): Promise<void>;
}

/** Prisma over the connection: PostgreSQL through the pg pool, or the embedded PGlite. */
export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  const connection = await openConnection(options);
  const adapterFactory =
    connection.kind === 'postgresql' ? new PrismaPg(connection.pool) : new PrismaPGlite(connection.pglite);
  // A transaction waits for its connection as long as a plain query does (DB_CONNECT_TIMEOUT_MS), not
  // Prisma's own 2 s: under load the two would otherwise answer BUSY at different moments.
  const prisma = new PrismaClient({
    adapter: adapterFactory,
    transactionOptions: { maxWait: options.connectTimeoutMs ?? 5000 },
  });
  return {
    kind: connection.kind,
    prisma,
    adapterFactory,
    migrationTarget:
      connection.kind === 'postgresql'
        ? { url: options.url!, connectTimeoutMs: options.connectTimeoutMs }
        : { pglite: connection.pglite },
    query: connection.query,
    transaction: connection.transaction,
    liveConnections: connection.liveConnections,
    close: async () => {
      await prisma.$disconnect();
      await connection.close();
    },
  };
}
