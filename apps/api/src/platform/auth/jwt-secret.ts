import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isPublishedSecret } from '@exam/settings';

export interface KeptSecret {
  secret: string;
  file: string;
  /** Made by this start (rather than read from an earlier one). */
  created: boolean;
}

/**
 * The token signing secret when JWT_SECRET is not set: random, made on the first start and kept in the
 * data folder (readable by its owner only), then reused so that tokens survive a restart. Processes
 * starting at once agree on one: each writes a file of its own and links it into place, and a process
 * that finds the place taken reads the secret that is there.
 */
export function keptJwtSecret(dataDir: string): KeptSecret {
  const file = path.join(dataDir, 'jwt-secret');
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let created = false;
  if (!fs.existsSync(file)) {
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(draft, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(draft, file);
      created = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32 || isPublishedSecret(secret)) {
    throw new Error(
      `The signing secret kept in ${file} is not usable (too short or published); delete that file to ` +
        `have a new one made (everyone is signed out), or set JWT_SECRET.`,
    );
  }
  // A copy restored with looser permissions is tightened: nobody but the owner may read it.
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  return { secret, file, created };
}
