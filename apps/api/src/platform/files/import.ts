import type { Request, Response } from 'express';
import {
  plainParams,
  type ImportReport,
  type ImportRowReport,
  type Language,
  type Resource,
  type Scope,
} from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import { recordChanges } from '../audit/audit-trail.ts';
import { scopeWhere, type ScopedUser } from '../auth/scope.ts';
import { missingParents } from '../crud/references.ts';
import type { ResourceRegistry } from '../crud/registry.ts';
import { present, type Store } from '../crud/store.ts';
import { renderFieldErrors, type FieldErrors } from '../http/errors.ts';
import { renderMessage } from '../i18n/messages.ts';
import {
  changesOf,
  importSummary,
  keyOf,
  refuseConflict,
  refuseCreatedOutsideScope,
  refuseReachingNone,
  refuseStoredOutsideScope,
  rowChangedMeanwhile,
  statusOf,
  validateRows,
  type Planned,
  type Reach,
  type Values,
} from './import-rules.ts';
import {
  countWithin,
  reachableKeysOf,
  recordsByKey,
  rememberingReads,
  storedRecordsOf,
  updateIfUnchanged,
} from './import-store.ts';
import { tableSource, type Table, type TableSource } from './read-table.ts';
import { insertAudited, modelTable, updateRows } from './write-rows.ts';

/**
 * Rows of the file validated, planned and written together: one statement inserts (and audits) them. Larger
 * chunks save round trips; each chunk in flight is a few MB at most.
 */
const CHUNK = 2_000;

/** How long the one transaction of an import may take: 50,000 rows on a slow disk, not forever. */
const TRANSACTION_TIMEOUT_MS = 10 * 60_000;

/** Who imports: the signed-in user of the request, or the user who started the import's job. */
export interface ImportActor extends ScopedUser {
  id: number | null;
  email: string;
  /** Kept with each audit entry: the request's id, or `job:<id>` for an import run as a job. */
  requestId?: string;
}

export interface ImportContext {
  db: Database;
  registry: ResourceRegistry;
  actor: ImportActor;
  /** The scope in which the actor holds the resource's write capability: rows outside it are refused. */
  scope: Scope;
  /**
   * Runs the import's one transaction: the database's own by default; a job's (which fences the job and
   * records its progress with the writes) when the import runs as a job.
   */
  transaction?: <T>(fn: (tx: Prisma.TransactionClient) => Promise<T>) => Promise<T>;
}

/**
 * The audit trail reads the actor and the request id from a request and its response; an import has them as
 * data.
 */
const auditSource = (actor: ImportActor) => ({
  req: { id: actor.requestId } as unknown as Request,
  res: { locals: { user: { id: actor.id, email: actor.email } } } as unknown as Response,
});

