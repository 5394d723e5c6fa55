import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { resourcePaths } from '../../app/route-table.ts';
import { usePermissions } from '../../lib/auth.ts';
import { handleDeleteFailure, handleLoadFailure } from '../../lib/failures.ts';
import { DEFAULT_PAGE_SIZE, keyOf, PAGE_SIZES, type PageSize, type ResourceRecord } from '../../lib/resource-api.ts';
import { useDeleteRecord, useResourcePage } from '../../lib/resource-hooks.ts';
import { DataTable, type TableColumn } from '../data-table.tsx';
import { Icon } from '../icons.tsx';
import { Notice, Page } from '../page.tsx';
import { QueryState } from '../query-state.tsx';
import { pageCount, Pager } from '../pager.tsx';
import { columnField, columnHeader, displayValue, isTimestamp, type ResourceScreens } from './declaration.ts';
import { RecordLink } from './row-links.tsx';

const parsePage = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};
const parseSize = (value: string | null): PageSize =>
  PAGE_SIZES.find((size) => String(size) === value) ?? DEFAULT_PAGE_SIZE;

/** The list screen of any resource: paged on the server, with the row actions the role may use. */
export function ResourceList({ screens }: { screens: ResourceScreens }) {
  const { resource, list } = screens;
  const paths = resourcePaths[resource.name];
  const { canWrite } = usePermissions();
  const [search, setSearch] = useSearchParams();
  const page = parsePage(search.get('page'));
  const size = parseSize(search.get('size'));
  const q = search.get('q') ?? '';
  // (page-1)*size on every load, the first included (the legacy first load passed the page number instead).
  const offset = size === 'All' ? 0 : (page - 1) * size;
  const query = useResourcePage(resource, { offset, limit: size, q: q || undefined }, list.pageSource ?? 'query');
  const remove = useDeleteRecord(resource);
  const [message, setMessage] = useState<string>();

  const setParams = (changes: Record<string, string | null>) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null) next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    if (query.error) handleLoadFailure(query.error, screens.failures.load);
  }, [query.error, screens.failures.load]);

  // A delete can empty the last page: step back to the page that now is last.
  const total = query.data?.total ?? 0;
  const lastPage = pageCount(total, size);
  const settled = !!query.data && !query.isPlaceholderData;
  useEffect(() => {
    if (settled && page > lastPage) setParams({ page: String(lastPage) });
    // setParams is rebuilt each render; what matters is whether the page still exists.
  }, [settled, page, lastPage]);

  const onDelete = (row: ResourceRecord) => {
    if (!window.confirm(list.deleteConfirm)) return;
    setMessage(undefined);
    remove.mutate(keyOf(resource, row), {
      onSuccess: (result) => setMessage(result.message || `${resource.title} deleted`),
      onError: (error) => {
        if (handleDeleteFailure(error).reload) void query.refetch();
      },
    });
  };

  const columns = (() => {
    const data: TableColumn<ResourceRecord>[] = list.columns.map((column) => ({
      id: columnField(column),
      header: columnHeader(screens, column),
      cell: (row) => displayValue(screens, columnField(column), row[columnField(column)]),
      className: isTimestamp(columnField(column)) ? 'nowrap' : undefined,
    }));
    const serial: TableColumn<ResourceRecord> = { id: 'sn', header: 'S N', cell: (_row, index) => offset + index + 1 };
    const allowed = list.actions.filter((action) => action === 'view' || (canWrite && (action !== 'edit' || paths.edit)));
    const action: TableColumn<ResourceRecord> = {
      id: 'action',
      header: 'Action',
      className: 'actions',
      cell: (row) => {
        const key = keyOf(resource, row);
        return (
          <span className="row-actions">
            {allowed.includes('view') && <RecordLink resource={resource} to={paths.view} recordKey={key} action="view" />}
            {allowed.includes('edit') && paths.edit && <RecordLink resource={resource} to={paths.edit} recordKey={key} action="edit" />}
            {allowed.includes('delete') && (
              <button
                type="button"
                className="icon-button delete"
                aria-label={`Delete ${key.join(' / ')}`}
                title={`Delete ${key.join(' / ')}`}
                disabled={remove.isPending}
                onClick={() => onDelete(row)}
              >
                <Icon name="delete" />
              </button>
            )}
          </span>
        );
      },
    };
    return list.actionColumn === 'first' ? [action, serial, ...data] : [serial, ...data, action];
  })();

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    setParams({ q: value || null, page: null });
  };

  return (
    <Page
      title={list.heading}
      actions={
        canWrite && (
          <Link className="button primary" to={paths.add}>
            {list.addLabel}
          </Link>
        )
      }
    >
      {message && <Notice kind="success">{message}</Notice>}
      {list.searchable !== false && (
        <form className="search" role="search" onSubmit={onSearch}>
          <label htmlFor={`${resource.name}-search`}>Search</label>
          <input id={`${resource.name}-search`} name="q" type="search" defaultValue={q} key={q} />
          <button type="submit" className="button secondary">
            Search
          </button>
        </form>
      )}
      <QueryState query={query} failure={(error) => `The list could not be loaded: ${error.message}`}>
        {(data) => (
          <div aria-busy={query.isFetching}>
            <DataTable caption={list.heading} columns={columns} rows={data.rows} rowKey={(row) => keyOf(resource, row).join('/')} />
          </div>
        )}
      </QueryState>
      {query.data && (
        <Pager
          idPrefix={resource.name}
          page={page}
          size={size}
          total={total}
          onPage={(next) => setParams({ page: String(next) })}
          onSize={(next) => setParams({ size: String(next), page: null })}
        />
      )}
    </Page>
  );
}
