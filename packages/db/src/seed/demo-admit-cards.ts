import { seeding } from './transaction.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';

/**
 * A past sitting with its admit cards (lifecycle S2 roll numbers, S4): MAIN-DEC-2023 for the 2023-24 first
 * semesters of BA01 and BSC01, phase ROLL_ALLOTTED, with the forms of five C104 students of each approved,
 * numbered (MD23<course><seq>, their own college C104 as centre, the university's roll format) and their
 * admit cards PUBLISHED, so every screen and list of admit cards has rows to show. The demo exam
 * MAIN-DEC-2024 stays at forms-open for the office to take through.
 */
const EXAM = 'MAIN-DEC-2023';

export async function seedDemoAdmitCards(prisma: PrismaClient): Promise<boolean> {
  if ((await prisma.admitCard.count()) > 0 || !(await prisma.exam.findUnique({ where: { exam_id: EXAM } })))
    return false;
  const courses = ['BA01', 'BSC01'];
  await prisma.$transaction(async (tx) => {
    for (const course_comb_id of courses) {
      const course = { session_id: '2023-24', course_comb_id, sem_id: '1' };
      if (!(await tx.ccinfoSem.findUnique({ where: { key: course } }))) continue;
      await tx.examCcinfo.upsert({
        where: { key: { exam_id: EXAM, ...course } },
        create: { exam_id: EXAM, ...course, phase: 'ROLL_ALLOTTED' },
        update: {},
      });
      const enrolments = await tx.studentCcinfo.findMany({
        where: { ...course, college_id: 'C104' },
        orderBy: { student_id: 'asc' },
        take: 5,
      });
      let seq = 0;
      for (const e of enrolments) {
        const papers = await tx.studentPaper.findMany({
          where: { student_id: e.student_id, ...course, status: 'ACTIVE' },
          orderBy: { paper_id: 'asc' },
        });
        const form_id = `FPAST${course_comb_id}${String(++seq).padStart(2, '0')}`;
        const roll_no = `MD23${course_comb_id}${String(seq).padStart(5, '0')}`;
        await tx.examForm.create({
          data: {
            form_id,
            exam_id: EXAM,
            student_id: e.student_id,
            ...course,
            college_id: e.college_id,
            candidate_type: 'REGULAR',
            status: 'ROLL_ALLOTTED',
            fee_amount: '800',
            roll_no,
            centre_id: 'C104',
            approved_by: 'office@university.test',
            approved_at: new Date('2023-11-20T10:00:00Z'),
            papers: {
              create: papers.map((p) => ({ ...course, paper_id: p.paper_id, attempt_type: 'REGULAR' })),
            },
            attempts: {
              create: papers.map((p, i) => ({
                attempt_id: `${form_id}-${i + 1}`,
                exam_id: EXAM,
                student_id: e.student_id,
                ...course,
                paper_id: p.paper_id,
                college_id: e.college_id,
                attempt_type: 'REGULAR',
              })),
            },
          },
        });
        await tx.admitCard.create({
          data: {
            exam_id: EXAM,
            student_id: e.student_id,
            form_id,
            college_id: e.college_id,
            roll_no,
            centre_id: 'C104',
            status: 'PUBLISHED',
          },
        });
      }
    }
    // Many small writes: more than the default 5 s on a busy machine.
  }, seeding);
  return true;
}
