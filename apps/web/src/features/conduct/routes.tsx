import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/feature-routes.ts';

const screens = () => import('./conduct-screens.tsx');
const SeatingPlan = lazy(() => screens().then((m) => ({ default: m.SeatingPlanScreen })));
const Stickers = lazy(() => screens().then((m) => ({ default: m.StickersScreen })));
const AttendanceSheet = lazy(() => screens().then((m) => ({ default: m.AttendanceSheetScreen })));
const PresentAbsent = lazy(() => screens().then((m) => ({ default: m.PresentAbsentScreen })));
const UfmEntry = lazy(() => screens().then((m) => ({ default: m.UfmEntryScreen })));

/** The conduct screens of the route table (lifecycle S5). */
export const conductRoutes: FeatureRoutes = {
  signedIn: [
    { path: '/SeatingPlan', element: <SeatingPlan /> },
    { path: '/Stickers', element: <Stickers /> },
    { path: '/AttendanceSheet', element: <AttendanceSheet /> },
    { path: '/PresentAbsent', element: <PresentAbsent /> },
    { path: '/UFMEntry', element: <UfmEntry /> },
  ],
};
