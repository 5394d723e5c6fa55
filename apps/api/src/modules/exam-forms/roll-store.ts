import type { Prisma } from '@exam/db';

/** The database side of roll allotment: the exam's links still taking forms, the colleges and centres. */

type Tx = Prisma.TransactionClient;

/** The exam's course links whose forms are open or not yet opened (PLANNED, FORMS_OPEN). */
export function linksWithFormsOpen(tx: Tx, examId: string) {
  return tx.examCcinfo.findMany({
    where: { exam_id: examId, phase: { in: ['PLANNED', 'FORMS_OPEN'] } },
    orderBy: [{ course_comb_id: 'asc' }, { sem_id: 'asc' }],
  });
}

/** Every college with its district and whether it is an examination centre, by college id. */
export function collegesWithCentres(tx: Tx) {
  return tx.college.findMany({
    select: { college_id: true, district: true, is_centre: true },
    orderBy: { college_id: 'asc' },
  });
}
