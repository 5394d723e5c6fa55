import { lazy, type ComponentType } from 'react';
import type { FeatureRoutes } from '../../lib/feature-routes.ts';
import { studentPaths, type ScreenKind, type StudentResourceName } from './paths.ts';
import type { StudentScreens } from './declarations.ts';

type Screen = ComponentType<{ screens: StudentScreens }>;

/** Each kind of screen is its own chunk; the declarations load with the first one. */
const kinds: Record<ScreenKind, () => Promise<Screen>> = {
  list: () => import('./screens/student-list.tsx').then((m) => m.StudentList),
  add: () => import('./screens/student-form.tsx').then((m) => m.StudentAdd),
  edit: () => import('./screens/student-form.tsx').then((m) => m.StudentEdit),
  view: () => import('./screens/student-view.tsx').then((m) => m.StudentView),
};

function screen(name: StudentResourceName, kind: ScreenKind) {
  return lazy(async () => {
    const [{ studentScreens }, Screen] = await Promise.all([import('./declarations.ts'), kinds[kind]()]);
    return { default: () => <Screen screens={studentScreens[name]} /> };
  });
}

const EditStudentAcademic = screen('studentacademic', 'edit');

export const studentsRoutes: FeatureRoutes = {
  signedIn: [
    ...Object.entries(studentPaths).flatMap(([name, paths]) =>
      Object.entries(paths).map(([kind, path]) => {
        const Screen = screen(name as StudentResourceName, kind as ScreenKind);
        return { path, element: <Screen /> };
      }),
    ),
    // The spec's /EditStudentAcademic reuses the EditStudent screen: the edit form, titled "Edit Student".
    { path: '/EditStudentAcademic', element: <EditStudentAcademic /> },
  ],
};
