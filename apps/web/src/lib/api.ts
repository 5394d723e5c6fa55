import { errorBody, type ErrorBody } from '@exam/contracts';
import { getToken } from './token.ts';

/** A failed call: the HTTP status (0 when the network failed) and the error body the API answered. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
    this.name = 'ApiError';
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

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, base = '/api' } = options;
  const token = options.token === undefined ? getToken() : options.token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if ((cause as Error)?.name === 'AbortError') throw cause;
    throw new ApiError(0, { message: 'The server could not be reached. Check the connection and try again.' });
  }

  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (response.ok) return data as T;

  const parsed = errorBody.safeParse(data);
  const error = new ApiError(
    response.status,
    parsed.success ? parsed.data : { message: response.statusText || `Request failed with status ${response.status}` },
  );
  if (response.status === 401 && token && !options.skipUnauthorizedHandler) onUnauthorized();
  throw error;
}
