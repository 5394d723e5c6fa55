import type { AnyResource } from '@exam/contracts';
import { Link } from 'react-router-dom';
import { keyToSearch } from '../api/key-query.ts';
import type { RecordKey } from '../api/resource-api.ts';
import { Icon } from '../../../components/ui/icons.tsx';

/** A view or edit icon link to a record's screen; its accessible name says which record. */
export function RecordLink({
  resource,
  to,
  recordKey,
  action,
}: {
  resource: AnyResource;
  to: string;
  recordKey: RecordKey;
  action: 'view' | 'edit';
}) {
  const name = `${action === 'view' ? 'View' : 'Edit'} ${recordKey.join(' / ')}`;
  return (
    <Link
      className={`icon-button ${action}`}
      to={`${to}${keyToSearch(resource, recordKey)}`}
      aria-label={name}
      title={name}
    >
      <Icon name={action} />
    </Link>
  );
}
