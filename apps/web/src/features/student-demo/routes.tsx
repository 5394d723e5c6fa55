import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/feature-routes.ts';
import { demoPaths } from './paths.ts';

const demo = (name: 'StudentList' | 'StudentAdd' | 'StudentEdit' | 'StudentView') =>
  lazy(() => import('./screens.tsx').then((m) => ({ default: m[name] })));
const StudentList = demo('StudentList');
const StudentAdd = demo('StudentAdd');
const StudentEdit = demo('StudentEdit');
const StudentView = demo('StudentView');

/** The demo service serves signed-in staff only, as the API does. */
export const studentDemoRoutes: FeatureRoutes = {
  signedIn: [
    { path: demoPaths.list, element: <StudentList /> },
    { path: '/add', element: <StudentAdd /> },
    { path: '/edit/:id', element: <StudentEdit /> },
    { path: '/view/:id', element: <StudentView /> },
  ],
};
