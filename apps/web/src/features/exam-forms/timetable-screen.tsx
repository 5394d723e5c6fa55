import { shift as shiftEnum } from '@exam/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DataTable, type TableColumn } from '../../components/ui/data-table.tsx';
import { ErrorList, listServerErrors } from '../../components/ui/error-list.tsx';
import { TextField } from '../../components/ui/form-parts.tsx';
import { Notice, Page } from '../../components/ui/page.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { isApiError } from '../../lib/api.ts';
import { usePermissions } from '../../lib/auth.ts';
import { addSlot, changeSlot, deleteSlot, downloadDateSheet, useClashes, useSlots, type Slot } from './timetable-admit-api.ts';
import './timetable-admit.css';

const DEMO_EXAM = 'MAIN-DEC-2024';
const labels: Record<string, string> = { paper_id: 'Paper', courses: 'Course-semesters', date: 'Date', shift: 'Shift', start_time: 'Start', duration_minutes: 'Minutes' };
const emptySlot = { paper_id: '', courses: '', date: '', shift: 'FN', start_time: '09:00', duration_minutes: '180' };

/**
 * /PreTimeTable (lifecycle S4): the office builds an exam's timetable, one slot per paper (a common paper's
 * course-semesters share it), sees the candidates whose papers clash in a shift, resolves a clash by moving a slot,
 * and prints the date sheet.
 */
export function TimetableScreen() {
  const [search, setSearch] = useSearchParams();
  const examId = search.get('exam_id') ?? DEMO_EXAM;
  const [examInput, setExamInput] = useState(examId);
  const { holds } = usePermissions();
  const canWrite = holds('exam-setup.write');
  const slots = useSlots(examId);
  const clashes = useClashes(examId);
  const client = useQueryClient();
  const [draft, setDraft] = useState<Record<string, string>>(emptySlot);
  const [editing, setEditing] = useState<Slot | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string; errors?: Record<string, string[]> } | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['timetable'] });

  const act = async (work: () => Promise<{ message: string }>) => {
    try {
      const answer = await work();
      setMessage({ kind: 'success', text: answer.message });
      setEditing(null);
      await refresh();
      return true;
    } catch (error) {
      setMessage({ kind: 'error', text: error instanceof Error ? error.message : String(error), errors: isApiError(error) ? error.body.errors : undefined });
      return false;
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (editing) {
      await act(() => changeSlot(editing, { date: draft.date, shift: draft.shift as Slot['shift'], start_time: draft.start_time, duration_minutes: Number(draft.duration_minutes), courses: draft.courses }));
    } else if (await act(() => addSlot({ ...draft, exam_id: examId }))) setDraft(emptySlot);
  };
  const edit = (slot: Slot) => {
    setEditing(slot);
    setDraft({ paper_id: slot.paper_id, courses: slot.courses, date: slot.date, shift: slot.shift, start_time: slot.start_time, duration_minutes: String(slot.duration_minutes) });
  };
  const field = (name: keyof typeof emptySlot) => ({
    id: `slot-${name}`, label: labels[name]!, value: draft[name] ?? '', onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [name]: e.target.value }),
  });

  const columns: TableColumn<Slot>[] = [
    { id: 'date', header: 'Date', cell: (s) => s.date },
    { id: 'shift', header: 'Shift', cell: (s) => `${s.shift} (${shiftEnum.labelOf(s.shift)})` },
    { id: 'time', header: 'Start', cell: (s) => `${s.start_time} · ${s.duration_minutes} min` },
    { id: 'paper', header: 'Paper', cell: (s) => s.paper_id },
    { id: 'courses', header: 'Course-semesters', cell: (s) => s.courses },
    ...(canWrite
      ? [{
          id: 'actions', header: 'Action', cell: (s: Slot) => (
            <span className="row-actions">
              <button type="button" className="button secondary" onClick={() => edit(s)} aria-label={`Move slot of ${s.paper_id}`}>Move</button>
              <button type="button" className="button secondary" onClick={() => void act(() => deleteSlot(s))} aria-label={`Delete slot of ${s.paper_id}`}>Delete</button>
            </span>
          ),
        }]
      : []),
  ];

  return (
    <Page title="Time Table" actions={<button type="button" className="button" onClick={() => void downloadDateSheet(examId).catch((e: Error) => setMessage({ kind: 'error', text: e.message }))}>Date sheet (PDF)</button>}>
      <form className="exam-picker" onSubmit={(e) => { e.preventDefault(); setSearch({ exam_id: examInput.trim() }); }}>
        <TextField id="exam-id" label="Exam" value={examInput} onChange={(e) => setExamInput(e.target.value)} />
        <button type="submit" className="button secondary">Show</button>
      </form>
      {message && (message.kind === 'error' ? <ErrorList message={message.text} errors={listServerErrors(message.errors, labels)} /> : <Notice kind="success">{message.text}</Notice>)}

      <section aria-labelledby="clashes-title" className="clash-panel">
        <h2 id="clashes-title">Clashes</h2>
        <QueryState query={clashes} failure={(e) => `Clashes could not be checked: ${e.message}`}>
          {(answer) =>
            answer.total === 0 ? (
              <Notice kind="success">No candidate has two papers in one shift.</Notice>
            ) : (
              <>
                <Notice kind="error">{`${answer.total} candidate${answer.total === 1 ? ' has' : 's have'} two papers in one shift: move one of the slots.`}</Notice>
                <ul className="clash-list">
                  {answer.clashes.map((c) => <li key={`${c.student_id}-${c.date}-${c.shift}`}>{`${c.student_id}: ${c.papers.join(' + ')} on ${c.date} ${c.shift}`}</li>)}
                </ul>
              </>
            )
          }
        </QueryState>
      </section>

      {canWrite && (
        <form className="slot-form" onSubmit={(e) => void submit(e)} aria-labelledby="slot-form-title">
          <h2 id="slot-form-title">{editing ? `Move the slot of ${editing.paper_id}` : 'Add a slot'}</h2>
          <div className="slot-fields">
            {!editing && <TextField {...field('paper_id')} />}
            <TextField {...field('courses')} hint={<small className="hint">session/course/semester, commas between: 2024-25/BA01/1, 2024-25/BSC01/1</small>} />
            <TextField {...field('date')} type="date" />
            <div className="field">
              <label htmlFor="slot-shift">Shift</label>
              <select id="slot-shift" value={draft.shift} onChange={(e) => setDraft({ ...draft, shift: e.target.value, start_time: e.target.value === 'AN' ? '14:00' : '09:00' })}>
                {shiftEnum.options.map((o) => <option key={o.value} value={o.value}>{`${o.value} (${o.label})`}</option>)}
              </select>
            </div>
            <TextField {...field('start_time')} />
            <TextField {...field('duration_minutes')} inputMode="numeric" />
          </div>
          <div className="form-actions">
            <button type="submit" className="button">{editing ? 'Save the move' : 'Add slot'}</button>
            {editing && <button type="button" className="button secondary" onClick={() => { setEditing(null); setDraft(emptySlot); }}>Cancel</button>}
          </div>
        </form>
      )}

      <QueryState query={slots} failure={(e) => `The timetable could not be loaded: ${e.message}`}>
        {(rows) => <DataTable caption={`Timetable of ${examId}`} columns={columns} rows={rows} rowKey={(s) => s.slot_id} emptyText="No slot yet." />}
      </QueryState>
    </Page>
  );
}
