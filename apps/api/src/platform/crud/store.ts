import { KEY_MAX, KEY_PATTERN, label, msg, type Resource } from '@exam/contracts';
import { notFound } from '../http/errors.ts';
import type { Prisma } from '@exam/db';

type Args = Record<string, unknown>;
/**
 * The part of a Prisma model delegate the CRUD mechanism uses. Prisma's per-model argument types
 * cannot be unified generically; every value reaching these calls has been parsed by the contracts.
 */
export interface ModelDelegate {
  findMany(args: Args): Promise<Args[]>;
  findUnique(args: Args): Promise<Args | null>;
  count(args: Args): Promise<number>;
  create(args: Args): Promise<Args>;
  updateMany(args: Args): Promise<{ count: number }>;
  deleteMany(args: Args): Promise<{ count: number }>;
}

/**
 * Where a resource's rows live: its module names the Prisma model; everything else comes from its contract.
 */
export interface Store {
  delegate(client: Prisma.TransactionClient): ModelDelegate;
  /** Parent fields shown in lists (the resource's `extras`), selected through a relation and flattened. */
  include?: Record<string, { select: Record<string, true> }>;
}

/** A model delegate as the engine's narrower interface (see ModelDelegate). */
export const asDelegate = (d: unknown) => d as ModelDelegate;

export type KeyValues = Record<string, string>;

/** Reads a record's key from the request path; a part that cannot be a key names no record (404, not 500). */
export function keyFromPath(resource: Resource, params: Record<string, string>): KeyValues {
  const key: KeyValues = {};
  for (const field of resource.keyFields) {
    const value = params[field] ?? '';
    if (value.length > KEY_MAX || !KEY_PATTERN.test(value)) {
      throw notFound(
        msg('records.noneWithKey', {
          record: label(resource.title.toLowerCase()),
          field,
          value: value.slice(0, 40),
        }),
      );
    }
    key[field] = value;
  }
  return key;
}

/** Unique where for findUnique: a single key field, or the compound id every composite model names `key`. */
export function uniqueWhere(resource: Resource, key: KeyValues): Args {
  return resource.keyFields.length === 1
    ? { [resource.keyFields[0]!]: key[resource.keyFields[0]!] }
    : { key: { ...key } };
}

/** Plain where on the key fields (for updateMany/deleteMany/count). */
export function flatWhere(fields: readonly string[], values: Record<string, unknown>): Args {
  return Object.fromEntries(fields.map((f) => [f, values[f]]));
}

/** Turns a row into the answer: timestamps as ISO strings, joined parent fields flattened in. */
export function present(store: Store, row: Args): Args {
  const out: Args = {};
  for (const [field, value] of Object.entries(row)) {
    if (store.include && field in store.include) {
      Object.assign(out, value as Args);
    } else {
      out[field] = value instanceof Date ? value.toISOString() : value;
    }
  }
  return out;
}

export const describeKey = (resource: Resource, key: KeyValues) =>
  resource.keyFields.map((f) => key[f]).join(' / ');
/** The key as the audit trail stores and filters it: parts joined by '/', as in the record's URL. */
export const keyString = (resource: Resource, key: KeyValues) =>
  resource.keyFields.map((f) => key[f]).join('/');
