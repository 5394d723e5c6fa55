import bcrypt from 'bcrypt';
import { Router } from 'express';
import { loginPayload } from '@exam/contracts';
import type { Database } from '@exam/db';
import type { Config } from '../config.ts';
import { AppError, parseOr422 } from '../errors.ts';
import { methodNotAllowed } from '../http.ts';
import { authenticate } from './authenticate.ts';
import { loginThrottle } from './login-throttle.ts';
import { signToken } from './tokens.ts';

const LOGIN_FAILED = 'Invalid email or password.';

/** login, check-user and logout. */
export function authRoutes(db: Database, config: Config) {
  const router = Router();
  // Compared against when the email is unknown, so both failures take the same time.
  const dummyHash = bcrypt.hashSync('not-a-real-password', config.bcryptRounds);
  const throttle = loginThrottle(db, config.loginLimits);

  router
    .route('/login')
    .post(async (req, res) => {
      const { email, password } = parseOr422(loginPayload, req.body);
      const address = req.ip ?? 'unknown';
      await throttle.assertAllowed(email, address);
      const user = await db.prisma.user.findUnique({ where: { email } });
      const matches = await bcrypt.compare(password, user?.password_hash ?? dummyHash);
      if (!user || !matches || !user.active) {
        await throttle.recordFailure(email, address);
        throw new AppError(401, LOGIN_FAILED);
      }
      await throttle.recordSuccess(email);
      res.json({ token: signToken(config.jwtSecret, user.id, config.jwtExpiresIn), message: 'Login successful.' });
    })
    .all(methodNotAllowed);

  const signedIn = authenticate(db, config.jwtSecret);

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
        db.prisma.revokedToken.upsert({ where: { jti }, create: { jti, expires_at: new Date(exp * 1000) }, update: {} }),
        // Expired tokens are refused anyway; their revocations need not be kept.
        db.prisma.revokedToken.deleteMany({ where: { expires_at: { lt: now } } }),
      ]);
      res.json({ message: 'You have been signed out.' });
    })
    .all(methodNotAllowed);

  return { router, signedIn };
}
