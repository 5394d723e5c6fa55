import { createHash } from 'node:crypto';
import { Router, type Request } from 'express';
import type { VerificationAnswer } from '@exam/contracts';
import type { Database } from '@exam/db';
import { createLogger } from '../../platform/http/logger.ts';
import type { LeanAnswer, LeanRoute } from '../../platform/http/lean-routes.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import { notice } from '../../platform/i18n/messages.ts';
import { documentKeys, documentSettings } from './settings.ts';
import { publicJwkOf, publicPemOf, TOKEN_MAX, verifyToken } from './signing.ts';
import {
  mismatches,
  mismatchMessage,
  notGenuineMessage,
  refuseNotIssued,
  refuseTooMany,
  verdictMessage,
  verifiedDocument,
  wasIssued,
} from './verification-rules.ts';
import { insertVerificationLog, registerEntryOf, type VerificationLogRow } from './verification-store.ts';

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
    written = written.then(() =>
      insertVerificationLog(db, rows).then(
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

/** The verification answer: what the token is, and its sentence (with its code and parameters). */
const answered = (
  body: Omit<VerificationAnswer, 'message'>,
  sentence: ReturnType<typeof notice>,
): VerificationAnswer & Omit<ReturnType<typeof notice>, 'message'> => ({ ...body, ...sentence });

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
    const refusal = refuseTooMany(limited(req.ip ?? 'unknown'));
    if (refusal) throw refusal;
    const token = parameter.slice(0, TOKEN_MAX + 1);
    const { verifying } = await documentKeys(db, undefined, { create: false });
    const check = verifyToken(token, verifying);
    if (!check.signature_valid) {
      log(token, null, check.reason ?? 'BAD_SIGNATURE', req);
      const body = { document: null, signature_valid: false, reason: check.reason };
      return { status: 200, body: answered(body, notice(req, notGenuineMessage(check.reason))) };
    }
    const claims = check.claims!;
    const row = await registerEntryOf(db, claims.id);
    if (!row || !wasIssued(row)) {
      log(token, row?.doc_id ?? null, 'NOT_ISSUED', req);
      throw refuseNotIssued(claims, row);
    }
    if (mismatches(claims, row)) {
      log(token, row.doc_id, 'MISMATCH', req);
      const body = { document: null, signature_valid: true, reason: 'MISMATCH' as const };
      return { status: 200, body: answered(body, notice(req, mismatchMessage(claims))) };
    }
    const document = verifiedDocument(row);
    log(token, row.doc_id, document.status, req);
    const body = { document, signature_valid: true, reason: null };
    return { status: 200, body: answered(body, notice(req, verdictMessage(document))) };
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
