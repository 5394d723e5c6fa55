import {
  attemptType,
  candidateType,
  examFormStatus,
  examFormWorkflow,
  typeList,
  type CapabilityKey,
  type Workflow,
} from '@exam/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
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
import { useT } from '../../lib/i18n.ts';
import {
  createForm,
  downloadFormPdf,
  formAction,
  linkText,
  useEligible,
  useForm,
  useForms,
  useOwnStudent,
  type ExamForm,
} from './forms-api.ts';
import './exam-forms.css';

/**
 * The exam-form screens (lifecycle S2): /PreExamForm for a student's own forms, /PreExamFormEntry for office
 * and colleges.
 */

type Failure = { text: string; errors?: Record<string, string[]> };
const failureOf = (error: unknown): Failure => ({
  text: error instanceof Error ? error.message : String(error),
  errors: isApiError(error) ? error.body.errors : undefined,
});
export const formLabels = {
  extra_papers: 'Back/improvement papers',
  candidate_type: 'Candidate type',
  student_id: 'Student',
  amount: 'Amount',
  payment_ref: 'Payment reference',
  exam_id: 'Exam',
};
const labels = formLabels;
/** The texts the exam-form screens write inline (the Hindi catalogue test checks each has its Hindi). */
export const formTexts = [
  'No exam course link of your semesters is open for forms now.',
  'closes {{date}}',
  'Fill an exam form',
  'Exam and semester',
  'Your regular papers are the papers of your enrolment; they are added by themselves and cannot ' +
    'be changed here.',
  'Back and improvement papers (from your eligible list)',
  'You have no back or improvement paper to take.',
  '{{paper}} ({{session}} semester {{sem}})',
  'attempt {{n}}',
  'Save as draft',
  'Exam form',
  'college {{college}}',
  'Reason: {{reason}}',
  'Amount (fee ₹{{fee}})',
  'Mark fee paid',
  'Papers',
  'Paper',
  'Syllabus',
  'Attempt',
  'Fee',
  'Item',
  'How',
  'Paid ₹{{amount}} (reference {{ref}}).',
  'Print form (PDF)',
  'Form',
  'Student',
  'Candidate',
  'Status',
  'Fee (₹)',
  'Pre Exam Form',
  'My exam forms',
  'You have no exam form yet.',
  'Your account is not linked to a student.',
  'Pre Exam Form Entry',
  'College',
  'All',
  'Show',
  '{{n}} exam forms',
  'No exam form matches.',
  'Enter a form for a student',
  'Enrolment no.',
  'Load',
];
// Paying takes a reference and an amount: its own small form, not the generic action dialog.
const { pay: _pay, ...withoutPay } = examFormWorkflow.actions;
const actionsWithoutPay = { ...examFormWorkflow, actions: withoutPay } as unknown as Workflow;

/**
 * A new form: an open exam course link of the student's semesters, the candidate type, and papers from the
 * eligible list.
 */
