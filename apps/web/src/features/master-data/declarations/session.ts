import { sessionResource } from '@exam/contracts';
import { defineScreens } from '../declaration.ts';

const fields = [
  'session_id',
  'session_name',
  'current_status',
  'session_disc',
  'session_short_disc',
  'session_format_1',
  'session_format_2',
  'session_format_3',
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
  help: {
    current_status: 'Free text, e.g. Active or Closed.',
    session_format_1: 'The session as printed in full, e.g. 2024-2025.',
    session_format_2: 'The session by months, e.g. JUL 2024 - JUN 2025.',
    session_format_3: 'The short form, e.g. 24-25.',
  },
  failures: { load: 'sign-out', add: 'sign-out', edit: 'sign-out' },
  list: {
    heading: 'List Session',
    addLabel: 'Add New',
    columns: ['session_id', 'session_name', 'current_status', 'session_format_1', 'created_at', 'updated_at'],
    actions: ['view', 'edit', 'delete'],
    deleteConfirm: 'Do you want to Delete?',
  },
  view: {
    heading: 'View Session',
    layout: 'record',
    columns: [...fields, 'created_at', 'updated_at'],
    // The yearly chore: last session's course-semester links and paper schemes into this one.
    links: [
      {
        label: 'Copy links and paper schemes from another session',
        to: (record) => `/CopySession?id=${encodeURIComponent(String(record.session_id))}`,
      },
    ],
  },
  add: { heading: 'Add Session', fields, submitLabel: 'Add' },
  edit: { heading: 'Edit Session', fields, submitLabel: 'Update', successMessage: 'Update Successfully' },
});
