// Exam set-up, exam forms, timetable and admit cards (lifecycle S2 and S4).
import type { FeatureRoutes } from '../../lib/feature-routes.ts';
import { formsRoutes } from './forms-routes.tsx';

export const examFormsRoutes: FeatureRoutes = {
  signedIn: [...(formsRoutes.signedIn ?? [])],
};

/** The placeholder paths this feature serves itself now. */
export const servedExamFormPaths: string[] = (examFormsRoutes.signedIn ?? []).map((r) => r.path!);