function NewForm({
  studentId,
  onCreated,
}: {
  studentId: string;
  onCreated: (form: ExamForm, message: string) => void;
}) {
  const eligible = useEligible(studentId);
  const { t } = useT();
  const [choice, setChoice] = useState('');
  const [type, setType] = useState('');
  const [papers, setPapers] = useState<string[]>([]);
  const [failure, setFailure] = useState<Failure>();
  return (
    <QueryState query={eligible} failure={(e) => e.message}>
      {({ links, papers: offered }) => {
        if (!links.length)
          return (
            <Notice kind="info">{t('No exam course link of your semesters is open for forms now.')}</Notice>
          );
        const link = links[Number(choice || 0)]!;
        const types = typeList(link.allow_types).filter((type) =>
          link.enrolled ? true : type !== 'REGULAR',
        );
        const chosenType = types.includes(type) ? type : types[0]!;
        const submit = async (event: FormEvent) => {
          event.preventDefault();
          const extra = offered
            .filter((p) => papers.includes(`${p.session_id}/${p.paper_id}`))
            .map(({ session_id, course_comb_id, sem_id, paper_id, attempt_type }) => ({
              session_id,
              course_comb_id,
              sem_id,
              paper_id,
              attempt_type,
            }));
          try {
            const answer = await createForm({
              exam_id: link.exam_id,
              student_id: studentId,
              session_id: link.session_id,
              course_comb_id: link.course_comb_id,
              sem_id: link.sem_id,
              candidate_type: chosenType,
              extra_papers: extra,
            });
            onCreated(answer.examform, answer.message);
          } catch (error) {
            setFailure(failureOf(error));
          }
        };
        return (
          <form className="new-form" onSubmit={(e) => void submit(e)} aria-labelledby="new-form-title">
            <h2 id="new-form-title">{t('Fill an exam form')}</h2>
            {failure && (
              <ErrorList message={failure.text} errors={listServerErrors(failure.errors, labels)} />
            )}
            <div className="field">
              <label htmlFor="form-link">{t('Exam and semester')}</label>
              <select id="form-link" value={choice} onChange={(e) => setChoice(e.target.value)}>
                {links.map((l, i) => {
                  const date =
                    l.late_fee_close_at && new Date(l.late_fee_close_at).toLocaleDateString('en-IN');
                  const closes = date ? ` — ${t('closes {{date}}', { date })}` : '';
                  return <option key={i} value={i}>{`${linkText(l)}${closes}`}</option>;
                })}
              </select>
            </div>
            <div className="field">
              <label htmlFor="form-type">{t(labels.candidate_type)}</label>
              <select id="form-type" value={chosenType} onChange={(e) => setType(e.target.value)}>
                {types.map((type) => (
                  <option key={type} value={type}>
                    {t(candidateType.labelOf(type))}
                  </option>
                ))}
              </select>
            </div>
            {(chosenType === 'REGULAR' || chosenType === 'EX') && (
              <p className="hint">
                {t(
                  'Your regular papers are the papers of your enrolment; they are added by ' +
                    'themselves and cannot be changed here.',
                )}
              </p>
            )}
            <fieldset>
              <legend>{t('Back and improvement papers (from your eligible list)')}</legend>
              {offered.length === 0 && (
                <p className="hint">{t('You have no back or improvement paper to take.')}</p>
              )}
              {offered.map((p) => {
                const id = `${p.session_id}/${p.paper_id}`;
                const paper = t('{{paper}} ({{session}} semester {{sem}})', {
                  paper: `${p.paper_id} ${p.paper_name}`,
                  session: p.session_id,
                  sem: p.sem_id,
                });
                const attempt = [
                  t(attemptType.labelOf(p.attempt_type)),
                  t('attempt {{n}}', { n: p.attempt_no }),
                ].join(', ');
                return (
                  <label key={id} className="check">
                    <input
                      type="checkbox"
                      disabled={!p.eligible}
                      checked={papers.includes(id)}
                      onChange={(e) =>
                        setPapers(e.target.checked ? [...papers, id] : papers.filter((x) => x !== id))
                      }
                    />
                    {` ${paper} — ${attempt}${p.why ? ` — ${p.why}` : ''}`}
                  </label>
                );
              })}
            </fieldset>
            <div className="form-actions">
              <button type="submit" className="button">
                {t('Save as draft')}
              </button>
            </div>
          </form>
        );
      }}
    </QueryState>
  );
}

/**
 * One form: its papers, fee computation, status with reason, the actions the role may take now, payment and
 * printout.
 */
