import { paperResource } from '@exam/contracts';
import { defineScreens } from '../../components/resource/declaration.ts';

const columns = ['paper_id', 'paper_name', 'paper_code', 'paper_desc', 'paper_code_desc', 'created_at', 'updated_at'];
const fields = ['paper_id', 'paper_name', 'paper_code', 'paper_code_desc', 'paper_desc'];

export const screens = defineScreens({
  resource: paperResource,
  labels: {
    paper_id: 'Paper Id',
    paper_name: 'Paper Name',
    paper_code: 'Paper Code',
    paper_desc: 'Paper Desc',
    paper_code_desc: 'Paper Code Desc',
  },
  failures: { load: 'sign-out', add: 'sign-out', edit: 'sign-out' },
  list: {
    heading: 'List Papers',
    addLabel: 'Add New',
    columns,
    actions: ['view', 'edit', 'delete'],
    deleteConfirm: 'Do you want to delete the Paper',
  },
  view: { heading: 'List Papers', columns, addLabel: 'Add New Paper' },
  add: { heading: 'Add Paper', fields, submitLabel: 'Add' },
  edit: { heading: 'Edit Paper', fields, submitLabel: 'Edit' },
});
