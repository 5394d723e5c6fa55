import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { CapabilityKey, FileFormat } from '@exam/contracts';
import { importPath } from '../import-path.ts';
import { resourcePaths } from '../paths.ts';
import { usePermissions } from '../../../lib/auth.ts';
import { handleDeleteFailure, handleLoadFailure, messageOf } from '../../../lib/failures.ts';
import { downloadList } from '../api/files-api.ts';
import { keyOf, type ResourceRecord } from '../api/resource-api.ts';
import { useDeleteRecord, useResourcePage } from '../api/resource-hooks.ts';
import { DataTable, nextSort, parseSort, type TableColumn } from '../../../components/ui/data-table.tsx';
import { readPref, writePref } from '../../../lib/prefs.ts';
import { useT } from '../../../lib/i18n.ts';
import { filtersFromSearch, ListFilters } from './list-filters.tsx';
import { Icon } from '../../../components/ui/icons.tsx';
import { MenuButton } from '../../../components/ui/menu.tsx';
import { Notice, Page } from '../../../components/ui/page.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import {
  DEFAULT_PAGE_SIZE,
  pageCount,
  PAGE_SIZES,
  Pager,
  type PageSize,
} from '../../../components/ui/pager.tsx';
import {
  columnField,
  columnHeader,
  displayValue,
  isTimestamp,
  recordLabel,
  type ResourceScreens,
} from '../declaration.ts';
import { RecordLink } from './row-links.tsx';
import { ask } from '../../../components/ui/dialog.tsx';

const parsePage = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};
const parseSize = (value: string | null): PageSize =>
  PAGE_SIZES.find((size) => String(size) === value) ?? DEFAULT_PAGE_SIZE;
/**
 * The page size a user last chose on a list, remembered per user and list (the spec's 5 on a first visit).
 */
const sizePref = (list: string) => `list-size.${list}`;

