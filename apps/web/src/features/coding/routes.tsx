import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/feature-routes.ts';

const FlapStickersScreen = lazy(() =>
  import('./flap-stickers-screen.tsx').then((m) => ({ default: m.FlapStickersScreen })),
);
const FlapEntryScreen = lazy(() =>
  import('./flap-entry-screen.tsx').then((m) => ({ default: m.FlapEntryScreen })),
);
const ExaminerScreen = lazy(() =>
  import('./examiner-screen.tsx').then((m) => ({ default: m.ExaminerScreen })),
);

export const codingRoutes: FeatureRoutes = {
  signedIn: [
    { path: '/FlapStickers', element: <FlapStickersScreen /> },
    { path: '/FlapEntry', element: <FlapEntryScreen /> },
    { path: '/Examiners', element: <ExaminerScreen /> },
  ],
};
