import { randomInt } from 'node:crypto';
import type { Database, Prisma } from '@exam/db';

/** A database or an open transaction: the module's reads work inside an action's transaction too. */
export type Reader = Pick<Database, 'query'> | Prisma.TransactionClient;

/** Plain SQL on either: the pg/PGlite connection's query, or the transaction's $queryRawUnsafe. */
export async function q<T>(db: Reader, sql: string, params: unknown[] = []): Promise<T[]> {
  if ('query' in db && typeof db.query === 'function')
    return (db as Pick<Database, 'query'>).query<T>(sql, params);
  return (db as Prisma.TransactionClient).$queryRawUnsafe<T[]>(sql, ...params);
}

/** A generated key: prefix, time and randomness (PA applications, MC marks corrections). */
export const newId = (prefix: string) => {
  const random = randomInt(0x1000000).toString(16).toUpperCase().padStart(6, '0');
  return `${prefix}${Date.now().toString(36).toUpperCase()}${random}`;
};

/**
 * A revalued book's new fictitious number: "RV" and eight digits from the cryptographic RNG (nothing of the
 * roll number).
 */
export const newRevalFictNo = () => `RV${randomInt(10_000_000, 100_000_000)}`;

/** Marks as the API prints them: "40.00" → "40", "40.50" → "40.5". */
export const marksText = (value: string | null | undefined): string | null => {
  if (value === null || value === undefined) return null;
  return /^\d+(\.\d+)?$/.test(value) ? value.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '') : value;
};

/** Hundredths of a decimal mark, for exact comparison ("40" and "40.00" are equal). */
export const hundredths = (value: string): number => {
  const [whole, frac = ''] = value.split('.');
  return Number(whole) * 100 + Number((frac + '00').slice(0, 2));
};

export const todayIso = () => new Date().toISOString().slice(0, 10);
