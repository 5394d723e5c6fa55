import { errorCodes, type ErrorCode } from '@exam/contracts';
import { isApiError } from './api.ts';
import { endSession } from './session.ts';
import { tell } from '../components/ui/dialog.tsx';

/**
 * The error catalogue of the spec (section 8), as data each screen declaration picks from:
 * - `sign-out`: local storage cleared, the user sent to the site root;
 * - `record`: only recorded (logged, and the screen says it could not load);
 * - `silent`: nothing shown (add failures of semester, ccinfo_sem and paperinfosem);
 * - `show`: the server's message shown under the form. A rejected token (UNAUTHENTICATED) always signs out; a
 *   conflict (DUPLICATE_KEY, IN_USE, STALE_EDIT, any 409 code) always raises the alert (an in-page alert
 *   dialog), then the record or list is reloaded. Decisions go by the answer's `code`, never its text.
 */
export type LoadFailure = 'sign-out' | 'record';
export type SaveFailure = 'sign-out' | 'silent' | 'show';

export interface FailurePolicy {
  load: LoadFailure;
  add: SaveFailure;
  edit: SaveFailure;
}

export const conflictAlert = (message: string) => `Error Code: 409 Error: ${message}`;

/**
 * Codes of answers that say the data changed or is in the way (status 409): the catalogue's alert, then a
 * reload.
 */
const isConflict = (code: ErrorCode) => errorCodes[code].status === 409;
const signedOut = (error: unknown): boolean => isApiError(error) && error.code === 'UNAUTHENTICATED';

export const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'Something went wrong.';

/** A list or record could not be loaded. Returns true when the session was ended. */
export function handleLoadFailure(error: unknown, policy: LoadFailure): boolean {
  if (signedOut(error)) return true; // already ended by the API client
  if (policy === 'sign-out') {
    endSession();
    return true;
  }
  console.error(error);
  return false;
}

export interface SaveOutcome {
  /** Shown above the bullets under the form. */
  message?: string;
  /** Server `errors` collection, listed as bullets. */
  errors?: Record<string, string[]>;
  /** The screen reloads its record (edit) or list. */
  reload: boolean;
}

/** An add or edit failed: decide what the user sees, following the catalogue. */
export function handleSaveFailure(error: unknown, policy: SaveFailure): SaveOutcome {
  if (!isApiError(error)) {
    console.error(error);
    return { message: messageOf(error), reload: false };
  }
  if (signedOut(error)) return { reload: false };
  if (isConflict(error.code)) {
    void tell(conflictAlert(error.message));
    return { reload: true };
  }
  if (error.code === 'VALIDATION_FAILED' && error.fieldErrors)
    return { message: error.message, errors: error.fieldErrors, reload: true };
  if (policy === 'sign-out') {
    endSession();
    return { reload: false };
  }
  if (policy === 'silent') {
    console.error(error);
    return { reload: false };
  }
  return { message: error.message, reload: false };
}

/** A delete failed: a conflict is alerted and the list reloaded; anything else is only recorded. */
export function handleDeleteFailure(error: unknown): { reload: boolean } {
  if (signedOut(error)) return { reload: false };
  if (isApiError(error) && isConflict(error.code)) {
    void tell(conflictAlert(error.message));
    return { reload: true };
  }
  console.error(error);
  return { reload: false };
}
