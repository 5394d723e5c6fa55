import { keyText, requiredText, defineResource } from '../../kit/index.ts';
import { masterDataAccess } from '../access.ts';
import { hindiText } from '../fields.ts';

/** A teaching department: papers belong to one, and faculty are scoped to theirs (users.dept_id). */
export const departmentResource = defineResource({
  name: 'department',
  title: 'Department',
  keyFields: ['dept_id'],
  capability: masterDataAccess,
  scopeFields: { department: 'dept_id' },
  fields: {
    dept_id: keyText(),
    dept_name: requiredText(200),
    dept_name_hi: hindiText(200),
  },
  updatable: ['dept_name', 'dept_name_hi'],
  searchFields: ['dept_id', 'dept_name', 'dept_name_hi'],
});
