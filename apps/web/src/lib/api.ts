import { codeForStatus, errorBody, errorCodes, type ErrorCode } from '@exam/contracts';
import { z } from 'zod';
import { getToken } from './token.ts';

/** An error answer as received: the API always sends its code, a proxy's own error page may not. */
const receivedErrorBody = errorBody.extend({ code: z.string().optional() });
type ReceivedErrorBody = z.infer<typeof receivedErrorBody>;

/** A failed call: the HTTP status (0 when the network failed) and the error body the API answered. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ReceivedErrorBody,
  ) {
    super(body.message);
    this.name = 'ApiError';
  }

  /**
   * The stable code screens decide by (the status's own code when an answer carried none, or one this build
   * does not know).
   */
  get code(): ErrorCode {
    const sent = this.body.code;
    return sent !== undefined && Object.hasOwn(errorCodes, sent)
      ? (sent as ErrorCode)
      : codeForStatus(this.status);
  }

  get fieldErrors(): Record<string, string[]> | undefined {
    return this.body.errors && Object.keys(this.body.errors).length ? this.body.errors : undefined;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The app registers what a rejected token means (clear storage, go to the root) once at start. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** A token other than the stored one (logout of an old link's token). */
  token?: string | null;
  /** Base URL; the staff API is same-origin under /api. */
  base?: string;
  /** Leave 401 handling to the caller (login, logout). */
  skipUnauthorizedHandler?: boolean;
}

async function send(path: string, init: RequestInit, options: Pick<RequestOptions, 'token' | 'base'>) {
  const { base = '/api' } = options;
  const token = options.token === undefined ? getToken() : options.token;
  const headers = new Headers(init.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  // Server messages come in the screens' language (set on <html lang> by lib/i18n.ts).
  const language = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (language && !headers.has('Accept-Language')) headers.set('Accept-Language', language);
  try {
    return { token, response: await fetch(`${base}${path}`, { ...init, headers }) };
  } catch (cause) {
    if ((cause as Error)?.name === 'AbortError') throw cause;
    throw new ApiError(0, {
      message: 'The server could not be reached. Check the connection and try again.',
      code: 'UNAVAILABLE',
    });
  }
}

/**
 * A failed answer as an ApiError (a rejected token also signs the user out, unless the caller handles it).
 */
function failure(
  response: Response,
  data: unknown,
  token: string | null,
  options: Pick<RequestOptions, 'skipUnauthorizedHandler'>,
) {
  const parsed = receivedErrorBody.safeParse(data);
  const error = new ApiError(
    response.status,
    parsed.success
      ? parsed.data
      : { message: response.statusText || `Request failed with status ${response.status}` },
  );
  if (error.code === 'UNAUTHENTICATED' && token && !options.skipUnauthorizedHandler) onUnauthorized();
  return error;
}

const parseJson = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
};

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const { token, response } = await send(
    path,
    { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal },
    options,
  );
  const data = parseJson(await response.text());
  if (response.ok) return data as T;
  throw failure(response, data, token, options);
}

export interface FileRequestOptions extends Omit<RequestOptions, 'body'> {
  /** A file upload (multipart/form-data; the browser sets its boundary). */
  body?: FormData;
  /** Statuses other than 2xx whose answer the caller reads itself (an import's 422 report). */
  accept?: readonly number[];
}

/**
 * A call whose answer is a file (a download) or whose body is one (an upload): the same token, the same
 * failures as `request`, and the answer handed back as it is. The token goes in the header, never in an
 * address.
 */
export async function requestFile(path: string, options: FileRequestOptions = {}): Promise<Response> {
  const { method = 'GET', body, signal } = options;
  const { token, response } = await send(path, { method, body, signal }, options);
  if (response.ok || options.accept?.includes(response.status)) return response;
  throw failure(response, parseJson(await response.text()), token, options);
}
