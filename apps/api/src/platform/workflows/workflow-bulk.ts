import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import {
  BULK_AT_ONCE,
  bulkKey,
  LANGUAGE_CODES,
  workflowBulkBodyOf,
  type BulkRefusal,
  type Language,
  type WorkflowAction,
  type WorkflowBulkReport,
} from '@exam/contracts';
import type { Database } from '@exam/db';
import { authenticatedUser, type AuthenticatedUser } from '../auth/authenticate.ts';
import type { SessionAccount } from '../auth/auth-store.ts';
import { scopeWhere } from '../auth/scope.ts';
import { resourceRegistry, type ResourceRegistry } from '../crud/registry.ts';
import { listFilters } from '../crud/list-plan.ts';
import { keyFromPath, keyString, type KeyValues } from '../crud/store.ts';
import { errorAnswer, parseOr422 } from '../http/errors.ts';
import { methodNotAllowed } from '../http/middleware.ts';
import { languageOf } from '../i18n/messages.ts';
import { defineJob, enqueueJob, JobFailure, JobLost, type JobDefinition } from '../jobs/index.ts';
import type { ApiModule } from '../module.ts';
import { served, type WorkflowEntry } from './effects.ts';
import { scopeOfUser, workflowActions, type InTransaction, type WorkflowActions } from './workflow-action.ts';

type Values = Record<string, unknown>;

/**
 * Bulk actions: `POST /api/<resource path>/bulk/<action>` moves many rows of one workflow, each through the
 * single action's own code path (workflow-action.ts: capability, scope, status, effect, audit entry), each in
 * its own transaction. A row that is refused is reported with the code and message the single action gives
 * it, and the others go on. Up to BULK_AT_ONCE rows answer 200 with the report; more are moved by a job (202
 * {job}) whose result is the same report.
 *
 * The selection: `keys` (each row as its key fields or its key path `a/b/c`; a row already moved is refused
 * with INVALID_TRANSITION, as the single action would), or `filter` (the list's own filters): the rows of the
 * list, in the caller's scope for the action, whose status the action starts from, so a repeated request
 * finds nothing left to move. Either way a repeat changes nothing twice.
 */

/** The rows a bulk request names, as key values in the order given (or the list's order, by key). */
type Selection = { keys: Array<KeyValues | { refused: unknown; key: string }> };

/** Reads the keys of a bulk body: a key that cannot name a record is refused as the single action would. */
function keysOf(actions: WorkflowActions, raw: ReadonlyArray<string | Record<string, string | number>>) {
  const { resource } = actions;
  return raw.map((item) => {
    const parts =
      typeof item === 'string'
        ? Object.fromEntries(resource.keyFields.map((f, i) => [f, item.split('/')[i] ?? '']))
        : Object.fromEntries(resource.keyFields.map((f) => [f, String(item[f] ?? '')]));
    try {
      if (typeof item === 'string' && item.split('/').length !== resource.keyFields.length)
        return keyFromPath(resource, {});
      return keyFromPath(resource, parts);
    } catch (error) {
      return { refused: error, key: resource.keyFields.map((f) => parts[f]).join('/') };
    }
  });
}

/**
 * The rows of the list's `filter` (its equality filters, and `q` its search) that `user` may move by
 * `actionKey`: in the action's scope and in a status the action starts from, in key order.
 */
