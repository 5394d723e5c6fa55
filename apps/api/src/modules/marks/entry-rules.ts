import {
  ciaPattern,
  componentStatuses,
  entryStatus,
  MARK_PATTERN,
  toHundredths,
  type CiaMarks,
  type MarkCell,
  msg,
  type EntryRowInput,
  type Message,
} from '@exam/contracts';
import { computeInternal, GradingInputError } from '@exam/grading';
import {
  AppError,
  invalid,
  staleEdit,
  type FieldErrors,
  type MessageOrText,
} from '../../platform/http/errors.ts';
import type { Batch, RowWrite, StoredRow } from './entry-store.ts';

/**
 * The rules of marks entry (lifecycle S3, S6): a typed cell, the internal mark from CIA components, the rows
 * of a save, and whether a batch takes edits now. Pure: each answers the stored value, the refusal (an
 * AppError to throw) or nothing; none reads the database.
 */

/** The batch fields the row rules need. */
export type BatchFacts = Pick<Batch, 'batch_id' | 'component' | 'coded' | 'max_marks'>;

/** Hundredths as numeric(6,2) text: 4650 → "46.50" (no floating point). */
export const fixed2 = (h: number) => `${Math.trunc(h / 100)}.${String(h % 100).padStart(2, '0')}`;

const asText = (v: unknown) =>
  v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : String(v).trim().toUpperCase();

/** A mark above the maximum (a typed cell, a correction). */
export const aboveMaximum = (value: string, max: string) => msg('marks.aboveMaximum', { value, max });

/**
 * One typed mark against the batch's maximum and the marks step (settings): a decimal with at most two
 * places, or a status of the component; never both. Answers the stored value/status or the message a clerk
 * can act on.
 */
export function checkMark(
  valueIn: unknown,
  statusIn: unknown,
  batch: Pick<Batch, 'component' | 'max_marks'>,
  step: string,
): { value: string | null; status: string | null } | { error: Message } {
  let value = asText(valueIn);
  let status = asText(statusIn);
  // A status typed in the value cell ("AB") is a status, never a number.
  if (value && !/^[\d.\-+]/.test(value) && !status) [status, value] = [value, ''];
  if (value && status) return { error: msg('marks.marksOrStatus') };
  const allowed = componentStatuses[batch.component].join(', ');
  if (status) {
    if (!(entryStatus.values as readonly string[]).includes(status))
      return { error: msg('marks.unknownStatus', { status, allowed }) };
    if (!(componentStatuses[batch.component] as readonly string[]).includes(status))
      return { error: msg('marks.statusNotUsed', { status, allowed }) };
    return { value: null, status };
  }
  if (!value) return { value: null, status: null };
  if (value.startsWith('-')) return { error: msg('marks.negative') };
  if (/^\d+\.\d{3,}$/.test(value)) return { error: msg('marks.twoDecimals') };
  if (!MARK_PATTERN.test(value)) return { error: msg('marks.notAMark', { max: batch.max_marks, allowed }) };
  const h = toHundredths(value);
  if (h > toHundredths(batch.max_marks)) return { error: aboveMaximum(value, batch.max_marks) };
  const stepH = toHundredths(step);
  if (stepH > 1 && h % stepH !== 0) return { error: msg('marks.markStep', { step }) };
  return { value: fixed2(h), status: null };
}

/**
 * CIA component marks → the internal mark by the batch's pattern (grading's computeInternal: weights,
 * best-of, rounding). Each component's entries are checked against that component's maximum first.
 */
export function internalFromComponents(
  pattern: unknown,
  marks: Record<string, unknown>,
  intMax: string,
):
  | { value: string | null; status: string | null; component_marks: Record<string, string | string[]> }
  | { error: MessageOrText } {
  const parsed = ciaPattern.safeParse(pattern);
  if (!parsed.success) return { error: msg('marks.noValidPattern') };
  const stored: Record<string, string | string[]> = {};
  const cells: CiaMarks = {};
  for (const c of parsed.data.components) {
    const raw = marks[c.code];
    const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
    const entries: MarkCell[] = [];
    for (const entry of list) {
      const checked = checkMark(entry, null, { component: 'INT', max_marks: c.max_marks }, '0.01');
      if ('error' in checked)
        return { error: msg('marks.namedCell', { name: c.name, reason: checked.error }) };
      if (checked.value !== null || checked.status !== null)
        entries.push({ value: checked.value, status: checked.status as MarkCell['status'] });
    }
    stored[c.code] = entries.map((e) => e.value ?? e.status ?? '');
    cells[c.code] = entries;
  }
  for (const code of Object.keys(marks))
    if (!parsed.data.components.some((c) => c.code === code))
      return { error: msg('marks.noSuchComponent', { code, pattern_id: parsed.data.pattern_id }) };
  try {
    const { cell } = computeInternal(parsed.data, intMax, cells);
    // RL: a mandatory component is not entered yet: the row stays pending (no internal mark yet).
    if (cell.status === 'RL') return { value: null, status: null, component_marks: stored };
    return {
      value: cell.value === null ? null : fixed2(toHundredths(cell.value)),
      status: cell.status,
      component_marks: stored,
    };
  } catch (error) {
    // grading's own sentence, shown as it is (a screen text for Hindi, like any plain refusal).
    if (error instanceof GradingInputError) return { error: error.message };
    throw error;
  }
}

