import {
  entryBatchResource,
  msg,
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
import { notFound } from '../../platform/http/errors.ts';
import { checkRows, raceLost, refuseEdit, refuseStaleSave } from './entry-rules.ts';
import {
  batchById,
  batchWithin,
  batchWithRows,
  candidateRowsOf,
  codedRowsOf,
  labelledRowsOf,
  rowValuesOf,
  writeSave,
  type Batch,
} from './entry-store.ts';

export type { Batch } from './entry-store.ts';

type Tx = Prisma.TransactionClient;

const throwIf = (refusal: Error | undefined) => {
  if (refusal) throw refusal;
};

/** A batch of another reach does not exist for its caller (404). */
export const noSuchBatch = (batchId: string) => notFound(msg('marks.noSuchBatch', { batch_id: batchId }));

/** One batch within the caller's reach, or 404 (a batch of another college does not exist for its caller). */
export async function findBatch(
  tx: Tx,
  batchId: string,
  scope: Scope,
  user: AuthenticatedUser,
  lock = false,
): Promise<Batch> {
  const within = scopeWhere(scope, user, entryBatchResource.scopeFields);
  if (!(await batchWithin(tx, batchId, within))) throw noSuchBatch(batchId);
  return (await batchById(tx, batchId, lock))!;
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
 * The rows of a batch that carry marks although the attendance says absent or UFM (checked fresh at submit),
 * as "roll (AB)".
 */
export async function marksAgainstAttendance(tx: Tx, batch: Batch): Promise<string[]> {
  const fixed = await presets(tx, batch);
  if (!fixed.size) return [];
  const rows = await labelledRowsOf(tx, batch.batch_id);
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
    const rows = await codedRowsOf(tx, batch.batch_id);
    return rows.map((r) => ({
      line: r.line,
      fict_no: r.fict_no,
      value: r.value,
      status: r.status as EntryRow['status'],
      marks_in_words: r.marks_in_words,
    }));
  }
  const [rows, preset] = await Promise.all([candidateRowsOf(tx, batch.batch_id), presets(tx, batch)]);
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
 * Saves typed rows of a batch (a draft; the rows' rules: entry-rules.ts `checkRows`); any failure answers
 * 422 naming each row and nothing is written. OPEN and REOPENED batches become DRAFT. One audit entry per
 * save lists the rows changed (before and after).
 *
 * Read, check, then ONE statement writes the rows, the batch and the audit entry, only if the batch is still
 * the version read (a save racing another answers 409): an operator's autosave holds no connection while it
 * is checked.
 */
export async function saveRows(
  db: Database,
  batchId: string,
  input: { rows: EntryRowInput[]; updated_at?: string | null },
  saver: Saver,
  step: string,
) {
  const found = await batchWithRows(db, batchId);
  if (!found || !within(saver.readScope, saver.user, found as never)) throw noSuchBatch(batchId);
  const batch: Batch = { ...found, updated_at: new Date(found.updated_at) };
  if (!within(saver.enterScope(batch.component), saver.user, found as never)) throw noSuchBatch(batchId);
  throwIf(refuseEdit(batch));
  throwIf(refuseStaleSave(batch, input.updated_at));
  const stored = found.stored ?? [];
  const preset = await presets(db, batch, true);
  const { changes, refusal } = checkRows(batch, found.pattern, stored, input.rows, preset, step);
  throwIf(refusal);

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
  const written = await writeSave(db, {
    batch,
    status,
    user: saver.user,
    changes,
    audit,
    requestId: saver.requestId,
  });
  if (!written) throw raceLost(batch.batch_id);
  const merged = stored.map((r) => changes.find((c) => c.line === r.line) ?? r);
  return { changes, status, updated_at: new Date(written.updated_at), totals: totalsOf(merged) };
}

/** Counts and total of a batch's rows (submit, verify, the grid). */
export async function batchTotals(tx: Tx, batchId: string) {
  return totalsOf(await rowValuesOf(tx, batchId));
}
