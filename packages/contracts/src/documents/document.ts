import { z } from 'zod';
import { defineEnum, defineResource, defineWorkflow, jobSummary, keyText } from '../kit/index.ts';
import { certificateSubtype, documentPayload } from './payload.ts';

/**
 * Documents (lifecycle S10/S11, §5, state machine J of §2.3): marksheets, consolidated marksheets,
 * transcripts, provisional degrees, degrees, migration certificates and certificates, each a frozen snapshot
 * (`payload`) of every printed value drafted from a PUBLISHED result version (or, for migration and
 * certificates, the student's record), numbered per type and year at APPROVED, signed (Ed25519) into a
 * verification token anyone can check, and never edited once issued. ADR 0028.
 */

/**
 * Read by the office and (its own ISSUED documents) the student; drafted/checked/issued by `document`,
 * approved by `document_admin`.
 */
export const documentsAccess = { read: 'documents.read', write: 'documents.prepare' } as const;

export const documentType = defineEnum([
  { value: 'MARKSHEET', label: 'Marksheet' },
  { value: 'CONSOLIDATED_MARKSHEET', label: 'Consolidated marksheet' },
  { value: 'TRANSCRIPT', label: 'Transcript' },
  { value: 'PROVISIONAL_DEGREE', label: 'Provisional degree certificate' },
  { value: 'DEGREE', label: 'Degree' },
  { value: 'MIGRATION', label: 'Migration certificate' },
  { value: 'CERTIFICATE', label: 'Certificate' },
]);
export type DocumentType = (typeof documentType.values)[number];

/**
 * Types whose approval by document_admin is always required (§5.1 "Who does what"); the others follow a
 * setting (default: required too).
 */
export const approvalAlwaysRequired: readonly DocumentType[] = [
  'PROVISIONAL_DEGREE',
  'DEGREE',
  'CERTIFICATE',
];
/**
 * Types drafted from a published result version (the others from the student's record), and so in a batch of
 * a whole exam.
 */
export const resultBasedType = z.enum([
  'MARKSHEET',
  'CONSOLIDATED_MARKSHEET',
  'TRANSCRIPT',
  'PROVISIONAL_DEGREE',
  'DEGREE',
]);
export type ResultBasedType = z.infer<typeof resultBasedType>;
export const resultBasedTypes: readonly DocumentType[] = resultBasedType.options;
/** The series prefix of each type: `MS/2025/000123`. */
export const documentSeriesPrefix: Record<DocumentType, string> = {
  MARKSHEET: 'MS',
  CONSOLIDATED_MARKSHEET: 'CMS',
  TRANSCRIPT: 'TR',
  PROVISIONAL_DEGREE: 'PDC',
  DEGREE: 'DEG',
  MIGRATION: 'MIG',
  CERTIFICATE: 'CRT',
};

export const documentStatus = defineEnum([
  { value: 'DRAFTED', label: 'Drafted' },
  { value: 'CHECKED', label: 'Checked' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'ISSUED', label: 'Issued' },
  { value: 'CANCELLED', label: 'Cancelled' },
  { value: 'SUPERSEDED', label: 'Superseded' },
]);
export type DocumentStatus = (typeof documentStatus.values)[number];

export const documentMarker = z.enum(['DUPLICATE', 'REVISED']);
export type DocumentMarker = z.infer<typeof documentMarker>;

const text = z.string().nullable();
const optionalKey = z.preprocess((v) => (v === '' || v === null ? undefined : v), keyText().optional());

/**
 * What a document was built from: the result version's key (MARKSHEET: all of it; `version` defaults to the
 * published one).
 */
export const documentBasisInput = z.object({
  exam_id: optionalKey,
  session_id: optionalKey,
  course_comb_id: optionalKey,
  sem_id: optionalKey,
  version: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: 'A version number' }).int().min(1).optional(),
  ),
});
export type DocumentBasisInput = z.infer<typeof documentBasisInput>;

