import { STATUS_CODES, type Server } from 'node:http';
import type { RequestHandler } from 'express';
import { AppError } from './errors.ts';

/** For `router.route(path).get(...).all(methodNotAllowed)`: answers 405 with the methods the path does support. */
export const methodNotAllowed: RequestHandler = (req) => {
  const methods = Object.keys((req.route as { methods?: Record<string, boolean> } | undefined)?.methods ?? {})
    .filter((m) => m !== '_all')
    .map((m) => m.toUpperCase());
  if (methods.includes('GET')) methods.push('HEAD');
  throw new AppError(405, `${req.method} is not supported here; use ${methods.join(', ')}.`, undefined, { Allow: methods.join(', ') });
};

/** API answers are about live data: never cached by browsers or proxies. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

/** Writes carry JSON; anything else is refused before it is parsed. */
export const jsonWrites: RequestHandler = (req, _res, next) => {
  const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
  if (['POST', 'PUT', 'PATCH'].includes(req.method) && hasBody && !req.is('application/json')) {
    throw new AppError(415, 'Send the request body as JSON (Content-Type: application/json).');
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
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const body = JSON.stringify({
      message: status === 431 ? 'The request address or its headers are too long.' : status === 408 ? 'The request took too long to arrive.' : 'The request is malformed.',
    });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
