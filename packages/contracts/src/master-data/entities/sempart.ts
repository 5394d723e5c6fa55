import { keyText, optionalText, requiredText, defineResource } from '../../kit/index.ts';
import { masterDataAccess } from '../access.ts';

export const sempartResource = defineResource({
  name: 'sempart',
  title: 'Semester/Part',
  keyFields: ['sem_id'],
  capability: masterDataAccess,
  fields: {
    sem_id: keyText(),
    sem_name: requiredText(200),
    sem_disc1: optionalText(200),
    sem_disc2: optionalText(200),
    sem_disc3: optionalText(200),
    sem_disc4: optionalText(200),
  },
  updatable: ['sem_name', 'sem_disc1', 'sem_disc2', 'sem_disc3', 'sem_disc4'],
  searchFields: ['sem_id', 'sem_name', 'sem_disc1'],
  // The legacy add-semester screen reads `session` as well as `sempart`.
  legacyCreateKeys: ['session'],
});
