import {
  courseResource,
  departmentResource,
  examCycleResource,
  paperResource,
  sempartResource,
  sessionResource,
} from '@exam/contracts';
import { labelOr, rowsOf, type OptionSource } from '../api/options.ts';

/** Dropdown sources of the master-data forms, with the labels of spec section 3. */
export const sessionOptions = rowsOf(sessionResource, labelOr('session_format_1', 'session_id'));
export const courseOptions = rowsOf(courseResource, labelOr('course_comb_name4', 'course_comb_id'));
export const semesterOptions = rowsOf(sempartResource, labelOr('sem_disc1', 'sem_id'));
export const paperOptions = rowsOf(paperResource, labelOr('paper_name', 'paper_id'));
export const departmentOptions = rowsOf(departmentResource, labelOr('dept_name', 'dept_id'));
export const examCycleOptions = rowsOf(examCycleResource, labelOr('student_exam_cycle', 'rti'));

/** Only the course combinations that run in the chosen session (they have a ccinfo_sem row there). */
export const coursesOfSession: OptionSource = {
  kind: 'rows',
  resource: courseResource,
  path: (values) =>
    values.session_id ? `/courses_by_session/${encodeURIComponent(values.session_id)}` : null,
  responseKey: 'courses',
  value: 'course_comb_id',
  label: labelOr('course_comb_name4', 'course_comb_id'),
  dependsOn: ['session_id'],
};
