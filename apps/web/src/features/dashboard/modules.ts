/**
 * The rest of the spec's route table (section 2), spelled exactly as written: modules that are not available
 * yet.
 */

/**
 * Routes whose contents the spec does not show, with the module each belongs to. `/EditStudentAcademic`
 * reuses the EditStudent screen, so it shows that screen's title.
 */
export const placeholderModules: Record<string, readonly string[]> = {
  Students: [
    '/ListStudents',
    '/AddStudent',
    '/EditStudent',
    '/ViewStudent',
    '/ListStudentCCInfo',
    '/AddStudentCCInfo',
    '/EditStudentCCInfo',
    '/ViewStudentCCInfo',
    '/ListStudentAcademic',
    '/AddStudentAcademic',
    '/EditStudentAcademic',
    '/ViewStudentAcademic',
    '/ListStudentResultDetail',
    '/AddStudentResultDetail',
    '/EditStudentResultDetail',
    '/ViewStudentResultDetail',
    '/ListStudentPaper',
    '/AddStudentPaper',
    '/EditStudentPaper',
    '/ViewStudentPaper',
  ],
  'Exam course links': ['/ListExamsCCInfo', '/AddExamCCInfo', '/EditExamCCInfo', '/ViewExamCCInfo'],
  'Internal marks': [
    '/ListInternal',
    '/AddInternal',
    '/EditInternal',
    '/ViewInternal',
    '/CIAList',
    '/OldSchemeCIA',
    '/NewSchemeCIA',
    '/OldSchemeInternalEntry',
    '/NewSchemeInternalEntry',
    '/InternalEntryList',
  ],
  'External marks': [
    '/ListExternal',
    '/AddExternal',
    '/EditExternal',
    '/ViewExternal',
    '/ExternalMarksEntry',
    '/FlapEntry',
    '/RevalEntry',
    '/AttendanceSheet',
    '/AwardList',
    '/FlapStickers',
    '/PresentAbsent',
    '/SeatingPlan',
    '/Stickers',
    '/UFMEntry',
  ],
  'External practicals': [
    '/ExtPracticalList',
    '/OldSchemeExtPracticalList',
    '/NewSchemeExtPracticalList',
    '/ExtPracticalEntry',
    '/OldSchemeExtPracticalEntry',
    '/NewSchemeExtPracticalEntry',
  ],
  'Exam forms and admit cards': ['/PreExamForm', '/PreAdmitCard', '/PreExamFormEntry', '/PreTimeTable'],
  Results: [
    '/ResultOld',
    '/ResultNew',
    '/ResultNep',
    '/ResultCourseDetail',
    '/ResultCourseCombinationDetail',
  ],
  Calculation: ['/CalculateOld', '/CalculateNew'],
  Documents: [
    '/DocumentOld',
    '/DocumentNew',
    '/DocsNewCertificate',
    '/DocsNewDegree',
    '/DocsNewMarksheet',
    '/DocsNewMigration',
    '/DocsNewProvisionalDegree',
    '/DocsNewTranscript',
  ],
  'Document administration': [
    '/DocumentAdminOld',
    '/DocumentAdminNew',
    '/DocsNewProvisionalDegreeAdmin',
    '/DocsNewCertificateAdmin',
    '/DocsNewDegreeAdmin',
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
