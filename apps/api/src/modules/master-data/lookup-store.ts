import type { Database, Prisma } from '@exam/db';

/** The master-data lookups in the database, one function per question. */

type Client = Database['prisma'] | Prisma.TransactionClient;

/** A session by its id (only whether it exists). */
export const sessionById = (client: Client, sessionId: string) =>
  client.session.findUnique({ where: { session_id: sessionId }, select: { session_id: true } });

/** A page of the courses in id order, and how many there are. */
export const coursesPage = (db: Database, offset: number, limit: number) =>
  Promise.all([
    db.prisma.course.count(),
    db.prisma.course.findMany({ orderBy: { course_comb_id: 'asc' }, skip: offset, take: limit }),
  ]);

/** The courses a session has course-semester links for. */
export const coursesOfSession = (db: Database, sessionId: string) =>
  db.prisma.course.findMany({
    where: { ccinfo_sems: { some: { session_id: sessionId } } },
    orderBy: { course_comb_id: 'asc' },
  });

/** The exams of a session (only the active ones, or all). */
export const examsOfSession = (db: Database, sessionId: string, onlyActive: boolean) =>
  db.prisma.exam.findMany({
    where: { session_id: sessionId, ...(onlyActive ? { active_status: 1 } : {}) },
    orderBy: { exam_id: 'asc' },
  });

/** A paper scheme (paperinfosem row) by its key. */
export const paperSchemeByKey = (
  db: Database,
  key: { session_id: string; course_comb_id: string; sem_id: string; paper_id: string },
) => db.prisma.paperInfoSem.findUnique({ where: { key } });
