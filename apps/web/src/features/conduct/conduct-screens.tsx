import {
  attendanceSheetWorkflow,
  seatingWorkflow,
  ufmCaseWorkflow,
  ufmDecision,
  ufmNature,
  type Job,
  type SeatingChart,
  type SeatingReport,
} from '@exam/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DataTable, type TableColumn } from '../../components/ui/data-table.tsx';
import { ErrorList, listServerErrors } from '../../components/ui/error-list.tsx';
import { TextField } from '../../components/ui/form-parts.tsx';
import { JobProgress } from '../../components/ui/job-progress.tsx';
import { Notice, Page } from '../../components/ui/page.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { T } from '../../components/ui/text.tsx';
import { WorkflowActions } from '../../components/ui/workflow-actions.tsx';
import { isApiError } from '../../lib/api.ts';
import { usePermissions } from '../../lib/auth.ts';
import { useT } from '../../lib/i18n.ts';
import {
  addRoom,
  caseAction,
  deleteRoom,
  downloadSeating,
  downloadSheet,
  downloadStickers,
  generateSeating,
  reportCase,
  saveEntries,
  seatingAction,
  sheetAction,
  useCentres,
  useChart,
  useMarked,
  useReconciliation,
  useRooms,
  useSeating,
  useSheet,
  useSheets,
  useSlots,
  useUfmCases,
  type Room,
  type UfmCase,
} from './conduct-api.ts';
import './conduct.css';

/** The texts the conduct screens write inline (the Hindi catalogue test checks each has its Hindi). */
export const conductTexts = [
  'Seating Plan',
  'Stickers',
  'Attendance Sheet',
  'Present / Absent',
  'UFM Entry',
  'Exam',
  'Slot',
  'Centre',
  'Show',
  'Choose a slot and a centre.',
  '{{date}} {{shift}} · {{paper}}',
  'Rooms of {{centre}}',
  'Room',
  'Rows',
  'Columns',
  'Capacity',
  'Floor',
  'Accessible',
  'Add room',
  'Delete',
  'Delete room {{room}}',
  'No room yet: add the rooms of this centre.',
  'Action',
  'Yes',
  'No',
  'Generate seating',
  'Generate again (new revision)',
  'Generating the seating plan',
  'candidates',
  'No seating plan yet.',
  'Revision {{n}} · {{seated}} seated · {{unseated}} unseated',
  'Seating plan (PDF)',
  'Desk stickers (PDF)',
  'Room {{room}} ({{n}} seats)',
  'Front of the room',
  'Paper',
  'Candidates',
  'Seated',
  'Unseated',
  'The plan could not be loaded: {{message}}',
  'Print the desk stickers of the plan: roll number, name and paper code for each seat.',
  'Signature sheet (PDF)',
  'Sheets of this centre',
  'Status',
  'Attendance sheets are made when the seating plan is finalized.',
  'Absent roll numbers',
  'UFM roll numbers',
  'Answer books received',
  'Type or paste roll numbers, separated by spaces, commas or new lines; everyone else is present.',
  'Save attendance',
  'Reconciliation',
  'Seated {{seated}} = present {{present}} + absent {{absent}} + UFM {{ufm}}',
  'Reconciled: the sheet can be verified and locked.',
  'Report a case',
  'Roll No.',
  'Reported by',
  'Nature',
  'Seized material',
  'Statement',
  'Report',
  'Cases',
  'Case',
  'Decision',
  'No case yet.',
  'Decision for {{case}}',
  'Examinations debarred for {{case}}',
  'debarred for {{n}} examinations',
  'Print',
  'Sheet',
  'No sheet for this paper at this centre yet.',
  'The list could not be loaded: {{message}}',
  'Showing {{first}}–{{last}} of {{total}}',
];

/** What a list says when it cannot be loaded. */
const failed = (t: ReturnType<typeof useT>['t']) => (e: Error) =>
  t('The list could not be loaded: {{message}}', { message: e.message });
const splitRolls = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((r) => r.trim())
    .filter(Boolean);
