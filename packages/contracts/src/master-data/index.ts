// Master data: the eight legacy entities, colleges, departments and rule sets, their registry and the legacy
// lookup calls.
export { sessionResource } from './entities/session.ts';
export { courseResource, programmeLevel } from './entities/course.ts';
export { paperResource } from './entities/paper.ts';
export { sempartResource } from './entities/sempart.ts';
export { ccinfoSemResource } from './entities/ccinfo-sem.ts';
export {
  paperInfoSemResource,
  yesNo,
  groupCode,
  theoryPractical,
  paperType,
  electiveStatus,
  marksPairs,
  courseCategory,
} from './entities/paperinfosem.ts';
export { examResource, activeStatus } from './entities/exam.ts';
export { examCycleResource } from './entities/exam-cycle.ts';
export { collegeResource, collegeType, collegeStatus, isCentre } from './entities/college.ts';
export { departmentResource } from './entities/department.ts';
export { rulesetResource, rulesetScheme, rulesetStatus } from './entities/ruleset.ts';
export { checkMarksScheme, schemeCheckResult, type SchemeCheckResult } from './scheme-check.ts';
export * from './registry.ts';
export * from './lookups.ts';
export * from './workflows.ts';
export * from './affiliation-letters.ts';
export * from './session-copy.ts';
export {
  hindiText,
  defaultedEnum,
  optionalEnum,
  wholeNumber,
  defaultedWholeNumber,
  optionalKey,
} from './fields.ts';
