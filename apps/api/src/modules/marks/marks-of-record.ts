import { sqlRows, type Reader } from './sql.ts';

/**
 * The marks module's public read side for result runs (lifecycle S8): which entry batches of an exam ×
 * course-semester are not LOCKED yet, and the marks of record of a set of attempts. A run reads only these,
 * never the entered rows.
 */

export interface ExamCourseKey {
  exam_id: string;
  session_id: string;
  course_comb_id: string;
  sem_id: string;
}

export interface UnlockedBatch {
  batch_id: string;
  component: string;
  paper_id: string;
  college_id: string | null;
  packet_no: string | null;
  status: string;
}

/** Entry batches of the scope that are not LOCKED (a run refuses them unless it is asked to give RL). */
export function unlockedBatches(db: Reader, key: ExamCourseKey): Promise<UnlockedBatch[]> {
  return sqlRows<UnlockedBatch>(
    db,
    `SELECT batch_id, component, paper_id, college_id, packet_no, status
       FROM entry_batch
      WHERE exam_id = $1 AND session_id = $2 AND course_comb_id = $3 AND sem_id = $4 AND status <> 'LOCKED'
      ORDER BY paper_id, component, batch_id`,
    [key.exam_id, key.session_id, key.course_comb_id, key.sem_id],
  );
}

/** The LOCKED entry batches of the scope with their lock time: the inputs a run records. */
export function lockedBatches(
  db: Reader,
  key: ExamCourseKey,
): Promise<Array<{ batch_id: string; locked_at: string | null }>> {
  return sqlRows(
    db,
    `SELECT batch_id, to_char(locked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS locked_at
       FROM entry_batch
      WHERE exam_id = $1 AND session_id = $2 AND course_comb_id = $3 AND sem_id = $4 AND status = 'LOCKED'
      ORDER BY batch_id`,
    [key.exam_id, key.session_id, key.course_comb_id, key.sem_id],
  );
}

export interface MarkOfRecord {
  attempt_id: string;
  component: 'INT' | 'EXT' | 'PR';
  /** Decimal text ("52.00"), or null with a status. */
  value: string | null;
  status: string | null;
}

/** The marks of record of these attempts, every component. */
export function marksOfRecord(db: Reader, attemptIds: readonly string[]): Promise<MarkOfRecord[]> {
  if (!attemptIds.length) return Promise.resolve([]);
  return sqlRows<MarkOfRecord>(
    db,
    `SELECT attempt_id, component, value::text AS value, status
       FROM mark_record
      WHERE attempt_id = ANY($1::text[])
      ORDER BY attempt_id, component`,
    [attemptIds],
  );
}
