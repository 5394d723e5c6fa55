import { Router, type Request, type Response } from 'express';
import type { Resource, WorkflowAction } from '@exam/contracts';
import type { Database } from '@exam/db';
import type { ResourceRegistry } from '../crud/registry.ts';
import { keyFromPath } from '../crud/store.ts';
import { asMessage, parseOr422 } from '../http/errors.ts';
import { methodNotAllowed } from '../http/middleware.ts';
import { notice } from '../i18n/messages.ts';
import type { WorkflowEntry } from './effects.ts';
import { actionBodySchema, scopeOfUser, workflowActions } from './workflow-action.ts';

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
  const actions = workflowActions(entry, { db, registry });
  const { workflow, resource } = actions;
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
  const router = Router();

  const take = (actionKey: string, action: WorkflowAction) => async (req: Request, res: Response) => {
    scopeOfUser(res.locals.user, action.capability);
    const body = parseOr422(actionBodySchema(entry, actionKey), req.body ?? {}) as Record<string, unknown> & {
      reason?: string;
      updated_at?: string | null;
    };
    const key = keyFromPath(resource, req.params as Record<string, string>);
    const outcome = await actions.take(
      actionKey,
      key,
      body,
      { user: res.locals.user!, requestId: req.id },
      (fn) => db.prisma.$transaction(fn),
    );
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
