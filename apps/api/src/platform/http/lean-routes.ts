import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { errorAnswer, serializeError } from './errors.ts';
import type { Logger } from './logger.ts';
import { languageOf } from '../i18n/messages.ts';

/**
 * The headers a middleware sets when every answer gets the same ones (helmet's: nothing in them depends on
 * the request), read once by running it against a recording response. The app then sets them in one pass
 * instead of through helmet's eleven middlewares on every request, and a lean route sends exactly the same
 * set.
 */
export function staticHeadersOf(middleware: RequestHandler): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  let called = false;
  middleware({ method: 'GET', headers: {}, url: '/' } as Request, recorder as never, () => {
    called = true;
  });
  // A middleware that answers asynchronously or varies per request cannot be read this way.
  if (!called) throw new Error('staticHeadersOf: the middleware did not call next() synchronously');
  return [...headers];
}

/** Sets headers read by `staticHeadersOf` on every answer. */
export const setStaticHeaders =
  (headers: ReadonlyArray<readonly [string, string]>): RequestHandler =>
  (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };

/** What a lean route answers: a status and a JSON body (an AppError thrown instead answers its own). */
export interface LeanAnswer {
  status: number;
  body: unknown;
}

/**
 * A public `GET` answered before the generic stack (body parsers, routers, per-request child loggers): for
 * calls a stranger may make thousands of times a minute (`GET /api/verify/{token}`, lifecycle-api Documents).
 * It answers with the app's security headers and `Cache-Control: no-store`, gives the request an id and
 * writes the same request log line as every other call. A request it does not take (another method, a
 * browser's cross-origin call that needs the CORS handling, a path with more segments) goes on to the full
 * stack, where the module's ordinary route serves it.
 */
export interface LeanRoute {
  /** The path up to the one parameter, e.g. `/api/verify/`. */
  prefix: string;
  answer: (parameter: string, req: Request) => Promise<LeanAnswer>;
}

export function leanRoutes(
  routes: readonly LeanRoute[],
  headers: ReadonlyArray<readonly [string, string]>,
  logger: Logger,
  database: { liveConnections(): number },
): RequestHandler {
  const fixed: Record<string, string> = Object.fromEntries([
    ...headers,
    ['cache-control', 'no-store'],
    ['content-type', 'application/json; charset=utf-8'],
  ]);
  const send = (
    res: ServerResponse,
    status: number,
    body: unknown,
    requestId: string,
    extra?: Record<string, string>,
  ) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      ...fixed,
      ...extra,
      'content-length': Buffer.byteLength(text),
      'x-request-id': requestId,
    });
    res.end(text);
  };
  return (req, res, next) => {
    if (req.method !== 'GET' || req.headers.origin !== undefined) return next();
    const url = req.url;
    const route = routes.find((r) => url.startsWith(r.prefix));
    if (!route) return next();
    const query = url.indexOf('?');
    const raw = url.slice(route.prefix.length, query < 0 ? undefined : query);
    if (raw === '' || raw.includes('/')) return next();
    let parameter: string;
    try {
      parameter = decodeURIComponent(raw);
    } catch {
      return next();
    }
    const started = process.hrtime.bigint();
    const requestId = randomUUID();
    const logged = (status: number) =>
      logger.info(
        {
          request_id: requestId,
          method: 'GET',
          path: route.prefix + '…',
          status,
          duration_ms: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10,
        },
        'request',
      );
    route.answer(parameter, req).then(
      ({ status, body }) => {
        send(res, status, body, requestId);
        logged(status);
      },
      (error: unknown) => {
        // The app's one converter: a database outage answers 503 with Retry-After here as on every other
        // call.
        const answer = errorAnswer(error, 'GET', database);
        if (answer.status >= 500)
          logger.error(
            { request_id: requestId, err: serializeError(error), status: answer.status },
            'request failed',
          );
        send(res, answer.status, answer.bodyIn(languageOf(req)), requestId, answer.headers);
        logged(answer.status);
      },
    );
  };
}
