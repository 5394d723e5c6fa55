import { studentResource, type Scope, type StudentImageAnswer, type StudentImageKind } from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import type { AuditChange } from '../../platform/audit/audit-trail.ts';
import type { AuthenticatedUser } from '../../platform/auth/authenticate.ts';
import { scopeWhere } from '../../platform/auth/scope.ts';
import { imageSaved, refuseBadPicture, refuseMissingImage, refuseMissingStudent } from './image-rules.ts';
import { imageInfo } from './image-size.ts';
import { imageFile, setStudentImage, storeImageFile, studentWithin } from './image-store.ts';

/**
 * A student's photo and signature (printed later on admit cards, attendance sheets and degrees): reading one
 * and storing an upload. The decisions are image-rules.ts', the files and rows image-store.ts'.
 */

const throwIf = (refusal: Error | undefined) => {
  if (refusal) throw refusal;
};

export interface Reach {
  scope: Scope;
  user: AuthenticatedUser;
}

/** The student within the caller's reach; out of scope answers 404 like a missing one. */
async function studentInReach(db: Database, studentId: string, reach: Reach) {
  const within = scopeWhere(reach.scope, reach.user, studentResource.scopeFields);
  const found = await studentWithin(db, studentId, within);
  throwIf(refuseMissingStudent(studentId, found));
  return found!;
}

/** A student's picture: its bytes, type and hash. */
export async function studentImage(
  db: Database,
  dataDir: string,
  studentId: string,
  kind: StudentImageKind,
  reach: Reach,
) {
  const row = await studentInReach(db, studentId, reach);
  const hash = row[`${kind}_sha256`];
  throwIf(refuseMissingImage(row.student_id, kind, hash));
  return {
    content: await imageFile(dataDir, hash!),
    contentType: row[`${kind}_type`] ?? 'application/octet-stream',
    hash: hash!,
  };
}

/** Stores an uploaded picture and records it on the student, audited; answers the stored file and notice. */
export async function saveStudentImage(
  db: Database,
  dataDir: string,
  studentId: string,
  kind: StudentImageKind,
  file: Buffer | undefined,
  reach: Reach,
  audit: (tx: Prisma.TransactionClient, change: AuditChange) => Promise<void>,
) {
  const row = await studentInReach(db, studentId, reach);
  const info = file?.length ? imageInfo(file) : undefined;
  throwIf(refuseBadPicture(kind, file, info));
  const sha256 = await storeImageFile(dataDir, file!);
  await db.prisma.$transaction(async (tx) => {
    await setStudentImage(tx, row.student_id, kind, { sha256, contentType: info!.contentType });
    await audit(tx, {
      action: 'update',
      entity: 'student',
      key: row.student_id,
      before: { [`${kind}_sha256`]: row[`${kind}_sha256`] },
      after: { [`${kind}_sha256`]: sha256 },
    });
  });
  const answer: Omit<StudentImageAnswer, 'message'> = {
    student_id: row.student_id,
    kind,
    sha256,
    content_type: info!.contentType,
    width: info!.width,
    height: info!.height,
    size: file!.length,
  };
  return { answer, notice: imageSaved(kind, row.student_id) };
}
