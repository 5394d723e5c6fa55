// The dashboard (one panel per role) and the routes of modules that are not available yet.
export { dashboardRoutes } from './routes.tsx';
