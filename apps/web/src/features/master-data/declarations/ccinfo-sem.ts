import { ccinfoSemResource } from '@exam/contracts';
import { defineScreens } from '../declaration.ts';
import { courseOptions, semesterOptions, sessionOptions } from './lookups.ts';

const columns = [
  { field: 'session_id', header: 'Session Id' },
  { field: 'course_comb_id', header: 'Course Comb Id' },
  { field: 'sem_id', header: 'Sem Id' },
  'created_at',
  'updated_at',
];

export const screens = defineScreens({
  resource: ccinfoSemResource,
  labels: { session_id: 'Session', course_comb_id: 'Course combination', sem_id: 'Semester' },
  lookups: { session_id: sessionOptions, course_comb_id: courseOptions, sem_id: semesterOptions },
  // A failed list fetch is only recorded; add failures without errors show nothing (spec section 8).
  failures: { load: 'record', add: 'silent', edit: 'sign-out' },
  list: {
    heading: 'List CCInfoSem',
    addLabel: 'Add New CCInfoSem (course_comb_id,session_id,sem_id)',
    columns,
    actions: ['view', 'delete'],
    deleteConfirm: 'Do you want to delete the course',
  },
  view: {
    heading: 'View CCInfoSem',
    columns: [
      columns[0],
      columns[1],
      { field: 'course_comb_name4', header: 'Course (Combination)' },
      ...columns.slice(2),
    ],
  },
  // Repeated entry: session, course combination and semester stay for the next link (change the one that
  // differs).
  add: {
    heading: 'Add CCInfoSem',
    fields: ['session_id', 'course_comb_id', 'sem_id'],
    submitLabel: 'Add',
    carryOver: ['session_id', 'course_comb_id', 'sem_id'],
    anotherLabel: 'Add and add another',
  },
});
