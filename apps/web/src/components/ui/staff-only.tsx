import type { ReactNode } from 'react';
import { Link, useLocation, type RouteObject } from 'react-router-dom';
import { usePermissions } from '../../lib/auth.ts';
import { useT } from '../../lib/i18n.ts';
import { Notice, Page } from './page.tsx';

/**
 * A screen of the university's staff. A student who opens its address (an old link, a typed route) gets a
 * short page that sends it to its dashboard, where its own forms, admit cards, results and documents are:
 * the screen itself is not rendered, so none of its staff calls (exam lists, filters) is made.
 */
export function StaffOnly({ children }: { children: ReactNode }) {
  const { user } = usePermissions();
  const { t } = useT();
  const { pathname } = useLocation();
  if (user?.name !== 'student') return <>{children}</>;
  // The route's name in words, as the legacy titles are: /ResultNep -> Result Nep.
  const title = pathname.slice(1).replace(/([a-z])([A-Z])/g, '$1 $2');
  return (
    <Page title={title}>
      <Notice kind="info">
        {t(
          'This screen is for the university’s staff. Your own results and documents are on your dashboard.',
        )}
      </Notice>
      <p>
        <Link className="button primary" to="/Dashboard">
          {t('Open my dashboard')}
        </Link>
      </p>
    </Page>
  );
}

/** The routes of staff screens, each behind StaffOnly. */
export const staffOnly = (routes: RouteObject[]): RouteObject[] =>
  routes.map((route) => ({ ...route, element: <StaffOnly>{route.element}</StaffOnly> }));
