import { z } from 'zod';
import { keyText, defineResource } from '../../kit/index.ts';
import { masterDataAccess } from '../access.ts';

/** Which semesters a course combination runs in a session. Every field is part of the key. */
export const ccinfoSemResource = defineResource({
  name: 'ccinfo_sem',
  path: 'ccinfosem',
  responseKey: 'ccinfo_sem',
  title: 'Course-semester link',
  keyFields: ['session_id', 'course_comb_id', 'sem_id'],
  capability: masterDataAccess,
  fields: {
    session_id: keyText(),
    course_comb_id: keyText(),
    sem_id: keyText(),
  },
  updatable: [],
  parents: [
    { resource: 'session', fields: ['session_id'] },
    { resource: 'course', fields: ['course_comb_id'] },
    { resource: 'sempart', fields: ['sem_id'] },
  ],
  searchFields: ['session_id', 'course_comb_id', 'sem_id'],
  extras: { course_comb_name4: z.string().optional() },
});
