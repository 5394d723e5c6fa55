import { z } from 'zod';

/** Limits of an uploaded photo or signature (JPEG or PNG). */
export const studentImageLimits = {
  photo: { maxBytes: 200 * 1024, minWidth: 100, minHeight: 100, maxWidth: 1200, maxHeight: 1600 },
  signature: { maxBytes: 100 * 1024, minWidth: 100, minHeight: 30, maxWidth: 1200, maxHeight: 600 },
} as const;
export type StudentImageKind = keyof typeof studentImageLimits;
export const studentImageKinds = Object.keys(studentImageLimits) as StudentImageKind[];

/** `POST /api/student/{id}/photo|signature` answers the stored file's hash and size. */
export const studentImageAnswer = z.object({
  student_id: z.string(),
  kind: z.enum(['photo', 'signature']),
  sha256: z.string(),
  content_type: z.enum(['image/jpeg', 'image/png']),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
  message: z.string(),
});
export type StudentImageAnswer = z.infer<typeof studentImageAnswer>;
