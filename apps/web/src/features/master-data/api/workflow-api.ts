import type { AnyResource, WorkflowActionBody } from '@exam/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError, request } from '../../../lib/api.ts';
import { resourceKeys, type RecordKey, type ResourceRecord } from './resource-api.ts';

/** `POST /api/<resource>/<key...>/<action>`: the record in its new status, and the server's message. */
export async function takeAction(
  resource: AnyResource,
  key: RecordKey,
  action: string,
  body: WorkflowActionBody,
) {
  const keyPath = key.map((part) => encodeURIComponent(part)).join('/');
  const path = `/${resource.path}/${keyPath}/${encodeURIComponent(action)}`;
  const answer = await request<Record<string, unknown> & { message?: string }>(path, {
    method: 'POST',
    body,
  });
  return { record: (answer[resource.responseKey] ?? {}) as ResourceRecord, message: answer.message ?? '' };
}

/**
 * Takes a workflow action on one record. Afterwards, and after a 409 (the record moved or changed meanwhile),
 * every query of the resource is refreshed, so the view shows the status and the buttons as they are now.
 */
export function useWorkflowAction(resource: AnyResource, key: RecordKey) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: resourceKeys.all(resource) });
  return useMutation({
    mutationFn: ({ action, ...body }: WorkflowActionBody & { action: string }) =>
      takeAction(resource, key, action, body),
    onSuccess: refresh,
    onError: (error) => {
      if (isApiError(error) && error.status === 409) void refresh();
    },
  });
}
