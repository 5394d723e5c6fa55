// Post-result applications (lifecycle S9): re-totalling, revaluation and photocopy at /RevalEntry.
import { lazy } from 'react';
import { postResultRoutes } from './routes.tsx';

export { postResultRoutes };

/** The student dashboard's way to /RevalEntry. */
export const StudentRevalLink = lazy(() => import('./student-link.tsx'));

/** The placeholder paths this feature serves itself now. */
export const servedPostResultPaths: string[] = (postResultRoutes.signedIn ?? []).map((r) => r.path!);
