import { keyText, optionalText, requiredText } from '../fields.ts';
import { defineResource } from '../resource.ts';

export const courseResource = defineResource({
  name: 'course',
  title: 'Course',
  keyFields: ['course_comb_id'],
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
  },
  updatable: [
    'course_id', 'course_comb_code', 'course_comb_name1', 'course_comb_name2',
    'course_comb_name3', 'course_comb_name4', 'th_pr_id', 'remark',
  ],
  searchFields: ['course_comb_id', 'course_comb_code', 'course_comb_name4'],
  // The legacy add-course screen reads `session` from the answer.
  legacyCreateKeys: ['session'],
});
