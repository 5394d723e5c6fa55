import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import { checkUserResponse, errorBody, type UserRole } from '@exam/contracts';
import { HttpError } from './http.ts';

export interface TokenCheckOptions {
  /** The API's address, e.g. http://127.0.0.1:3000; its `GET /api/check-user` decides. */
  apiUrl: string;
  /** How long an answer for one token is reused; revocation and sign-out take effect within this time. */
  cacheMs: number;
  timeoutMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export type TokenCheck = (authorization: string) => Promise<UserRole>;

const UNAVAILABLE = 'The sign-in check is not available right now; please try again shortly.';

/**
 * Validates a token by asking the API, so the demo applies exactly the API's rules (signature, expiry,
 * revocation, disabled accounts) without reading its tables: on the embedded default the two services have
 * separate databases. Answers (a user or a refusal) are kept for `cacheMs`; failures to reach the API are not
 * kept.
 */
export function apiTokenCheck({
  apiUrl,
  cacheMs,
  timeoutMs = 5000,
  maxEntries = 10_000,
  now = Date.now,
}: TokenCheckOptions): TokenCheck {
  const checkUrl = `${apiUrl}/api/check-user`;
  // Keyed by a hash, so the cache holds no tokens.
  const answers = new Map<string, { until: number; answer: Promise<UserRole> }>();

  const ask = async (authorization: string): Promise<UserRole> => {
    let response: Response;
    try {
      response = await fetch(checkUrl, {
        headers: { authorization, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new HttpError('UNAVAILABLE', UNAVAILABLE);
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (response.status === 401) {
      // Only the message is passed on: the refusal is this service's own UNAUTHENTICATED, whatever the API's
      // code.
      const refusal = errorBody.pick({ message: true }).safeParse(body);
      throw new HttpError('UNAUTHENTICATED', refusal.success ? refusal.data.message : 'Sign in again.');
    }
    const user = response.ok ? checkUserResponse.safeParse(body) : undefined;
    if (!user?.success) throw new HttpError('UNAVAILABLE', UNAVAILABLE);
    return user.data.user_role;
  };

  const forget = (key: string) => {
    const at = now();
    for (const [k, entry] of answers) if (entry.until <= at) answers.delete(k);
    if (answers.size >= maxEntries) answers.delete(answers.keys().next().value!);
    answers.delete(key);
  };

  return (authorization) => {
    const key = createHash('sha256').update(authorization).digest('base64url');
    const cached = answers.get(key);
    if (cached && cached.until > now()) return cached.answer;
    const answer = ask(authorization);
    if (cacheMs > 0) {
      forget(key);
      answers.set(key, { until: now() + cacheMs, answer });
      // Only a definite answer is kept: an unreachable API is asked again on the next call.
      answer.catch((error: unknown) => {
        if (
          !(error instanceof HttpError && error.code === 'UNAUTHENTICATED') &&
          answers.get(key)?.answer === answer
        )
          answers.delete(key);
      });
    }
    return answer;
  };
}

/** The demo is for staff: every role but `student` (docs/decisions: the student-demo service). */
export const mayUseStudentDemo = (role: UserRole['name']) => role !== 'student';

/** Every call needs the bearer token of a signed-in staff user, checked as the API checks it. */
export function requireStaff(check: TokenCheck): RequestHandler {
  return async (req, res, next) => {
    const authorization = req.get('authorization');
    if (!authorization?.trim())
      throw new HttpError('UNAUTHENTICATED', 'Sign in first: this call needs a bearer token.');
    const user = await check(authorization);
    if (!mayUseStudentDemo(user.name))
      throw new HttpError(
        'FORBIDDEN',
        'The student records demo is for staff; the student role may not use it.',
      );
    res.locals.staff = user;
    next();
  };
}

declare global {
  namespace Express {
    interface Locals {
      staff?: UserRole;
    }
  }
}