/** A row a save changes: as it was, and as it will be stored. */
export interface RowChange extends RowWrite {
  before: StoredRow;
}

const ENTERING = ['OPEN', 'DRAFT', 'REOPENED'];

/**
 * Why a batch takes no edits now (409): a LOCKED batch needs a marks correction; a submitted one is returned
 * first.
 */
export function refuseEdit(batch: Pick<Batch, 'batch_id' | 'status'>) {
  if (ENTERING.includes(batch.status)) return undefined;
  if (batch.status === 'LOCKED')
    return new AppError('LOCKED', msg('marks.batchLockedNoEdit', { batch_id: batch.batch_id }));
  return new AppError(
    'LOCKED',
    msg('marks.batchAwaitsReturn', { batch_id: batch.batch_id, status: batch.status }),
  );
}

/** A save of a batch opened before someone else's save (409: the typing since is not saved). */
export function refuseStaleSave(
  batch: Pick<Batch, 'batch_id' | 'updated_at'>,
  openedAt: string | null | undefined,
) {
  if (!openedAt || new Date(openedAt).getTime() === batch.updated_at.getTime()) return undefined;
  return staleEdit(msg('marks.staleSave', { batch_id: batch.batch_id }));
}

/** A save that lost the race with another save or an action between its read and its write. */
export const raceLost = (batchId: string) => staleEdit(msg('marks.raceSave', { batch_id: batchId }));

/** The notice of a save: rows saved and how many are still pending, or nothing changed. */
export const savedNotice = (saved: number, pending: number) =>
  saved ? msg('marks.rowsSaved', { count: saved, pending }) : msg('marks.nothingChanged');

/**
 * The rows of a save checked against the batch (a draft: partial saves allowed; an empty cell clears a row):
 * each row names its book (coded) or attempt, once, and one of the batch's; its mark against the maximum, the
 * step and the statuses of its component (or its CIA components by the batch's pattern); an absent or UFM
 * candidate by the attendance (`presets`, attempt → AB or UFM) takes only that status. Answers the rows that
 * change, or the refusal naming each failing row (422: nothing is written).
 */
export function checkRows(
  batch: BatchFacts,
  pattern: unknown,
  stored: readonly StoredRow[],
  rows: readonly EntryRowInput[],
  presets: ReadonlyMap<string, string>,
  step: string,
): { changes: RowChange[]; refusal?: AppError } {
  const keyOf = (r: { fict_no?: string | null; attempt_id?: string | null }) =>
    batch.coded ? `F:${r.fict_no}` : `A:${r.attempt_id}`;
  const byKey = new Map(stored.map((r) => [keyOf(r), r]));
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  const changes: RowChange[] = [];
  const keyField = batch.coded ? 'fict_no' : 'attempt_id';
  rows.forEach((row, i) => {
    const fail = (field: string, message: MessageOrText) =>
      (errors[`rows.${i}.${field}`] ??= []).push(message);
    const name = (batch.coded ? row.fict_no : row.attempt_id) ?? '';
    if (!name) return fail(keyField, msg(batch.coded ? 'marks.enterByFictNo' : 'marks.enterByAttempt'));
    const key = keyOf(row);
    if (seen.has(key))
      return fail(keyField, msg(batch.coded ? 'marks.fictNoTwice' : 'marks.attemptTwice', { name }));
    seen.add(key);
    const current = byKey.get(key);
    if (!current)
      return fail(
        keyField,
        msg(batch.coded ? 'marks.fictNoNotInBatch' : 'marks.attemptNotInBatch', {
          name,
          batch_id: batch.batch_id,
        }),
      );
    let value: string | null;
    let status: string | null;
    let componentMarks: unknown = current.component_marks;
    if (row.component_marks !== undefined && batch.component === 'INT') {
      if (!pattern) return fail('component_marks', msg('marks.noPattern'));
      const computed = internalFromComponents(pattern, row.component_marks, batch.max_marks);
      if ('error' in computed) return fail('component_marks', computed.error);
      ({ value, status } = computed);
      componentMarks = computed.component_marks;
    } else {
      const checked = checkMark(row.value, row.status, batch, step);
      if ('error' in checked) return fail('value', msg('marks.namedCell', { name, reason: checked.error }));
      ({ value, status } = checked);
    }
    const preset = current.attempt_id ? presets.get(current.attempt_id) : undefined;
    if (preset && value !== null)
      return fail(
        'value',
        msg('marks.absentByAttendance', { name, attendance: preset === 'AB' ? 'ABSENT' : 'UFM', preset }),
      );
    if (preset && status !== null && status !== preset)
      return fail('status', msg('marks.statusByAttendance', { name, preset }));
    const words = row.marks_in_words === undefined ? current.marks_in_words : row.marks_in_words;
    if (
      value === current.value &&
      status === current.status &&
      words === current.marks_in_words &&
      JSON.stringify(componentMarks) === JSON.stringify(current.component_marks)
    )
      return;
    changes.push({
      line: current.line,
      before: current,
      value,
      status,
      component_marks: componentMarks,
      marks_in_words: words ?? null,
    });
  });
  return Object.keys(errors).length ? { changes, refusal: invalid(errors) } : { changes };
}
