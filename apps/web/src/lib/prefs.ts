import { PREFS_PREFIX, tokenSubject } from './token.ts';

/**
 * What a user chose and the app remembers in this browser: per user (the token's subject) and per place (a
 * list's page size). Failures of storage (private mode, full) only mean nothing is remembered.
 */
const keyOf = (name: string, user = tokenSubject() ?? 'anonymous') => `${PREFS_PREFIX}${user}.${name}`;

export function readPref(name: string, user?: string): string | null {
  try {
    return localStorage.getItem(keyOf(name, user));
  } catch {
    return null;
  }
}

export function writePref(name: string, value: string, user?: string) {
  try {
    localStorage.setItem(keyOf(name, user), value);
  } catch {
    // Nothing remembered; the choice still applies to this page.
  }
}
