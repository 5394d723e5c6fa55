import { z } from 'zod';
import { defineEnum, keyText, optionalText, defineResource } from '../../kit/index.ts';
import { masterDataAccess } from '../access.ts';
import { optionalKey } from '../fields.ts';

export const activeStatus = defineEnum([
  { value: 0, label: 'Not Active' },
  { value: 1, label: 'Active' },
]);

export const examResource = defineResource({
  name: 'exam',
  title: 'Exam',
  keyFields: ['exam_id'],
  capability: masterDataAccess,
  fields: {
    exam_id: keyText(),
    exam_desc: optionalText(500),
    active_status: activeStatus.schema,
    session_id: keyText(),
    // The exam cycle the exam sits in (its label is what marksheets print as "Examination: May 2024").
    rti: optionalKey(),
  },
  updatable: ['exam_desc', 'active_status', 'session_id', 'rti'],
  parents: [
    { resource: 'session', fields: ['session_id'] },
    { resource: 'examcycle', fields: ['rti'] },
  ],
  searchFields: ['exam_id', 'exam_desc', 'session_id'],
  extras: { student_exam_cycle: z.string().optional() },
});
