import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/feature-routes.ts';

const RevalEntryScreen = lazy(() =>
  import('./reval-screens.tsx').then((m) => ({ default: m.RevalEntryScreen })),
);

/** The post-result screens of the route table (lifecycle S9): re-totalling and revaluation. */
export const postResultRoutes: FeatureRoutes = {
  signedIn: [{ path: '/RevalEntry', element: <RevalEntryScreen /> }],
};