function FormDetail({ formId }: { formId: string }) {
  const detail = useForm(formId);
  const { t } = useT();
  const client = useQueryClient();
  const { user, holds } = usePermissions();
  const [message, setMessage] = useState<string>();
  const [failure, setFailure] = useState<Failure>();
  const refresh = () => client.invalidateQueries({ queryKey: ['examform'] });
  return (
    <QueryState query={detail} failure={(e) => e.message}>
      {({ examform: form, fee }) => (
        <section className="form-detail" aria-labelledby="form-detail-title">
          <h2 id="form-detail-title">
            {`${t('Exam form')} ${form.form_id} — ${form.student_id}` +
              (form.name_en ? ` ${form.name_en}` : '')}
          </h2>
          <p>
            {[
              linkText(form),
              t(candidateType.labelOf(form.candidate_type)),
              t('college {{college}}', { college: form.college_id }),
            ].join(' · ')}
          </p>
          {message && <Notice kind="success">{message}</Notice>}
          {failure && <ErrorList message={failure.text} errors={listServerErrors(failure.errors, labels)} />}
          {form.status_reason && (
            <Notice kind={form.status === 'RETURNED' || form.status === 'REJECTED' ? 'error' : 'info'}>
              {t('Reason: {{reason}}', { reason: form.status_reason })}
            </Notice>
          )}
          <WorkflowActions
            workflow={actionsWithoutPay}
            record={form as never}
            role={user?.name}
            onAct={async (action, reason) => {
              const answer = await formAction(form, action, { reason });
              await refresh();
              return answer.message;
            }}
          />
          {form.status === 'SUBMITTED' && holds('exam-forms.approve') && (
            <form
              className="pay-form"
              onSubmit={(e) => {
                e.preventDefault();
                const data = new FormData(e.currentTarget);
                formAction(form, 'pay', { payment_ref: data.get('payment_ref'), amount: data.get('amount') })
                  .then(async (answer) => {
                    setFailure(undefined);
                    setMessage(answer.message);
                    await refresh();
                  })
                  .catch((error: unknown) => setFailure(failureOf(error)));
              }}
            >
              <TextField id="pay-ref" name="payment_ref" label={t(labels.payment_ref)} />
              <TextField
                id="pay-amount"
                name="amount"
                label={t('Amount (fee ₹{{fee}})', { fee: form.fee_amount })}
                defaultValue={form.fee_amount}
                inputMode="decimal"
              />
              <button type="submit" className="button">
                {t('Mark fee paid')}
              </button>
            </form>
          )}
          <table className="papers">
            <caption>{t('Papers')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('Paper')}</th>
                <th scope="col">{t('Syllabus')}</th>
                <th scope="col">{t('Attempt')}</th>
              </tr>
            </thead>
            <tbody>
              {(form.papers ?? []).map((p) => (
                <tr key={`${p.session_id}/${p.paper_id}`}>
                  <td>{p.paper_id}</td>
                  <td>{`${p.course_comb_id} ${p.sem_id} (${p.session_id})`}</td>
                  <td>{`${t(attemptType.labelOf(p.attempt_type))} #${p.attempt_no}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="fee">
            <caption>{t('Fee')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('Item')}</th>
                <th scope="col">{t('How')}</th>
                <th scope="col">₹</th>
              </tr>
            </thead>
            <tbody>
              {fee.map((l) => (
                <tr key={l.item} className={l.item === 'Total' ? 'total' : undefined}>
                  <td>{l.item}</td>
                  <td>{l.text}</td>
                  <td className="amount">{l.amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {form.payment_ref && (
            <p>
              {t('Paid ₹{{amount}} (reference {{ref}}).', {
                amount: form.paid_amount,
                ref: form.payment_ref,
              })}
            </p>
          )}
          <button
            type="button"
            className="button secondary"
            onClick={() => void downloadFormPdf(form.form_id).catch((e: unknown) => setFailure(failureOf(e)))}
          >
            {t('Print form (PDF)')}
          </button>
        </section>
      )}
    </QueryState>
  );
}

const columns = (open: (id: string) => void): TableColumn<ExamForm>[] => [
  {
    id: 'form',
    header: 'Form',
    cell: (f) => (
      <button type="button" className="link-button" onClick={() => open(f.form_id)}>
        {f.form_id}
      </button>
    ),
  },
  { id: 'student', header: 'Student', cell: (f) => `${f.student_id}${f.name_en ? ` ${f.name_en}` : ''}` },
  { id: 'semester', header: 'Exam and semester', cell: (f) => linkText(f) },
  { id: 'type', header: 'Candidate', cell: (f) => <T>{candidateType.labelOf(f.candidate_type)}</T> },
  {
    id: 'status',
    header: 'Status',
    cell: (f) => (
      <span className="status-badge" data-status={f.status}>
        <T>{examFormStatus.labelOf(f.status)}</T>
      </span>
    ),
  },
  { id: 'fee', header: 'Fee (₹)', cell: (f) => f.fee_amount },
];

/** /PreExamForm: the signed-in student's forms and a new one. */
export function StudentExamForm() {
  const student = useOwnStudent();
  const { t } = useT();
  const [search, setSearch] = useSearchParams();
  const forms = useForms({});
  const client = useQueryClient();
  const [message, setMessage] = useState<string>();
  const open = search.get('form') ?? '';
  return (
    <Page title="Pre Exam Form">
      {message && <Notice kind="success">{message}</Notice>}
      <QueryState query={forms} failure={(e) => e.message}>
        {(answer) => (
          <DataTable
            caption="My exam forms"
            columns={columns((id) => setSearch({ form: id }))}
            rows={answer.examform}
            rowKey={(f) => f.form_id}
            emptyText="You have no exam form yet."
          />
        )}
      </QueryState>
      {open && <FormDetail formId={open} />}
      <QueryState query={student} failure={(e) => e.message}>
        {(s) =>
          s ? (
            <NewForm
              studentId={s.student_id}
              onCreated={(form, text) => {
                setMessage(text);
                setSearch({ form: form.form_id });
                void client.invalidateQueries({ queryKey: ['examform'] });
              }}
            />
          ) : (
            <Notice kind="info">{t('Your account is not linked to a student.')}</Notice>
          )
        }
      </QueryState>
    </Page>
  );
}

/**
 * /PreExamFormEntry: office enters forms for students; office and a college's faculty verify, return, approve
 * (per college, by status).
 */
export function ExamFormEntry() {
  const [search, setSearch] = useSearchParams();
  const { holds } = usePermissions();
  const { t } = useT();
  const client = useQueryClient();
  const filters = {
    exam_id: search.get('exam_id') ?? '',
    college_id: search.get('college_id') ?? '',
    status: search.get('status') ?? '',
  };
  const forms = useForms(filters);
  const { user } = usePermissions();
  const bulk = useBulkSelection(JSON.stringify(filters));
  // Office approves, the college head verifies: the bulk bar for whoever may take an action (a fee payment
  // is recorded form by form, with its own amount and reference).
  const inBulk = Object.values(withoutPay).some((a) => holds(a.capability as CapabilityKey));
  const open = search.get('form') ?? '';
  const [student, setStudent] = useState('');
  const [entering, setEntering] = useState('');
  const [message, setMessage] = useState<string>();
  const go = (next: Record<string, string>) =>
    setSearch(Object.fromEntries(Object.entries({ ...filters, form: open, ...next }).filter(([, v]) => v)));
  return (
    <Page title="Pre Exam Form Entry">
      {message && <Notice kind="success">{message}</Notice>}
      <form
        className="filter-row"
        onSubmit={(e) => {
          e.preventDefault();
          const d = new FormData(e.currentTarget);
          go({ ...(Object.fromEntries(d.entries()) as Record<string, string>), form: '' });
        }}
      >
        <TextField id="filter-exam" name="exam_id" label={t('Exam')} defaultValue={filters.exam_id} />
        <TextField
          id="filter-college"
          name="college_id"
          label={t('College')}
          defaultValue={filters.college_id}
        />
        <div className="field">
          <label htmlFor="filter-status">{t('Status')}</label>
          <select id="filter-status" name="status" defaultValue={filters.status}>
            <option value="">{t('All')}</option>
            {examFormStatus.options.map((o) => (
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
      <QueryState query={forms} failure={(e) => e.message}>
        {(answer) => (
          <>
            {inBulk && (
              <BulkActions
                workflow={actionsWithoutPay}
                resourcePath="examform"
                role={user?.name}
                bulk={bulk}
                total={answer.total}
                filter={Object.fromEntries(Object.entries(filters).filter(([, v]) => v))}
                rows={answer.examform as unknown as Record<string, unknown>[]}
                keyOf={(row) => String(row.form_id)}
                onMoved={() => void client.invalidateQueries({ queryKey: ['examform'] })}
              />
            )}
            <DataTable
              caption={t('{{n}} exam forms', { n: answer.total })}
              columns={[
                ...(inBulk ? [selectColumn<ExamForm>(bulk, (f) => f.form_id, t)] : []),
                ...columns((id) => go({ form: id })),
              ]}
              rows={answer.examform}
              rowKey={(f) => f.form_id}
              emptyText="No exam form matches."
            />
          </>
        )}
      </QueryState>
      {open && <FormDetail formId={open} />}
      {holds('exam-forms.fill') && (
        <section className="entry" aria-labelledby="entry-title">
          <h2 id="entry-title">{t('Enter a form for a student')}</h2>
          <form
            className="filter-row"
            onSubmit={(e) => {
              e.preventDefault();
              setEntering(student.trim());
            }}
          >
            <TextField
              id="entry-student"
              label={t('Enrolment no.')}
              value={student}
              onChange={(e) => setStudent(e.target.value)}
            />
            <button type="submit" className="button secondary">
              {t('Load')}
            </button>
          </form>
          {entering && (
            <NewForm
              key={entering}
              studentId={entering}
              onCreated={(form, text) => {
                setMessage(text);
                go({ form: form.form_id });
                void client.invalidateQueries({ queryKey: ['examform'] });
              }}
            />
          )}
        </section>
      )}
    </Page>
  );
}
