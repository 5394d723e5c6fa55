import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { authRoutes } from '../features/auth/index.ts';
import { codingRoutes } from '../features/coding/index.ts';
import { conductRoutes } from '../features/conduct/index.ts';
import { dashboardRoutes } from '../features/dashboard/index.ts';
import { documentsRoutes } from '../features/documents/index.ts';
import { examFormsRoutes } from '../features/exam-forms/index.ts';
import { marksRoutes } from '../features/marks/index.ts';
import { masterDataRoutes } from '../features/master-data/index.ts';
import { postResultRoutes } from '../features/post-result/index.ts';
import { resultsRoutes } from '../features/results/index.ts';
import { studentDemoRoutes } from '../features/student-demo/index.ts';
import { studentsRoutes } from '../features/students/index.ts';
import type { FeatureRoutes } from '../lib/feature-routes.ts';
import { Layout } from './layout.tsx';
import { RequireAuth } from './require-auth.tsx';

const NotFound = lazy(() => import('./not-found.tsx'));

/** The features the app serves. Adding one: its folder under features/ and one line here. */
const features: FeatureRoutes[] = [
  authRoutes,
  dashboardRoutes,
  masterDataRoutes,
  studentDemoRoutes,
  studentsRoutes,
  examFormsRoutes,
  codingRoutes,
  conductRoutes,
  marksRoutes,
  resultsRoutes,
  postResultRoutes,
  documentsRoutes,
];

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      ...features.flatMap((f) => f.public ?? []),
      { element: <RequireAuth />, children: features.flatMap((f) => f.signedIn ?? []) },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
