import type { Resource } from '@exam/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, requestFile } from '../../lib/api.ts';
import { attachmentName, saveFile } from '../../lib/download.ts';

export type StudentRecord = Record<string, unknown>;
export type RecordKey = string[];

export interface ListParams {
  offset: number;
  limit: number | 'All';
  q?: string;
  filters: Record<string, string>;
}

const keyPath = (resource: Resource, key: RecordKey) =>
  `/${resource.path}/${key.map(encodeURIComponent).join('/')}`;
export const keyOf = (resource: Resource, record: StudentRecord): RecordKey =>
  resource.keyFields.map((f) => String(record[f] ?? ''));

/**
 * A record's key in an address query, as the master-data screens write it: the first part as `id`, the rest
 * by name.
 */
export const keySearch = (resource: Resource, key: RecordKey) =>
  new URLSearchParams(resource.keyFields.map((f, i) => [i === 0 ? 'id' : f, key[i] ?? ''])).toString();
export const keyFromSearch = (resource: Resource, search: URLSearchParams): RecordKey =>
  resource.keyFields.map((f, i) => search.get(i === 0 ? 'id' : f) ?? '');

function listQuery(params: ListParams) {
  const query = new URLSearchParams();
  query.set('offset', String(params.offset));
  if (params.limit !== 'All') query.set('limit', String(params.limit));
  if (params.q) query.set('q', params.q);
  for (const [field, value] of Object.entries(params.filters)) if (value) query.set(field, value);
  return query;
}

export const pageQuery = (resource: Resource, params: ListParams) =>
  queryOptions({
    queryKey: [resource.name, 'page', params],
    queryFn: async ({ signal }) => {
      const answer = await request<Record<string, unknown>>(`/${resource.path}?${listQuery(params)}`, {
        signal,
      });
      return {
        rows: (answer[resource.responseKey] ?? []) as StudentRecord[],
        total: Number(answer.total ?? 0),
      };
    },
    placeholderData: keepPreviousData,
  });

export const recordQuery = (resource: Resource, key: RecordKey) =>
  queryOptions({
    queryKey: [resource.name, 'record', ...key],
    queryFn: async ({ signal }) =>
      (await request<Record<string, StudentRecord>>(keyPath(resource, key), { signal }))[
        resource.responseKey
      ]!,
    enabled: key.every(Boolean),
  });

export const useStudentPage = (resource: Resource, params: ListParams) =>
  useQuery(pageQuery(resource, params));
export const useStudentRecord = (resource: Resource, key: RecordKey) => useQuery(recordQuery(resource, key));

/** Create, update or delete a record; every list and record of the resource is read again afterwards. */
export function useSave(resource: Resource) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      key,
      body,
      method,
    }: {
      key?: RecordKey;
      body?: StudentRecord;
      method: 'POST' | 'PUT' | 'DELETE';
    }) =>
      request<{ message: string } & Record<string, unknown>>(
        key ? keyPath(resource, key) : `/${resource.path}`,
        { method, body },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: [resource.name] }),
  });
}

/** The list as CSV or XLSX, with its search and filters. */
export async function downloadList(resource: Resource, params: ListParams, format: 'csv' | 'xlsx') {
  const query = listQuery({ ...params, offset: 0, limit: 'All' });
  query.set('format', format);
  const response = await requestFile(`/${resource.path}?${query}`);
  saveFile(await response.blob(), attachmentName(response, `${resource.name}.${format}`));
}

/** A blob as a data: URL (the content policy allows data: images, not blob: ones). */
const dataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The picture could not be read.'));
    reader.readAsDataURL(blob);
  });

/**
 * A student's photo or signature as a data: URL (fetched with the bearer header: an <img src> could not send
 * it).
 */
export function useStudentImage(studentId: string, kind: 'photo' | 'signature', hash: unknown) {
  return useQuery({
    queryKey: ['student', 'image', studentId, kind, hash],
    enabled: typeof hash === 'string' && hash !== '',
    staleTime: Infinity,
    queryFn: async ({ signal }) =>
      dataUrl(
        await (await requestFile(`/student/${encodeURIComponent(studentId)}/${kind}`, { signal })).blob(),
      ),
  });
}

export function useUploadImage(studentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, file }: { kind: 'photo' | 'signature'; file: File }) => {
      const body = new FormData();
      body.append('file', file);
      return (
        await requestFile(`/student/${encodeURIComponent(studentId)}/${kind}`, { method: 'POST', body })
      ).json() as Promise<{ message: string }>;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['student'] }),
  });
}
