import { msg } from '@exam/contracts';
import { AppError, unauthorized } from '../http/errors.ts';

/**
 * The rules of signing in and of a signed-in call: each takes what was read (the throttle's counts, the user,
 * the session) and answers a refusal (an AppError to throw) or a decision; none reads the database.
 */

export interface ThrottleLimits {
  /**
   * Attempts on one account from one address within the window; past it, that pair is refused. Past it across
   * all addresses, the account is slowed.
   */
  perAccount: number;
  /** Attempts from one address (any accounts) within the window; past it, the address is refused. */
  perAddress: number;
  windowMinutes: number;
  /** The longest an attempt on a much-attacked account waits before its password is checked. */
  maxDelaySeconds: number;
}

export interface Attempt {
  /** Set when this attempt is refused (429): seconds until its window ends. */
  refusedForSeconds?: number;
  /**
   * How long to wait before checking the password: the account is being guessed at from several addresses.
   */
  delayMs: number;
}

/** An attempt's count under one of its keys, with the seconds left in that key's window. */
export interface AttemptCount {
  attempts: number;
  seconds_left: number;
}

/**
 * The first delay past the account limit; each further attempt in the window doubles it, up to the maximum.
 */
const FIRST_DELAY_MS = 500;

/**
 * What an attempt may do, from its counts (this one included): the account from this address past its limit,
 * or the address past its own, is refused until the later window ends; the account past its limit over all
 * addresses is only slowed, never refused, so nobody can lock the owner out.
 */
export function attemptOf(
  counts: { pair: AttemptCount; account: AttemptCount; address: AttemptCount },
  limits: ThrottleLimits,
): Attempt {
  const refusedBy = [
    counts.pair.attempts > limits.perAccount ? counts.pair : undefined,
    counts.address.attempts > limits.perAddress ? counts.address : undefined,
  ].filter((r) => r !== undefined);
  if (refusedBy.length)
    return { refusedForSeconds: Math.max(...refusedBy.map((r) => r.seconds_left)), delayMs: 0 };
  const excess = counts.account.attempts - limits.perAccount;
  const delayMs =
    excess > 0 ? Math.min(limits.maxDelaySeconds * 1000, FIRST_DELAY_MS * 2 ** Math.min(excess - 1, 20)) : 0;
  return { delayMs };
}

/** A throttled attempt is refused before its password is looked at, saying when to try again. */
export function refuseThrottled(attempt: Attempt) {
  const seconds = attempt.refusedForSeconds;
  if (seconds === undefined) return undefined;
  return new AppError(
    'RATE_LIMITED',
    msg('auth.tooManyFailedSignIns', { minutes: Math.ceil(seconds / 60) }),
    {
      headers: { 'Retry-After': String(seconds) },
    },
  );
}

/**
 * An unknown email, a wrong password and a disabled account are refused alike: the answer does not tell
 * which accounts exist.
 */
export function refuseSignIn(user: { active: boolean } | null, passwordMatches: boolean) {
  if (user && passwordMatches && user.active) return undefined;
  return unauthorized(msg('auth.loginFailed'));
}

/** A call without a bearer token. */
export function refuseWithoutToken(token: string | undefined) {
  if (token) return undefined;
  return unauthorized(msg('auth.signInFirst'));
}

/** A user with as many requests running and waiting as a user may have. */
export function refuseBusyUser<S>(slot: S | undefined) {
  if (slot) return undefined;
  return new AppError('RATE_LIMITED', msg('auth.tooManyRequests'), { headers: { 'Retry-After': '1' } });
}

/** A token signed out of, or of a user who no longer exists or is disabled. */
export function refuseSession(session: { active: boolean; revoked: boolean } | undefined) {
  if (session?.revoked) return unauthorized(msg('auth.signedOutAlready'));
  if (!session || !session.active) return unauthorized(msg('auth.accountGone'));
  return undefined;
}
