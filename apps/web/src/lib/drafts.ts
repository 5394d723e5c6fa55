/**
 * What a user had typed when the session ended (an expired or revoked token), kept in this tab's
 * sessionStorage keyed by the page's path and query, and the page to return to after signing in again. A form
 * saves its values through `onSessionEnd`; after the new sign-in the same page opens and restores them once.
 */
const DRAFT_PREFIX = 'draft:';
const RETURN_KEY = 'return-to';

type Values = Record<string, string>;

const safely = <T>(work: () => T, fallback: T): T => {
  try {
    return work();
  } catch {
    return fallback;
  }
};

export const pageKey = () => `${window.location.pathname}${window.location.search}`;

export const saveDraft = (page: string, values: Values) =>
  safely(() => sessionStorage.setItem(DRAFT_PREFIX + page, JSON.stringify(values)), undefined);

/** The draft of a page, if one was kept (read without removing it: `dropDraft` once it is shown). */
export const readDraft = (page: string): Values | null =>
  safely(() => {
    const text = sessionStorage.getItem(DRAFT_PREFIX + page);
    return text ? (JSON.parse(text) as Values) : null;
  }, null);

export const dropDraft = (page: string) =>
  safely(() => sessionStorage.removeItem(DRAFT_PREFIX + page), undefined);

export const rememberReturn = (page: string) =>
  safely(() => sessionStorage.setItem(RETURN_KEY, page), undefined);

/** The page to go back to after signing in (once), if the last session ended on one. */
export const takeReturn = (): string | null =>
  safely(() => {
    const page = sessionStorage.getItem(RETURN_KEY);
    sessionStorage.removeItem(RETURN_KEY);
    return page && page.startsWith('/') && !page.startsWith('//') ? page : null;
  }, null);

const savers = new Set<() => void>();

/** A form registers what to keep when the session ends; the returned function unregisters it. */
export function onSessionEnd(save: () => void) {
  savers.add(save);
  return () => {
    savers.delete(save);
  };
}

/**
 * Called by endSession before storage is cleared: every open form keeps its values, and the page is
 * remembered.
 */
export function keepDrafts() {
  if (!savers.size) return;
  savers.forEach((save) => save());
  rememberReturn(pageKey());
}
