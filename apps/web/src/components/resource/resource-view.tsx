import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { resourcePaths } from '../../app/route-table.ts';
import { usePermissions } from '../../lib/auth.ts';
import { keyOf, type ResourceRecord } from '../../lib/resource-api.ts';
import { DataTable, type TableColumn } from '../data-table.tsx';
import { columnField, columnHeader, displayValue, isTimestamp, type ResourceScreens } from './declaration.ts';
import { RecordState, ResourcePage, useKeyedRecord } from './resource-page.tsx';
import { RecordLink } from './row-links.tsx';

/** One record as a single-row table, with an edit link for roles that may write. */
export function ResourceView({ screens }: { screens: ResourceScreens }) {
  const { resource, view } = screens;
  const paths = resourcePaths[resource.name];
  const { canWrite } = usePermissions();
  // Single-record fetch failures sign out, for every resource (spec section 8).
  const { key, query } = useKeyedRecord(screens, 'sign-out');

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
    { id: 'field', header: 'Field', cell: (line) => <strong>{line.header}</strong>, className: 'field-name' },
    { id: 'value', header: 'Value', cell: (line) => line.cell(row) },
  ];

  return (
    <ResourcePage
      screens={screens}
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
      <RecordState recordKey={key} query={query}>
        {(record) =>
          view.layout === 'record' ? (
            <DataTable caption={view.heading} columns={recordColumns(record)} rows={lines} rowKey={(line) => line.id} />
          ) : (
            <DataTable caption={view.heading} columns={rowColumns} rows={[record]} rowKey={() => key.join('/')} />
          )
        }
      </RecordState>
    </ResourcePage>
  );
}
