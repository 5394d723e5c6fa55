import { createHash } from 'node:crypto';
import bcrypt from 'bcrypt';

/**
 * How passwords are stored. bcrypt reads only the first 72 bytes of its input, and the sign-in form takes up
 * to 200 characters: so the password is first reduced to its SHA-256 digest (44 characters of base64, every
 * byte of the password counting) and that is hashed with bcrypt. Stored as `sha256$` + the bcrypt hash; a
 * hash without that marker is from before (bcrypt of the password itself) and is replaced at the owner's next
 * sign-in.
 */
const MARKER = 'sha256$';

const digest = (password: string) => createHash('sha256').update(password, 'utf8').digest('base64');

export async function hashPassword(password: string, rounds: number): Promise<string> {
  return MARKER + (await bcrypt.hash(digest(password), rounds));
}

export interface PasswordCheck {
  matches: boolean;
  /** It matched, but is stored in the older form or at another cost: store `hashPassword(password)` now. */
  outdated: boolean;
}

export async function verifyPassword(
  password: string,
  stored: string,
  rounds: number,
): Promise<PasswordCheck> {
  if (stored.startsWith(MARKER)) {
    const hash = stored.slice(MARKER.length);
    const matches = await bcrypt.compare(digest(password), hash);
    return { matches, outdated: matches && bcrypt.getRounds(hash) !== rounds };
  }
  const matches = await bcrypt.compare(password, stored);
  return { matches, outdated: matches };
}