/** The list screen of any resource: paged on the server, with the row actions the role may use. */
export function ResourceList({ screens }: { screens: ResourceScreens }) {
  const { resource, list } = screens;
  const paths = resourcePaths[resource.name];
  const { canWrite, holds } = usePermissions();
  const { t } = useT();
  const [search, setSearch] = useSearchParams();
  const page = parsePage(search.get('page'));
  const size = parseSize(search.get('size') ?? readPref(sizePref(resource.name)));
  const q = search.get('q') ?? '';
  const sortParam = search.get('sort') ?? undefined;
  const sort = parseSort(sortParam);
  const filters = filtersFromSearch(screens, search);
  const filtered = Object.keys(filters).length > 0;
  const sortable = new Set([...Object.keys(resource.fields), 'created_at', 'updated_at']);
  // (page-1)*size on every load, the first included (the legacy first load passed the page number instead).
  const offset = size === 'All' ? 0 : (page - 1) * size;
  // The legacy course call pages by path; an order or a filter needs the query form every list takes.
  const source = sortParam || filtered ? 'query' : (list.pageSource ?? 'query');
  const query = useResourcePage(
    resource,
    { offset, limit: size, q: q || undefined, sort: sortParam, filters: filtered ? filters : undefined },
    source,
  );
  const remove = useDeleteRecord(resource);
  const [message, setMessage] = useState<string>();
  const [exporting, setExporting] = useState<FileFormat>();
  const [exportFailure, setExportFailure] = useState<string>();

  /** Changes the address; `push` for what Back should undo (an order, a filter), replacing it otherwise. */
  // The address as last set: navigations render in a transition, so two quick changes (two filters) must not
  // both start from the address of the last render, or the second would drop the first.
  const latest = useRef(search);
  const rendered = useRef(search);
  if (rendered.current !== search) {
    rendered.current = search;
    latest.current = search;
  }
  const setParams = useCallback(
    (changes: Record<string, string | null>, push = false) => {
      const next = new URLSearchParams(latest.current);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null) next.delete(name);
        else next.set(name, value);
      }
      latest.current = next;
      setSearch(next, { replace: !push });
    },
    [setSearch],
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
  }, [settled, page, lastPage, setParams]);

  const onDelete = async (row: ResourceRecord) => {
    // The spec's sentence, in an in-page dialog that also names the record.
    if (!(await ask(list.deleteConfirm, { detail: recordLabel(screens, row) }))) return;
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
      sortField: sortable.has(columnField(column)) ? columnField(column) : undefined,
    }));
    const serial: TableColumn<ResourceRecord> = {
      id: 'sn',
      header: 'S N',
      cell: (_row, index) => offset + index + 1,
    };
    const allowed = list.actions.filter(
      (action) => action === 'view' || (canWrite && (action !== 'edit' || paths.edit)),
    );
    const action: TableColumn<ResourceRecord> = {
      id: 'action',
      header: 'Action',
      className: 'actions',
      cell: (row) => {
        const key = keyOf(resource, row);
        return (
          <span className="row-actions">
            {allowed.includes('view') && (
              <RecordLink resource={resource} to={paths.view} recordKey={key} action="view" />
            )}
            {allowed.includes('edit') && paths.edit && (
              <RecordLink resource={resource} to={paths.edit} recordKey={key} action="edit" />
            )}
            {allowed.includes('delete') && (
              <button
                type="button"
                className="icon-button delete"
                aria-label={t('Delete {{key}}', { key: key.join(' / ') })}
                title={t('Delete {{key}}', { key: key.join(' / ') })}
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

  /** The whole list as a file, with the search and sort on screen (every page, not only this one). */
  const onExport = async (format: FileFormat) => {
    setExporting(format);
    setExportFailure(undefined);
    try {
      await downloadList(resource, { q: q || undefined, sort: sortParam, filters }, format);
    } catch (error) {
      setExportFailure(t('The list could not be downloaded: {{message}}', { message: messageOf(error) }));
    } finally {
      setExporting(undefined);
    }
  };

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    setParams({ q: value || null, page: null });
  };

  return (
    <Page
      title={list.heading}
      actions={
        <>
          <MenuButton
            label={exporting ? t('Exporting…') : t('Export')}
            items={[
              { id: 'csv', label: 'CSV' },
              { id: 'xlsx', label: t('Excel (XLSX)') },
            ]}
            disabled={!!exporting}
            onSelect={(format) => void onExport(format as FileFormat)}
          />
          {holds(resource.capability.write as CapabilityKey) && (
            <Link className="button secondary" to={importPath(resource.name)}>
              {t('Import')}
            </Link>
          )}
          {canWrite && (
            <Link className="button primary" to={paths.add}>
              {t(list.addLabel)}
            </Link>
          )}
        </>
      }
    >
      {message && <Notice kind="success">{message}</Notice>}
      {exporting && (
        <p className="loading" role="status">
          {t('Preparing the {{format}} file of the whole list…', { format: exporting.toUpperCase() })}
        </p>
      )}
      {exportFailure && <Notice kind="error">{exportFailure}</Notice>}
      {list.searchable !== false && (
        <form className="search" role="search" onSubmit={onSearch}>
          <label htmlFor={`${resource.name}-search`}>{t('Search')}</label>
          <input id={`${resource.name}-search`} name="q" type="search" defaultValue={q} key={q} />
          <button type="submit" className="button secondary">
            {t('Search')}
          </button>
        </form>
      )}
      <ListFilters
        screens={screens}
        filters={filters}
        onChange={(changes) => setParams({ ...changes, page: null }, true)}
        label={(field) => t(screens.labels[field] ?? field)}
        text={{
          legend: t('Filter'),
          all: t('All'),
          clear: t('Clear filters'),
          apply: t('Apply'),
          active: (count) => t('{{count}} active', { count }),
        }}
      />
      <QueryState
        query={query}
        failure={(error) => t('The list could not be loaded: {{message}}', { message: error.message })}
      >
        {(data) => (
          <div aria-busy={query.isFetching}>
            <DataTable
              caption={list.heading}
              sort={sort}
              onSort={(field) =>
                setParams(
                  { sort: nextSort(parseSort(latest.current.get('sort') ?? undefined), field), page: null },
                  true,
                )
              }
              columns={columns}
              rows={data.rows}
              rowKey={(row) => keyOf(resource, row).join('/')}
            />
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
          onSize={(next) => {
            writePref(sizePref(resource.name), String(next));
            setParams({ size: String(next), page: null });
          }}
        />
      )}
    </Page>
  );
}
