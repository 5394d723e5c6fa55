import { setTimeout as sleep } from 'node:timers/promises';
import { Router } from 'express';
import { loginPayload } from '@exam/contracts';
import { hashPassword, verifyPassword, type Database } from '@exam/db';
import type { Config } from '../../config.ts';
import { AppError, parseOr422, unauthorized } from '../http/errors.ts';
import { methodNotAllowed } from '../http/middleware.ts';
import { authenticate } from './authenticate.ts';
import { loginThrottle } from './login-throttle.ts';
import { signToken } from './tokens.ts';
import { userRequestSlots } from './user-request-slots.ts';

const LOGIN_FAILED = 'Invalid email or password.';

/** login, check-user and logout. */
export function authRoutes(db: Database, config: Config) {
  const router = Router();
  // Compared against when the email is unknown, so both failures take the same time.
  const dummyHash = hashPassword('not-a-real-password', config.bcryptRounds);
  const throttle = loginThrottle(db, config.loginLimits);

  router
    .route('/login')
    .post(async (req, res) => {
      const { email, password } = parseOr422(loginPayload, req.body);
      const address = req.ip ?? 'unknown';
      // Counted before the password is checked: an attempt is a failure until it succeeds.
      const attempt = await throttle.reserve(email, address);
      if (attempt.refusedForSeconds !== undefined) {
        const seconds = attempt.refusedForSeconds;
        throw new AppError(
          'RATE_LIMITED',
          `Too many failed sign-ins. Try again in ${Math.ceil(seconds / 60)} minute(s).`,
          { headers: { 'Retry-After': String(seconds) } },
        );
      }
      if (attempt.delayMs) await sleep(attempt.delayMs);
      const user = await db.prisma.user.findUnique({ where: { email } });
      const check = await verifyPassword(
        password,
        user?.password_hash ?? (await dummyHash),
        config.bcryptRounds,
      );
      if (!user || !check.matches || !user.active) throw unauthorized(LOGIN_FAILED);
      await throttle.succeeded(email, address);
      // A hash from before the whole password counted (or at another cost) is replaced while the password is
      // at hand.
      if (check.outdated)
        await db.prisma.user.update({
          where: { id: user.id },
          data: { password_hash: await hashPassword(password, config.bcryptRounds) },
        });
      res.json({
        token: signToken(config.jwtSecret, user.id, config.jwtExpiresIn),
        message: 'Login successful.',
      });
    })
    .all(methodNotAllowed);

  const signedIn = authenticate(db, config.jwtSecret, userRequestSlots(config.userConcurrency));

  router
    .route('/check-user')
    .get(signedIn, (_req, res) => {
      const user = res.locals.user!;
      res.json({
        user_role: {
          name: user.role,
          system: user.system,
          dept_id: user.dept_id,
          college_id: user.college_id,
          student_id: user.student_id,
          email: user.email,
          display_name: user.name,
        },
      });
    })
    .all(methodNotAllowed);

  router
    .route('/logout')
    .post(signedIn, async (_req, res) => {
      const { jti, exp } = res.locals.user!;
      const now = new Date();
      await db.prisma.$transaction([
        db.prisma.revokedToken.upsert({
          where: { jti },
          create: { jti, expires_at: new Date(exp * 1000) },
          update: {},
        }),
        // Expired tokens are refused anyway; their revocations need not be kept.
        db.prisma.revokedToken.deleteMany({ where: { expires_at: { lt: now } } }),
      ]);
      res.json({ message: 'You have been signed out.' });
    })
    .all(methodNotAllowed);

  return { router, signedIn };
}
