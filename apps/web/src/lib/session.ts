import { keepDrafts } from './drafts.ts';
import { clearStorage } from './token.ts';

type Navigate = (path: string) => void;
let navigate: Navigate = (path) => window.location.assign(path);
let clearCache: () => void = () => {};

/** The router and the query client register themselves at start, so plain modules can end a session. */
export function registerSessionHandlers(handlers: { navigate: Navigate; clearCache: () => void }) {
  navigate = handlers.navigate;
  clearCache = handlers.clearCache;
}

/** What the spec calls being logged out: local storage cleared, and the user at the site root. */
export function endSession() {
  // What a form held is kept for this tab, and the page remembered, so signing in again loses nothing typed.
  keepDrafts();
  clearStorage();
  navigate('/');
  // After the navigation, so the screens being left do not refetch without a token.
  setTimeout(clearCache, 0);
}
