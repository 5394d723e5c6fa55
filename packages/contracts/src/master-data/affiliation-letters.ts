import { z } from 'zod';
import { keyText, storedFile } from '../kit/index.ts';

/**
 * `POST /api/affiliation-letters`: print the letters of affiliation of the chosen colleges, or of every
 * college the caller may write with `all: true` (said, never implied by an empty body), as one bilingual PDF,
 * by a job (`202 {job}`); the job's result names the file.
 */
export const affiliationLettersRequest = z
  .object({
    college_ids: z
      .array(keyText())
      .min(1, 'Choose at least one college')
      .max(5000, 'At most 5000 colleges at once')
      .optional(),
    all: z.literal(true, { error: 'Send true to print every college' }).optional(),
  })
  .refine((body) => (body.college_ids === undefined) !== (body.all === undefined), {
    path: ['college_ids'],
    message: 'Choose the colleges (college_ids), or all of them (all: true)',
  });
export type AffiliationLettersRequest = z.infer<typeof affiliationLettersRequest>;

export const AFFILIATION_LETTERS_JOB = 'master-data.affiliation-letters';

/** The job's result: how many letters, and the PDF to download (only by whoever started the job). */
export const affiliationLettersResult = z.object({ letters: z.number().int(), file: storedFile });
export type AffiliationLettersResult = z.infer<typeof affiliationLettersResult>;
