import {
  entryBatchResource,
  totalsOf,
  type EntryRow,
  type EntryRowInput,
  type MarkComponent,
  type Scope,
} from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import { attendanceOfAttempts } from '../conduct/index.ts';
import type { AuthenticatedUser } from '../../platform/auth/authenticate.ts';
import { scopeWhere, valuesOutOfScope } from '../../platform/auth/scope.ts';
import { AppError, invalid, notFound, staleEdit } from '../../platform/http/errors.ts';
import { checkMark, internalFromComponents } from './entry-rules.ts';

type Tx = Prisma.TransactionClient;

/** A batch as the row calls read it (numeric max as text). */
export interface Batch {
  batch_id: string;
  component: MarkComponent;
  exam_id: string;
  paper_id: string;
  college_id: string | null;
  dept_id: string | null;
  coded: boolean;
  packet_no: string | null;
  entry_no: number;
  pattern_id: string | null;
  max_marks: string;
  status: string;
  updated_at: Date;
}

/** One batch within the caller's reach, or 404 (a batch of another college does not exist for its caller). */
export async function findBatch(
  tx: Tx,
  batchId: string,
  scope: Scope,
  user: AuthenticatedUser,
  lock = false,
): Promise<Batch> {
  const within = scopeWhere(scope, user, entryBatchResource.scopeFields);
  const found =
    within &&
    (await tx.entryBatch.findFirst({
      where: { AND: [{ batch_id: batchId }, within] },
      select: { batch_id: true },
    }));
  if (!found) throw notFound(`Marks batch ${batchId} does not exist.`);
  const [row] = await tx.$queryRawUnsafe<Batch[]>(
    `SELECT batch_id, component, exam_id, paper_id, college_id, dept_id, coded, packet_no, entry_no, pattern_id, max_marks::text AS max_marks, status, updated_at
       FROM entry_batch WHERE batch_id = $1${lock ? ' FOR UPDATE' : ''}`,
    batchId,
  );
  return row!;
}

interface StoredRow {
  line: number;
  attempt_id: string | null;
  fict_no: string | null;
  value: string | null;
  status: string | null;
  component_marks: Record<string, unknown> | null;
  marks_in_words: string | null;
}

/** Attendance presets of a roll-number batch of the exam (external, practical): absent → AB, UFM → UFM. */
async function presets(
  db: Tx | Pick<Database, 'query'>,
  batch: Batch,
  cached = false,
): Promise<Map<string, string>> {
  if (batch.coded || batch.component === 'INT') return new Map();
  const key = `${batch.exam_id}\u0000${batch.paper_id}`;
  const hit = cached ? presetCache.get(key) : undefined;
  if (hit && hit.until > Date.now()) return hit.presets;
  const attendance = await attendanceOfAttempts(db, batch.exam_id, batch.paper_id);
  const found = new Map(
    attendance
      .filter((a) => a.status === 'ABSENT' || a.status === 'UFM')
      .map((a) => [a.attempt_id, a.status === 'ABSENT' ? 'AB' : 'UFM']),
  );
  presetCache.set(key, { until: Date.now() + PRESET_TTL_MS, presets: found });
  if (presetCache.size > 500) presetCache.delete(presetCache.keys().next().value!);
  return found;
}

/**
 * Autosaves read a paper's attendance at most every few seconds (conduct's attendanceOfAttempts reads the
 * whole paper: 37 ms for 2,000 candidates); the final submit reads it fresh and refuses marks for an
 * absentee, so a correction of the attendance made meanwhile is never missed.
 */
const PRESET_TTL_MS = 5000;
const presetCache = new Map<string, { until: number; presets: Map<string, string> }>();

/**
 * The rows of a batch that carry marks although the attendance says absent or UFM (checked fresh at submit).
 */
