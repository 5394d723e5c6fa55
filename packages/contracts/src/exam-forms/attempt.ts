import { z } from 'zod';
import { defineResource, keyText } from '../kit/index.ts';
import { attemptType, examFormsAccess } from './exam-form.ts';

/**
 * One candidate sitting one paper in one exam (lifecycle spec S2/S8): created when a form is approved,
 * removed when it is cancelled before conduct; every later mark, attendance row and result line refers to it.
 * Read-only.
 */
export const attemptResource = defineResource({
  name: 'attempt',
  title: 'Attempt',
  keyFields: ['attempt_id'],
  capability: { read: examFormsAccess.read, write: 'exam-forms.approve' },
  scopeFields: { college: 'college_id', student: 'student_id' },
  // Written only by the form workflow (the API refuses a create); declared as fields so lists filter on them.
  fields: {
    attempt_id: keyText(),
    exam_id: keyText(),
    student_id: keyText(),
    session_id: keyText(),
    course_comb_id: keyText(),
    sem_id: keyText(),
    paper_id: keyText(),
    form_id: keyText(),
  },
  updatable: [],
  parents: [
    { resource: 'exam', fields: ['exam_id'] },
    { resource: 'student', fields: ['student_id'] },
    { resource: 'paperinfosem', fields: ['session_id', 'course_comb_id', 'sem_id', 'paper_id'] },
    { resource: 'examform', fields: ['form_id'] },
  ],
  searchFields: ['attempt_id', 'student_id', 'paper_id', 'exam_id'],
  extras: {
    college_id: z.string(),
    attempt_type: attemptType.schema,
    attempt_no: z.number().int(),
  },
});
