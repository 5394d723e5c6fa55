import type { AnyResource, AuditEntry, RecordHistory } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api.ts';
import './record-history.css';
import { QueryState } from '../../../components/ui/query-state.tsx';
import type { RecordKey } from '../api/resource-api.ts';
import { displayValue, type ResourceScreens } from '../declaration.ts';
import { T } from '../../../components/ui/text.tsx';

/** `GET /api/history/<R>/<key>`: the record's audit trail, newest first. */
export function useRecordHistory(resource: AnyResource, key: RecordKey, enabled: boolean) {
  return useQuery({
    queryKey: [resource.name, 'history', ...key],
    enabled,
    queryFn: ({ signal }) =>
      request<RecordHistory>(
        `/history/${resource.path}/${key.map((part) => encodeURIComponent(part)).join('/')}`,
        { signal },
      ),
  });
}

const actionText: Record<AuditEntry['action'], string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  transition: 'Action',
};
const hidden = new Set(['created_at', 'updated_at']);
const when = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'medium' });

/**
 * The fields an entry changed, each with its value before and after (a creation: every value it was given).
 */
export function changedFields(entry: Pick<AuditEntry, 'before' | 'after'>, order: readonly string[] = []) {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  // In the order the screens show the fields (the stored JSON keeps none), the others after them.
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .sort((a, b) => rank(a) - rank(b))
    .filter(
      (field) =>
        !hidden.has(field) && JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null),
    )
    .map((field) => ({ field, before: before[field], after: after[field] }));
}

/** The History tab of a view: who changed what, when, and each field before → after. */
export function RecordHistoryPanel({
  screens,
  recordKey,
}: {
  screens: ResourceScreens;
  recordKey: RecordKey;
}) {
  const query = useRecordHistory(screens.resource, recordKey, true);
  const show = (field: string, value: unknown) => displayValue(screens, field, value) || '(empty)';
  return (
    <QueryState query={query} failure={(error) => `The history could not be loaded: ${error.message}`}>
      {({ history, total }) =>
        history.length === 0 ? (
          <p>No changes are recorded for this record.</p>
        ) : (
          <>
            <ol className="history">
              {history.map((entry) => (
                <li key={entry.id}>
                  <p className="history-head">
                    <strong>
                      {entry.action === 'transition' ? entry.transition : actionText[entry.action]}
                    </strong>{' '}
                    by {entry.user_email}, <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>
                  </p>
                  {entry.reason && <p className="history-reason">{entry.reason}</p>}
                  {entry.action !== 'delete' && entry.action !== 'transition' && (
                    <table className="history-changes">
                      <caption className="visually-hidden">Fields changed</caption>
                      <thead>
                        <tr>
                          <th scope="col">Field</th>
                          <th scope="col">Before</th>
                          <th scope="col">After</th>
                        </tr>
                      </thead>
                      <tbody>
                        {changedFields(entry, Object.keys(screens.labels)).map(({ field, before, after }) => (
                          <tr key={field}>
                            <th scope="row">
                              <T>{screens.labels[field] ?? field}</T>
                            </th>
                            <td>{entry.action === 'create' ? '' : show(field, before)}</td>
                            <td>{show(field, after)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  )}
                </li>
              ))}
            </ol>
            {total > history.length && (
              <p>
                The {history.length} newest of {total} changes are shown.
              </p>
            )}
          </>
        )
      }
    </QueryState>
  );
}
