import type { Database, Prisma } from '@exam/db';

/** A database or an open transaction: the results module's reads work inside a caller's transaction too. */
export type Reader = Pick<Database, 'query'> | Prisma.TransactionClient;

/** Plain SQL on either: the pg/PGlite connection's query, or the transaction's $queryRawUnsafe. */
export async function q<T>(db: Reader, sql: string, params: unknown[] = []): Promise<T[]> {
  if ('query' in db && typeof db.query === 'function')
    return (db as Pick<Database, 'query'>).query<T>(sql, params);
  return (db as Prisma.TransactionClient).$queryRawUnsafe<T[]>(sql, ...params);
}

/** A generated run id: "RR" + time + randomness, sortable by creation, ≤ 30 characters. */
export const newRunId = () =>
  `RR${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 0x1000000)
    .toString(16)
    .toUpperCase()
    .padStart(6, '0')}`;
