import { z } from 'zod';
import { defineResource, keyText } from '../kit/index.ts';
import { attemptType, examFormsAccess } from './exam-form.ts';

/**
 * One candidate sitting one paper in one exam (lifecycle spec S2/S8): created when a form is approved, removed when
 * it is cancelled before conduct; every later mark, attendance row and result line refers to it. Read-only.
 */
export const attemptResource = defineResource({
  name: 'attempt',
  title: 'Attempt',
  keyFields: ['attempt_id'],
  capability: { read: examFormsAccess.read, write: 'exam-forms.approve' },
  scopeFields: { college: 'college_id', student: 'student_id' },
  fields: {
    attempt_id: keyText(),
  },
  updatable: [],
  searchFields: ['attempt_id', 'student_id', 'paper_id', 'exam_id'],
  extras: {
    exam_id: z.string(),
    student_id: z.string(),
    session_id: z.string(),
    course_comb_id: z.string(),
    sem_id: z.string(),
    paper_id: z.string(),
    form_id: z.string(),
    college_id: z.string(),
    attempt_type: attemptType.schema,
    attempt_no: z.number().int(),
  },
});
