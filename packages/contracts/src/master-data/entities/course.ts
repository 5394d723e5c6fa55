import { defineEnum, keyText, optionalText, requiredText, defineResource } from '../../kit/index.ts';
import { masterDataAccess } from '../access.ts';
import { defaultedWholeNumber, hindiText, optionalEnum } from '../fields.ts';

export const programmeLevel = defineEnum([
  { value: 'UG', label: 'Undergraduate' },
  { value: 'PG', label: 'Postgraduate' },
  { value: 'DIPLOMA', label: 'Diploma' },
]);

export const courseResource = defineResource({
  name: 'course',
  title: 'Course',
  keyFields: ['course_comb_id'],
  capability: masterDataAccess,
  fields: {
    course_comb_id: keyText(),
    course_id: optionalText(30),
    course_comb_code: optionalText(50),
    course_comb_name1: optionalText(200),
    course_comb_name2: optionalText(200),
    course_comb_name3: optionalText(200),
    // The name every dropdown and list shows.
    course_comb_name4: requiredText(200),
    th_pr_id: optionalText(30),
    remark: optionalText(500),
    // The Hindi name printed beside course_comb_name4 on documents.
    course_comb_name_hi: hindiText(200),
    // Nominal years of the programme (3 unless given): completion limits count from it.
    duration_years: defaultedWholeNumber(1, 10),
    programme_level: optionalEnum(programmeLevel),
  },
  updatable: [
    'course_id',
    'course_comb_code',
    'course_comb_name1',
    'course_comb_name2',
    'course_comb_name3',
    'course_comb_name4',
    'th_pr_id',
    'remark',
    'course_comb_name_hi',
    'duration_years',
    'programme_level',
  ],
  searchFields: ['course_comb_id', 'course_comb_code', 'course_comb_name4'],
  // The legacy add-course screen reads `session` from the answer.
  legacyCreateKeys: ['session'],
});