/** `POST /api/document`: draft one document. */
export const documentCreate = z
  .object({
    doc_type: documentType.schema,
    /** CERTIFICATE only: which certificate. */
    subtype: z.preprocess((v) => (v === '' || v === null ? undefined : v), certificateSubtype.optional()),
    student_id: keyText(),
    basis: documentBasisInput.default({}),
    /** MIGRATION / TRANSCRIPT: why (e.g. "higher study abroad"). */
    purpose: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().max(200).optional()),
  })
  .superRefine((value, ctx) => {
    if (value.doc_type === 'CERTIFICATE' && !value.subtype)
      ctx.addIssue({
        code: 'custom',
        path: ['subtype'],
        message: `Required for a certificate: one of ${certificateSubtype.options.join(', ')}`,
      });
    if (value.doc_type !== 'CERTIFICATE' && value.subtype)
      ctx.addIssue({ code: 'custom', path: ['subtype'], message: 'Only a certificate has a subtype' });
  });
export type DocumentCreate = z.infer<typeof documentCreate>;

/** The document's basis as stored (jsonb): the result version (or versions) it was built from. */
export const documentBasis = z.object({
  exam_id: text.optional(),
  session_id: text.optional(),
  course_comb_id: text.optional(),
  sem_id: text.optional(),
  version: z.number().int().nullable().optional(),
  /** Consolidated marksheets and transcripts: every result version they gather. */
  /** A duplicate: why it was issued (lost, damaged). */
  reason: text.optional(),
  versions: z
    .array(
      z.object({
        exam_id: z.string(),
        session_id: z.string(),
        course_comb_id: z.string(),
        sem_id: z.string(),
        version: z.number().int(),
      }),
    )
    .optional(),
});
export type DocumentBasis = z.infer<typeof documentBasis>;

const documentExtras = {
  subtype: text,
  status: documentStatus.schema,
  series_id: text,
  serial_no: text,
  stationery_serial: text,
  college_id: z.string(),
  /** The student while the document is ISSUED (a student's scope), else null. */
  holder_id: text,
  /** The student's name in English and Hindi (from the payload), for lists. */
  name_en: text,
  name_hi: text,
  sem_id: text,
  scheme: text,
  template_id: z.string(),
  template_version: z.number().int(),
  payload_hash: z.string(),
  marker: documentMarker.nullable(),
  duplicate_of: text,
  supersedes: text,
  superseded_by: text,
  cancel_reason: text,
  /**
   * Whether document_admin must approve before issue (the type's rule and the university's setting at
   * drafting).
   */
  approval_required: z.boolean(),
  prepared_by: text,
  checked_by: text,
  approved_by: text,
  issued_by: text,
  checked_at: text,
  approved_at: text,
  issued_at: text,
  cancelled_at: text,
  /** The signed token the QR carries, from APPROVED (verifiable once ISSUED). */
  verification_token: text,
  /** `<PUBLIC_URL>/verify/<token>`, from APPROVED. */
  verify_url: text,
};

/**
 * One document. Drafted only by `POST /api/document` (a frozen snapshot); read and listed by the engine (a
 * student: its own ISSUED ones, others 404); moved by `documentWorkflow`; never edited or deleted. The
 * payload itself is read with the record (`GET /api/document/{doc_id}` answers it) and printed by `GET
 * /api/document/{doc_id}/pdf`.
 */
export const documentResource = defineResource({
  name: 'document',
  title: 'Document',
  keyFields: ['doc_id'],
  capability: documentsAccess,
  // A student reaches only documents it holds: holder_id is its id while the document is ISSUED, null
  // otherwise.
  scopeFields: { student: 'holder_id', college: 'college_id' },
  fields: {
    doc_id: keyText(),
    doc_type: documentType.schema,
    student_id: keyText(),
    /**
     * The exam whose result it prints (a consolidated one: the last term's; migration and certificates: may
     * be null).
     */
    exam_id: keyText().nullable(),
  },
  updatable: [],
  // Parents are list filters too (`GET /api/document?exam_id=…&doc_type=…&status=…`), and an exam with
  // documents is kept.
  parents: [
    { resource: 'student', fields: ['student_id'] },
    { resource: 'exam', fields: ['exam_id'] },
  ],
  searchFields: ['doc_id', 'serial_no', 'student_id', 'exam_id', 'name_en'],
  extras: documentExtras,
});
/** A document as the API answers it; `payload` and `basis` with the single record (not in lists). */
export const documentRecord = z.object({
  ...documentResource.fields,
  ...documentExtras,
  basis: documentBasis.optional(),
  payload: documentPayload.optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DocumentRecord = z.infer<typeof documentRecord>;

/** The body of `duplicate`: why (lost, damaged), recorded on the new document. */
export const documentDuplicateBody = z.object({
  reason: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v),
    z.string({ error: 'Required: why a duplicate is issued (lost, damaged)' }).min(1).max(500),
  ),
});
/** The body of `approve` (degrees on pre-printed stationery: the sheet's serial). */
export const documentApproveBody = z.object({
  stationery_serial: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.trim() : v),
    z.string().max(40).optional(),
  ),
});

