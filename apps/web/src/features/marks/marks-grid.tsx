import { entryBatchWorkflow, parseCell, totalsOf, type EntryRow } from '@exam/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { isApiError } from '../../lib/api.ts';
import { usePermissions } from '../../lib/auth.ts';
import { useT } from '../../lib/i18n.ts';
import { Notice } from '../../components/ui/page.tsx';
import { WorkflowActions } from '../../components/ui/workflow-actions.tsx';
import { batchAction, downloadSheet, saveRows, useRows, type Batch } from './marks-api.ts';

/** How long typing pauses before the draft is saved (one PUT with every changed row). */
const AUTOSAVE_MS = 700;
const EDITABLE = ['OPEN', 'DRAFT', 'REOPENED'];

interface Cell {
  text: string;
  value: string | null;
  status: string | null;
  error?: string;
  dirty: boolean;
}

/** The grid's check messages (contracts' parseCell) in the screen's language, their numbers kept. */
function translateError(message: string, t: (key: string, values?: Record<string, unknown>) => string) {
  const above = /^Above the maximum (.+)$/.exec(message);
  if (above) return t('Above the maximum {{max}}', { max: above[1] });
  const steps = /^Marks go in steps of (.+)$/.exec(message);
  if (steps) return t('Marks go in steps of {{step}}', { step: steps[1] });
  if (/^Type marks/.test(message) || /is not used for/.test(message))
    return `${t('Unknown status')}: ${message}`;
  return t(message);
}

type SaveState =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'failed'; message: string };

/**
 * A row as loaded; an empty row that the attendance marks absent (or UFM) is filled with that status, to be
 * saved.
 */
const cellOf = (row: EntryRow): Cell =>
  row.preset && row.value === null && row.status === null
    ? { text: row.preset, value: null, status: row.preset, dirty: true }
    : {
        text: row.status ?? (row.value === null ? '' : row.value.replace(/\.00$/, '')),
        value: row.value,
        status: row.status,
        dirty: false,
      };

/**
 * THE marks-entry grid, used by every entry screen (internal, practical, external, coded award lists): a
 * data-entry operator's all-day tool. Keyboard only: type marks or a status (AB, UFM, …) and press Enter to
 * go down, Shift+Enter to go up; each value is checked as typed against the batch's maximum (the error beside
 * the cell); the draft saves itself a moment after typing stops, with its state always visible ("Saved
 * 12:04", "Saving…", "Not saved: …"); the batch's counts and total stay in view; submit, verify, lock and the
 * other actions come from the workflow declaration; the award sheet prints for signatures.
 */
