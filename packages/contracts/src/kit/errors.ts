import { z } from 'zod';
import { fieldMessages } from '../i18n/issues.ts';
import { renderEnglish } from '../i18n/render.ts';

/**
 * The stable codes of error answers, each with the HTTP status it is answered with and what it means. Clients
 * switch on `code` (never on the message text, which is for people and may be reworded). One catalogue for
 * the whole API: a module adds its own codes here, under a comment naming the module, so that OpenAPI and the
 * web app know every code.
 */
export const errorCodes = {
  MALFORMED_REQUEST: {
    status: 400,
    description:
      'The request cannot be read: malformed JSON, a broken %-escape in the address, a malformed request ' +
      'line',
  },
  UNAUTHENTICATED: {
    status: 401,
    description:
      'No token, or an invalid, expired or revoked one, or a wrong email or password: sign in (again)',
  },
  FORBIDDEN: { status: 403, description: "The caller's role lacks the capability for this call" },
  OUT_OF_SCOPE: {
    status: 403,
    description:
      "The values sent lie outside the caller's scope (another college's or department's row, another " +
      "student's): the caller may write only its own",
  },
  NOT_FOUND: {
    status: 404,
    description:
      "No such record or call; also a record outside the caller's scope (it does not exist for that caller)",
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    description: 'The path does not support this method; `Allow` names those it does',
  },
  TIMED_OUT: {
    status: 503,
    also: [408],
    description:
      'The database took too long to answer and the request was stopped (503, `Retry-After`), or the ' +
      'request itself took too long to arrive (408)',
  },
  DUPLICATE_KEY: { status: 409, description: 'A record with this key already exists' },
  IN_USE: {
    status: 409,
    description: 'Other records use this one, so it cannot be deleted; the message says which',
  },
  STALE_EDIT: {
    status: 409,
    description: 'Someone else changed the record after it was read; reload it and make the change again',
  },
  INVALID_TRANSITION: {
    status: 409,
    description:
      'The action is not allowed in the record’s current status; the message names the status and the ' +
      'actions allowed now',
  },
  LOCKED: {
    status: 409,
    description:
      'The data is locked in this phase (the lock matrix); the message says who may still change it',
  },
  NOT_READY: {
    status: 409,
    description:
      'A step this action needs has not been done yet (for example attendance not recorded); the record is ' +
      'left as it was, and the message says what is missing and who does it',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    also: [431],
    description: 'The body, an uploaded file, or the request address and headers (431) are too large',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    description:
      'The body is not in a format this call takes (JSON, UTF-8, or the file type an import reads)',
  },
  VALIDATION_FAILED: {
    status: 422,
    description: 'Invalid input: `errors` names each failing field with its messages',
  },
  RATE_LIMITED: {
    status: 429,
    description:
      'Too many failed sign-ins, or too many requests of one user at once; `Retry-After` says when to retry',
  },
  INTERNAL: {
    status: 500,
    description: 'The server failed; it has been logged, and the message says nothing more',
  },
  BUSY: { status: 503, description: 'The server is busy; retry after `Retry-After` seconds' },
  UNAVAILABLE: {
    status: 503,
    description:
      'The database cannot be reached, or the server is starting or waiting for migrations; retry after ' +
      '`Retry-After`',
  },
} as const satisfies Record<string, { status: number; also?: readonly number[]; description: string }>;

export type ErrorCode = keyof typeof errorCodes;

/** The statuses a code is answered with: its own, and for two codes one more (`also`). */
export const statusesOf = (code: ErrorCode): readonly number[] => {
  const entry: { status: number; also?: readonly number[] } = errorCodes[code];
  return [entry.status, ...(entry.also ?? [])];
};
export const errorCodeValues = Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]];

/** A message as an answer carries it beside its sentence: the code and its parameters. */
export const messageRef = z.object({
  code: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
});
export type MessageRef = z.infer<typeof messageRef>;

/**
 * Every error answer: a message a person can act on (in the reader's language: `Accept-Language`), a stable
 * code a program can switch on, the message's own code and parameters, and on 422 each failing field (its
 * sentences in `errors`, its codes in `error_codes`).
 */
export const errorBody = z.object({
  message: z.string(),
  code: z.enum(errorCodeValues),
  message_code: z.string().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  error_codes: z.record(z.string(), z.array(messageRef)).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** Statuses whose code is not simply the first of the catalogue with that status. */
const codeOfAmbiguousStatus: Record<number, ErrorCode> = {
  0: 'UNAVAILABLE',
  408: 'TIMED_OUT',
  431: 'PAYLOAD_TOO_LARGE',
  502: 'UNAVAILABLE',
  503: 'UNAVAILABLE',
  504: 'TIMED_OUT',
};

/**
 * The code of an answer that carries none (a proxy's own error page, status 0 for a network failure): the one
 * its status implies. The API itself always sends its code.
 */
export function codeForStatus(status: number): ErrorCode {
  const found =
    codeOfAmbiguousStatus[status] ?? errorCodeValues.find((code) => errorCodes[code].status === status);
  return found ?? (status >= 500 ? 'INTERNAL' : 'MALFORMED_REQUEST');
}

export const VALIDATION_MESSAGE = 'The given data was invalid.';

/**
 * Turns a zod error into the `errors` collection in English: field name -> sentences (`fieldMessages`: as
 * codes).
 */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(fieldMessages(error)).map(([field, messages]) => [field, messages.map(renderEnglish)]),
  );
}
