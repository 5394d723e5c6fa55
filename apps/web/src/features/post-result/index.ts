// Post-result applications (lifecycle S9): re-totalling, revaluation and photocopy at /RevalEntry.
import { postResultRoutes } from './routes.tsx';

export { postResultRoutes };

/** The placeholder paths this feature serves itself now. */
export const servedPostResultPaths: string[] = (postResultRoutes.signedIn ?? []).map((r) => r.path!);
