import { z } from 'zod';
import type { EnumOption } from './fields.ts';

/**
 * A workflow: the state machine of one resource's status field, declared once. The API serves every action at
 * `POST /api/<resource path>/<key...>/<action>` through one mechanism (and audits it); the web app shows the
 * actions a user may take now as buttons, from this same declaration (`allowedActions` in identity).
 */

/** A condition beyond the status that an action needs, checked on the record alone (no database): pure. */
export interface WorkflowGuard {
  /** What must hold, as staff read it when it does not: "the college has a college code". */
  description: string;
  check: (record: Record<string, unknown>) => boolean;
}

interface ActionBase<S extends string> {
  /** The button's text: "Suspend". */
  label: string;
  /** The statuses the action may be taken from. */
  from: readonly S[];
  to: S;
  /**
   * The capability (a key of identity's catalogue) a caller must hold; its scope limits the rows it reaches.
   */
  capability: string;
  guard?: WorkflowGuard;
  /**
   * The question the confirmation dialog asks; `{field}` is filled from the record: "Suspend
   * {college_name}?".
   */
  confirm: string;
}

/**
 * A backward move (return, reject, reopen, cancel, withdraw, suspend) takes the record away from where it was
 * heading, and must say why: its reason is `required`. A forward move may ask for one, or not.
 */
export type WorkflowAction<S extends string = string> = ActionBase<S> &
  ({ backward: true; reason: 'required' } | { backward?: false; reason: 'required' | 'optional' | 'none' });

export interface WorkflowDefinition<S extends string = string, A extends string = string> {
  /** The name of the resource (registry name) whose records move. */
  resource: string;
  /** The record's status field. Create and edit never write it (it is not among the resource's fields). */
  field: string;
  /** Every status, with the label staff read. */
  states: readonly EnumOption<S>[];
  /** The status a new record starts in. */
  initial: S;
  actions: Record<A, WorkflowAction<S>>;
}

export const REASON_MAX = 500;

/**
 * The body of every action call: why (required on backward moves), and the record's updated_at as the caller
 * read it.
 */
export const workflowActionBody = z.object({
  reason: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : value),
    z.string({ error: 'Must be text' }).max(REASON_MAX, `At most ${REASON_MAX} characters`).optional(),
  ),
  updated_at: z.union([z.iso.datetime({ offset: true }), z.null()]).optional(),
});
export type WorkflowActionBody = z.infer<typeof workflowActionBody>;

/** Action keys travel in URL paths after the key: lower-case words joined by dashes. */
const ACTION_KEY = /^[a-z][a-z0-9-]*$/;

/**
 * Declares a workflow, refusing (at start-up, not at the first call) an action that names an unknown status.
 */
export function defineWorkflow<const S extends string, const A extends string>(
  definition: WorkflowDefinition<S, A>,
) {
  const known = new Set<string>(definition.states.map((s) => s.value));
  const problems: string[] = [];
  if (!known.has(definition.initial)) problems.push(`initial status ${definition.initial} is not a state`);
  for (const [key, action] of Object.entries(definition.actions) as Array<[string, WorkflowAction<S>]>) {
    if (!ACTION_KEY.test(key)) problems.push(`action key ${key} must be lower-case words joined by dashes`);
    for (const state of [...action.from, action.to])
      if (!known.has(state)) problems.push(`action ${key} names unknown status ${state}`);
    if (!action.from.length) problems.push(`action ${key} has no status to start from`);
    if (action.backward && action.reason !== 'required')
      problems.push(`action ${key} moves backward and must require a reason`);
  }
  if (problems.length) throw new Error(`Workflow of ${definition.resource}: ${problems.join('; ')}.`);
  const labelOf = (state: unknown) =>
    definition.states.find((s) => s.value === state)?.label ?? String(state ?? '');
  const actionKeys = Object.keys(definition.actions) as A[];
  const schema = z.enum(definition.states.map((s) => s.value) as [S, ...S[]]);
  return { ...definition, actionKeys, labelOf, schema };
}

export type Workflow = ReturnType<typeof defineWorkflow<string, string>>;

/** The confirmation sentence of an action for one record: `{field}` placeholders filled from it. */
export function confirmText(
  action: Pick<WorkflowAction, 'confirm'>,
  record: Record<string, unknown>,
): string {
  return action.confirm.replace(/\{(\w+)\}/g, (_m, field: string) => String(record[field] ?? ''));
}

/**
 * At most this many rows are moved by a bulk request at once (200 with the report); a larger selection is
 * moved by a job (202 {job}) whose result is the same report.
 */
export const BULK_AT_ONCE = 200;
/** The most keys one bulk request may name (a larger selection is sent as the list's filter). */
export const BULK_KEYS_MAX = 2000;

/** One row of a bulk selection: its key fields (`{exam_id, form_id}`), or the key as its path (`a/b/c`). */
export const bulkKey = z.union([
  z.string().min(1).max(400),
  z.record(z.string(), z.union([z.string(), z.number()])),
]);

/**
 * The body of every bulk action, `POST /api/<resource path>/bulk/<action>`: the rows by their keys, or the
 * list's own filters (the rows of the list, in the caller's scope, whose status the action starts from), with
 * the action's fields (its reason, and its effect's own: a payment's amount and reference).
 */
export const workflowBulkFields = z.object({
  keys: z.array(bulkKey).min(1).max(BULK_KEYS_MAX).optional(),
  filter: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  reason: workflowActionBody.shape.reason,
});

/** The bulk body of an action whose effect takes fields of its own (`own`): keys or filter, not both. */
export const workflowBulkBodyOf = (own?: z.ZodObject) =>
  (own ? workflowBulkFields.extend(own.shape) : workflowBulkFields).check((ctx) => {
    const body = ctx.value as { keys?: unknown; filter?: unknown };
    if ((body.keys === undefined) === (body.filter === undefined))
      ctx.issues.push({ code: 'custom', message: 'Give either keys or filter', path: ['keys'], input: body });
  });
export const workflowBulkBody = workflowBulkBodyOf();
export type WorkflowBulkBody = z.infer<typeof workflowBulkBody>;

/** A row a bulk action did not move: the code and message the single action gives for it. */
export const bulkRefusal = z.object({
  key: z.string(),
  code: z.string(),
  message: z.string(),
  message_code: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
});
export type BulkRefusal = z.infer<typeof bulkRefusal>;

/**
 * What a bulk action did, row by row (its answer, or its job's result): the keys moved, the rows refused, and
 * how many rows the selection held.
 */
export const workflowBulkReport = z.object({
  done: z.array(z.string()),
  refused: z.array(bulkRefusal),
  total: z.number().int().min(0),
});
export type WorkflowBulkReport = z.infer<typeof workflowBulkReport>;
