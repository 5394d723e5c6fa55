import { Suspense, useLayoutEffect, useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { DialogHost } from '../components/ui/dialog.tsx';
import { Loading } from '../components/ui/page.tsx';
import { useCurrentUser } from '../lib/auth.ts';
import { adoptTokenFromSearch, takeConflictingTokenAtStart } from '../lib/token.ts';
import { useT } from '../lib/i18n.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { LinkTokenChoice } from './link-token-choice.tsx';
import { Logo } from './logo.tsx';

export const UNIVERSITY_NAME = import.meta.env.VITE_UNIVERSITY_NAME || 'State University';

/**
 * An address with `?token=` (old links): the token leaves the address bar at once; it is stored when nobody
 * is signed in, and when someone else is, the user is asked which account stays (`LinkTokenChoice`) before
 * any screen shows.
 */
function useTokenFromQuery() {
  const location = useLocation();
  const navigate = useNavigate();
  const [conflicting, setConflicting] = useState(takeConflictingTokenAtStart);
  // Stored during render, so the screens below already send it; adopting the same address again changes
  // nothing.
  const adopted = useMemo(() => adoptTokenFromSearch(location.search), [location.search]);
  // A conflict must hold the screens back in this very render: they would check the signed-in token at once.
  const [seen, setSeen] = useState<typeof adopted>(null);
  if (adopted !== seen) {
    setSeen(adopted);
    if (adopted?.conflicting) setConflicting(adopted.conflicting);
  }
  useLayoutEffect(() => {
    if (adopted)
      navigate(
        { pathname: location.pathname, search: adopted.search, hash: location.hash },
        { replace: true },
      );
  }, [adopted, location.pathname, location.hash, navigate]);
  return { conflicting, settled: () => setConflicting(null) };
}

function Header({ settled }: { settled: boolean }) {
  const { data: user } = useCurrentUser({ enabled: settled });
  const { t } = useT();
  return (
    <header className="site-header">
      <div className="brand">
        <Logo />
        <div>
          <p className="university">{UNIVERSITY_NAME}</p>
          <p className="product">{t('Examination Administration')}</p>
        </div>
      </div>
      {user && settled && (
        <p className="signed-in">
          <span className="visually-hidden">{t('Signed in as ')}</span>
          {user.display_name} <span className="role">({user.name})</span>
        </p>
      )}
      <LanguageSwitch />
    </header>
  );
}

export function Layout() {
  const link = useTokenFromQuery();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header settled={!link.conflicting} />
      <main id="main" tabIndex={-1}>
        {link.conflicting ? (
          <LinkTokenChoice key={link.conflicting} link={link.conflicting} onDone={link.settled} />
        ) : (
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        )}
      </main>
      <DialogHost />
    </div>
  );
}
