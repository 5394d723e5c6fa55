import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/feature-routes.ts';
import { servedCodingPaths } from '../coding/index.ts';
import { servedConductPaths } from '../conduct/index.ts';
import { servedDocumentsPaths } from '../documents/index.ts';
import { servedExamFormPaths } from '../exam-forms/index.ts';
import { servedMarksPaths } from '../marks/index.ts';
import { servedPostResultPaths } from '../post-result/index.ts';
import { servedResultsPaths } from '../results/index.ts';
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
      // The students and exam-forms features serve their own screens now.
      .filter(
        (path) =>
          path !== '/Register' &&
          !servedStudentPaths.includes(path) &&
          !servedExamFormPaths.includes(path) &&
          !servedConductPaths.includes(path) &&
          !servedCodingPaths.includes(path) &&
          !servedMarksPaths.includes(path) &&
          !servedResultsPaths.includes(path) &&
          !servedPostResultPaths.includes(path) &&
          !servedDocumentsPaths.includes(path),
      )
      .map((path) => ({ path, element: <Placeholder /> })),
  ],
};
