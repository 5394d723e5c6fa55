import type { Request, Response } from 'express';
import {
  allowedActions,
  can,
  label,
  list,
  msg,
  refusalMessageOf,
  startsFrom,
  workflowActionBody,
  type CapabilityKey,
  type Resource,
  type Scope,
  type WorkflowAction,
} from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import { recordChange } from '../audit/audit-trail.ts';
import type { AuthenticatedUser } from '../auth/authenticate.ts';
import { scopeWhere } from '../auth/scope.ts';
import type { ResourceRegistry } from '../crud/registry.ts';
import { describeKey, flatWhere, keyString, present, type KeyValues } from '../crud/store.ts';
import { AppError, forbidden, invalid, notFound, staleEdit, type MessageOrText } from '../http/errors.ts';
import { checkEffects, served, type WorkflowEntry } from './effects.ts';

/** Who takes an action: the signed-in user, and the request (or job) the audit entry names. */
export interface Actor {
  user: AuthenticatedUser;
  requestId: string;
}

/** Runs one action's work in one transaction (the request's own, or a job's fenced one). */
export type InTransaction = <T>(fn: (tx: Prisma.TransactionClient) => Promise<T>) => Promise<T>;

/** What an action did: the moved record and its message, or an effect's deferred answer (202 {job}). */
export type ActionOutcome =
  | { row: Record<string, unknown>; message: MessageOrText; extra?: Record<string, unknown> }
  | { answer: { status: number; body: Record<string, unknown> } };

/** The body an action takes: `{reason?, updated_at?}` and its effect's own fields. */
export const actionBodySchema = (entry: WorkflowEntry, actionKey: string) => {
  const effect = served(entry).effects?.[actionKey];
  return effect?.body ? workflowActionBody.extend(effect.body.shape) : workflowActionBody;
};

/** The scope in which `user` holds `capability`; 403 FORBIDDEN without it. */
export function scopeOfUser(user: AuthenticatedUser | undefined, capability: string): Scope {
  const scope = can(user?.role, capability as CapabilityKey);
  if (!scope) throw forbidden(refusalMessageOf(user?.role, capability as CapabilityKey));
  return scope;
}

/**
 * One workflow's actions as a function of (action, key, body, actor): the one code path of a single action
 * and of every row of a bulk action. In this order: 403 without the action's capability; 404 for a record
 * that does not exist or lies out of the caller's scope; 409 STALE_EDIT when `updated_at` is not the
 * record's; 409 INVALID_TRANSITION naming the current status and the actions allowed now; 422 when a required
 * reason is missing; the effect's `before`; the move (only from the status and updated_at just read); the
 * effect's `after`; the audit entry (actor, action, reason, before and after). All of it in the one
 * transaction `inTransaction` opens: a refusal rolls it all back.
 */
export function workflowActions(
  entry: WorkflowEntry,
  { db, registry }: { db: Database; registry: ResourceRegistry },
) {
  const { workflow, effects = {} } = served(entry);
  checkEffects({ workflow, effects });
  const resource: Resource = registry.resource(workflow.resource);
  const store = registry.store(workflow.resource);
  const select = store.include ? { include: store.include } : {};

  const find = async (tx: Prisma.TransactionClient, key: KeyValues, within: Record<string, unknown>) =>
    (
      await store
        .delegate(tx)
        .findMany({ where: { AND: [flatWhere(resource.keyFields, key), within] }, take: 1, ...select })
    )[0];

  async function take(
    actionKey: string,
    key: KeyValues,
    body: Record<string, unknown> & { reason?: string; updated_at?: string | null },
    actor: Actor,
    inTransaction: InTransaction,
  ): Promise<ActionOutcome> {
    const action = workflow.actions[actionKey] as WorkflowAction;
    const { user } = actor;
    const scope = scopeOfUser(user, action.capability);
    const effect = effects[actionKey];
    const about = { record: label(resource.title), key: describeKey(resource, key) };
    /** Why the action cannot start from this record's status, and which actions can. */
    const transitionRefused = (before: Record<string, unknown>) => {
      const status = before[workflow.field];
      const now = allowedActions(workflow, before, user.role).map((a) =>
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
    const within = scopeWhere(scope, user, resource.scopeFields);
    // The audit trail reads the actor and the request id from a request and its response.
    const req = { id: actor.requestId } as unknown as Request;
    const res = { locals: { user } } as unknown as Response;

    return inTransaction(async (tx): Promise<ActionOutcome> => {
      const current = within && (await find(tx, key, within));
      if (!current) throw notFound(msg('records.notFound', about));
      const before = present(store, current);
      if (body.updated_at && new Date(body.updated_at).getTime() !== (current.updated_at as Date).getTime()) {
        throw staleEdit(msg('records.changedSinceOpenedTryAgain', about));
      }
      const status = before[workflow.field];
      if (!startsFrom(workflow, action, before)) {
        throw new AppError('INVALID_TRANSITION', transitionRefused(before));
      }
      if (action.reason === 'required' && !body.reason)
        throw invalid({
          reason: [msg('records.reasonRequired', { action: label(action.label.toLowerCase()) })],
        });
      const context = { tx, db, action: actionKey, record: before, input: body, user, scope };
      const prepared = (await effect?.before?.(context)) ?? {};
      // The action's audit entry: a deferred one (202 {job}) records the record as it still is.
      const audit = (after: typeof before) =>
        recordChange(tx, req, res, {
          action: 'transition',
          transition: actionKey,
          reason: body.reason,
          entity: resource.name,
          key: keyString(resource, key),
          before,
          after,
        });
      if ('answer' in prepared) {
        await audit(before);
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
      await audit(after);
      return {
        row: after,
        message:
          prepared.message ?? msg('records.nowStatus', { ...about, status: label(workflow.labelOf(to)) }),
        extra: prepared.extra,
      };
    });
  }

  return { workflow, effects, resource, store, take };
}

export type WorkflowActions = ReturnType<typeof workflowActions>;
