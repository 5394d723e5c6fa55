/** The bearer token lives in local storage under the legacy key, never in a URL we build. */
export const TOKEN_KEY = 'myData';

export const getToken = (): string | null => {
  try {
    return localStorage.getItem(TOKEN_KEY) || null;
  } catch {
    return null;
  }
};

/** When this browser got the stored token (its clock), to warn before the token's lifetime runs out. */
const RECEIVED_KEY = `${TOKEN_KEY}-received-at`;

export const setToken = (token: string) => {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(RECEIVED_KEY, String(Date.now()));
};

export const getTokenReceivedAt = (): number | null => {
  try {
    const at = Number(localStorage.getItem(RECEIVED_KEY));
    return Number.isFinite(at) && at > 0 ? at : null;
  } catch {
    return null;
  }
};

/** Keys of what a user chose to keep (page sizes, language): no secret, and they outlive a sign-out. */
export const PREFS_PREFIX = 'exam.prefs.';

/**
 * The legacy app cleared the whole of local storage when a token failed; so do we, but for the users'
 * preferences.
 */
export const clearStorage = () => {
  for (const key of Object.keys(localStorage))
    if (!key.startsWith(PREFS_PREFIX)) localStorage.removeItem(key);
};

/**
 * Whose token this is (its subject, the user's id), for preferences kept per user; no check of the signature.
 */
export function tokenSubject(token: string | null = getToken()): string | null {
  try {
    const payload = token?.split('.')[1];
    if (!payload) return null;
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}

/** What an address's `?token=` asked for. */
export interface TokenFromAddress {
  /** The address's query without the token. */
  search: string;
  /** A token other than the signed-in one: not stored; the user chooses which account stays signed in. */
  conflicting: string | null;
}

/**
 * Old links carry `?token=`: with nobody signed in it goes to storage; when another token is stored it is
 * returned as `conflicting` instead of silently replacing the signed-in user. The caller replaces the history
 * entry with `search` so the token never stays in history, logs or Referer headers.
 */
export function adoptTokenFromSearch(search: string): TokenFromAddress | null {
  const params = new URLSearchParams(search);
  const raw = params.get('token');
  if (raw === null) return null;
  params.delete('token');
  const rest = params.toString();
  const token = raw.trim();
  const current = getToken();
  let conflicting: string | null = null;
  if (token && token !== current) {
    if (current) conflicting = token;
    else setToken(token);
  }
  return { search: rest ? `?${rest}` : '', conflicting };
}

let conflictingAtStart: string | null = null;

/** Runs once before the router reads the address. */
export function adoptTokenFromLocation() {
  const adopted = adoptTokenFromSearch(window.location.search);
  if (adopted) {
    const { pathname, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${adopted.search}${hash}`);
    conflictingAtStart = adopted.conflicting;
  }
}

/**
 * The page's first address carried another user's token: handed once to the screen that asks which to keep.
 */
export function takeConflictingTokenAtStart(): string | null {
  const token = conflictingAtStart;
  conflictingAtStart = null;
  return token;
}
