import { entryBatchResource, totalsOf, type EntryBatchCreate, type Scope } from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import type { AuditChange } from '../../platform/audit/audit-trail.ts';
import type { AuthenticatedUser } from '../../platform/auth/authenticate.ts';
import { scopeWhere } from '../../platform/auth/scope.ts';
import { asDelegate, present, type Store } from '../../platform/crud/store.ts';
import { prismaCode } from '../../platform/http/errors.ts';
import { componentMax } from './award-lists.ts';
import {
  batchesOpened,
  batchExists,
  batchOpened,
  refuseCodedExternal,
  refuseIncompleteBatch,
  refuseUnknownPattern,
  refuseWithoutCandidates,
  refuseWithoutCourseLink,
  unitKeyOf,
} from './batch-rules.ts';
import { findBatch, readRows } from './entry-rows.ts';
import {
  batchesBeingEntered,
  ciaPatternExists,
  departmentAndCodingOf,
  insertBatchesOfUnits,
  insertCandidateRows,
  insertRowsOfBatches,
  pendingRowCounts,
  unitsWithCandidates,
  type BatchReach,
  type EntryBatchOpen,
} from './entry-store.ts';
import { newId } from './sql.ts';

type Tx = Prisma.TransactionClient;

/** Writes a request's audit entries inside its transaction (the handler's recordChanges). */
export type RecordChanges = (tx: Tx, changes: AuditChange[]) => Promise<void>;

/** Where the engine finds entry batches (list, one, edit, delete, workflow). */
export const entryBatchStore: Store = { delegate: (c) => asDelegate(c.entryBatch) };

const throwIf = (refusal: Error | undefined) => {
  if (refusal) throw refusal;
};

/**
 * Creates one batch with a row per candidate (roll-number order), refusing what the batch's kind needs and
 * lacks (batch-rules.ts, in order).
 */
async function createBatch(tx: Tx, input: EntryBatchCreate) {
  const facts = await departmentAndCodingOf(tx, input);
  throwIf(refuseWithoutCourseLink(input, facts.coding));
  throwIf(refuseIncompleteBatch(input));
  throwIf(refuseCodedExternal(input, facts.coding));
  if (input.pattern_id)
    throwIf(refuseUnknownPattern(input.pattern_id, await ciaPatternExists(tx, input.pattern_id)));
  const max = await componentMax(tx, input, input.component);
  const batch_id = newId('B');
  await tx.entryBatch.create({
    data: {
      batch_id,
      component: input.component,
      exam_id: input.exam_id,
      session_id: input.session_id,
      course_comb_id: input.course_comb_id,
      sem_id: input.sem_id,
      paper_id: input.paper_id,
      unit_key: unitKeyOf(input, facts.dept_id),
      college_id: input.college_id ?? null,
      dept_id: facts.dept_id,
      max_marks: max,
      deadline: input.deadline ? new Date(input.deadline) : null,
      pattern_id: input.pattern_id ?? null,
      practical_date: input.practical_date ?? null,
      practical_shift: input.practical_shift ?? null,
      lab: input.lab ?? null,
      internal_examiner: input.internal_examiner ?? null,
      external_examiner: input.external_examiner ?? null,
    },
  });
  const rows = await insertCandidateRows(tx, batch_id, input);
  throwIf(refuseWithoutCandidates(input, rows));
  await tx.entryBatch.update({ where: { batch_id }, data: { row_count: rows } });
  return batch_id;
}

/**
 * `POST /api/entrybatch`: one batch and its audit entry in one transaction; a second batch of the unit is
 * refused (409). Answers the batch and the notice.
 */
export async function openBatch(db: Database, input: EntryBatchCreate, audit: RecordChanges) {
  const batch = await db.prisma
    .$transaction(async (tx) => {
      const id = await createBatch(tx, input);
      const created = present(
        entryBatchStore,
        (await tx.entryBatch.findUnique({ where: { batch_id: id } }))!,
      );
      await audit(tx, [{ action: 'create', entity: 'entrybatch', key: id, after: created }]);
      return created;
    })
    .catch((error) => {
      if (prismaCode(error) === 'P2002') throw batchExists(input);
      throw error;
    });
  return { batch, notice: batchOpened(batch) };
}

