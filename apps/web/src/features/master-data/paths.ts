import type { ResourceName } from '@exam/contracts';

/**
 * Master-data paths of the spec's route table (section 2), spelled exactly as written; the resources the
 * lifecycle added (colleges, departments, rule sets) have paths in the same style.
 */

export type ScreenKind = 'list' | 'add' | 'edit' | 'view' | 'delete';

/**
 * Screens of the master-data resources. ccinfo_sem has no edit route; only sessions and courses have a
 * delete route of their own (the spec's /DeleteSession and /DeleteCourse; every list deletes from its row).
 */
export const resourcePaths: Record<
  ResourceName,
  Partial<Record<ScreenKind, string>> & { list: string; add: string; view: string }
> = {
  session: {
    list: '/ListSession',
    add: '/AddSession',
    edit: '/EditSession',
    view: '/ViewSession',
    delete: '/DeleteSession',
  },
  course: {
    list: '/ListCourses',
    add: '/AddCourse',
    edit: '/EditCourse',
    view: '/ViewCourse',
    delete: '/DeleteCourse',
  },
  paper: { list: '/ListPapers', add: '/AddPaper', edit: '/EditPaper', view: '/ViewPaper' },
  sempart: { list: '/ListSems', add: '/AddSem', edit: '/EditSem', view: '/ViewSem' },
  ccinfo_sem: { list: '/ListCCInfoSem', add: '/AddCCInfoSem', view: '/ViewCCInfoSem' },
  paperinfosem: {
    list: '/ListPaperInfoSem',
    add: '/AddPaperInfoSem',
    edit: '/EditPaperInfoSem',
    view: '/ViewPaperInfoSem',
  },
  exam: { list: '/ListExams', add: '/AddExam', edit: '/EditExam', view: '/ViewExam' },
  examcycle: {
    list: '/ListExamCycles',
    add: '/AddExamCycle',
    edit: '/EditExamCycle',
    view: '/ViewExamCycle',
  },
  college: { list: '/ListColleges', add: '/AddCollege', edit: '/EditCollege', view: '/ViewCollege' },
  department: {
    list: '/ListDepartments',
    add: '/AddDepartment',
    edit: '/EditDepartment',
    view: '/ViewDepartment',
  },
  ruleset: { list: '/ListRuleSets', add: '/AddRuleSet', edit: '/EditRuleSet', view: '/ViewRuleSet' },
};
