import { z } from 'zod';
import { defineEnum, keyText, optionalText, defineResource } from '../../kit/index.ts';
import { masterDataAccess } from '../access.ts';
import { optionalEnum } from '../fields.ts';

export const yesNo = defineEnum([
  { value: 'Y', label: 'YES' },
  { value: 'N', label: 'NO' },
]);

export const groupCode = defineEnum([
  { value: 'NG', label: 'No Group' },
  ...Array.from({ length: 10 }, (_, i) => ({ value: `G${i + 1}` as const, label: `G${i + 1}` })),
] as const);

export const theoryPractical = defineEnum([
  { value: 'TH', label: 'TH' },
  { value: 'PR', label: 'PR' },
]);

export const paperType = defineEnum([
  { value: 0, label: 'External and Internal' },
  { value: 1, label: 'External Only' },
  { value: 2, label: 'Internal Only' },
]);

export const electiveStatus = defineEnum([
  { value: 0, label: 'No' },
  { value: 1, label: 'Yes' },
]);

/** NEP course categories (UGC curriculum framework); null for papers of the older schemes. */
export const courseCategory = defineEnum([
  { value: 'MAJOR', label: 'Major' },
  { value: 'MINOR', label: 'Minor' },
  { value: 'MDC', label: 'Multidisciplinary' },
  { value: 'AEC', label: 'Ability Enhancement' },
  { value: 'SEC', label: 'Skill Enhancement' },
  { value: 'VAC', label: 'Value Added' },
  { value: 'INTERNSHIP', label: 'Internship' },
  { value: 'VOCATIONAL', label: 'Vocational' },
  { value: 'RESEARCH', label: 'Research' },
]);

/** Pairs of marks where the minimum may not exceed the maximum when both are numbers. */
export const marksPairs = [
  ['min_marks', 'max_marks'],
  ['ext_min_marks', 'ext_max_marks'],
  ['int_min_marks', 'int_max_marks'],
] as const;

const NUMBER = /^\d+(\.\d+)?$/;

/**
 * Marks stay free text (legacy rows hold other notes), but a numeric minimum above its numeric maximum is
 * refused.
 */
function checkMarks(record: Record<string, unknown>) {
  const errors: Record<string, string[]> = {};
  for (const [min, max] of marksPairs) {
    const lo = String(record[min] ?? '');
    const hi = String(record[max] ?? '');
    if (NUMBER.test(lo) && NUMBER.test(hi) && Number(lo) > Number(hi)) {
      errors[min] = [`Must not exceed ${max} (${hi})`];
    }
  }
  return errors;
}

/** Marks are free text in the legacy data ("probably numeric"); kept as text, at most 10 characters. */
const marks = () => optionalText(10);

/** A paper's place in a course combination's semester, with its marks scheme. */
export const paperInfoSemResource = defineResource({
  name: 'paperinfosem',
  title: 'Paper-semester link',
  keyFields: ['session_id', 'course_comb_id', 'sem_id', 'paper_id'],
  capability: masterDataAccess,
  fields: {
    session_id: keyText(),
    course_comb_id: keyText(),
    sem_id: keyText(),
    paper_id: keyText(),
    group_status: yesNo.schema,
    group_code: groupCode.schema,
    max_marks: marks(),
    min_marks: marks(),
    ext_max_marks: marks(),
    ext_min_marks: marks(),
    int_max_marks: marks(),
    int_min_marks: marks(),
    th_pr_status: theoryPractical.schema,
    paper_score_status: yesNo.schema,
    credit_point: optionalText(10),
    paper_type: paperType.schema,
    elective_status: electiveStatus.schema,
    course_category: optionalEnum(courseCategory),
  },
  updatable: [
    'group_status',
    'group_code',
    'max_marks',
    'min_marks',
    'ext_max_marks',
    'ext_min_marks',
    'int_max_marks',
    'int_min_marks',
    'th_pr_status',
    'paper_score_status',
    'credit_point',
    'paper_type',
    'elective_status',
    'course_category',
  ],
  parents: [
    { resource: 'session', fields: ['session_id'] },
    { resource: 'course', fields: ['course_comb_id'] },
    { resource: 'sempart', fields: ['sem_id'] },
    { resource: 'paper', fields: ['paper_id'] },
    // The course must run in that semester of that session before a paper can be placed there.
    { resource: 'ccinfo_sem', fields: ['session_id', 'course_comb_id', 'sem_id'] },
  ],
  searchFields: ['session_id', 'course_comb_id', 'sem_id', 'paper_id'],
  extras: { course_comb_name4: z.string().optional(), paper_name: z.string().optional() },
  check: checkMarks,
});
