import { useState } from 'react';
import { Link } from 'react-router-dom';
import { keyToSearch } from '../api/key-query.ts';
import { resourcePaths } from '../paths.ts';
import { usePermissions } from '../../../lib/auth.ts';
import { handleDeleteFailure } from '../../../lib/failures.ts';
import { keyOf, type ResourceRecord } from '../api/resource-api.ts';
import { useDeleteRecord } from '../api/resource-hooks.ts';
import { DataTable, type TableColumn } from '../../../components/ui/data-table.tsx';
import { ask } from '../../../components/ui/dialog.tsx';
import { Notice } from '../../../components/ui/page.tsx';
import { useT } from '../../../lib/i18n.ts';
import {
  columnField,
  columnHeader,
  displayValue,
  recordLabel,
  type ResourceScreens,
} from '../declaration.ts';
import { RecordState, ResourcePage, useKeyedRecord } from './resource-page.tsx';

type Line = { id: string; header: string; value: (row: ResourceRecord) => string };

/**
 * The legacy /DeleteSession and /DeleteCourse routes (`?id=`): the record, and a Delete button that asks the
 * list's sentence and deletes it as the list's delete icon does. A record still in use is refused by the API
 * with 409, shown in the spec's alert; the record stays and stays on screen.
 */
export function ResourceDelete({ screens }: { screens: ResourceScreens }) {
  const { resource, view, list } = screens;
  const paths = resourcePaths[resource.name];
  const { canWrite } = usePermissions();
  // A record that cannot be loaded is shown as such here (not a sign-out): once deleted, it is gone.
  const { key, query } = useKeyedRecord(screens, 'record');
  const remove = useDeleteRecord(resource);
  const [deleted, setDeleted] = useState<string>();
  const { t } = useT();

  const lines: Line[] = view.columns.map((column) => ({
    id: columnField(column),
    header: columnHeader(screens, column),
    value: (row) => String(displayValue(screens, columnField(column), row[columnField(column)]) ?? ''),
  }));
  const columns = (row: ResourceRecord): TableColumn<Line>[] => [
    {
      id: 'field',
      header: 'Field',
      cell: (line) => <strong>{t(line.header)}</strong>,
      className: 'field-name',
    },
    { id: 'value', header: 'Value', cell: (line) => line.value(row) },
  ];

  const onDelete = async (row: ResourceRecord) => {
    if (!(await ask(list.deleteConfirm, { detail: recordLabel(screens, row) }))) return;
    remove.mutate(keyOf(resource, row), {
      onSuccess: (result) => setDeleted(result.message || `${resource.title} deleted`),
      onError: (error) => {
        if (handleDeleteFailure(error).reload) void query.refetch();
      },
    });
  };

  return (
    <ResourcePage screens={screens} title={`Delete ${resource.title}`}>
      {deleted ? (
        <Notice kind="success">{deleted}</Notice>
      ) : (
        <RecordState recordKey={key} query={query}>
          {(record) => (
            <>
              <DataTable
                caption={`${resource.title} ${key.join(' / ')}`}
                columns={columns(record)}
                rows={lines}
                rowKey={(line) => line.id}
              />
              {canWrite ? (
                <p>
                  <button
                    type="button"
                    className="button primary"
                    disabled={remove.isPending}
                    onClick={() => void onDelete(record)}
                  >
                    {t('Delete')}
                  </button>{' '}
                  <Link className="button secondary" to={`${paths.view}${keyToSearch(resource, key)}`}>
                    {t('Cancel')}
                  </Link>
                </p>
              ) : (
                <Notice kind="info">{t('Your role may not delete records.')}</Notice>
              )}
            </>
          )}
        </RecordState>
      )}
    </ResourcePage>
  );
}
