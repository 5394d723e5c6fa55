import { courseResource } from '@exam/contracts';
import { defineScreens } from '../../components/resource/declaration.ts';

const fields = [
  'course_comb_id', 'course_id', 'course_comb_code', 'course_comb_name1', 'course_comb_name2',
  'course_comb_name3', 'course_comb_name4', 'th_pr_id', 'remark',
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
  },
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
