import type { RequestHandler } from 'express';
import type { Database } from '@exam/db';
import { AppError, unauthorized } from '../http/errors.ts';
import { bearerToken, verifyToken } from './tokens.ts';
import type { userRequestSlots } from './user-request-slots.ts';

export interface AuthenticatedUser {
  id: number;
  email: string;
  name: string;
  role: string;
  system: 'university' | 'college' | null;
  dept_id: string | null;
  college_id: string | null;
  /** The student a `student` user is (users.student_id; null for every other user). */
  student_id: string | null;
  /**
   * A college's faculty user who heads it (users.college_head): modules' rules beyond the grants read it
   * (§2.5).
   */
  college_head: boolean;
  jti: string;
  exp: number;
}

declare global {
  namespace Express {
    interface Locals {
      user?: AuthenticatedUser;
    }
  }
}

/**
 * Every call but login needs a valid, unrevoked token of an existing, active user. The user's request slot is
 * taken right after the signature check, before any database work, so a flood past the limit costs no
 * connection.
 */
export function authenticate(
  db: Database,
  secret: string,
  slots: ReturnType<typeof userRequestSlots>,
): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req.get('authorization'));
    if (!token) throw unauthorized('Sign in first: this call needs a bearer token.');
    const claims = verifyToken(secret, token);
    const userId = Number(claims?.sub);
    if (!claims || !Number.isSafeInteger(userId)) throw unauthorized();
    const slot = slots.take(userId);
    if (!slot) {
      throw new AppError(
        'RATE_LIMITED',
        'You have too many requests running at once; wait for them to finish, then try again.',
        { headers: { 'Retry-After': '1' } },
      );
    }
    // 'close' comes once the answer is sent or the caller has gone, whichever way the request ends.
    res.once('close', slot.release);
    await slot.ready;
    // One round trip per request: the user and whether this token was revoked.
    const [row] = await db.prisma.$queryRaw<
      Array<Omit<AuthenticatedUser, 'jti' | 'exp'> & { active: boolean; revoked: boolean }>
    >`
      SELECT u.id, u.email, u.name, u.role::text AS role, u.system::text AS system, u.dept_id, u.college_id,
             u.student_id, u.college_head, u.active,
             EXISTS (SELECT 1 FROM revoked_token r WHERE r.jti = ${claims.jti}) AS revoked
        FROM users u WHERE u.id = ${userId}`;
    if (row?.revoked) throw unauthorized('You have signed out; please sign in again.');
    if (!row || !row.active) throw unauthorized('This account no longer exists or is disabled.');
    const user = row;
    res.locals.user = {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      system: user.system,
      dept_id: user.dept_id,
      college_id: user.college_id,
      student_id: user.student_id,
      college_head: user.college_head,
      jti: claims.jti,
      exp: claims.exp,
    };
    next();
  };
}
