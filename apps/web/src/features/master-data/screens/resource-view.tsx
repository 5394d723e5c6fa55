import { workflowOf } from '@exam/contracts';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { resourcePaths } from '../paths.ts';
import { usePermissions } from '../../../lib/auth.ts';
import { keyOf, type ResourceRecord } from '../api/resource-api.ts';
import { useWorkflowAction } from '../api/workflow-api.ts';
import { DataTable, type TableColumn } from '../../../components/ui/data-table.tsx';
import { WorkflowActions } from '../../../components/ui/workflow-actions.tsx';
import {
  columnField,
  columnHeader,
  displayValue,
  isTimestamp,
  type ResourceScreens,
} from '../declaration.ts';
import { RecordState, ResourcePage, useKeyedRecord } from './resource-page.tsx';
import { RecordJobs } from './record-jobs.tsx';
import { RecordLink } from './row-links.tsx';
import { RecordHistoryPanel } from './record-history.tsx';
import { useT } from '../../../lib/i18n.ts';

/**
 * One record as a single-row table, with an edit link for roles that may write; a resource with a workflow
 * shows its status and the actions the user may take now above it, and the view's jobs (printouts) follow it.
 */
export function ResourceView({ screens }: { screens: ResourceScreens }) {
  const { resource, view } = screens;
  const paths = resourcePaths[resource.name];
  const { canWrite, user } = usePermissions();
  // Single-record fetch failures sign out on the legacy screens (spec section 8); newer ones declare
  // otherwise.
  const { key, query } = useKeyedRecord(screens, view.loadFailure ?? 'sign-out');
  const workflow = workflowOf(resource.name);
  const act = useWorkflowAction(resource, key);
  const { t } = useT();

  const editLink = (row: ResourceRecord) =>
    paths.edit && canWrite ? (
      <RecordLink resource={resource} to={paths.edit} recordKey={keyOf(resource, row)} action="edit" />
    ) : null;
  const value = (row: ResourceRecord, field: string) =>
    screens.computed?.[field]?.(row) ?? displayValue(screens, field, row[field]);

  const rowColumns: TableColumn<ResourceRecord>[] = [
    { id: 'sn', header: 'S N', cell: (_row, index) => index + 1 },
    ...view.columns.map((column) => ({
      id: columnField(column),
      header: columnHeader(screens, column),
      cell: (row: ResourceRecord) => value(row, columnField(column)),
      className: isTimestamp(columnField(column)) ? 'nowrap' : undefined,
    })),
  ];
  if (paths.edit && canWrite)
    rowColumns.push({ id: 'action', header: 'Action', className: 'actions', cell: editLink });

  // One line per field: the fields of wide records stay readable, the edit link stays in view.
  type Line = { id: string; header: string; cell: (row: ResourceRecord) => ReactNode };
  const lines: Line[] = view.columns.map((column) => ({
    id: columnField(column),
    header: columnHeader(screens, column),
    cell: (row) => value(row, columnField(column)),
  }));
  if (paths.edit && canWrite) lines.push({ id: 'action', header: 'Action', cell: editLink });
  const recordColumns = (row: ResourceRecord): TableColumn<Line>[] => [
    {
      id: 'field',
      header: 'Field',
      cell: (line) => <strong>{t(line.header)}</strong>,
      className: 'field-name',
    },
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
        {(record) => (
          <RecordTabs history={<RecordHistoryPanel screens={screens} recordKey={key} />}>
            {canWrite && view.links && (
              <p className="record-links">
                {view.links.map((link) => (
                  <Link key={link.label} className="button secondary" to={link.to(record)}>
                    {t(link.label)}
                  </Link>
                ))}
              </p>
            )}
            {workflow && (
              <WorkflowActions
                workflow={workflow}
                record={record}
                role={user?.name}
                // The updated_at shown: a change by someone else since answers 409 instead of acting on a
                // record not seen.
                onAct={async (action, reason) =>
                  (await act.mutateAsync({ action, reason, updated_at: record.updated_at })).message
                }
              />
            )}
            {view.layout === 'record' ? (
              <DataTable
                caption={view.heading}
                columns={recordColumns(record)}
                rows={lines}
                rowKey={(line) => line.id}
              />
            ) : (
              <DataTable
                caption={view.heading}
                columns={rowColumns}
                rows={[record]}
                rowKey={() => key.join('/')}
              />
            )}
            {view.jobs && <RecordJobs jobs={view.jobs} record={record} />}
          </RecordTabs>
        )}
      </RecordState>
    </ResourcePage>
  );
}

const tabs = ['Record', 'History'] as const;

/**
 * The view's two tabs: the record, and its history from the audit trail (loaded when opened). Arrow keys,
 * Home and End move between the tabs (WAI-ARIA tabs pattern); Tab goes into the panel.
 */
function RecordTabs({ children, history }: { children: ReactNode; history: ReactNode }) {
  const [current, setCurrent] = useState<(typeof tabs)[number]>('Record');
  const { t } = useT();
  const id = (tab: string, part: 'tab' | 'panel') => `record-${tab.toLowerCase()}-${part}`;
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.indexOf(current);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length]!;
    setCurrent(tab);
    document.getElementById(id(tab, 'tab'))?.focus();
  };
  return (
    <>
      <div className="tabs" role="tablist" aria-label={t('Record and history')} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={id(tab, 'tab')}
            aria-selected={current === tab}
            aria-controls={id(tab, 'panel')}
            tabIndex={current === tab ? 0 : -1}
            className={current === tab ? 'tab current' : 'tab'}
            onClick={() => setCurrent(tab)}
          >
            {t(tab)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={id(current, 'panel')} aria-labelledby={id(current, 'tab')} tabIndex={0}>
        {current === 'Record' ? children : history}
      </div>
    </>
  );
}
