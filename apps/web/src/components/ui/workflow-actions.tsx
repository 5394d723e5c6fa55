import {
  allowedActions,
  can,
  confirmText,
  type CapabilityKey,
  type KeyedAction,
  type Workflow,
  type WorkflowAction,
} from '@exam/contracts';
import { useId, useState, type FormEvent } from 'react';
import { isApiError, request } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { Dialog } from './dialog.tsx';
import { ErrorList, errorItemId, listServerErrors } from './error-list.tsx';
import { JobProgress } from './job-progress.tsx';
import { Notice } from './page.tsx';

interface WorkflowActionsProps {
  workflow: Workflow;
  record: Record<string, unknown>;
  /**
   * The signed-in user's role: the buttons are the actions it may take now (the API decides the same way).
   */
  role: string | undefined;
  /** Takes the action; answers the server's message, or throws its error (shown in the dialog). */
  onAct: (action: string, reason: string | undefined) => Promise<string>;
}

/**
 * A record's status and the workflow actions the user may take now, as buttons, from the contracts'
 * declaration. Each asks in a dialog first: the declared sentence, and a reason where the action wants one
 * (required on backward moves). A refusal (409: someone moved the record first) is shown in the dialog.
 */
export function WorkflowActions({ workflow, record, role, onAct }: WorkflowActionsProps) {
  const [open, setOpen] = useState<KeyedAction | null>(null);
  const [done, setDone] = useState<{ message: string; expected: unknown } | null>(null);
  const { t } = useT();
  const allowed = allowedActions(workflow, record, role);
  return (
    <>
      <div className="workflow-bar" role="group" aria-label={t('Status and actions')}>
        <span className="status-label">{t('Status:')}</span>
        <span className="status-badge" data-status={String(record[workflow.field] ?? '')}>
          {t(workflow.labelOf(record[workflow.field]))}
        </span>
        {allowed.map((action) => (
          <button
            key={action.key}
            type="button"
            className="button secondary"
            onClick={() => {
              setDone(null);
              setOpen(action);
            }}
          >
            {t(action.label)}
          </button>
        ))}
      </div>
      {/* An effect may send the record elsewhere than the action's target (double entries that differ go
          back to DRAFT): that answer is news to act on, not a success. */}
      {done && (
        <Notice kind={record[workflow.field] === done.expected ? 'success' : 'info'}>{done.message}</Notice>
      )}
      {open && (
        <ActionDialog
          action={open}
          record={record}
          onAct={onAct}
          onClose={() => setOpen(null)}
          onDone={(message) => {
            setDone({ message, expected: open.to });
            setOpen(null);
          }}
        />
      )}
    </>
  );
}

