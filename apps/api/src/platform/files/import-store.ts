import type { Resource } from '@exam/contracts';
import type { Prisma } from '@exam/db';
import { flatWhere, type ModelDelegate, type Store } from '../crud/store.ts';
import { keyOf, type Planned, type Values } from './import-rules.ts';
import { modelTable, storedKeys } from './write-rows.ts';

/**
 * What an import asks the database, one function per question, through Prisma's delegates (write-rows.ts
 * holds the set-based statements).
 */

/** Stored rows are read through Prisma this many keys at a time. */
const READ_CHUNK = 500;

function chunks<T>(items: readonly T[], size = READ_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Rows of `keys` as a where-clause: `IN` for a single key field, OR of the parts for a composite key. */
function keysWhere(resource: Resource, keys: readonly Values[]) {
  if (resource.keyFields.length === 1) {
    const field = resource.keyFields[0]!;
    return { [field]: { in: keys.map((k) => k[field]) } };
  }
  return { OR: keys.map((k) => flatWhere(resource.keyFields, k)) };
}

const includeOf = (store: Store) => (store.include ? { include: store.include } : {});

/**
 * A transaction client whose findUnique answers are remembered: the parents of 10,000 rows are a handful of
 * sessions, courses and semesters, each read once. Only for checks of rows this import does not write.
 */
export function rememberingReads(tx: Prisma.TransactionClient): Prisma.TransactionClient {
  const delegates = new Map<PropertyKey, unknown>();
  return new Proxy(tx, {
    get(target, prop) {
      const value = (target as unknown as Record<PropertyKey, unknown>)[prop];
      if (
        typeof value !== 'object' ||
        value === null ||
        typeof (value as { findUnique?: unknown }).findUnique !== 'function'
      )
        return value;
      if (!delegates.has(prop)) {
        const model = value as { findUnique(args: unknown): Promise<unknown> };
        const answers = new Map<string, Promise<unknown>>();
        delegates.set(prop, {
          findUnique(args: unknown) {
            const id = JSON.stringify(args);
            if (!answers.has(id)) answers.set(id, model.findUnique(args));
            return answers.get(id);
          },
        });
      }
      return delegates.get(prop);
    },
  });
}

/**
 * The stored records of the rows' keys, by key. Which keys are stored is asked in one raw statement where the
 * store is Prisma's own model (most rows of a large file are new); only the stored ones are read through
 * Prisma.
 */
export async function storedRecordsOf(
  tx: Prisma.TransactionClient,
  resource: Resource,
  store: Store,
  rows: ReadonlyArray<{ key: string; values: Values }>,
) {
  const table = modelTable(tx, store.delegate(tx));
  const stored = table
    ? await storedKeys(
        tx,
        table,
        resource,
        rows.map((r) => r.values),
      )
    : undefined;
  const toRead = stored ? rows.filter((r) => stored.has(r.key)) : rows;
  const existing = new Map<string, Values>();
  for (const part of chunks(toRead)) {
    const where = keysWhere(
      resource,
      part.map((r) => r.values),
    );
    const found = await store.delegate(tx).findMany({ where, ...includeOf(store) });
    for (const record of found) existing.set(keyOf(resource, record), record);
  }
  return existing;
}

/**
 * Which of the rows' stored records lie within `within` (a scoped caller's reach, a relation's too), by key.
 */
export async function reachableKeysOf(
  tx: Prisma.TransactionClient,
  resource: Resource,
  store: Store,
  rows: ReadonlyArray<{ values: Values }>,
  within: Record<string, unknown>,
) {
  const reachable = new Set<string>();
  for (const part of chunks(rows)) {
    const keys = keysWhere(
      resource,
      part.map((r) => r.values),
    );
    const found = await store.delegate(tx).findMany({
      where: { AND: [keys, within] },
      select: Object.fromEntries(resource.keyFields.map((f) => [f, true])),
    });
    for (const record of found) reachable.add(keyOf(resource, record));
  }
  return reachable;
}

/** How many of the rows, as now stored, lie within `within`. */
export function countWithin(
  model: ModelDelegate,
  resource: Resource,
  rows: readonly Planned[],
  within: Record<string, unknown>,
) {
  const keys = keysWhere(
    resource,
    rows.map((p) => p.values),
  );
  return model.count({ where: { AND: [keys, within] } });
}

/**
 * Updates one planned row's changes, guarded by the updated_at just read (as a form's edit is): answers
 * whether it was still as read (an edit in between makes this match nothing).
 */
export async function updateIfUnchanged(model: ModelDelegate, resource: Resource, p: Planned, now: Date) {
  const { count } = await model.updateMany({
    where: { ...flatWhere(resource.keyFields, p.values), updated_at: p.current!.updated_at },
    data: { ...p.changes, updated_at: now },
  });
  return count === 1;
}

/** The rows as stored now (with the store's includes), by key: what the audit trail records after a write. */
export async function recordsByKey(
  model: ModelDelegate,
  resource: Resource,
  store: Store,
  rows: readonly Planned[],
) {
  const where = keysWhere(
    resource,
    rows.map((p) => p.values),
  );
  const stored = await model.findMany({ where, ...includeOf(store) });
  return new Map(stored.map((r) => [keyOf(resource, r), r]));
}
