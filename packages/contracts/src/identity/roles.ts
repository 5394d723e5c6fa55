import { defineEnum } from '../kit/index.ts';

/** The eight roles of the legacy system; every user has exactly one. */
export const roles = defineEnum([
  { value: 'admin', label: 'Admin' },
  { value: 'office', label: 'Office' },
  { value: 'faculty', label: 'Faculty' },
  { value: 'result', label: 'Result' },
  { value: 'calculate', label: 'Calculate' },
  { value: 'document', label: 'Document' },
  { value: 'document_admin', label: 'Document Admin' },
  { value: 'student', label: 'Student' },
]);
export type RoleName = (typeof roles.values)[number];

export const userSystems = defineEnum([
  { value: 'university', label: 'University' },
  { value: 'college', label: 'College' },
]);
