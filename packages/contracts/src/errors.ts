import { z } from 'zod';

/** Every error answer has a message a person can act on; validation failures name each failing field. */
export const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const VALIDATION_MESSAGE = 'The given data was invalid.';

/** Turns a zod error into the `errors` collection: field name -> messages. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : '_';
    (out[field] ??= []).push(issue.message);
  }
  return out;
}