export function MarksGrid({ batch, onChanged }: { batch: Batch; onChanged: () => void }) {
  const { t } = useT();
  const { user } = usePermissions();
  const queryClient = useQueryClient();
  const rowsQuery = useRows(batch.batch_id);
  const [cells, setCells] = useState<Cell[]>([]);
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });
  const [status, setStatus] = useState(batch.status);
  const version = useRef(batch.updated_at);
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saving = useRef<Promise<void> | null>(null);
  const cellsRef = useRef<Cell[]>([]);
  cellsRef.current = cells;
  const flushRef = useRef<() => Promise<void>>(async () => {});

  useEffect(() => {
    if (!rowsQuery.data) return;
    const loaded = rowsQuery.data.rows.map(cellOf);
    setCells(loaded);
    version.current = rowsQuery.data.updated_at;
    setStatus(rowsQuery.data.status);
    if (EDITABLE.includes(rowsQuery.data.status) && loaded.some((c) => c.dirty))
      setTimeout(() => void flushRef.current(), 0);
  }, [rowsQuery.data]);

  const rows = useMemo(() => rowsQuery.data?.rows ?? [], [rowsQuery.data]);
  const editable = EDITABLE.includes(status);
  const step = '0.01';

  /** Sends every changed, valid cell in one PUT; cells typed meanwhile stay dirty for the next one. */
  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    if (saving.current) await saving.current;
    const current = cellsRef.current;
    const dirty = current.map((c, i) => ({ c, i })).filter(({ c }) => c.dirty && !c.error);
    if (!dirty.length) return;
    const body = dirty.map(({ c, i }) => {
      const row = rows[i]!;
      return {
        ...(row.fict_no ? { fict_no: row.fict_no } : { attempt_id: row.attempt_id! }),
        value: c.value,
        status: c.status,
      };
    });
    const sent = new Map(dirty.map(({ c, i }) => [i, c.text]));
    setSave({ kind: 'saving' });
    const run = (async () => {
      try {
        const answer = await saveRows(batch.batch_id, body, version.current);
        version.current = answer.updated_at;
        setStatus(answer.status);
        setCells((now) => now.map((c, i) => (sent.get(i) === c.text ? { ...c, dirty: false } : c)));
        setSave({ kind: 'saved', at: new Date() });
      } catch (error) {
        setSave({
          kind: 'failed',
          message: isApiError(error)
            ? error.fieldErrors
              ? Object.values(error.fieldErrors).flat().join('; ')
              : error.message
            : t('the network failed; your typing is kept and will be sent again'),
        });
      }
    })();
    saving.current = run;
    await run;
    saving.current = null;
  }, [batch.batch_id, rows, t]);

  flushRef.current = flush;

  const schedule = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), AUTOSAVE_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  const type = (i: number, text: string) => {
    const parsed = parseCell(text, { max: batch.max_marks, component: batch.component, step });
    const preset = rows[i]?.preset;
    let error = parsed.error ? translateError(parsed.error, t) : undefined;
    if (!error && preset && parsed.value !== null)
      error = t('Absent by the attendance: only {{status}}', { status: preset });
    setCells((now) =>
      now.map((c, j) =>
        j === i ? { text, value: parsed.value, status: parsed.status, error, dirty: true } : c,
      ),
    );
    if (!error) schedule();
  };

  const move = (i: number, by: number) => {
    const next = inputs.current[Math.min(Math.max(i + by, 0), rows.length - 1)];
    next?.focus();
    next?.select();
  };
  const onKey = (i: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(i, event.key === 'ArrowUp' || (event.key === 'Enter' && event.shiftKey) ? -1 : 1);
    }
  };

  const totals = totalsOf(cells.map((c) => ({ value: c.value, status: c.status })));
  const errors = cells.filter((c) => c.error).length;
  const dirtyCount = cells.filter((c) => c.dirty).length;

  const act = async (action: string, reason: string | undefined) => {
    await flush();
    const answer = await batchAction(batch, action, reason, version.current);
    version.current = answer.entrybatch.updated_at;
    setStatus(answer.entrybatch.status);
    await queryClient.invalidateQueries({ queryKey: ['entrybatch'] });
    onChanged();
    return answer.message;
  };

  if (rowsQuery.isPending) return <p>{t('Loading…')}</p>;
  if (rowsQuery.isError) return <Notice kind="error">{rowsQuery.error.message}</Notice>;

  const saveText =
    save.kind === 'saving'
      ? t('Saving…')
      : save.kind === 'saved'
        ? dirtyCount
          ? t('{{n}} unsaved', { n: dirtyCount })
          : t('Saved {{time}}', {
              time: save.at.toLocaleTimeString('en-IN', {
                hour: '2-digit',
                minute: '2-digit',
                hour12: false,
              }),
            })
        : save.kind === 'failed'
          ? t('Not saved: {{why}}', { why: save.message })
          : dirtyCount
            ? t('{{n}} unsaved', { n: dirtyCount })
            : t('No changes yet');

  return (
    <div className="marks-grid">
      <WorkflowActions
        workflow={entryBatchWorkflow}
        record={{ ...batch, status, updated_at: version.current }}
        role={user?.name}
        onAct={act}
      />
      {batch.status_reason && status === 'DRAFT' && <Notice kind="info">{batch.status_reason}</Notice>}
      <div className="marks-bar" role="group" aria-label={t('Batch totals')}>
        <span data-testid="totals">
          {t('Rows')}: <b>{totals.rows}</b> · {t('Entered')}: <b>{totals.entered}</b> · {t('AB')}:{' '}
          <b>{totals.absent}</b> · {t('Pending')}: <b>{totals.pending}</b> · {t('Total')}:{' '}
          <b>{totals.total}</b> · {t('Maximum')}: <b>{batch.max_marks.replace(/\.00$/, '')}</b>
        </span>
        <span className={`save-state ${save.kind}`} role="status" aria-live="polite" data-testid="save-state">
          {saveText}
        </span>
        <button type="button" className="button secondary" onClick={() => void downloadSheet(batch.batch_id)}>
          {t('Award sheet (PDF)')}
        </button>
      </div>
      {errors > 0 && (
        <Notice kind="error">
          {t('{{n}} cells need correcting; they are not saved until they are', { n: errors })}
        </Notice>
      )}
      <table className="grid-table">
        <thead>
          <tr>
            <th scope="col">{t('S.no.')}</th>
            <th scope="col">{t(batch.coded ? 'Fictitious no.' : 'Roll no.')}</th>
            {!batch.coded && <th scope="col">{t('Name')}</th>}
            <th scope="col">{t('Marks or status')}</th>
            <th scope="col">{t('Check')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => {
            const cell = cells[i];
            const label = row.fict_no ?? row.roll_no ?? row.student_id ?? '';
            const errorId = `cell-error-${i}`;
            return (
              <tr key={row.line} className={cell?.error ? 'has-error' : cell?.dirty ? 'is-dirty' : undefined}>
                <td>{row.line}</td>
                <td>{label}</td>
                {!batch.coded && <td>{row.name}</td>}
                <td>
                  <input
                    ref={(el) => {
                      inputs.current[i] = el;
                    }}
                    className="mark-input"
                    aria-label={t('Marks of {{who}}', { who: label })}
                    aria-invalid={cell?.error ? true : undefined}
                    aria-describedby={cell?.error ? errorId : undefined}
                    value={cell?.text ?? ''}
                    readOnly={
                      !editable ||
                      (row.preset !== null && row.preset !== undefined && cell?.status === row.preset)
                    }
                    inputMode="decimal"
                    autoComplete="off"
                    onChange={(e) => type(i, e.target.value)}
                    onKeyDown={onKey(i)}
                    onFocus={(e) => e.target.select()}
                    onBlur={() => {
                      if (cellsRef.current.some((c) => c.dirty)) schedule();
                    }}
                  />
                </td>
                <td>
                  {cell?.error ? (
                    <span id={errorId} className="cell-error">
                      {cell.error}
                    </span>
                  ) : row.preset ? (
                    <span className="cell-note">{t('Attendance: {{status}}', { status: row.preset })}</span>
                  ) : cell?.status ? (
                    <span className="cell-note">{t(cell.status)}</span>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
