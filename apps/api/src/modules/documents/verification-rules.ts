import {
  msg,
  type DocumentPayload,
  type MarksheetPayload,
  type TokenCheck,
  type VerificationClaims,
  type VerifiedDocument,
} from '@exam/contracts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { documentNamed } from './draft-rules.ts';

/**
 * The decisions of `GET /api/verify/{token}` (ADR 0028) on what the signature check and the register say:
 * each answers a refusal, a verdict's sentence, or what the reader sees of the document; none reads the
 * database.
 */

/** Too many verifications from one address in the current minute: 429, with the seconds left. */
export function refuseTooMany(retryAfter: number | undefined) {
  if (!retryAfter) return undefined;
  return new AppError('RATE_LIMITED', msg('documents.tooManyVerifications', { seconds: retryAfter }), {
    headers: { 'Retry-After': String(retryAfter) },
  });
}

/** Why a token is not genuine, as the reader is told. */
export const notGenuineMessage = (reason: TokenCheck['reason']) =>
  reason === 'MALFORMED'
    ? msg('documents.notOurCode')
    : reason === 'UNKNOWN_KEY'
      ? msg('documents.unknownKey')
      : msg('documents.badSignature');

/** A document's row in the register, as a verification reads it. */
export interface RegisterEntry {
  doc_id: string;
  doc_type: string;
  serial_no: string | null;
  status: string;
  payload_hash: string;
  student_id: string;
  name_en: string | null;
  name_hi: string | null;
  issued_at: Date | null;
  marker: string | null;
  superseded_by_serial: string | null;
  /** The payload without its marks lines, legend and printing details. */
  payload: unknown;
}

/** Only a document issued once (ISSUED, SUPERSEDED, or CANCELLED after issue) can be verified. */
export const wasIssued = (row: RegisterEntry) =>
  row.status === 'ISSUED' ||
  row.status === 'SUPERSEDED' ||
  (row.status === 'CANCELLED' && row.issued_at !== null);

/** A genuine token of a document never issued, or of none on the register: 404. */
export const refuseNotIssued = (claims: VerificationClaims, row: RegisterEntry | undefined) =>
  notFound(
    row
      ? msg('documents.notIssuedYet', { serial_no: claims.sn })
      : msg('documents.notOnRegister', { serial_no: claims.sn }),
  );

/** A genuine signature whose claims the register does not hold (serial, hash, student or type differ). */
export const mismatches = (claims: VerificationClaims, row: RegisterEntry) =>
  row.serial_no !== claims.sn ||
  row.payload_hash !== claims.h ||
  row.student_id !== claims.st ||
  row.doc_type !== claims.t;

export const mismatchMessage = (claims: VerificationClaims) =>
  msg('documents.mismatch', { serial_no: claims.sn });

/** What a reader sees of the result: "PASS, First Division" / "PASS, SGPA 8.56, CGPA 8.12". */
export function resultLine(p: DocumentPayload): string | null {
  if (p.kind === 'MARKSHEET') {
    const t = (p as MarksheetPayload).totals;
    return [
      t.result.en,
      t.division?.en,
      t.sgpa ? `SGPA ${t.sgpa}` : null,
      t.cgpa ? `CGPA ${t.cgpa}` : null,
      t.percentage && !t.sgpa ? `${t.percentage} %` : null,
    ]
      .filter(Boolean)
      .join(', ');
  }
  if (p.kind === 'CONSOLIDATED_MARKSHEET' || p.kind === 'TRANSCRIPT')
    return [p.final.result.en, p.final.division?.en, p.final.cgpa ? `CGPA ${p.final.cgpa}` : null]
      .filter(Boolean)
      .join(', ');
  if (p.kind === 'PROVISIONAL_DEGREE' || p.kind === 'DEGREE')
    return [p.result.en, p.division?.en, p.cgpa ? `CGPA ${p.cgpa}` : null].filter(Boolean).join(', ');
  if (p.kind === 'MIGRATION') return p.last_exam_result?.en ?? null;
  return p.kind === 'CERTIFICATE' ? (p.award?.en ?? null) : null;
}

/** The exam (or exams) a document speaks of. */
export function examLine(p: DocumentPayload): string | null {
  if ('exam' in p && p.exam) return [p.exam.name.en, p.exam.cycle].filter(Boolean).join(', ');
  if (p.kind === 'CONSOLIDATED_MARKSHEET' || p.kind === 'TRANSCRIPT')
    return p.terms.map((t) => t.exam.name.en).join('; ') || null;
  if (p.kind === 'MIGRATION') return p.last_exam?.en ?? null;
  return null;
}

/** What the reader sees of a genuine document: no marks detail. */
export function verifiedDocument(row: RegisterEntry): VerifiedDocument {
  const payload = (
    typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload
  ) as DocumentPayload;
  return {
    doc_type: row.doc_type as VerifiedDocument['doc_type'],
    serial_no: row.serial_no!,
    name_en: row.name_en ?? payload.student.name.en,
    name_hi: row.name_hi,
    programme: 'programme' in payload && payload.programme ? payload.programme.name.en : null,
    exam: examLine(payload),
    result: resultLine(payload),
    issued_at: row.issued_at ? row.issued_at.toISOString() : null,
    status: row.status === 'ISSUED' ? 'VALID' : (row.status as 'SUPERSEDED' | 'CANCELLED'),
    marker: row.marker,
    superseded_by: row.superseded_by_serial,
  };
}

/** The verdict on a genuine document: VALID, SUPERSEDED (by the revision), or CANCELLED. */
export function verdictMessage(document: VerifiedDocument) {
  const named = documentNamed({ doc_type: document.doc_type, serial_no: document.serial_no });
  if (document.status === 'VALID')
    return msg('documents.verifiedValid', { document: named, name: document.name_en });
  if (document.status === 'SUPERSEDED')
    return document.superseded_by
      ? msg('documents.verifiedSupersededBy', { document: named, serial_no: document.superseded_by })
      : msg('documents.verifiedSuperseded', { document: named });
  return msg('documents.verifiedCancelled', { document: named });
}