/**
 * Internal (or roll-number external) batches for every paper × college of an exam with candidates, set-based:
 * one batch per paper, college and the paper's department, skipping units that have one and papers whose
 * scheme has no numeric maximum for the component (named in the answer). External batches only where coding
 * is OFF.
 */
export async function openBatches(tx: Tx, input: EntryBatchOpen, reach: BatchReach = {}) {
  const units = await unitsWithCandidates(tx, input, reach);
  const usable = units.filter((c) => c.max !== null);
  const skipped = [...new Set(units.filter((c) => c.max === null).map((c) => c.paper_id))];
  const created = await insertBatchesOfUnits(
    tx,
    input,
    usable.map(() => newId('B')),
    usable,
  );
  if (created.length) await insertRowsOfBatches(tx, created);
  return { created, existing: usable.length - created.length, skipped };
}

/** `POST /api/entrybatch-open`: an exam's batches with their audit entries, and the notice. */
export async function openBatchesOfExam(
  db: Database,
  input: EntryBatchOpen,
  audit: RecordChanges,
  reach: BatchReach = {},
) {
  const out = await db.prisma.$transaction(
    async (tx) => {
      const result = await openBatches(tx, input, reach);
      if (result.created.length) {
        const rows = await tx.entryBatch.findMany({ where: { batch_id: { in: result.created } } });
        await audit(
          tx,
          rows.map((r) => ({
            action: 'create' as const,
            entity: 'entrybatch',
            key: r.batch_id,
            after: present(entryBatchStore, r),
          })),
        );
      }
      return result;
    },
    { timeout: 60_000 },
  );
  return { created: out.created.length, existing: out.existing, notice: batchesOpened(input, out) };
}

/** `GET /api/entrybatch/{batch_id}/rows`: a batch's rows (in reach), their totals and the batch's state. */
export async function batchRows(db: Database, batchId: string, scope: Scope, user: AuthenticatedUser) {
  return db.prisma.$transaction(async (tx) => {
    const batch = await findBatch(tx, batchId, scope, user);
    const rows = await readRows(tx, batch);
    return {
      rows,
      totals: totalsOf(rows),
      max_marks: batch.max_marks,
      coded: batch.coded,
      status: batch.status,
      updated_at: batch.updated_at.toISOString(),
    };
  });
}

/** A batch in reach as the award sheet prints it (the record, presented) with its rows. */
export async function batchSheet(db: Database, batchId: string, scope: Scope, user: AuthenticatedUser) {
  const { full, rows } = await db.prisma.$transaction(async (tx) => {
    const found = await findBatch(tx, batchId, scope, user);
    return {
      full: (await tx.entryBatch.findUnique({ where: { batch_id: batchId } }))!,
      rows: await readRows(tx, found),
    };
  });
  return { batch: present(entryBatchStore, full), rows };
}

/**
 * `GET /api/entrybatch-pending`: the batches in reach not yet submitted (filters exam_id, college_id,
 * component, paper_id), the nearest deadline first, with their pending rows and whether they are overdue.
 */
export async function pendingBatches(
  db: Database,
  query: Record<string, unknown>,
  scope: Scope,
  user: AuthenticatedUser,
) {
  const within = scopeWhere(scope, user, entryBatchResource.scopeFields);
  const filters = Object.fromEntries(
    ['exam_id', 'college_id', 'component', 'paper_id']
      .filter((f) => typeof query[f] === 'string' && query[f])
      .map((f) => [f, String(query[f])]),
  );
  const batches = within ? await batchesBeingEntered(db, within, filters) : [];
  const counts = await pendingRowCounts(
    db,
    batches.map((b) => b.batch_id),
  );
  const pendingOf = new Map(counts.map((c) => [c.batch_id, c.pending]));
  const now = Date.now();
  return {
    pending: batches.map((b) => ({
      batch_id: b.batch_id,
      component: b.component,
      exam_id: b.exam_id,
      paper_id: b.paper_id,
      college_id: b.college_id,
      dept_id: b.dept_id,
      status: b.status,
      deadline: b.deadline?.toISOString() ?? null,
      overdue: Boolean(b.deadline && b.deadline.getTime() < now),
      rows: b.row_count,
      pending: pendingOf.get(b.batch_id) ?? 0,
    })),
    total: batches.length,
  };
}
