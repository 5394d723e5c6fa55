import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/feature-routes.ts';
import { servedStudentPaths } from '../students/index.ts';
import { placeholderModules } from './modules.ts';

const Dashboard = lazy(() => import('./dashboard.tsx'));
const Placeholder = lazy(() => import('./placeholder.tsx'));

export const dashboardRoutes: FeatureRoutes = {
  public: [{ path: '/Register', element: <Placeholder /> }],
  signedIn: [
    { path: '/Dashboard', element: <Dashboard /> },
    ...Object.values(placeholderModules)
      .flat()
      // The students feature serves its own screens now.
      .filter((path) => path !== '/Register' && !servedStudentPaths.includes(path))
      .map((path) => ({ path, element: <Placeholder /> })),
  ],
};
