import type { RouteObject } from 'react-router-dom';

/**
 * What a feature adds to the router (`app/router.tsx` assembles them): routes anyone may open, and routes
 * behind sign-in.
 */
export interface FeatureRoutes {
  public?: RouteObject[];
  signedIn?: RouteObject[];
}
