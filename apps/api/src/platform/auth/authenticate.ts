import type { RequestHandler } from 'express';
import type { Database } from '@exam/db';
import { unauthorized } from '../http/errors.ts';
import { refuseBusyUser, refuseSession, refuseWithoutToken } from './auth-rules.ts';
import { sessionUserOf, type SessionAccount } from './auth-store.ts';
import { bearerToken, tokenKey, verifyToken } from './tokens.ts';
import type { userRequestSlots } from './user-request-slots.ts';

/** The signed-in user of a request: its account and its token's id and expiry. */
export interface AuthenticatedUser extends SessionAccount {
  jti: string;
  exp: number;
}

/** The user a request (or a job acting for one) runs as: the account's fields, with its session's. */
export const authenticatedUser = (
  account: SessionAccount,
  session: Pick<AuthenticatedUser, 'jti' | 'exp'>,
): AuthenticatedUser => ({
  id: account.id,
  email: account.email,
  name: account.name,
  role: account.role,
  system: account.system,
  dept_id: account.dept_id,
  college_id: account.college_id,
  student_id: account.student_id,
  college_head: account.college_head,
  ...session,
});

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
  const key = tokenKey(secret);
  return async (req, res, next) => {
    const token = bearerToken(req.get('authorization'));
    const noToken = refuseWithoutToken(token);
    if (noToken) throw noToken;
    const claims = verifyToken(key, token!);
    const userId = Number(claims?.sub);
    if (!claims || !Number.isSafeInteger(userId)) throw unauthorized();
    const slot = slots.take(userId);
    const busy = refuseBusyUser(slot);
    if (busy) throw busy;
    // 'close' comes once the answer is sent or the caller has gone, whichever way the request ends.
    res.once('close', slot!.release);
    await slot!.ready;
    const row = await sessionUserOf(db, userId, claims.jti);
    const refused = refuseSession(row);
    if (refused) throw refused;
    res.locals.user = authenticatedUser(row!, { jti: claims.jti, exp: claims.exp });
    next();
  };
}