/** Which valid rows create, update or leave a record (the stored records, parents, the module's rules). */
async function planRows(
  tx: Prisma.TransactionClient,
  checking: Prisma.TransactionClient,
  ctx: ImportContext,
  reach: Reach,
  resource: Resource,
  store: Store,
  fields: ReadonlySet<string>,
  valid: Map<number, Values>,
  errors: Map<number, FieldErrors>,
) {
  const rows = [...valid.entries()].map(([row, values]) => ({ row, values, key: keyOf(resource, values) }));
  const existing = await storedRecordsOf(tx, resource, store, rows);
  // A scoped caller may update only the existing rows it can list (a row reached through a relation, too).
  const reachable = Object.keys(reach.within).length
    ? await reachableKeysOf(
        tx,
        resource,
        store,
        rows.filter((r) => existing.has(r.key)),
        reach.within,
      )
    : new Set(existing.keys());
  const planned: Planned[] = [];
  const rules = ctx.registry.rules(resource.name);
  // Rows naming the same parents are checked once per chunk (a file's 500 rows name a few colleges and one
  // session).
  const parentChecks = new Map<string, Promise<FieldErrors>>();
  const parentsOf = (named: Values) => {
    const id = JSON.stringify(resource.parents.map((link) => link.fields.map((f) => named[f] ?? null)));
    if (!parentChecks.has(id)) parentChecks.set(id, missingParents(checking, ctx.registry, resource, named));
    return parentChecks.get(id)!;
  };
  for (const { row, values, key } of rows) {
    const current = existing.get(key);
    if (current && !reachable.has(key)) {
      errors.set(row, refuseStoredOutsideScope(resource, values));
      continue;
    }
    const changes = current ? changesOf(resource, current, values, fields) : undefined;
    const found: FieldErrors = {
      ...(current ? resource.check?.({ ...current, ...changes }) : {}),
      ...(await parentsOf(current ? changes! : values)),
    };
    if (Object.keys(found).length) {
      errors.set(row, found);
      continue;
    }
    if (current && Object.keys(changes!).length && rules.beforeUpdate) {
      const refused = await rules.beforeUpdate(tx, { ...current, ...changes }, changes!);
      if (Object.keys(refused).length) {
        errors.set(row, refused);
        continue;
      }
    }
    planned.push({ row, key, values, status: statusOf(current, changes), current, changes });
  }
  // The module's rules over the rows to create, all at once (rules across rows: one enrolment's elective
  // choices).
  const creates = planned.filter((p) => p.status === 'created');
  const refused = rules.beforeCreate
    ? await rules.beforeCreate(
        tx,
        creates.map((p) => p.values),
      )
    : new Map<number, FieldErrors>();
  for (const [index, found] of refused) if (Object.keys(found).length) errors.set(creates[index]!.row, found);
  return planned.filter((p) => !errors.has(p.row));
}

/**
 * Stores a chunk's planned rows and audits each like a CRUD write. A store on Prisma's own model delegate is
 * written set-based (write-rows.ts: one statement inserts the chunk and audits it from the rows as stored;
 * updates one statement per set of changed fields, audited from the values); a module's own delegate row by
 * row through it, each written row read back for the audit.
 */
async function writeRows(
  tx: Prisma.TransactionClient,
  ctx: ImportContext,
  reach: Reach,
  resource: Resource,
  store: Store,
  planned: Planned[],
) {
  const model = store.delegate(tx);
  const rules = ctx.registry.rules(resource.name);
  const table = modelTable(tx, model);
  const creates = planned.filter((p) => p.status === 'created');
  const updates = planned.filter((p) => p.status === 'updated');
  const now = new Date();
  const { req, res } = auditSource(ctx.actor);
  if (creates.length) {
    const values = creates.map((p) => p.values);
    if (table) {
      const auditor = { userId: ctx.actor.id, email: ctx.actor.email, requestId: ctx.actor.requestId };
      await insertAudited(tx, table, resource, values, auditor);
    } else
      await (model as unknown as { createMany(args: Values): Promise<unknown> }).createMany({ data: values });
    await rules.afterCreate?.(tx, values);
    // A scoped caller's created rows, reached through a relation (paper.dept_id): checked as written.
    if (Object.keys(reach.within).length) {
      const outside = refuseCreatedOutsideScope(
        creates,
        await countWithin(model, resource, creates, reach.within),
      );
      if (outside) throw outside;
    }
  }
  if (table && updates.length) {
    const updated = await updateRows(
      tx,
      table,
      resource,
      updates.map((p) => ({
        key: p.key,
        values: p.values,
        changes: p.changes!,
        updatedAt: p.current!.updated_at,
      })),
      now,
    );
    const stale = updates.find((p) => !updated.has(p.key));
    if (stale) throw rowChangedMeanwhile(stale);
    await recordChanges(
      tx,
      req,
      res,
      updates.map((p) => ({
        action: 'update',
        entity: resource.name,
        key: p.key,
        before: present(store, p.current!),
        after: present(store, { ...p.current!, ...p.changes, updated_at: now }),
      })),
    );
  } else {
    for (const p of updates)
      if (!(await updateIfUnchanged(model, resource, p, now))) throw rowChangedMeanwhile(p);
  }
  if (!table) {
    const written = [...creates, ...updates];
    const byKey = await recordsByKey(model, resource, store, written);
    await recordChanges(
      tx,
      req,
      res,
      written.map((p) => ({
        action: p.status === 'created' ? 'create' : 'update',
        entity: resource.name,
        key: p.key,
        before: p.current ? present(store, p.current) : undefined,
        after: present(store, byKey.get(p.key)!),
      })),
    );
  }
  return creates.length + updates.length;
}

