import type { z } from 'zod';
import type { Scope, Workflow } from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import type { AuthenticatedUser } from '../auth/authenticate.ts';
import type { MessageOrText } from '../http/errors.ts';

type Values = Record<string, unknown>;

/**
 * What an action's effect is given: the open transaction, the record as read, the parsed body and the caller.
 */
export interface ActionContext {
  tx: Prisma.TransactionClient;
  /** The database itself, for what must outlive the transaction's view (enqueueJob of long work). */
  db: Database;
  /** The action's key (`approve`). */
  action: string;
  /** The record as read (presented: timestamps as ISO text), before the move. */
  record: Values;
  /** The body: `reason`, `updated_at` and the effect's own fields (`body`), parsed. */
  input: Values;
  user: AuthenticatedUser;
  /** The scope in which the caller holds the action's capability. */
  scope: Scope;
}

/**
 * What `before` may ask for: fields stored with the move; another status to move to instead, with the message
 * that says why. Only a status another action of the workflow reaches from the current status (verification
 * finding an attendance shortage returns the form, as the `return` action would) or from the action's own
 * target (a resubmitted form whose kept payment covers its fee is fee-paid at once, as `pay` would make it).
 */
export interface Prepared {
  set?: Values;
  to?: string;
  message?: MessageOrText;
  /** Fields the answer carries beside the record and the message (their shape: the effect's `extra`). */
  extra?: Values;
}

/**
 * Answers an action without moving the status now (long work: `202 {job}`; the job moves it when it is done).
 */
export interface DeferredAnswer {
  answer: { status: number; body: Values };
}

/**
 * The database side of one workflow action, declared once beside its workflow and run by the one workflow
 * router inside the action's transaction (docs/decisions/0022). Any AppError thrown rolls everything back:
 * the status does not move and nothing the effect wrote stays.
 */
export interface ActionEffect {
  /**
   * The action's own body fields beyond `{reason, updated_at}` (pay: `{payment_ref, amount}`); 422 when they
   * fail.
   */
  body?: z.ZodObject;
  /** `202` when the effect answers with a job instead of the moved record (OpenAPI says so). */
  answers?: 'record' | 'job';
  /** The shape of the fields `before` adds to the answer (`Prepared.extra`), for OpenAPI. */
  extra?: z.ZodObject;
  /**
   * After the generic checks (capability, scope, status, guard, reason), before the move: throw an AppError
   * to refuse (4xx saying why); return fields to store together with the new status, or a deferred answer (no
   * move now). The record's own fields change only through `set`: the move is conditional on the version just
   * read, so an effect writing the record itself makes the action answer 409 STALE_EDIT.
   */
  before?(context: ActionContext): Promise<Prepared | DeferredAnswer | void>;
  /**
   * After the move (not a redirected one), in the same transaction, with the record as it now is: rows the
   * move implies (attempts).
   */
  after?(context: ActionContext & { after: Values }): Promise<void>;
}

/**
 * A workflow as a module serves it: the declaration (contracts) and the effects of those of its actions that
 * have any.
 */
export interface ServedWorkflow {
  workflow: Workflow;
  effects?: Partial<Record<string, ActionEffect>>;
}

/** A module lists a plain workflow (a status move and its audit only) or a workflow with effects. */
export type WorkflowEntry = Workflow | ServedWorkflow;

export const served = (entry: WorkflowEntry): ServedWorkflow =>
  'workflow' in entry ? entry : { workflow: entry };

/** Refuses (at start-up) an effect for an action the workflow does not declare. */
export function checkEffects({ workflow, effects = {} }: ServedWorkflow) {
  const unknown = Object.keys(effects).filter((key) => !(key in workflow.actions));
  if (unknown.length)
    throw new Error(
      `Workflow of ${workflow.resource}: effects for undeclared actions ${unknown.join(', ')}.`,
    );
}
