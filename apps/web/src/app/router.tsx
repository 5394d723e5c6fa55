import type { ResourceName } from '@exam/contracts';
import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import type { ResourceScreenComponent } from '../components/resource/resource-screen.tsx';
import { screenModules } from '../screens/master-data/index.ts';
import { Layout } from './layout.tsx';
import { RequireAuth } from './require-auth.tsx';
import { demoPaths, placeholderModules, resourcePaths, type ScreenKind } from './route-table.ts';

/** Every screen is its own chunk, loaded when its route is first opened. */
const Login = lazy(() => import('../screens/login.tsx'));
const Dashboard = lazy(() => import('../screens/dashboard.tsx'));
const Logout = lazy(() => import('../screens/logout.tsx'));
const Placeholder = lazy(() => import('../screens/placeholder.tsx'));
const NotFound = lazy(() => import('../screens/not-found.tsx'));

const demo = (name: 'StudentList' | 'StudentAdd' | 'StudentEdit' | 'StudentView') =>
  lazy(() => import('../screens/student-demo/screens.tsx').then((m) => ({ default: m[name] })));
const StudentList = demo('StudentList');
const StudentAdd = demo('StudentAdd');
const StudentEdit = demo('StudentEdit');
const StudentView = demo('StudentView');

/** Each kind of master-data screen is its own chunk, so a list does not load the form library and an add screen no table. */
const screenKinds: Record<ScreenKind, () => Promise<ResourceScreenComponent>> = {
  list: () => import('../components/resource/resource-list.tsx').then((m) => m.ResourceList),
  add: () => import('../components/resource/resource-add.tsx').then((m) => m.ResourceAdd),
  edit: () => import('../components/resource/resource-edit.tsx').then((m) => m.ResourceEdit),
  view: () => import('../components/resource/resource-view.tsx').then((m) => m.ResourceView),
};

function resourceScreen(name: ResourceName, kind: ScreenKind): ComponentType {
  return lazy(async () => {
    const [{ screens }, Screen, { ResourceScreen }] = await Promise.all([
      screenModules[name](),
      screenKinds[kind](),
      import('../components/resource/resource-screen.tsx'),
    ]);
    return { default: () => <ResourceScreen screens={screens} Screen={Screen} /> };
  });
}

const resourceRoutes: RouteObject[] = Object.entries(resourcePaths).flatMap(([name, paths]) =>
  Object.entries(paths).map(([kind, path]) => {
    const Screen = resourceScreen(name as ResourceName, kind as ScreenKind);
    return { path, element: <Screen /> };
  }),
);

const placeholderRoutes: RouteObject[] = Object.values(placeholderModules)
  .flat()
  .filter((path) => path !== '/Register')
  .map((path) => ({ path, element: <Placeholder /> }));

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <Login /> },
      { path: '/Login', element: <Login /> },
      { path: '/Logout/:id?', element: <Logout /> },
      { path: '/Register', element: <Placeholder /> },
      { path: demoPaths.list, element: <StudentList /> },
      { path: '/add', element: <StudentAdd /> },
      { path: '/edit/:id', element: <StudentEdit /> },
      { path: '/view/:id', element: <StudentView /> },
      {
        element: <RequireAuth />,
        children: [{ path: '/Dashboard', element: <Dashboard /> }, ...resourceRoutes, ...placeholderRoutes],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
