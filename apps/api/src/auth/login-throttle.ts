import type { Database } from '@exam/db';
import { AppError } from '../errors.ts';

export interface ThrottleLimits {
  perAccount: number;
  perAddress: number;
  windowMinutes: number;
}

/**
 * Failed sign-ins are counted per account and per client address in the database (every replica
 * sees the same counts). Past a limit within the window, that account or address is refused with
 * 429 until the window has passed, even with the right password, so guessing cannot go on.
 */
export function loginThrottle(db: Database, limits: ThrottleLimits) {
  const keys = (email: string, address: string) => [
    { key: `account:${email}`, limit: limits.perAccount },
    { key: `address:${address}`, limit: limits.perAddress },
  ];

  return {
    async assertAllowed(email: string, address: string) {
      const rows = await db.prisma.loginThrottle.findMany({
        where: { key: { in: keys(email, address).map((k) => k.key) }, blocked_until: { gt: new Date() } },
      });
      if (!rows.length) return;
      const until = Math.max(...rows.map((r) => r.blocked_until!.getTime()));
      const seconds = Math.max(1, Math.ceil((until - Date.now()) / 1000));
      throw new AppError(429, `Too many failed sign-ins. Try again in ${Math.ceil(seconds / 60)} minute(s).`, undefined, { 'Retry-After': String(seconds) });
    },

    async recordFailure(email: string, address: string) {
      const minutes = limits.windowMinutes;
      for (const { key, limit } of keys(email, address)) {
        // One statement, so concurrent failures all count.
        await db.prisma.$executeRaw`
          INSERT INTO login_throttle (key, failures, window_start) VALUES (${key}, 1, now())
          ON CONFLICT (key) DO UPDATE SET
            failures = CASE WHEN login_throttle.window_start < now() - make_interval(mins => ${minutes}::int) THEN 1 ELSE login_throttle.failures + 1 END,
            window_start = CASE WHEN login_throttle.window_start < now() - make_interval(mins => ${minutes}::int) THEN now() ELSE login_throttle.window_start END,
            blocked_until = CASE WHEN login_throttle.window_start >= now() - make_interval(mins => ${minutes}::int) AND login_throttle.failures + 1 >= ${limit}::int
                                 THEN now() + make_interval(mins => ${minutes}::int) ELSE login_throttle.blocked_until END`;
      }
    },

    async recordSuccess(email: string) {
      await db.prisma.loginThrottle.deleteMany({ where: { key: `account:${email}` } });
    },
  };
}
