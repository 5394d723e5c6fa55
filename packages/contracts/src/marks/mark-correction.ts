import { z } from 'zod';
import { defineEnum, defineResource, defineWorkflow, keyText, requiredText } from '../kit/index.ts';
import { entryStatus, MARK_PATTERN, markComponent } from './mark-value.ts';

export const correctionKind = defineEnum([
  { value: 'DATA_ENTRY', label: 'Data entry error' },
  { value: 'REVALUATION', label: 'Revaluation' },
  { value: 'MODERATION', label: 'Moderation' },
  { value: 'GRACE', label: 'Grace marks' },
  { value: 'ADMINISTRATIVE', label: 'Administrative' },
]);

export const correctionStatus = defineEnum([
  { value: 'REQUESTED', label: 'Requested' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'REJECTED', label: 'Rejected' },
]);

/** A mark as text: a decimal with at most two places or a status code. */
export const markOrStatus = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim().toUpperCase() : v),
  z
    .string({ error: 'Required: marks or a status' })
    .refine(
      (t) => MARK_PATTERN.test(t) || (entryStatus.values as readonly string[]).includes(t),
      `Marks with at most two decimals, or one of ${entryStatus.values.join(', ')}`,
    ),
);

/**
 * A change of a mark after its batch is LOCKED (lifecycle §2.4): the old mark of record, the new one, why and
 * of what kind; applied to the mark of record only when approved (the entered rows and award lists are never
 * overwritten; moderation is kept as its own rows).
 */
export const markCorrectionResource = defineResource({
  name: 'markcorrection',
  title: 'Marks correction',
  keyFields: ['correction_id'],
  capability: { read: 'marks.read', write: 'marks.enter' },
  fields: {
    correction_id: keyText(),
    attempt_id: keyText(),
    component: markComponent.schema,
    new: markOrStatus,
    reason: requiredText(500),
    kind: correctionKind.schema,
  },
  updatable: [],
  searchFields: ['correction_id', 'attempt_id'],
  extras: {
    old: z.string().nullable(),
    status: correctionStatus.schema,
    requested_by: z.string(),
    approved_by: z.string().nullable(),
    approved_at: z.string().nullable(),
  },
});

/**
 * POST /api/markcorrection: the server generates the key, reads the old mark of record and names the
 * requester.
 */
export const markCorrectionCreate = z.object({
  attempt_id: markCorrectionResource.fields.attempt_id,
  component: markCorrectionResource.fields.component,
  new: markCorrectionResource.fields.new,
  reason: markCorrectionResource.fields.reason,
  kind: markCorrectionResource.fields.kind,
});

export const markCorrectionWorkflow = defineWorkflow({
  resource: 'markcorrection',
  field: 'status',
  states: correctionStatus.options,
  initial: 'REQUESTED',
  actions: {
    approve: {
      label: 'Approve',
      from: ['REQUESTED'],
      to: 'APPROVED',
      capability: 'marks.correct',
      reason: 'optional',
      confirm:
        'Approve the correction of {attempt_id} ({component}) from {old} to {new}? The mark of record ' +
        'changes now.',
    },
    reject: {
      label: 'Reject',
      from: ['REQUESTED'],
      to: 'REJECTED',
      capability: 'marks.correct',
      backward: true,
      reason: 'required',
      confirm: 'Reject the correction of {attempt_id}?',
    },
  },
});
