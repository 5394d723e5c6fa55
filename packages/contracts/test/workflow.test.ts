import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  confirmText,
  defineWorkflow,
  workflowActionBody,
  type Workflow,
} from '../src/index.ts';

const states = [
  { value: 'DRAFT', label: 'Draft' },
  { value: 'SUBMITTED', label: 'Submitted' },
  { value: 'LOCKED', label: 'Locked' },
] as const;

const batch = defineWorkflow({
  resource: 'batch',
  field: 'status',
  states,
  initial: 'DRAFT',
  actions: {
    submit: {
      label: 'Submit',
      from: ['DRAFT'],
      to: 'SUBMITTED',
      capability: 'marks.enter',
      reason: 'none',
      confirm: 'Submit batch {batch_id}?',
      guard: { description: 'every row has a value', check: (record) => record.rows_missing === 0 },
    },
    lock: {
      label: 'Lock',
      from: ['SUBMITTED'],
      to: 'LOCKED',
      capability: 'marks.lock',
      reason: 'optional',
      confirm: 'Lock it?',
    },
    reopen: {
      label: 'Reopen',
      from: ['SUBMITTED', 'LOCKED'],
      to: 'DRAFT',
      capability: 'marks.reopen',
      backward: true,
      reason: 'required',
      confirm: 'Reopen it?',
    },
  },
});

describe('defineWorkflow', () => {
  it(
    'refuses at declaration an unknown status, a backward move without a required reason, a key unfit for ' +
      'a path',
    () => {
      const base = { resource: 'x', field: 'status', states, initial: 'DRAFT' as const };
      expect(() =>
        defineWorkflow({
          ...base,
          actions: {
            go: {
              label: 'Go',
              from: ['DRAFT'],
              to: 'GONE' as 'DRAFT',
              capability: 'marks.lock',
              reason: 'none',
              confirm: '?',
            },
          },
        }),
      ).toThrow(/unknown status GONE/);
      expect(() =>
        defineWorkflow({
          ...base,
          actions: {
            back: {
              label: 'Back',
              from: ['LOCKED'],
              to: 'DRAFT',
              capability: 'marks.lock',
              backward: true,
              reason: 'optional' as 'required',
              confirm: '?',
            },
          },
        }),
      ).toThrow(/must require a reason/);
      expect(() =>
        defineWorkflow({
          ...base,
          actions: {
            Go_On: {
              label: 'Go',
              from: ['DRAFT'],
              to: 'LOCKED',
              capability: 'marks.lock',
              reason: 'none',
              confirm: '?',
            },
          },
        }),
      ).toThrow(/lower-case/);
      expect(() => defineWorkflow({ ...base, initial: 'NEW' as 'DRAFT', actions: {} })).toThrow(
        /initial status NEW/,
      );
    },
  );

  it('labels statuses and fills the confirmation sentence from the record', () => {
    expect(batch.labelOf('SUBMITTED')).toBe('Submitted');
    expect(confirmText(batch.actions.submit, { batch_id: 'B7' })).toBe('Submit batch B7?');
    expect(batch.actionKeys).toEqual(['submit', 'lock', 'reopen']);
  });
});

describe('allowedActions: what a role may do to a record now, one answer for the API and the web', () => {
  const keys = (workflow: Workflow, record: Record<string, unknown>, role?: string) =>
    allowedActions(workflow, record, role).map((a) => a.key);

  it('follows the current status, the grants table and the guard', () => {
    expect(keys(batch, { status: 'DRAFT', rows_missing: 0 }, 'faculty')).toEqual(['submit']);
    // The guard does not hold: nothing to do yet.
    expect(keys(batch, { status: 'DRAFT', rows_missing: 3 }, 'faculty')).toEqual([]);
    // office locks (marks.lock) but may not reopen (marks.reopen is admin's).
    expect(keys(batch, { status: 'SUBMITTED' }, 'office')).toEqual(['lock']);
    expect(keys(batch, { status: 'LOCKED' }, 'admin')).toEqual(['reopen']);
    expect(keys(batch, { status: 'LOCKED' }, 'student')).toEqual([]);
    expect(keys(batch, { status: 'LOCKED' }, undefined)).toEqual([]);
  });
});

describe('the action body', () => {
  it('takes an optional reason (blank counts as none) and the updated_at the caller read', () => {
    expect(workflowActionBody.parse({ reason: '   ' })).toEqual({ reason: undefined });
    expect(
      workflowActionBody.parse({ reason: ' Fees unpaid ', updated_at: '2026-01-01T00:00:00.000Z' }),
    ).toEqual({ reason: 'Fees unpaid', updated_at: '2026-01-01T00:00:00.000Z' });
    expect(workflowActionBody.safeParse({ reason: 'x'.repeat(501) }).success).toBe(false);
    expect(workflowActionBody.safeParse({ updated_at: 'yesterday' }).success).toBe(false);
  });
});
