import { seeding } from './transaction.ts';
import { computeFee } from '@exam/contracts';
import type { PrismaClient } from '../generated/prisma/client.ts';

/**
 * Demo exam set-up and forms (lifecycle S2): MAIN-DEC-2024 with the first semesters of the 2024-25 courses in
 * FORMS_OPEN (BSC01 semester 1, the demo student's, is left for the office to link), the 2023-24 first
 * semesters for back candidates with their backlogs, and forms of C101/C102 students in several statuses.
 * Windows are relative to the day the demo is seeded (open a week ago, due in 30 days, late fee until 45
 * days).
 */
const EXAM = 'MAIN-DEC-2024';
const DAY = 86_400_000;
const fees = {
  base_fee: '800',
  back_paper_fee: '200',
  practical_fee: '150',
  late_fee: '300',
  category_concessions: 'SC:50 ST:50',
};

export async function seedDemoExamForms(prisma: PrismaClient): Promise<boolean> {
  if (
    (await prisma.examCcinfo.count()) > 0 ||
    !(await prisma.exam.findUnique({ where: { exam_id: EXAM } })) ||
    (await prisma.student.count()) === 0
  )
    return false;
  const now = Date.now();
  const windows = {
    form_open_at: new Date(now - 7 * DAY),
    form_due_at: new Date(now + 30 * DAY),
    late_fee_close_at: new Date(now + 45 * DAY),
  };
  const links = [
    ...['BA01', 'BA02', 'BSC02', 'BCOM01'].map((course_comb_id) => ({
      session_id: '2024-25',
      course_comb_id,
      sem_id: '1',
      allow_types: 'REGULAR EX',
    })),
    ...['BA01', 'BSC01'].map((course_comb_id) => ({
      session_id: '2023-24',
      course_comb_id,
      sem_id: '1',
      allow_types: 'BACK IMPROVEMENT EX',
    })),
  ];
  const existing = new Set(
    (
      await prisma.ccinfoSem.findMany({ select: { session_id: true, course_comb_id: true, sem_id: true } })
    ).map((c) => `${c.session_id}/${c.course_comb_id}/${c.sem_id}`),
  );
  const usable = links.filter((l) => existing.has(`${l.session_id}/${l.course_comb_id}/${l.sem_id}`));
  await prisma.$transaction(async (tx) => {
    // The college faculty demo user heads C101 (a database whose demo users came before exam forms gets it
    // here).
    await tx.user.updateMany({
      where: { email: 'faculty.college@university.test' },
      data: { college_head: true },
    });
    await tx.examCcinfo.createMany({
      data: usable.map((l) => ({ exam_id: EXAM, ...l, ...windows, ...fees, phase: 'FORMS_OPEN' })),
    });
    // Back papers of the 2023-24 batch (failed in MAIN-DEC-2023), as the legacy results would be imported.
    const owed = await tx.studentPaper.findMany({
      where: {
        session_id: '2023-24',
        sem_id: '1',
        student_id: { in: ['2023C101001', '2023C101002', '2023C101003', '2023C102001'] },
        choice_source: 'COMPULSORY',
      },
      orderBy: [{ student_id: 'asc' }, { paper_id: 'asc' }],
    });
    const firstPerStudent = owed.filter((p, i) => i === 0 || owed[i - 1]!.student_id !== p.student_id);
    await tx.backlog.createMany({
      data: firstPerStudent.map((p) => ({
        student_id: p.student_id,
        session_id: p.session_id,
        course_comb_id: p.course_comb_id,
        sem_id: p.sem_id,
        paper_id: p.paper_id,
        first_exam_id: 'MAIN-DEC-2023',
        reason: 'EXTERNAL',
        attempts_used: 1,
      })),
    });
    // Forms of C101 BA01 students in every status up to approval, and one of C102 waiting for its college.
    const statuses: Array<[string, string]> = [
      ['2024C101005', 'DRAFT'],
      ['2024C101010', 'SUBMITTED'],
      ['2024C101015', 'FEE_PAID'],
      ['2024C101020', 'COLLEGE_VERIFIED'],
      ['2024C101025', 'APPROVED'],
      ['2024C101030', 'RETURNED'],
      ['2024C102005', 'FEE_PAID'],
    ];
    let seq = 0;
    for (const [student_id, status] of statuses) {
      const enrolment = await tx.studentCcinfo.findFirst({
        where: { student_id, session_id: '2024-25', sem_id: '1' },
        include: { student: { select: { category: true } } },
      });
      if (
        !enrolment ||
        !usable.some((l) => l.session_id === '2024-25' && l.course_comb_id === enrolment.course_comb_id)
      )
        continue;
      const papers = await tx.studentPaper.findMany({
        where: { student_id, session_id: '2024-25', sem_id: '1', status: 'ACTIVE' },
        orderBy: { paper_id: 'asc' },
      });
      const practical = await tx.paperInfoSem.count({
        where: {
          session_id: '2024-25',
          course_comb_id: enrolment.course_comb_id,
          sem_id: '1',
          paper_id: { in: papers.map((p) => p.paper_id) },
          th_pr_status: 'PR',
        },
      });
      const fee = computeFee(
        { ...fees, form_due_at: windows.form_due_at },
        {
          category: enrolment.student.category,
          backPapers: 0,
          practicalPapers: practical,
          at: new Date(now),
        },
      );
      const form_id = `FDEMO${String(++seq).padStart(3, '0')}`;
      const submitted = status !== 'DRAFT';
      const past = (s: string) =>
        ['FEE_PAID', 'COLLEGE_VERIFIED', 'APPROVED'].indexOf(status) >=
        ['FEE_PAID', 'COLLEGE_VERIFIED', 'APPROVED'].indexOf(s);
      await tx.examForm.create({
        data: {
          form_id,
          exam_id: EXAM,
          student_id,
          session_id: '2024-25',
          course_comb_id: enrolment.course_comb_id,
          sem_id: '1',
          college_id: enrolment.college_id,
          candidate_type: 'REGULAR',
          status,
          fee_amount: fee.total,
          late_fee: fee.late,
          submitted_at: submitted ? new Date(now - 2 * DAY) : null,
          ...(past('FEE_PAID')
            ? { payment_ref: `CH-${form_id}`, paid_amount: fee.total, paid_at: new Date(now - DAY) }
            : {}),
          ...(past('COLLEGE_VERIFIED')
            ? { verified_by: 'faculty.college@university.test', verified_at: new Date(now - DAY / 2) }
            : {}),
          ...(past('APPROVED') && status === 'APPROVED'
            ? { approved_by: 'office@university.test', approved_at: new Date(now - DAY / 4) }
            : {}),
          status_reason: status === 'RETURNED' ? 'Photo missing: upload a recent passport-size photo.' : null,
          papers: {
            create: papers.map((p) => ({
              session_id: p.session_id,
              course_comb_id: p.course_comb_id,
              sem_id: p.sem_id,
              paper_id: p.paper_id,
              attempt_type: 'REGULAR',
              attempt_no: 1,
            })),
          },
        },
      });
      if (submitted && status !== 'RETURNED')
        await tx.studentCcinfo.updateMany({
          where: { student_id, session_id: '2024-25', sem_id: '1' },
          data: { papers_locked_at: new Date(now - 2 * DAY) },
        });
      if (status === 'APPROVED') {
        await tx.attempt.createMany({
          data: papers.map((p, i) => ({
            attempt_id: `ADEMO${String(seq).padStart(3, '0')}${String(i + 1).padStart(2, '0')}`,
            exam_id: EXAM,
            student_id,
            session_id: p.session_id,
            course_comb_id: p.course_comb_id,
            sem_id: p.sem_id,
            paper_id: p.paper_id,
            form_id,
            college_id: enrolment.college_id,
            attempt_type: 'REGULAR',
            attempt_no: 1,
          })),
        });
      }
    }
  }, seeding);
  return true;
}
