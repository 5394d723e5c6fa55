import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import {
  VALIDATION_MESSAGE,
  codeForStatus,
  errorCodes,
  fieldErrors,
  type ErrorBody,
  type ErrorCode,
} from '@exam/contracts';
import type { z } from 'zod';

/**
 * An error whose message is meant for the client, with its stable code (the API's catalogue, so the web app
 * reads both services alike); anything else becomes a generic 500.
 */
export class HttpError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: ErrorBody['errors'],
  ) {
    super(message);
    this.status = errorCodes[code].status;
  }
}

const answer = (code: ErrorCode, message: string, errors?: ErrorBody['errors']): ErrorBody =>
  errors ? { message, code, errors } : { message, code };

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
    // A part that is a single value (the id) is named by itself; an object's issues already carry field
    // paths.
    else
      for (const [field, messages] of Object.entries(fieldErrors(result.error)))
        errors[field === '_' ? part : field] = messages;
  }
  if (Object.keys(errors).length) throw new HttpError('VALIDATION_FAILED', VALIDATION_MESSAGE, errors);
  return out as { [K in keyof S]: z.output<S[K]> };
}

export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

/** Writes must say they send JSON; otherwise the body would silently be read as empty. */
export const requireJson: RequestHandler = (req, _res, next) => {
  if (!req.is('application/json'))
    throw new HttpError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json');
  next();
};

export const methodNotAllowed =
  (...allowed: string[]): RequestHandler =>
  (req, res) => {
    res.set('Allow', allowed.join(', '));
    res.status(405).json(answer('METHOD_NOT_ALLOWED', `Method ${req.method} is not allowed here`));
  };

export const notFound: RequestHandler = (_req, res) => {
  res.status(404).json(answer('NOT_FOUND', 'Not found'));
};

/** body-parser marks its own client errors with `type` and a 4xx `status`. */
const parserErrors: Record<string, { code: ErrorCode; message: string }> = {
  'entity.parse.failed': { code: 'MALFORMED_REQUEST', message: 'Malformed JSON in request body' },
  'entity.too.large': { code: 'PAYLOAD_TOO_LARGE', message: 'Request body too large' },
};

/**
 * One line about a failed request. Never a body, a value, a query or a token: the request id finds the rest.
 */
export interface FailureLog {
  request_id: string;
  status: number;
  /** A PostgreSQL SQLSTATE or the error's class name: says what kind of failure without any data in it. */
  cause: string;
}

export type Log = (entry: FailureLog) => void;

export const logJsonLine: Log = (entry) => {
  const line = {
    time: new Date().toISOString(),
    level: 'error',
    msg: 'request failed',
    service: 'student-demo',
    ...entry,
  };
  process.stderr.write(`${JSON.stringify(line)}\n`);
};

/**
 * Every answer names its request (X-Request-Id), so a user can report a failure that the log holds under that
 * id.
 */
export const requestId: RequestHandler = (_req, res, next) => {
  res.locals.requestId = randomUUID();
  res.set('X-Request-Id', res.locals.requestId);
  next();
};

declare global {
  namespace Express {
    interface Locals {
      requestId?: string;
    }
  }
}

const causeOf = (error: unknown): string => {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return `sqlstate ${code}`;
  return error instanceof Error ? error.constructor.name : typeof error;
};

export function errorHandler(log: Log): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    if (error instanceof HttpError) {
      res.status(error.status).json(answer(error.code, error.message, error.errors));
      return;
    }
    // Express could not decode a %-escape in the path: no such record can exist.
    if (error instanceof URIError) {
      res.status(404).json(answer('NOT_FOUND', 'Not found'));
      return;
    }
    const parser = error as { type?: unknown; status?: unknown };
    if (
      typeof parser.type === 'string' &&
      typeof parser.status === 'number' &&
      parser.status >= 400 &&
      parser.status < 500
    ) {
      const known = parserErrors[parser.type];
      res
        .status(parser.status)
        .json(answer(known?.code ?? codeForStatus(parser.status), known?.message ?? 'Bad request'));
      return;
    }
    log({ request_id: res.locals.requestId ?? '-', status: 500, cause: causeOf(error) });
    // A failure mid-answer can only cut the connection (Express's own handler would also print the error).
    if (res.headersSent) return void res.destroy();
    res
      .status(500)
      .json(
        answer(
          'INTERNAL',
          `Something went wrong; please try again later (request ${res.locals.requestId ?? '-'})`,
        ),
      );
  };
}
