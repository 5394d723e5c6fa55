import { STATUS_CODES, type Server } from 'node:http';
import type { RequestHandler } from 'express';
import { msg } from '@exam/contracts';
import { AppError } from './errors.ts';

/**
 * For `router.route(path).get(...).all(methodNotAllowed)`: answers 405 with the methods the path does
 * support.
 */
/** A path id that is not a UUID names no job or file: callers answer 404 without asking the database. */
export const isUuid = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export const methodNotAllowed: RequestHandler = (req) => {
  const methods = Object.keys((req.route as { methods?: Record<string, boolean> } | undefined)?.methods ?? {})
    .filter((m) => m !== '_all')
    .map((m) => m.toUpperCase());
  if (methods.includes('GET')) methods.push('HEAD');
  throw new AppError(
    'METHOD_NOT_ALLOWED',
    msg('platform.methodNotAllowed', { method: req.method, allowed: methods.join(', ') }),
    { headers: { Allow: methods.join(', ') } },
  );
};

/** API answers are about live data: never cached by browsers or proxies. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

/**
 * Paths (under /api) whose writes carry a file as multipart/form-data: the imports of platform/files, a
 * student's photo and signature.
 */
export const FILE_UPLOADS = /^\/(import\/[^/]+|student\/[^/]+\/(photo|signature))\/?$/;

/**
 * Writes carry JSON (an import its file, as multipart/form-data); anything else is refused before it is
 * parsed.
 */
export const jsonWrites: RequestHandler = (req, _res, next) => {
  const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
  const upload = req.method === 'POST' && FILE_UPLOADS.test(req.path) && req.is('multipart/form-data');
  if (['POST', 'PUT', 'PATCH'].includes(req.method) && hasBody && !req.is('application/json') && !upload) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', msg('platform.sendJson'));
  }
  next();
};

/**
 * Requests Node's HTTP parser refuses before Express sees them (an address or headers over the
 * 16 KB limit, a broken request line) get a JSON message like every other error, not an empty body.
 */
export function answerClientErrorsAsJson(server: Server) {
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    // The headers may be what is wrong: the answer is in English (no Accept-Language is read).
    const refusal =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? new AppError('PAYLOAD_TOO_LARGE', msg('platform.headersTooLong'), { status: 431 })
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? new AppError('TIMED_OUT', msg('platform.requestTooSlow'), { status: 408 })
          : new AppError('MALFORMED_REQUEST', msg('platform.malformedRequest'));
    const { status } = refusal;
    const body = JSON.stringify(refusal.body);
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; ` +
        `charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
