import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import {
  studentImageLimits,
  studentResource,
  type CapabilityKey,
  type StudentImageAnswer,
  type StudentImageKind,
} from '@exam/contracts';
import type { Database } from '@exam/db';
import { recordChange } from '../../platform/audit/audit-trail.ts';
import { scopeOf } from '../../platform/auth/capabilities.ts';
import { scopeWhere } from '../../platform/auth/scope.ts';
import { keyFromPath } from '../../platform/crud/store.ts';
import { AppError, invalid, notFound } from '../../platform/http/errors.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import { imageInfo } from './image-size.ts';

/**
 * A student's photo and signature (printed later on admit cards, attendance sheets and degrees): JPEG or PNG
 * within size and pixel limits, stored as files under the data folder named by their SHA-256, which the
 * student row keeps (docs/decisions/0018-student-photos.md). The same picture uploaded twice is one file.
 */
const kinds = Object.keys(studentImageLimits) as StudentImageKind[];
const KB = 1024;

function receive(kind: StudentImageKind): RequestHandler {
  const { maxBytes } = studentImageLimits[kind];
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 10 },
  }).single('file');
  return (req, res, next) => {
    if (!req.is('multipart/form-data'))
      return next(
        new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          `Send the ${kind} as multipart/form-data, in the form field named "file".`,
        ),
      );
    upload(req, res, (error?: unknown) => {
      const code = (error as { code?: string } | undefined)?.code;
      if (!error) return next();
      if (code === 'LIMIT_FILE_SIZE')
        return next(
          new AppError(
            'PAYLOAD_TOO_LARGE',
            `The ${kind} is larger than ${maxBytes / KB} KB; save it smaller (a JPEG of lower quality) ` +
              `and upload it again.`,
          ),
        );
      next(invalid({ file: ['The upload is malformed or was cut short; send the file again.'] }));
    });
  };
}

/** The folder of students' photos and signatures, each file named by its SHA-256. */
const imageFolder = (dataDir: string) => path.join(dataDir, 'student-files');

/**
 * A student's stored photo or signature by its hash (printouts: forms, admit cards); null when there is none.
 */
export async function readStudentImage(
  dataDir: string,
  sha256: string | null | undefined,
): Promise<Buffer | null> {
  if (!sha256) return null;
  return readFile(path.join(imageFolder(dataDir), sha256)).catch(() => null);
}

export function studentImageRoutes(db: Database, dataDir: string) {
  const folder = imageFolder(dataDir);
  const router = Router();
  /**
   * The student by key within the caller's reach of `access`; out of scope answers 404 like a missing one.
   */
  const student = async (req: Request, res: Response, access: 'read' | 'write') => {
    // The key as every other call reads it: an impossible one (a NUL, a slash, too long) is a missing
    // student.
    const { student_id: id } = keyFromPath(studentResource, req.params as Record<string, string>) as {
      student_id: string;
    };
    const scope = scopeOf(res, studentResource.capability[access] as CapabilityKey);
    const within = scopeWhere(scope, res.locals.user!, studentResource.scopeFields);
    const found =
      within && (await db.prisma.student.findFirst({ where: { AND: [{ student_id: id }, within] } }));
    if (!found) throw notFound(`Student ${id.slice(0, 40)} does not exist.`);
    return found;
  };
  for (const kind of kinds) {
    const limits = studentImageLimits[kind];
    router
      .route(`/student/:student_id/${kind}`)
      .get(async (req, res) => {
        const row = await student(req, res, 'read');
        const hash = row[`${kind}_sha256`];
        if (!hash) throw notFound(`Student ${row.student_id} has no ${kind} yet.`);
        const content = await readFile(path.join(folder, hash));
        res.set({
          'Content-Type': row[`${kind}_type`] ?? 'application/octet-stream',
          'Cache-Control': 'private, max-age=86400',
          ETag: `"${hash}"`,
        });
        res.end(content);
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
          const row = await student(req, res, 'write');
          const file = req.file?.buffer;
          if (!file?.length) throw invalid({ file: [`Choose a ${kind} file (JPEG or PNG).`] });
          const info = imageInfo(file);
          if (!info)
            throw new AppError('UNSUPPORTED_MEDIA_TYPE', `The ${kind} must be a JPEG or PNG picture.`);
          const { minWidth, minHeight, maxWidth, maxHeight } = limits;
          if (
            info.width < minWidth ||
            info.height < minHeight ||
            info.width > maxWidth ||
            info.height > maxHeight
          ) {
            throw invalid({
              file: [
                `The ${kind} is ${info.width}×${info.height} pixels; it must be ${minWidth}–${maxWidth} ` +
                  `wide and ${minHeight}–${maxHeight} high.`,
              ],
            });
          }
          const sha256 = createHash('sha256').update(file).digest('hex');
          await mkdir(folder, { recursive: true });
          // Written under a temporary name and renamed: a reader never sees half a file.
          const temporary = path.join(folder, `${sha256}.${process.pid}.tmp`);
          await writeFile(temporary, file);
          await rename(temporary, path.join(folder, sha256));
          await db.prisma.$transaction(async (tx) => {
            await tx.student.update({
              where: { student_id: row.student_id },
              data: { [`${kind}_sha256`]: sha256, [`${kind}_type`]: info.contentType },
            });
            await recordChange(tx, req, res, {
              action: 'update',
              entity: 'student',
              key: row.student_id,
              before: { [`${kind}_sha256`]: row[`${kind}_sha256`] },
              after: { [`${kind}_sha256`]: sha256 },
            });
          });
          const answer: StudentImageAnswer = {
            student_id: row.student_id,
            kind,
            sha256,
            content_type: info.contentType,
            width: info.width,
            height: info.height,
            size: file.length,
            message: `The ${kind} of student ${row.student_id} was saved.`,
          };
          res.json(answer);
        },
      )
      .all(methodNotAllowed);
  }
  return router;
}
