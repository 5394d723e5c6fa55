import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../lib/i18n.ts';

/**
 * Back to Previous: the previous screen of this tab, or the dashboard when the screen was opened directly.
 */
export function useBack(fallback = '/Dashboard') {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(fallback);
  };
}

interface PageProps {
  title: string;
  children?: ReactNode;
  /** Admin screens carry Back to Previous and Logout (spec section 2). */
  nav?: boolean;
  /** Extra buttons or links beside the heading. */
  actions?: ReactNode;
}

export function Page({ title, children, nav = true, actions }: PageProps) {
  const back = useBack();
  const navigate = useNavigate();
  const { t } = useT();
  return (
    <section className="page" aria-labelledby="page-title">
      <div className="page-head">
        <h1 id="page-title">{t(title)}</h1>
        {(nav || actions) && (
          <div className="page-nav">
            {actions}
            {nav && (
              <>
                <button type="button" className="button secondary" onClick={back}>
                  {t('Back to Previous')}
                </button>
                <button type="button" className="button secondary" onClick={() => navigate('/Logout')}>
                  {t('Logout')}
                </button>
              </>
            )}
          </div>
        )}
      </div>
      {children}
    </section>
  );
}

export function Notice({ kind, children }: { kind: 'success' | 'error' | 'info'; children: ReactNode }) {
  return (
    <p className={`notice ${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

export function Loading({ what = 'Loading…' }: { what?: string }) {
  const { t } = useT();
  return (
    <p className="loading" role="status" aria-live="polite">
      {t(what)}
    </p>
  );
}
