import {
  explanationText,
  postResultStatus,
  postResultType,
  postResultWorkflow,
  type ExplanationStep,
  type PostResultApplication,
  type PostResultType,
  type RevalAwardRow,
} from '@exam/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Loading, Notice, Page } from '../../components/ui/page.tsx';
import { WorkflowActions } from '../../components/ui/workflow-actions.tsx';
import { ApiError, isApiError } from '../../lib/api.ts';
import { useCurrentUser } from '../../lib/auth.ts';
import { renderMessage, useT } from '../../lib/i18n.ts';
import {
  applicationAction,
  applyFor,
  enterAward,
  useApplications,
  useAwardList,
  useEligible,
} from './post-result-api.ts';
import './post-result.css';

/**
 * /RevalEntry (lifecycle S9, state machine I): for a student, its published results' papers it may apply for
 * (window, limit, fee, or why not) and its applications with their outcome; for the office and the result
 * section, the applications with filters, their actions (fee, accept, send for evaluation, record, apply
 * outcome, publish, close, reject), each outcome with its explanation, and the revaluation award list entered
 * by fictitious number only.
 */
export function RevalEntryScreen() {
  const user = useCurrentUser();
  const { t } = useT();
  if (user.isPending)
    return (
      <Page title="Revaluation Entry">
        <Loading />
      </Page>
    );
  return (
    <Page title="Revaluation Entry">
      {user.data?.name === 'student' ? <StudentView /> : <OfficeView role={user.data?.name} />}
      <p className="hint">
        {t(
          'Re-totalling recounts the marks of the answer book; revaluation has it marked again by ' +
            'another examiner under a new fictitious number.',
        )}
      </p>
    </Page>
  );
}

/** The outcome's steps in the screens' language (from the step's template; older steps carry their text). */
function Explanation({ steps }: { steps: unknown[] }) {
  useT(); // written again when the language changes
  if (!steps.length) return null;
  return (
    <ol className="reval-steps">
      {(steps as ExplanationStep[]).map((s, i) => (
        <li key={i}>{explanationText(s, renderMessage)}</li>
      ))}
    </ol>
  );
}

function Outcome({ app }: { app: PostResultApplication }) {
  const { t } = useT();
  return (
    <div className="reval-outcome">
      <p>
        {t('Original marks')}: <strong>{app.original_marks ?? '—'}</strong> / {app.max_marks ?? '—'}
        {app.reval_marks !== null && (
          <>
            {' '}
            · {t(app.type === 'RETOTAL' ? 'Recounted' : 'Revaluation')}: <strong>{app.reval_marks}</strong>
          </>
        )}
        {app.third_marks !== null && (
          <>
            {' '}
            · {t('Third valuation')}: <strong>{app.third_marks}</strong>
          </>
        )}
        {app.final_marks !== null && (
          <>
            {' '}
            · {t('Final marks')}: <strong>{app.final_marks}</strong>
          </>
        )}
      </p>
      {app.needs_third_valuation && (
        <Notice kind="info">
          {t('The VTU rule asks for a third valuation before the outcome can be applied.')}
        </Notice>
      )}
      <Explanation steps={app.explanation} />
      {app.new_version !== null && <p>{t('Result revised: version {{n}}', { n: app.new_version })}</p>}
      {app.notice && (
        <p className="reval-notice" role="status">
          {app.notice}
        </p>
      )}
    </div>
  );
}

