import {
  codingMode,
  editableInPhase,
  examCcinfoWorkflow,
  examPhase,
  phaseLocks,
  type ExamPhase,
  type CapabilityKey,
} from '@exam/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { DataTable, type TableColumn } from '../../components/ui/data-table.tsx';
import { ErrorList, listServerErrors } from '../../components/ui/error-list.tsx';
import { TextField } from '../../components/ui/form-parts.tsx';
import { T } from '../../components/ui/text.tsx';
import { Notice, Page } from '../../components/ui/page.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import {
  BulkActions,
  selectColumn,
  useBulkSelection,
  WorkflowActions,
} from '../../components/ui/workflow-actions.tsx';
import { isApiError } from '../../lib/api.ts';
import { usePermissions } from '../../lib/auth.ts';
import { intlLocale, useT } from '../../lib/i18n.ts';
import { linkAction, linkKey, linkText, saveLink, useLink, useLinks, type ExamLink } from './forms-api.ts';
import './exam-forms.css';

/**
 * The exam course link screens of the route table (lifecycle S2): list, add, edit and view with the phase
 * actions.
 */

export const linkLabels: Record<string, string> = {
  exam_id: 'Exam',
  session_id: 'Session',
  course_comb_id: 'Course Combination',
  sem_id: 'Semester',
  phase: 'Phase',
  coding: 'Answer-book coding',
  form_open_at: 'Forms open',
  form_due_at: 'Due date (late fee after)',
  late_fee_close_at: 'Late-fee forms close',
  base_fee: 'Base fee (₹)',
  back_paper_fee: 'Per back/improvement paper (₹)',
  practical_fee: 'Per practical paper (₹)',
  late_fee: 'Late fee (₹)',
  category_concessions: 'Category concessions (%)',
  allow_types: 'Candidate types',
};
const labels = linkLabels;
/**
 * The texts the exam course link screens write inline (the Hindi catalogue test checks each has its Hindi).
 */
export const linkTexts = [
  'Exam course link',
  'Forms',
  'Action',
  'Edit',
  'List Exams CC Info',
  'Add Exam CC Info',
  'All',
  'Show',
  'The exam course links could not be loaded: {{message}}',
  '{{n}} exam course links',
  'No exam course link yet.',
  '{{phase}}: {{locks}} is read-only.',
  'Course-semester',
  'Form window',
  'Fees and candidates',
  'category:percent, e.g. SC:50 ST:50',
  'Save',
  'Add',
  'Edit Exam CC Info',
  'View Exam CC Info',
  'Read-only in this phase: {{locks}}.',
];
const keyFields = ['exam_id', 'session_id', 'course_comb_id', 'sem_id'] as const;
const windowFields = ['form_open_at', 'form_due_at', 'late_fee_close_at'] as const;
const feeFields = [
  'base_fee',
  'back_paper_fee',
  'practical_fee',
  'late_fee',
  'category_concessions',
  'allow_types',
] as const;
const when = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' }) : '—';
/** `datetime-local` inputs speak local time without an offset; the API takes an ISO instant. */
const toLocalInput = (iso: string | null | undefined) =>
  iso
    ? new Date(new Date(iso).getTime() - new Date(iso).getTimezoneOffset() * 60_000)
        .toISOString()
        .slice(0, 16)
    : '';
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : '');
const keyFromSearch = (search: URLSearchParams) =>
  keyFields.every((f) => search.get(f))
    ? linkKey(Object.fromEntries(keyFields.map((f) => [f, search.get(f)!])) as never)
    : '';
const searchOf = (link: ExamLink) =>
  new URLSearchParams(Object.fromEntries(keyFields.map((f) => [f, link[f]]))).toString();

