import { courseKeyList, type CourseKey, type FormClash, type TimetableClash } from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';

/**
 * The database side of the timetable (lifecycle spec S4): clashes, a slot's course links, the exam's slots
 * for the date sheet. The decisions are in timetable-rules.ts.
 */

type Tx = Prisma.TransactionClient;

/**
 * Clashes answered at most (the total says how many there are): a timetable with more needs fixing, not
 * reading.
 */
export const CLASH_LIMIT = 1000;

/**
 * Candidates with two papers in one date and shift, set-based in SQL: papers of candidates (`source`: rows of
 * student_id, form_id, exam_id, session_id, course_comb_id, sem_id, paper_id) joined to their slots through
 * the slot's course links (a common paper's course-semesters share its slot), grouped by candidate, date and
 * shift, kept where more than one slot meets. The one rule of a clash: the exam's list and a form's
 * submission answer both use it.
 */
const clashSql = (source: string, having = '') =>
  `SELECT a.student_id, s.date, s.shift, array_agg(DISTINCT a.paper_id ORDER BY a.paper_id) AS papers,
          count(*) OVER () AS total
     FROM (${source}) a
     JOIN timetable_slot_course c
       ON c.exam_id = a.exam_id AND c.session_id = a.session_id AND c.course_comb_id = a.course_comb_id
      AND c.sem_id = a.sem_id AND c.paper_id = a.paper_id
     JOIN timetable_slot s ON s.slot_id = c.slot_id
    GROUP BY s.date, s.shift, a.student_id
   HAVING min(s.slot_id) <> max(s.slot_id) ${having}
    ORDER BY s.date, s.shift, a.student_id
    LIMIT ${CLASH_LIMIT}`;

type ClashRow = TimetableClash & { total: bigint | number };

/**
 * The exam's clashes: the attempts (one per paper of an approved form; a cancelled form has none). One
 * hash-joined scan of the exam's attempts; the sort gets enough memory not to spill (bench/RESULTS.md:
 * 100,000 candidates).
 */
export async function findClashes(
  db: Database,
  examId: string,
): Promise<{ clashes: TimetableClash[]; total: number }> {
  const rows = await db.prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe(`SET LOCAL work_mem = '64MB'`);
    return tx.$queryRawUnsafe<ClashRow[]>(
      clashSql(
        `SELECT student_id, form_id, exam_id, session_id, course_comb_id, sem_id, paper_id
           FROM attempt
          WHERE exam_id = $1`,
      ),
      examId,
    );
  });
  return { clashes: rows.map(({ total: _total, ...clash }) => clash), total: Number(rows[0]?.total ?? 0) };
}

/**
 * The clashes of one form's papers (lifecycle S2: reported at submission, never silently): against the papers
 * of the candidate's other forms of the exam that stand (submitted up to roll allotted; not a draft, a
 * returned, rejected or cancelled one), by the exam's timetable. The same rule as the exam's list, which
 * shows them once the forms are approved.
 */
export async function formClashes(tx: Tx, formId: string): Promise<FormClash[]> {
  const rows = await tx.$queryRawUnsafe<ClashRow[]>(
    clashSql(
      `SELECT f.student_id, f.form_id, f.exam_id, p.session_id, p.course_comb_id, p.sem_id, p.paper_id
         FROM exam_form me
         JOIN exam_form f
           ON f.exam_id = me.exam_id AND f.student_id = me.student_id
          AND (f.form_id = me.form_id OR f.status NOT IN ('DRAFT', 'RETURNED', 'REJECTED', 'CANCELLED'))
         JOIN exam_form_paper p ON p.form_id = f.form_id
        WHERE me.form_id = $1`,
      'AND bool_or(a.form_id = $1)',
    ),
    formId,
  );
  return rows.map(({ total: _total, student_id: _student, ...clash }) => clash);
}

/** The current exam (active_status 1, the one the dropdowns offer first), if one is marked. */
export async function currentExamId(db: Database) {
  const exam = await db.prisma.exam.findFirst({ where: { active_status: 1 }, orderBy: { exam_id: 'asc' } });
  return exam?.exam_id;
}

/** An exam with its cycle, if it exists. */
export function examWithCycle(db: Database, examId: string) {
  return db.prisma.exam.findUnique({ where: { exam_id: examId }, include: { examcycle: true } });
}

/** The exam's slots by course link (optionally of one programme), each with its paper's names and code. */
export function slotLinksOf(db: Database, examId: string, courseCombId?: string) {
  return db.prisma.timetableSlotCourse.findMany({
    where: { exam_id: examId, ...(courseCombId ? { course_comb_id: courseCombId } : {}) },
    include: {
      slot: { include: { paper: { select: { paper_name: true, paper_name_hi: true, paper_code: true } } } },
    },
  });
}

/** Courses by their ids. */
export function coursesOf(db: Database, courseCombIds: readonly string[]) {
  return db.prisma.course.findMany({ where: { course_comb_id: { in: [...courseCombIds] } } });
}

/** The course-semesters among these that teach the paper (a paperinfosem row). */
export function courseSemestersTeaching(tx: Tx, paperId: string, courses: readonly CourseKey[]) {
  return tx.paperInfoSem.findMany({
    where: {
      paper_id: paperId,
      OR: courses.map((c) => ({
        session_id: c.session_id,
        course_comb_id: c.course_comb_id,
        sem_id: c.sem_id,
      })),
    },
    select: { session_id: true, course_comb_id: true, sem_id: true },
  });
}

/** The other slots of the exam that hold the paper for these course-semesters. */
export function slotsOfPaper(
  tx: Tx,
  examId: string,
  paperId: string,
  courses: readonly CourseKey[],
  self: string | undefined,
) {
  return tx.timetableSlotCourse.findMany({
    where: {
      exam_id: examId,
      paper_id: paperId,
      OR: courses.map((c) => ({ ...c })),
      ...(self ? { NOT: { slot_id: self } } : {}),
    },
  });
}

/** The other papers of these course-semesters on a date in the exam, with their slots. */
export function otherPapersOnDate(
  tx: Tx,
  slot: { examId: string; paperId: string; date: string; self: string | undefined },
  courses: readonly CourseKey[],
) {
  return tx.timetableSlotCourse.findMany({
    where: {
      exam_id: slot.examId,
      OR: courses.map((c) => ({ ...c })),
      NOT: { paper_id: slot.paperId },
      slot: { date: slot.date, ...(slot.self ? { NOT: { slot_id: slot.self } } : {}) },
    },
    select: { session_id: true, course_comb_id: true, sem_id: true, paper_id: true, slot_id: true },
  });
}

/** Replaces a slot's course links with its listed course-semesters. */
export async function writeLinks(tx: Tx, row: Record<string, unknown>) {
  const slotId = String(row.slot_id);
  await tx.timetableSlotCourse.deleteMany({ where: { slot_id: slotId } });
  await tx.timetableSlotCourse.createMany({
    data: courseKeyList(row.courses as string).map((c) => ({
      ...c,
      exam_id: String(row.exam_id),
      paper_id: String(row.paper_id),
      slot_id: slotId,
    })),
  });
}
