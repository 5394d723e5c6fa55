/** The students screens of the spec's route table (section 2), spelled exactly as written. */
export const studentPaths = {
  student: { list: '/ListStudents', add: '/AddStudent', edit: '/EditStudent', view: '/ViewStudent' },
  studentccinfo: {
    list: '/ListStudentCCInfo',
    add: '/AddStudentCCInfo',
    edit: '/EditStudentCCInfo',
    view: '/ViewStudentCCInfo',
  },
  // The spec's /EditStudentAcademic reuses the EditStudent screen (routes.tsx).
  studentacademic: { list: '/ListStudentAcademic', add: '/AddStudentAcademic', view: '/ViewStudentAcademic' },
  studentpaper: {
    list: '/ListStudentPaper',
    add: '/AddStudentPaper',
    edit: '/EditStudentPaper',
    view: '/ViewStudentPaper',
  },
} as const;

export type StudentResourceName = keyof typeof studentPaths;
export type ScreenKind = 'list' | 'add' | 'edit' | 'view';

/** Every path the feature serves (the dashboard's placeholders leave them out). */
export const servedStudentPaths: string[] = [
  ...Object.values(studentPaths).flatMap((p) => Object.values(p) as string[]),
  '/EditStudentAcademic',
];
