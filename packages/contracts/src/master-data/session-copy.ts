import { z } from 'zod';

/**
 * Copying a session: the course-semester links (ccinfo_sem) and paper schemes (paperinfosem) of one session
 * into another, `POST /api/session/{session_id}/copy-from/{from_session_id}` (`?dry_run=1`: only the
 * preview). A row whose key already exists in the target is left as it is (`exists`); every other row is
 * created (`create`).
 */
export const sessionCopyStatus = ['create', 'exists'] as const;

const copiedRow = <T extends z.ZodRawShape>(key: T) =>
  z.object({ ...key, status: z.enum(sessionCopyStatus) });

export const sessionCopyReport = z.object({
  dry_run: z.boolean(),
  from: z.string(),
  to: z.string(),
  message: z.string(),
  counts: z.object({
    ccinfo_sem: z.object({ create: z.number().int(), exists: z.number().int() }),
    paperinfosem: z.object({ create: z.number().int(), exists: z.number().int() }),
  }),
  ccinfo_sem: z.array(copiedRow({ course_comb_id: z.string(), sem_id: z.string() })),
  paperinfosem: z.array(copiedRow({ course_comb_id: z.string(), sem_id: z.string(), paper_id: z.string() })),
});
export type SessionCopyReport = z.infer<typeof sessionCopyReport>;

export const sessionCopyQuery = z.object({ dry_run: z.enum(['0', '1', 'true', 'false']).optional() });

/** Path of the copy under the target session's own path (OpenAPI spelling). */
export const sessionCopyPath = '/session/{session_id}/copy-from/{from_session_id}';
