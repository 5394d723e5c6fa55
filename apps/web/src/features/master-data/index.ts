// Master data: the generic list, view, add and edit screens and one declaration per resource.
export { masterDataRoutes } from './routes.tsx';
export { resourcePaths } from './paths.ts';
