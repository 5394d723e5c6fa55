import { z } from 'zod';
import { roles, type RoleName } from './roles.ts';

export const loginPayload = z.object({
  email: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z
      .string({ error: 'Must be text' })
      .min(1, 'Required')
      .max(254, 'At most 254 characters')
      .pipe(z.email('Enter a valid email address')),
  ),
  password: z.string({ error: 'Must be text' }).min(1, 'Required').max(200, 'At most 200 characters'),
});
export type LoginPayload = z.infer<typeof loginPayload>;

export const loginResponse = z.object({
  token: z.string(),
  /** "Login successful." in the reader's language, with its code. */
  message: z.string(),
  message_code: z.string().optional(),
});

/** What `GET check-user` answers: the dashboard picks its panel by `name`. */
export const userRole = z.object({
  name: z.enum(roles.values as [RoleName, ...RoleName[]]),
  system: z.enum(['university', 'college']).nullable(),
  dept_id: z.string().nullable(),
  college_id: z.string().nullable(),
  /** The student a `student` user is: the students module fills it; older answers lack it. */
  student_id: z.string().nullable().optional(),
  email: z.string(),
  display_name: z.string(),
});
export type UserRole = z.infer<typeof userRole>;
export const checkUserResponse = z.object({ user_role: userRole });