function ActionDialog({
  action,
  record,
  onAct,
  onClose,
  onDone,
  question,
}: {
  action: KeyedAction;
  record: Record<string, unknown>;
  /** The dialog's question, instead of the action's declared sentence (a bulk action names the count). */
  question?: string;
  onAct: WorkflowActionsProps['onAct'];
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message?: string; errors?: Record<string, string[]> }>({});
  const errors = listServerErrors(failure.errors, { reason: 'Reason' });
  const reasonInvalid = errors.some((e) => e.field === 'reason');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const given = reason.trim() || undefined;
    if (action.reason === 'required' && !given) {
      setFailure({ errors: { reason: ['Required: say why.'] } });
      return;
    }
    setBusy(true);
    setFailure({});
    try {
      onDone(await onAct(action.key, action.reason === 'none' ? undefined : given));
    } catch (error) {
      setFailure(
        isApiError(error)
          ? { message: error.message, errors: error.fieldErrors }
          : { message: 'The action failed; please try again.' },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={t(action.label)}
      description={<p>{question ?? confirmText(action, record)}</p>}
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate>
        {action.reason !== 'none' && (
          <div className="field">
            <label htmlFor={reasonId}>
              {t('Reason')}{' '}
              <span className="field-note">
                ({t(action.reason === 'required' ? 'required' : 'optional')})
              </span>
            </label>
            <textarea
              id={reasonId}
              value={reason}
              maxLength={500}
              onChange={(event) => {
                setReason(event.target.value);
                if (reasonInvalid) setFailure({});
              }}
              aria-invalid={reasonInvalid || undefined}
              aria-describedby={reasonInvalid ? errorItemId('reason') : undefined}
            />
          </div>
        )}
        <ErrorList message={failure.message} errors={errors} />
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={busy}>
            {t(action.label)}
          </button>
          <button type="button" className="button secondary" onClick={onClose}>
            {t('Cancel')}
          </button>
          {busy && <span className="loading">{t('Working…')}</span>}
        </div>
      </form>
    </Dialog>
  );
}

/** The texts of the bulk bar and its dialog, for the Hindi catalogue. */
export const bulkTexts = [
  'Select',
  'Select {{key}}',
  '{{n}} selected',
  'Select all {{n}} that match the filter',
  'All {{n}} that match the filter are selected',
  'Clear the selection',
  'Actions on the selection',
  '{{action}}: {{n}} records. Each is checked alone; those that cannot move are listed.',
  'Done: {{n}}',
  'Refused: {{n}}',
  'Moving the selection',
  'records',
] as const;

/** Rows picked on a workflow list: some by key, or every row that matches the list's filter. */
export interface BulkSelection {
  keys: ReadonlySet<string>;
  /** Every row of the list's filter (its `total`), also those on other pages. */
  all: boolean;
}

/** The selection of a workflow list, emptied whenever `filterKey` (the list's filter as text) changes. */
export function useBulkSelection(filterKey: string) {
  const [state, setState] = useState<BulkSelection & { filterKey: string }>({
    keys: new Set(),
    all: false,
    filterKey,
  });
  const selection: BulkSelection =
    state.filterKey === filterKey ? state : { keys: new Set<string>(), all: false };
  const set = (next: BulkSelection) => setState({ ...next, filterKey });
  return {
    selection,
    toggle: (key: string) => {
      const keys = new Set(selection.keys);
      if (keys.has(key)) keys.delete(key);
      else keys.add(key);
      set({ keys, all: false });
    },
    selectAll: () => set({ keys: new Set(), all: true }),
    clear: () => set({ keys: new Set(), all: false }),
  };
}

/** The checkbox column of a workflow list (first column): one box per row, named by the row's key. */
export function selectColumn<Row>(
  bulk: ReturnType<typeof useBulkSelection>,
  keyOf: (row: Row) => string,
  t: (text: string, params?: Record<string, unknown>) => string,
) {
  return {
    id: 'select',
    header: 'Select',
    cell: (row: Row) => {
      const key = keyOf(row);
      return (
        <input
          type="checkbox"
          aria-label={t('Select {{key}}', { key })}
          checked={bulk.selection.all || bulk.selection.keys.has(key)}
          disabled={bulk.selection.all}
          onChange={() => bulk.toggle(key)}
        />
      );
    },
  };
}

interface BulkActionsProps {
  workflow: Workflow;
  /** The resource's path under /api (`examform`): the calls are `POST /api/<path>/bulk/<action>`. */
  resourcePath: string;
  role: string | undefined;
  bulk: ReturnType<typeof useBulkSelection>;
  /** How many rows match the list's filter (the list's `total`). */
  total: number;
  /** The list's own filters, as it sends them (empty values left out). */
  filter: Record<string, string>;
  /** The rows shown: the statuses of the selected ones decide which actions apply. */
  rows: Record<string, unknown>[];
  keyOf: (row: Record<string, unknown>) => string;
  /** Called when rows may have moved (to refresh the list). */
  onMoved: () => void;
  /**
   * Whether "select all that match the filter" is offered: not where the screen narrows the rows beyond the
   * list's own filters (the server would act on rows the screen does not show).
   */
  allowAll?: boolean;
}

/** The answer of a bulk call (or its job's result). */
interface BulkReport {
  done: string[];
  refused: { key: string; code: string; message: string }[];
  total: number;
}

/**
 * The bulk bar of a workflow list: how many rows are picked, "select all N that match the filter", and the
 * workflow's actions the role may take that apply to the selection. Each asks first, naming the count (and a
 * reason where the action wants one), then shows what was done and what was refused, with the server's
 * reasons; a selection too large for one answer is followed as a job until it ends.
 */
export function BulkActions(props: BulkActionsProps) {
  const { workflow, resourcePath, role, bulk, total, filter, rows, keyOf, onMoved, allowAll = true } = props;
  const { t } = useT();
  const [open, setOpen] = useState<KeyedAction | null>(null);
  const [report, setReport] = useState<BulkReport | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const { selection } = bulk;
  const count = selection.all ? total : selection.keys.size;
  const picked = rows.filter((row) => selection.keys.has(keyOf(row)));
  const statuses = new Set((selection.all ? rows : picked).map((row) => String(row[workflow.field] ?? '')));
  const actions = (Object.entries(workflow.actions) as Array<[string, WorkflowAction]>)
    .filter(([, action]) => can(role, action.capability as CapabilityKey))
    // Those that start from a status of the rows picked (all selected: of the rows the list shows).
    .filter(([, action]) => action.from.some((s) => statuses.has(s)))
    .map(([key, action]) => ({ ...action, key }) as KeyedAction);

  const act = async (action: KeyedAction, reason: string | undefined) => {
    const body = selection.all ? { filter, reason } : { keys: [...selection.keys], reason };
    const answer = await request<BulkReport | { job: { job_id: string } }>(
      `/${resourcePath}/bulk/${action.key}`,
      { method: 'POST', body },
    );
    bulk.clear();
    if ('job' in answer) setJobId(answer.job.job_id);
    else {
      setReport(answer);
      onMoved();
    }
  };

  return (
    <>
      <div className="workflow-bar bulk-bar" role="group" aria-label={t('Actions on the selection')}>
        <span className="status-label">
          {selection.all
            ? t('All {{n}} that match the filter are selected', { n: total })
            : t('{{n}} selected', { n: count })}
        </span>
        {allowAll && !selection.all && total > 0 && (
          <button type="button" className="button secondary" onClick={bulk.selectAll}>
            {t('Select all {{n}} that match the filter', { n: total })}
          </button>
        )}
        {count > 0 && (
          <button type="button" className="button secondary" onClick={bulk.clear}>
            {t('Clear the selection')}
          </button>
        )}
        {count > 0 &&
          actions.map((action) => (
            <button
              key={action.key}
              type="button"
              className="button primary"
              onClick={() => {
                setReport(null);
                setJobId(null);
                setOpen(action);
              }}
            >
              {t(action.label)}
            </button>
          ))}
      </div>
      {report && <BulkReportView report={report} />}
      {jobId && (
        <JobProgress
          jobId={jobId}
          label={t('Moving the selection')}
          unit={t('records')}
          onFinished={onMoved}
          renderResult={(result) => <BulkReportView report={result as BulkReport} />}
        />
      )}
      {open && (
        <ActionDialog
          action={open}
          record={{}}
          question={t(
            '{{action}}: {{n}} records. Each is checked alone; those that cannot move are listed.',
            { action: t(open.label), n: count },
          )}
          onAct={async (_key, reason) => {
            await act(open, reason);
            return '';
          }}
          onClose={() => setOpen(null)}
          onDone={() => setOpen(null)}
        />
      )}
    </>
  );
}

/** What a bulk action did: how many moved, and each refused row with the server's reason. */
function BulkReportView({ report }: { report: BulkReport }) {
  const { t } = useT();
  return (
    <div className="bulk-report">
      <Notice kind={report.refused.length ? 'info' : 'success'}>
        {t('Done: {{n}}', { n: report.done.length })}
        {report.refused.length > 0 && <> · {t('Refused: {{n}}', { n: report.refused.length })}</>}
      </Notice>
      {report.refused.length > 0 && (
        <ul className="bulk-refused">
          {report.refused.slice(0, 100).map((r) => (
            <li key={r.key}>
              <strong>{r.key}</strong>: {r.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
