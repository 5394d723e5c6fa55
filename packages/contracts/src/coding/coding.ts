import { z } from 'zod';
import {
  defineEnum,
  defineResource,
  defineWorkflow,
  keyText,
  optionalText,
  requiredText,
} from '../kit/index.ts';
import type { ResourceCapability } from '../identity/index.ts';

/**
 * Anonymous answer-book coding (lifecycle spec S6, §2.3 F). The coding of one paper of one exam moves
 * NOT_CODED → CODED (fictitious numbers assigned, or flap numbers captured) → PACKETED (packets made) →
 * ASSIGNED (every packet has an examiner) → EVALUATED → DECODED (the decode joined the locked award lists to
 * the attempts). The fictitious number ↔ attempt map is readable only by the secrecy cell: admin, or an
 * office user whose `users.secrecy` flag is set (the API's coding guard); everyone else is refused 403
 * FORBIDDEN as for any missing capability.
 */

export const codingStatus = defineEnum([
  { value: 'NOT_CODED', label: 'Not coded' },
  { value: 'CODED', label: 'Coded' },
  { value: 'PACKETED', label: 'Packeted' },
  { value: 'ASSIGNED', label: 'Assigned' },
  { value: 'EVALUATED', label: 'Evaluated' },
  { value: 'DECODED', label: 'Decoded' },
] as const);
export type CodingStatus = z.infer<typeof codingStatus.schema>;

export const codingMethod = defineEnum([
  { value: 'SYSTEM', label: 'System fictitious numbers' },
  { value: 'FLAP', label: 'Pre-printed flap numbers' },
] as const);

/**
 * Settings of coding (lifecycle spec §8 decision 6: data, not code): the number's form and the packet size.
 */
export const codingSettings = { fictDigits: 6, packetSize: 30, maxPacketSize: 100 };

