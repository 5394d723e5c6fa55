import { paperResource } from '@exam/contracts';
import { defineScreens } from '../declaration.ts';
import { departmentOptions } from './lookups.ts';

const columns = [
  'paper_id',
  'paper_name',
  'paper_code',
  'paper_desc',
  'paper_code_desc',
  'created_at',
  'updated_at',
];
// The spec's fields in its order (EditPaper, section 2), then the lifecycle's additions.
const fields = [
  'paper_id',
  'paper_name',
  'paper_code',
  'paper_code_desc',
  'paper_desc',
  'paper_name_hi',
  'dept_id',
];

export const screens = defineScreens({
  resource: paperResource,
  labels: {
    paper_id: 'Paper Id',
    paper_name: 'Paper Name',
    paper_code: 'Paper Code',
    paper_desc: 'Paper Desc',
    paper_code_desc: 'Paper Code Desc',
    paper_name_hi: 'Paper Name (Hindi)',
    dept_id: 'Department',
    dept_name: 'Department',
  },
  lookups: { dept_id: departmentOptions },
  lang: { paper_name_hi: 'hi' },
  failures: { load: 'sign-out', add: 'sign-out', edit: 'sign-out' },
  list: {
    heading: 'List Papers',
    addLabel: 'Add New',
    columns: [...columns.slice(0, 5), 'paper_name_hi', 'dept_name', ...columns.slice(5)],
    actions: ['view', 'edit', 'delete'],
    deleteConfirm: 'Do you want to delete the Paper',
  },
  // The spec lists this view's columns exactly (section 2); the lifecycle's fields show in the list and the
  // forms.
  view: { heading: 'List Papers', columns, addLabel: 'Add New Paper' },
  add: { heading: 'Add Paper', fields, submitLabel: 'Add' },
  edit: { heading: 'Edit Paper', fields, submitLabel: 'Edit' },
});
