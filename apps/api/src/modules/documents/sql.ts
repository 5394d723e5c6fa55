import { randomBytes } from 'node:crypto';
import type { Database, Prisma } from '@exam/db';

/** A database or an open transaction: the module's reads work inside an action's transaction too. */
export type Reader = Pick<Database, 'query'> | Prisma.TransactionClient;

/** Plain SQL on either: the pg/PGlite connection's query, or the transaction's $queryRawUnsafe. */
export async function q<T>(db: Reader, sql: string, params: unknown[] = []): Promise<T[]> {
  if ('query' in db && typeof db.query === 'function')
    return (db as Pick<Database, 'query'>).query<T>(sql, params);
  return (db as Prisma.TransactionClient).$queryRawUnsafe<T[]>(sql, ...params);
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/**
 * A document id: "D" and 26 Crockford base-32 digits of 128 random bits (a UUID's strength; spec §5.1 names a
 * UUID). 27 characters, so it travels in a record path as every other key does (at most 30 characters, no
 * dashes needed).
 */
export function newDocId(prefix = 'D'): string {
  const bytes = randomBytes(17);
  let n = BigInt(`0x${bytes.toString('hex')}`);
  let out = '';
  for (let i = 0; i < 26; i++) {
    out = CROCKFORD[Number(n & 31n)]! + out;
    n >>= 5n;
  }
  return `${prefix}${out}`;
}
