import { keyText, optionalText, requiredText, defineResource } from '../../kit/index.ts';
import { masterDataAccess } from '../access.ts';

export const sessionResource = defineResource({
  name: 'session',
  title: 'Session',
  keyFields: ['session_id'],
  capability: masterDataAccess,
  fields: {
    session_id: keyText(),
    session_name: requiredText(200),
    // Shown as "Active Status"; free text in the legacy data, no enumeration.
    current_status: optionalText(100),
    session_disc: optionalText(500),
    session_short_disc: optionalText(200),
    session_format_1: optionalText(100),
    session_format_2: optionalText(100),
    session_format_3: optionalText(100),
  },
  updatable: [
    'session_name',
    'current_status',
    'session_disc',
    'session_short_disc',
    'session_format_1',
    'session_format_2',
    'session_format_3',
  ],
  searchFields: ['session_id', 'session_name', 'session_format_1'],
});
