import { useEffect, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { resourcePaths } from '../../app/route-table.ts';
import { usePermissions } from '../../lib/auth.ts';
import { handleLoadFailure } from '../../lib/failures.ts';
import { keyFromSearch } from '../../lib/key-query.ts';
import { isCompleteKey, keyOf, type ResourceRecord } from '../../lib/resource-api.ts';
import { useResourceRecord } from '../../lib/resource-hooks.ts';
import { DataTable, type TableColumn } from '../data-table.tsx';
import { Loading, Notice, Page } from '../page.tsx';
import { columnField, columnHeader, displayValue, isTimestamp, type ResourceScreens } from './declaration.ts';
import { RecordLink } from './row-links.tsx';

/** One record as a single-row table, with an edit link for roles that may write. */
export function ResourceView({ screens }: { screens: ResourceScreens }) {
  const { resource, view } = screens;
  const paths = resourcePaths[resource.name];
  const { canWrite } = usePermissions();
  const [search] = useSearchParams();
  const key = keyFromSearch(resource, search);
  const query = useResourceRecord(resource, key);

  useEffect(() => {
    if (query.error) handleLoadFailure(query.error, 'sign-out');
  }, [query.error]);

  const editLink = (row: ResourceRecord) =>
    paths.edit && canWrite ? <RecordLink resource={resource} to={paths.edit} recordKey={keyOf(resource, row)} action="edit" /> : null;
  const value = (row: ResourceRecord, field: string) => displayValue(screens, field, row[field]);

  const rowColumns: TableColumn<ResourceRecord>[] = [
    { id: 'sn', header: 'S N', cell: (_row, index) => index + 1 },
    ...view.columns.map((column) => ({
      id: columnField(column),
      header: columnHeader(screens, column),
      cell: (row: ResourceRecord) => value(row, columnField(column)),
      className: isTimestamp(columnField(column)) ? 'nowrap' : undefined,
    })),
  ];
  if (paths.edit && canWrite) rowColumns.push({ id: 'action', header: 'Action', className: 'actions', cell: editLink });

  // One line per field: the fields of wide records stay readable, the edit link stays in view.
  type Line = { id: string; header: string; cell: (row: ResourceRecord) => ReactNode };
  const lines: Line[] = view.columns.map((column) => ({
    id: columnField(column),
    header: columnHeader(screens, column),
    cell: (row) => value(row, columnField(column)),
  }));
  if (paths.edit && canWrite) lines.push({ id: 'action', header: 'Action', cell: editLink });
  const recordColumns = (row: ResourceRecord): TableColumn<Line>[] => [
    { id: 'field', header: 'Field', cell: (line) => <strong>{line.header}</strong> },
    { id: 'value', header: 'Value', cell: (line) => line.cell(row) },
  ];

  return (
    <Page
      title={view.heading}
      actions={
        view.addLabel &&
        canWrite && (
          <Link className="button primary" to={paths.add}>
            {view.addLabel}
          </Link>
        )
      }
    >
      {!isCompleteKey(key) ? (
        <Notice kind="error">No record was chosen. Open it from the list.</Notice>
      ) : query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <Notice kind="error">The record could not be loaded: {query.error.message}</Notice>
      ) : view.layout === 'record' ? (
        <DataTable caption={view.heading} columns={recordColumns(query.data)} rows={lines} rowKey={(line) => line.id} />
      ) : (
        <DataTable caption={view.heading} columns={rowColumns} rows={[query.data]} rowKey={() => key.join('/')} />
      )}
      <p>
        <Link to={paths.list}>Back to the list</Link>
      </p>
    </Page>
  );
}
