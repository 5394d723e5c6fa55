import { collegeResource, collegeStatus, collegeType, isCentre } from '@exam/contracts';
import { startAffiliationLetters } from '../api/affiliation-letters-api.ts';
import { defineScreens } from '../declaration.ts';

const fields = [
  'college_id',
  'college_name',
  'college_name_hi',
  'college_code',
  'district',
  'college_type',
  'is_centre',
];

export const screens = defineScreens({
  resource: collegeResource,
  labels: {
    college_id: 'College Id',
    college_name: 'College Name',
    college_name_hi: 'College Name (Hindi)',
    college_code: 'College Code',
    district: 'District',
    college_type: 'College Type',
    is_centre: 'Exam Centre',
    status: 'Status',
  },
  // status is moved by the college's workflow actions, never typed in: shown, not in the forms.
  enums: { college_type: collegeType, is_centre: isCentre, status: collegeStatus },
  lang: { college_name_hi: 'hi' },
  failures: { load: 'record', add: 'show', edit: 'show' },
  list: {
    heading: 'List Colleges',
    addLabel: 'Add New',
    columns: [
      'college_id',
      'college_name',
      'college_name_hi',
      'district',
      'college_type',
      'is_centre',
      'status',
    ],
    actions: ['view', 'edit', 'delete'],
    deleteConfirm: 'Do you want to delete the College',
  },
  view: {
    heading: 'View College',
    layout: 'record',
    columns: [...fields, 'status', 'created_at', 'updated_at'],
    // A college out of a faculty user's scope answers 404: said on the page, not a sign-out.
    loadFailure: 'record',
    // Letters of affiliation, one bilingual PDF by a job: this college's, or every college's.
    jobs: [
      {
        label: 'Print affiliation letter',
        capability: 'master-data.write',
        unit: 'letters',
        start: (college) => startAffiliationLetters({ college_ids: [String(college.college_id)] }),
      },
      {
        label: 'Print letters of all colleges',
        capability: 'master-data.write',
        unit: 'letters',
        start: () => startAffiliationLetters({ all: true }),
      },
    ],
  },
  add: { heading: 'Add College', fields, submitLabel: 'Add' },
  edit: { heading: 'Edit College', fields, submitLabel: 'Update' },
});
