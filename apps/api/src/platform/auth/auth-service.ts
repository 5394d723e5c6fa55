import { setTimeout as sleep } from 'node:timers/promises';
import { hashPassword, verifyPassword, type Database } from '@exam/db';
import type { Config } from '../../config.ts';
import { refuseSignIn, refuseThrottled } from './auth-rules.ts';
import { replacePasswordHash, revokeToken, userByEmail } from './auth-store.ts';
import { loginThrottle } from './login-throttle.ts';
import { signToken, tokenKey } from './tokens.ts';

/** Signing in and out: the throttle, the password check, the token. */
export function authService(db: Database, config: Config) {
  // Compared against when the email is unknown, so both failures take the same time.
  const dummyHash = hashPassword('not-a-real-password', config.bcryptRounds);
  const throttle = loginThrottle(db, config.loginLimits);
  const key = tokenKey(config.jwtSecret);

  return {
    /**
     * A token for the email and password, sent from `address`. The attempt is counted before the password is
     * checked (an attempt is a failure until it succeeds): too many are refused, an attacked account's are
     * slowed.
     */
    async signIn(email: string, password: string, address: string) {
      const attempt = await throttle.reserve(email, address);
      const throttled = refuseThrottled(attempt);
      if (throttled) throw throttled;
      if (attempt.delayMs) await sleep(attempt.delayMs);
      const user = await userByEmail(db, email);
      const check = await verifyPassword(
        password,
        user?.password_hash ?? (await dummyHash),
        config.bcryptRounds,
      );
      const refused = refuseSignIn(user, check.matches);
      if (refused) throw refused;
      await throttle.succeeded(email, address);
      // A hash from before the whole password counted (or at another cost) is replaced while the password is
      // at hand.
      if (check.outdated)
        await replacePasswordHash(db, user!.id, await hashPassword(password, config.bcryptRounds));
      return signToken(key, user!.id, config.jwtExpiresIn);
    },

    /** Revokes the token (its id and expiry) a call was made with. */
    signOut: (token: { jti: string; exp: number }) => revokeToken(db, token.jti, new Date(token.exp * 1000)),
  };
}
