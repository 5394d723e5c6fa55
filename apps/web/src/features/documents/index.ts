// Documents (lifecycle S10/S11): drafting, checking, approval and issue of marksheets to degrees; public
// verification.
import { lazy } from 'react';
import { documentsRoutes } from './routes.tsx';

export { documentsRoutes };

/** The placeholder paths this feature serves itself now. */
export const servedDocumentsPaths: string[] = (documentsRoutes.signedIn ?? []).map((r) => r.path!);

/** The student's own issued documents, for its dashboard. */
export const StudentDocumentsPanel = lazy(() => import('./student-panel.tsx'));
