import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/feature-routes.ts';

const links = () => import('./exam-link-screens.tsx');
const forms = () => import('./exam-form-screens.tsx');
const ExamLinkList = lazy(() => links().then((m) => ({ default: m.ExamLinkList })));
const ExamLinkAdd = lazy(() => links().then((m) => ({ default: m.ExamLinkAdd })));
const ExamLinkEdit = lazy(() => links().then((m) => ({ default: m.ExamLinkEdit })));
const ExamLinkView = lazy(() => links().then((m) => ({ default: m.ExamLinkView })));
const StudentExamForm = lazy(() => forms().then((m) => ({ default: m.StudentExamForm })));
const ExamFormEntry = lazy(() => forms().then((m) => ({ default: m.ExamFormEntry })));

/**
 * The exam set-up and form screens of the exam-forms feature (its index merges them with the timetable and
 * admit cards).
 */
export const formsRoutes: FeatureRoutes = {
  signedIn: [
    { path: '/ListExamsCCInfo', element: <ExamLinkList /> },
    { path: '/AddExamCCInfo', element: <ExamLinkAdd /> },
    { path: '/EditExamCCInfo', element: <ExamLinkEdit /> },
    { path: '/ViewExamCCInfo', element: <ExamLinkView /> },
    { path: '/PreExamForm', element: <StudentExamForm /> },
    { path: '/PreExamFormEntry', element: <ExamFormEntry /> },
  ],
};
