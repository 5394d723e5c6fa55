import { departmentResource } from '@exam/contracts';
import { defineScreens } from '../declaration.ts';

const fields = ['dept_id', 'dept_name', 'dept_name_hi'];
const columns = [...fields, 'created_at', 'updated_at'];

export const screens = defineScreens({
  resource: departmentResource,
  labels: { dept_id: 'Dept Id', dept_name: 'Department Name', dept_name_hi: 'Department Name (Hindi)' },
  lang: { dept_name_hi: 'hi' },
  failures: { load: 'record', add: 'show', edit: 'show' },
  list: {
    heading: 'List Departments',
    addLabel: 'Add New',
    columns,
    actions: ['view', 'edit', 'delete'],
    deleteConfirm: 'Do you want to delete the Department',
  },
  // Not a legacy screen: a department that cannot be loaded is said on the page, not a sign-out.
  view: { heading: 'View Department', columns, loadFailure: 'record' },
  add: { heading: 'Add Department', fields, submitLabel: 'Add' },
  edit: { heading: 'Edit Department', fields, submitLabel: 'Update' },
});
