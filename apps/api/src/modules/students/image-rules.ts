import { msg, studentImageLimits, type StudentImageKind } from '@exam/contracts';
import { AppError, invalid, notFound } from '../../platform/http/errors.ts';
import type { ImageInfo } from './image-size.ts';

/**
 * The rules of a student's photo and signature (docs/decisions/0018-student-photos.md) as pure decisions:
 * JPEG or PNG, within the kind's size and pixel limits. Each answers a refusal or nothing.
 */

const KB = 1024;

/** The kind as a refusal names it ("photo", "signature"), in the reader's language. */
export const kindOf = (kind: StudentImageKind) =>
  msg(kind === 'photo' ? 'students.photo' : 'students.signature');

/** An upload is a multipart form with the file in its field `file`. */
export const notMultipart = (kind: StudentImageKind) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', msg('students.sendMultipart', { kind: kindOf(kind) }));

/** A file past the kind's size limit (the upload stops reading it there). */
export const tooLarge = (kind: StudentImageKind) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    msg('students.imageTooLarge', { kind: kindOf(kind), kb: studentImageLimits[kind].maxBytes / KB }),
  );

/** An upload that could not be read. */
export const malformedUpload = () => invalid({ file: [msg('students.uploadMalformed')] });

/** The student must exist within the caller's scope. */
export const refuseMissingStudent = (studentId: string, student: unknown) =>
  student ? undefined : notFound(msg('students.noSuchStudent', { student_id: studentId.slice(0, 40) }));

/** A picture is read once it was uploaded. */
export const refuseMissingImage = (studentId: string, kind: StudentImageKind, hash: string | null) =>
  hash ? undefined : notFound(msg('students.noImageYet', { student_id: studentId, kind: kindOf(kind) }));

/** A picture must be a non-empty JPEG or PNG within the kind's pixel limits. */
export function refuseBadPicture(
  kind: StudentImageKind,
  file: Buffer | undefined,
  info: ImageInfo | undefined,
) {
  if (!file?.length) return invalid({ file: [msg('students.chooseImageFile', { kind: kindOf(kind) })] });
  if (!info)
    return new AppError('UNSUPPORTED_MEDIA_TYPE', msg('students.notJpegOrPng', { kind: kindOf(kind) }));
  const { minWidth, minHeight, maxWidth, maxHeight } = studentImageLimits[kind];
  const { width, height } = info;
  if (width < minWidth || height < minHeight || width > maxWidth || height > maxHeight)
    return invalid({
      file: [
        msg('students.imageDimensions', {
          kind: kindOf(kind),
          width,
          height,
          min_width: minWidth,
          max_width: maxWidth,
          min_height: minHeight,
          max_height: maxHeight,
        }),
      ],
    });
  return undefined;
}

/** The notice of a saved picture. */
export const imageSaved = (kind: StudentImageKind, studentId: string) =>
  msg('students.imageSaved', { kind: kindOf(kind), student_id: studentId });
