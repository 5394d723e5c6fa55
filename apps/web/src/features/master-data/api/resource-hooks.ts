import type { AnyResource } from '@exam/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createRecord,
  deleteRecord,
  fetchPage,
  fetchRecord,
  isCompleteKey,
  resourceKeys,
  updateRecord,
  type PageParams,
  type PageSource,
  type RecordKey,
} from './resource-api.ts';

export const pageQuery = (resource: AnyResource, params: PageParams, source: PageSource) =>
  queryOptions({
    queryKey: resourceKeys.page(resource, params, source),
    queryFn: ({ signal }) => fetchPage(resource, params, source, signal),
    placeholderData: keepPreviousData,
  });

export const recordQuery = (resource: AnyResource, key: RecordKey) =>
  queryOptions({
    queryKey: resourceKeys.record(resource, key),
    queryFn: ({ signal }) => fetchRecord(resource, key, signal),
    enabled: isCompleteKey(key),
  });

export const useResourcePage = (
  resource: AnyResource,
  params: PageParams,
  source: PageSource,
  enabled = true,
) => useQuery({ ...pageQuery(resource, params, source), enabled });

export const useResourceRecord = (resource: AnyResource, key: RecordKey, enabled = true) => {
  const options = recordQuery(resource, key);
  return useQuery({ ...options, enabled: enabled && options.enabled });
};

/** Writes invalidate everything of the resource (lists, records) and of the dropdowns built from it. */
function useInvalidate(resource: AnyResource) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: resourceKeys.all(resource) });
}

export function useCreateRecord(resource: AnyResource) {
  const invalidate = useInvalidate(resource);
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => createRecord(resource, body),
    onSuccess: invalidate,
  });
}

export function useUpdateRecord(resource: AnyResource, key: RecordKey) {
  const invalidate = useInvalidate(resource);
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => updateRecord(resource, key, body),
    onSuccess: invalidate,
  });
}

export function useDeleteRecord(resource: AnyResource) {
  const client = useQueryClient();
  const invalidate = useInvalidate(resource);
  return useMutation({
    mutationFn: (key: RecordKey) => deleteRecord(resource, key),
    // The deleted record's own query is dropped, not fetched again: a screen still showing it
    // (/DeleteSession) would get 404, which signs out on the legacy screens.
    onSuccess: (_answer, key) => {
      client.removeQueries({ queryKey: resourceKeys.record(resource, key) });
      return invalidate();
    },
  });
}
