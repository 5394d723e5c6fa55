import { z } from 'zod';

// PostgreSQL text cannot hold U+0000: a value with one is invalid input, not a server failure.
const noNul = (s: string) => !s.includes('\u0000');
const NUL_MESSAGE = 'Must not contain the NUL character (\\u0000)';

/** The student-records demo served by the separate demo service. */
export const studentInput = z.object({
  stuname: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'Must be text' })
      .min(1, 'Student name is required')
      .max(200, 'At most 200 characters')
      .refine(noNul, NUL_MESSAGE),
  ),
  email: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'Must be text' })
      .min(1, 'Email is required')
      .max(254, 'At most 254 characters')
      .refine(noNul, NUL_MESSAGE)
      .pipe(z.email('Enter a valid email address')),
  ),
});
export type StudentInput = z.infer<typeof studentInput>;

export const student = studentInput.extend({
  id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Student = z.infer<typeof student>;

export const studentIdParam = z.coerce
  .number({ error: 'Student id must be a number' })
  .int('Student id must be a whole number')
  .min(1)
  .max(2_147_483_647);
