import { can, refusalMessageOf, type Job, type JobSummary } from '@exam/contracts';
import type { Database } from '@exam/db';
import { forbidden, parseOr422 } from '../http/errors.ts';
import type { JobDefinition, Transaction } from './define.ts';
import { senderOf, sendRunMessage } from './queue.ts';
import { toJob } from './store.ts';

/** Who starts a job: the signed-in user (`res.locals.user`), or null for the system. */
export type JobStarter = { id: number; role: string } | null;

/**
 * Starts a job of `definition`'s kind with `data` for `user`: checks the kind's capability (403 FORBIDDEN
 * without it) and its data (422 VALIDATION_FAILED), then writes the `job` row (QUEUED) and the queue's
 * message in one transaction. Answers the job as `202 {job}` carries it; `job.job_id` is the id `GET
 * /api/job/{id}` reports on. A route answers with it:
 *
 *   const job = await enqueueJob(db, allotRolls, { exam_id }, res.locals.user!);
 *   res.status(202).json({ job });
 */
export async function enqueueJob<Data>(
  db: Database,
  definition: JobDefinition<Data>,
  data: Data,
  user: JobStarter,
): Promise<JobSummary> {
  const boss = await senderOf(db);
  const job = await db.prisma.$transaction((tx) => enqueueIn(tx, boss, definition, data, user));
  wakeRunners(db);
  return job;
}

/**
 * Like enqueueJob, inside a transaction the caller already holds (a workflow action's effect: the job is
 * queued only if the action's transaction commits). The embedded database has one connection, so a second
 * transaction opened from inside one would wait for ever; this one uses the caller's. Runners find the job at
 * their next poll.
 */
export async function enqueueJobInTransaction<Data>(
  tx: Transaction,
  db: Database,
  definition: JobDefinition<Data>,
  data: Data,
  user: JobStarter,
): Promise<JobSummary> {
  return enqueueIn(tx, await senderOf(db), definition, data, user);
}

async function enqueueIn<Data>(
  tx: Transaction,
  boss: Awaited<ReturnType<typeof senderOf>>,
  definition: JobDefinition<Data>,
  data: Data,
  user: JobStarter,
): Promise<JobSummary> {
  if (user && !can(user.role, definition.capability))
    throw forbidden(refusalMessageOf(user.role, definition.capability));
  const checked = definition.data ? parseOr422(definition.data, data) : data;
  const created = await tx.job.create({
    data: {
      kind: definition.kind,
      data: (checked ?? {}) as object,
      started_by: user?.id ?? null,
      max_attempts: definition.maxAttempts ?? 3,
      message: definition.title ?? null,
    },
  });
  await sendRunMessage(boss, tx, created.id);
  const { job_id, kind, status, done, total, message } = toJob(created);
  return { job_id, kind, status, done, total, message };
}

/**
 * Runners in this process on `db`, woken after an enqueue so the job starts at once instead of at their next
 * poll.
 */
const localRunners = new WeakMap<Database, Set<() => void>>();

export function onEnqueued(db: Database, wake: () => void): () => void {
  let set = localRunners.get(db);
  if (!set) localRunners.set(db, (set = new Set()));
  set.add(wake);
  return () => set.delete(wake);
}

function wakeRunners(db: Database) {
  for (const wake of localRunners.get(db) ?? []) wake();
}

/** The job `id` as the API reports it, or undefined. */
export async function findJob(db: Database, id: string): Promise<Job | undefined> {
  const row = await db.prisma.job.findUnique({ where: { id } });
  return row ? toJob(row) : undefined;
}

/**
 * Starts this process's queue sender if it is not running yet. Call it before opening a transaction that will
 * call enqueueJobInTransaction: on the embedded database, starting the sender inside that transaction would
 * wait for it.
 */
export async function readyToEnqueue(db: Database): Promise<void> {
  await senderOf(db);
}
