import { isDeepStrictEqual } from 'node:util';
import type { Request, Response } from 'express';
import type { FileFormat, ImportReport, ImportRowReport, Resource, Scope } from '@exam/contracts';
import { fieldErrors } from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import { recordChanges } from '../audit/audit-trail.ts';
import { scopeWhere, valuesOutOfScope, type ScopedUser } from '../auth/scope.ts';
import { missingParents } from '../crud/references.ts';
import type { ResourceRegistry } from '../crud/registry.ts';
import { describeKey, flatWhere, keyString, present, type ModelDelegate, type Store } from '../crud/store.ts';
import {
  AppError,
  renderFieldErrors,
  staleEdit,
  prismaCode,
  type FieldErrors,
  type MessageOrText,
} from '../http/errors.ts';
import { tableSource, type Table, type TableRow, type TableSource } from './read-table.ts';
import { insertAudited, modelTable, storedKeys, updateRows } from './write-rows.ts';

type Values = Record<string, unknown>;
type Errors = FieldErrors;

/**
 * Rows of the file validated, planned and written together: one statement inserts (and audits) them. Larger
 * chunks save round trips; each chunk in flight is a few MB at most.
 */
const CHUNK = 2_000;

/** How long the one transaction of an import may take: 50,000 rows on a slow disk, not forever. */
const TRANSACTION_TIMEOUT_MS = 10 * 60_000;

/** A word of two or more question marks: what Excel's 'CSV (Comma delimited)' leaves of Hindi. */
const LOST_TEXT = /(^|\s)\?{2,}(?=\s|$)/;

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

/**
 * What an import may touch: the caller's write scope as values to check and a where-clause (`{}` for every
 * row).
 */
interface Reach {
  scope: Scope;
  user: ScopedUser;
  within: Record<string, unknown>;
}

interface Planned {
  row: number;
  key: string;
  values: Values;
  status: 'created' | 'updated' | 'unchanged';
  current?: Values;
  changes?: Values;
}

/** Stored rows are read through Prisma this many keys at a time. */
const READ_CHUNK = 500;

