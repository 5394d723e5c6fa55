import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Dialog } from '../components/ui/dialog.tsx';
import { login, useCurrentUser } from '../lib/auth.ts';
import { messageOf } from '../lib/failures.ts';
import { getToken, getTokenReceivedAt, setToken } from '../lib/token.ts';

/** How long before the token's expiry the user is warned. */
export const WARN_BEFORE_MS = 5 * 60_000;

/**
 * How long the token lives (its JWT `exp` − `iat`) in milliseconds, or null when it says no expiry or cannot
 * be read. Counted from when this page got it, not by the server's clock: a computer whose clock is off is
 * still warned in time.
 */
export function tokenLifetime(token: string | null): number | null {
  try {
    const part = token?.split('.')[1];
    if (!part) return null;
    const payload = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: unknown;
      iat?: unknown;
    };
    return typeof payload.exp === 'number' && typeof payload.iat === 'number'
      ? (payload.exp - payload.iat) * 1000
      : null;
  } catch {
    return null;
  }
}

const clock = new Intl.DateTimeFormat('en-IN', { timeStyle: 'short' });

/**
 * Five minutes before the sign-in runs out, a dialog says so and offers to continue: the password signs in
 * again in place (a new token), so the page and everything typed on it stay. "Not now" (or Escape) closes it;
 * when the token has run out, the next call signs out, keeping what forms held (lib/drafts.ts) for after the
 * next sign-in.
 */
export function SessionExpiryWarning() {
  const client = useQueryClient();
  const { data: user } = useCurrentUser();
  const [token, setCurrent] = useState(getToken);
  const [open, setOpen] = useState(false);
  const lifetime = tokenLifetime(token);
  // Counted from when this browser got the token (stored with it), by this browser's own clock.
  const receivedAt = token ? getTokenReceivedAt() : null;
  const expiry = lifetime === null || receivedAt === null ? null : receivedAt + lifetime;

  useEffect(() => {
    if (expiry === null) return;
    const timer = window.setTimeout(() => setOpen(true), Math.max(0, expiry - WARN_BEFORE_MS - Date.now()));
    return () => window.clearTimeout(timer);
  }, [expiry]);

  if (!open || !user || expiry === null) return null;
  return (
    <ExpiryDialog
      email={user.email}
      endsAt={expiry}
      onClose={() => setOpen(false)}
      onSignedIn={(fresh) => {
        // The same user under the new token: no check again, so the screen (and its form) stays mounted.
        client.setQueryData(['check-user', fresh], user);
        setToken(fresh);
        setCurrent(fresh);
        setOpen(false);
      }}
    />
  );
}

function ExpiryDialog({
  email,
  endsAt,
  onClose,
  onSignedIn,
}: {
  email: string;
  endsAt: number;
  onClose: () => void;
  onSignedIn: (token: string) => void;
}) {
  const passwordId = useId();
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const minutes = Math.max(0, Math.ceil((endsAt - Date.now()) / 60_000));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(undefined);
    try {
      onSignedIn((await login({ email, password })).token);
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      role="alertdialog"
      title={
        minutes > 0
          ? `Your sign-in ends in ${minutes} minute${minutes === 1 ? '' : 's'}`
          : 'Your sign-in has ended'
      }
      description={
        <p>
          At {clock.format(new Date(endsAt))} you will be signed out. Enter your password to continue signed
          in: this page and what you typed on it stay as they are.
        </p>
      }
      onClose={onClose}
    >
      <form onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor={passwordId}>Password for {email}</label>
          <input
            id={passwordId}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={failure ? true : undefined}
            aria-describedby={failure ? `${passwordId}-error` : undefined}
          />
          {failure && (
            <span id={`${passwordId}-error`} className="field-hint error" role="alert">
              {failure}
            </span>
          )}
        </div>
        <div className="dialog-buttons">
          <button type="submit" className="button primary" disabled={busy || !password}>
            Continue signed in
          </button>
          <button type="button" className="button secondary" onClick={onClose}>
            Not now
          </button>
        </div>
      </form>
    </Dialog>
  );
}
