import './students.css';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { CapabilityKey } from '@exam/contracts';
import { DataTable, type TableColumn } from '../../../components/ui/data-table.tsx';
import { ask } from '../../../components/ui/dialog.tsx';
import { Notice, Page } from '../../../components/ui/page.tsx';
import { DEFAULT_PAGE_SIZE, Pager, PAGE_SIZES, type PageSize } from '../../../components/ui/pager.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { usePermissions } from '../../../lib/auth.ts';
import { downloadList, keyOf, keySearch, useSave, useStudentPage, type StudentRecord } from '../api.ts';
import type { StudentScreens } from '../declarations.ts';
import { StudentImport } from './student-import.tsx';
import { ShownValue } from './student-view.tsx';
import { T } from '../../../components/ui/text.tsx';

/**
 * A students list: search, exact filters, paging on the server, CSV/XLSX download, and the row actions the
 * role may use.
 */
export function StudentList({ screens }: { screens: StudentScreens }) {
  const { resource } = screens;
  const { holds } = usePermissions();
  const canWrite = holds(resource.capability.write as CapabilityKey);
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const size: PageSize = PAGE_SIZES.find((s) => String(s) === search.get('size')) ?? DEFAULT_PAGE_SIZE;
  const q = search.get('q') ?? '';
  const filters = Object.fromEntries(screens.filters.map((f) => [f, search.get(f) ?? '']));
  const params = {
    offset: size === 'All' ? 0 : (page - 1) * size,
    limit: size === 'All' ? ('All' as const) : size,
    q: q || undefined,
    filters,
  };
  const query = useStudentPage(resource, params);
  const remove = useSave(resource);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string }>();
  const [draft, setDraft] = useState({ q, ...filters });

  const set = (changes: Record<string, string | null>) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(changes))
          if (value) next.set(name, value);
          else next.delete(name);
        return next;
      },
      { replace: true },
    );

  const onDelete = async (row: StudentRecord) => {
    const key = keyOf(resource, row);
    if (
      !(await ask(`Do you want to delete the ${resource.title.toLowerCase()} ${key.join(' / ')}?`, {
        confirmLabel: 'Delete',
      }))
    )
      return;
    remove.mutate(
      { key, method: 'DELETE' },
      {
        onSuccess: (answer) => setMessage({ kind: 'success', text: answer.message }),
        onError: (error) => setMessage({ kind: 'error', text: error.message }),
      },
    );
  };

  const columns: TableColumn<StudentRecord>[] = [
    { id: 'sn', header: 'S N', cell: (_row, index) => params.offset + index + 1 },
    ...screens.columns.map((field) => ({
      id: field,
      header: screens.labels[field] ?? field,
      cell: (row: StudentRecord) => <ShownValue screens={screens} field={field} value={row[field]} />,
    })),
    {
      id: 'action',
      header: 'Action',
      className: 'nowrap',
      cell: (row) => {
        const key = keySearch(resource, keyOf(resource, row));
        return (
          <span className="row-actions">
            <Link to={`${screens.paths.view}?${key}`}>View</Link>
            {canWrite && screens.paths.edit && (
              <>
                {' '}
                {' | '}
                <Link to={`${screens.paths.edit}?${key}`}>
                  <T>Edit</T>
                </Link>
              </>
            )}
            {canWrite && (
              <>
                {' '}
                {' | '}
                <button type="button" className="link-button" onClick={() => void onDelete(row)}>
                  Delete
                </button>
              </>
            )}
          </span>
        );
      },
    },
  ];

  return (
    <Page
      title={screens.listTitle}
      actions={
        canWrite ? (
          <Link className="button primary" to={screens.paths.add}>
            Add New
          </Link>
        ) : undefined
      }
    >
      <form
        className="list-tools"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          set({ ...draft, page: null });
        }}
      >
        <label>
          Search{' '}
          <input
            type="search"
            name="q"
            value={draft.q}
            onChange={(e) => setDraft({ ...draft, q: e.target.value })}
          />
        </label>
        {screens.filters.map((field) => (
          <label key={field}>
            <T>{screens.labels[field] ?? field}</T>{' '}
            <input
              name={field}
              size={10}
              value={draft[field as keyof typeof draft] ?? ''}
              onChange={(e) => setDraft({ ...draft, [field]: e.target.value.trim() })}
            />
          </label>
        ))}
        <button type="submit" className="button secondary">
          Search
        </button>
        <button
          type="button"
          className="button secondary"
          onClick={() => void downloadList(resource, params, 'csv')}
        >
          Download CSV
        </button>
        <button
          type="button"
          className="button secondary"
          onClick={() => void downloadList(resource, params, 'xlsx')}
        >
          Download XLSX
        </button>
      </form>
      {canWrite && screens.name !== 'studentacademic' && <StudentImport screens={screens} />}
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <QueryState query={query} failure={(error) => `The list could not be loaded: ${error.message}`}>
        {({ rows, total }) => (
          <>
            <DataTable
              caption={screens.listTitle}
              columns={columns}
              rows={rows}
              rowKey={(row) => keyOf(resource, row).join('/')}
            />
            <Pager
              page={page}
              size={size}
              total={total}
              idPrefix={resource.name}
              onPage={(p) => set({ page: String(p) })}
              onSize={(s) => set({ size: String(s), page: null })}
            />
          </>
        )}
      </QueryState>
    </Page>
  );
}