async function filtered(
  actions: WorkflowActions,
  db: Database,
  actionKey: string,
  filter: Values,
  user: AuthenticatedUser,
): Promise<KeyValues[]> {
  const { resource, workflow, store } = actions;
  const action = workflow.actions[actionKey] as WorkflowAction;
  const within = scopeWhere(scopeOfUser(user, action.capability), user, resource.scopeFields);
  if (within === null) return [];
  const text = Object.fromEntries(Object.entries(filter).map(([f, v]) => [f, String(v)]));
  const q = typeof text.q === 'string' ? text.q.trim().replace(/[\\%_]/g, '\\$&') : '';
  const parts = [
    listFilters(resource, text),
    { [workflow.field]: { in: [...action.from] } },
    within,
    q ? { OR: resource.searchFields.map((f) => ({ [f]: { contains: q, mode: 'insensitive' } })) } : {},
  ].filter((part) => Object.keys(part).length);
  const rows = (await store.delegate(db.prisma).findMany({
    where: { AND: parts },
    select: Object.fromEntries(resource.keyFields.map((f) => [f, true])),
    orderBy: resource.keyFields.map((f) => ({ [f]: 'asc' as const })),
  })) as Values[];
  return rows.map((row) => Object.fromEntries(resource.keyFields.map((f) => [f, String(row[f])])));
}

/** A refused row as the single action's error answer would say it, in `language`. */
function refusal(db: Database, key: string, error: unknown, language: Language): BulkRefusal {
  if (error instanceof JobLost) throw error;
  const answer = errorAnswer(error, 'POST', db);
  // A failure of ours (or the database's) stops the whole request: the rows moved so far stay moved.
  if (answer.status >= 500) throw error;
  const { code, message, message_code, params } = answer.bodyIn(language);
  return { key, code, message, message_code: message_code ?? code, ...(params ? { params } : {}) };
}

/** Moves every row of `selection`, each in its own transaction (`inTransaction(i)` opens row i's). */
async function moveAll(
  actions: WorkflowActions,
  db: Database,
  actionKey: string,
  selection: Selection,
  input: Values,
  actor: { user: AuthenticatedUser; requestId: string; language: Language },
  inTransaction: (index: number) => InTransaction,
  progress?: (done: number) => Promise<void>,
): Promise<WorkflowBulkReport> {
  const report: WorkflowBulkReport = { done: [], refused: [], total: selection.keys.length };
  for (const [index, item] of selection.keys.entries()) {
    if ('refused' in item) {
      report.refused.push(refusal(db, String(item.key), item.refused, actor.language));
      continue;
    }
    const key = keyString(actions.resource, item);
    try {
      await actions.take(actionKey, item, input, actor, inTransaction(index));
      report.done.push(key);
    } catch (error) {
      report.refused.push(refusal(db, key, error, actor.language));
    }
    await progress?.(index + 1);
  }
  return report;
}

/** The action's fields a bulk body carries to every row (its reason, its effect's own fields). */
const rowInput = (body: Values): Values => {
  const { keys: _keys, filter: _filter, ...input } = body;
  return input;
};

/** A bulk job's data: the rows (keys, or the filter read again when the job runs) and the action's fields. */
export const bulkJobData = z.object({
  keys: z.array(bulkKey).optional(),
  filter: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  input: z.record(z.string(), z.unknown()),
  language: z.enum(LANGUAGE_CODES),
});
export type BulkJobData = z.infer<typeof bulkJobData>;

/** One kind per workflow action, so that starting it needs the action's own capability. */
export const bulkJobKind = (path: string, actionKey: string) =>
  `workflows.bulk.${path.toLowerCase().replace(/[^a-z0-9-]/g, '-')}.${actionKey}`;

/** The user a job acts for, as the sign-in would read it now (null: gone or deactivated). */
async function actingUser(db: Database, id: number | null): Promise<AuthenticatedUser | null> {
  if (id === null) return null;
  const user = await db.prisma.user.findUnique({ where: { id } });
  if (!user || !user.active) return null;
  return authenticatedUser(user as SessionAccount, { jti: 'job', exp: 0 });
}