export async function marksAgainstAttendance(tx: Tx, batch: Batch): Promise<string[]> {
  const fixed = await presets(tx, batch);
  if (!fixed.size) return [];
  const rows = await tx.$queryRawUnsafe<
    Array<{ attempt_id: string; label: string; status: string | null; value: string | null }>
  >(
    `SELECT r.attempt_id, COALESCE(f.roll_no, a.student_id) AS label, r.status, r.value::text AS value FROM entry_row r
       JOIN attempt a ON a.attempt_id = r.attempt_id LEFT JOIN exam_form f ON f.form_id = a.form_id WHERE r.batch_id = $1`,
    batch.batch_id,
  );
  return rows
    .filter((r) => fixed.has(r.attempt_id) && (r.value !== null || r.status !== fixed.get(r.attempt_id)))
    .map((r) => `${r.label} (${fixed.get(r.attempt_id)})`);
}

/**
 * The rows of a batch in its order. A coded batch answers only fictitious numbers, marks and statuses: never
 * an attempt, student, roll number, name or college (S6 secrecy), so nothing else is even selected.
 */
export async function readRows(tx: Tx, batch: Batch): Promise<EntryRow[]> {
  if (batch.coded) {
    const rows = await tx.$queryRawUnsafe<
      Array<{
        line: number;
        fict_no: string;
        value: string | null;
        status: string | null;
        marks_in_words: string | null;
      }>
    >(
      `SELECT line, fict_no, value::text AS value, status, marks_in_words FROM entry_row WHERE batch_id = $1 ORDER BY line`,
      batch.batch_id,
    );
    return rows.map((r) => ({
      line: r.line,
      fict_no: r.fict_no,
      value: r.value,
      status: r.status as EntryRow['status'],
      marks_in_words: r.marks_in_words,
    }));
  }
  const [rows, preset] = await Promise.all([
    tx.$queryRawUnsafe<
      Array<StoredRow & { student_id: string; roll_no: string | null; name: string | null }>
    >(
      `SELECT r.line, r.attempt_id, a.student_id, f.roll_no, s.name_en AS name, r.value::text AS value, r.status, r.component_marks, r.marks_in_words
         FROM entry_row r JOIN attempt a ON a.attempt_id = r.attempt_id
         LEFT JOIN exam_form f ON f.form_id = a.form_id LEFT JOIN student s ON s.student_id = a.student_id
        WHERE r.batch_id = $1 ORDER BY r.line`,
      batch.batch_id,
    ),
    presets(tx, batch),
  ]);
  return rows.map((r) => ({
    line: r.line,
    attempt_id: r.attempt_id!,
    student_id: r.student_id,
    roll_no: r.roll_no,
    name: r.name,
    value: r.value,
    status: r.status as EntryRow['status'],
    component_marks: (r.component_marks as Record<string, string | null> | null) ?? null,
    marks_in_words: r.marks_in_words,
    preset: preset.get(r.attempt_id!) ?? null,
  }));
}

const ENTERING = ['OPEN', 'DRAFT', 'REOPENED'];

/**
 * Why a batch takes no edits now (409): a LOCKED batch needs a marks correction; a submitted one is returned
 * first.
 */
export function refuseEdit(batch: Batch) {
  if (ENTERING.includes(batch.status)) return;
  if (batch.status === 'LOCKED') {
    throw new AppError(
      'LOCKED',
      `Marks batch ${batch.batch_id} is LOCKED: its marks cannot be edited. A change now needs a marks correction with a reason and an approver (POST /api/markcorrection).`,
    );
  }
  throw new AppError(
    'LOCKED',
    `Marks batch ${batch.batch_id} is ${batch.status}: it takes no edits until a verifier returns it for correction.`,
  );
}

/** What a save needs to know about the caller (the scopes come from the token, never the request). */
export interface Saver {
  user: AuthenticatedUser;
  /** The scope in which the caller reads marks, and enters the component given (403 FORBIDDEN without it). */
  readScope: Scope;
  enterScope: (component: MarkComponent) => Scope;
  requestId: string | undefined;
}

/**
 * Whether a batch row lies within a scope (the same rule as the engine's scopeWhere, on the row's own
 * fields).
 */
