// Results (lifecycle S8): result runs and their workflow, student results with explanations, analysis,
// rule-set views.
import { lazy } from 'react';
import { resultsRoutes } from './routes.tsx';

export { resultsRoutes };

/** The placeholder paths this feature serves itself now. */
export const servedResultsPaths: string[] = (resultsRoutes.signedIn ?? []).map((r) => r.path!);

/** The student's own published results, for its dashboard. */
export const StudentResultsPanel = lazy(() => import('./student-panel.tsx'));
