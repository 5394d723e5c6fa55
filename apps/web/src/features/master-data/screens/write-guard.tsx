import type { ReactNode } from 'react';
import { usePermissions } from '../../../lib/auth.ts';
import { Notice } from '../../../components/ui/page.tsx';

/** Add and edit screens for roles that may read master data but not change it (the API refuses anyway). */
export function WriteGuard({ children }: { children: ReactNode }) {
  const { canWrite } = usePermissions();
  if (!canWrite) return <Notice kind="info">Your role can view this data but not change it.</Notice>;
  return <>{children}</>;
}
