import { Router, type Request, type Response } from 'express';
import {
  allowedActions,
  label,
  list,
  msg,
  startsFrom,
  workflowActionBody,
  type CapabilityKey,
  type Resource,
  type WorkflowAction,
} from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import { recordChange } from '../audit/audit-trail.ts';
import { scopeOf } from '../auth/capabilities.ts';
import { scopeWhere } from '../auth/scope.ts';
import type { ResourceRegistry } from '../crud/registry.ts';
import { describeKey, flatWhere, keyFromPath, keyString, present, type KeyValues } from '../crud/store.ts';
import { AppError, asMessage, invalid, notFound, parseOr422, staleEdit } from '../http/errors.ts';
import { methodNotAllowed } from '../http/middleware.ts';
import { notice } from '../i18n/messages.ts';
import { checkEffects, served, type WorkflowEntry } from './effects.ts';

/** The path of one action of a resource, in Express spelling: `/:college_id/suspend`. */
export const actionPath = (resource: Resource, action: string) =>
  `/${resource.keyFields.map((f) => `:${f}`).join('/')}/${action}`;

/**
 * Every action of one workflow at `POST /<resource path>/<key...>/<action>`, body `{reason?, updated_at?}`.
 * In this order: 403 without the action's capability; 404 for a record that does not exist or lies out of the
 * caller's scope (the capability's scope); 409 STALE_EDIT when `updated_at` is not the record's; 409
 * INVALID_TRANSITION naming the current status and the actions allowed now; 422 when a required reason is
 * missing. The move and its audit entry (actor, action, reason, before and after) are one transaction, and
 * the move only happens from the status and updated_at just read, so two racing actions cannot both succeed.
 *
 * An action's effect (effects.ts: the module's database rules, declared once beside the workflow) runs inside
 * that same transaction: its `before` after the checks above (refusing with a 4xx rolls everything back,
 * storing fields with the move, or answering 202 {job} without moving), its `after` once the record has
 * moved.
 */
