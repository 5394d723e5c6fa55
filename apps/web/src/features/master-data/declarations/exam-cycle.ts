import { examCycleResource } from '@exam/contracts';
import { defineScreens } from '../declaration.ts';

const columns = ['rti', 'student_exam_cycle', 'created_at', 'updated_at'];

export const screens = defineScreens({
  resource: examCycleResource,
  labels: { rti: 'RTI (Id)', student_exam_cycle: 'Student Exam Cycle' },
  failures: { load: 'sign-out', add: 'sign-out', edit: 'sign-out' },
  list: {
    heading: 'List Exams Cycle',
    addLabel: 'Add New',
    columns,
    actions: ['view', 'edit', 'delete'],
    deleteConfirm: 'Do you want to delete the course',
  },
  view: { heading: 'View Exam Cycle', columns },
  add: { heading: 'Add Exam Cycle', fields: ['rti', 'student_exam_cycle'], submitLabel: 'Add' },
  // Only student_exam_cycle may change; rti is the key, shown read-only.
  edit: { heading: 'Edit Exam Cycle', fields: ['rti', 'student_exam_cycle'], submitLabel: 'Update' },
});
