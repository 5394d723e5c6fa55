import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Loading, Page } from '../../components/ui/page.tsx';
import { logout } from '../../lib/auth.ts';
import { endSession } from '../../lib/session.ts';
import { getToken } from '../../lib/token.ts';

/**
 * Revokes the stored token and, for old links, the token in the optional `:id`; then storage is cleared and
 * the user goes to the root, whether the server agreed or not (spec section 4).
 */
export default function Logout() {
  const { id } = useParams();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The token must not stay in the address bar while the calls run.
    if (id) navigate('/Logout', { replace: true });
    const tokens = [...new Set([getToken(), id?.trim()].filter((t): t is string => !!t))];
    void Promise.allSettled(tokens.map((token) => logout(token))).finally(endSession);
  }, [id, navigate]);

  return (
    <Page title="Logout" nav={false}>
      <Loading what="Signing out…" />
    </Page>
  );
}
