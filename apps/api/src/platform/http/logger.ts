import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '@exam/settings/log';

// The JSON line logger every service shares (packages/settings/src/log.ts).
export { createLogger, type Logger } from '@exam/settings/log';

declare global {
  namespace Express {
    interface Request {
      id: string;
      log: Logger;
    }
  }
}

/**
 * An id we accept from a proxy: short, starting with a letter or digit, nothing that could confuse a log or a
 * query.
 */
const REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
/** A JSON Web Token: three base64url parts, the first a JSON header ("eyJ" is `{"` encoded). */
const TOKEN_LIKE = /^eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/**
 * The path as logged: an old `/Logout/{token}` link (served by the web app's index page) and any
 * token-shaped segment elsewhere are replaced, since a logged token is a usable credential.
 */
export function redactPath(path: string): string {
  const segments = path.split('/');
  return segments
    .map((segment, i) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // A broken escape is logged as it came.
      }
      const afterLogout = i > 0 && /^logout$/i.test(segments[i - 1]!) && segment !== '';
      return afterLogout || TOKEN_LIKE.test(decoded) ? '[redacted]' : segment;
    })
    .join('/');
}

/**
 * Gives each request an id, echoes it, and logs method, path, status and duration. An incoming
 * X-Request-Id is kept only from a trusted proxy (TRUST_PROXY) and only in a safe form: the id is
 * written into the audit trail, so a client must not choose it.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get('x-request-id');
    const fromTrustedProxy = (
      req.app.get('trust proxy fn') as (address: string | undefined, hop: number) => boolean
    )(req.socket.remoteAddress, 0);
    req.id = incoming && fromTrustedProxy && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.log = logger.child({ request_id: req.id });
    res.set('X-Request-Id', req.id);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const duration_ms = Number(process.hrtime.bigint() - started) / 1e6;
      // The path only (query strings may carry legacy ?token= values), with token-shaped parts redacted.
      req.log.info(
        {
          method: req.method,
          path: redactPath(req.originalUrl.split('?')[0]!),
          status: res.statusCode,
          duration_ms: Math.round(duration_ms * 10) / 10,
          user: res.locals.user?.id,
        },
        'request',
      );
    });
    next();
  };
}
