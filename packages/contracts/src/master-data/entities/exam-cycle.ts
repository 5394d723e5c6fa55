import { keyText, requiredText, defineResource } from '../../kit/index.ts';
import { masterDataAccess } from '../access.ts';

export const examCycleResource = defineResource({
  name: 'examcycle',
  title: 'Exam cycle',
  keyFields: ['rti'],
  capability: masterDataAccess,
  fields: {
    rti: keyText(),
    student_exam_cycle: requiredText(200),
  },
  updatable: ['student_exam_cycle'],
  searchFields: ['rti', 'student_exam_cycle'],
});
