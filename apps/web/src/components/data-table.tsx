import { flexRender, tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';

export interface TableColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row, index: number) => ReactNode;
  className?: string;
}

const features = tableFeatures({});

interface DataTableProps<Row> {
  columns: TableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row, index: number) => string;
  /** Read by screen readers; the page heading already names the table for sighted users. */
  caption: string;
  emptyText?: string;
}

/** Every table of the app: headless TanStack Table for the model, plain semantic markup that scrolls on narrow screens. */
export function DataTable<Row extends object>({ columns, rows, rowKey, caption, emptyText = 'No Record Available' }: DataTableProps<Row>) {
  const defs = useMemo<ColumnDef<typeof features, Row>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        cell: (context) => column.cell(context.row.original, context.row.index),
      })),
    [columns],
  );
  const classNameOf = (id: string) => columns.find((column) => column.id === id)?.className;
  const table = useTable({ features, columns: defs, data: rows, getRowId: (row, index) => rowKey(row, index) });

  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className={classNameOf(header.column.id)}>
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="empty">
                {emptyText}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className={classNameOf(cell.column.id)}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
