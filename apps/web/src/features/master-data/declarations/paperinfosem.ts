import {
  checkMarksScheme,
  courseCategory,
  electiveStatus,
  groupCode,
  paperInfoSemResource,
  paperType,
  theoryPractical,
  yesNo,
} from '@exam/contracts';
import { defineScreens } from '../declaration.ts';
import { coursesOfSession, paperOptions, semesterOptions, sessionOptions } from './lookups.ts';

const fields = [
  'session_id',
  'course_comb_id',
  'sem_id',
  'paper_id',
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
];

const labels: Record<string, string> = {
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
  course_category: 'Course Category (NEP)',
  scheme_check: 'Marks Scheme Check',
};

/**
 * The marks-scheme check (the API's .../scheme-check, from the same contracts function): marks can be entered
 * only against a numeric, consistent scheme; the line says why not.
 */
const schemeCheck = (record: Record<string, unknown>) => {
  const { valid, errors } = checkMarksScheme(record);
  if (valid) return 'Ready for marks entry';
  const reasons = Object.entries(errors).map(
    ([field, messages]) => `${labels[field] ?? field}: ${messages.join(' ')}`,
  );
  return `Cannot take marks. ${reasons.join(' ')}`;
};

export const screens = defineScreens({
  resource: paperInfoSemResource,
  labels,
  enums: {
    group_status: yesNo,
    group_code: groupCode,
    th_pr_status: theoryPractical,
    paper_score_status: yesNo,
    paper_type: paperType,
    elective_status: electiveStatus,
    course_category: courseCategory,
  },
  computed: { scheme_check: schemeCheck },
  help: {
    group_status: 'Y when the paper is one of a group the student chooses from; N otherwise.',
    group_code: 'The group the paper belongs to (NG: in no group).',
    ext_max_marks: 'Maximum marks of the external (university) examination.',
    ext_min_marks: 'Minimum marks to pass the external examination.',
    int_max_marks: 'Maximum marks of the internal (college) assessment.',
    int_min_marks: 'Minimum marks to pass the internal assessment.',
    th_pr_status: 'Whether the paper is theory or practical.',
    paper_score_status: 'Y when the paper’s marks count towards the result.',
    credit_point: 'Credits of the paper (a number, e.g. 4 or 4.5).',
    paper_type: 'Which parts carry marks: external and internal, external only, or internal only.',
    elective_status: 'Whether the paper is compulsory or an elective.',
  },
  lookups: {
    session_id: sessionOptions,
    course_comb_id: coursesOfSession,
    sem_id: semesterOptions,
    paper_id: paperOptions,
  },
  failures: { load: 'sign-out', add: 'silent', edit: 'sign-out' },
  list: {
    heading: 'List PaperInfoSem',
    addLabel: 'Add New',
    columns: [
      'session_id',
      'course_comb_name4',
      'course_comb_id',
      'sem_id',
      'paper_id',
      'paper_name',
      'created_at',
      'updated_at',
    ],
    actions: ['view', 'edit', 'delete'],
    actionColumn: 'first',
    deleteConfirm: 'Do you want to delete the Paper',
  },
  view: {
    heading: 'View PaperInfoSem',
    layout: 'record',
    columns: [
      ...fields.slice(0, 2),
      'course_comb_name4',
      ...fields.slice(2, 4),
      'paper_name',
      ...fields.slice(4),
      'scheme_check',
      'created_at',
      'updated_at',
    ],
  },
  // Repeated entry: the next paper of the same session, course combination and semester.
  add: {
    heading: 'Add PaperInfoSem',
    fields,
    submitLabel: 'Add',
    carryOver: ['session_id', 'course_comb_id', 'sem_id'],
    anotherLabel: 'Add and add another',
  },
  edit: { heading: 'Edit PaperInfoSem', fields, submitLabel: 'Update' },
});
