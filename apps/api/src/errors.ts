import type { ErrorRequestHandler, RequestHandler } from 'express';
import { VALIDATION_MESSAGE, fieldErrors } from '@exam/contracts';
import { z } from 'zod';

/** An error a client can act on: its status and message go to the client as they are. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const unauthorized = (message = 'Your session has expired or is invalid; please sign in again.') => new AppError(401, message);
export const forbidden = (message = 'Your role may not do this.') => new AppError(403, message);
export const invalid = (errors: Record<string, string[]>) => new AppError(422, VALIDATION_MESSAGE, errors);

/** Parses with a contract schema; a failure becomes a 422 naming every failing field. */
export function parseOr422<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(fieldErrors(result.error));
  const nul = nulCharacters(result.data);
  if (Object.keys(nul).length) throw invalid(nul);
  return result.data;
}

/** PostgreSQL text cannot hold U+0000 (it answered 500): a value carrying one is refused like any other bad value. */
function nulCharacters(value: unknown, path: string[] = [], out: Record<string, string[]> = {}) {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) (out[path.join('.') || '_'] ??= []).push('Must not contain the NUL character (\\u0000)');
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) nulCharacters(inner, [...path, key], out);
  }
  return out;
}

/** Prisma 7 with driver adapters reports constraint violations by code only (no meta.target). */
export function prismaCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^P\d{4}$/.test(code) ? code : undefined;
}

function isDatabaseUnavailable(error: unknown): boolean {
  const text = `${(error as { code?: unknown })?.code ?? ''} ${(error as Error)?.message ?? ''}`;
  return /ECONNREFUSED|ECONNRESET|ETIMEDOUT|timeout exceeded when trying to connect|Connection terminated|DatabaseNotReachable|P1001|P1002|P1017|57P01|53300/i.test(text);
}

export const apiNotFound: RequestHandler = (req) => {
  throw notFound(`No such API call: ${req.method} ${req.originalUrl.split('?')[0]}`);
};

/** The one error handler: operational errors are shown, anything else is logged and hidden. */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  let status = 500;
  let body: { message: string; errors?: Record<string, string[]> } = {
    message: 'Something went wrong on the server. It has been logged; please try again.',
  };
  if (error instanceof AppError) {
    status = error.status;
    body = error.errors ? { message: error.message, errors: error.errors } : { message: error.message };
    if (error.headers) res.set(error.headers);
  } else if (error instanceof z.ZodError) {
    status = 422;
    body = { message: VALIDATION_MESSAGE, errors: fieldErrors(error) };
  } else if ((error as { type?: string })?.type === 'entity.parse.failed') {
    status = 400;
    body = { message: 'The request body is not valid JSON.' };
  } else if ((error as { type?: string })?.type === 'entity.too.large') {
    status = 413;
    body = { message: 'The request body is too large.' };
  } else if ((error as { type?: string })?.type === 'encoding.unsupported' || (error as { type?: string })?.type === 'charset.unsupported') {
    status = 415;
    body = { message: 'Send the request body as UTF-8 JSON.' };
  } else if (error instanceof URIError || (error as { status?: number })?.status === 400) {
    // Express could not decode a path parameter (a broken %-escape).
    status = 400;
    body = { message: 'The request address is malformed (a broken %-escape).' };
  } else if ((error as { status?: number })?.status === 404) {
    // A static file that is not there (a stale asset link after an upgrade).
    status = 404;
    body = { message: 'Not found.' };
  } else if (prismaCode(error) === 'P2002') {
    status = 409;
    body = { message: 'A record with this key already exists.' };
  } else if (prismaCode(error) === 'P2003') {
    status = 409;
    body = { message: 'Other records depend on this one, or a record it points at is missing.' };
  } else if (prismaCode(error) === 'P2025') {
    status = 404;
    body = { message: 'The record does not exist.' };
  } else if (isDatabaseUnavailable(error)) {
    status = 503;
    // A connection lost during a write may have lost only the answer to a COMMIT: say so, rather than "nothing changed".
    body = {
      message: ['GET', 'HEAD'].includes(req.method)
        ? 'The database is not reachable right now; please try again in a minute.'
        : 'The database is not reachable right now; please try again in a minute. If you were saving a change, reload first to see whether it was saved.',
    };
    res.set('Retry-After', '10');
  }
  if (status >= 500) req.log?.error({ err: serializeError(error), status }, 'request failed');
  res.status(status).json(body);
};

export function serializeError(error: unknown) {
  if (error instanceof Error) return { name: error.name, message: error.message, code: (error as { code?: unknown }).code, stack: error.stack };
  return { message: String(error) };
}