function StudentView() {
  const { t } = useT();
  const queryClient = useQueryClient();
  const [type, setType] = useState<PostResultType>('REVAL');
  const eligible = useEligible(type);
  const mine = useApplications({});
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const apply = async (attemptId: string) => {
    try {
      const answer = await applyFor(type, attemptId);
      setMessage({ kind: 'success', text: answer.message });
    } catch (error) {
      setMessage({ kind: 'error', text: error instanceof Error ? error.message : String(error) });
    }
    await queryClient.invalidateQueries({ queryKey: ['postresult'] });
  };
  return (
    <>
      <section aria-labelledby="reval-apply">
        <h2 id="reval-apply">{t('Apply')}</h2>
        <label className="field">
          {t('Application for')}{' '}
          <select value={type} onChange={(e) => setType(e.target.value as PostResultType)}>
            {postResultType.options.map((o) => (
              <option key={o.value} value={o.value}>
                {t(o.label)}
              </option>
            ))}
          </select>
        </label>
        {message && <Notice kind={message.kind}>{message.text}</Notice>}
        {eligible.isPending ? (
          <Loading />
        ) : eligible.isError ? (
          <Notice kind="error">{eligible.error.message}</Notice>
        ) : eligible.data.papers.length === 0 ? (
          <Notice kind="info">{t('No result of yours has been published yet.')}</Notice>
        ) : (
          <table className="data-table">
            <caption>{t('Papers of your published results')}</caption>
            <thead>
              <tr>
                <th>{t('Exam')}</th>
                <th>{t('Paper')}</th>
                <th>{t('External marks')}</th>
                <th>{t('Last day')}</th>
                <th>{t('Fee')}</th>
                <th>{t('Status')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {eligible.data.papers.map((p) => (
                <tr key={p.attempt_id}>
                  <td>{p.exam_id}</td>
                  <td>
                    {p.paper_id}
                    {p.paper_name ? ` · ${p.paper_name}` : ''}
                  </td>
                  <td>{p.ext_marks ?? '—'}</td>
                  <td>{p.last_day || '—'}</td>
                  <td>{p.fee ? `₹${p.fee}` : '—'}</td>
                  <td>{p.eligible ? t('You may apply') : p.why_not}</td>
                  <td>
                    {p.eligible && (
                      <button type="button" className="button" onClick={() => void apply(p.attempt_id)}>
                        {t('Apply for {{paper}}', { paper: p.paper_id })}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="reval-mine">
        <h2 id="reval-mine">{t('My applications')}</h2>
        {mine.isPending ? (
          <Loading />
        ) : mine.isError ? (
          <Notice kind="error">{mine.error.message}</Notice>
        ) : mine.data.postresult.length === 0 ? (
          <Notice kind="info">{t('No applications yet.')}</Notice>
        ) : (
          <ul className="reval-list">
            {mine.data.postresult.map((app) => (
              <li key={app.app_id} className="reval-card">
                <h3>
                  {t(postResultType.labelOf(app.type))} · {app.paper_id} · {app.exam_id}{' '}
                  <span className="status-badge" data-status={app.status}>
                    {t(postResultStatus.labelOf(app.status))}
                  </span>
                </h3>
                <p>
                  {t('Applied on {{day}}', { day: app.applied_on })} · {app.app_id}
                </p>
                <Outcome app={app} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function OfficeView({ role }: { role: string | undefined }) {
  const { t } = useT();
  const [filters, setFilters] = useState<Record<string, string>>({ exam_id: '', status: '', type: '' });
  const [selected, setSelected] = useState<string | null>(null);
  const list = useApplications(filters);
  const current = list.data?.postresult.find((a) => a.app_id === selected) ?? null;
  const set = (patch: Record<string, string>) => setFilters((f) => ({ ...f, ...patch }));
  return (
    <>
      <form
        className="reval-filters"
        aria-label={t('Filter applications')}
        onSubmit={(e) => e.preventDefault()}
      >
        <label className="field">
          {t('Exam')}{' '}
          <input value={filters.exam_id} onChange={(e) => set({ exam_id: e.target.value.trim() })} />
        </label>
        <label className="field">
          {t('Type')}{' '}
          <select value={filters.type} onChange={(e) => set({ type: e.target.value })}>
            <option value="">{t('Any')}</option>
            {postResultType.options.map((o) => (
              <option key={o.value} value={o.value}>
                {t(o.label)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          {t('Status')}{' '}
          <select value={filters.status} onChange={(e) => set({ status: e.target.value })}>
            <option value="">{t('Any')}</option>
            {postResultStatus.options.map((o) => (
              <option key={o.value} value={o.value}>
                {t(o.label)}
              </option>
            ))}
          </select>
        </label>
      </form>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <Notice kind="error">{list.error.message}</Notice>
      ) : (
        <table className="data-table">
          <caption>
            {t('Applications')} ({list.data.total})
          </caption>
          <thead>
            <tr>
              <th>{t('Application')}</th>
              <th>{t('Student')}</th>
              <th>{t('Exam')}</th>
              <th>{t('Paper')}</th>
              <th>{t('Type')}</th>
              <th>{t('Status')}</th>
              <th>{t('Marks')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.data.postresult.length === 0 && (
              <tr>
                <td colSpan={8}>{t('No Record Available')}</td>
              </tr>
            )}
            {list.data.postresult.map((a) => (
              <tr key={a.app_id} aria-selected={a.app_id === selected}>
                <td>{a.app_id}</td>
                <td>{a.student_id}</td>
                <td>{a.exam_id}</td>
                <td>{a.paper_id}</td>
                <td>{t(postResultType.labelOf(a.type))}</td>
                <td>
                  <span className="status-badge" data-status={a.status}>
                    {t(postResultStatus.labelOf(a.status))}
                  </span>
                </td>
                <td>
                  {a.original_marks ?? '—'}
                  {a.final_marks !== null ? ` → ${a.final_marks}` : ''}
                </td>
                <td>
                  <button
                    type="button"
                    className="button small secondary"
                    onClick={() => setSelected(a.app_id)}
                    aria-label={t('Open {{id}}', { id: a.app_id })}
                  >
                    {t('Open')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {current && (
        <ApplicationDetail key={`${current.app_id}/${current.updated_at}`} app={current} role={role} />
      )}
      <AwardList examId={filters.exam_id || undefined} />
    </>
  );
}

function ApplicationDetail({ app, role }: { app: PostResultApplication; role: string | undefined }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [paymentRef, setPaymentRef] = useState('');
  const [examiner, setExaminer] = useState('');
  const [marks, setMarks] = useState('');
  const act = async (action: string, reason: string | undefined) => {
    const body: Record<string, unknown> = { reason };
    if (action === 'verify-fee') body.payment_ref = paymentRef;
    if (action === 'assign') body.examiner_id = examiner;
    if (action === 'record-marks') {
      if (app.type === 'REVAL')
        throw new ApiError(422, {
          message: t(
            'A revalued book is entered on the revaluation award list below, by its fictitious number.',
          ),
        });
      body.marks = marks;
    }
    const answer = await applicationAction(app, action, body);
    await queryClient.invalidateQueries({ queryKey: ['postresult'] });
    return answer.message;
  };
  return (
    <section className="reval-detail" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {t(postResultType.labelOf(app.type))} {app.app_id} · {app.student_id} · {app.paper_id}
      </h2>
      <dl className="reval-facts">
        <div>
          <dt>{t('Exam')}</dt>
          <dd>
            {app.exam_id} · {app.course_comb_id} · {t('semester')} {app.sem_id}
          </dd>
        </div>
        <div>
          <dt>{t('Applied')}</dt>
          <dd>
            {app.applied_on} · {app.applied_by}
          </dd>
        </div>
        <div>
          <dt>{t('Last day')}</dt>
          <dd>{app.last_day}</dd>
        </div>
        <div>
          <dt>{t('Fee')}</dt>
          <dd>
            {app.fee ? `₹${app.fee}` : '—'}
            {app.payment_ref ? ` · ${app.payment_ref}` : ''}
          </dd>
        </div>
        <div>
          <dt>{t('Outcome rule')}</dt>
          <dd>{app.outcome_rule ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('Examiner')}</dt>
          <dd>{app.examiner_id ?? '—'}</dd>
        </div>
        {app.status_reason && (
          <div>
            <dt>{t('Reason')}</dt>
            <dd>{app.status_reason}</dd>
          </div>
        )}
      </dl>
      <Outcome app={app} />
      <div className="reval-inputs">
        {app.status === 'APPLIED' && (
          <label className="field">
            {t('Payment reference')}{' '}
            <input value={paymentRef} onChange={(e) => setPaymentRef(e.target.value)} />
          </label>
        )}
        {app.status === 'ACCEPTED' && app.type === 'REVAL' && (
          <label className="field">
            {t('Examiner (not the first one)')}{' '}
            <input value={examiner} onChange={(e) => setExaminer(e.target.value)} />
          </label>
        )}
        {app.status === 'IN_PROCESS' && app.type === 'RETOTAL' && (
          <label className="field">
            {t('Recounted total')}{' '}
            <input inputMode="decimal" value={marks} onChange={(e) => setMarks(e.target.value)} />
          </label>
        )}
      </div>
      <WorkflowActions
        workflow={postResultWorkflow}
        record={app as unknown as Record<string, unknown>}
        role={role}
        onAct={act}
      />
    </section>
  );
}

function AwardList({ examId }: { examId: string | undefined }) {
  const { t } = useT();
  const list = useAwardList(examId, undefined);
  return (
    <section aria-labelledby="reval-award">
      <h2 id="reval-award">{t('Revaluation award list')}</h2>
      <p>{t('Revalued books by their new fictitious number only: enter the marks the examiner awarded.')}</p>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        isApiError(list.error) && list.error.status === 403 ? null : (
          <Notice kind="error">{list.error.message}</Notice>
        )
      ) : list.data.rows.length === 0 ? (
        <Notice kind="info">{t('No revalued book is waiting for marks.')}</Notice>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th>{t('Fictitious no.')}</th>
              <th>{t('Exam')}</th>
              <th>{t('Paper')}</th>
              <th>{t('Examiner')}</th>
              <th>{t('Maximum')}</th>
              <th>{t('Marks')}</th>
              <th>{t('Third valuation')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.data.rows.map((row) => (
              <AwardRow key={row.fict_no} row={row} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function AwardRow({ row }: { row: RevalAwardRow }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const [marks, setMarks] = useState(row.marks ?? '');
  const [third, setThird] = useState(row.third_marks ?? '');
  const [answer, setAnswer] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const save = async () => {
    try {
      const done = await enterAward({
        fict_no: row.fict_no,
        marks: marks || undefined,
        third_marks: third || undefined,
      });
      setAnswer({ kind: 'success', text: done.message });
    } catch (error) {
      setAnswer({ kind: 'error', text: error instanceof Error ? error.message : String(error) });
    }
    await queryClient.invalidateQueries({ queryKey: ['postresult'] });
  };
  return (
    <tr>
      <th scope="row">{row.fict_no}</th>
      <td>{row.exam_id}</td>
      <td>{row.paper_id}</td>
      <td>{row.examiner_id ?? '—'}</td>
      <td>{row.max_marks ?? '—'}</td>
      <td>
        <input
          aria-label={t('Marks of {{fict}}', { fict: row.fict_no })}
          inputMode="decimal"
          size={6}
          value={marks}
          onChange={(e) => setMarks(e.target.value)}
        />
      </td>
      <td>
        {row.needs_third_valuation || row.third_marks ? (
          <input
            aria-label={t('Third valuation of {{fict}}', { fict: row.fict_no })}
            inputMode="decimal"
            size={6}
            value={third}
            onChange={(e) => setThird(e.target.value)}
          />
        ) : (
          '—'
        )}
      </td>
      <td>
        <button type="button" className="button small" onClick={() => void save()}>
          {t('Save {{fict}}', { fict: row.fict_no })}
        </button>
        {answer && <Notice kind={answer.kind}>{answer.text}</Notice>}
      </td>
    </tr>
  );
}