export function ExamLinkList() {
  const [search, setSearch] = useSearchParams();
  const { holds, user } = usePermissions();
  const filters = { exam_id: search.get('exam_id') ?? '', phase: search.get('phase') ?? '' };
  const links = useLinks(filters);
  const { t } = useT();
  const client = useQueryClient();
  const bulk = useBulkSelection(JSON.stringify(filters));
  // Closing forms, allotting rolls, starting conduct: for every link of an exam at once, where the role may.
  const inBulk = Object.values(examCcinfoWorkflow.actions).some((a) => holds(a.capability as CapabilityKey));
  /** A link's key as the bulk call reads it (`exam/session/course/semester`). */
  const bulkKey = (l: ExamLink) => [l.exam_id, l.session_id, l.course_comb_id, l.sem_id].join('/');
  const columns: TableColumn<ExamLink>[] = [
    ...(inBulk ? [selectColumn<ExamLink>(bulk, bulkKey, t)] : []),
    {
      id: 'link',
      header: 'Exam course link',
      cell: (l) => <Link to={`/ViewExamCCInfo?${searchOf(l)}`}>{linkText(l)}</Link>,
    },
    {
      id: 'phase',
      header: 'Phase',
      cell: (l) => (
        <span className="status-badge" data-status={l.phase}>
          <T>{examPhase.labelOf(l.phase)}</T>
        </span>
      ),
    },
    { id: 'window', header: 'Forms', cell: (l) => `${when(l.form_open_at)} → ${when(l.late_fee_close_at)}` },
    { id: 'fee', header: 'Base fee (₹)', cell: (l) => l.base_fee },
    ...(holds('exam-setup.write')
      ? [
          {
            id: 'edit',
            header: 'Action',
            cell: (l: ExamLink) => (
              <Link to={`/EditExamCCInfo?${searchOf(l)}`}>
                <T>Edit</T>
              </Link>
            ),
          },
        ]
      : []),
  ];
  return (
    <Page
      title="List Exams CC Info"
      actions={
        holds('exam-setup.write') ? (
          <Link className="button" to="/AddExamCCInfo">
            {t('Add Exam CC Info')}
          </Link>
        ) : undefined
      }
    >
      <form
        className="filter-row"
        onSubmit={(e) => {
          e.preventDefault();
          const d = new FormData(e.currentTarget);
          setSearch(Object.fromEntries([...d.entries()].filter(([, v]) => v)) as Record<string, string>);
        }}
      >
        <TextField id="filter-exam" name="exam_id" label={t('Exam')} defaultValue={filters.exam_id} />
        <div className="field">
          <label htmlFor="filter-phase">{t('Phase')}</label>
          <select id="filter-phase" name="phase" defaultValue={filters.phase}>
            <option value="">{t('All')}</option>
            {examPhase.options.map((o) => (
              <option key={o.value} value={o.value}>
                {t(o.label)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button secondary">
          {t('Show')}
        </button>
      </form>
      <QueryState
        query={links}
        failure={(e) => t('The exam course links could not be loaded: {{message}}', { message: e.message })}
      >
        {(answer) => (
          <>
            {inBulk && (
              <BulkActions
                workflow={examCcinfoWorkflow}
                resourcePath="examccinfo"
                role={user?.name}
                bulk={bulk}
                total={answer.total}
                filter={Object.fromEntries(Object.entries(filters).filter(([, v]) => v))}
                rows={answer.examccinfo as unknown as Record<string, unknown>[]}
                keyOf={(row) => bulkKey(row as unknown as ExamLink)}
                onMoved={() => void client.invalidateQueries({ queryKey: ['examccinfo'] })}
              />
            )}
            <DataTable
              caption={t('{{n}} exam course links', { n: answer.total })}
              columns={columns}
              rows={answer.examccinfo}
              rowKey={linkKey}
              emptyText="No exam course link yet."
            />
          </>
        )}
      </QueryState>
    </Page>
  );
}

function LinkForm({ link }: { link?: ExamLink }) {
  const navigate = useNavigate();
  const { t } = useT();
  const client = useQueryClient();
  const open = link ? editableInPhase(link.phase) : null;
  const [values, setValues] = useState<Record<string, string>>(() => ({
    exam_id: link?.exam_id ?? 'MAIN-DEC-2024',
    session_id: link?.session_id ?? '',
    course_comb_id: link?.course_comb_id ?? '',
    sem_id: link?.sem_id ?? '',
    coding: link?.coding ?? 'OFF',
    ...Object.fromEntries(windowFields.map((f) => [f, toLocalInput(link?.[f])])),
    ...Object.fromEntries(
      feeFields.map((f) => [
        f,
        link?.[f] ?? ({ allow_types: 'REGULAR EX BACK IMPROVEMENT' } as Record<string, string>)[f] ?? '',
      ]),
    ),
  }));
  const [failure, setFailure] = useState<{ text: string; errors?: Record<string, string[]> }>();
  const field = (name: string, type = 'text') => ({
    id: `link-${name}`,
    name,
    label: t(labels[name]!),
    type,
    value: values[name] ?? '',
    disabled: !!open && !open.includes(name),
    onChange: (e: { target: { value: string } }) => setValues({ ...values, [name]: e.target.value }),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: Record<string, unknown> = {
      ...values,
      ...Object.fromEntries(windowFields.map((f) => [f, fromLocalInput(values[f] ?? '')])),
    };
    if (link) {
      for (const f of keyFields) delete body[f];
      for (const f of Object.keys(body)) if (!open!.includes(f)) delete body[f];
      body.updated_at = link.updated_at;
    }
    try {
      const answer = await saveLink(body, link ? linkKey(link) : undefined);
      await client.invalidateQueries({ queryKey: ['examccinfo'] });
      navigate(`/ViewExamCCInfo?${searchOf(answer.examccinfo)}`, { state: { message: answer.message } });
    } catch (error) {
      setFailure({
        text: error instanceof Error ? error.message : String(error),
        errors: isApiError(error) ? error.body.errors : undefined,
      });
    }
  };
  return (
    <form className="exam-link-form" onSubmit={(e) => void submit(e)}>
      {failure && <ErrorList message={failure.text} errors={listServerErrors(failure.errors, labels)} />}
      {link && (
        <Notice kind="info">
          {t('{{phase}}: {{locks}} is read-only.', {
            phase: t(examPhase.labelOf(link.phase)),
            locks: t(phaseLocks[link.phase as ExamPhase]),
          })}
        </Notice>
      )}
      <fieldset>
        <legend>{t('Course-semester')}</legend>
        {keyFields.map((f) => (
          <TextField key={f} {...field(f)} disabled={!!link} />
        ))}
      </fieldset>
      <fieldset>
        <legend>{t('Form window')}</legend>
        {windowFields.map((f) => (
          <TextField key={f} {...field(f, 'datetime-local')} />
        ))}
      </fieldset>
      <fieldset>
        <legend>{t('Fees and candidates')}</legend>
        {feeFields.map((f) => (
          <TextField
            key={f}
            {...field(f)}
            hint={
              f === 'category_concessions' ? (
                <small className="hint">{t('category:percent, e.g. SC:50 ST:50')}</small>
              ) : undefined
            }
          />
        ))}
        <div className="field">
          <label htmlFor="link-coding">{t(labels.coding!)}</label>
          <select
            id="link-coding"
            value={values.coding}
            disabled={!!open && !open.includes('coding')}
            onChange={(e) => setValues({ ...values, coding: e.target.value })}
          >
            {codingMode.options.map((o) => (
              <option key={o.value} value={o.value}>
                {t(o.label)}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="button">
          {t(link ? 'Save' : 'Add')}
        </button>
      </div>
    </form>
  );
}

export function ExamLinkAdd() {
  return (
    <Page title="Add Exam CC Info">
      <LinkForm />
    </Page>
  );
}

export function ExamLinkEdit() {
  const [search] = useSearchParams();
  const link = useLink(keyFromSearch(search));
  return (
    <Page title="Edit Exam CC Info">
      <QueryState query={link} failure={(e) => e.message}>
        {(l) => <LinkForm key={l.updated_at} link={l} />}
      </QueryState>
    </Page>
  );
}

export function ExamLinkView() {
  const [search] = useSearchParams();
  const key = keyFromSearch(search);
  const link = useLink(key);
  const client = useQueryClient();
  const { user } = usePermissions();
  const { t } = useT();
  return (
    <Page
      title="View Exam CC Info"
      actions={
        <Link className="button secondary" to={`/EditExamCCInfo?${search.toString()}`}>
          {t('Edit')}
        </Link>
      }
    >
      <QueryState query={link} failure={(e) => e.message}>
        {(l) => (
          <>
            <WorkflowActions
              workflow={examCcinfoWorkflow}
              record={l as never}
              role={user?.name}
              onAct={async (action, reason) => {
                const answer = await linkAction(l, action, reason);
                await client.invalidateQueries({ queryKey: ['examccinfo'] });
                return answer.message;
              }}
            />
            <Notice kind="info">
              {t('Read-only in this phase: {{locks}}.', { locks: t(phaseLocks[l.phase as ExamPhase]) })}
            </Notice>
            <dl className="record-fields">
              {[...keyFields, 'phase', 'coding', ...windowFields, ...feeFields].map((f) => (
                <div key={f}>
                  <dt>{t(labels[f]!)}</dt>
                  <dd>
                    {f === 'phase'
                      ? t(examPhase.labelOf(l.phase))
                      : (windowFields as readonly string[]).includes(f)
                        ? when(l[f as keyof ExamLink] as string)
                        : String(l[f as keyof ExamLink] ?? '—')}
                  </dd>
                </div>
              ))}
            </dl>
          </>
        )}
      </QueryState>
    </Page>
  );
}
