import { sessionResource } from '@exam/contracts';
import { defineScreens } from '../../components/resource/declaration.ts';

const fields = [
  'session_id', 'session_name', 'current_status', 'session_disc', 'session_short_disc',
  'session_format_1', 'session_format_2', 'session_format_3',
];

export const screens = defineScreens({
  resource: sessionResource,
  labels: {
    session_id: 'Session Id',
    session_name: 'Session Name',
    current_status: 'Active Status',
    session_disc: 'Session Desc',
    session_short_disc: 'Session Short Desc',
    session_format_1: 'Session Format 1',
    session_format_2: 'Session Format 2',
    session_format_3: 'Session Format 3',
  },
  failures: { load: 'sign-out', add: 'sign-out', edit: 'sign-out' },
  list: {
    heading: 'List Session',
    addLabel: 'Add New',
    columns: ['session_id', 'session_name', 'current_status', 'session_format_1', 'created_at', 'updated_at'],
    actions: ['view', 'edit', 'delete'],
    deleteConfirm: 'Do you want to Delete?',
  },
  view: { heading: 'View Session', layout: 'record', columns: [...fields, 'created_at', 'updated_at'] },
  add: { heading: 'Add Session', fields, submitLabel: 'Add' },
  edit: { heading: 'Edit Session', fields, submitLabel: 'Update', successMessage: 'Update Successfully' },
});
