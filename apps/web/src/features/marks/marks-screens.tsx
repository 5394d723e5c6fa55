import { entryBatchStatus, markComponent, type MarkComponent } from '@exam/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { isApiError } from '../../lib/api.ts';
import { usePermissions } from '../../lib/auth.ts';
import { useT } from '../../lib/i18n.ts';
import { Notice, Page } from '../../components/ui/page.tsx';
import { MarksGrid } from './marks-grid.tsx';
import './marks.css';
import {
  createBatch,
  createPattern,
  openBatches,
  useBatch,
  useBatches,
  useCiaPatterns,
  usePending,
  type Batch,
} from './marks-api.ts';

/** Every text these screens write inline (the Hindi catalogue test checks each has its Hindi). */
export const marksTexts = [
  'Exam',
  'Status',
  'Show',
  'Paper',
  'College',
  'Department',
  'Batch',
  'Deadline',
  'Rows',
  'Entered',
  'AB',
  'Pending',
  'Total',
  'Maximum',
  'Open',
  'Enter marks',
  'Open internal batches',
  'Open external batches (roll number)',
  'New practical batch',
  'Session',
  'Course',
  'Semester',
  'Date',
  'Shift',
  'Laboratory',
  'Internal examiner',
  'External examiner',
  'Create batch',
  'No batches',
  'Overdue',
  'Packet',
  'Entry',
  'Component',
  'Pick a batch to enter its marks',
  'Award sheet (PDF)',
  'Saving…',
  'Saved {{time}}',
  'Not saved: {{why}}',
  '{{n}} unsaved',
  'No changes yet',
  'S.no.',
  'Fictitious no.',
  'Roll no.',
  'Name',
  'Marks or status',
  'Check',
  'Marks of {{who}}',
  'Attendance: {{status}}',
  '{{n}} cells need correcting; they are not saved until they are',
  'Absent by the attendance: only {{status}}',
  'Batch totals',
  'the network failed; your typing is kept and will be sent again',
  'Loading…',
  'Type marks and press Enter to go down (Shift+Enter up); type AB for an absent candidate. The ' +
    'draft saves itself.',
  'Pattern',
  'Scheme',
  'From session',
  'Rounding',
  'Decimals',
  'Components',
  'Add pattern',
  'code, name, weight %, maximum, best of (one per line)',
  'CIA patterns',
  'Pending internal entry',
  'batches not yet submitted',
  'Lab',
  'Examiners',
  'Double entry: entry 1 and entry 2 are keyed by two operators and compared',
  'Unknown status',
  'Above the maximum {{max}}',
  'At most two decimals',
  'Marks cannot be negative',
  'Marks go in steps of {{step}}',
] as const;

const fmtDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/** A batch list's filters: exam and status, in the address. */
function useFilters() {
  const [search, setSearch] = useSearchParams();
  return {
    exam: search.get('exam_id') ?? '',
    status: search.get('status') ?? '',
    set: (next: Record<string, string>) =>
      setSearch(Object.fromEntries(Object.entries(next).filter(([, v]) => v))),
  };
}

