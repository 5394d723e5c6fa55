import type { Response } from 'express';
import {
  filterSchema,
  issueMessage,
  listFilterFields,
  listQuery,
  msg,
  type CapabilityKey,
  type ListQuery,
  type Resource,
} from '@exam/contracts';
import { scopeOf } from '../auth/capabilities.ts';
import { scopeWhere } from '../auth/scope.ts';
import { invalid, parseOr422, type MessageOrText } from '../http/errors.ts';

type Where = Record<string, unknown>;
export type OrderBy = Record<string, 'asc' | 'desc'>[];

export interface ListPlan {
  query: ListQuery;
  /**
   * The rows of the list: search and the caller's read scope; `null` when the caller reaches no row at all.
   */
  where: Where | null;
  /**
   * The list's order, ending with the key fields so that it is total (pages and downloads never skip or
   * repeat a row).
   */
  orderBy: OrderBy;
}

/**
 * The equality filters of a list request (`?session_id=2024-25&sem_id=S1`): only the resource's filter fields
 * (contracts' listFilterFields), each value checked by the field's own schema; 422 naming every bad one.
 */
export function listFilters(resource: Resource, rawQuery: unknown): Where {
  const raw = (typeof rawQuery === 'object' && rawQuery !== null ? rawQuery : {}) as Record<string, unknown>;
  const where: Where = {};
  const errors: Record<string, MessageOrText[]> = {};
  for (const field of listFilterFields(resource)) {
    const value = raw[field];
    if (value === undefined) continue;
    if (typeof value !== 'string') {
      errors[field] = [msg('records.giveOneValue')];
      continue;
    }
    const parsed = filterSchema(resource, field).safeParse(value);
    if (parsed.success) where[field] = parsed.data ?? null;
    else errors[field] = parsed.error.issues.map((issue) => issueMessage(issue));
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return where;
}

export const sortableFields = (resource: Resource) => [
  ...Object.keys(resource.fields),
  'created_at',
  'updated_at',
];

/**
 * What a list request shows (search, equality filters, sort), for the list itself and for its download
 * (`?format=csv`), so that a download holds exactly the rows the caller can list, in the list's order. 403
 * without the resource's read capability; the scope comes from the caller's user row, never from the request.
 */
export function listPlan(resource: Resource, rawQuery: unknown, res: Response): ListPlan {
  const scope = scopeOf(res, resource.capability.read as CapabilityKey);
  const scoped = scopeWhere(scope, res.locals.user!, resource.scopeFields);
  const query = parseOr422(listQuery, rawQuery);
  const order = query.sort ?? resource.keyFields[0]!;
  const field = order.replace(/^-/, '');
  if (!sortableFields(resource).includes(field))
    throw invalid({ sort: [msg('records.sortBy', { fields: sortableFields(resource).join(', ') })] });
  const direction = order.startsWith('-') ? 'desc' : 'asc';
  // Prisma hands `contains` to ILIKE as it is: %, _ and \ would act as wildcards (q=% matched every row).
  const literal = query.q?.replace(/[\\%_]/g, '\\$&');
  const search = literal
    ? { OR: resource.searchFields.map((f) => ({ [f]: { contains: literal, mode: 'insensitive' } })) }
    : {};
  const filters = listFilters(resource, rawQuery);
  const parts = [search, filters, ...(scoped && Object.keys(scoped).length ? [scoped] : [])].filter(
    (part) => Object.keys(part).length,
  );
  const where = scoped === null ? null : parts.length > 1 ? { AND: parts } : (parts[0] ?? {});
  const orderBy: OrderBy = [
    { [field]: direction },
    ...resource.keyFields.filter((k) => k !== field).map((k) => ({ [k]: 'asc' as const })),
  ];
  return { query, where, orderBy };
}
