import { createHash } from 'node:crypto';
import { Router, type Request } from 'express';
import {
  documentType,
  type MarksheetPayload,
  type DocumentPayload,
  type VerificationAnswer,
  type VerifiedDocument,
} from '@exam/contracts';
import type { Database } from '@exam/db';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { createLogger } from '../../platform/http/logger.ts';
import type { LeanAnswer, LeanRoute } from '../../platform/http/lean-routes.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import { documentKeys, documentSettings } from './settings.ts';
import { publicJwkOf, publicPemOf, TOKEN_MAX, verifyToken } from './signing.ts';
import { q } from './sql.ts';

/**
 * What needs no sign-in (lifecycle-api Conventions): `GET /api/verify/{token}` and the public signing key at
 * `GET /.well-known/document-signing-key` (PEM; `?format=jwk` for a JWK set). Verification is limited per
 * address (VERIFY_MAX_PER_MINUTE, counted in this process: a fixed one-minute window) and every answer is
 * logged in verification_log with the token's SHA-256, never the token.
 */

/**
 * A fixed-window counter per address, in this process (replicas each count their own: the limit is per
 * replica).
 */
function perAddressLimit(perMinute: number) {
  const counts = new Map<string, { window: number; n: number }>();
  return (address: string): number | undefined => {
    const window = Math.floor(Date.now() / 60_000);
    if (counts.size > 50_000) for (const [k, v] of counts) if (v.window !== window) counts.delete(k);
    const entry = counts.get(address);
    if (!entry || entry.window !== window) {
      counts.set(address, { window, n: 1 });
      return undefined;
    }
    entry.n += 1;
    return entry.n > perMinute
      ? Math.max(1, Math.ceil(((window + 1) * 60_000 - Date.now()) / 1000))
      : undefined;
  };
}

/** What a reader sees of the result: "PASS, First Division" / "PASS, SGPA 8.56, CGPA 8.12". */
function resultLine(p: DocumentPayload): string | null {
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

function examLine(p: DocumentPayload): string | null {
  if ('exam' in p && p.exam) return [p.exam.name.en, p.exam.cycle].filter(Boolean).join(', ');
  if (p.kind === 'CONSOLIDATED_MARKSHEET' || p.kind === 'TRANSCRIPT')
    return p.terms.map((t) => t.exam.name.en).join('; ') || null;
  if (p.kind === 'MIGRATION') return p.last_exam?.en ?? null;
  return null;
}

interface VerificationLogRow {
  token_hash: string;
  doc_id: string | null;
  result: string;
  ip: string | null;
}

const logProblems = createLogger('warn', { module: 'documents' });

/**
 * verification_log rows written in batches: at most every 200 ms or 500 rows, one INSERT of them all. A crash
 * loses at most the last fraction of a second of the log, never an answer; a failed write is reported in the
 * server log.
 */
export function verificationLogWriter(db: Pick<Database, 'query'>, flushMs = 200, maxRows = 500) {
  let pending: VerificationLogRow[] = [];
  let timer: NodeJS.Timeout | null = null;
  let written: Promise<void> = Promise.resolve();
  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    const rows = pending;
    pending = [];
    if (!rows.length) return written;
    const col = <K extends keyof VerificationLogRow>(k: K) => rows.map((r) => r[k]);
    written = written.then(() =>
      db
        .query(
          `INSERT INTO verification_log (token_hash, doc_id, result, ip) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])`,
          [col('token_hash'), col('doc_id'), col('result'), col('ip')],
        )
        .then(
          () => undefined,
          (error: Error) =>
            logProblems.warn({ err: error.message, rows: rows.length }, 'verification log rows not written'),
        ),
    );
    return written;
  };
  return {
    add(row: VerificationLogRow) {
      pending.push(row);
      if (pending.length >= maxRows) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), flushMs);
        timer.unref();
      }
    },
    flush,
  };
}

/**
 * The answer to `GET /api/verify/{token}` (ADR 0028): signature first (public keys only), then the register.
 * Served by the lean route (no framework stack) and by the ordinary route (other methods, cross-origin
 * calls): one answer.
 */