export function workflowRouter(
  entry: WorkflowEntry,
  { db, registry }: { db: Database; registry: ResourceRegistry },
) {
  const { workflow, effects = {} } = served(entry);
  checkEffects({ workflow, effects });
  const resource = registry.resource(workflow.resource);
  const store = registry.store(workflow.resource);
  // Create, edit and import take only `fields`: a status among them could be set without its workflow.
  if (workflow.field in resource.fields) {
    throw new Error(
      `${resource.name}.${workflow.field} is moved by its workflow: declare it in the resource's extras, ` +
        `not its fields.`,
    );
  }
  if (!(workflow.field in resource.extras))
    throw new Error(
      `${resource.name} does not answer its workflow's status ${workflow.field}: add it to the ` +
        `resource's extras.`,
    );
  const select = store.include ? { include: store.include } : {};
  const router = Router();

  const find = async (tx: Prisma.TransactionClient, key: KeyValues, within: Record<string, unknown>) =>
    (
      await store
        .delegate(tx)
        .findMany({ where: { AND: [flatWhere(resource.keyFields, key), within] }, take: 1, ...select })
    )[0];

  const take = (actionKey: string, action: WorkflowAction) => async (req: Request, res: Response) => {
    const scope = scopeOf(res, action.capability as CapabilityKey);
    const effect = effects[actionKey];
    const body = parseOr422(
      effect?.body ? workflowActionBody.extend(effect.body.shape) : workflowActionBody,
      req.body ?? {},
    ) as Record<string, unknown> & { reason?: string; updated_at?: string | null };
    const key = keyFromPath(resource, req.params as Record<string, string>);
    /** Why the action cannot start from this record's status, and which actions can. */
    const transitionRefused = (action: WorkflowAction, before: Record<string, unknown>) => {
      const status = before[workflow.field];
      const now = allowedActions(workflow, before, res.locals.user?.role).map((a) =>
        msg('records.actionChoice', { action: label(a.label), key: a.key }),
      );
      const name = label(action.label);
      const why = !action.from.includes(status as string)
        ? msg('records.actionNotFromStatus', { action: name })
        : action.guard?.description
          ? msg('records.actionNeeds', { action: name, condition: label(action.guard.description) })
          : msg('records.actionNeedsUnnamed', { action: name });
      return msg('records.transitionRefused', {
        ...about,
        status: label(workflow.labelOf(status)),
        code: String(status),
        why,
        now: now.length ? msg('records.allowedNow', { actions: list(now) }) : msg('records.noActionNow'),
      });
    };
    const about = { record: label(resource.title), key: describeKey(resource, key) };
    const within = scopeWhere(scope, res.locals.user!, resource.scopeFields);

    const outcome = await db.prisma.$transaction(async (tx) => {
      const current = within && (await find(tx, key, within));
      if (!current) throw notFound(msg('records.notFound', about));
      const before = present(store, current);
      if (body.updated_at && new Date(body.updated_at).getTime() !== (current.updated_at as Date).getTime()) {
        throw staleEdit(msg('records.changedSinceOpenedTryAgain', about));
      }
      const status = before[workflow.field];
      if (!startsFrom(workflow, action, before)) {
        throw new AppError('INVALID_TRANSITION', transitionRefused(action, before));
      }
      if (action.reason === 'required' && !body.reason)
        throw invalid({
          reason: [msg('records.reasonRequired', { action: label(action.label.toLowerCase()) })],
        });
      const context = {
        tx,
        db,
        action: actionKey,
        record: before,
        input: body,
        user: res.locals.user!,
        scope,
      };
      const prepared = (await effect?.before?.(context)) ?? {};
      if ('answer' in prepared) {
        await recordChange(tx, req, res, {
          action: 'transition',
          transition: actionKey,
          reason: body.reason,
          entity: resource.name,
          key: keyString(resource, key),
          before,
          after: before,
        });
        return prepared;
      }
      const to = prepared.to ?? action.to;
      const reaches = (from: string) =>
        Object.values(workflow.actions).some((a) => a.to === to && a.from.includes(from));
      if (to !== action.to && !reaches(String(status)) && !reaches(action.to)) {
        throw new Error(
          `The effect of ${resource.name} ${actionKey} redirects to ${to}, ` +
            `which no action reaches from ${String(status)} or ${action.to}.`,
        );
      }

      // Only from the status and version just read: a concurrent action or edit in between makes this match
      // nothing.
      const { count } = await store.delegate(tx).updateMany({
        where: {
          ...flatWhere(resource.keyFields, key),
          updated_at: current.updated_at,
          [workflow.field]: status,
        },
        data: { ...prepared.set, [workflow.field]: to, updated_at: new Date() },
      });
      if (count !== 1) throw staleEdit(msg('records.changedJustNow', about));
      let after = present(store, (await find(tx, key, {}))!);
      if (effect?.after && to === action.to) {
        await effect.after({ ...context, after });
        after = present(store, (await find(tx, key, {}))!);
      }
      await recordChange(tx, req, res, {
        action: 'transition',
        transition: actionKey,
        reason: body.reason,
        entity: resource.name,
        key: keyString(resource, key),
        before,
        after,
      });
      return {
        row: after,
        message:
          prepared.message ?? msg('records.nowStatus', { ...about, status: label(workflow.labelOf(to)) }),
        extra: prepared.extra,
      };
    });
    if ('answer' in outcome) res.status(outcome.answer.status).json(outcome.answer.body);
    else
      res.json({
        ...outcome.extra,
        [resource.responseKey]: outcome.row,
        ...notice(req, asMessage(outcome.message)),
      });
  };

  for (const [actionKey, action] of Object.entries(workflow.actions) as Array<[string, WorkflowAction]>) {
    router.route(actionPath(resource, actionKey)).post(take(actionKey, action)).all(methodNotAllowed);
  }
  return router;
}
