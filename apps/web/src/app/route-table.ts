import type { ResourceName } from '@exam/contracts';

/** The spec's route table (section 2), spelled exactly as written. */

export type ScreenKind = 'list' | 'add' | 'edit' | 'view';

/** Screens of the eight master-data resources. ccinfo_sem has no edit route. */
export const resourcePaths: Record<ResourceName, Partial<Record<ScreenKind, string>> & { list: string; add: string; view: string }> = {
  session: { list: '/ListSession', add: '/AddSession', edit: '/EditSession', view: '/ViewSession' },
  course: { list: '/ListCourses', add: '/AddCourse', edit: '/EditCourse', view: '/ViewCourse' },
  paper: { list: '/ListPapers', add: '/AddPaper', edit: '/EditPaper', view: '/ViewPaper' },
  sempart: { list: '/ListSems', add: '/AddSem', edit: '/EditSem', view: '/ViewSem' },
  ccinfo_sem: { list: '/ListCCInfoSem', add: '/AddCCInfoSem', view: '/ViewCCInfoSem' },
  paperinfosem: { list: '/ListPaperInfoSem', add: '/AddPaperInfoSem', edit: '/EditPaperInfoSem', view: '/ViewPaperInfoSem' },
  exam: { list: '/ListExams', add: '/AddExam', edit: '/EditExam', view: '/ViewExam' },
  examcycle: { list: '/ListExamCycles', add: '/AddExamCycle', edit: '/EditExamCycle', view: '/ViewExamCycle' },
};

/** The student-records demo; `/List` is the list that Back to Home returns to (the legacy route named List). */
export const demoPaths = {
  list: '/List',
  add: '/add',
  edit: (id: string | number) => `/edit/${id}`,
  view: (id: string | number) => `/view/${id}`,
};

/**
 * Routes whose contents the spec does not show, with the module each belongs to. `/EditStudentAcademic` reuses the
 * EditStudent screen, so it shows that screen's title.
 */
export const placeholderModules: Record<string, readonly string[]> = {
  Sessions: ['/DeleteSession'],
  Courses: ['/DeleteCourse'],
  Students: [
    '/ListStudents', '/AddStudent', '/EditStudent', '/ViewStudent',
    '/ListStudentCCInfo', '/AddStudentCCInfo', '/EditStudentCCInfo', '/ViewStudentCCInfo',
    '/ListStudentAcademic', '/AddStudentAcademic', '/EditStudentAcademic', '/ViewStudentAcademic',
    '/ListStudentResultDetail', '/AddStudentResultDetail', '/EditStudentResultDetail', '/ViewStudentResultDetail',
    '/ListStudentPaper', '/AddStudentPaper', '/EditStudentPaper', '/ViewStudentPaper',
  ],
  'Exam course links': ['/ListExamsCCInfo', '/AddExamCCInfo', '/EditExamCCInfo', '/ViewExamCCInfo'],
  'Internal marks': [
    '/ListInternal', '/AddInternal', '/EditInternal', '/ViewInternal',
    '/CIAList', '/OldSchemeCIA', '/NewSchemeCIA', '/OldSchemeInternalEntry', '/NewSchemeInternalEntry', '/InternalEntryList',
  ],
  'External marks': [
    '/ListExternal', '/AddExternal', '/EditExternal', '/ViewExternal',
    '/ExternalMarksEntry', '/FlapEntry', '/RevalEntry', '/AttendanceSheet', '/AwardList', '/FlapStickers',
    '/PresentAbsent', '/SeatingPlan', '/Stickers', '/UFMEntry',
  ],
  'External practicals': [
    '/ExtPracticalList', '/OldSchemeExtPracticalList', '/NewSchemeExtPracticalList',
    '/ExtPracticalEntry', '/OldSchemeExtPracticalEntry', '/NewSchemeExtPracticalEntry',
  ],
  'Exam forms and admit cards': ['/PreExamForm', '/PreAdmitCard', '/PreExamFormEntry', '/PreTimeTable'],
  Results: ['/ResultOld', '/ResultNew', '/ResultNep', '/ResultCourseDetail', '/ResultCourseCombinationDetail'],
  Calculation: ['/CalculateOld', '/CalculateNew'],
  Documents: [
    '/DocumentOld', '/DocumentNew', '/DocsNewCertificate', '/DocsNewDegree', '/DocsNewMarksheet',
    '/DocsNewMigration', '/DocsNewProvisionalDegree', '/DocsNewTranscript',
  ],
  'Document administration': [
    '/DocumentAdminOld', '/DocumentAdminNew', '/DocsNewProvisionalDegreeAdmin', '/DocsNewCertificateAdmin', '/DocsNewDegreeAdmin',
  ],
  Registration: ['/Register'],
};

/** A route name read as words: `/ListStudentCCInfo` -> "List Student CC Info", `/UFMEntry` -> "UFM Entry". */
export function titleOfPath(path: string): string {
  const name = path === '/EditStudentAcademic' ? 'EditStudent' : path.replace(/^\//, '');
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim();
}

export const moduleOfPath = (path: string) =>
  Object.entries(placeholderModules).find(([, paths]) => paths.includes(path))?.[0];
