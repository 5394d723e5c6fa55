import type { AnyResource } from '@exam/contracts';
import type { PageSize } from '../../../components/ui/pager.tsx';
import { request } from '../../../lib/api.ts';

/**
 * One data provider for every master-data resource (the refine pattern): list, page, one record, create,
 * update, delete, keyed by the registry entry and an ordered (possibly composite) key.
 */

export type ResourceRecord = Record<string, unknown> & { created_at?: string; updated_at?: string };
export type RecordKey = readonly string[];

/** The API's largest page; 'All' of a generic list means this many. */
export const MAX_LIMIT = 1000;

export interface PageParams {
  offset: number;
  limit: PageSize;
  q?: string;
  /** A field, `-field` for descending (the API's `sort`). */
  sort?: string;
  /** Equality filters on the resource's filter fields (contracts' listFilterFields). */
  filters?: Record<string, string>;
}
export interface Page {
  rows: ResourceRecord[];
  total: number;
}

/**
 * How a list is paged: the legacy course call with the offset and limit in the path, or the query of every
 * list.
 */
export type PageSource = 'path' | 'query';

export const keyOf = (resource: AnyResource, record: Record<string, unknown>): RecordKey =>
  resource.keyFields.map((field) => String(record[field] ?? ''));

export const isCompleteKey = (key: RecordKey) => key.length > 0 && key.every((part) => part !== '');

const recordPath = (resource: AnyResource, key: RecordKey) =>
  `/${resource.path}/${key.map((part) => encodeURIComponent(part)).join('/')}`;

type Answer = Record<string, unknown> & { message?: string; total?: number };

function rowsOf(resource: AnyResource, answer: Answer): ResourceRecord[] {
  const rows = answer?.[resource.responseKey];
  return Array.isArray(rows) ? (rows as ResourceRecord[]) : [];
}

export async function fetchPage(
  resource: AnyResource,
  params: PageParams,
  source: PageSource,
  signal?: AbortSignal,
): Promise<Page> {
  let answer: Answer;
  if (source === 'path') {
    answer = await request<Answer>(`/${resource.path}/${params.offset}/${params.limit}`, { signal });
  } else {
    const query = new URLSearchParams({
      offset: String(params.offset),
      limit: String(params.limit === 'All' ? MAX_LIMIT : params.limit),
    });
    if (params.q) query.set('q', params.q);
    if (params.sort) query.set('sort', params.sort);
    for (const [field, value] of Object.entries(params.filters ?? {})) query.set(field, value);
    answer = await request<Answer>(`/${resource.path}?${query}`, { signal });
  }
  const rows = rowsOf(resource, answer);
  return { rows, total: typeof answer.total === 'number' ? answer.total : rows.length };
}

export async function fetchRecord(
  resource: AnyResource,
  key: RecordKey,
  signal?: AbortSignal,
): Promise<ResourceRecord> {
  const answer = await request<Answer>(recordPath(resource, key), { signal });
  return (answer[resource.responseKey] ?? {}) as ResourceRecord;
}

export interface SaveResult {
  record: ResourceRecord;
  message: string;
}

const saved = (resource: AnyResource, answer: Answer): SaveResult => ({
  record: (answer?.[resource.responseKey] ?? {}) as ResourceRecord,
  message: typeof answer?.message === 'string' ? answer.message : '',
});

export async function createRecord(
  resource: AnyResource,
  body: Record<string, unknown>,
): Promise<SaveResult> {
  return saved(resource, await request<Answer>(`/${resource.path}`, { method: 'POST', body }));
}

export async function updateRecord(
  resource: AnyResource,
  key: RecordKey,
  body: Record<string, unknown>,
): Promise<SaveResult> {
  return saved(resource, await request<Answer>(recordPath(resource, key), { method: 'PUT', body }));
}

export async function deleteRecord(resource: AnyResource, key: RecordKey): Promise<SaveResult> {
  return saved(resource, await request<Answer>(recordPath(resource, key), { method: 'DELETE' }));
}

/**
 * Query keys: everything of a resource starts with its name, so one invalidation refreshes its lists and
 * records.
 */
export const resourceKeys = {
  all: (resource: AnyResource) => [resource.name] as const,
  page: (resource: AnyResource, params: PageParams, source: PageSource) =>
    [resource.name, 'page', source, params] as const,
  record: (resource: AnyResource, key: RecordKey) => [resource.name, 'record', ...key] as const,
};