const within = (scope: Scope, user: AuthenticatedUser, row: Record<string, unknown>) =>
  scope === 'any' ||
  (scope !== 'own-student' &&
    !Object.keys(valuesOutOfScope(scope, user, entryBatchResource.scopeFields, row)).length);

/**
 * Saves typed rows of a batch (a draft: partial saves allowed; an empty cell clears a row): every row checked
 * against the maximum, the step and the statuses of its component, an absent candidate's preset, a fictitious
 * number given twice, a row not in the batch; any failure answers 422 naming each row and nothing is written.
 * OPEN and REOPENED batches become DRAFT. One audit entry per save lists the rows changed (before and after).
 *
 * Read, check, then ONE statement writes the rows, the batch and the audit entry, only if the batch is still the
 * version read (a save racing another answers 409): an operator's autosave holds no connection while it is checked.
 */
export async function saveRows(
  db: Database,
  batchId: string,
  input: { rows: EntryRowInput[]; updated_at?: string | null },
  saver: Saver,
  step: string,
) {
  const [found] = await db.query<
    Batch & { stored: StoredRow[] | null; pattern: Record<string, unknown> | null }
  >(
    `SELECT b.batch_id, b.component, b.exam_id, b.paper_id, b.college_id, b.dept_id, b.coded, b.packet_no, b.entry_no, b.pattern_id, b.max_marks::text AS max_marks, b.status, b.updated_at,
            (SELECT json_agg(json_build_object('line', r.line, 'attempt_id', r.attempt_id, 'fict_no', r.fict_no, 'value', r.value::text, 'status', r.status, 'component_marks', r.component_marks, 'marks_in_words', r.marks_in_words) ORDER BY r.line)
               FROM entry_row r WHERE r.batch_id = b.batch_id) AS stored,
            (SELECT to_json(p) FROM cia_pattern p WHERE p.pattern_id = b.pattern_id) AS pattern
       FROM entry_batch b WHERE b.batch_id = $1`,
    [batchId],
  );
  if (!found || !within(saver.readScope, saver.user, found as never))
    throw notFound(`Marks batch ${batchId} does not exist.`);
  const batch: Batch = { ...found, updated_at: new Date(found.updated_at) };
  if (!within(saver.enterScope(batch.component), saver.user, found as never))
    throw notFound(`Marks batch ${batchId} does not exist.`);
  refuseEdit(batch);
  if (input.updated_at && new Date(input.updated_at).getTime() !== batch.updated_at.getTime()) {
    throw staleEdit(
      `Marks batch ${batch.batch_id} was saved by someone else after you opened it. Reload it; your typing since then was not saved.`,
    );
  }
  const stored = found.stored ?? [];
  const byKey = new Map(stored.map((r) => [batch.coded ? `F:${r.fict_no}` : `A:${r.attempt_id}`, r]));
  const preset = await presets(db, batch, true);
  const pattern = found.pattern;
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  const changes: Array<{
    line: number;
    before: StoredRow;
    value: string | null;
    status: string | null;
    component_marks: unknown;
    marks_in_words: string | null;
  }> = [];
  input.rows.forEach((row, i) => {
    const fail = (field: string, message: string) => (errors[`rows.${i}.${field}`] ??= []).push(message);
    const name = batch.coded ? row.fict_no : row.attempt_id;
    if (batch.coded && !row.fict_no)
      return fail('fict_no', 'A coded award list is entered by fictitious number (fict_no)');
    if (!batch.coded && !row.attempt_id)
      return fail('attempt_id', 'This batch is entered by attempt (attempt_id)');
    const key = batch.coded ? `F:${row.fict_no}` : `A:${row.attempt_id}`;
    if (seen.has(key))
      return fail(
        batch.coded ? 'fict_no' : 'attempt_id',
        `${batch.coded ? 'Fictitious number' : 'Attempt'} ${name} is given twice; one value per ${batch.coded ? 'answer book' : 'candidate'}`,
      );
    seen.add(key);
    const current = byKey.get(key);
    if (!current)
      return fail(
        batch.coded ? 'fict_no' : 'attempt_id',
        `${batch.coded ? 'Fictitious number' : 'Attempt'} ${name} is not in batch ${batch.batch_id}`,
      );
    let value: string | null;
    let status: string | null;
    let componentMarks: unknown = current.component_marks;
    if (row.component_marks !== undefined && batch.component === 'INT') {
      if (!pattern)
        return fail('component_marks', 'This batch has no CIA pattern; enter the internal mark itself');
      const computed = internalFromComponents(pattern, row.component_marks, batch.max_marks);
      if ('error' in computed) return fail('component_marks', computed.error);
      ({ value, status } = computed);
      componentMarks = computed.component_marks;
    } else {
      const checked = checkMark(row.value, row.status, batch, step);
      if ('error' in checked) return fail('value', `${name}: ${checked.error}`);
      ({ value, status } = checked);
    }
    const fixed = current.attempt_id ? preset.get(current.attempt_id) : undefined;
    if (fixed && value !== null)
      return fail(
        'value',
        `${name} is ${fixed === 'AB' ? 'ABSENT' : 'UFM'} by the attendance: no marks can be entered (${fixed}). An attendance correction comes first.`,
      );
    if (fixed && status !== null && status !== fixed)
      return fail('status', `${name} is ${fixed} by the attendance`);
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
  if (Object.keys(errors).length) throw invalid(errors);

  const status = 'DRAFT';
  const audit = changes.length
    ? {
        before: JSON.stringify({
          status: batch.status,
          rows: changes.map((c) => ({ line: c.line, value: c.before.value, status: c.before.status })),
        }),
        after: JSON.stringify({
          status,
          rows: changes.map((c) => ({ line: c.line, value: c.value, status: c.status })),
        }),
      }
    : null;
  const [written] = await db.query<{ updated_at: Date }>(
    `WITH b AS (
       UPDATE entry_batch SET status = $3, entered_by = $4, updated_at = now()
        WHERE batch_id = $1 AND updated_at = $2::timestamptz AND status IN ('OPEN', 'DRAFT', 'REOPENED') RETURNING batch_id, updated_at),
     r AS (
       UPDATE entry_row e SET value = t.v::numeric(6,2), status = t.s, component_marks = t.c::jsonb, marks_in_words = t.w, updated_at = now()
         FROM unnest($5::int[], $6::text[], $7::text[], $8::text[], $9::text[]) AS t(l, v, s, c, w), b
        WHERE e.batch_id = b.batch_id AND e.line = t.l RETURNING 1),
     a AS (
       INSERT INTO audit_log (user_id, user_email, action, entity, entity_key, before, after, request_id)
       SELECT $10::int, $4, 'update', 'entrybatch', b.batch_id, $11::jsonb, $12::jsonb, $13 FROM b WHERE $11::jsonb IS NOT NULL RETURNING 1)
     SELECT b.updated_at, (SELECT count(*) FROM r) AS n FROM b`,
    [
      batch.batch_id,
      batch.updated_at.toISOString(),
      status,
      saver.user.email,
      changes.map((c) => c.line),
      changes.map((c) => c.value),
      changes.map((c) => c.status),
      changes.map((c) => (c.component_marks == null ? null : JSON.stringify(c.component_marks))),
      changes.map((c) => c.marks_in_words),
      saver.user.id,
      audit?.before ?? null,
      audit?.after ?? null,
      saver.requestId ?? null,
    ],
  );
  if (!written)
    throw staleEdit(
      `Marks batch ${batch.batch_id} was saved by someone else just now (or moved on). Reload it; your typing since then was not saved.`,
    );
  const merged = stored.map((r) => changes.find((c) => c.line === r.line) ?? r);
  return { changes, status, updated_at: new Date(written.updated_at), totals: totalsOf(merged) };
}

/** Counts and total of a batch's rows (submit, verify, the grid). */
export async function batchTotals(tx: Tx, batchId: string) {
  const rows = await tx.$queryRawUnsafe<Array<{ value: string | null; status: string | null }>>(
    `SELECT value::text AS value, status FROM entry_row WHERE batch_id = $1`,
    batchId,
  );
  return totalsOf(rows);
}