type Message = { kind: 'success' | 'error'; text: string; errors?: Record<string, string[]> } | null;

function useMessage() {
  const [message, setMessage] = useState<Message>(null);
  const run = async <A extends { message: string }>(work: () => Promise<A>): Promise<A | null> => {
    try {
      const answer = await work();
      setMessage({ kind: 'success', text: answer.message });
      return answer;
    } catch (error) {
      setMessage({
        kind: 'error',
        text: error instanceof Error ? error.message : String(error),
        errors: isApiError(error) ? error.body.errors : undefined,
      });
      return null;
    }
  };
  const shown =
    message &&
    (message.kind === 'error' ? (
      <ErrorList message={message.text} errors={listServerErrors(message.errors, {})} />
    ) : (
      <Notice kind="success">{message.text}</Notice>
    ));
  return { run, shown, setMessage };
}

/**
 * The sitting picker every conduct screen starts with: exam, slot (date, shift, paper) and centre, kept in
 * the address.
 */
function useSitting() {
  const [search, setSearch] = useSearchParams();
  const examId = search.get('exam_id') ?? 'MAIN-DEC-2023';
  const slotId = search.get('slot_id') ?? '';
  const centreId = search.get('centre_id') ?? '';
  const slots = useSlots(examId);
  const centres = useCentres();
  const { t } = useT();
  const [exam, setExam] = useState(examId);
  const set = (changes: Record<string, string>) =>
    setSearch({ exam_id: examId, slot_id: slotId, centre_id: centreId, ...changes });
  const picker = (
    <form
      className="sitting-picker"
      onSubmit={(e) => {
        e.preventDefault();
        set({ exam_id: exam.trim(), slot_id: '' });
      }}
    >
      <TextField id="conduct-exam" label={t('Exam')} value={exam} onChange={(e) => setExam(e.target.value)} />
      <button type="submit" className="button secondary">
        {t('Show')}
      </button>
      <div className="field">
        <label htmlFor="conduct-slot">{t('Slot')}</label>
        <select id="conduct-slot" value={slotId} onChange={(e) => set({ slot_id: e.target.value })}>
          <option value="">—</option>
          {(slots.data ?? []).map((s) => (
            <option key={s.slot_id} value={s.slot_id}>
              {t('{{date}} {{shift}} · {{paper}}', { date: s.date, shift: s.shift, paper: s.paper_id })}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="conduct-centre">{t('Centre')}</label>
        <select id="conduct-centre" value={centreId} onChange={(e) => set({ centre_id: e.target.value })}>
          <option value="">—</option>
          {(centres.data ?? []).map((c) => (
            <option key={c.centre_id} value={c.centre_id}>{`${c.centre_id} ${c.centre_name}`}</option>
          ))}
        </select>
      </div>
    </form>
  );
  const slot = slots.data?.find((s) => s.slot_id === slotId);
  const sittingSlots = slot
    ? (slots.data ?? []).filter((s) => s.date === slot.date && s.shift === slot.shift)
    : [];
  return { examId, slotId, centreId, slot, sittingSlots, picker, ready: !!slotId && !!centreId };
}

function Rooms({ centreId }: { centreId: string }) {
  const rooms = useRooms(centreId);
  const { holds } = usePermissions();
  const { t } = useT();
  const client = useQueryClient();
  const { run, shown } = useMessage();
  const empty = { room_no: '', rows: '', cols: '', capacity: '', accessible: '0' };
  const [draft, setDraft] = useState(empty);
  const refresh = () => client.invalidateQueries({ queryKey: ['conduct', 'rooms'] });
  const columns: TableColumn<Room>[] = [
    { id: 'room', header: 'Room', cell: (r) => r.room_no },
    { id: 'size', header: 'Rows', cell: (r) => `${r.rows} × ${r.cols}` },
    { id: 'capacity', header: 'Capacity', cell: (r) => r.capacity },
    { id: 'floor', header: 'Floor', cell: (r) => r.floor },
    { id: 'accessible', header: 'Accessible', cell: (r) => t(r.accessible ? 'Yes' : 'No') },
    ...(holds('conduct.write')
      ? [
          {
            id: 'action',
            header: 'Action',
            cell: (r: Room) => (
              <button
                type="button"
                className="button secondary"
                aria-label={t('Delete room {{room}}', { room: r.room_no })}
                onClick={() => void run(() => deleteRoom(r)).then(refresh)}
              >
                {t('Delete')}
              </button>
            ),
          },
        ]
      : []),
  ];
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await run(() => addRoom({ ...draft, centre_id: centreId }))) setDraft(empty);
    await refresh();
  };
  const field = (name: keyof typeof empty, label: string) => (
    <TextField
      id={`room-${name}`}
      label={t(label)}
      value={draft[name]}
      onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
    />
  );
  return (
    <details className="conduct-panel" open={!rooms.data?.length}>
      <summary>{t('Rooms of {{centre}}', { centre: centreId })}</summary>
      {shown}
      <QueryState query={rooms} failure={failed(t)}>
        {(rows) => (
          <DataTable
            caption={t('Rooms of {{centre}}', { centre: centreId })}
            columns={columns}
            rows={rows}
            rowKey={(r) => r.room_no}
            emptyText="No room yet: add the rooms of this centre."
          />
        )}
      </QueryState>
      {holds('conduct.write') && (
        <form className="room-form" onSubmit={(e) => void submit(e)}>
          {field('room_no', 'Room')}
          {field('rows', 'Rows')}
          {field('cols', 'Columns')}
          {field('capacity', 'Capacity')}
          <div className="field">
            <label htmlFor="room-accessible">{t('Accessible')}</label>
            <select
              id="room-accessible"
              value={draft.accessible}
              onChange={(e) => setDraft({ ...draft, accessible: e.target.value })}
            >
              <option value="0">{t('No')}</option>
              <option value="1">{t('Yes')}</option>
            </select>
          </div>
          <button type="submit" className="button secondary">
            {t('Add room')}
          </button>
        </form>
      )}
    </details>
  );
}

function ReportTable({ report }: { report: SeatingReport }) {
  const { t } = useT();
  return (
    <>
      <Notice kind={report.unseated ? 'error' : 'success'}>{report.message}</Notice>
      <DataTable
        columns={[
          { id: 'paper', header: 'Paper', cell: (p: SeatingReport['papers'][number]) => p.paper_id },
          { id: 'candidates', header: 'Candidates', cell: (p) => p.candidates },
          { id: 'seated', header: 'Seated', cell: (p) => p.seated },
          {
            id: 'unseated',
            header: 'Unseated',
            cell: (p) => (p.unseated ? <strong>{p.unseated}</strong> : 0),
          },
        ]}
        rows={report.papers}
        rowKey={(p) => p.paper_slot_id}
        caption={t('Candidates')}
      />
    </>
  );
}

function Chart({ chart }: { chart: SeatingChart }) {
  const { t } = useT();
  const colours = new Map<string, number>();
  for (const room of chart.rooms)
    for (const s of room.seats) if (!colours.has(s.paper_id)) colours.set(s.paper_id, colours.size % 6);
  return (
    <div className="seating-chart">
      {chart.rooms.map((room) => {
        const at = new Map(room.seats.map((s) => [`${s.row}|${s.col}`, s]));
        return (
          <figure key={room.room_no} className="room-chart">
            <figcaption>
              {t('Room {{room}} ({{n}} seats)', { room: room.room_no, n: room.seats.length })} ·{' '}
              <small>{t('Front of the room')}</small>
            </figcaption>
            <div
              className="room-grid"
              style={{ gridTemplateColumns: `repeat(${room.cols}, minmax(5.5rem, 1fr))` }}
            >
              {Array.from({ length: room.rows * room.cols }, (_, i) => {
                const row = Math.floor(i / room.cols) + 1;
                const col = (i % room.cols) + 1;
                const seat = at.get(`${row}|${col}`);
                return seat ? (
                  <div
                    key={i}
                    className="seat"
                    data-paper={colours.get(seat.paper_id)}
                    title={`R${row} C${col}`}
                  >
                    <strong>{seat.roll_no}</strong>
                    <span>
                      {seat.paper_id}
                      {seat.needs ? ` · ${seat.needs}` : ''}
                    </span>
                  </div>
                ) : (
                  <div key={i} className="seat empty" aria-hidden="true" />
                );
              })}
            </div>
          </figure>
        );
      })}
    </div>
  );
}

/**
 * /SeatingPlan (S5, §2.3 C): rooms of the centre, generate (a job), the report, the chart, finalize, print.
 */
export function SeatingPlanScreen() {
  const sitting = useSitting();
  const { user, holds } = usePermissions();
  const { t } = useT();
  const client = useQueryClient();
  const plan = useSeating(sitting.slotId, sitting.centreId);
  const chart = useChart(sitting.slotId, sitting.centreId, !!plan.data);
  const [job, setJob] = useState<Job | null>(null);
  const { run, shown, setMessage } = useMessage();
  const refresh = () => client.invalidateQueries({ queryKey: ['conduct'] });
  const canWrite = holds('conduct.write');
  const fail = (e: Error) => setMessage({ kind: 'error', text: e.message });
  return (
    <Page title="Seating Plan">
      {sitting.picker}
      {shown}
      {!sitting.ready ? (
        <Notice kind="info">{t('Choose a slot and a centre.')}</Notice>
      ) : (
        <>
          <Rooms centreId={sitting.centreId} />
          <QueryState
            query={plan}
            failure={(e) => t('The plan could not be loaded: {{message}}', { message: e.message })}
          >
            {(seating) => (
              <section className="conduct-panel" aria-label={t('Seating Plan')}>
                <div className="plan-bar">
                  {seating ? (
                    <>
                      <WorkflowActions
                        workflow={seatingWorkflow}
                        record={seating as unknown as Record<string, unknown>}
                        role={user?.name}
                        onAct={async (action, reason) => {
                          const a = await seatingAction(seating, action, reason);
                          await refresh();
                          return a.message;
                        }}
                      />
                      <span>
                        {t('Revision {{n}} · {{seated}} seated · {{unseated}} unseated', {
                          n: seating.revision,
                          seated: seating.seated,
                          unseated: seating.unseated,
                        })}
                      </span>
                    </>
                  ) : (
                    <span>{t('No seating plan yet.')}</span>
                  )}
                  {canWrite && (
                    <button
                      type="button"
                      className="button"
                      onClick={() =>
                        void run(async () => {
                          const a = await generateSeating(sitting.slotId, sitting.centreId, seating);
                          setJob(a.job);
                          return { message: a.job.message ?? '' };
                        })
                      }
                    >
                      {t(seating?.status === 'FINAL' ? 'Generate again (new revision)' : 'Generate seating')}
                    </button>
                  )}
                  {seating && (
                    <button
                      type="button"
                      className="button secondary"
                      onClick={() => void downloadSeating(sitting.slotId, sitting.centreId).catch(fail)}
                    >
                      {t('Seating plan (PDF)')}
                    </button>
                  )}
                  {seating && (
                    <button
                      type="button"
                      className="button secondary"
                      onClick={() => void downloadStickers(sitting.slotId, sitting.centreId).catch(fail)}
                    >
                      {t('Desk stickers (PDF)')}
                    </button>
                  )}
                </div>
                {job && (
                  <JobProgress
                    key={job.job_id}
                    jobId={job.job_id}
                    label={t('Generating the seating plan')}
                    unit={t('candidates')}
                    pollMs={400}
                    onFinished={() => void refresh()}
                  />
                )}
                {seating?.report && <ReportTable report={seating.report} />}
                {chart.data && <Chart chart={chart.data} />}
              </section>
            )}
          </QueryState>
        </>
      )}
    </Page>
  );
}

/** /Stickers: the desk stickers of a plan. */
export function StickersScreen() {
  const sitting = useSitting();
  const plan = useSeating(sitting.slotId, sitting.centreId);
  const { t } = useT();
  const { shown, setMessage } = useMessage();
  return (
    <Page title="Stickers">
      {sitting.picker}
      {shown}
      <p>{t('Print the desk stickers of the plan: roll number, name and paper code for each seat.')}</p>
      {plan.data ? (
        <p>
          <span className="status-badge" data-status={plan.data.status}>
            <T>{seatingWorkflow.labelOf(plan.data.status)}</T>
          </span>{' '}
          {t('Revision {{n}} · {{seated}} seated · {{unseated}} unseated', {
            n: plan.data.revision,
            seated: plan.data.seated,
            unseated: plan.data.unseated,
          })}{' '}
          <button
            type="button"
            className="button"
            onClick={() =>
              void downloadStickers(sitting.slotId, sitting.centreId).catch((e: Error) =>
                setMessage({ kind: 'error', text: e.message }),
              )
            }
          >
            {t('Desk stickers (PDF)')}
          </button>
        </p>
      ) : sitting.ready ? (
        <Notice kind="info">{t('No seating plan yet.')}</Notice>
      ) : (
        <Notice kind="info">{t('Choose a slot and a centre.')}</Notice>
      )}
    </Page>
  );
}

/** /AttendanceSheet: the signature sheets of each paper of the sitting at the centre. */
export function AttendanceSheetScreen() {
  const sitting = useSitting();
  // The sitting's slots once the timetable is read (the chosen slot alone until then).
  const sheets = useSheets(
    sitting.centreId,
    sitting.sittingSlots.length
      ? sitting.sittingSlots.map((s) => s.slot_id)
      : sitting.slotId
        ? [sitting.slotId]
        : [],
  );
  const { t } = useT();
  const { shown, setMessage } = useMessage();
  return (
    <Page title="Attendance Sheet">
      {sitting.picker}
      {shown}
      {!sitting.ready ? (
        <Notice kind="info">{t('Choose a slot and a centre.')}</Notice>
      ) : (
        <QueryState query={sheets} failure={failed(t)}>
          {(rows) => (
            <DataTable
              caption={t('Sheets of this centre')}
              columns={[
                { id: 'paper', header: 'Paper', cell: (s) => s.paper_id },
                { id: 'slot', header: 'Slot', cell: (s) => s.slot_id },
                {
                  id: 'status',
                  header: 'Status',
                  cell: (s) => (
                    <span className="status-badge" data-status={s.status}>
                      <T>{attendanceSheetWorkflow.labelOf(s.status)}</T>
                    </span>
                  ),
                },
                {
                  id: 'print',
                  header: 'Print',
                  cell: (s) => (
                    <button
                      type="button"
                      className="button secondary"
                      onClick={() =>
                        void downloadSheet(s.slot_id, s.centre_id).catch((e: Error) =>
                          setMessage({ kind: 'error', text: e.message }),
                        )
                      }
                    >
                      {t('Signature sheet (PDF)')}
                    </button>
                  ),
                },
              ]}
              rows={rows}
              rowKey={(s) => s.slot_id}
              emptyText="Attendance sheets are made when the seating plan is finalized."
            />
          )}
        </QueryState>
      )}
    </Page>
  );
}

/**
 * /PresentAbsent: the clerk types the absentees and UFM rolls (everyone else present), the books received;
 * verify and lock.
 */
export function PresentAbsentScreen() {
  const sitting = useSitting();
  const sheet = useSheet(sitting.slotId, sitting.centreId);
  const has = !!sheet.data;
  const marked = useMarked(sitting.slotId, sitting.centreId, has);
  const reconciliation = useReconciliation(sitting.slotId, sitting.centreId, has);
  const { user } = usePermissions();
  const { t } = useT();
  const client = useQueryClient();
  const { run, shown } = useMessage();
  const [draft, setDraft] = useState<{ absent: string; ufm: string; books: string } | null>(null);
  const current = draft ?? {
    absent: (marked.data ?? [])
      .filter((a) => a.status === 'ABSENT')
      .map((a) => a.roll_no)
      .join(' '),
    ufm: (marked.data ?? [])
      .filter((a) => a.status === 'UFM')
      .map((a) => a.roll_no)
      .join(' '),
    books: sheet.data?.answer_books_received?.toString() ?? '',
  };
  const refresh = () => client.invalidateQueries({ queryKey: ['conduct'] });
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const answer = await run(() =>
      saveEntries(sitting.slotId, sitting.centreId, {
        absent: splitRolls(current.absent),
        ufm: splitRolls(current.ufm),
        answer_books_received: current.books === '' ? null : Number(current.books),
      }),
    );
    if (answer) setDraft(null);
    await refresh();
  };
  let body: ReactNode;
  if (!sitting.ready) body = <Notice kind="info">{t('Choose a slot and a centre.')}</Notice>;
  else if (sheet.isSuccess && !sheet.data)
    body = <Notice kind="info">{t('No sheet for this paper at this centre yet.')}</Notice>;
  else if (sheet.data) {
    const s = sheet.data;
    const r = reconciliation.data;
    body = (
      <>
        <WorkflowActions
          workflow={attendanceSheetWorkflow}
          record={s as unknown as Record<string, unknown>}
          role={user?.name}
          onAct={async (action, reason) => {
            const a = await sheetAction(s, action, reason);
            await refresh();
            return a.message;
          }}
        />
        <form className="attendance-form" onSubmit={(e) => void save(e)}>
          <p className="hint">
            {t(
              'Type or paste roll numbers, separated by spaces, commas or new lines; ' +
                'everyone else is present.',
            )}
          </p>
          <div className="field">
            <label htmlFor="absent-rolls">{t('Absent roll numbers')}</label>
            <textarea
              id="absent-rolls"
              rows={3}
              value={current.absent}
              onChange={(e) => setDraft({ ...current, absent: e.target.value })}
              disabled={s.status === 'LOCKED'}
            />
          </div>
          <div className="field">
            <label htmlFor="ufm-rolls">{t('UFM roll numbers')}</label>
            <textarea
              id="ufm-rolls"
              rows={2}
              value={current.ufm}
              onChange={(e) => setDraft({ ...current, ufm: e.target.value })}
              disabled={s.status === 'LOCKED'}
            />
          </div>
          <TextField
            id="books-received"
            label={t('Answer books received')}
            inputMode="numeric"
            value={current.books}
            onChange={(e) => setDraft({ ...current, books: e.target.value })}
            disabled={s.status === 'LOCKED'}
          />
          {s.status !== 'LOCKED' && (
            <button type="submit" className="button">
              {t('Save attendance')}
            </button>
          )}
        </form>
        {r && (
          <section className="conduct-panel" aria-label={t('Reconciliation')}>
            <h2>{t('Reconciliation')}</h2>
            <p>{t('Seated {{seated}} = present {{present}} + absent {{absent}} + UFM {{ufm}}', r)}</p>
            {r.reconciled ? (
              <Notice kind="success">{t('Reconciled: the sheet can be verified and locked.')}</Notice>
            ) : (
              <ul className="problems">
                {r.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            )}
          </section>
        )}
      </>
    );
  } else
    body = (
      <QueryState query={sheet} failure={failed(t)}>
        {() => null}
      </QueryState>
    );
  return (
    <Page title="Present / Absent">
      {sitting.picker}
      {shown}
      {body}
    </Page>
  );
}

/** /UFMEntry: report a case by slot and roll number; the cases of the exam with their workflow (§2.3 E). */
export function UfmEntryScreen() {
  const sitting = useSitting();
  const cases = useUfmCases(sitting.examId);
  const { user, holds } = usePermissions();
  const { t } = useT();
  const client = useQueryClient();
  const { run, shown } = useMessage();
  const empty = { roll_no: '', reported_by: '', nature: 'MATERIAL', seized_material: '', statement: '' };
  const [draft, setDraft] = useState(empty);
  const [decision, setDecision] = useState<Record<string, string>>({});
  // U3 debars the candidate from the next n examinations: the committee's n, asked beside the decision.
  const [debar, setDebar] = useState<Record<string, string>>({});
  const refresh = () => client.invalidateQueries({ queryKey: ['conduct'] });
  const debarred = (n: number | null | undefined) =>
    n ? ` · ${t('debarred for {{n}} examinations', { n })}` : '';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await run(() => reportCase({ ...draft, slot_id: sitting.slotId }))) setDraft(empty);
    await refresh();
  };
  const columns: TableColumn<UfmCase>[] = [
    { id: 'case', header: 'Case', cell: (c) => c.case_id },
    { id: 'roll', header: 'Roll No.', cell: (c) => c.roll_no },
    { id: 'paper', header: 'Paper', cell: (c) => c.paper_id },
    { id: 'nature', header: 'Nature', cell: (c) => <T>{ufmNature.labelOf(c.nature)}</T> },
    {
      id: 'decision',
      header: 'Decision',
      cell: (c) =>
        ['HEARD', 'SHOW_CAUSE_ISSUED', 'APPEALED'].includes(c.status) && holds('ufm.write') ? (
          <>
            <select
              aria-label={t('Decision for {{case}}', { case: c.case_id })}
              value={decision[c.case_id] ?? 'U0'}
              onChange={(e) => setDecision({ ...decision, [c.case_id]: e.target.value })}
            >
              {ufmDecision.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {t(o.label)}
                </option>
              ))}
            </select>
            {decision[c.case_id] === 'U3' && (
              <input
                type="number"
                min={1}
                max={10}
                inputMode="numeric"
                className="debar-input"
                aria-label={t('Examinations debarred for {{case}}', { case: c.case_id })}
                value={debar[c.case_id] ?? ''}
                onChange={(e) => setDebar({ ...debar, [c.case_id]: e.target.value })}
              />
            )}
          </>
        ) : c.decision ? (
          `${c.decision}${debarred(c.debar_exams)}`
        ) : (
          '—'
        ),
    },
    {
      id: 'status',
      header: 'Action',
      cell: (c) => (
        <WorkflowActions
          workflow={ufmCaseWorkflow}
          record={c as unknown as Record<string, unknown>}
          role={user?.name}
          onAct={async (action, reason) => {
            const a = await caseAction(c, action, reason, decision[c.case_id] ?? 'U0', debar[c.case_id]);
            await refresh();
            return a.message;
          }}
        />
      ),
    },
  ];
  const field = (name: keyof typeof empty, label: string) => (
    <TextField
      id={`ufm-${name}`}
      label={t(label)}
      value={draft[name]}
      onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
    />
  );
  return (
    <Page title="UFM Entry">
      {sitting.picker}
      {shown}
      {holds('ufm.write') && (
        <form
          className="ufm-form conduct-panel"
          onSubmit={(e) => void submit(e)}
          aria-label={t('Report a case')}
        >
          <h2>{t('Report a case')}</h2>
          {!sitting.slotId && <Notice kind="info">{t('Choose a slot and a centre.')}</Notice>}
          {field('roll_no', 'Roll No.')}
          {field('reported_by', 'Reported by')}
          <div className="field">
            <label htmlFor="ufm-nature">{t('Nature')}</label>
            <select
              id="ufm-nature"
              value={draft.nature}
              onChange={(e) => setDraft({ ...draft, nature: e.target.value })}
            >
              {ufmNature.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {t(o.label)}
                </option>
              ))}
            </select>
          </div>
          {field('seized_material', 'Seized material')}
          {field('statement', 'Statement')}
          <button type="submit" className="button" disabled={!sitting.slotId}>
            {t('Report')}
          </button>
        </form>
      )}
      <QueryState query={cases} failure={failed(t)}>
        {({ rows, total }) => (
          <>
            {/* A capped read says how many cases the exam has rather than cut the list silently. */}
            {total > rows.length && (
              <Notice kind="info">
                {t('Showing {{first}}–{{last}} of {{total}}', { first: 1, last: rows.length, total })}
              </Notice>
            )}
            <DataTable
              caption={t('Cases')}
              columns={columns}
              rows={rows}
              rowKey={(c) => c.case_id}
              emptyText="No case yet."
            />
          </>
        )}
      </QueryState>
    </Page>
  );
}
