import type { Database, Prisma } from '@exam/db';

/** A database or an open transaction: the marks module's reads work inside a caller's transaction too. */
export type Reader = Pick<Database, 'query'> | Prisma.TransactionClient;

/** Plain SQL on either: the pg/PGlite connection's query, or the transaction's $queryRawUnsafe. */
export async function sqlRows<T>(db: Reader, sql: string, params: unknown[] = []): Promise<T[]> {
  if ('query' in db && typeof db.query === 'function')
    return (db as Pick<Database, 'query'>).query<T>(sql, params);
  return (db as Prisma.TransactionClient).$queryRawUnsafe<T[]>(sql, ...params);
}

/** A generated key: prefix, time and randomness (B for batches, MC for corrections). */
export const newId = (prefix: string) =>
  `${prefix}${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 0x1000000)
    .toString(16)
    .toUpperCase()
    .padStart(6, '0')}`;
