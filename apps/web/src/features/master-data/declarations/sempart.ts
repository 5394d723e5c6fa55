import { sempartResource } from '@exam/contracts';
import { defineScreens } from '../declaration.ts';

const fields = ['sem_id', 'sem_name', 'sem_disc1', 'sem_disc2', 'sem_disc3', 'sem_disc4'];
const columns = [
  { field: 'sem_id', header: 'Id' },
  'sem_name',
  'sem_disc1',
  'sem_disc2',
  'sem_disc3',
  'sem_disc4',
  { field: 'created_at', header: 'created_at' },
  { field: 'updated_at', header: 'updated_at' },
];

export const screens = defineScreens({
  resource: sempartResource,
  labels: {
    sem_id: 'Sem Id',
    sem_name: 'Sem Name',
    sem_disc1: 'Sem Desc1',
    sem_disc2: 'Sem Desc2',
    sem_disc3: 'Sem Desc3',
    sem_disc4: 'Sem Desc4',
  },
  help: {
    sem_disc1: 'The semester or part as written on documents, e.g. I or First.',
    sem_disc2: 'A second spelling, e.g. in words (First Semester).',
    sem_disc3: 'A third spelling, e.g. the year it belongs to (Part I).',
    sem_disc4: 'A fourth spelling, for any other printout.',
  },
  failures: { load: 'sign-out', add: 'silent', edit: 'sign-out' },
  list: {
    heading: 'List SemPart',
    addLabel: 'Add New SemPart',
    columns,
    actions: ['view', 'edit', 'delete'],
    deleteConfirm: 'Do you want to delete the SemPart',
  },
  view: { heading: 'View Semester/Part', columns },
  add: { heading: 'Add New SemPart', fields, submitLabel: 'Add' },
  edit: { heading: 'Edit Semester/Part', fields, submitLabel: 'Update' },
});
