import type { ErrorRequestHandler, RequestHandler } from 'express';
import {
  errorCodes,
  fieldMessages,
  isMessage,
  msg,
  plainParams,
  renderEnglish,
  label,
  type ErrorBody,
  type ErrorCode,
  type Language,
  type Message,
} from '@exam/contracts';
import { z } from 'zod';
import { languageOf, renderMessage } from '../i18n/messages.ts';

/**
 * A message, or (until every refusal has its code) a sentence: shown as it is, translated like a screen text.
 */
export type MessageOrText = Message | string;
export const asMessage = (message: MessageOrText): Message =>
  typeof message === 'string' ? msg('platform.text', { text: label(message) }) : message;

/** Field name -> its errors: what a rule finds wrong with a record (or an imported row). */
export type FieldErrors = Record<string, MessageOrText[]>;

/** Field errors as sentences in a language (an import report's row). */
export const renderFieldErrors = (errors: FieldErrors, language: Language = 'en'): Record<string, string[]> =>
  Object.fromEntries(
    Object.entries(errors).map(([field, list]) => [
      field,
      list.map((m) => renderMessage(asMessage(m), language)),
    ]),
  );

export interface AppErrorOptions {
  /** On VALIDATION_FAILED: field -> messages. */
  errors?: Record<string, readonly MessageOrText[]>;
  headers?: Record<string, string>;
  /** Only where the code's own status does not fit (TIMED_OUT of a request that arrived too slowly: 408). */
  status?: number;
}

/**
 * An error a client can act on: its code and status, and its message as a code with parameters, rendered in
 * the reader's language when it is answered (`bodyIn`). `message` (of Error) is the English sentence, for
 * logs.
 */
export class AppError extends Error {
  readonly status: number;
  readonly reason: Message;
  readonly errors?: Record<string, Message[]>;
  readonly headers?: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: MessageOrText,
    options: AppErrorOptions = {},
  ) {
    const reason = asMessage(message);
    super(typeof message === 'string' ? message : renderEnglish(reason));
    this.reason = reason;
    this.status = options.status ?? errorCodes[code].status;
    this.errors = options.errors
      ? Object.fromEntries(
          Object.entries(options.errors).map(([field, list]) => [field, list.map(asMessage)]),
        )
      : undefined;
    this.headers = options.headers;
  }

  /** The answer's body in a language: the sentences, and the codes and parameters they were made from. */
  bodyIn(language: Language): ErrorBody {
    const params = plainParams(this.reason.params);
    const body: ErrorBody = {
      message: renderMessage(this.reason, language),
      code: this.code,
      message_code: this.reason.code,
      ...(params ? { params } : {}),
    };
    if (!this.errors) return body;
    const fields = Object.entries(this.errors);
    return {
      ...body,
      errors: Object.fromEntries(fields.map(([f, list]) => [f, list.map((m) => renderMessage(m, language))])),
      error_codes: Object.fromEntries(
        fields.map(([f, list]) => [
          f,
          list.map((m) => ({ code: m.code, ...(m.params ? { params: plainParams(m.params) } : {}) })),
        ]),
      ),
    };
  }

  /** The body in English. */
  get body(): ErrorBody {
    return this.bodyIn('en');
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
export { isMessage };

export const notFound = (message: MessageOrText) => new AppError('NOT_FOUND', message);
export const duplicateKey = (message: MessageOrText) => new AppError('DUPLICATE_KEY', message);
export const inUse = (message: MessageOrText) => new AppError('IN_USE', message);
export const staleEdit = (message: MessageOrText) => new AppError('STALE_EDIT', message);
export const unauthorized = (message: MessageOrText = msg('platform.sessionInvalid')) =>
  new AppError('UNAUTHENTICATED', message);
export const forbidden = (message: MessageOrText = msg('platform.roleMayNot')) =>
  new AppError('FORBIDDEN', message);
export const invalid = (errors: Record<string, readonly MessageOrText[]>) =>
  new AppError('VALIDATION_FAILED', msg('platform.invalidData'), { errors });

/** Parses with a contract schema; a failure becomes a 422 naming every failing field. */
export function parseOr422<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(fieldMessages(result.error));
  const nul = nulCharacters(result.data);
  if (Object.keys(nul).length) throw invalid(nul);
  return result.data;
}

/**
 * PostgreSQL text cannot hold U+0000 (it answered 500): a value carrying one is refused like any other bad
 * value.
 */
function nulCharacters(value: unknown, path: string[] = [], out: Record<string, Message[]> = {}) {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) (out[path.join('.') || '_'] ??= []).push(msg('platform.nulCharacter'));
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

