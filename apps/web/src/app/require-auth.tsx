import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { Loading } from '../components/ui/page.tsx';
import { useCurrentUser } from '../lib/auth.ts';
import { handleLoadFailure } from '../lib/failures.ts';
import { getToken } from '../lib/token.ts';
import { SessionExpiryWarning } from './session-expiry.tsx';

/**
 * Staff screens: no token goes to the root; the token is checked (check-user) and a failed check signs out.
 * Five minutes before the token runs out, a dialog offers to continue (SessionExpiryWarning).
 */
export function RequireAuth() {
  const token = getToken();
  const user = useCurrentUser();
  useEffect(() => {
    if (user.error) handleLoadFailure(user.error, 'sign-out');
  }, [user.error]);
  if (!token) return <Navigate to="/" replace />;
  if (user.isPending) return <Loading what="Checking your sign-in…" />;
  if (user.isError) return <Loading what="Signing out…" />;
  return (
    <>
      <Outlet />
      <SessionExpiryWarning />
    </>
  );
}
