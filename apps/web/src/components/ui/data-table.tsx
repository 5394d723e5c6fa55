import { flexRender, tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { useT } from '../../lib/i18n.ts';

export interface TableColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row, index: number) => ReactNode;
  className?: string;
  /** The field a click on the header sorts by (on the server); absent: the column does not sort. */
  sortField?: string;
}

/** A list's order as its `sort` parameter says it: a field, ascending unless it starts with `-`. */
export interface SortState {
  field: string;
  direction: 'asc' | 'desc';
}

export const parseSort = (sort: string | null | undefined): SortState | undefined =>
  sort ? { field: sort.replace(/^-/, ''), direction: sort.startsWith('-') ? 'desc' : 'asc' } : undefined;

/** The next order after a click on a column: ascending first, then descending, then ascending again. */
export const nextSort = (current: SortState | undefined, field: string) =>
  current?.field === field && current.direction === 'asc' ? `-${field}` : field;

const features = tableFeatures({});

interface DataTableProps<Row> {
  columns: TableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row, index: number) => string;
  /** Read by screen readers; the page heading already names the table for sighted users. */
  caption: string;
  emptyText?: string;
  /** The order shown (headers carry aria-sort), and what a click on a sortable header asks for. */
  sort?: SortState;
  onSort?: (field: string) => void;
  /** The sort buttons' tooltip ("Sort by {column}" by default); aria-sort tells the order. */
  sortTitle?: (column: string) => string;
}

/**
 * Every table of the app: headless TanStack Table for the model, plain semantic markup that scrolls on narrow
 * screens.
 */
export function DataTable<Row extends object>({
  columns,
  rows,
  rowKey,
  caption,
  emptyText = 'No Record Available',
  sort,
  onSort,
  sortTitle,
}: DataTableProps<Row>) {
  // Headers and the empty text are the spec's English, or their Hindi when the screens are in Hindi.
  const { t } = useT();
  const titleOf = sortTitle ?? ((column: string) => t('Sort by {{column}}', { column }));
  const defs = useMemo<ColumnDef<typeof features, Row>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: t(column.header),
        cell: (context) => column.cell(context.row.original, context.row.index),
      })),
    [columns, t],
  );
  const columnOf = (id: string) => columns.find((column) => column.id === id);
  const classNameOf = (id: string) => columnOf(id)?.className;
  /**
   * A sortable header: a button inside the th (keyboard operable), the th saying the order with aria-sort.
   */
  const headerOf = (id: string, content: ReactNode) => {
    const field = onSort ? columnOf(id)?.sortField : undefined;
    if (!field) return { content };
    const direction = sort?.field === field ? sort.direction : undefined;
    const label = t(columnOf(id)!.header);
    return {
      ariaSort:
        direction === 'asc'
          ? ('ascending' as const)
          : direction === 'desc'
            ? ('descending' as const)
            : ('none' as const),
      content: (
        // The mark (▲ ▼) is drawn by CSS from data-order, so the header's text stays the column's name.
        <button
          type="button"
          className="sort-button"
          data-order={direction ?? 'none'}
          onClick={() => onSort!(field)}
          title={titleOf(label)}
        >
          {content}
        </button>
      ),
    };
  };
  const table = useTable({
    features,
    columns: defs,
    data: rows,
    getRowId: (row, index) => rowKey(row, index),
  });

  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={t(caption)}>
      <table className="data-table">
        <caption className="visually-hidden">{t(caption)}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const { content, ariaSort } = headerOf(
                  header.column.id,
                  header.isPlaceholder
                    ? null
                    : flexRender(header.column.columnDef.header, header.getContext()),
                );
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={classNameOf(header.column.id)}
                    aria-sort={ariaSort}
                  >
                    {content}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="empty">
                {t(emptyText)}
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
