// The student-records demo screens, served by the separate demo service.
export { studentDemoRoutes } from './routes.tsx';
export { forgetDemoBase } from './api.ts';
