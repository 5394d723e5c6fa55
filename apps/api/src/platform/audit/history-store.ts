import type { Database } from '@exam/db';
import type { Resource } from '@exam/contracts';
import { flatWhere, keyString, type KeyValues, type Store } from '../crud/store.ts';

/** What a record's history asks the database, one function per question. */

/** Whether the record of `key` exists within `within` (the caller's read scope). */
export async function recordWithin(
  db: Database,
  resource: Resource,
  store: Store,
  key: KeyValues,
  within: Record<string, unknown>,
) {
  const found = await store.delegate(db.prisma).findMany({
    where: { AND: [flatWhere(resource.keyFields, key), within] },
    take: 1,
    select: { created_at: true },
  });
  return found.length > 0;
}

/** The record's audit entries, newest first (at most `limit`), and how many there are in all. */
export async function auditEntriesOf(db: Database, resource: Resource, key: KeyValues, limit: number) {
  const where = { entity: resource.name, entity_key: keyString(resource, key) };
  const [total, rows] = await Promise.all([
    db.prisma.auditEntry.count({ where }),
    db.prisma.auditEntry.findMany({ where, orderBy: [{ at: 'desc' }, { id: 'desc' }], take: limit }),
  ]);
  return { total, rows };
}
