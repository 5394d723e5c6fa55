import { admitCardWorkflow, type Job } from '@exam/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DataTable, type TableColumn } from '../../components/ui/data-table.tsx';
import { TextField } from '../../components/ui/form-parts.tsx';
import { T } from '../../components/ui/text.tsx';
import { JobProgress } from '../../components/ui/job-progress.tsx';
import { Notice, Page } from '../../components/ui/page.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import {
  BulkActions,
  selectColumn,
  useBulkSelection,
  WorkflowActions,
} from '../../components/ui/workflow-actions.tsx';
import { usePermissions } from '../../lib/auth.ts';
import { useT } from '../../lib/i18n.ts';
import {
  allotRolls,
  bulkCards,
  cardAction,
  downloadCard,
  downloadCollegeCards,
  generateCards,
  useAdmitCards,
  type AdmitCard,
} from './timetable-admit-api.ts';
import './timetable-admit.css';

/**
 * The texts the admit-card screen and the student's panel write inline (the Hindi catalogue test checks each
 * has its Hindi).
 */
export const admitCardTexts = [
  'Admit Card',
  'Roll No.',
  'Enrolment No.',
  'College',
  'Centre',
  'Status',
  'Action',
  'Download the card of {{student}}',
  'Exam',
  'Show',
  'Roll numbers and cards',
  'Allot roll numbers',
  'Generate missing cards',
  'Publish all of {{college}}',
  'Reason to withhold',
  'Withhold all of {{college}}',
  'Cards of {{college}} (PDF)',
  'Allotting roll numbers',
  'forms',
  'The admit cards could not be loaded: {{message}}',
  'Admit cards of {{exam}}',
  'No admit card yet: allot roll numbers first.',
  'My admit cards',
  'Your admit cards could not be loaded: {{message}}',
  'No admit card yet.',
  '{{exam}} · Roll No. {{roll}} · {{status}}',
  'Download admit card',
  'Withheld: {{reason}}',
  ' (not published yet)',
];

/**
 * /PreAdmitCard (lifecycle S2 roll numbers, S4 admit cards): the office allots roll numbers and centres for
 * an exam (a job), generates the cards, publishes or withholds a college's cards at once or one by one, and
 * downloads a college's cards as one PDF.
 */
