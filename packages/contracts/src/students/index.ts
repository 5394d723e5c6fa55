// Students and enrolment (lifecycle stage S1): the register, enrolments, earlier qualifications and paper
// choices.
export { studentResource, studentsAccess, gender, category, studentStatus } from './student.ts';
export { studentCcinfoResource, studentType, medium, enrolmentStatus } from './student-ccinfo.ts';
export { studentAcademicResource } from './student-academic.ts';
export { studentPaperResource, choiceSource, studentPaperStatus } from './student-paper.ts';
export { paperList, isoDate } from './fields.ts';
export * from './me.ts';
import { studentResource } from './student.ts';
import { studentCcinfoResource } from './student-ccinfo.ts';
import { studentAcademicResource } from './student-academic.ts';
import { studentPaperResource } from './student-paper.ts';

/** The module's resources, in the order its screens list them. */
export const studentResources = [
  studentResource,
  studentCcinfoResource,
  studentAcademicResource,
  studentPaperResource,
] as const;
