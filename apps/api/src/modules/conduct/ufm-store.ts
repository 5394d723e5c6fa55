import { randomBytes } from 'node:crypto';
import type { Prisma } from '@exam/db';

/** Unfair-means cases in the database (lifecycle S5 "UFM report", §2.3 E), one function per question. */

type Tx = Prisma.TransactionClient;

/** A case id: "UFM" + time + randomness, sortable by creation, ≤ 30 characters. */
export const newCaseId = () =>
  `UFM${Date.now().toString(36).toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`;

/** A timetable slot by its id. */
export const slotOfReport = (tx: Tx, slotId: string) =>
  tx.timetableSlot.findUnique({ where: { slot_id: slotId } });

/** The admit card of a roll number in an exam. */
export const admitCardOfRoll = (tx: Tx, examId: string, rollNo: string) =>
  tx.admitCard.findFirst({ where: { exam_id: examId, roll_no: rollNo } });

/** How many of a student's attempts are written in a slot (its courses' paper). */
export async function attemptsInSlot(tx: Tx, slotId: string, studentId: string) {
  const [row] = await tx.$queryRawUnsafe<Array<{ n: number }>>(
    `SELECT count(*)::int AS n
       FROM attempt a
       JOIN timetable_slot_course tsc
         ON tsc.exam_id = a.exam_id
        AND tsc.session_id = a.session_id
        AND tsc.course_comb_id = a.course_comb_id
        AND tsc.sem_id = a.sem_id
        AND tsc.paper_id = a.paper_id
      WHERE tsc.slot_id = $1
        AND a.student_id = $2`,
    slotId,
    studentId,
  );
  return row!.n;
}

/** The case of a candidate and paper in an exam, if any (one per candidate and paper). */
export const caseOfPaper = (tx: Tx, examId: string, paperId: string, studentId: string) =>
  tx.ufmCase.findFirst({
    where: { exam_id: examId, paper_id: paperId, student_id: studentId },
    select: { case_id: true, status: true },
  });

/** Marks a candidate UFM in a slot. */
export async function markUfmInSlot(tx: Tx, slotId: string, studentId: string) {
  await tx.attendance.updateMany({
    where: { slot_id: slotId, student_id: studentId, status: { not: 'UFM' } },
    data: { status: 'UFM' },
  });
}
