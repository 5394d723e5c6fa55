import { seeding } from './transaction.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import {
  demoCcinfoSems,
  demoColleges,
  demoCourses,
  demoDepartments,
  demoExamCycles,
  demoExams,
  demoPaperInfoSems,
  demoPapers,
  demoRulesets,
  demoSemesters,
  demoSessions,
} from './demo-data.ts';
import { seedDemoExamForms } from './demo-exam-forms.ts';
import { seedDemoStudents } from './demo-students.ts';
import { seedDemoTimetable } from './demo-timetable.ts';
import { seedDemoAdmitCards } from './demo-admit-cards.ts';
import { seedDemoConduct } from './demo-conduct.ts';
import { seedDemoCoding } from './demo-coding.ts';
import { seedDemoMarks } from './demo-marks.ts';
import { seedDemoDocuments } from './demo-documents.ts';
import { DEMO_PASSWORD, demoUsers, ensureUsers, type DemoUser } from './users.ts';

export { DEMO_PASSWORD, demoUsers, ensureUsers, type DemoUser };
export { DEMO_STUDENT_ID, demoStudentRows, seedDemoStudents } from './demo-students.ts';
export { seedDemoExamForms } from './demo-exam-forms.ts';
export { accountsWithDemoPassword, demoPasswordRefusal, replaceDemoPassword } from './demo-password.ts';

/**
 * Fills an empty database with the demo master data; a database that has any session is left alone, except
 * that one seeded before colleges, departments and rule sets existed gets those (and its demo papers and
 * exams their departments and cycles) once, while all three tables are still empty.
 */
export async function seedDemoMasterData(prisma: PrismaClient): Promise<boolean> {
  const seeded = await seedMasterData(prisma);
  // The demo students come with the demo master data (and once into a database seeded before they existed).
  const students = await seedDemoStudents(prisma);
  // The demo exam set-up and forms come with the demo students (and once into a database without any course
  // link).
  const forms = await seedDemoExamForms(prisma);
  // The demo exam's timetable (once into a database without one).
  const timetable = await seedDemoTimetable(prisma);
  // A past sitting with published admit cards.
  const cards = await seedDemoAdmitCards(prisma);
  // Centres, rooms and the past sitting's timetable (conduct).
  const conduct = await seedDemoConduct(prisma);
  // An office user of the secrecy cell and a few examiners (coding).
  const coding = await seedDemoCoding(prisma);
  // CIA patterns and entry batches of the past sitting (marks).
  const marks = await seedDemoMarks(prisma);
  // The place of issue and the signatories' names the demo documents print.
  const documents = await seedDemoDocuments(prisma);
  return seeded || students || forms || timetable || cards || conduct || coding || marks || documents;
}

async function seedMasterData(prisma: PrismaClient): Promise<boolean> {
  if ((await prisma.session.count()) > 0) return seedLifecycleMasterData(prisma);
  await prisma.$transaction([
    prisma.session.createMany({ data: demoSessions, skipDuplicates: true }),
    prisma.course.createMany({ data: demoCourses, skipDuplicates: true }),
    prisma.semPart.createMany({ data: demoSemesters, skipDuplicates: true }),
    prisma.department.createMany({ data: demoDepartments, skipDuplicates: true }),
    prisma.paper.createMany({ data: demoPapers, skipDuplicates: true }),
    prisma.ccinfoSem.createMany({ data: demoCcinfoSems, skipDuplicates: true }),
    prisma.paperInfoSem.createMany({ data: demoPaperInfoSems, skipDuplicates: true }),
    prisma.examCycle.createMany({ data: demoExamCycles, skipDuplicates: true }),
    prisma.exam.createMany({ data: demoExams, skipDuplicates: true }),
    prisma.college.createMany({ data: demoColleges, skipDuplicates: true }),
    prisma.ruleset.createMany({ data: demoRulesets, skipDuplicates: true }),
  ]);
  return true;
}

/** The newer demo master data for a database seeded before it existed (see seedDemoMasterData). */
async function seedLifecycleMasterData(prisma: PrismaClient): Promise<boolean> {
  const counts = await Promise.all([
    prisma.college.count(),
    prisma.department.count(),
    prisma.ruleset.count(),
  ]);
  if (counts.some((n) => n > 0)) return false;
  await prisma.$transaction(async (tx) => {
    await tx.department.createMany({ data: demoDepartments, skipDuplicates: true });
    await tx.college.createMany({ data: demoColleges, skipDuplicates: true });
    await tx.ruleset.createMany({ data: demoRulesets, skipDuplicates: true });
    // Only demo rows nobody has linked yet, and only to cycles that are still there.
    for (const paper of demoPapers.filter((p) => p.dept_id)) {
      await tx.paper.updateMany({
        where: { paper_id: paper.paper_id, dept_id: null },
        data: { dept_id: paper.dept_id },
      });
    }
    const cycles = new Set((await tx.examCycle.findMany({ select: { rti: true } })).map((c) => c.rti));
    for (const exam of demoExams.filter((e) => cycles.has(e.rti))) {
      await tx.exam.updateMany({ where: { exam_id: exam.exam_id, rti: null }, data: { rti: exam.rti } });
    }
  }, seeding);
  return true;
}

export function seedDemoUsers(prisma: PrismaClient, bcryptRounds?: number) {
  return ensureUsers(
    prisma,
    demoUsers.map((u) => ({ ...u, password: DEMO_PASSWORD })),
    bcryptRounds,
  );
}
