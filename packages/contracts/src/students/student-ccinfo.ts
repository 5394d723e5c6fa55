import { z } from 'zod';
import { defineEnum, defineResource, keyText, optionalText } from '../kit/index.ts';
import { defaultedEnum } from '../master-data/index.ts';
import { decimalText } from './fields.ts';
import { studentsAccess } from './student.ts';

export const studentType = defineEnum([
  { value: 'REGULAR', label: 'Regular' },
  { value: 'EX', label: 'Ex-student' },
  { value: 'PRIVATE', label: 'Private' },
]);

export const medium = defineEnum([
  { value: 'EN', label: 'English' },
  { value: 'HI', label: 'Hindi' },
]);

export const enrolmentStatus = defineEnum([
  { value: 'ENROLLED', label: 'Enrolled' },
  { value: 'DETAINED', label: 'Detained' },
  { value: 'PROMOTED', label: 'Promoted' },
  { value: 'PROMOTED_WITH_BACKLOG', label: 'Promoted with backlog' },
  { value: 'LEFT', label: 'Left' },
]);

/**
 * A student's enrolment in a course-semester of a session (legacy StudentCCInfo). The server freezes the
 * batch's rule set on it (ruleset_id, ruleset_version) and inserts the compulsory papers; `electives` (paper
 * ids, e.g. "ENG102") are the choices of each elective group, taken on create only.
 */
export const studentCcinfoResource = defineResource({
  name: 'studentccinfo',
  title: 'Enrolment',
  keyFields: ['student_id', 'session_id', 'course_comb_id', 'sem_id'],
  capability: studentsAccess,
  scopeFields: { college: 'college_id', student: 'student_id' },
  fields: {
    student_id: keyText(),
    session_id: keyText(),
    course_comb_id: keyText(),
    sem_id: keyText(),
    college_id: keyText(),
    class_roll_no: optionalText(30),
    student_type: defaultedEnum(studentType),
    medium: defaultedEnum(medium),
    attendance_percent: decimalText(100),
    status: defaultedEnum(enrolmentStatus),
    electives: optionalText(300),
  },
  updatable: ['college_id', 'class_roll_no', 'student_type', 'medium', 'attendance_percent', 'status'],
  parents: [
    { resource: 'student', fields: ['student_id'] },
    { resource: 'ccinfo_sem', fields: ['session_id', 'course_comb_id', 'sem_id'] },
    { resource: 'college', fields: ['college_id'] },
  ],
  searchFields: ['student_id', 'session_id', 'course_comb_id', 'sem_id', 'class_roll_no'],
  extras: {
    ruleset_id: z.string(),
    ruleset_version: z.number().int(),
    // Set when the first exam form of the semester is submitted (exam forms module): paper choices are
    // closed.
    papers_locked_at: z.string().nullable().optional(),
    name_en: z.string().optional(),
  },
});