/**
 * State machine J (lifecycle §2.3): DRAFTED → CHECKED (document; another person than the preparer:
 * maker–checker) → APPROVED (document_admin; serial number and verification token fixed) → ISSUED (the QR
 * answers VALID); a type whose approval is not required (a university setting for MARKSHEET, TRANSCRIPT,
 * CONSOLIDATED_MARKSHEET, MIGRATION) is issued from CHECKED, numbered and signed at that moment. CANCELLED
 * with a reason (document_admin); SUPERSEDED when a REVISED document replacing it is issued. `duplicate`
 * leaves an ISSUED document as it is and drafts a DUPLICATE copy (new serial, `duplicate_of` the original),
 * answered as `duplicate`. SIGNED (§2.3) is not a separate status: the Ed25519 signature is applied at
 * APPROVED.
 */
export const documentWorkflow = defineWorkflow({
  resource: 'document',
  field: 'status',
  states: documentStatus.options,
  initial: 'DRAFTED',
  actions: {
    check: {
      label: 'Check',
      from: ['DRAFTED'],
      to: 'CHECKED',
      capability: 'documents.prepare',
      reason: 'optional',
      confirm: 'Mark {doc_type} of {student_id} as checked against the published result?',
    },
    approve: {
      label: 'Approve',
      from: ['CHECKED'],
      to: 'APPROVED',
      capability: 'documents.approve',
      reason: 'optional',
      confirm:
        'Approve {doc_type} of {student_id}? Its serial number and signed verification token are fixed now.',
    },
    issue: {
      label: 'Issue',
      from: ['APPROVED', 'CHECKED'],
      to: 'ISSUED',
      capability: 'documents.prepare',
      reason: 'none',
      guard: {
        description: 'the document is approved by document_admin (mandatory for this type)',
        check: (r) => r.status === 'APPROVED' || r.approval_required === false,
      },
      confirm:
        'Issue {doc_type} {serial_no} to {student_id}? It can never be edited after this; its QR answers ' +
        'VALID.',
    },
    cancel: {
      label: 'Cancel document',
      from: ['DRAFTED', 'CHECKED', 'APPROVED', 'ISSUED'],
      to: 'CANCELLED',
      capability: 'documents.approve',
      backward: true,
      reason: 'required',
      confirm:
        'Cancel {doc_type} {serial_no} of {student_id}? Its number is never reused and its QR answers ' +
        'CANCELLED.',
    },
    duplicate: {
      label: 'Duplicate',
      from: ['ISSUED'],
      to: 'ISSUED',
      capability: 'documents.prepare',
      reason: 'required',
      confirm:
        'Draft a DUPLICATE of {doc_type} {serial_no} (new serial; the original stays valid)? Say why ' +
        '(lost, damaged).',
    },
  },
});

/**
 * What a template prints from: the frozen payload plus what the document record fixes (serial, marker,
 * token).
 */
export const printableDocument = z.object({
  doc_id: z.string(),
  doc_type: documentType.schema,
  subtype: z.string().nullable(),
  template_id: z.string(),
  template_version: z.number().int(),
  serial_no: z.string().nullable(),
  stationery_serial: z.string().nullable(),
  marker: documentMarker.nullable(),
  status: documentStatus.schema,
  issued_at: z.string().nullable(),
  /**
   * `<PUBLIC_URL>/verify/<token>`: what the QR encodes; null before APPROVED (a draft prints "DRAFT" and no
   * QR).
   */
  verify_url: z.string().nullable(),
  payload: documentPayload,
});
export type PrintableDocument = z.infer<typeof printableDocument>;

