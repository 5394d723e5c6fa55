import { randomBytes } from 'node:crypto';
import type { Prisma } from '@exam/db';
import { asDelegate, type Store } from '../../platform/crud/store.ts';

/**
 * The database side of exam forms (lifecycle S2), one function per question: a form's link, the student's
 * enrolment, papers, backlogs and rule set, the forms and links of a student. The decisions are in
 * exam-form-rules.ts, the use cases in exam-form-service.ts.
 */

type Tx = Prisma.TransactionClient;

export interface CourseSemester {
  session_id: string;
  course_comb_id: string;
  sem_id: string;
}
export interface FormTarget extends CourseSemester {
  exam_id: string;
  student_id: string;
}
export interface PaperKey extends CourseSemester {
  paper_id: string;
}
export interface FormPaper extends PaperKey {
  attempt_type: 'REGULAR' | 'BACK' | 'IMPROVEMENT';
  attempt_no: number;
}

/** A generated key: a letter, the time and randomness (sortable by creation, ≤ 30 characters). */
export const newId = (prefix: string) =>
  `${prefix}${Date.now().toString(36).toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`;

const semesterOf = (k: CourseSemester) => ({
  session_id: k.session_id,
  course_comb_id: k.course_comb_id,
  sem_id: k.sem_id,
});

/**
 * A form's rows come with their papers (in paper order) and the student's name, for lists, views and the
 * audit trail.
 */
export const examFormStore: Store = {
  include: { student: { select: { name_en: true } } },
  delegate: (client) => {
    const forms = client.examForm;
    const papers = {
      papers: {
        orderBy: [{ sem_id: 'asc' as const }, { paper_id: 'asc' as const }],
        omit: { form_id: true, created_at: true },
      },
    };
    // A call that selects its own columns (existence checks, history) gets just those.
    const withPapers = (args: Record<string, unknown>) =>
      (args.select ? args : { ...args, include: { ...(args.include as object), ...papers } }) as never;
    return asDelegate({
      findMany: (args: Record<string, unknown>) => forms.findMany(withPapers(args)),
      findUnique: (args: Record<string, unknown>) => forms.findUnique(withPapers(args)),
      count: (args: Record<string, unknown>) => forms.count(args as never),
      create: (args: Record<string, unknown>) => forms.create(args as never),
      updateMany: (args: Record<string, unknown>) => forms.updateMany(args as never),
      deleteMany: (args: Record<string, unknown>) => forms.deleteMany(args as never),
    });
  },
};

/** A form within a reach (the scope's where; null: nothing is within it), with its papers. */
export async function formWithin(tx: Tx, formId: string, within: Record<string, unknown> | null) {
  if (!within) return undefined;
  const [row] = await examFormStore.delegate(tx).findMany({
    where: { AND: [{ form_id: formId }, within] },
    take: 1,
    include: examFormStore.include,
  });
  return row;
}

/** The exam course link of a form's exam and course-semester, if there is one. */
export function examLinkOf(tx: Tx, key: FormTarget) {
  return tx.examCcinfo.findUnique({
    where: {
      key: {
        exam_id: key.exam_id,
        session_id: key.session_id,
        course_comb_id: key.course_comb_id,
        sem_id: key.sem_id,
      },
    },
  });
}

/** A student's college, if the student exists. */
export function studentOf(tx: Tx, studentId: string) {
  return tx.student.findUnique({ where: { student_id: studentId }, select: { college_id: true } });
}

/** Whether a student lies within a reach. */
export async function studentWithin(tx: Tx, studentId: string, within: object | null) {
  return Boolean(
    within &&
    (await tx.student.findFirst({
      where: { AND: [{ student_id: studentId }, within] },
      select: { student_id: true },
    })),
  );
}

/** The student's form of an exam and course-semester, if there is one. */
export function formOfSemester(tx: Tx, target: FormTarget) {
  return tx.examForm.findFirst({
    where: { exam_id: target.exam_id, student_id: target.student_id, ...semesterOf(target) },
    select: { form_id: true, status: true },
  });
}

/** The student's enrolment in a course-semester: its college, rule set and attendance, if enrolled. */
export function enrolmentOf(tx: Tx, studentId: string, semester: CourseSemester) {
  return tx.studentCcinfo.findUnique({
    where: { key: { student_id: studentId, ...semesterOf(semester) } },
    select: { college_id: true, ruleset_id: true, ruleset_version: true, attendance_percent: true },
  });
}

/**
 * The rule set a student's enrolment froze: of this semester, else of its latest enrolment; null when it has
 * none.
 */
export async function rulesetOfStudent(tx: Tx, studentId: string, semester?: CourseSemester) {
  const enrolment =
    (semester && (await enrolmentOf(tx, studentId, semester))) ||
    (await tx.studentCcinfo.findFirst({
      where: { student_id: studentId },
      orderBy: { session_id: 'desc' },
      select: { ruleset_id: true, ruleset_version: true },
    }));
  if (!enrolment) return null;
  return tx.ruleset.findUnique({
    where: { key: { ruleset_id: enrolment.ruleset_id, version: enrolment.ruleset_version } },
    select: { ruleset_id: true, version: true, rules: true },
  });
}

