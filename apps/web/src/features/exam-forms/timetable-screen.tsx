import { shift as shiftEnum } from '@exam/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DataTable, type TableColumn } from '../../components/ui/data-table.tsx';
import { ErrorList, listServerErrors } from '../../components/ui/error-list.tsx';
import { TextField } from '../../components/ui/form-parts.tsx';
import { T } from '../../components/ui/text.tsx';
import { Notice, Page } from '../../components/ui/page.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { isApiError } from '../../lib/api.ts';
import { usePermissions } from '../../lib/auth.ts';
import { useT } from '../../lib/i18n.ts';
import {
  addSlot,
  changeSlot,
  deleteSlot,
  downloadDateSheet,
  useClashes,
  useSlots,
  type Slot,
} from './timetable-admit-api.ts';
import './timetable-admit.css';

const DEMO_EXAM = 'MAIN-DEC-2024';
export const slotLabels: Record<string, string> = {
  paper_id: 'Paper',
  courses: 'Course-semesters',
  date: 'Date',
  shift: 'Shift',
  start_time: 'Start',
  duration_minutes: 'Minutes',
};
const labels = slotLabels;
/** The texts the timetable screen writes inline (the Hindi catalogue test checks each has its Hindi). */
export const timetableTexts = [
  'Time Table',
  'Date sheet (PDF)',
  'Exam',
  'Show',
  'Clashes',
  'Clashes could not be checked: {{message}}',
  'No candidate has two papers in one shift.',
  '1 candidate has two papers in one shift: move one of the slots.',
  '{{n}} candidates have two papers in one shift: move one of the slots.',
  '{{student}}: {{papers}} on {{date}} {{shift}}',
  'Move the slot of {{paper}}',
  'Add a slot',
  'session/course/semester, commas between: 2024-25/BA01/1, 2024-25/BSC01/1',
  'Save the move',
  'Add slot',
  'Cancel',
  'min',
  'Action',
  'Move',
  'Delete',
  'Move slot of {{paper}}',
  'Delete slot of {{paper}}',
  'The timetable could not be loaded: {{message}}',
  'Timetable of {{exam}}',
  'No slot yet.',
];
const emptySlot = {
  paper_id: '',
  courses: '',
  date: '',
  shift: 'FN',
  start_time: '09:00',
  duration_minutes: '180',
};

/**
 * /PreTimeTable (lifecycle S4): the office builds an exam's timetable, one slot per paper (a common paper's
 * course-semesters share it), sees the candidates whose papers clash in a shift, resolves a clash by moving a
 * slot, and prints the date sheet.
 */
