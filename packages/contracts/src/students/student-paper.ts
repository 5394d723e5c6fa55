import { z } from 'zod';
import { defineEnum, defineResource, keyText } from '../kit/index.ts';
import { defaultedEnum } from '../master-data/index.ts';
import { studentsAccess } from './student.ts';

export const choiceSource = defineEnum([
  { value: 'COMPULSORY', label: 'Compulsory' },
  { value: 'ELECTIVE', label: 'Elective' },
]);

export const studentPaperStatus = defineEnum([
  { value: 'ACTIVE', label: 'Active' },
  { value: 'DROPPED', label: 'Dropped' },
]);

/**
 * A paper a student takes in an enrolment (legacy StudentPaper). Compulsory (NG) papers are inserted with the
 * enrolment; an elective is a choice in its group (choice_source and group_code are copied from
 * paperinfosem).
 */
export const studentPaperResource = defineResource({
  name: 'studentpaper',
  title: 'Student paper',
  keyFields: ['student_id', 'session_id', 'course_comb_id', 'sem_id', 'paper_id'],
  capability: studentsAccess,
  scopeFields: { college: 'enrolment.college_id', student: 'student_id' },
  fields: {
    student_id: keyText(),
    session_id: keyText(),
    course_comb_id: keyText(),
    sem_id: keyText(),
    paper_id: keyText(),
    status: defaultedEnum(studentPaperStatus),
  },
  updatable: ['status'],
  parents: [
    { resource: 'studentccinfo', fields: ['student_id', 'session_id', 'course_comb_id', 'sem_id'] },
    { resource: 'paperinfosem', fields: ['session_id', 'course_comb_id', 'sem_id', 'paper_id'] },
  ],
  searchFields: ['student_id', 'paper_id', 'session_id', 'course_comb_id'],
  extras: {
    choice_source: z.enum(['COMPULSORY', 'ELECTIVE']),
    group_code: z.string(),
  },
});
