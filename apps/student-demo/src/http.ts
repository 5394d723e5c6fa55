import type { ErrorRequestHandler, RequestHandler } from 'express';
import { VALIDATION_MESSAGE, fieldErrors, type ErrorBody } from '@exam/contracts';
import type { z } from 'zod';

/** An error whose message is meant for the client; anything else becomes a generic 500. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: ErrorBody['errors'],
  ) {
    super(message);
  }
}

/** Parses every part of the input and reports all failing fields together, not just the first part's. */
export function parseAll<const S extends Record<string, z.ZodType>>(
  schemas: S,
  input: { [K in keyof S]: unknown },
): { [K in keyof S]: z.output<S[K]> } {
  const out: Record<string, unknown> = {};
  const errors: Record<string, string[]> = {};
  for (const [part, schema] of Object.entries(schemas)) {
    const result = schema.safeParse(input[part]);
    if (result.success) out[part] = result.data;
    // A part that is a single value (the id) is named by itself; an object's issues already carry field paths.
    else for (const [field, messages] of Object.entries(fieldErrors(result.error))) errors[field === '_' ? part : field] = messages;
  }
  if (Object.keys(errors).length) throw new HttpError(422, VALIDATION_MESSAGE, errors);
  return out as { [K in keyof S]: z.output<S[K]> };
}

export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

/** Writes must say they send JSON; otherwise the body would silently be read as empty. */
export const requireJson: RequestHandler = (req, _res, next) => {
  if (!req.is('application/json')) throw new HttpError(415, 'Send the body as application/json');
  next();
};

export const methodNotAllowed =
  (...allowed: string[]): RequestHandler =>
  (req, res) => {
    res.set('Allow', allowed.join(', '));
    res.status(405).json({ message: `Method ${req.method} is not allowed here` });
  };

export const notFound: RequestHandler = (_req, res) => {
  res.status(404).json({ message: 'Not found' });
};

/** body-parser marks its own client errors with `type` and a 4xx `status`. */
const parserMessages: Record<string, string> = {
  'entity.parse.failed': 'Malformed JSON in request body',
  'entity.too.large': 'Request body too large',
};

export function errorHandler(log: (message: string, error: unknown) => void): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (error instanceof HttpError) {
      res.status(error.status).json({ message: error.message, ...(error.errors && { errors: error.errors }) });
      return;
    }
    const parser = error as { type?: unknown; status?: unknown };
    if (typeof parser.type === 'string' && typeof parser.status === 'number' && parser.status >= 400 && parser.status < 500) {
      res.status(parser.status).json({ message: parserMessages[parser.type] ?? 'Bad request' });
      return;
    }
    log(`${req.method} ${req.originalUrl} failed`, error);
    // Mid-answer failures go to Express's own handler, which closes the connection.
    if (res.headersSent) return next(error);
    res.status(500).json({ message: 'Something went wrong; please try again later' });
  };
}
