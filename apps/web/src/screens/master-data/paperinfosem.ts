import { electiveStatus, groupCode, paperInfoSemResource, paperType, theoryPractical, yesNo } from '@exam/contracts';
import { defineScreens } from '../../components/resource/declaration.ts';
import { coursesOfSession, paperOptions, semesterOptions, sessionOptions } from './lookups.ts';

const fields = [
  'session_id', 'course_comb_id', 'sem_id', 'paper_id',
  'group_status', 'group_code', 'max_marks', 'min_marks', 'ext_max_marks', 'ext_min_marks',
  'int_max_marks', 'int_min_marks', 'th_pr_status', 'paper_score_status', 'credit_point',
  'paper_type', 'elective_status',
];

export const screens = defineScreens({
  resource: paperInfoSemResource,
  labels: {
    session_id: 'Session Id',
    course_comb_id: 'Course Comb Id',
    course_comb_name4: 'Course (Combination)',
    sem_id: 'Sem Id',
    paper_id: 'Paper Id',
    paper_name: 'Paper Name',
    group_status: 'Group Status',
    group_code: 'Group Code',
    max_marks: 'Max Marks',
    min_marks: 'Min Marks',
    ext_max_marks: 'Ext Max Marks',
    ext_min_marks: 'Ext Min Marks',
    int_max_marks: 'Int Max Marks',
    int_min_marks: 'Int Min Marks',
    th_pr_status: 'Th Pr Status',
    paper_score_status: 'Paper Score Status',
    credit_point: 'Credit Point',
    paper_type: 'Paper Type',
    elective_status: 'Elective Status',
  },
  enums: {
    group_status: yesNo,
    group_code: groupCode,
    th_pr_status: theoryPractical,
    paper_score_status: yesNo,
    paper_type: paperType,
    elective_status: electiveStatus,
  },
  lookups: { session_id: sessionOptions, course_comb_id: coursesOfSession, sem_id: semesterOptions, paper_id: paperOptions },
  failures: { load: 'sign-out', add: 'silent', edit: 'sign-out' },
  list: {
    heading: 'List PaperInfoSem',
    addLabel: 'Add New',
    columns: ['session_id', 'course_comb_name4', 'course_comb_id', 'sem_id', 'paper_id', 'paper_name', 'created_at', 'updated_at'],
    actions: ['view', 'edit', 'delete'],
    actionColumn: 'first',
    deleteConfirm: 'Do you want to delete the Paper',
  },
  view: {
    heading: 'View PaperInfoSem',
    layout: 'record',
    columns: [...fields.slice(0, 2), 'course_comb_name4', ...fields.slice(2, 4), 'paper_name', ...fields.slice(4), 'created_at', 'updated_at'],
  },
  add: { heading: 'Add PaperInfoSem', fields, submitLabel: 'Add' },
  edit: { heading: 'Edit PaperInfoSem', fields, submitLabel: 'Update' },
});
