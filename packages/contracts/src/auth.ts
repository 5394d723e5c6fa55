import { z } from 'zod';
import { defineEnum } from './fields.ts';

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

export const loginPayload = z.object({
  email: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.string({ error: 'Must be text' }).min(1, 'Required').max(254, 'At most 254 characters').pipe(z.email('Enter a valid email address')),
  ),
  password: z.string({ error: 'Must be text' }).min(1, 'Required').max(200, 'At most 200 characters'),
});
export type LoginPayload = z.infer<typeof loginPayload>;

export const loginResponse = z.object({ token: z.string(), message: z.string() });

/** What `GET check-user` answers: the dashboard picks its panel by `name`. */
export const userRole = z.object({
  name: z.enum(roles.values as [RoleName, ...RoleName[]]),
  system: z.enum(['university', 'college']).nullable(),
  dept_id: z.string().nullable(),
  college_id: z.string().nullable(),
  email: z.string(),
  display_name: z.string(),
});
export type UserRole = z.infer<typeof userRole>;
export const checkUserResponse = z.object({ user_role: userRole });

/** Who may do what with master data: the one permission table, read by the API and by the web app to hide actions. */
export const masterDataPermissions: Record<RoleName, { read: boolean; write: boolean }> = {
  admin: { read: true, write: true },
  office: { read: true, write: true },
  faculty: { read: true, write: false },
  result: { read: true, write: false },
  calculate: { read: true, write: false },
  document: { read: true, write: false },
  document_admin: { read: true, write: false },
  student: { read: false, write: false },
};

export const canWriteMasterData = (role: string | undefined) =>
  !!role && masterDataPermissions[role as RoleName]?.write === true;
export const canReadMasterData = (role: string | undefined) =>
  !!role && masterDataPermissions[role as RoleName]?.read === true;
