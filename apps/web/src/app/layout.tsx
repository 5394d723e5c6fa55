import { Suspense, useLayoutEffect, useMemo } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Loading } from '../components/page.tsx';
import { useCurrentUser } from '../lib/auth.ts';
import { adoptTokenFromSearch } from '../lib/token.ts';
import { Logo } from './logo.tsx';

export const UNIVERSITY_NAME = import.meta.env.VITE_UNIVERSITY_NAME || 'State University';

/** An in-app link with `?token=` (old screens): the token goes to storage and leaves the address bar. */
function useTokenFromQuery() {
  const location = useLocation();
  const navigate = useNavigate();
  // Stored during render, so the screens below already send it; storing it again is harmless.
  const rest = useMemo(() => adoptTokenFromSearch(location.search), [location.search]);
  useLayoutEffect(() => {
    if (rest !== null) navigate({ pathname: location.pathname, search: rest, hash: location.hash }, { replace: true });
  }, [rest, location.pathname, location.hash, navigate]);
}

function Header() {
  const { data: user } = useCurrentUser();
  return (
    <header className="site-header">
      <div className="brand">
        <Logo />
        <div>
          <p className="university">{UNIVERSITY_NAME}</p>
          <p className="product">Examination Administration</p>
        </div>
      </div>
      {user && (
        <p className="signed-in">
          <span className="visually-hidden">Signed in as </span>
          {user.display_name} <span className="role">({user.name})</span>
        </p>
      )}
    </header>
  );
}

export function Layout() {
  useTokenFromQuery();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
