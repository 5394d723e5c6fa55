import type { Workflow, WorkflowAction } from '../kit/index.ts';
import { can, type CapabilityKey } from './capabilities.ts';

/** One action of a workflow, with its key. */
export type KeyedAction = WorkflowAction & { key: string };

const keyed = (workflow: Workflow) =>
  Object.entries(workflow.actions).map(([key, action]) => ({ ...action, key }) as KeyedAction);

/** Whether `action` may start from the record's current status and its guard (if any) holds. */
export const startsFrom = (workflow: Workflow, action: WorkflowAction, record: Record<string, unknown>) =>
  action.from.some((state) => state === record[workflow.field]) && (action.guard?.check(record) ?? true);

/**
 * The actions `role` may take on `record` now: from its current status, with the capability in the grants
 * table, and with the guard holding. The API answers 409 naming these; the web app shows them as buttons.
 * Which rows a caller reaches at all is the scope's business, decided by the API before this.
 */
export function allowedActions(
  workflow: Workflow,
  record: Record<string, unknown>,
  role: string | undefined,
): KeyedAction[] {
  return keyed(workflow).filter(
    (action) =>
      can(role, action.capability as CapabilityKey) !== undefined && startsFrom(workflow, action, record),
  );
}
