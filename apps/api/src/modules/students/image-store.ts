import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StudentImageKind } from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';

/**
 * Students' photos and signatures: files under the data folder named by their SHA-256, which the student row
 * keeps (docs/decisions/0018-student-photos.md). The same picture uploaded twice is one file.
 */

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

/** A stored picture's bytes (the student row names it, so it is there). */
export const imageFile = (dataDir: string, sha256: string) =>
  readFile(path.join(imageFolder(dataDir), sha256));

/** Stores a picture as a file named by its SHA-256 and answers the hash. */
export async function storeImageFile(dataDir: string, file: Buffer) {
  const folder = imageFolder(dataDir);
  const sha256 = createHash('sha256').update(file).digest('hex');
  await mkdir(folder, { recursive: true });
  // Written under a temporary name and renamed: a reader never sees half a file.
  const temporary = path.join(folder, `${sha256}.${process.pid}.tmp`);
  await writeFile(temporary, file);
  await rename(temporary, path.join(folder, sha256));
  return sha256;
}

/** A student by id within a scope's condition (null: the scope reaches none). */
export async function studentWithin(db: Database, studentId: string, within: object | null) {
  if (!within) return null;
  return db.prisma.student.findFirst({
    where: { AND: [{ student_id: studentId }, within as Prisma.StudentWhereInput] },
  });
}

/** Records a student's picture (its hash and type). */
export async function setStudentImage(
  tx: Prisma.TransactionClient,
  studentId: string,
  kind: StudentImageKind,
  image: { sha256: string; contentType: string },
) {
  await tx.student.update({
    where: { student_id: studentId },
    data: { [`${kind}_sha256`]: image.sha256, [`${kind}_type`]: image.contentType },
  });
}
