import { entryBatchResource, enterCapabilityOf, totalsOf, type CapabilityKey, type EntryRow, type EntryRowInput, type MarkComponent, type Scope } from '@exam/contracts';
import type { Prisma } from '@exam/db';
import { attendanceOfAttempts } from '../conduct/index.ts';
import type { AuthenticatedUser } from '../../platform/auth/authenticate.ts';
import { scopeWhere } from '../../platform/auth/scope.ts';
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
export async function findBatch(tx: Tx, batchId: string, scope: Scope, user: AuthenticatedUser, lock = false): Promise<Batch> {
  const within = scopeWhere(scope, user, entryBatchResource.scopeFields);
  const found = within && (await tx.entryBatch.findFirst({ where: { AND: [{ batch_id: batchId }, within] }, select: { batch_id: true } }));
  if (!found) throw notFound(`Marks batch ${batchId} does not exist.`);
  const [row] = await tx.$queryRawUnsafe<Batch[]>(
    `SELECT batch_id, component, exam_id, paper_id, college_id, dept_id, coded, packet_no, entry_no, pattern_id, max_marks::text AS max_marks, status, updated_at
       FROM entry_batch WHERE batch_id = $1${lock ? ' FOR UPDATE' : ''}`,
    batchId,
  );
  return row!;
}

