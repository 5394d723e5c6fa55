import { activeStatus, examResource } from '@exam/contracts';
import { defineScreens } from '../declaration.ts';
import { examCycleOptions, sessionOptions } from './lookups.ts';

export const screens = defineScreens({
  resource: examResource,
  labels: {
    exam_id: 'Exam Id',
    exam_desc: 'Exam Desc',
    active_status: 'Active Status',
    session_id: 'Session Id',
    rti: 'Exam Cycle',
    student_exam_cycle: 'Student Exam Cycle',
  },
  enums: { active_status: activeStatus },
  lookups: { session_id: sessionOptions, rti: examCycleOptions },
  failures: { load: 'sign-out', add: 'sign-out', edit: 'sign-out' },
  list: {
    heading: 'List Exams Basic',
    addLabel: 'Add New',
    columns: ['session_id', 'exam_id', 'exam_desc', 'active_status', 'created_at', 'updated_at'],
    actions: ['view', 'edit', 'delete'],
    deleteConfirm: 'Do you want to delete the course',
  },
  view: {
    heading: 'View Exam',
    columns: [
      'session_id',
      'exam_id',
      'exam_desc',
      'active_status',
      'rti',
      'student_exam_cycle',
      'created_at',
      'updated_at',
    ],
  },
  add: {
    heading: 'Add Exam',
    fields: ['exam_id', 'exam_desc', 'active_status', 'session_id', 'rti'],
    submitLabel: 'Add',
  },
  // exam_id is the key: shown, not editable.
  edit: {
    heading: 'Edit Exam',
    fields: ['exam_id', 'exam_desc', 'active_status', 'session_id', 'rti'],
    submitLabel: 'Update',
  },
});