/** The ids of a student's ACTIVE papers of a course-semester (studentpaper), in paper order. */
export async function activePaperIds(tx: Tx, studentId: string, semester: CourseSemester) {
  const rows = await tx.studentPaper.findMany({
    where: { student_id: studentId, ...semesterOf(semester), status: 'ACTIVE' },
    orderBy: { paper_id: 'asc' },
    select: { paper_id: true },
  });
  return rows.map((r) => r.paper_id);
}

/** A student's OPEN backlog rows with their paper's name, in syllabus order. */
export function openBacklogsOf(tx: Tx, studentId: string) {
  return tx.backlog.findMany({
    where: { student_id: studentId, status: 'OPEN' },
    orderBy: [{ session_id: 'asc' }, { sem_id: 'asc' }, { paper_id: 'asc' }],
    include: { paperinfosem: { select: { th_pr_status: true, paper: { select: { paper_name: true } } } } },
  });
}

/**
 * What the maximum duration needs: the student's admission session, the course's nominal years and the
 * exam's session (undefined when one of them is missing).
 */
export async function durationFactsOf(tx: Tx, target: FormTarget) {
  const [student, course, exam] = await Promise.all([
    tx.student.findUnique({
      where: { student_id: target.student_id },
      select: { admission_session_id: true },
    }),
    tx.course.findUnique({
      where: { course_comb_id: target.course_comb_id },
      select: { duration_years: true },
    }),
    tx.exam.findUnique({ where: { exam_id: target.exam_id }, select: { session_id: true } }),
  ]);
  if (!student || !course || !exam) return undefined;
  return {
    admission_session_id: student.admission_session_id,
    duration_years: course.duration_years,
    exam_session_id: exam.session_id,
  };
}

/** The semesters a student may fill forms for (its enrolments, its open backlogs) and the forms it has. */
export async function semestersAndFormsOf(tx: Tx, studentId: string) {
  const [enrolments, backlogs, forms] = await Promise.all([
    tx.studentCcinfo.findMany({
      where: { student_id: studentId },
      select: { session_id: true, course_comb_id: true, sem_id: true },
    }),
    tx.backlog.findMany({
      where: { student_id: studentId, status: 'OPEN' },
      select: { session_id: true, course_comb_id: true, sem_id: true },
    }),
    tx.examForm.findMany({
      where: { student_id: studentId },
      select: { exam_id: true, session_id: true, course_comb_id: true, sem_id: true },
    }),
  ]);
  return { enrolments, backlogs, forms };
}

/** The exam course links of these course-semesters whose forms are open (FORMS_OPEN). */
export function linksOpenIn(tx: Tx, semesters: readonly CourseSemester[]) {
  return tx.examCcinfo.findMany({
    where: { phase: 'FORMS_OPEN', OR: semesters.map(semesterOf) },
    orderBy: [{ exam_id: 'asc' }, { session_id: 'asc' }, { course_comb_id: 'asc' }, { sem_id: 'asc' }],
  });
}

/** A student's category (GEN when unknown). */
export async function categoryOf(tx: Tx, studentId: string) {
  const student = await tx.student.findUnique({
    where: { student_id: studentId },
    select: { category: true },
  });
  return student?.category ?? 'GEN';
}

/** How many of these papers are practical papers (th_pr_status PR). */
export function practicalPaperCount(tx: Tx, papers: readonly PaperKey[]) {
  if (!papers.length) return Promise.resolve(0);
  return tx.paperInfoSem.count({
    where: {
      OR: papers.map((p) => ({ ...semesterOf(p), paper_id: p.paper_id })),
      th_pr_status: 'PR',
    },
  });
}

/** Replaces a form's papers. */
export async function replacePapers(tx: Tx, formId: string, papers: readonly FormPaper[]) {
  await tx.examFormPaper.deleteMany({ where: { form_id: formId } });
  await tx.examFormPaper.createMany({ data: papers.map((p) => ({ form_id: formId, ...p })) });
}

/** One attempt per paper of an approved form: the key of every later mark, attendance row and result line. */
export async function createAttempts(tx: Tx, form: FormTarget & { form_id: string; college_id: string }) {
  const papers = await tx.examFormPaper.findMany({
    where: { form_id: form.form_id },
    orderBy: { paper_id: 'asc' },
  });
  await tx.attempt.createMany({
    data: papers.map((p) => ({
      attempt_id: newId('A'),
      exam_id: form.exam_id,
      student_id: form.student_id,
      session_id: p.session_id,
      course_comb_id: p.course_comb_id,
      sem_id: p.sem_id,
      paper_id: p.paper_id,
      form_id: form.form_id,
      college_id: form.college_id,
      attempt_type: p.attempt_type,
      attempt_no: p.attempt_no,
    })),
  });
}
