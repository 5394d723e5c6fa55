import { msg, renderEnglish, type Job, type JobErrorRow, type JobStatus } from '@exam/contracts';
import type { Prisma, SqlTransaction } from '@exam/db';
import type { Transaction } from './define.ts';

/**
 * The `job` table's SQL. Every change of a running job is fenced by `worker`: only the runner holding the job
 * (status RUNNING, its own `worker`) may record progress or the outcome, so a runner that lost the job (its
 * lease ran out while it was stalled, and the job went to another) changes nothing. Times are the database's
 * `now()`, one clock for every process.
 */

/** Prisma's client or a transaction of it: both run raw SQL. */
export type Sql = Pick<Transaction, '$executeRawUnsafe' | '$queryRawUnsafe'>;

/** A plain-SQL transaction (no Prisma) as the two calls this file makes. */
export const sqlOf = (tx: SqlTransaction): Sql =>
  ({
    $executeRawUnsafe: (sql: string, ...values: unknown[]) => tx.execute(sql, values),
    $queryRawUnsafe: (sql: string, ...values: unknown[]) => tx.query(sql, values),
  }) as unknown as Sql;

/** The job row as the table holds it (Prisma's model). */
export type JobRow = Prisma.JobGetPayload<object>;

/** At most this many row errors are kept per job; the message says how many more there were. */
export const MAX_STORED_ERRORS = 1000;

const lease = `$3::double precision * interval '1 millisecond'`;

export const toJob = (row: JobRow): Job => ({
  job_id: row.id,
  kind: row.kind,
  status: row.status.toLowerCase() as JobStatus,
  done: row.done,
  total: row.total,
  message: row.message,
  errors: (row.errors ?? []) as JobErrorRow[],
  result: row.result ?? null,
  started_by: row.started_by,
  attempts: row.attempts,
  created_at: row.created_at.toISOString(),
  started_at: row.started_at?.toISOString() ?? null,
  finished_at: row.finished_at?.toISOString() ?? null,
});

export interface Claimed {
  id: string;
  kind: string;
  data: unknown;
  started_by: number | null;
  attempts: number;
}

/**
 * Takes job `id` for `worker`: a QUEUED job, or a RUNNING one whose lease ran out (its process died), while
 * it has attempts left. A new run starts from nothing: done 0, no errors. Answers undefined when the job is
 * not there to take (finished, cancelled, or held by a live runner): the message that asked for it was a
 * duplicate.
 */
export async function claim(
  sql: Sql,
  id: string,
  worker: string,
  leaseMs: number,
): Promise<Claimed | undefined> {
  const rows = await sql.$queryRawUnsafe<Claimed[]>(
    `UPDATE job SET status = 'RUNNING', attempts = attempts + 1, worker = $2, lease_until = now() + ${lease},
            started_at = COALESCE(started_at, now()), done = 0, errors = '[]', updated_at = now()
      WHERE id = $1::uuid AND attempts < max_attempts
        AND (status = 'QUEUED' OR (status = 'RUNNING' AND lease_until < now()))
      RETURNING id::text, kind, data, started_by, attempts`,
    id,
    worker,
    leaseMs,
  );
  return rows[0];
}

/** Keeps `worker`'s claim alive for another lease; false when it no longer holds the job. */
export async function renew(sql: Sql, id: string, worker: string, leaseMs: number): Promise<boolean> {
  const count = await sql.$executeRawUnsafe(
    `UPDATE job
        SET lease_until = now() + ${lease}
      WHERE id = $1::uuid AND worker = $2 AND status = 'RUNNING'`,
    id,
    worker,
    leaseMs,
  );
  return count === 1;
}

export interface Progress {
  done: number;
  total: number;
  errors: JobErrorRow[];
  message?: string | null;
}

/** Records progress (and renews the lease) while `worker` holds the job; false when it no longer does. */
export async function saveProgress(
  sql: Sql,
  id: string,
  worker: string,
  leaseMs: number,
  progress: Progress,
): Promise<boolean> {
  const count = await sql.$executeRawUnsafe(
    `UPDATE job
        SET done = $4, total = $5, errors = $6::jsonb, lease_until = now() + ${lease}, updated_at = now()
      WHERE id = $1::uuid AND worker = $2 AND status = 'RUNNING'`,
    id,
    worker,
    leaseMs,
    progress.done,
    progress.total,
    JSON.stringify(progress.errors),
  );
  return count === 1;
}

/**
 * The outcome, while `worker` holds the job (a failure's `message` replaces the job's); false when it no
 * longer does.
 */
export async function finish(
  sql: Sql,
  id: string,
  worker: string,
  outcome: Progress & { status: 'SUCCEEDED' | 'FAILED'; result?: unknown },
): Promise<boolean> {
  const count = await sql.$executeRawUnsafe(
    `UPDATE job
        SET status = $3::"JobStatus", done = $4, total = $5, errors = $6::jsonb, result = $7::jsonb,
        message = COALESCE($8, message),
            finished_at = now(), lease_until = NULL, updated_at = now()
      WHERE id = $1::uuid AND worker = $2 AND status = 'RUNNING'`,
    id,
    worker,
    outcome.status,
    outcome.done,
    outcome.total,
    JSON.stringify(outcome.errors),
    outcome.result === undefined ? null : JSON.stringify(outcome.result),
    outcome.message ?? null,
  );
  return count === 1;
}

/**
 * Gives a job `worker` still holds back to the queue (a runner shutting down before its handler finished):
 * the run does not count as an attempt. Answers whether it did (the caller then sends a new message in the
 * same transaction).
 */
export async function release(sql: Sql, id: string, worker: string): Promise<boolean> {
  const count = await sql.$executeRawUnsafe(
    `UPDATE job
        SET status = 'QUEUED', worker = NULL, lease_until = NULL, attempts = GREATEST(attempts - 1, 0),
        updated_at = now()
      WHERE id = $1::uuid AND worker = $2 AND status = 'RUNNING'`,
    id,
    worker,
  );
  return count === 1;
}

/**
 * Jobs whose runner died: RUNNING with their lease run out (or, with `everyRunning`, every RUNNING job: on
 * PGlite only this process can have been running them). Those with attempts left go back to QUEUED (the
 * caller sends their messages in the same transaction); the others are FAILED. Answers the ids put back.
 */
export async function requeueAbandoned(sql: Sql, everyRunning: boolean): Promise<string[]> {
  const abandoned = everyRunning ? 'TRUE' : 'lease_until < now()';
  // The sentence in English with each job's attempts put in (a job's message is stored as text).
  await sql.$executeRawUnsafe(
    `UPDATE job
        SET status = 'FAILED', finished_at = now(), lease_until = NULL, updated_at = now(),
            message = replace($1, '{attempts}', attempts::text)
      WHERE status = 'RUNNING' AND ${abandoned} AND attempts >= max_attempts`,
    renderEnglish(msg('jobs.gaveUp', { attempts: '{attempts}' })),
  );
  const rows = await sql.$queryRawUnsafe<Array<{ id: string }>>(
    `UPDATE job SET status = 'QUEUED', worker = NULL, lease_until = NULL, updated_at = now()
      WHERE status = 'RUNNING' AND ${abandoned} AND attempts < max_attempts
      RETURNING id::text`,
  );
  return rows.map((r) => r.id);
}