/**
 * `documentseries`: one numbering series per type and year (prefix `MS/2025/`), `next_no` the next number.
 */
export const documentSeries = z.object({
  series_id: z.string(),
  doc_type: documentType.schema,
  year: z.number().int(),
  prefix: z.string(),
  next_no: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DocumentSeries = z.infer<typeof documentSeries>;

/**
 * `POST /api/document/batch`: draft (and, with `render`, check the PDFs of) every student of an exam with a
 * published result.
 */
export const documentBatchCreate = z.object({
  doc_type: z.preprocess(
    (v) => (v === '' || v === undefined ? 'MARKSHEET' : v),
    z.enum(resultBasedType.options, {
      error:
        'Batches draft the types drafted from a published result: MARKSHEET, CONSOLIDATED_MARKSHEET, ' +
        'TRANSCRIPT, PROVISIONAL_DEGREE or DEGREE',
    }),
  ),
  exam_id: keyText(),
  session_id: optionalKey,
  course_comb_id: optionalKey,
  sem_id: optionalKey,
  college_id: optionalKey,
  render: z.preprocess(
    (v) =>
      v === '1' || v === 'true' || v === 1
        ? true
        : v === '0' || v === 'false' || v === 0 || v === '' || v === undefined
          ? false
          : v,
    z.boolean(),
  ),
});
export type DocumentBatchCreate = z.infer<typeof documentBatchCreate>;
export const documentBatchAnswer = z.object({ job: jobSummary, message: z.string() });
/** What the batch job answers when it succeeded. */
export const documentBatchResult = z.object({
  drafted: z.number().int(),
  /** Students who already hold one (from an earlier batch or drafted by hand): nothing drafted twice. */
  skipped: z.array(z.object({ student_id: z.string(), reason: z.string() })),
  /**
   * Students of the exam who cannot have one, and why (no PUBLISHED result, a result that is not PASS); also
   * the job's errors.
   */
  refused: z.array(z.object({ student_id: z.string(), reason: z.string() })).default([]),
  doc_ids: z.array(z.string()),
  rendered: z.number().int(),
});
export type DocumentBatchResult = z.infer<typeof documentBatchResult>;

/** Pre-printed degree stationery spoiled in printing: the spoilage register (§5.1 Numbering). */
export const stationerySpoilageCreate = z.object({
  stationery_serial: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: 'Required: the sheet serial' }).min(1).max(40),
  ),
  doc_id: optionalKey,
  reason: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: 'Required: why the sheet was spoiled' }).min(1).max(500),
  ),
});
export type StationerySpoilageCreate = z.infer<typeof stationerySpoilageCreate>;
export const stationerySpoilage = z.object({
  spoil_id: z.string(),
  stationery_serial: z.string(),
  doc_id: z.string().nullable(),
  reason: z.string(),
  recorded_by: z.string(),
  recorded_at: z.string(),
});

/**
 * `GET /api/document/print`: one PDF of an exam's documents of a type (default: all not cancelled or
 * superseded), in serial order.
 */
export const documentPrintFormat = z.enum(['pdf', 'zip'], {
  error:
    "format: 'pdf' (one PDF of them all, the default) or 'zip' (a ZIP of one PDF per document, named by " +
    'serial)',
});
export const documentPrintQuery = z.object({
  exam_id: keyText(),
  format: z.preprocess(
    (v) => (v === '' || v === undefined ? 'pdf' : typeof v === 'string' ? v.toLowerCase() : v),
    documentPrintFormat,
  ),
  doc_type: z.preprocess((v) => (v === '' || v === undefined ? 'MARKSHEET' : v), documentType.schema),
  status: z.preprocess((v) => (v === '' ? undefined : v), documentStatus.schema.optional()),
  college_id: optionalKey,
});