const errorText = (error: unknown) =>
  `${(error as { code?: unknown })?.code ?? ''} ${(error as Error)?.message ?? ''}`;

/**
 * Every code an error carries, along its causes: its own `code` (a SQLSTATE from pg, a Prisma `P…` code, a
 * Node socket code), Prisma's `errorCode` (initialisation errors), and the driver adapter's original SQLSTATE
 * and kind (`meta.driverAdapterError.cause`: what a Prisma P2039 "Database error" wraps).
 */
function errorCodesOf(error: unknown, depth = 0): string[] {
  if (!error || typeof error !== 'object' || depth > 4) return [];
  const e = error as {
    code?: unknown;
    errorCode?: unknown;
    cause?: unknown;
    meta?: { driverAdapterError?: { cause?: { originalCode?: unknown; code?: unknown; kind?: unknown } } };
  };
  const adapter = e.meta?.driverAdapterError?.cause;
  return [
    e.code,
    e.errorCode,
    adapter?.originalCode,
    adapter?.code,
    adapter?.kind,
    ...errorCodesOf(e.cause, depth + 1),
  ].filter((c): c is string => typeof c === 'string');
}

/** The messages of an error and its causes, in one line. */
function messagesOf(error: unknown, depth = 0): string {
  if (!error || typeof error !== 'object' || depth > 4) return '';
  return `${(error as Error).message ?? ''} ${messagesOf((error as { cause?: unknown }).cause, depth + 1)}`;
}

/**
 * No connection came in time: pg's pool waited DB_CONNECT_TIMEOUT_MS for a free one, a new one took that long
 * to open, or Prisma could not start a transaction within its maxWait (P2028). Busy or unreachable: the
 * caller asks the pool whether any connection is open.
 */
const CONNECTION_WAIT = new RegExp(
  [
    'timeout exceeded when trying to connect',
    'Connection terminated due to connection timeout',
    'Unable to start a transaction in the given time',
  ].join('|'),
);
const isConnectionWait = (error: unknown) => CONNECTION_WAIT.test(errorText(error));

/**
 * The server said it is stopping or starting (a restart): SQLSTATE 57P01 admin shutdown, 57P02 crash
 * shutdown, 57P03 cannot connect now ("the database system is shutting down / starting up / in recovery
 * mode").
 */
const restartingCodes = new Set(['57P01', '57P02', '57P03']);
const restartingText = new RegExp(
  [
    'terminating connection due to administrator command',
    'the database system is (shutting down|starting up|in recovery mode|not yet accepting connections)',
  ].join('|'),
  'i',
);

/**
 * The database cannot be reached: SQLSTATE class 08 (connection exception: 08000, 08001 cannot connect,
 * 08003, 08004, 08006 connection failure), 53300 too many connections; Prisma's P1001 can't reach, P1002
 * timed out reaching, P1008 socket timeout, P1017 server closed the connection, P2037 too many connections;
 * the adapter's kinds of those; Node's socket errors (the server's name does not resolve while its container
 * restarts: ENOTFOUND, EAI_AGAIN); and pg's and Prisma's words for the same.
 */
const unreachableCodes = new Set([
  '53300',
  'P1001',
  'P1002',
  'P1008',
  'P1017',
  'P2037',
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);
const unreachableText = new RegExp(
  [
    ...[...unreachableCodes].filter((c) => /^E[A-Z_]+$/.test(c)),
    'Connection terminated',
    "Can't reach database server",
    'Server has closed the connection',
    'Client has encountered a connection error',
    'Connection is closed',
    'connection timeout expired',
  ].join('|'),
  'i',
);

/** Whether an error means the database restarts (`restarting`), cannot be reached, or neither. */
export function databaseOutage(error: unknown): 'restarting' | 'unreachable' | undefined {
  const codes = errorCodesOf(error);
  const text = `${codes.join(' ')} ${messagesOf(error)}`;
  if (codes.some((c) => restartingCodes.has(c)) || restartingText.test(text)) return 'restarting';
  if (
    isConnectionWait(error) ||
    codes.some((c) => unreachableCodes.has(c) || /^08[0-9A-Z]{3}$/.test(c)) ||
    unreachableText.test(text)
  )
    return 'unreachable';
  return undefined;
}

/**
 * Stopped for taking too long, and rolled back: PostgreSQL cancelled a statement past DB_STATEMENT_TIMEOUT_MS
 * (SQLSTATE 57014), or an interactive transaction outlived Prisma's timeout (P2028, "expired transaction").
 */
function isTooLong(error: unknown): boolean {
  const cause = (error as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } })?.meta
    ?.driverAdapterError?.cause;
  return (
    cause?.originalCode === '57014' ||
    /\b57014\b|canceling statement due to statement timeout|expired transaction/.test(errorText(error))
  );
}

