import type { CapabilityKey } from '@exam/contracts';
import type { Database, Prisma, SqlTransaction } from '@exam/db';
import type { z } from 'zod';

/** A Prisma transaction client, as `db.prisma.$transaction(async (tx) => ...)` hands it out. */
export type Transaction = Prisma.TransactionClient;

/** What a job's `run` is given. */
export interface JobContext<Data> {
  db: Database;
  /**
   * The job's input, as `enqueueJob` was given it (already checked against the kind's `data` schema when it
   * has one).
   */
  data: Data;
  /** users.id of whoever started the job (null: the system). */
  userId: number | null;
  /**
   * The job's id (`job.id`), e.g. to tag what it writes so that a run after a restart can tell what is done.
   */
  jobId: string;
  /** 1 on the first run, 2 when the job runs again after its process died, ... */
  attempt: number;
  /**
   * Reports progress (`done` of `total` rows or items), with the row errors reported so far. Throws when this
   * runner no longer holds the job (it was stalled past its lease and the job was given to another runner, or
   * the job was cancelled): stop then, the job is someone else's now.
   */
  progress(done: number, total?: number): Promise<void>;
  /** Reports a row (or item) the job could not take; `GET /api/job/{id}` lists them (the first 1000). */
  failRow(row: number | undefined, message: string): void;
  /**
   * Runs `fn` in one database transaction that also records the progress (`done`, `total`) and checks that
   * this runner still holds the job: the chunk's writes and its progress commit together, or not at all, and
   * a runner that lost the job cannot write any more (its transaction rolls back). Write every chunk of a job
   * through it.
   */
  transaction<T>(
    fn: (tx: Transaction) => Promise<T>,
    progress?: { done: number; total?: number },
  ): Promise<T>;
  /**
   * Like `transaction`, fenced and recording progress the same way, with plain SQL on the connection instead
   * of Prisma: for a chunk that sends megabytes of parameters (a result run's explanations), which Prisma's
   * parameter handling would cost more than the statement.
   */
  sqlTransaction<T>(
    fn: (tx: SqlTransaction) => Promise<T>,
    progress?: { done: number; total?: number },
  ): Promise<T>;
  /**
   * Aborted when the runner stops (shutdown) or lost the job: a long handler should check it between chunks.
   */
  signal: AbortSignal;
}

/**
 * A kind of job: what it is called, the capability a caller needs to start it, and the work.
 *
 * **Handlers must be idempotent.** A job runs again from the start when the process running it died (a
 * crash, a deploy, the machine lost power): `run` may find part of its work already done and must then
 * neither do it twice nor fail because of it. Two ways, both fine:
 * - write in chunks, each through `ctx.transaction(fn, { done })`, and make each chunk skip or overwrite what
 *   an earlier run of the same job already wrote (upserts, "where not already done", rows tagged with
 *   `ctx.jobId`);
 * - or compute everything first and write it at the end in one `ctx.transaction`. Never write outside a
 *   transaction (`ctx.db.prisma.x.create(...)` alone): a run that dies halfway would leave it half-applied.
 *   What `run` returns is stored as the job's `result` (JSON). A row that cannot be taken is reported with
 *   `ctx.failRow` and the job goes on; throwing fails the whole job (a `JobFailure`'s message is shown as it
 *   is, any other error as "the job failed", and is logged). A failed job is not run again; only a dead
 *   process's is.
 */
export interface JobDefinition<Data = unknown, Result = unknown> {
  /**
   * Unique name, `<module>.<what>` (`examccinfo.allot-rolls`): stored with every job, and how runners find
   * `run`.
   */
  kind: string;
  /** The capability a caller needs to start it (`enqueueJob` answers 403 without it). */
  capability: CapabilityKey;
  /** One line for people, shown while the job waits (`Allotting roll numbers`). */
  title?: string;
  /** How many times it runs before a job whose process keeps dying is given up (FAILED). Default 3. */
  maxAttempts?: number;
  /**
   * The data's schema (zod): checked when the job is enqueued (422 VALIDATION_FAILED naming the fields,
   * nothing started) and parsed again when it runs. Without one, `run` gets the data as it was given.
   */
  data?: z.ZodType<Data>;
  run(ctx: JobContext<Data>): Promise<Result>;
}

/**
 * Declares a kind of job (see JobDefinition: handlers must be idempotent). A module lists its kinds in
 * `ApiModule.jobs`.
 */
export function defineJob<Data = unknown, Result = unknown>(
  definition: JobDefinition<Data, Result>,
): JobDefinition<Data, Result> {
  if (!/^[a-z][a-z0-9-]*(\.[a-z0-9-]+)*$/.test(definition.kind) || definition.kind.length > 100) {
    throw new Error(
      `Job kind "${definition.kind}" must be lower-case words joined by dots and dashes (module.what), ` +
        `at most 100 characters`,
    );
  }
  if (
    definition.maxAttempts !== undefined &&
    !(Number.isInteger(definition.maxAttempts) && definition.maxAttempts >= 1)
  ) {
    throw new Error(`Job kind "${definition.kind}": maxAttempts must be a whole number >= 1`);
  }
  return definition;
}

/**
 * A job's own refusal: its message is shown to the user as it is (the job goes FAILED, and is not run again).
 */
export class JobFailure extends Error {}

/** Thrown into a handler (by progress/transaction) once its runner no longer holds the job. */
export class JobLost extends Error {
  constructor(jobId: string) {
    super(`Job ${jobId} is no longer held by this runner (its lease ran out, or it was cancelled)`);
  }
}
