import type { Database } from '@exam/db';
import { attemptOf, type Attempt, type AttemptCount, type ThrottleLimits } from './auth-rules.ts';

export type { Attempt, ThrottleLimits } from './auth-rules.ts';

const PURGE_EVERY_MS = 60_000;

/**
 * Sign-in attempts are counted in the database (every replica sees the same counts) under three keys, in one
 * statement, BEFORE the password is checked, so guesses sent in parallel cannot all slip under a limit:
 * - the account from this address: past the limit, refused; only the guesser's own address is shut out;
 * - the address, over all accounts: past the limit, refused (one address guessing across many accounts);
 * - the account over all addresses: past the limit, slowed, never refused, so nobody can lock the owner out.
 *   A successful sign-in gives its attempt back and clears its account-and-address count. See
 *   docs/decisions/0008-sign-in-throttling-and-password-hashing.md for the trade-offs (shared college
 *   addresses).
 */
export function loginThrottle(db: Database, limits: ThrottleLimits) {
  const keys = (email: string, address: string) => ({
    pair: `pair:${email} ${address}`,
    account: `account:${email}`,
    address: `address:${address}`,
  });
  let lastPurge = 0;

  /** Rows whose window has passed count for nothing; removed at most once a minute per process. */
  async function purgeExpired() {
    if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = Date.now();
    await db.prisma.$executeRaw`
      DELETE FROM login_throttle
       WHERE window_start <= now() - make_interval(mins => ${limits.windowMinutes}::int)`;
  }

  return {
    purgeExpired,

    async reserve(email: string, address: string): Promise<Attempt> {
      await purgeExpired();
      const k = keys(email, address);
      const minutes = limits.windowMinutes;
      // One statement: each row is locked while it is counted, so N parallel attempts see N different counts.
      // Always the same key order (pair, account, address), so two attempts never wait on each other in a
      // cycle.
      const rows = await db.prisma.$queryRaw<Array<AttemptCount & { key: string }>>`
        INSERT INTO login_throttle AS t (key, attempts, window_start)
        VALUES (${k.pair}, 1, now()), (${k.account}, 1, now()), (${k.address}, 1, now())
        ON CONFLICT (key) DO UPDATE SET
          attempts = CASE
            WHEN t.window_start <= now() - make_interval(mins => ${minutes}::int) THEN 1
            ELSE t.attempts + 1
          END,
          window_start = CASE
            WHEN t.window_start <= now() - make_interval(mins => ${minutes}::int) THEN now()
            ELSE t.window_start
          END
        RETURNING t.key, t.attempts,
          greatest(1, ceil(extract(epoch FROM
            t.window_start + make_interval(mins => ${minutes}::int) - now()
          )))::int AS seconds_left`;
      const count = (key: string) => rows.find((r) => r.key === key)!;
      return attemptOf({ pair: count(k.pair), account: count(k.account), address: count(k.address) }, limits);
    },

    async succeeded(email: string, address: string) {
      const k = keys(email, address);
      await db.prisma.$executeRaw`
        DELETE FROM login_throttle
         WHERE key = ${k.pair}`;
      await db.prisma.$executeRaw`
        UPDATE login_throttle
           SET attempts = greatest(attempts - 1, 0)
         WHERE key IN (${k.account}, ${k.address})`;
    },
  };
}
