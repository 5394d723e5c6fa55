import { z } from 'zod';
import { defineEnum, keyText, optionalText, requiredText, defineResource } from '../../kit/index.ts';
import { masterDataAccess } from '../access.ts';
import { hindiText } from '../fields.ts';

export const collegeType = defineEnum([
  { value: 'GOVT', label: 'Government' },
  { value: 'AIDED', label: 'Aided' },
  { value: 'PRIVATE', label: 'Private' },
  { value: 'CONSTITUENT', label: 'Constituent' },
]);

export const isCentre = defineEnum([
  { value: 0, label: 'No' },
  { value: 1, label: 'Yes' },
]);

/**
 * A college's affiliation status. New colleges are ACTIVE; only the college workflow's actions move it
 * (suspend, reinstate), so it is answered with the record but never taken from a create or an edit.
 */
export const collegeStatus = defineEnum([
  { value: 'ACTIVE', label: 'Active' },
  { value: 'SUSPENDED', label: 'Suspended' },
]);

/**
 * An affiliated (or constituent) college: students enrol through it, its faculty are scoped to it
 * (users.college_id).
 */
export const collegeResource = defineResource({
  name: 'college',
  title: 'College',
  keyFields: ['college_id'],
  // Written as master data; read by a college's own faculty too, who see only their college (section 2.5).
  capability: { read: 'colleges.read', write: masterDataAccess.write },
  // A college row is its own college (a college user's scope).
  scopeFields: { college: 'college_id' },
  fields: {
    college_id: keyText(),
    college_name: requiredText(200),
    college_name_hi: hindiText(200),
    college_code: optionalText(30),
    district: optionalText(100),
    college_type: collegeType.schema,
    // 1: the college is an examination centre.
    is_centre: isCentre.schema,
  },
  updatable: ['college_name', 'college_name_hi', 'college_code', 'district', 'college_type', 'is_centre'],
  searchFields: ['college_id', 'college_name', 'college_name_hi', 'college_code', 'district'],
  extras: { status: z.enum(['ACTIVE', 'SUSPENDED']) },
});