function chunks<T>(items: readonly T[], size = READ_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Rows of `keys` as a where-clause: `IN` for a single key field, OR of the parts for a composite key. */
function keysWhere(resource: Resource, keys: readonly Values[]) {
  if (resource.keyFields.length === 1) {
    const field = resource.keyFields[0]!;
    return { [field]: { in: keys.map((k) => k[field]) } };
  }
  return { OR: keys.map((k) => flatWhere(resource.keyFields, k)) };
}

/**
 * A transaction client whose findUnique answers are remembered: the parents of 10,000 rows are a handful of
 * sessions, courses and semesters, each read once. Only for checks of rows this import does not write.
 */
function rememberingReads(tx: Prisma.TransactionClient): Prisma.TransactionClient {
  const delegates = new Map<PropertyKey, unknown>();
  return new Proxy(tx, {
    get(target, prop) {
      const value = (target as unknown as Record<PropertyKey, unknown>)[prop];
      if (
        typeof value !== 'object' ||
        value === null ||
        typeof (value as { findUnique?: unknown }).findUnique !== 'function'
      )
        return value;
      if (!delegates.has(prop)) {
        const model = value as { findUnique(args: unknown): Promise<unknown> };
        const answers = new Map<string, Promise<unknown>>();
        delegates.set(prop, {
          findUnique(args: unknown) {
            const id = JSON.stringify(args);
            if (!answers.has(id)) answers.set(id, model.findUnique(args));
            return answers.get(id);
          },
        });
      }
      return delegates.get(prop);
    },
  });
}

const keyValues = (resource: Resource, values: Values) =>
  Object.fromEntries(resource.keyFields.map((f) => [f, String(values[f])]));

const addError = (errors: Errors, field: string, message: MessageOrText) =>
  (errors[field] ??= []).push(message);

/**
 * The same value as stored? (text, numeric codes, null; a missing optional value counts as null; JSON such as
 * a rule set's rules by content, whatever its key order: a re-imported unchanged rule set is "unchanged", not
 * "updated").
 */
const same = (stored: unknown, value: unknown) => isDeepStrictEqual(stored ?? null, value ?? null);

/**
 * Validates a chunk's rows by the resource's contract, without the database; `firstRowOfKey` spans the whole
 * file.
 */
function validateRows(
  resource: Resource,
  format: FileFormat,
  rows: readonly TableRow[],
  reach: Reach,
  firstRowOfKey: Map<string, number>,
) {
  const valid = new Map<number, Values>();
  const errors = new Map<number, Errors>();
  for (const { row, values } of rows) {
    const found: Errors = {};
    const parsed = resource.createSchema.safeParse(values);
    if (!parsed.success) Object.assign(found, fieldErrors(parsed.error));
    // Another college's or department's values are refused whatever else the row says (as a form's write is).
    for (const [field, mine] of Object.entries(
      valuesOutOfScope(reach.scope, reach.user, resource.scopeFields, values),
    )) {
      addError(
        found,
        field,
        mine
          ? `You may only use ${field} ${mine} (your own).`
          : `Your account has no ${field}; ask the exam office to set it.`,
      );
    }
    for (const [field, cell] of Object.entries(values)) {
      if (typeof cell !== 'string') continue;
      if (cell.includes('\u0000')) addError(found, field, 'Must not contain the NUL character (\\u0000)');
      if (format === 'csv' && LOST_TEXT.test(cell)) {
        addError(
          found,
          field,
          'Has question marks where letters were: the file was saved in a code page that cannot hold ' +
            "Hindi. Save it as 'CSV UTF-8' and import it again.",
        );
      }
    }
    if (parsed.success) {
      const key = keyString(
        resource,
        Object.fromEntries(resource.keyFields.map((f) => [f, String(parsed.data[f])])),
      );
      const earlier = firstRowOfKey.get(key);
      if (earlier !== undefined)
        addError(
          found,
          resource.keyFields[resource.keyFields.length - 1]!,
          `Same key as row ${earlier} (${key}); each record may appear once.`,
        );
      else firstRowOfKey.set(key, row);
    }
    if (Object.keys(found).length) errors.set(row, found);
    else valid.set(row, parsed.data as Values);
  }
  return { valid, errors };
}

/**
 * Which valid rows create, update or leave a record, and what the database says against them (parents,
 * rules).
 */
async function planRows(
  tx: Prisma.TransactionClient,
  checking: Prisma.TransactionClient,
  ctx: ImportContext,
  reach: Reach,
  resource: Resource,
  store: Store,
  fields: ReadonlySet<string>,
  valid: Map<number, Values>,
  errors: Map<number, Errors>,
) {
  const rows = [...valid.entries()].map(([row, values]) => ({
    row,
    values,
    key: keyString(resource, Object.fromEntries(resource.keyFields.map((f) => [f, String(values[f])]))),
  }));
  const existing = new Map<string, Values>();
  const include = store.include ? { include: store.include } : {};
  // Which keys are stored, asked in one raw statement: most rows of a large file are new, and only the stored
  // ones are read through Prisma.
  const table = modelTable(tx, store.delegate(tx));
  const stored = table
    ? await storedKeys(
        tx,
        table,
        resource,
        rows.map((r) => r.values),
      )
    : undefined;
  const toRead = stored ? rows.filter((r) => stored.has(r.key)) : rows;
  for (const part of chunks(toRead)) {
    const found = await store.delegate(tx).findMany({
      where: keysWhere(
        resource,
        part.map((r) => r.values),
      ),
      ...include,
    });
    for (const record of found)
      existing.set(
        keyString(resource, Object.fromEntries(resource.keyFields.map((f) => [f, String(record[f])]))),
        record,
      );
  }
  // A scoped caller may update only the existing rows it can list (a row reached through a relation, too).
  const reachable = new Set<string>();
  if (Object.keys(reach.within).length) {
    const keys = rows.filter((r) => existing.has(r.key));
    for (const part of chunks(keys)) {
      const found = await store.delegate(tx).findMany({
        where: {
          AND: [
            keysWhere(
              resource,
              part.map((r) => r.values),
            ),
            reach.within,
          ],
        },
        select: Object.fromEntries(resource.keyFields.map((f) => [f, true])),
      });
      for (const record of found)
        reachable.add(
          keyString(resource, Object.fromEntries(resource.keyFields.map((f) => [f, String(record[f])]))),
        );
    }
  } else for (const key of existing.keys()) reachable.add(key);
  const planned: Planned[] = [];
  const rules = ctx.registry.rules(resource.name);
  // Rows naming the same parents are checked once per chunk (a file's 500 rows name a few colleges and one
  // session).
  const parentChecks = new Map<string, Promise<Errors>>();
  const parentsOf = (named: Values) => {
    const id = JSON.stringify(resource.parents.map((link) => link.fields.map((f) => named[f] ?? null)));
    if (!parentChecks.has(id)) parentChecks.set(id, missingParents(checking, ctx.registry, resource, named));
    return parentChecks.get(id)!;
  };
  for (const { row, values, key } of rows) {
    const current = existing.get(key);
    if (current && !reachable.has(key)) {
      errors.set(row, {
        [resource.keyFields.at(-1)!]: [
          `${resource.title} ${describeKey(resource, keyValues(resource, values))} already exists ` +
            `outside your scope; you may not change it.`,
        ],
      });
      continue;
    }
    // Only the columns the file has: a column left out of the file leaves the stored value as it is.
    const changes = current
      ? Object.fromEntries(
          resource.updatable
            .filter((f) => fields.has(f) && !same(current[f], values[f]))
            .map((f) => [f, values[f]]),
        )
      : undefined;
    const found: Errors = {
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
    const status = !current ? 'created' : Object.keys(changes!).length ? 'updated' : 'unchanged';
    planned.push({ row, key, values, status, current, changes });
  }
  // The module's rules over the rows to create, all at once (rules across rows: one enrolment's elective
  // choices).
  const creates = planned.filter((p) => p.status === 'created');
  const refused = rules.beforeCreate
    ? await rules.beforeCreate(
        tx,
        creates.map((p) => p.values),
      )
    : new Map<number, Errors>();
  for (const [index, found] of refused) if (Object.keys(found).length) errors.set(creates[index]!.row, found);
  return planned.filter((p) => !errors.has(p.row));
}

/**
 * A scoped caller's created rows, reached through a relation (paper.dept_id): the scope is checked on the
 * rows as written.
 */
async function checkCreatedInScope(
  model: ModelDelegate,
  resource: Resource,
  reach: Reach,
  part: readonly Planned[],
) {
  if (!Object.keys(reach.within).length || !part.length) return;
  const inside = await model.count({
    where: {
      AND: [
        keysWhere(
          resource,
          part.map((p) => p.values),
        ),
        reach.within,
      ],
    },
  });
  if (inside !== part.length) {
    throw new AppError(
      'OUT_OF_SCOPE',
      `Some rows of the file (rows ${part[0]!.row} to ${part.at(-1)!.row}) would lie outside your scope; ` +
        `you may only add your own. Nothing was imported.`,
    );
  }
}

const changedMeanwhile = (p: Planned) =>
  staleEdit(
    `Row ${p.row} (${p.key}) was changed by someone else during the import. Nothing was imported; import ` +
      `the file again.`,
  );

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
    if (table)
      await insertAudited(
        tx,
        table,
        resource,
        creates.map((p) => p.values),
        { userId: ctx.actor.id, email: ctx.actor.email, requestId: ctx.actor.requestId },
      );
    else
      await (model as unknown as { createMany(args: Values): Promise<unknown> }).createMany({
        data: creates.map((p) => p.values),
      });
    await rules.afterCreate?.(
      tx,
      creates.map((p) => p.values),
    );
    await checkCreatedInScope(model, resource, reach, creates);
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
    if (stale) throw changedMeanwhile(stale);
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
  } else if (updates.length) {
    for (const p of updates) {
      // Guarded by the updated_at just read, as a form's edit is: an edit in between makes this match
      // nothing.
      const { count } = await model.updateMany({
        where: { ...flatWhere(resource.keyFields, p.values), updated_at: p.current!.updated_at },
        data: { ...p.changes, updated_at: now },
      });
      if (count !== 1) throw changedMeanwhile(p);
    }
  }
  if (!table) {
    const written = [...creates, ...updates];
    const include = store.include ? { include: store.include } : {};
    const stored = await model.findMany({
      where: keysWhere(
        resource,
        written.map((p) => p.values),
      ),
      ...include,
    });
    const byKey = new Map(
      stored.map((r) => [
        keyString(resource, Object.fromEntries(resource.keyFields.map((f) => [f, String(r[f])]))),
        r,
      ]),
    );
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

function summary(report: Omit<ImportReport, 'message'>) {
  const { created, updated, unchanged, error } = report.counts;
  const total = report.rows.length;
  if (error)
    return (
      `Nothing was imported: ${error} of ${total} row${total === 1 ? '' : 's'} ` +
      `${error === 1 ? 'has' : 'have'} errors. Fix them and import the file again.`
    );
  const parts = `${created} to create, ${updated} to update, ${unchanged} unchanged`;
  if (report.dry_run) return `The file is valid (${parts}). This was a dry run: nothing was stored.`;
  return (
    `Imported ${report.imported} row${report.imported === 1 ? '' : 's'}: ${created} created, ${updated} ` +
    `updated, ${unchanged} unchanged.`
  );
}

/**
 * A unique key or a foreign key refused a write: Prisma's codes for its own calls; a raw statement's failure
 * carries PostgreSQL's SQLSTATE (23505, 23503) in its message or metadata.
 */
function isConflict(error: unknown) {
  const code = prismaCode(error);
  if (code === 'P2002' || code === 'P2003') return true;
  if (code !== 'P2010' && code !== undefined) return false;
  const text = `${(error as Error)?.message ?? ''} ${JSON.stringify((error as { meta?: unknown })?.meta ?? null)}`;
  return /\b2350[35]\b|violates (unique|foreign key) constraint/.test(text);
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
  options: { dryRun: boolean },
): Promise<ImportReport> {
  const store = ctx.registry.store(resource.name);
  const user = ctx.actor;
  const within = scopeWhere(ctx.scope, user, resource.scopeFields);
  if (within === null) {
    throw new AppError(
      'OUT_OF_SCOPE',
      `Your account reaches no ${resource.title.toLowerCase()} records (${ctx.scope} scope), so it ` +
        `cannot import any; ask the exam office.`,
    );
  }
  const reach: Reach = { scope: ctx.scope, user, within };
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
            ? { row, status: 'error', errors: renderFieldErrors(found), values }
            : { row, status: statusOf.get(row)! },
        );
      }
    }
    if (writing) imported += await writing;
    if (failed || options.dryRun) throw new Rollback<Outcome>({ rows, imported: 0 });
    return { rows, imported };
  }).catch((error) => {
    if (error instanceof Rollback) return error.outcome as Outcome;
    // Another writer got in between the checks and the writes: a key created or a parent deleted meanwhile.
    if (isConflict(error)) {
      throw staleEdit(
        'Some records of the file were added, changed or deleted by someone else during the import. ' +
          'Nothing was imported; import the file again.',
      );
    }
    throw error;
  });
  const { rows } = outcome;
  const counts = { created: 0, updated: 0, unchanged: 0, error: 0 };
  for (const r of rows) counts[r.status] += 1;
  const report = { imported: outcome.imported, dry_run: options.dryRun, counts, rows };
  return { ...report, message: summary(report) };
}
