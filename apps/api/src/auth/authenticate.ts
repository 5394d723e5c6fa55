import type { RequestHandler } from 'express';
import type { Database } from '@exam/db';
import { unauthorized } from '../errors.ts';
import { bearerToken, verifyToken } from './tokens.ts';

export interface AuthenticatedUser {
  id: number;
  email: string;
  name: string;
  role: string;
  system: 'university' | 'college' | null;
  dept_id: string | null;
  college_id: string | null;
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

/** Every call but login needs a valid, unrevoked token of an existing, active user. */
export function authenticate(db: Database, secret: string): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req.get('authorization'));
    if (!token) throw unauthorized('Sign in first: this call needs a bearer token.');
    const claims = verifyToken(secret, token);
    const userId = Number(claims?.sub);
    if (!claims || !Number.isSafeInteger(userId)) throw unauthorized();
    // One round trip per request: the user and whether this token was revoked.
    const [row] = await db.prisma.$queryRaw<Array<Omit<AuthenticatedUser, 'jti' | 'exp'> & { active: boolean; revoked: boolean }>>`
      SELECT u.id, u.email, u.name, u.role::text AS role, u.system::text AS system, u.dept_id, u.college_id, u.active,
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
      jti: claims.jti,
      exp: claims.exp,
    };
    next();
  };
}
