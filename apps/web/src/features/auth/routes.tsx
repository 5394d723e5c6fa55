import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/feature-routes.ts';

/** Every screen is its own chunk, loaded when its route is first opened. */
const Login = lazy(() => import('./login.tsx'));
const Logout = lazy(() => import('./logout.tsx'));

export const authRoutes: FeatureRoutes = {
  public: [
    { path: '/', element: <Login /> },
    { path: '/Login', element: <Login /> },
    { path: '/Logout/:id?', element: <Logout /> },
  ],
};
