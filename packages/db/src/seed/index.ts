import type { PrismaClient } from '../generated/prisma/client.ts';
import {
  demoCcinfoSems, demoCourses, demoExamCycles, demoExams, demoPaperInfoSems, demoPapers, demoSemesters, demoSessions,
} from './demo-data.ts';
import { DEMO_PASSWORD, demoUsers, ensureUsers, type DemoUser } from './users.ts';

export { DEMO_PASSWORD, demoUsers, ensureUsers, type DemoUser };

/** Fills an empty database with the demo master data; a database that has any session is left alone. */
export async function seedDemoMasterData(prisma: PrismaClient): Promise<boolean> {
  if ((await prisma.session.count()) > 0) return false;
  await prisma.$transaction([
    prisma.session.createMany({ data: demoSessions, skipDuplicates: true }),
    prisma.course.createMany({ data: demoCourses, skipDuplicates: true }),
    prisma.semPart.createMany({ data: demoSemesters, skipDuplicates: true }),
    prisma.paper.createMany({ data: demoPapers, skipDuplicates: true }),
    prisma.ccinfoSem.createMany({ data: demoCcinfoSems, skipDuplicates: true }),
    prisma.paperInfoSem.createMany({ data: demoPaperInfoSems, skipDuplicates: true }),
    prisma.exam.createMany({ data: demoExams, skipDuplicates: true }),
    prisma.examCycle.createMany({ data: demoExamCycles, skipDuplicates: true }),
  ]);
  return true;
}

export function seedDemoUsers(prisma: PrismaClient, bcryptRounds?: number) {
  return ensureUsers(prisma, demoUsers.map((u) => ({ ...u, password: DEMO_PASSWORD })), bcryptRounds);
}
