import type { ReactNode } from 'react';
import { Notice, Page } from '../../components/ui/page.tsx';
import { useT } from '../../lib/i18n.ts';
import { useCodingAccess } from './coding-api.ts';

/**
 * Coding screens are for the secrecy cell only (admin, or office with the secrecy flag); everyone else reads
 * why.
 */
export function SecrecyGate({ title, children }: { title: string; children: ReactNode }) {
  const access = useCodingAccess();
  const { t } = useT();
  if (access.isPending)
    return (
      <Page title={title}>
        <p>{t('Loading…')}</p>
      </Page>
    );
  if (!access.data?.secrecy) {
    return (
      <Page title={title}>
        <Notice kind="error">
          {t(
            'Only the secrecy cell may see or change the answer-book coding: admin, or an office ' +
              'user with the secrecy flag.',
          )}
        </Notice>
      </Page>
    );
  }
  return <>{children}</>;
}
