import { z } from 'zod';
import { documentType } from './document.ts';

/**
 * Verification (lifecycle §5.1, S11): the QR carries `<PUBLIC_URL>/verify/<token>`, the token a compact
 * `base64url(claims JSON).base64url(Ed25519 signature)` over the claims below, signed with the university's
 * key whose public half is served at `GET /.well-known/document-signing-key` (PEM, and JWK with
 * `?format=jwk`). Anyone can check a token offline with the public key alone; `GET /api/verify/{token}` (no
 * sign-in) adds the live status.
 */

/** The signed claims (short keys keep the QR small). `v` is the token format version (1). */
export const verificationClaims = z.object({
  v: z.literal(1),
  /** Serial number. */
  sn: z.string(),
  /** Document type. */
  t: documentType.schema,
  /** Student id. */
  st: z.string(),
  /** SHA-256 of the payload (hex). */
  h: z.string().regex(/^[0-9a-f]{64}$/),
  /** Issue date (YYYY-MM-DD): the date the document was approved for issue. */
  d: z.string(),
  /** Document id. */
  id: z.string(),
  /** Key id (fingerprint of the public key) that signed. */
  kid: z.string(),
});
export type VerificationClaims = z.infer<typeof verificationClaims>;

/** VALID (ISSUED), SUPERSEDED (a revision replaced it), CANCELLED. */
export const verificationStatus = z.enum(['VALID', 'SUPERSEDED', 'CANCELLED']);
export type VerificationStatus = z.infer<typeof verificationStatus>;

/** What a verification shows of a genuine document (no marks detail). */
export const verifiedDocument = z.object({
  doc_type: documentType.schema,
  serial_no: z.string(),
  name_en: z.string(),
  name_hi: z.string().nullable(),
  programme: z.string().nullable(),
  exam: z.string().nullable(),
  /** Result, division or CGPA as a reader sees it: "PASS, First Division" / "PASS, CGPA 8.12". */
  result: z.string().nullable(),
  issued_at: z.string().nullable(),
  status: verificationStatus,
  /** DUPLICATE or REVISED, when printed. */
  marker: z.string().nullable(),
  /** SUPERSEDED: the serial of the document that replaced it. */
  superseded_by: z.string().nullable(),
});
export type VerifiedDocument = z.infer<typeof verifiedDocument>;

/**
 * Why a token is not genuine: MALFORMED (not a token), BAD_SIGNATURE (altered or forged), UNKNOWN_KEY (signed
 * by another key), MISMATCH (genuine signature, but not what the register holds).
 */
export const tokenProblem = z.enum(['MALFORMED', 'BAD_SIGNATURE', 'UNKNOWN_KEY', 'MISMATCH']);

/**
 * `GET /api/verify/{token}` (no sign-in): 200 with the document and `signature_valid: true` for a genuine
 * token of an ISSUED, SUPERSEDED or CANCELLED document; 200 with `document: null`, `signature_valid: false`
 * and the `reason` for a token that is not genuine (altered, forged, not a token); 404 for a genuine token
 * whose document is not issued (yet); 429 past the per-address limit.
 */
export const verificationAnswer = z.object({
  document: verifiedDocument.nullable(),
  signature_valid: z.boolean(),
  reason: tokenProblem.nullable(),
  message: z.string(),
});
export type VerificationAnswer = z.infer<typeof verificationAnswer>;

/** What the offline verifier (and the API on a bad token) reports. */
export const tokenCheck = z.object({
  signature_valid: z.boolean(),
  /** Why it failed: MALFORMED (not a token), BAD_SIGNATURE (altered or forged), UNKNOWN_KEY. */
  reason: tokenProblem.nullable(),
  claims: verificationClaims.nullable(),
});
export type TokenCheck = z.infer<typeof tokenCheck>;

/** The public key, as `GET /.well-known/document-signing-key?format=jwk` answers it. */
export const documentSigningJwk = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string(),
  kid: z.string(),
  use: z.literal('sig'),
  alg: z.literal('EdDSA'),
});

/** NAD data template columns (§5.2, JKKN's 24-column export; one row per student per subject). */
export const nadColumns = [
  'ORG_CODE',
  'ORG_NAME',
  'ORG_NAME_L',
  'ACADEMIC_COURSE_ID',
  'COURSE_NAME',
  'COURSE_NAME_L',
  'STREAM',
  'SESSION',
  'REGN_NO',
  'RROLL',
  'ABC_ID',
  'STUDENT_NAME',
  'STUDENT_NAME_L',
  'FATHER_NAME',
  'MOTHER_NAME',
  'DATE_OF_BIRTH',
  'GENDER',
  'SEMESTER',
  'INSTITUTION_NAME',
  'INSTITUTION_CODE',
  'EXAM_SESSION',
  'SUBJECT_CODE',
  'SUBJECT_NAME',
  'MAX_MARKS',
  'MARKS_OBTAINED',
  'GRADE',
  'CREDIT',
  'RESULT_STATUS',
  'TOTAL_MARKS',
  'TOTAL_MAX',
  'PERCENTAGE',
  'DIVISION',
  'SGPA',
  'CGPA',
  'RESULT',
  'RESULT_DATE',
  'DOC_SERIAL',
  'DOC_TYPE',
] as const;
export const nadExportQuery = z.object({
  exam_id: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: 'Required: exam_id' }).min(1, 'Required: exam_id').max(30),
  ),
});
