import type { Database, Prisma } from '@exam/db';

/**
 * The conduct module's public read model (lifecycle S5 → S6): attendance as the marks and coding modules see
 * it, from the view `attempt_attendance` (migration 20261123200000_conduct): one row per attempt with its
 * slot, centre, attendance status, answer-book number, the status of its attendance sheet and whether a UFM
 * case is open.
 */

export type AttendanceStatus = 'PRESENT' | 'ABSENT' | 'UFM';
export type SheetStatus = 'PENDING' | 'ENTERED' | 'VERIFIED' | 'LOCKED';

export interface AttemptAttendance {
  attempt_id: string;
  exam_id: string;
  paper_id: string;
  student_id: string;
  college_id: string;
  /** The timetable slot the paper is written in (null: the paper has no slot in this exam's timetable). */
  slot_id: string | null;
  centre_id: string | null;
  /**
   * null: no attendance row (the candidate is not seated in a FINAL plan, e.g. the admit card is withheld).
   */
  status: AttendanceStatus | null;
  answer_book_no: string | null;
  /** null: no attendance sheet for that slot and centre yet (the seating plan is not FINAL). */
  sheet_status: SheetStatus | null;
  /**
   * An unfair-means case of this paper is open (not yet APPLIED or CLOSED): the paper's result is withheld
   * (RW).
   */
  ufm_open: boolean;
}

export interface PendingSheet {
  slot_id: string | null;
  centre_id: string | null;
  /**
   * The sheet's status, or NO_SHEET when candidates with a published admit card have no attendance sheet yet.
   */
  status: SheetStatus | 'NO_SHEET';
}

/** A database or an open transaction: the read model works inside a caller's transaction too. */
export type Reader = Pick<Database, 'query'> | Prisma.TransactionClient;

async function rows<T>(db: Reader, sql: string, params: unknown[]): Promise<T[]> {
  if ('query' in db && typeof db.query === 'function')
    return (db as Pick<Database, 'query'>).query<T>(sql, params);
  return (db as Prisma.TransactionClient).$queryRawUnsafe<T[]>(sql, ...params);
}

/** Every attempt of one paper of one exam with its attendance, ordered by student. */
export function attendanceOfAttempts(
  db: Reader,
  examId: string,
  paperId: string,
): Promise<AttemptAttendance[]> {
  return rows<AttemptAttendance>(
    db,
    `SELECT attempt_id, exam_id, paper_id, student_id, college_id, slot_id, centre_id, status, answer_book_no,
        sheet_status, ufm_open
       FROM attempt_attendance WHERE exam_id = $1 AND paper_id = $2 ORDER BY student_id, attempt_id`,
    [examId, paperId],
  );
}

/**
 * Whether attendance of a paper is LOCKED everywhere it is written: every attendance sheet (slot × centre)
 * holding one of its candidates is LOCKED, and no candidate with a PUBLISHED admit card is left without an
 * attendance row. `pending` names what is not locked yet. A paper with no attempts is not locked (nothing to
 * code).
 */
export async function attendanceLockedForPaper(
  db: Reader,
  examId: string,
  paperId: string,
): Promise<{ locked: boolean; pending: PendingSheet[] }> {
  const groups = await rows<{
    slot_id: string | null;
    centre_id: string | null;
    status: string | null;
    n: number;
  }>(
    db,
    `SELECT v.slot_id, v.centre_id, CASE WHEN v.status IS NULL THEN 'NO_SHEET'
        ELSE COALESCE(v.sheet_status, 'NO_SHEET') END AS status, count(*)::int AS n
       FROM attempt_attendance v
       LEFT JOIN admit_card ac ON ac.exam_id = v.exam_id AND ac.student_id = v.student_id
      WHERE v.exam_id = $1 AND v.paper_id = $2 AND (v.status IS NOT NULL OR ac.status = 'PUBLISHED')
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    [examId, paperId],
  );
  const pending = groups
    .filter((g) => g.status !== 'LOCKED')
    .map((g) => ({ slot_id: g.slot_id, centre_id: g.centre_id, status: g.status as PendingSheet['status'] }));
  return { locked: groups.length > 0 && pending.length === 0, pending };
}

/**
 * What a result run needs of one attempt's conduct: attendance, an open UFM case (RW), a decided cancellation
 * (UFM).
 */
export interface AttemptConduct {
  attempt_id: string;
  status: AttendanceStatus | null;
  ufm_open: boolean;
  /** An APPLIED or CLOSED case with a cancelling decision (U1 this paper; U2..U4 the whole examination). */
  ufm_cancelled: boolean;
}

/** The conduct of these attempts (lifecycle S5 → S8). */
export function conductOfAttempts(db: Reader, attemptIds: readonly string[]): Promise<AttemptConduct[]> {
  if (!attemptIds.length) return Promise.resolve([]);
  return rows<AttemptConduct>(
    db,
    `SELECT v.attempt_id, v.status, v.ufm_open,
            EXISTS (SELECT 1 FROM ufm_case u WHERE u.exam_id = v.exam_id AND u.student_id = v.student_id
              AND u.status IN ('APPLIED', 'CLOSED')
                      AND ((u.decision = 'U1' AND u.paper_id = v.paper_id)
                        OR u.decision IN ('U2', 'U3', 'U4'))) AS ufm_cancelled
       FROM attempt_attendance v WHERE v.attempt_id = ANY($1::text[])`,
    [attemptIds],
  );
}
