import { Router } from 'express';
import { msg, STORED_FILE_DAYS, type StoredFileInfo } from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import { notFound } from '../http/errors.ts';
import { isUuid, methodNotAllowed } from '../http/middleware.ts';

/**
 * Files the product makes for a user to download (a job's PDF), kept in the database (table stored_file):
 * whichever process made one, an API replica or the worker, every replica serves it, and it is backed up with
 * the rest (docs/decisions/0016-stored-files.md). Only its owner downloads it; after STORED_FILE_DAYS it is
 * gone.
 */

export interface NewFile {
  name: string;
  contentType: string;
  content: Buffer;
  /** users.id of the only user who may download it. */
  ownerId: number;
  jobId?: string;
}

const DAY_MS = 86_400_000;

/**
 * Keeps a file for its owner (and drops files whose time is up); answers what a client needs to download it.
 */
export async function saveFile(
  client: Prisma.TransactionClient,
  file: NewFile,
  now = new Date(),
): Promise<StoredFileInfo> {
  await client.storedFile.deleteMany({ where: { expires_at: { lt: now } } });
  const row = await client.storedFile.create({
    data: {
      name: file.name,
      content_type: file.contentType,
      size: file.content.length,
      content: new Uint8Array(file.content),
      owner_id: file.ownerId,
      job_id: file.jobId ?? null,
      expires_at: new Date(now.getTime() + STORED_FILE_DAYS * DAY_MS),
    },
    select: { id: true, name: true, content_type: true, size: true, expires_at: true },
  });
  return {
    file_id: row.id,
    name: row.name,
    content_type: row.content_type,
    size: row.size,
    url: `/api/file/${row.id}`,
    expires_at: row.expires_at.toISOString(),
  };
}

/**
 * `GET /api/file/{file_id}`: the file as an attachment, to its owner; to anyone else, or after it expired,
 * 404.
 */
/** RFC 6266: an ASCII fallback and the UTF-8 name. */
const contentDisposition = (name: string) => {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

export function storedFileRoutes(db: Database) {
  const router = Router();
  router
    .route('/file/:file_id')
    .get(async (req, res) => {
      const id = req.params.file_id;
      const gone = notFound(msg('files.fileGone'));
      if (!isUuid(id)) throw gone;
      const file = await db.prisma.storedFile.findFirst({
        where: { id, owner_id: res.locals.user!.id, expires_at: { gte: new Date() } },
      });
      if (!file) throw gone;
      res.set({
        'Content-Type': file.content_type,
        'Content-Length': String(file.size),
        'Content-Disposition': contentDisposition(file.name),
      });
      res.end(Buffer.from(file.content));
    })
    .all(methodNotAllowed);
  return router;
}
