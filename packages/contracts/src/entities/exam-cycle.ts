import { keyText, requiredText } from '../fields.ts';
import { defineResource } from '../resource.ts';

export const examCycleResource = defineResource({
  name: 'examcycle',
  title: 'Exam cycle',
  keyFields: ['rti'],
  fields: {
    rti: keyText(),
    student_exam_cycle: requiredText(200),
  },
  updatable: ['student_exam_cycle'],
  searchFields: ['rti', 'student_exam_cycle'],
});
