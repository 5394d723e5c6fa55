import { Router, type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import {
  studentImageLimits,
  studentResource,
  type CapabilityKey,
  type StudentImageKind,
} from '@exam/contracts';
import type { Database } from '@exam/db';
import { recordChange } from '../../platform/audit/audit-trail.ts';
import { scopeOf } from '../../platform/auth/capabilities.ts';
import { keyFromPath } from '../../platform/crud/store.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import { notice } from '../../platform/i18n/messages.ts';
import { malformedUpload, notMultipart, tooLarge } from './image-rules.ts';
import { saveStudentImage, studentImage, type Reach } from './image-service.ts';

/**
 * `GET|POST /api/student/{student_id}/photo|signature`: a student's photo and signature, JPEG or PNG within
 * size and pixel limits (image-rules.ts), stored as files named by their SHA-256.
 */
const kinds = Object.keys(studentImageLimits) as StudentImageKind[];

/** Reads the upload's one file into memory, refusing what is no multipart form or too large. */
function receive(kind: StudentImageKind): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: studentImageLimits[kind].maxBytes, files: 1, fields: 5, parts: 10 },
  }).single('file');
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) return next(notMultipart(kind));
    upload(req, res, (error?: unknown) => {
      if (!error) return next();
      const code = (error as { code?: string } | undefined)?.code;
      next(code === 'LIMIT_FILE_SIZE' ? tooLarge(kind) : malformedUpload());
    });
  };
}

/** The path's student id as every other call reads it: an impossible one is a missing student. */
const studentIdOf = (req: Request) =>
  keyFromPath(studentResource, req.params as Record<string, string>).student_id as string;
const reachOf = (res: Response, access: 'read' | 'write'): Reach => ({
  scope: scopeOf(res, studentResource.capability[access] as CapabilityKey),
  user: res.locals.user!,
});

export function studentImageRoutes(db: Database, dataDir: string) {
  const router = Router();
  for (const kind of kinds) {
    router
      .route(`/student/:student_id/${kind}`)
      .get(async (req, res) => {
        const id = studentIdOf(req);
        const image = await studentImage(db, dataDir, id, kind, reachOf(res, 'read'));
        res.set({
          'Content-Type': image.contentType,
          'Cache-Control': 'private, max-age=86400',
          ETag: `"${image.hash}"`,
        });
        res.end(image.content);
      })
      .post(
        (_req, res, next) => {
          // Refused before the upload is read: a caller who may not write does not get to send the file
          // first.
          scopeOf(res, studentResource.capability.write as CapabilityKey);
          next();
        },
        receive(kind),
        async (req, res) => {
          const id = studentIdOf(req);
          const { answer, notice: saved } = await saveStudentImage(
            db,
            dataDir,
            id,
            kind,
            req.file?.buffer,
            reachOf(res, 'write'),
            (tx, change) => recordChange(tx, req, res, change),
          );
          res.json({ ...answer, ...notice(req, saved) });
        },
      )
      .all(methodNotAllowed);
  }
  return router;
}
