import { HISTORY_LIMIT, KEY_MAX, KEY_PATTERN, label, msg, type Resource, type Scope } from '@exam/contracts';
import type { Database } from '@exam/db';
import { scopeWhere, type ScopedUser } from '../auth/scope.ts';
import type { ResourceRegistry } from '../crud/registry.ts';
import { describeKey, type KeyValues } from '../crud/store.ts';
import { notFound } from '../http/errors.ts';
import { auditEntriesOf, recordWithin } from './history-store.ts';

/**
 * One record's audit trail, newest first, when the caller reaches the record (within `scope`); a key that
 * cannot be one, or a record missing or out of scope, does not exist for the caller.
 */
export async function historyOf(
  db: Database,
  registry: ResourceRegistry,
  resource: Resource,
  user: ScopedUser,
  scope: Scope,
  key: KeyValues,
) {
  const within = scopeWhere(scope, user, resource.scopeFields);
  const valid = Object.values(key).every((v) => v.length <= KEY_MAX && KEY_PATTERN.test(v));
  const found =
    valid &&
    within !== null &&
    (await recordWithin(db, resource, registry.store(resource.name), key, within));
  if (!found) {
    const described = describeKey(resource, key).slice(0, 200);
    throw notFound(msg('records.notFound', { record: label(resource.title), key: described }));
  }
  const { total, rows } = await auditEntriesOf(db, resource, key, HISTORY_LIMIT);
  return { history: rows.map((r) => ({ ...r, at: r.at.toISOString() })), total };
}
