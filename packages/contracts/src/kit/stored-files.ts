import { z } from 'zod';

/**
 * A file the product made for a user (a job's PDF), kept until `expires_at` and downloadable only by that
 * user at `GET /api/file/{file_id}` (the `url`, under the API's base). A job that makes one answers it in its
 * result.
 */
export const storedFile = z.object({
  file_id: z.uuid(),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int().min(0),
  url: z.string(),
  expires_at: z.string(),
});
export type StoredFileInfo = z.infer<typeof storedFile>;

/** How long a made file is kept for its owner to download. */
export const STORED_FILE_DAYS = 7;
