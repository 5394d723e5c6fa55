import { courseResource, programmeLevel } from '@exam/contracts';
import { defineScreens } from '../declaration.ts';

const fields = [
  'course_comb_id',
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
];

export const screens = defineScreens({
  resource: courseResource,
  labels: {
    course_comb_id: 'Course Comb Id',
    course_id: 'Course Id',
    course_comb_code: 'Course Comb Code',
    course_comb_name1: 'Course Comb Name1',
    course_comb_name2: 'Course Comb Name2',
    course_comb_name3: 'Course Comb Name3',
    course_comb_name4: 'Course Comb Name4',
    th_pr_id: 'Th Pr Id',
    remark: 'Remark',
    course_comb_name_hi: 'Course Comb Name (Hindi)',
    duration_years: 'Duration (Years)',
    programme_level: 'Programme Level',
  },
  help: {
    course_comb_id: 'Short unique code of the course combination, e.g. BA01.',
    course_comb_code: 'The code printed on mark sheets for this combination.',
    course_comb_name1: 'First line of the name: the degree, e.g. Bachelor of Arts.',
    course_comb_name2: 'Second line: the subjects of the combination.',
    course_comb_name3: 'Third line: any further detail (medium, scheme).',
    course_comb_name4: 'The name shown in lists and dropdowns, e.g. B.A. (Hindi, English, History).',
    th_pr_id: 'Whether the combination has theory papers only or also practicals.',
  },
  enums: { programme_level: programmeLevel },
  lang: { course_comb_name_hi: 'hi' },
  failures: { load: 'sign-out', add: 'show', edit: 'show' },
  list: {
    heading: 'List Courses',
    addLabel: 'Add New',
    // The spec's list shows only these five.
    columns: [
      { field: 'course_comb_id', header: 'Id' },
      { field: 'course_comb_code', header: 'Code' },
      { field: 'course_comb_name4', header: 'Name4' },
      'th_pr_id',
      'remark',
    ],
    actions: ['view', 'edit', 'delete'],
    deleteConfirm: 'Do you want to delete the course',
    pageSource: 'path',
    searchable: false,
  },
  view: { heading: 'View Course', layout: 'record', columns: [...fields, 'created_at', 'updated_at'] },
  add: { heading: 'Add Course', fields, submitLabel: 'Add' },
  edit: { heading: 'Edit Course', fields, submitLabel: 'Update' },
});