export function documentVerification(db: Database): LeanRoute {
  const limited = perAddressLimit(documentSettings(db).verifyPerMinute);
  const logWriter = verificationLogWriter(db);
  // Logged after the answer, in batches: a row per verification written on the request path halved the
  // throughput (bench: 0.28–0.40 of a bare verifier, 0.72 when that verifier wrote the same row).
  const log = (token: string, docId: string | null, result: string, req: Request) =>
    logWriter.add({
      token_hash: createHash('sha256').update(token).digest('hex'),
      doc_id: docId,
      result,
      ip: (req.ip ?? '').slice(0, 64) || null,
    });

  const answer = async (parameter: string, req: Request): Promise<LeanAnswer> => {
    const retry = limited(req.ip ?? 'unknown');
    if (retry) {
      throw new AppError(
        'RATE_LIMITED',
        `Too many verifications from your address; try again in ${retry} seconds.`,
        { headers: { 'Retry-After': String(retry) } },
      );
    }
    const token = parameter.slice(0, TOKEN_MAX + 1);
    const { verifying } = await documentKeys(db, undefined, { create: false });
    const check = verifyToken(token, verifying);
    if (!check.signature_valid) {
      log(token, null, check.reason ?? 'BAD_SIGNATURE', req);
      const message =
        check.reason === 'MALFORMED'
          ? 'This is not a document verification code of this university.'
          : check.reason === 'UNKNOWN_KEY'
            ? "NOT GENUINE: this code is not signed with the university's key (forged)."
            : 'NOT GENUINE: the signature does not match: the code was altered or forged.';
      return {
        status: 200,
        body: {
          document: null,
          signature_valid: false,
          reason: check.reason,
          message,
        } satisfies VerificationAnswer,
      };
    }
    const claims = check.claims!;
    // Only what the answer reads of the frozen payload: the marks lines, the legend and the printing details
    // stay in the database (a marksheet's 6 kB of JSON becomes ~1.3 kB to send and parse per verification).
    const [row] = await q<{
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
      payload: unknown;
    }>(
      db,
      `SELECT d.doc_id, d.doc_type, d.serial_no, d.status, d.payload_hash, d.student_id, d.name_en, d.name_hi, d.issued_at, d.marker, n.serial_no AS superseded_by_serial,
              d.payload - '{lines,legend,basis,university,signatories,title}'::text[] AS payload
         FROM document d LEFT JOIN document n ON n.doc_id = d.superseded_by WHERE d.doc_id = $1`,
      [claims.id],
    );
    const issuedOnce =
      row &&
      (row.status === 'ISSUED' ||
        row.status === 'SUPERSEDED' ||
        (row.status === 'CANCELLED' && row.issued_at !== null));
    if (!row || !issuedOnce) {
      log(token, row?.doc_id ?? null, 'NOT_ISSUED', req);
      throw notFound(
        row
          ? `Document ${claims.sn} is not issued (yet): it cannot be verified.`
          : `No document ${claims.sn} is on the university's register.`,
      );
    }
    if (
      row.serial_no !== claims.sn ||
      row.payload_hash !== claims.h ||
      row.student_id !== claims.st ||
      row.doc_type !== claims.t
    ) {
      log(token, row.doc_id, 'MISMATCH', req);
      return {
        status: 200,
        body: {
          document: null,
          signature_valid: true,
          reason: 'MISMATCH',
          message: `NOT GENUINE: the code does not match document ${claims.sn} as the register holds it.`,
        } satisfies VerificationAnswer,
      };
    }
    const payload = (
      typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload
    ) as DocumentPayload;
    const status = row.status === 'ISSUED' ? 'VALID' : (row.status as 'SUPERSEDED' | 'CANCELLED');
    const document: VerifiedDocument = {
      doc_type: row.doc_type as VerifiedDocument['doc_type'],
      serial_no: row.serial_no!,
      name_en: row.name_en ?? payload.student.name.en,
      name_hi: row.name_hi,
      programme: 'programme' in payload && payload.programme ? payload.programme.name.en : null,
      exam: examLine(payload),
      result: resultLine(payload),
      issued_at: row.issued_at ? row.issued_at.toISOString() : null,
      status,
      marker: row.marker,
      superseded_by: row.superseded_by_serial,
    };
    log(token, row.doc_id, status, req);
    const what = `${documentType.labelOf(row.doc_type)} ${row.serial_no}`;
    const message =
      status === 'VALID'
        ? `VALID: ${what} was issued by the university to ${document.name_en}.`
        : status === 'SUPERSEDED'
          ? `SUPERSEDED: ${what} was replaced by a revised document${row.superseded_by_serial ? ` (${row.superseded_by_serial})` : ''}; it is no longer valid.`
          : `CANCELLED: ${what} was cancelled by the university; it is not valid.`;
    return {
      status: 200,
      body: { document, signature_valid: true, reason: null, message } satisfies VerificationAnswer,
    };
  };
  return { prefix: '/api/verify/', answer };
}

/**
 * The ordinary route of the same answer: what the lean route leaves to the full stack (other methods, CORS).
 */
export function documentPublicRoutes(verification: LeanRoute) {
  const router = Router();
  router
    .route('/verify/:token')
    .get(async (req, res) => {
      const { status, body } = await verification.answer(String(req.params.token ?? ''), req);
      res.status(status).json(body);
    })
    .all(methodNotAllowed);
  return router;
}

/**
 * `GET /.well-known/document-signing-key`: the public key(s) (PEM, or `?format=jwk` a JWK set); no sign-in.
 */
export function signingKeyRoutes(db: Database) {
  const router = Router();
  router
    .route('/document-signing-key')
    .get(async (req, res) => {
      const { signing, verifying } = await documentKeys(db);
      res.set('Cache-Control', 'public, max-age=300');
      if (req.query.format === 'jwk') {
        res.json({
          keys: [
            publicJwkOf(signing.publicKey),
            ...[...verifying.entries()].filter(([kid]) => kid !== signing.kid).map(([, k]) => publicJwkOf(k)),
          ],
        });
        return;
      }
      res.type('application/x-pem-file').send(publicPemOf(signing.publicKey));
    })
    .all(methodNotAllowed);
  return router;
}
