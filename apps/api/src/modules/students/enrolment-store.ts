import type { Prisma } from '@exam/db';
import { semesterKey, type EnrolmentKey, type SemesterPaper } from './enrolment-rules.ts';

/** Students, enrolments and their papers in the database (lifecycle spec S1), one function per question. */

type Values = Record<string, unknown>;
type Tx = Prisma.TransactionClient;

const CHUNK = 500;
const chunks = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/** The papers of each course-semester named by `rows`, read once per semester. */
export async function semesterPapers(tx: Tx, rows: readonly Values[]) {
  const semesters = new Map<string, SemesterPaper[]>();
  const wanted = [...new Map(rows.map((r) => [semesterKey(r), r])).values()];
  for (const part of chunks(wanted)) {
    const found = await tx.paperInfoSem.findMany({
      where: {
        OR: part.map((r) => ({
          session_id: String(r.session_id),
          course_comb_id: String(r.course_comb_id),
          sem_id: String(r.sem_id),
        })),
      },
      select: { session_id: true, course_comb_id: true, sem_id: true, paper_id: true, group_code: true },
      orderBy: { paper_id: 'asc' },
    });
    for (const r of wanted) semesters.set(semesterKey(r), []);
    for (const p of found)
      semesters.get(semesterKey(p))?.push({ paper_id: p.paper_id, group_code: p.group_code ?? 'NG' });
  }
  return semesters;
}

/** Another student with this ABC/APAAR id, if any. */
export const otherStudentWithAbcId = (tx: Tx, abcId: string, studentId: string) =>
  tx.student.findFirst({
    where: { abc_id: abcId, NOT: { student_id: studentId } },
    select: { student_id: true },
  });

/**
 * The stored students that have one of these ABC/APAAR ids, in one statement (an import asks this for every
 * chunk of 2,000 rows: Prisma's `in` lists of 500 cost four statements and their query compiling).
 */
export async function studentsWithAbcIds(tx: Tx, abcIds: readonly string[]) {
  if (!abcIds.length) return [];
  return tx.$queryRawUnsafe<Array<{ abc_id: string; student_id: string }>>(
    'SELECT abc_id, student_id FROM student WHERE abc_id = ANY($1::text[])',
    abcIds,
  );
}

/** The admission session (batch) of each of these students that exists. */
export async function batchesOfStudents(tx: Tx, studentIds: readonly string[]) {
  const students = new Map<string, { admission_session_id: string }>();
  for (const part of chunks(studentIds)) {
    const rows = await tx.student.findMany({
      where: { student_id: { in: part } },
      select: { student_id: true, admission_session_id: true },
    });
    for (const s of rows) students.set(s.student_id, s);
  }
  return students;
}

/** The ACTIVE rule set versions that have a w.e.f. session. */
export const activeRulesetsWithWef = (tx: Tx) =>
  tx.ruleset.findMany({
    where: { status: 'ACTIVE', wef_session_id: { not: null } },
    select: { ruleset_id: true, version: true, wef_session_id: true },
  });

/** `student/session/semester` → the course of the stored enrolment of each row's student and semester. */
export async function enrolmentsOfSemesters(tx: Tx, rows: readonly Values[]) {
  const taken = new Map<string, string>();
  for (const part of chunks(rows)) {
    const found = await tx.studentCcinfo.findMany({
      where: {
        OR: part.map((r) => ({
          student_id: String(r.student_id),
          session_id: String(r.session_id),
          sem_id: String(r.sem_id),
        })),
      },
      select: { student_id: true, session_id: true, sem_id: true, course_comb_id: true },
    });
    for (const e of found) taken.set(`${e.student_id}/${e.session_id}/${e.sem_id}`, e.course_comb_id);
  }
  return taken;
}

/** Creates student papers. */
export async function insertStudentPapers(tx: Tx, data: readonly Prisma.StudentPaperCreateManyInput[]) {
  for (const part of chunks(data)) await tx.studentPaper.createMany({ data: part });
}

/** Deletes an enrolment's papers. */
export async function deletePapersOfEnrolment(tx: Tx, key: EnrolmentKey) {
  await tx.studentPaper.deleteMany({ where: key });
}

/** When an enrolment's paper choices closed (null: open), or null when there is no such enrolment. */
export const paperChoicesLockOf = (tx: Tx, key: EnrolmentKey) =>
  tx.studentCcinfo.findUnique({ where: { key }, select: { papers_locked_at: true } });

/** An enrolment's active elective papers with their groups. */
export const activeElectivesOf = (tx: Tx, key: EnrolmentKey) =>
  tx.studentPaper.findMany({
    where: { ...key, choice_source: 'ELECTIVE', status: 'ACTIVE' },
    select: { paper_id: true, group_code: true },
  });

/** An enrolment's elective papers, in paper order. */
export const electivesOf = (tx: Tx, key: EnrolmentKey) =>
  tx.studentPaper.findMany({ where: { ...key, choice_source: 'ELECTIVE' }, orderBy: { paper_id: 'asc' } });

/** Makes an enrolment's elective papers exactly `chosen` (kept ones stay as they are). */
export async function writeElectives(
  tx: Tx,
  key: EnrolmentKey,
  chosen: readonly string[],
  kept: ReadonlySet<string>,
  groupOf: ReadonlyMap<string, string>,
) {
  await tx.studentPaper.deleteMany({
    where: { ...key, choice_source: 'ELECTIVE', paper_id: { notIn: [...chosen] } },
  });
  await tx.studentPaper.createMany({
    data: chosen
      .filter((p) => !kept.has(p))
      .map((paper_id) => ({
        ...key,
        paper_id,
        group_code: groupOf.get(paper_id)!,
        choice_source: 'ELECTIVE',
      })),
  });
}

/** An enrolment within a scope's condition (null: the scope reaches none). */
export async function enrolmentWithin(tx: Tx, key: EnrolmentKey, within: object | null) {
  if (!within) return null;
  return tx.studentCcinfo.findFirst({
    where: { AND: [key, within as Prisma.StudentCcinfoWhereInput] },
    select: { student_id: true },
  });
}

/**
 * Closes (at `at`) or reopens (null) an enrolment's paper choices: exam forms close them when a form of the
 * semester is submitted and reopen them when it is returned or rejected. Answers whether the enrolment
 * exists.
 */
export async function setPaperChoicesLock(tx: Tx, key: EnrolmentKey, at: Date | null) {
  const { count } = await tx.studentCcinfo.updateMany({ where: key, data: { papers_locked_at: at } });
  return count === 1;
}
