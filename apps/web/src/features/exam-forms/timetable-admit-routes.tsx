import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/feature-routes.ts';

const TimetableScreen = lazy(() =>
  import('./timetable-screen.tsx').then((m) => ({ default: m.TimetableScreen })),
);
const AdmitCardScreen = lazy(() =>
  import('./admit-card-screen.tsx').then((m) => ({ default: m.AdmitCardScreen })),
);

/**
 * The timetable and admit-card screens of the exam-forms feature (its index merges them with the forms
 * screens).
 */
export const timetableAdmitRoutes: FeatureRoutes = {
  signedIn: [
    { path: '/PreTimeTable', element: <TimetableScreen /> },
    { path: '/PreAdmitCard', element: <AdmitCardScreen /> },
  ],
};

/** The student's admit cards on its dashboard. */
export const AdmitCardPanel = lazy(() => import('./admit-card-screen.tsx'));
