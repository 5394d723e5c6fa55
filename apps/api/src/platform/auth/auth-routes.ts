import { Router } from 'express';
import { loginPayload, msg } from '@exam/contracts';
import type { Database } from '@exam/db';
import type { Config } from '../../config.ts';
import { parseOr422 } from '../http/errors.ts';
import { methodNotAllowed } from '../http/middleware.ts';
import { notice } from '../i18n/messages.ts';
import { authService } from './auth-service.ts';
import { authenticate } from './authenticate.ts';
import { userRequestSlots } from './user-request-slots.ts';

/** login, check-user and logout. */
export function authRoutes(db: Database, config: Config) {
  const router = Router();
  const auth = authService(db, config);

  router
    .route('/login')
    .post(async (req, res) => {
      const { email, password } = parseOr422(loginPayload, req.body);
      const token = await auth.signIn(email, password, req.ip ?? 'unknown');
      res.json({ token, ...notice(req, msg('auth.loginSuccessful')) });
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
    .post(signedIn, async (req, res) => {
      await auth.signOut(res.locals.user!);
      res.json(notice(req, msg('auth.signedOut')));
    })
    .all(methodNotAllowed);

  return { router, signedIn };
}