/** The bulk jobs of one workflow: one kind per action. */
function bulkJobs(
  entry: WorkflowEntry,
  registry: ResourceRegistry,
): JobDefinition<BulkJobData, WorkflowBulkReport>[] {
  const { workflow } = served(entry);
  const resource = registry.resource(workflow.resource);
  const perDatabase = new WeakMap<Database, WorkflowActions>();
  const actionsOn = (db: Database) => {
    let actions = perDatabase.get(db);
    if (!actions) perDatabase.set(db, (actions = workflowActions(entry, { db, registry })));
    return actions;
  };
  return (Object.entries(workflow.actions) as Array<[string, WorkflowAction]>).map(([actionKey, action]) =>
    defineJob({
      kind: bulkJobKind(resource.path, actionKey),
      capability: action.capability as never,
      title: `${action.label}: ${resource.title.toLowerCase()} records`,
      data: bulkJobData,
      async run(ctx) {
        const user = await actingUser(ctx.db, ctx.userId);
        if (!user) throw new JobFailure('The user who started this job can no longer act.');
        const actions = actionsOn(ctx.db);
        const keys = ctx.data.keys
          ? keysOf(actions, ctx.data.keys)
          : await filtered(actions, ctx.db, actionKey, ctx.data.filter ?? {}, user);
        const total = keys.length;
        await ctx.progress(0, total);
        const report = await moveAll(
          actions,
          ctx.db,
          actionKey,
          { keys },
          ctx.data.input,
          { user, requestId: `job:${ctx.jobId}`, language: ctx.data.language },
          // Each row fenced (a runner that lost the job writes nothing more); its progress reported at most
          // four times a second rather than written with every row.
          () => (fn) => ctx.transaction(fn),
          (done) => ctx.progress(done, total),
        );
        await ctx.progress(total, total);
        for (const r of report.refused) ctx.failRow(undefined, `${r.key}: ${r.message}`);
        return report;
      },
    }),
  );
}

/** The bulk jobs of every workflow the `modules` serve, as a module the runners collect kinds from. */
export function workflowJobsModule(modules: readonly ApiModule[]): ApiModule {
  const registry = resourceRegistry(modules.flatMap((m) => m.resources ?? []));
  return {
    name: 'workflows',
    jobs: modules.flatMap((m) => m.workflows ?? []).flatMap((entry) => bulkJobs(entry, registry)),
  };
}

/**
 * `POST /bulk/<action>` for every action of one workflow (mounted at the resource's path, before its records'
 * own paths).
 */
export function workflowBulkRouter(
  entry: WorkflowEntry,
  { db, registry }: { db: Database; registry: ResourceRegistry },
) {
  const actions = workflowActions(entry, { db, registry });
  const { workflow, effects = {} } = served(entry);
  const jobs = new Map(bulkJobs(entry, registry).map((job) => [job.kind, job]));
  const router = Router();
  const bulk = (actionKey: string, action: WorkflowAction) => async (req: Request, res: Response) => {
    const user = res.locals.user!;
    scopeOfUser(user, action.capability);
    const body = parseOr422(workflowBulkBodyOf(effects[actionKey]?.body), req.body ?? {}) as Values & {
      keys?: Array<string | Record<string, string | number>>;
      filter?: Values;
    };
    const input = rowInput(body);
    const language = languageOf(req);
    const selection: Selection = body.keys
      ? { keys: keysOf(actions, body.keys) }
      : { keys: await filtered(actions, db, actionKey, body.filter ?? {}, user) };
    if (selection.keys.length > BULK_AT_ONCE) {
      const job = await enqueueJob(
        db,
        jobs.get(bulkJobKind(actions.resource.path, actionKey))!,
        {
          ...(body.keys ? { keys: body.keys } : { filter: (body.filter ?? {}) as BulkJobData['filter'] }),
          input,
          language,
        },
        user,
      );
      res.status(202).json({ job });
      return;
    }
    const report = await moveAll(
      actions,
      db,
      actionKey,
      selection,
      input,
      { user, requestId: String(req.id), language },
      () => (fn) => db.prisma.$transaction(fn),
    );
    res.json(report);
  };
  for (const [actionKey, action] of Object.entries(workflow.actions) as Array<[string, WorkflowAction]>) {
    router.route(`/bulk/${actionKey}`).post(bulk(actionKey, action)).all(methodNotAllowed);
  }
  return router;
}
