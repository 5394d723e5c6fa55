/** The bearer token lives in local storage under the legacy key, never in a URL we build. */
export const TOKEN_KEY = 'myData';

export const getToken = (): string | null => {
  try {
    return localStorage.getItem(TOKEN_KEY) || null;
  } catch {
    return null;
  }
};

export const setToken = (token: string) => localStorage.setItem(TOKEN_KEY, token);

/** The legacy app cleared the whole of local storage when a token failed; so do we. */
export const clearStorage = () => localStorage.clear();

/**
 * Old links carry `?token=`: take it into storage and return the address without it, or null when there was none.
 * The caller replaces the history entry so the token never stays in history, logs or Referer headers.
 */
export function adoptTokenFromSearch(search: string): string | null {
  const params = new URLSearchParams(search);
  const token = params.get('token');
  if (token === null) return null;
  if (token.trim()) setToken(token.trim());
  params.delete('token');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** Runs once before the router reads the address. */
export function adoptTokenFromLocation() {
  const search = adoptTokenFromSearch(window.location.search);
  if (search !== null) {
    const { pathname, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}${hash}`);
  }
}
