import { z } from 'zod';
import { defineEnum, defineResource, keyText } from '../kit/index.ts';
import { defaultedEnum, optionalKey, defaultedWholeNumber } from '../master-data/index.ts';
import { studentsAccess } from '../students/index.ts';

/**
 * Why a paper is owed: the result engine's backlog reasons (results/student-result.ts), or a passed paper
 * open to improvement.
 */
export const backlogCause = defineEnum([
  { value: 'INTERNAL', label: 'Failed internal' },
  { value: 'EXTERNAL', label: 'Failed external' },
  { value: 'BOTH', label: 'Failed internal and external' },
  { value: 'OVERALL', label: 'Failed on the total' },
  { value: 'ABSENT', label: 'Absent' },
  { value: 'MALPRACTICE', label: 'Unfair means' },
  { value: 'IMPROVEMENT', label: 'Passed (may improve once)' },
]);

export const backlogStatus = defineEnum([
  { value: 'OPEN', label: 'Open' },
  { value: 'CLEARED', label: 'Cleared' },
  { value: 'LAPSED', label: 'Lapsed (attempts or duration exhausted)' },
]);

/**
 * A paper a student may still sit as a back paper (or improve, reason IMPROVEMENT): opened and closed by
 * result runs, imported now from the legacy results (POST /api/import/backlog). A back or improvement paper
 * on an exam form comes only from here.
 */
export const backlogResource = defineResource({
  name: 'backlog',
  title: 'Backlog',
  keyFields: ['student_id', 'session_id', 'course_comb_id', 'sem_id', 'paper_id'],
  capability: studentsAccess,
  scopeFields: { college: 'student.college_id', student: 'student_id' },
  fields: {
    student_id: keyText(),
    session_id: keyText(),
    course_comb_id: keyText(),
    sem_id: keyText(),
    paper_id: keyText(),
    first_exam_id: optionalKey(),
    reason: defaultedEnum(backlogCause),
    status: defaultedEnum(backlogStatus),
    attempts_used: defaultedWholeNumber(0, 20),
  },
  updatable: ['first_exam_id', 'reason', 'status', 'attempts_used'],
  parents: [
    { resource: 'student', fields: ['student_id'] },
    { resource: 'paperinfosem', fields: ['session_id', 'course_comb_id', 'sem_id', 'paper_id'] },
  ],
  searchFields: ['student_id', 'paper_id', 'first_exam_id'],
  extras: { name_en: z.string().optional() },
});