/** The capability that enters the batch's component, refined from the read scope: 403 without it, 404 out of its scope. */
export async function enterScope(tx: Tx, batch: Batch, user: AuthenticatedUser, scopeOfCapability: (c: CapabilityKey) => Scope) {
  const scope = scopeOfCapability(enterCapabilityOf[batch.component] as CapabilityKey);
  await findBatch(tx, batch.batch_id, scope, user);
  return scope;
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
async function presets(tx: Tx, batch: Batch): Promise<Map<string, string>> {
  if (batch.coded || batch.component === 'INT') return new Map();
  const attendance = await attendanceOfAttempts(tx, batch.exam_id, batch.paper_id);
  return new Map(attendance.filter((a) => a.status === 'ABSENT' || a.status === 'UFM').map((a) => [a.attempt_id, a.status === 'ABSENT' ? 'AB' : 'UFM']));
}

/**
 * The rows of a batch in its order. A coded batch answers only fictitious numbers, marks and statuses: never an
 * attempt, student, roll number, name or college (S6 secrecy), so nothing else is even selected.
 */
export async function readRows(tx: Tx, batch: Batch): Promise<EntryRow[]> {
  if (batch.coded) {
    const rows = await tx.$queryRawUnsafe<Array<{ line: number; fict_no: string; value: string | null; status: string | null; marks_in_words: string | null }>>(
      `SELECT line, fict_no, value::text AS value, status, marks_in_words FROM entry_row WHERE batch_id = $1 ORDER BY line`,
      batch.batch_id,
    );
    return rows.map((r) => ({ line: r.line, fict_no: r.fict_no, value: r.value, status: r.status as EntryRow['status'], marks_in_words: r.marks_in_words }));
  }
  const [rows, preset] = await Promise.all([
    tx.$queryRawUnsafe<Array<StoredRow & { student_id: string; roll_no: string | null; name: string | null }>>(
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

/** Why a batch takes no edits now (409): a LOCKED batch needs a marks correction; a submitted one is returned first. */
export function refuseEdit(batch: Batch) {
  if (ENTERING.includes(batch.status)) return;
  if (batch.status === 'LOCKED') {
    throw new AppError('LOCKED', `Marks batch ${batch.batch_id} is LOCKED: its marks cannot be edited. A change now needs a marks correction with a reason and an approver (POST /api/markcorrection).`);
  }
  throw new AppError('LOCKED', `Marks batch ${batch.batch_id} is ${batch.status}: it takes no edits until a verifier returns it for correction.`);
}

/**
 * Saves typed rows of a batch (a draft: partial saves allowed; an empty cell clears a row): every row checked
 * against the maximum, the step and the statuses of its component, an absent candidate's preset, a fictitious number
 * given twice, a row not in the batch; any failure answers 422 naming each row and nothing is written. OPEN and
 * REOPENED batches become DRAFT. One audit entry per save lists the rows changed (before and after).
 */
export async function saveRows(tx: Tx, batch: Batch, input: { rows: EntryRowInput[]; updated_at?: string | null }, user: AuthenticatedUser, step: string) {
  refuseEdit(batch);
  if (input.updated_at && new Date(input.updated_at).getTime() !== batch.updated_at.getTime()) {
    throw staleEdit(`Marks batch ${batch.batch_id} was saved by someone else after you opened it. Reload it; your typing since then was not saved.`);
  }
  const stored = await tx.$queryRawUnsafe<StoredRow[]>(
    `SELECT line, attempt_id, fict_no, value::text AS value, status, component_marks, marks_in_words FROM entry_row WHERE batch_id = $1 ORDER BY line`,
    batch.batch_id,
  );
  const byKey = new Map(stored.map((r) => [batch.coded ? `F:${r.fict_no}` : `A:${r.attempt_id}`, r]));
  const preset = await presets(tx, batch);
  const pattern = batch.pattern_id ? (await tx.ciaPattern.findUnique({ where: { pattern_id: batch.pattern_id } })) : null;
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  const changes: Array<{ line: number; before: StoredRow; value: string | null; status: string | null; component_marks: unknown; marks_in_words: string | null }> = [];
  input.rows.forEach((row, i) => {
    const fail = (field: string, message: string) => (errors[`rows.${i}.${field}`] ??= []).push(message);
    const name = batch.coded ? row.fict_no : row.attempt_id;
    if (batch.coded && !row.fict_no) return fail('fict_no', 'A coded award list is entered by fictitious number (fict_no)');
    if (!batch.coded && !row.attempt_id) return fail('attempt_id', 'This batch is entered by attempt (attempt_id)');
    const key = batch.coded ? `F:${row.fict_no}` : `A:${row.attempt_id}`;
    if (seen.has(key)) return fail(batch.coded ? 'fict_no' : 'attempt_id', `${batch.coded ? 'Fictitious number' : 'Attempt'} ${name} is given twice; one value per ${batch.coded ? 'answer book' : 'candidate'}`);
    seen.add(key);
    const current = byKey.get(key);
    if (!current) return fail(batch.coded ? 'fict_no' : 'attempt_id', `${batch.coded ? 'Fictitious number' : 'Attempt'} ${name} is not in batch ${batch.batch_id}`);
    let value: string | null;
    let status: string | null;
    let componentMarks: unknown = current.component_marks;
    if (row.component_marks !== undefined && batch.component === 'INT') {
      if (!pattern) return fail('component_marks', 'This batch has no CIA pattern; enter the internal mark itself');
      const computed = internalFromComponents({ ...pattern, components: pattern.components }, row.component_marks, batch.max_marks);
      if ('error' in computed) return fail('component_marks', computed.error);
      ({ value, status } = computed);
      componentMarks = computed.component_marks;
    } else {
      const checked = checkMark(row.value, row.status, batch, step);
      if ('error' in checked) return fail('value', `${name}: ${checked.error}`);
      ({ value, status } = checked);
    }
    const fixed = current.attempt_id ? preset.get(current.attempt_id) : undefined;
    if (fixed && value !== null) return fail('value', `${name} is ${fixed === 'AB' ? 'ABSENT' : 'UFM'} by the attendance: no marks can be entered (${fixed}). An attendance correction comes first.`);
    if (fixed && status !== null && status !== fixed) return fail('status', `${name} is ${fixed} by the attendance`);
    const words = row.marks_in_words === undefined ? current.marks_in_words : row.marks_in_words;
    if (value === current.value && status === current.status && words === current.marks_in_words && JSON.stringify(componentMarks) === JSON.stringify(current.component_marks)) return;
    changes.push({ line: current.line, before: current, value, status, component_marks: componentMarks, marks_in_words: words ?? null });
  });
  if (Object.keys(errors).length) throw invalid(errors);

  if (changes.length) {
    await tx.$executeRawUnsafe(
      `UPDATE entry_row r SET value = t.v::numeric(6,2), status = t.s, component_marks = t.c::jsonb, marks_in_words = t.w, updated_at = now()
         FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[]) AS t(l, v, s, c, w)
        WHERE r.batch_id = $1 AND r.line = t.l`,
      batch.batch_id,
      changes.map((c) => c.line),
      changes.map((c) => c.value),
      changes.map((c) => c.status),
      changes.map((c) => (c.component_marks == null ? null : JSON.stringify(c.component_marks))),
      changes.map((c) => c.marks_in_words),
    );
  }
  const status = ENTERING.includes(batch.status) && batch.status !== 'DRAFT' ? 'DRAFT' : batch.status;
  const [after] = await tx.$queryRawUnsafe<Array<{ updated_at: Date }>>(
    `UPDATE entry_batch SET status = $2, entered_by = $3, updated_at = now() WHERE batch_id = $1 RETURNING updated_at`,
    batch.batch_id,
    status,
    user.email,
  );
  const merged = stored.map((r) => changes.find((c) => c.line === r.line) ?? r);
  return { changes, status, updated_at: after!.updated_at, totals: totalsOf(merged) };
}

/** Counts and total of a batch's rows (submit, verify, the grid). */
export async function batchTotals(tx: Tx, batchId: string) {
  const rows = await tx.$queryRawUnsafe<Array<{ value: string | null; status: string | null }>>(`SELECT value::text AS value, status FROM entry_row WHERE batch_id = $1`, batchId);
  return totalsOf(rows);
}
