import { checkUserResponse, type UserRole } from '@exam/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Loading } from '../components/ui/page.tsx';
import { request } from '../lib/api.ts';
import { logout } from '../lib/auth.ts';
import { getToken, setToken } from '../lib/token.ts';

const who = (user: UserRole) => `${user.display_name} (${user.email})`;

/** Whose a token is; a refused token is an answer here, not a reason to sign out. */
const whoseToken = (token: string | null) => ({
  queryKey: ['link-choice', token],
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    checkUserResponse.parse(
      await request<unknown>('/check-user', { token, signal, skipUnauthorizedHandler: true }),
    ).user_role,
  retry: false,
});

/**
 * An old link carried a token while someone else is signed in. A link must not silently replace the signed-in
 * user, so the user chooses; staying signed in is the default (focused, and what Escape does). When only one
 * of the two tokens is still valid, or both belong to the same user, there is nothing to ask.
 */
export function LinkTokenChoice({ link, onDone }: { link: string; onDone: () => void }) {
  const client = useQueryClient();
  const [signedIn] = useState(getToken);
  const current = useQuery(whoseToken(signedIn));
  const linked = useQuery(whoseToken(link));
  const headingId = useId();
  const textId = useId();
  const stay = useRef<HTMLButtonElement>(null);

  // Once only (effects may run twice): a second switch would sign out the link's own token.
  const settled = useRef(false);
  const keepCurrent = () => {
    if (settled.current) return;
    settled.current = true;
    onDone();
  };
  const switchToLink = () => {
    if (settled.current) return;
    settled.current = true;
    setToken(link);
    // The replaced session is ended on the server too, as a logout would.
    if (signedIn && current.isSuccess) void logout(signedIn).catch(() => {});
    client.clear();
    onDone();
  };

  const undecided = current.isPending || linked.isPending;
  const silent =
    !undecided && (linked.isError || current.isError || current.data?.email === linked.data?.email);
  useEffect(() => {
    if (!silent) return;
    // A dead link token changes nothing; a dead current session gives way to the link's.
    if (current.isError && linked.isSuccess) switchToLink();
    else keepCurrent();
  });

  useEffect(() => {
    if (!undecided && !silent) stay.current?.focus();
  }, [undecided, silent]);

  if (undecided || silent) return <Loading what="Checking the link's sign-in…" />;
  const [me, them] = [current.data!, linked.data!];
  return (
    <div
      className="page link-token-choice"
      role="dialog"
      aria-modal="true"
      aria-labelledby={headingId}
      aria-describedby={textId}
      onKeyDown={(event) => event.key === 'Escape' && keepCurrent()}
    >
      <h1 id={headingId}>Which account should stay signed in?</h1>
      <p id={textId}>
        You are signed in as <strong>{who(me)}</strong>. The link you opened signs in as{' '}
        <strong>{who(them)}</strong>.
      </p>
      <div className="page-nav">
        <button ref={stay} type="button" className="button primary" onClick={keepCurrent}>
          Stay signed in as {me.display_name}
        </button>
        <button type="button" className="button secondary" onClick={switchToLink}>
          Sign out {me.display_name} and continue as {them.display_name}
        </button>
      </div>
    </div>
  );
}
