import type { AnyResource, ResourceName } from '@exam/contracts';
import type { PrismaClient } from '@exam/db';

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

type Client = Pick<PrismaClient, 'session' | 'course' | 'paper' | 'semPart' | 'ccinfoSem' | 'paperInfoSem' | 'exam' | 'examCycle'>;

export interface Store {
  delegate(client: Client): ModelDelegate;
  /** Parent fields shown in lists (the resource's `extras`), selected through a relation and flattened. */
  include?: Record<string, { select: Record<string, true> }>;
}

const asDelegate = (d: unknown) => d as ModelDelegate;

/** Where each resource's rows live. Everything else about a resource comes from its contract. */
export const stores: Record<ResourceName, Store> = {
  session: { delegate: (c) => asDelegate(c.session) },
  course: { delegate: (c) => asDelegate(c.course) },
  paper: { delegate: (c) => asDelegate(c.paper) },
  sempart: { delegate: (c) => asDelegate(c.semPart) },
  ccinfo_sem: {
    delegate: (c) => asDelegate(c.ccinfoSem),
    include: { course: { select: { course_comb_name4: true } } },
  },
  paperinfosem: {
    delegate: (c) => asDelegate(c.paperInfoSem),
    include: { course: { select: { course_comb_name4: true } }, paper: { select: { paper_name: true } } },
  },
  exam: { delegate: (c) => asDelegate(c.exam) },
  examcycle: { delegate: (c) => asDelegate(c.examCycle) },
};

export type KeyValues = Record<string, string>;

/** Unique where for findUnique: a single key field, or the compound id every composite model names `key`. */
export function uniqueWhere(resource: AnyResource, key: KeyValues): Args {
  return resource.keyFields.length === 1 ? { [resource.keyFields[0]!]: key[resource.keyFields[0]!] } : { key: { ...key } };
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

export const describeKey = (resource: AnyResource, key: KeyValues) => resource.keyFields.map((f) => key[f]).join(' / ');
/** The key as the audit trail stores and filters it: parts joined by '/', as in the record's URL. */
export const keyString = (resource: AnyResource, key: KeyValues) => resource.keyFields.map((f) => key[f]).join('/');
