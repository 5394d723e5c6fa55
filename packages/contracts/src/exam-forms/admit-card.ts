import { z } from 'zod';
import { defineResource, defineWorkflow, keyText } from '../kit/index.ts';
import type { ResourceCapability } from '../identity/index.ts';

/**
 * Admit cards: read by staff (a college its own) and the student its own; generated, published and withheld
 * by the office.
 */
export const admitCardsAccess = {
  read: 'admit-cards.read',
  write: 'admit-cards.write',
} as const satisfies ResourceCapability;

/**
 * An admit card (lifecycle spec S4, §2.3 B): one per candidate per exam, generated for a form with its roll
 * number (roll allotment generates them), published for the student to download, or withheld with a reason.
 * Its papers are the form's, printed with their timetable slots. Written only by roll allotment and its
 * workflow.
 */
export const admitCardResource = defineResource({
  name: 'admitcard',
  title: 'Admit card',
  keyFields: ['exam_id', 'student_id'],
  capability: admitCardsAccess,
  scopeFields: { college: 'college_id', student: 'student_id' },
  fields: {
    exam_id: keyText(),
    student_id: keyText(),
  },
  updatable: [],
  searchFields: ['exam_id', 'student_id', 'roll_no', 'college_id'],
  extras: {
    form_id: z.string(),
    college_id: z.string(),
    roll_no: z.string(),
    centre_id: z.string().nullable(),
    status: z.enum(['GENERATED', 'PUBLISHED', 'WITHHELD']),
    withheld_reason: z.string().nullable(),
    version: z.number().int(),
  },
});

/**
 * §2.3 B: GENERATED → PUBLISHED ⇄ WITHHELD (with the reason: fee due, attendance shortage, eligibility
 * pending, discipline).
 */
export const admitCardWorkflow = defineWorkflow({
  resource: 'admitcard',
  field: 'status',
  states: [
    { value: 'GENERATED', label: 'Generated' },
    { value: 'PUBLISHED', label: 'Published' },
    { value: 'WITHHELD', label: 'Withheld' },
  ],
  initial: 'GENERATED',
  actions: {
    publish: {
      label: 'Publish',
      from: ['GENERATED', 'WITHHELD'],
      to: 'PUBLISHED',
      capability: 'admit-cards.write',
      reason: 'optional',
      confirm: 'Publish the admit card of {student_id} (roll {roll_no})? The student can then download it.',
    },
    withhold: {
      label: 'Withhold',
      from: ['GENERATED', 'PUBLISHED'],
      to: 'WITHHELD',
      capability: 'admit-cards.write',
      backward: true,
      reason: 'required',
      confirm:
        'Withhold the admit card of {student_id} (roll {roll_no})? The student sees the reason instead ' +
        'of the card.',
    },
  },
});

/** The reasons staff pick from when withholding (settings data, §8); free text is accepted too. */
export const withholdReasons = [
  'Fee due',
  'Attendance shortage',
  'Eligibility pending',
  'Disciplinary',
] as const;

/** `POST /api/admitcard/publish` and `/withhold` in bulk: a college's (or the whole exam's) cards at once. */
export const admitCardBulkRequest = z.object({
  exam_id: keyText(),
  college_id: keyText().optional(),
  student_ids: z.array(keyText()).max(10_000).optional(),
  reason: z.string().trim().max(500).optional(),
});
export type AdmitCardBulkRequest = z.infer<typeof admitCardBulkRequest>;
export const admitCardBulkAnswer = z.object({ changed: z.number().int(), message: z.string() });
