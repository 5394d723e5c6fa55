import { describe, expect, it } from 'vitest';
import { renderMessage } from '../src/platform/i18n/messages.ts';
import {
  attemptOf,
  refuseBusyUser,
  refuseSession,
  refuseSignIn,
  refuseThrottled,
  refuseWithoutToken,
} from '../src/platform/auth/auth-rules.ts';

const limits = { perAccount: 5, perAddress: 20, windowMinutes: 15, maxDelaySeconds: 8 };
const counts = (pair: number, account: number, address: number, secondsLeft = 600) => ({
  pair: { attempts: pair, seconds_left: secondsLeft },
  account: { attempts: account, seconds_left: secondsLeft },
  address: { attempts: address, seconds_left: secondsLeft },
});

/** Signing in and a signed-in call's checks, without a database: decisions, refusal codes and parameters. */
describe('sign-in rules', () => {
  it('refuse an account guessed at from one address, or an address guessing, until the window ends', () => {
    expect(attemptOf(counts(5, 5, 5), limits)).toEqual({ delayMs: 0 });
    expect(attemptOf(counts(6, 6, 6, 300), limits)).toEqual({ refusedForSeconds: 300, delayMs: 0 });
    expect(attemptOf(counts(1, 1, 21, 90), limits)).toEqual({ refusedForSeconds: 90, delayMs: 0 });
  });

  it('slow an account guessed at from many addresses, doubling the wait up to the most; never refuse', () => {
    expect(attemptOf(counts(1, 6, 1), limits)).toEqual({ delayMs: 500 });
    expect(attemptOf(counts(1, 8, 1), limits)).toEqual({ delayMs: 2000 });
    expect(attemptOf(counts(1, 500, 1), limits)).toEqual({ delayMs: 8000 });
  });

  it('say in minutes when a throttled attempt may try again, with Retry-After in seconds', () => {
    expect(refuseThrottled({ delayMs: 0 })).toBeUndefined();
    const refused = refuseThrottled({ refusedForSeconds: 61, delayMs: 0 })!;
    expect(refused.code).toBe('RATE_LIMITED');
    expect(refused.headers).toEqual({ 'Retry-After': '61' });
    expect(refused.reason).toEqual({ code: 'auth.tooManyFailedSignIns', params: { minutes: 2 } });
    expect(refused.message).toBe('Too many failed sign-ins. Try again in 2 minute(s).');
    expect(renderMessage(refused.reason, 'hi')).toBe(
      'साइन इन के बहुत अधिक असफल प्रयास। 2 मिनट बाद फिर प्रयास करें।',
    );
  });

  it('refuse an unknown email, a wrong password and a disabled account alike', () => {
    expect(refuseSignIn({ active: true }, true)).toBeUndefined();
    for (const refused of [
      refuseSignIn(null, false),
      refuseSignIn({ active: true }, false),
      refuseSignIn({ active: false }, true),
    ]) {
      expect(refused?.code).toBe('UNAUTHENTICATED');
      expect(refused?.reason.code).toBe('auth.loginFailed');
      expect(refused?.message).toBe('Invalid email or password.');
    }
  });

  it('refuse a call without a token, a busy user, a token signed out of or of no user', () => {
    expect(refuseWithoutToken('abc')).toBeUndefined();
    expect(refuseWithoutToken(undefined)?.reason.code).toBe('auth.signInFirst');
    expect(refuseBusyUser({})).toBeUndefined();
    expect(refuseBusyUser(undefined)?.headers).toEqual({ 'Retry-After': '1' });
    expect(refuseBusyUser(undefined)?.reason.code).toBe('auth.tooManyRequests');
    expect(refuseSession({ active: true, revoked: false })).toBeUndefined();
    expect(refuseSession({ active: true, revoked: true })?.reason.code).toBe('auth.signedOutAlready');
    expect(refuseSession({ active: false, revoked: false })?.reason.code).toBe('auth.accountGone');
    expect(refuseSession(undefined)?.code).toBe('UNAUTHENTICATED');
  });
});