function BatchTable({ batches, entryPath }: { batches: Batch[]; entryPath: string }) {
  const { t } = useT();
  if (!batches.length) return <p>{t('No batches')}</p>;
  return (
    <table className="data-table marks-batches">
      <thead>
        <tr>
          <th scope="col">{t('Batch')}</th>
          <th scope="col">{t('Exam')}</th>
          <th scope="col">{t('Paper')}</th>
          <th scope="col">{t('College')}</th>
          <th scope="col">{t('Packet')}</th>
          <th scope="col">{t('Rows')}</th>
          <th scope="col">{t('Status')}</th>
          <th scope="col">{t('Deadline')}</th>
          <th scope="col" />
        </tr>
      </thead>
      <tbody>
        {batches.map((b) => {
          const overdue =
            b.deadline &&
            new Date(b.deadline).getTime() < Date.now() &&
            ['OPEN', 'DRAFT', 'REOPENED'].includes(b.status);
          return (
            <tr key={b.batch_id} className={overdue ? 'overdue' : undefined}>
              <td>{b.batch_id}</td>
              <td>{b.exam_id}</td>
              <td>{b.paper_id}</td>
              <td>
                {b.coded ? '—' : (b.college_id ?? '')}
                {b.component === 'PR'
                  ? ` · ${b.practical_date ?? ''} ${b.practical_shift ?? ''} ${b.lab ?? ''}`
                  : ''}
              </td>
              <td>{b.packet_no ? `${b.packet_no} / ${t('Entry')} ${b.entry_no}` : ''}</td>
              <td>{b.row_count}</td>
              <td>
                <span className="status-badge" data-status={b.status}>
                  {t(entryBatchStatus.labelOf(b.status))}
                </span>
              </td>
              <td>
                {fmtDate(b.deadline)}
                {overdue ? ` · ${t('Overdue')}` : ''}
              </td>
              <td>
                <Link
                  className="button secondary"
                  to={`${entryPath}?batch_id=${encodeURIComponent(b.batch_id)}`}
                >
                  {t('Enter marks')}
                </Link>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * The list of one component's batches, with the office's way to open them. One implementation, a scheme
 * parameter.
 */
export function BatchListScreen({
  component,
  coded,
  title,
  entryPath,
}: {
  component: MarkComponent;
  coded?: boolean;
  title: string;
  entryPath: string;
}) {
  const { t } = useT();
  const { holds } = usePermissions();
  const filters = useFilters();
  const [exam, setExam] = useState(filters.exam);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const queryClient = useQueryClient();
  const list = useBatches({ component, exam_id: filters.exam, status: filters.status });
  const batches = (list.data?.entrybatch ?? []).filter((b) => coded === undefined || b.coded === coded);
  const run = async (work: () => Promise<{ message: string }>) => {
    try {
      setMessage({ kind: 'success', text: (await work()).message });
      await queryClient.invalidateQueries({ queryKey: ['entrybatch'] });
    } catch (error) {
      setMessage({
        kind: 'error',
        text: isApiError(error)
          ? [error.message, ...Object.values(error.fieldErrors ?? {}).flat()].join(' ')
          : String(error),
      });
    }
  };
  return (
    <Page title={title}>
      <form
        className="exam-picker"
        onSubmit={(e) => {
          e.preventDefault();
          filters.set({ exam_id: exam.trim(), status: filters.status });
        }}
      >
        <label>
          {t('Exam')}{' '}
          <input value={exam} onChange={(e) => setExam(e.target.value)} placeholder="MAIN-DEC-2024" />
        </label>
        <label>
          {t('Status')}{' '}
          <select
            value={filters.status}
            onChange={(e) => filters.set({ exam_id: filters.exam, status: e.target.value })}
          >
            <option value="">—</option>
            {entryBatchStatus.options.map((o) => (
              <option key={o.value} value={o.value}>
                {t(o.label)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button secondary">
          {t('Show')}
        </button>
        {/* The office opens every batch; a teacher the internal ones of its college and department. */}
        {(holds('exam-setup.write') || (component === 'INT' && holds('internal-marks.enter'))) &&
          component !== 'PR' &&
          !coded &&
          filters.exam && (
            <button
              type="button"
              className="button"
              onClick={() =>
                void run(() =>
                  openBatches({ exam_id: filters.exam, component: component === 'INT' ? 'INT' : 'EXT' }),
                )
              }
            >
              {t(component === 'INT' ? 'Open internal batches' : 'Open external batches (roll number)')}
            </button>
          )}
      </form>
      {coded && (
        <Notice kind="info">
          {t('Double entry: entry 1 and entry 2 are keyed by two operators and compared')}
        </Notice>
      )}
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {component === 'PR' && holds('exam-setup.write') && (
        <PracticalBatchForm exam={filters.exam} onDone={(work) => void run(work)} />
      )}
      {list.isError ? (
        <Notice kind="error">{list.error.message}</Notice>
      ) : (
        <BatchTable batches={batches} entryPath={entryPath} />
      )}
    </Page>
  );
}

function PracticalBatchForm({
  exam,
  onDone,
}: {
  exam: string;
  onDone: (work: () => Promise<{ message: string }>) => void;
}) {
  const { t } = useT();
  const [draft, setDraft] = useState<Record<string, string>>({
    exam_id: exam,
    session_id: '',
    course_comb_id: '',
    sem_id: '',
    paper_id: '',
    college_id: '',
    practical_date: '',
    practical_shift: 'FN',
    lab: '',
    internal_examiner: '',
    external_examiner: '',
  });
  const field = (name: string, label: string, type = 'text') => (
    <label key={name}>
      {t(label)}{' '}
      <input
        type={type}
        value={draft[name] ?? ''}
        onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
      />
    </label>
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onDone(() => createBatch({ ...draft, component: 'PR' }));
  };
  return (
    <form className="practical-form" onSubmit={submit} aria-label={t('New practical batch')}>
      <fieldset>
        <legend>{t('New practical batch')}</legend>
        {field('exam_id', 'Exam')}
        {field('session_id', 'Session')}
        {field('course_comb_id', 'Course')}
        {field('sem_id', 'Semester')}
        {field('paper_id', 'Paper')}
        {field('college_id', 'College')}
        {field('practical_date', 'Date', 'date')}
        <label>
          {t('Shift')}{' '}
          <select
            value={draft.practical_shift}
            onChange={(e) => setDraft({ ...draft, practical_shift: e.target.value })}
          >
            <option value="FN">FN</option>
            <option value="AN">AN</option>
          </select>
        </label>
        {field('lab', 'Laboratory')}
        {field('internal_examiner', 'Internal examiner')}
        {field('external_examiner', 'External examiner')}
        <button type="submit" className="button">
          {t('Create batch')}
        </button>
      </fieldset>
    </form>
  );
}

/** The entry screen of one component: a batch picked by ?batch_id=, its facts, and the one marks grid. */
export function BatchEntryScreen({
  component,
  title,
  listPath,
  coded,
}: {
  component: MarkComponent;
  title: string;
  listPath: string;
  coded?: boolean;
}) {
  const { t } = useT();
  const [search] = useSearchParams();
  const batchId = search.get('batch_id') ?? '';
  const batch = useBatch(batchId);
  const queryClient = useQueryClient();
  if (!batchId) {
    return (
      <Page title={title}>
        <p>{t('Pick a batch to enter its marks')}</p>
        <PickBatch component={component} coded={coded} entryPath={window.location.pathname} />
        <p>
          <Link to={listPath}>{t('Batch')}</Link>
        </p>
      </Page>
    );
  }
  const b = batch.data;
  return (
    <Page title={title}>
      {batch.isError && <Notice kind="error">{batch.error.message}</Notice>}
      {b && (
        <>
          <dl className="batch-facts">
            <div>
              <dt>{t('Batch')}</dt>
              <dd>{b.batch_id}</dd>
            </div>
            <div>
              <dt>{t('Exam')}</dt>
              <dd>{b.exam_id}</dd>
            </div>
            <div>
              <dt>{t('Paper')}</dt>
              <dd>
                {b.paper_id} ({b.course_comb_id} {b.sem_id}, {b.session_id})
              </dd>
            </div>
            <div>
              <dt>{t('Component')}</dt>
              <dd>{t(markComponent.labelOf(b.component))}</dd>
            </div>
            {b.coded ? (
              <div>
                <dt>{t('Packet')}</dt>
                <dd>
                  {b.packet_no} · {t('Entry')} {b.entry_no}
                </dd>
              </div>
            ) : (
              <div>
                <dt>{t('College')}</dt>
                <dd>
                  {b.college_id ?? '—'}
                  {b.dept_id ? ` · ${b.dept_id}` : ''}
                </dd>
              </div>
            )}
            {b.component === 'PR' && (
              <div>
                <dt>{t('Lab')}</dt>
                <dd>
                  {b.practical_date} {b.practical_shift} · {b.lab} · {t('Examiners')}:{' '}
                  {[b.internal_examiner, b.external_examiner].join(', ')}
                </dd>
              </div>
            )}
            <div>
              <dt>{t('Deadline')}</dt>
              <dd>{fmtDate(b.deadline)}</dd>
            </div>
          </dl>
          <p className="hint">
            {t(
              'Type marks and press Enter to go down (Shift+Enter up); type AB for an absent ' +
                'candidate. The draft saves itself.',
            )}
          </p>
          <MarksGrid
            key={b.batch_id}
            batch={b}
            onChanged={() =>
              void queryClient.invalidateQueries({ queryKey: ['entrybatch', 'one', b.batch_id] })
            }
          />
        </>
      )}
    </Page>
  );
}

function PickBatch({
  component,
  coded,
  entryPath,
}: {
  component: MarkComponent;
  coded?: boolean;
  entryPath: string;
}) {
  const list = useBatches({ component });
  const batches = (list.data?.entrybatch ?? []).filter((b) => coded === undefined || b.coded === coded);
  return <BatchTable batches={batches} entryPath={entryPath} />;
}

/** /InternalEntryList: batches not yet submitted, per college and paper, with deadlines; overdue ones red. */
export function PendingScreen() {
  const { t } = useT();
  const filters = useFilters();
  const [exam, setExam] = useState(filters.exam);
  const pending = usePending({ exam_id: filters.exam, component: 'INT' });
  const rows = pending.data?.pending ?? [];
  return (
    <Page title="Pending internal entry">
      <form
        className="exam-picker"
        onSubmit={(e) => {
          e.preventDefault();
          filters.set({ exam_id: exam.trim() });
        }}
      >
        <label>
          {t('Exam')} <input value={exam} onChange={(e) => setExam(e.target.value)} />
        </label>
        <button type="submit" className="button secondary">
          {t('Show')}
        </button>
      </form>
      <p>
        {rows.length} {t('batches not yet submitted')}
      </p>
      <table className="data-table marks-batches">
        <thead>
          <tr>
            <th scope="col">{t('Batch')}</th>
            <th scope="col">{t('Paper')}</th>
            <th scope="col">{t('College')}</th>
            <th scope="col">{t('Department')}</th>
            <th scope="col">{t('Status')}</th>
            <th scope="col">{t('Pending')}</th>
            <th scope="col">{t('Deadline')}</th>
            <th scope="col" />
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.batch_id} className={p.overdue ? 'overdue' : undefined}>
              <td>{p.batch_id}</td>
              <td>{p.paper_id}</td>
              <td>{p.college_id}</td>
              <td>{p.dept_id ?? '—'}</td>
              <td>{t(entryBatchStatus.labelOf(p.status))}</td>
              <td>
                {p.pending} / {p.rows}
              </td>
              <td>
                {fmtDate(p.deadline)}
                {p.overdue ? ` · ${t('Overdue')}` : ''}
              </td>
              <td>
                <Link
                  className="button secondary"
                  to={`/NewSchemeInternalEntry?batch_id=${encodeURIComponent(p.batch_id)}`}
                >
                  {t('Enter marks')}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Page>
  );
}

/** /CIAList, /OldSchemeCIA, /NewSchemeCIA: the CIA patterns (of one scheme), and adding one. */
export function CiaPatternScreen({ scheme, title }: { scheme?: 'OLD' | 'NEW'; title: string }) {
  const { t } = useT();
  const { holds } = usePermissions();
  const patterns = useCiaPatterns(scheme);
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState({
    pattern_id: '',
    wef_session_id: '',
    rounding: 'HALF_UP',
    decimals: '0',
    components: '',
  });
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const components = draft.components
      .split('\n')
      .filter((l) => l.trim())
      .map((line) => {
        const [code = '', name = '', weight = '', max = '', best = ''] = line.split(',').map((p) => p.trim());
        return {
          code,
          name,
          weight_percent: weight,
          max_marks: max,
          best_of: best ? Number(best) : null,
          mandatory: true,
          attendance_bands: null,
        };
      });
    try {
      const answer = await createPattern({
        ...draft,
        scheme: scheme ?? 'NEW',
        decimals: Number(draft.decimals),
        components,
      });
      setMessage({ kind: 'success', text: answer.message });
      await queryClient.invalidateQueries({ queryKey: ['ciapattern'] });
    } catch (error) {
      setMessage({
        kind: 'error',
        text: isApiError(error)
          ? [
              error.message,
              ...Object.entries(error.fieldErrors ?? {}).map(([f, m]) => `${f}: ${m.join(', ')}`),
            ].join(' ')
          : String(error),
      });
    }
  };
  return (
    <Page title={title}>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t('Pattern')}</th>
            <th scope="col">{t('Scheme')}</th>
            <th scope="col">{t('From session')}</th>
            <th scope="col">{t('Rounding')}</th>
            <th scope="col">{t('Decimals')}</th>
            <th scope="col">{t('Components')}</th>
          </tr>
        </thead>
        <tbody>
          {(patterns.data ?? []).map((p) => (
            <tr key={p.pattern_id}>
              <td>{p.pattern_id}</td>
              <td>{p.scheme}</td>
              <td>{p.wef_session_id}</td>
              <td>{p.rounding}</td>
              <td>{p.decimals}</td>
              <td>
                {p.components
                  .map((c) => `${c.name} ${c.weight_percent}%${c.best_of ? ` (best ${c.best_of})` : ''}`)
                  .join('; ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {holds('exam-setup.write') && (
        <form className="practical-form" onSubmit={(e) => void submit(e)}>
          <fieldset>
            <legend>{t('Add pattern')}</legend>
            <label>
              {t('Pattern')}{' '}
              <input
                value={draft.pattern_id}
                onChange={(e) => setDraft({ ...draft, pattern_id: e.target.value })}
              />
            </label>
            <label>
              {t('From session')}{' '}
              <input
                value={draft.wef_session_id}
                onChange={(e) => setDraft({ ...draft, wef_session_id: e.target.value })}
              />
            </label>
            <label>
              {t('Rounding')}{' '}
              <select
                value={draft.rounding}
                onChange={(e) => setDraft({ ...draft, rounding: e.target.value })}
              >
                {['HALF_UP', 'CEIL', 'FLOOR', 'NONE'].map((r) => (
                  <option key={r}>{r}</option>
                ))}
              </select>
            </label>
            <label>
              {t('Decimals')}{' '}
              <input
                value={draft.decimals}
                onChange={(e) => setDraft({ ...draft, decimals: e.target.value })}
              />
            </label>
            <label>
              {t('Components')}{' '}
              <textarea
                rows={4}
                value={draft.components}
                placeholder={t('code, name, weight %, maximum, best of (one per line)')}
                onChange={(e) => setDraft({ ...draft, components: e.target.value })}
              />
            </label>
            <button type="submit" className="button">
              {t('Add pattern')}
            </button>
          </fieldset>
        </form>
      )}
    </Page>
  );
}
