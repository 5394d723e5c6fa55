import type { AnyResource } from '@exam/contracts';
import type { RecordKey } from './resource-api.ts';

/**
 * Screens read a record's key from the address query as the legacy links wrote it: the first key part as `id`
 * (the session id for composite keys), the others by their own names (`course_comb_id`, `sem_id`,
 * `paper_id`).
 */
const queryName = (resource: AnyResource, index: number) => (index === 0 ? 'id' : resource.keyFields[index]);

export function keyToSearch(resource: AnyResource, key: RecordKey): string {
  const params = new URLSearchParams();
  key.forEach((part, index) => params.set(queryName(resource, index), part));
  return `?${params}`;
}

export function keyFromSearch(resource: AnyResource, params: URLSearchParams): RecordKey {
  return resource.keyFields.map((_, index) => (params.get(queryName(resource, index)) ?? '').trim());
}
