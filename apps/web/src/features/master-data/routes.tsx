import type { ResourceName } from '@exam/contracts';
import { lazy, type ComponentType } from 'react';
import type { FeatureRoutes } from '../../lib/feature-routes.ts';
import { screenModules } from './declarations/index.ts';
import { importPath } from './import-path.ts';
import { resourcePaths, type ScreenKind } from './paths.ts';
import type { ResourceScreenComponent } from './screens/resource-screen.tsx';

/**
 * Each kind of master-data screen is its own chunk, so a list does not load the form library and an add
 * screen no table.
 */
const screenKinds: Record<ScreenKind | 'import', () => Promise<ResourceScreenComponent>> = {
  list: () => import('./screens/resource-list.tsx').then((m) => m.ResourceList),
  add: () => import('./screens/resource-add.tsx').then((m) => m.ResourceAdd),
  edit: () => import('./screens/resource-edit.tsx').then((m) => m.ResourceEdit),
  view: () => import('./screens/resource-view.tsx').then((m) => m.ResourceView),
  delete: () => import('./screens/resource-delete.tsx').then((m) => m.ResourceDelete),
  import: () => import('./screens/resource-import.tsx').then((m) => m.ResourceImport),
};

function resourceScreen(name: ResourceName, kind: ScreenKind | 'import'): ComponentType {
  return lazy(async () => {
    const [{ screens }, Screen, { ResourceScreen }] = await Promise.all([
      screenModules[name](),
      screenKinds[kind](),
      import('./screens/resource-screen.tsx'),
    ]);
    return { default: () => <ResourceScreen screens={screens} Screen={Screen} /> };
  });
}

/** Copy a session's links and schemes into another (reached from the session's view). */
export const sessionCopyPath = '/CopySession';
const SessionCopy = lazy(() => import('./screens/session-copy.tsx'));

export const masterDataRoutes: FeatureRoutes = {
  signedIn: Object.entries(resourcePaths)
    .flatMap(([name, paths]) =>
      Object.entries(paths).map(([kind, path]) => {
        const Screen = resourceScreen(name as ResourceName, kind as ScreenKind);
        return { path, element: <Screen /> };
      }),
    )
    .concat(
      Object.keys(resourcePaths).map((name) => {
        const Screen = resourceScreen(name as ResourceName, 'import');
        return { path: importPath(name as ResourceName), element: <Screen /> };
      }),
      { path: sessionCopyPath, element: <SessionCopy /> },
    ),
};
