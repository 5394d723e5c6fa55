import type { Prisma } from '@exam/db';

/** The SQL of marks corrections (lifecycle S7): the mark of record they change. */

type Tx = Prisma.TransactionClient;

/** An attempt's mark of record of a component (marks as text, or its status), locked for update if asked. */
export async function markOfRecord(tx: Tx, attemptId: string, component: string, lock = false) {
  const [mark] = await tx.$queryRawUnsafe<Array<{ mark: string; batch_id: string | null }>>(
    `SELECT COALESCE(value::text, status) AS mark, batch_id
       FROM mark_record
      WHERE attempt_id = $1 AND component = $2${lock ? '\n        FOR UPDATE' : ''}`,
    attemptId,
    component,
  );
  return mark;
}

/** Sets an attempt's mark of record of a component (marks or a status) from a correction. */
export function correctMark(
  tx: Tx,
  correction: { attempt_id: string; component: string; value: string | null; status: string | null },
  source: string,
  correctionId: string,
) {
  return tx.$executeRawUnsafe(
    `UPDATE mark_record
        SET value = $3::numeric(6,2), status = $4, source = $5, correction_id = $6, updated_at = now()
      WHERE attempt_id = $1 AND component = $2`,
    correction.attempt_id,
    correction.component,
    correction.value,
    correction.status,
    source,
    correctionId,
  );
}
