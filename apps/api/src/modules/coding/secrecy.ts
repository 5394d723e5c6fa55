import type { Response } from 'express';
import { can, msg } from '@exam/contracts';
import type { Database } from '@exam/db';
import { forbidden } from '../../platform/http/errors.ts';

/**
 * The one guard of the coding map (lifecycle spec §2.5 "coding map (secrecy): admin W, office W if secrecy
 * flag"): a role holding `coding.secrecy` (admin), or an office user whose `users.secrecy` flag is set, read
 * from the user's row on every call (never from the request or the token). Anyone else is refused 403
 * FORBIDDEN, as the platform answers every missing capability.
 */
export async function hasSecrecy(db: Pick<Database, 'query'>, res: Response): Promise<boolean> {
  const user = res.locals.user;
  if (!user) return false;
  if (can(user.role, 'coding.secrecy')) return true;
  if (user.role !== 'office') return false;
  const [row] = await db.query<{ secrecy: boolean }>('SELECT secrecy FROM users WHERE id = $1 AND active', [
    user.id,
  ]);
  return row?.secrecy === true;
}

export async function requireSecrecy(db: Pick<Database, 'query'>, res: Response): Promise<void> {
  if (!(await hasSecrecy(db, res))) throw forbidden(msg('coding.secrecyOnly'));
}