/**
 * Ends the import's transaction without storing anything (a row failed, or a dry run), keeping what it found.
 */
class Rollback<T> extends Error {
  constructor(readonly outcome: T) {
    super('rolled back');
  }
}

/**
 * What an import reads: the file's rows chunk by chunk (read-table.ts), and which fields it has columns for.
 */
export type ImportSource = Pick<TableSource, 'format' | 'fields' | 'chunks'>;

export interface ImportOptions {
  dryRun: boolean;
  /** The language of the report's sentences (its message and each row's errors); English by default. */
  language?: Language;
}

/**
 * Imports a file's rows into a resource: every row validated by the resource's contract, keys repeated within
 * the file, missing parents, the module's rules; existing keys update their `updatable` fields. The rows go
 * through parse, validate, plan and write a chunk at a time (CHUNK rows; only the report and the file's keys
 * are kept for the whole file), all in one transaction: each chunk is checked against the rows stored before
 * it, including the earlier chunks of the same file, and written; when any row failed, or on a dry run, the
 * transaction is rolled back at the end and nothing is stored.
 */
export async function importTable(
  ctx: ImportContext,
  resource: Resource,
  source: ImportSource | Table,
  options: ImportOptions,
): Promise<ImportReport> {
  const language = options.language ?? 'en';
  const store = ctx.registry.store(resource.name);
  const user = ctx.actor;
  const within = scopeWhere(ctx.scope, user, resource.scopeFields);
  const reachesNone = refuseReachingNone(resource, ctx.scope, within);
  if (reachesNone) throw reachesNone;
  const reach: Reach = { scope: ctx.scope, user, within: within! };
  const input = 'rows' in source ? tableSource(source) : source;
  const transaction =
    ctx.transaction ??
    ((fn) => ctx.db.prisma.$transaction(fn, { timeout: TRANSACTION_TIMEOUT_MS, maxWait: 10_000 }));
  type Outcome = { rows: ImportRowReport[]; imported: number };
  const outcome = await transaction(async (tx): Promise<Outcome> => {
    const rows: ImportRowReport[] = [];
    const firstRowOfKey = new Map<string, number>();
    const checking = rememberingReads(tx);
    let failed = false;
    let imported = 0;
    // The chunk before this one, being written: PostgreSQL stores it while this process reads and validates
    // the next.
    let writing: Promise<number> | undefined;
    for await (const chunk of input.chunks(CHUNK)) {
      const { valid, errors } = validateRows(resource, input.format, chunk, reach, firstRowOfKey);
      if (writing) imported += await writing;
      const planned = await planRows(tx, checking, ctx, reach, resource, store, input.fields, valid, errors);
      // Written even after a failed row (and on a dry run): the later rows are checked as the real import
      // would check them.
      writing = writeRows(tx, ctx, reach, resource, store, planned);
      // Awaited with the next chunk (or below); a failure rejects the transaction there.
      writing.catch(() => undefined);
      const statusOf = new Map(planned.map((p) => [p.row, p.status]));
      for (const { row, values } of chunk) {
        const found = errors.get(row);
        if (found) failed = true;
        rows.push(
          found
            ? { row, status: 'error', errors: renderFieldErrors(found, language), values }
            : { row, status: statusOf.get(row)! },
        );
      }
    }
    if (writing) imported += await writing;
    if (failed || options.dryRun) throw new Rollback<Outcome>({ rows, imported: 0 });
    return { rows, imported };
  }).catch((error) => {
    if (error instanceof Rollback) return error.outcome as Outcome;
    throw refuseConflict(error) ?? error;
  });
  const { rows } = outcome;
  const counts = { created: 0, updated: 0, unchanged: 0, error: 0 };
  for (const r of rows) counts[r.status] += 1;
  const report = { imported: outcome.imported, dry_run: options.dryRun, counts, rows };
  const summary = importSummary(report);
  const params = plainParams(summary.params);
  return {
    ...report,
    message: renderMessage(summary, language),
    message_code: summary.code,
    ...(params ? { params } : {}),
  };
}