export function TimetableScreen() {
  const [search, setSearch] = useSearchParams();
  const examId = search.get('exam_id') ?? DEMO_EXAM;
  const [examInput, setExamInput] = useState(examId);
  const { holds } = usePermissions();
  const { t } = useT();
  const canWrite = holds('exam-setup.write');
  const slots = useSlots(examId);
  const clashes = useClashes(examId);
  const client = useQueryClient();
  const [draft, setDraft] = useState<Record<string, string>>(emptySlot);
  const [editing, setEditing] = useState<Slot | null>(null);
  const [message, setMessage] = useState<{
    kind: 'success' | 'error';
    text: string;
    errors?: Record<string, string[]>;
  } | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['timetable'] });

  const act = async (work: () => Promise<{ message: string }>) => {
    try {
      const answer = await work();
      setMessage({ kind: 'success', text: answer.message });
      setEditing(null);
      await refresh();
      return true;
    } catch (error) {
      setMessage({
        kind: 'error',
        text: error instanceof Error ? error.message : String(error),
        errors: isApiError(error) ? error.body.errors : undefined,
      });
      return false;
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (editing) {
      await act(() =>
        changeSlot(editing, {
          date: draft.date,
          shift: draft.shift as Slot['shift'],
          start_time: draft.start_time,
          duration_minutes: Number(draft.duration_minutes),
          courses: draft.courses,
        }),
      );
    } else if (await act(() => addSlot({ ...draft, exam_id: examId }))) setDraft(emptySlot);
  };
  const edit = (slot: Slot) => {
    setEditing(slot);
    setDraft({
      paper_id: slot.paper_id,
      courses: slot.courses,
      date: slot.date,
      shift: slot.shift,
      start_time: slot.start_time,
      duration_minutes: String(slot.duration_minutes),
    });
  };
  const field = (name: keyof typeof emptySlot) => ({
    id: `slot-${name}`,
    label: t(labels[name]!),
    value: draft[name] ?? '',
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [name]: e.target.value }),
  });

  const columns: TableColumn<Slot>[] = [
    { id: 'date', header: 'Date', cell: (s) => s.date },
    {
      id: 'shift',
      header: 'Shift',
      cell: (s) => (
        <>
          {s.shift} (<T>{shiftEnum.labelOf(s.shift)}</T>)
        </>
      ),
    },
    { id: 'time', header: 'Start', cell: (s) => `${s.start_time} · ${s.duration_minutes} ${t('min')}` },
    { id: 'paper', header: 'Paper', cell: (s) => s.paper_id },
    { id: 'courses', header: 'Course-semesters', cell: (s) => s.courses },
    ...(canWrite
      ? [
          {
            id: 'actions',
            header: 'Action',
            cell: (s: Slot) => (
              <span className="row-actions">
                <button
                  type="button"
                  className="button secondary"
                  onClick={() => edit(s)}
                  aria-label={t('Move slot of {{paper}}', { paper: s.paper_id })}
                >
                  {t('Move')}
                </button>
                <button
                  type="button"
                  className="button secondary"
                  onClick={() => void act(() => deleteSlot(s))}
                  aria-label={t('Delete slot of {{paper}}', { paper: s.paper_id })}
                >
                  {t('Delete')}
                </button>
              </span>
            ),
          },
        ]
      : []),
  ];

  return (
    <Page
      title="Time Table"
      actions={
        <button
          type="button"
          className="button"
          onClick={() =>
            void downloadDateSheet(examId).catch((e: Error) => setMessage({ kind: 'error', text: e.message }))
          }
        >
          {t('Date sheet (PDF)')}
        </button>
      }
    >
      <form
        className="exam-picker"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch({ exam_id: examInput.trim() });
        }}
      >
        <TextField
          id="exam-id"
          label={t('Exam')}
          value={examInput}
          onChange={(e) => setExamInput(e.target.value)}
        />
        <button type="submit" className="button secondary">
          {t('Show')}
        </button>
      </form>
      {message &&
        (message.kind === 'error' ? (
          <ErrorList message={message.text} errors={listServerErrors(message.errors, labels)} />
        ) : (
          <Notice kind="success">{message.text}</Notice>
        ))}

      <section aria-labelledby="clashes-title" className="clash-panel">
        <h2 id="clashes-title">{t('Clashes')}</h2>
        <QueryState
          query={clashes}
          failure={(e) => t('Clashes could not be checked: {{message}}', { message: e.message })}
        >
          {(answer) =>
            answer.total === 0 ? (
              <Notice kind="success">{t('No candidate has two papers in one shift.')}</Notice>
            ) : (
              <>
                <Notice kind="error">
                  {answer.total === 1
                    ? t('1 candidate has two papers in one shift: move one of the slots.')
                    : t('{{n}} candidates have two papers in one shift: move one of the slots.', {
                        n: answer.total,
                      })}
                </Notice>
                <ul className="clash-list">
                  {answer.clashes.map((c) => (
                    <li key={`${c.student_id}-${c.date}-${c.shift}`}>
                      {t('{{student}}: {{papers}} on {{date}} {{shift}}', {
                        student: c.student_id,
                        papers: c.papers.join(' + '),
                        date: c.date,
                        shift: c.shift,
                      })}
                    </li>
                  ))}
                </ul>
              </>
            )
          }
        </QueryState>
      </section>

      {canWrite && (
        <form className="slot-form" onSubmit={(e) => void submit(e)} aria-labelledby="slot-form-title">
          <h2 id="slot-form-title">
            {editing ? t('Move the slot of {{paper}}', { paper: editing.paper_id }) : t('Add a slot')}
          </h2>
          <div className="slot-fields">
            {!editing && <TextField {...field('paper_id')} />}
            <TextField
              {...field('courses')}
              hint={
                <small className="hint">
                  {t('session/course/semester, commas between: 2024-25/BA01/1, 2024-25/BSC01/1')}
                </small>
              }
            />
            <TextField {...field('date')} type="date" />
            <div className="field">
              <label htmlFor="slot-shift">{t('Shift')}</label>
              <select
                id="slot-shift"
                value={draft.shift}
                onChange={(e) =>
                  setDraft({
                    ...draft,
                    shift: e.target.value,
                    start_time: e.target.value === 'AN' ? '14:00' : '09:00',
                  })
                }
              >
                {shiftEnum.options.map((o) => (
                  <option key={o.value} value={o.value}>{`${o.value} (${t(o.label)})`}</option>
                ))}
              </select>
            </div>
            <TextField {...field('start_time')} />
            <TextField {...field('duration_minutes')} inputMode="numeric" />
          </div>
          <div className="form-actions">
            <button type="submit" className="button">
              {t(editing ? 'Save the move' : 'Add slot')}
            </button>
            {editing && (
              <button
                type="button"
                className="button secondary"
                onClick={() => {
                  setEditing(null);
                  setDraft(emptySlot);
                }}
              >
                {t('Cancel')}
              </button>
            )}
          </div>
        </form>
      )}

      <QueryState
        query={slots}
        failure={(e) => t('The timetable could not be loaded: {{message}}', { message: e.message })}
      >
        {(rows) => (
          <DataTable
            caption={t('Timetable of {{exam}}', { exam: examId })}
            columns={columns}
            rows={rows}
            rowKey={(s) => s.slot_id}
            emptyText="No slot yet."
          />
        )}
      </QueryState>
    </Page>
  );
}
