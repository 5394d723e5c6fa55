import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { openConnection, type ConnectionOptions } from './connection.ts';
import { PrismaClient } from './generated/prisma/client.ts';

export type DatabaseOptions = ConnectionOptions;

export interface Database {
  kind: 'postgresql' | 'pglite';
  prisma: PrismaClient;
  adapterFactory: SqlMigrationAwareDriverAdapterFactory;
  /** Runs plain SQL outside Prisma (health checks, test setup). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** Prisma over the connection: PostgreSQL through the pg pool, or the embedded PGlite. */
export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  const connection = await openConnection(options);
  const adapterFactory = connection.kind === 'postgresql' ? new PrismaPg(connection.pool) : new PrismaPGlite(connection.pglite);
  const prisma = new PrismaClient({ adapter: adapterFactory });
  return {
    kind: connection.kind,
    prisma,
    adapterFactory,
    query: connection.query,
    close: async () => {
      await prisma.$disconnect();
      await connection.close();
    },
  };
}
