import { z } from 'zod';
import type { ScopeFields } from './resource.ts';

/**
 * The most rows one list answer carries. A legacy call without `limit` (or course paging with `All`)
 * gets at most this many, with `total` telling how many there are: no answer ships a whole large table.
 */
export const LIST_CAP = 1000;

/** Query parameters of every list endpoint; all optional so legacy calls keep working. */
export const listQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(LIST_CAP).optional(),
  q: z.string().trim().max(100).optional(),
  sort: z.string().trim().max(60).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

/** The parameters a list takes besides its filters: a field of that name could not be filtered on. */
const LIST_PARAMETERS = new Set(['offset', 'limit', 'q', 'sort', 'format', 'dry_run']);

/** Whether a field's schema is an enumeration (a fixed set of values, possibly empty). */
function isEnumerated(schema: z.ZodType): boolean {
  try {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
      enum?: unknown[];
      anyOf?: { enum?: unknown[] }[];
    };
    return !!json.enum || !!json.anyOf?.some((part) => !!part.enum);
  } catch {
    return false;
  }
}

/**
 * The fields a list can be filtered on by equality (`?session_id=2024-25&sem_id=S1`): the key fields, the
 * fields naming a parent record, and every enumerated field, in declaration order. Each value is checked with
 * the field's own schema; a list, its download and its screen all take the same ones.
 */
export function listFilterFields(resource: FilterSource): string[] {
  const linked = new Set([...resource.keyFields, ...resource.parents.flatMap((parent) => parent.fields)]);
  const own = Object.entries(resource.fields)
    .filter(
      ([field, schema]) =>
        !LIST_PARAMETERS.has(field) && (linked.has(field) || isEnumerated(schema as z.ZodType)),
    )
    .map(([field]) => field);
  // A status the workflow moves, and the college a row keeps for scoping, live among the extras: filterable
  // too.
  const scoped = new Set(Object.values(resource.scopeFields ?? {}));
  const extras = Object.entries(resource.extras ?? {})
    .filter(
      ([field, schema]) =>
        !LIST_PARAMETERS.has(field) &&
        !own.includes(field) &&
        (scoped.has(field) || isEnumerated(schema as z.ZodType)),
    )
    .map(([field]) => field);
  return [...own, ...extras];
}

/** What listFilterFields reads of a resource. */
interface FilterSource {
  fields: z.ZodRawShape;
  keyFields: readonly string[];
  parents: readonly { fields: readonly string[] }[];
  extras?: z.ZodRawShape;
  scopeFields?: ScopeFields;
}

/** The schema that checks a filter value of `field` (a field's own, or an extra's). */
export const filterSchema = (resource: FilterSource, field: string) =>
  (resource.fields[field] ?? resource.extras?.[field]) as z.ZodType;