/** The coding of one paper of one exam, as the secrecy cell sees it. */
export const coding = z.object({
  exam_id: z.string(),
  paper_id: z.string(),
  status: codingStatus.schema,
  method: codingMethod.schema.nullable(),
  books: z.number().int(),
  packets: z.number().int(),
  /** PRESENT attempts of the paper (attendance), and whether the paper's attendance is LOCKED. */
  present: z.number().int(),
  attendance_locked: z.boolean(),
  coded_by: z.string().nullable(),
  coded_at: z.string().nullable(),
  decode_job_id: z.string().nullable(),
  decoded_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type Coding = z.infer<typeof coding>;

/** One row of the map (secrecy only): the fictitious number, the attempt, its roll number and answer book. */
export const codingMapRow = z.object({
  fict_no: z.string(),
  attempt_id: z.string(),
  roll_no: z.string().nullable(),
  student_id: z.string(),
  answer_book_no: z.string().nullable(),
  method: codingMethod.schema,
  packet_no: z.string().nullable(),
});
export type CodingMapRow = z.infer<typeof codingMapRow>;

export const codingAnswer = z.object({ coding, message: z.string() });
export const codingListAnswer = z.object({ coding: z.array(coding), total: z.number().int() });
export const codingMapAnswer = z.object({ rows: z.array(codingMapRow), total: z.number().int() });

/**
 * `POST /api/coding/{exam_id}/{paper_id}/flap`: the flap numbers keyed at the secrecy cell, one per roll
 * number.
 */
export const flapPair = z.object({
  flap_no: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z
      .string()
      .min(1, 'Required')
      .max(30, 'At most 30 characters')
      .regex(/^[A-Za-z0-9-]+$/, 'Letters, digits and dashes only'),
  ),
  roll_no: keyText(),
});
export const flapRequest = z.object({
  pairs: z.array(flapPair).min(1, 'Enter at least one flap number').max(20_000),
});
export type FlapRequest = z.infer<typeof flapRequest>;

/**
 * `POST /api/coding/{exam_id}/{paper_id}/packets`: make the packets (size from the settings unless given).
 */
export const packetsRequest = z.object({
  size: z.coerce.number().int().min(1).max(codingSettings.maxPacketSize).optional(),
});

/** Packets: read with the marks (award lists name them), sealed and assigned by the office. */
export const packetAccess = {
  read: 'marks.read',
  write: 'exam-setup.write',
} as const satisfies ResourceCapability;

/** A packet of answer books of one paper (never more than one paper), in fictitious-number order. */
export const packetResource = defineResource({
  name: 'packet',
  title: 'Packet',
  keyFields: ['packet_no'],
  capability: packetAccess,
  // Made only by the coding's `packets` call (the API refuses a create); declared as fields so lists filter
  // on them.
  fields: {
    packet_no: z.string().min(1).max(40),
    exam_id: keyText(),
    paper_id: keyText(),
    examiner_id: optionalText(30),
  },
  updatable: [],
  parents: [
    { resource: 'exam', fields: ['exam_id'] },
    { resource: 'paper', fields: ['paper_id'] },
  ],
  searchFields: ['packet_no', 'exam_id', 'paper_id', 'examiner_id'],
  extras: {
    seq: z.number().int(),
    count: z.number().int(),
    first_fict: z.string(),
    last_fict: z.string(),
    status: z.enum(['CREATED', 'ASSIGNED', 'RECEIVED']),
    assigned_at: z.string().nullable(),
    received_at: z.string().nullable(),
  },
});

/**
 * A packet is sealed (CREATED), given to an examiner (ASSIGNED) and received back with its award list
 * (RECEIVED).
 */
export const packetWorkflow = defineWorkflow({
  resource: 'packet',
  field: 'status',
  states: [
    { value: 'CREATED', label: 'Created' },
    { value: 'ASSIGNED', label: 'Assigned' },
    { value: 'RECEIVED', label: 'Received' },
  ],
  initial: 'CREATED',
  actions: {
    assign: {
      label: 'Assign examiner',
      from: ['CREATED', 'ASSIGNED'],
      to: 'ASSIGNED',
      capability: 'exam-setup.write',
      reason: 'optional',
      confirm: 'Give packet {packet_no} to the examiner?',
    },
    receive: {
      label: 'Receive',
      from: ['ASSIGNED'],
      to: 'RECEIVED',
      capability: 'exam-setup.write',
      reason: 'optional',
      confirm: 'Record packet {packet_no} as received back from its examiner?',
    },
  },
});
export const packetAssignBody = z.object({ examiner_id: keyText() });

/** An examiner (lifecycle S6 "examiner"): never given a packet with a candidate of their own college. */
export const examinerResource = defineResource({
  name: 'examiner',
  title: 'Examiner',
  keyFields: ['examiner_id'],
  capability: { read: 'marks.read', write: 'exam-setup.write' },
  fields: {
    examiner_id: keyText(),
    name: requiredText(200),
    college_id: optionalText(30),
    institution: optionalText(200),
    papers: optionalText(500),
    phone: optionalText(20),
  },
  updatable: ['name', 'college_id', 'institution', 'papers', 'phone'],
  searchFields: ['examiner_id', 'name', 'college_id', 'institution', 'papers'],
});

/** What a decode found: each kind makes the affected attempt RL (result later) instead of a mark. */
export const decodeExceptionKind = defineEnum([
  { value: 'PRESENT_WITHOUT_MARKS', label: 'Present without marks' },
  { value: 'MARKS_FOR_ABSENTEE', label: 'Marks for an absentee' },
  { value: 'ORPHAN_FICT', label: 'Orphan fictitious number' },
  { value: 'UFM_HELD', label: 'UFM book held' },
] as const);
export const decodeException = z.object({
  seq: z.number().int(),
  kind: decodeExceptionKind.schema,
  fict_no: z.string().nullable(),
  attempt_id: z.string().nullable(),
  roll_no: z.string().nullable(),
  detail: z.string(),
});
export type DecodeException = z.infer<typeof decodeException>;

/** `GET /api/decode/{exam_id}/{paper_id}`: the coding, the packets not LOCKED yet, and the exception list. */
export const decodeReport = z.object({
  coding,
  packets_not_locked: z.array(z.string()),
  decoded: z.number().int(),
  exceptions: z.array(decodeException),
});
export type DecodeReport = z.infer<typeof decodeReport>;

/** The decode job's result. */
export const decodeResult = z.object({
  exam_id: z.string(),
  paper_id: z.string(),
  decoded: z.number().int(),
  result_later: z.number().int(),
  exceptions: z.number().int(),
});
