// Exam set-up, exam forms, timetable and admit cards (lifecycle S2 and S4).
import type { FeatureRoutes } from '../../lib/feature-routes.ts';
import { formsRoutes } from './forms-routes.tsx';
import { timetableAdmitRoutes } from './timetable-admit-routes.tsx';

export { AdmitCardPanel } from './timetable-admit-routes.tsx';

export const examFormsRoutes: FeatureRoutes = {
  signedIn: [...(formsRoutes.signedIn ?? []), ...(timetableAdmitRoutes.signedIn ?? [])],
};

/** The placeholder paths this feature serves itself now. */
export const servedExamFormPaths: string[] = (examFormsRoutes.signedIn ?? []).map((r) => r.path!);