export function AdmitCardScreen() {
  const [search, setSearch] = useSearchParams();
  const examId = search.get('exam_id') ?? 'MAIN-DEC-2024';
  const collegeId = search.get('college_id') ?? '';
  const [form, setForm] = useState({ exam: examId, college: collegeId, reason: '' });
  const { user, holds } = usePermissions();
  const canWrite = holds('admit-cards.write');
  const { t } = useT();
  const cards = useAdmitCards(examId, collegeId);
  const client = useQueryClient();
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [job, setJob] = useState<Job | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['admitcard'] });
  const bulk = useBulkSelection(`${examId}/${collegeId}`);
  const run = async (work: () => Promise<{ message: string }>) => {
    try {
      setMessage({ kind: 'success', text: (await work()).message });
      await refresh();
    } catch (error) {
      setMessage({ kind: 'error', text: error instanceof Error ? error.message : String(error) });
    }
  };

  const columns: TableColumn<AdmitCard>[] = [
    { id: 'roll', header: 'Roll No.', cell: (c) => c.roll_no },
    { id: 'student', header: 'Enrolment No.', cell: (c) => c.student_id },
    { id: 'college', header: 'College', cell: (c) => c.college_id },
    { id: 'centre', header: 'Centre', cell: (c) => c.centre_id ?? '—' },
    {
      id: 'status',
      header: 'Status',
      cell: (c) => (
        <span className={`card-status-${c.status}`}>
          <T>{admitCardWorkflow.labelOf(c.status)}</T>
          {c.withheld_reason ? `: ${c.withheld_reason}` : ''}
        </span>
      ),
    },
    {
      id: 'actions',
      header: 'Action',
      cell: (c) => (
        <span className="row-actions">
          <button
            type="button"
            className="button secondary"
            onClick={() =>
              void downloadCard(c).catch((e: Error) => setMessage({ kind: 'error', text: e.message }))
            }
            aria-label={t('Download the card of {{student}}', { student: c.student_id })}
          >
            PDF
          </button>
          {canWrite && (
            <WorkflowActions
              workflow={admitCardWorkflow}
              record={c as unknown as Record<string, unknown>}
              role={user?.name}
              onAct={async (action, reason) => {
                const answer = await cardAction(c, action, reason);
                await refresh();
                return answer.message;
              }}
            />
          )}
        </span>
      ),
    },
  ];

  return (
    <Page title="Admit Card">
      <form
        className="card-picker"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch({
            exam_id: form.exam.trim(),
            ...(form.college.trim() ? { college_id: form.college.trim() } : {}),
          });
        }}
      >
        <TextField
          id="card-exam"
          label={t('Exam')}
          value={form.exam}
          onChange={(e) => setForm({ ...form, exam: e.target.value })}
        />
        <TextField
          id="card-college"
          label={t('College')}
          value={form.college}
          onChange={(e) => setForm({ ...form, college: e.target.value })}
        />
        <button type="submit" className="button secondary">
          {t('Show')}
        </button>
      </form>
      {canWrite && (
        <div className="bulk-actions" role="group" aria-label={t('Roll numbers and cards')}>
          <button
            type="button"
            className="button"
            onClick={() =>
              void allotRolls(examId).then(setJob, (e: Error) =>
                setMessage({ kind: 'error', text: e.message }),
              )
            }
          >
            {t('Allot roll numbers')}
          </button>
          <button
            type="button"
            className="button secondary"
            onClick={() => void run(() => generateCards(examId))}
          >
            {t('Generate missing cards')}
          </button>
          {collegeId && (
            <>
              <button
                type="button"
                className="button secondary"
                onClick={() =>
                  void run(() => bulkCards('publish', { exam_id: examId, college_id: collegeId }))
                }
              >
                {t('Publish all of {{college}}', { college: collegeId })}
              </button>
              <TextField
                id="bulk-reason"
                label={t('Reason to withhold')}
                value={form.reason}
                onChange={(e) => setForm({ ...form, reason: e.target.value })}
              />
              <button
                type="button"
                className="button secondary"
                onClick={() =>
                  void run(() =>
                    bulkCards('withhold', {
                      exam_id: examId,
                      college_id: collegeId,
                      reason: form.reason || undefined,
                    }),
                  )
                }
              >
                {t('Withhold all of {{college}}', { college: collegeId })}
              </button>
              <button
                type="button"
                className="button secondary"
                onClick={() =>
                  void downloadCollegeCards(examId, collegeId).catch((e: Error) =>
                    setMessage({ kind: 'error', text: e.message }),
                  )
                }
              >
                {t('Cards of {{college}} (PDF)', { college: collegeId })}
              </button>
            </>
          )}
        </div>
      )}
      {job && (
        <JobProgress
          jobId={job.job_id}
          label={t('Allotting roll numbers')}
          unit={t('forms')}
          onFinished={() => void refresh()}
        />
      )}
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <QueryState
        query={cards}
        failure={(e) => t('The admit cards could not be loaded: {{message}}', { message: e.message })}
      >
        {(answer) => (
          <>
            {canWrite && (
              <BulkActions
                workflow={admitCardWorkflow}
                resourcePath="admitcard"
                role={user?.name}
                bulk={bulk}
                total={answer.total}
                filter={{ exam_id: examId, ...(collegeId ? { college_id: collegeId } : {}) }}
                rows={answer.admitcard as unknown as Record<string, unknown>[]}
                keyOf={(c) => `${String(c.exam_id)}/${String(c.student_id)}`}
                onMoved={() => void refresh()}
              />
            )}
            <DataTable
              caption={t('Admit cards of {{exam}}', { exam: examId })}
              columns={[
                ...(canWrite
                  ? [selectColumn<AdmitCard>(bulk, (c) => `${c.exam_id}/${c.student_id}`, t)]
                  : []),
                ...columns,
              ]}
              rows={answer.admitcard}
              rowKey={(c) => `${c.exam_id}/${c.student_id}`}
              emptyText="No admit card yet: allot roll numbers first."
            />
          </>
        )}
      </QueryState>
    </Page>
  );
}

/** The student's dashboard: its admit cards, each downloadable once published, or why not. */
export default function AdmitCardPanel() {
  const cards = useAdmitCards('', '');
  const [failure, setFailure] = useState('');
  const { t } = useT();
  return (
    <section className="panel-section" aria-labelledby="my-admit-cards">
      <h3 id="my-admit-cards">{t('My admit cards')}</h3>
      <QueryState
        query={cards}
        failure={(e) => t('Your admit cards could not be loaded: {{message}}', { message: e.message })}
      >
        {({ admitcard: rows }) =>
          rows.length === 0 ? (
            <Notice kind="info">{t('No admit card yet.')}</Notice>
          ) : (
            <ul className="my-cards">
              {rows.map((c) => (
                <li key={c.exam_id}>
                  {t('{{exam}} · Roll No. {{roll}} · {{status}}', {
                    exam: c.exam_id,
                    roll: c.roll_no,
                    status: t(admitCardWorkflow.labelOf(c.status)),
                  })}
                  {c.status === 'PUBLISHED' && (
                    <button
                      type="button"
                      className="button"
                      onClick={() => void downloadCard(c).catch((e: Error) => setFailure(e.message))}
                    >
                      {t('Download admit card')}
                    </button>
                  )}
                  {c.status === 'WITHHELD' && (
                    <Notice kind="error">
                      {t('Withheld: {{reason}}', { reason: c.withheld_reason ?? '' })}
                    </Notice>
                  )}
                  {c.status === 'GENERATED' && <span>{t(' (not published yet)')}</span>}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      {failure && <Notice kind="error">{failure}</Notice>}
    </section>
  );
}
