// Students and enrolment (lifecycle S1): the register, enrolments, academic records and paper choices, and
// the student's own panel.
import { lazy } from 'react';
export { studentsRoutes } from './routes.tsx';
export { servedStudentPaths, studentPaths } from './paths.ts';

/**
 * The student role's dashboard panel (its own record, enrolments and papers), loaded with the dashboard of a
 * student.
 */
export const StudentPanel = lazy(() => import('./screens/student-panel.tsx'));