export const apiNotFound: RequestHandler = (req) => {
  throw notFound(msg('platform.noSuchCall', { method: req.method, path: req.originalUrl.split('?')[0] }));
};

/** A write cut short may have lost only the answer to its COMMIT: say so, rather than "nothing changed". */
const retryLater = (method: string, message: Message) =>
  ['GET', 'HEAD'].includes(method) ? message : msg('platform.checkWhetherSaved', { reason: message });

/** Express's body parser marks its own client errors with `type`. */
const parserErrors: Record<string, AppError> = {
  'entity.parse.failed': new AppError('MALFORMED_REQUEST', msg('platform.notJson')),
  'entity.too.large': new AppError('PAYLOAD_TOO_LARGE', msg('platform.bodyTooLarge')),
  'encoding.unsupported': new AppError('UNSUPPORTED_MEDIA_TYPE', msg('platform.notUtf8Json')),
  'charset.unsupported': new AppError('UNSUPPORTED_MEDIA_TYPE', msg('platform.notUtf8Json')),
};

/**
 * The one error converter: what a client is told about an error that is not an AppError already, or undefined
 * when it is a failure of ours (logged, and answered with a plain 500). `liveConnections` tells a busy pool
 * (connections open, all in use) from a database that cannot be reached (none open).
 */
function asAppError(
  error: unknown,
  method: string,
  database: { liveConnections(): number },
): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof z.ZodError) return invalid(fieldMessages(error));
  const parser = parserErrors[(error as { type?: string })?.type ?? ''];
  if (parser) return parser;
  // Express could not decode a path parameter (a broken %-escape).
  if (error instanceof URIError || (error as { status?: number })?.status === 400)
    return new AppError('MALFORMED_REQUEST', msg('platform.brokenEscape'));
  // A static file that is not there (a stale asset link after an upgrade).
  if ((error as { status?: number })?.status === 404) return notFound(msg('platform.notFound'));
  if (prismaCode(error) === 'P2002') return duplicateKey(msg('platform.duplicateKey'));
  if (prismaCode(error) === 'P2003') return inUse(msg('platform.dependedOn'));
  if (prismaCode(error) === 'P2025') return notFound(msg('platform.recordMissing'));
  if (isTooLong(error)) {
    return new AppError('TIMED_OUT', msg('platform.tookTooLong'), { headers: { 'Retry-After': '5' } });
  }
  if (isConnectionWait(error) && database.liveConnections() > 0) {
    return new AppError('BUSY', retryLater(method, msg('platform.busy')), {
      headers: { 'Retry-After': '2' },
    });
  }
  // Every database outage answers 503 with Retry-After, never 500: a restart (the server said it is stopping
  // or starting) is over in seconds; an unreachable server may take longer. The pool opens new connections on
  // the next request, so the service recovers by itself.
  const outage = databaseOutage(error);
  if (outage === 'restarting') {
    return new AppError('UNAVAILABLE', retryLater(method, msg('platform.databaseRestarting')), {
      headers: { 'Retry-After': '5' },
    });
  }
  if (outage === 'unreachable') {
    return new AppError('UNAVAILABLE', retryLater(method, msg('platform.databaseUnreachable')), {
      headers: { 'Retry-After': '10' },
    });
  }
  return undefined;
}

const internal = new AppError('INTERNAL', msg('platform.internal'));

/**
 * What a client is told of any error: its AppError, or the plain 500 for a failure of ours (to be logged).
 */
export const errorAnswer = (
  error: unknown,
  method: string,
  database: { liveConnections(): number },
): AppError => asAppError(error, method, database) ?? internal;

/**
 * The one error handler: operational errors are shown with their code, anything else is logged and hidden.
 */
export const errorHandler =
  (database: { liveConnections(): number }): ErrorRequestHandler =>
  (error, req, res, _next) => {
    const answer = errorAnswer(error, req.method, database);
    if (answer.headers) res.set(answer.headers);
    if (answer.status >= 500)
      req.log?.error({ err: serializeError(error), status: answer.status }, 'request failed');
    res.status(answer.status).json(answer.bodyIn(languageOf(req)));
  };

export function serializeError(error: unknown) {
  if (error instanceof Error)
    return {
      name: error.name,
      message: error.message,
      code: (error as { code?: unknown }).code,
      stack: error.stack,
    };
  return { message: String(error) };
}
