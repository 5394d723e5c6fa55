import PgBoss from 'pg-boss';
import type { Database } from '@exam/db';
import type { Transaction } from './define.ts';

/**
 * The queue under the jobs platform: pg-boss (docs/decisions/0013-job-queue.md), over the process's own
 * database connection, on PostgreSQL and on the embedded PGlite alike. It only carries "run job <id>"
 * messages; the `job` table is the record of each job. pg-boss keeps its tables in its own schema (`pgboss`),
 * which it installs and migrates itself when a process starts it (under an advisory lock, so replicas and
 * workers may start together).
 */

/** The one queue every job's messages go to; runners take any kind they know. */
export const QUEUE = 'exam-jobs';

/** What pg-boss runs its SQL through (its documented way to use a connection it did not open). */
export type Sql = PgBoss.Db;

/**
 * pg-boss over the process's connection: the pg pool, or the embedded PGlite (whose query() takes one
 * statement).
 */
export function sqlOf(db: Database): Sql {
  const target = db.migrationTarget;
  if ('pglite' in target) {
    const pglite = target.pglite;
    return {
      executeSql: async (text, values) => {
        if (values?.length) return pglite.query(text, values);
        // Its schema scripts are several statements in one string, sent without parameters.
        const results = await pglite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    };
  }
  return { executeSql: async (text, values) => ({ rows: await db.query(text, values) }) };
}

/** pg-boss inside one of our transactions: the message commits with the job row, or neither does. */
export function sqlOfTransaction(tx: Transaction): Sql {
  return {
    executeSql: async (text, values) => ({
      rows: await tx.$queryRawUnsafe<unknown[]>(text, ...(values ?? [])),
    }),
  };
}

/**
 * The queue's settings. pg-boss does not retry or expire our messages in a way that matters: a runner never
 * fails a message (a failed job is our `job` row's business), and a job whose process died is found by its
 * lease running out and given a new message (runner.ts). Messages stay 12 hours at most in `active`,
 * completed ones 1 day.
 */
const queueOptions: PgBoss.Queue = {
  name: QUEUE,
  retryLimit: 0,
  expireInSeconds: 12 * 3600,
  retentionMinutes: 24 * 60,
};

export interface StartedQueue {
  boss: PgBoss;
  stop(): Promise<void>;
}

/**
 * Starts pg-boss on `db`: installs or migrates its schema when needed and makes the queue. `supervise` runs
 * its maintenance (archiving and deleting old messages): the runners do; a process that only enqueues does
 * not.
 */
export async function startQueue(
  db: Database,
  options: { supervise: boolean; onError?: (error: Error) => void },
): Promise<StartedQueue> {
  for (let attempt = 1; ; attempt++) {
    const boss = new PgBoss({ db: sqlOf(db), supervise: options.supervise, schedule: false, migrate: true });
    boss.on('error', (error) => options.onError?.(error));
    try {
      await boss.start();
      await boss.createQueue(QUEUE, queueOptions);
      return started(boss);
    } catch (error) {
      // Replicas starting together on an empty database: making the queue's partition while another
      // process's pg-boss polls its table can deadlock (PostgreSQL cancels one side). The loser starts again.
      await boss.stop({ graceful: false, wait: true, close: false, timeout: 1000 }).catch(() => undefined);
      if (!isDeadlock(error) || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 400 * attempt));
    }
  }
}

function isDeadlock(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === '40P01' || /deadlock detected/i.test(message ?? '');
}

function started(boss: PgBoss): StartedQueue {
  return {
    boss,
    // Our runner waits for its handlers itself; pg-boss only stops polling (it never closes a connection it
    // did not open).
    stop: () => boss.stop({ graceful: false, wait: true, close: false, timeout: 1000 }),
  };
}

/** A pg-boss started once per database for enqueueing (this process may run no runner at all). */
const senders = new WeakMap<Database, Promise<StartedQueue>>();

/**
 * The pg-boss that enqueues on `db`, started on first use. Await it before opening the transaction that
 * sends: on PGlite a transaction holds the one connection, and starting pg-boss inside it would wait for
 * itself.
 */
export async function senderOf(db: Database): Promise<PgBoss> {
  let sender = senders.get(db);
  if (!sender) {
    sender = startQueue(db, { supervise: false });
    // A failed start (database down) is tried again by the next enqueue.
    sender.catch(() => senders.delete(db));
    senders.set(db, sender);
  }
  return (await sender).boss;
}

/**
 * Sends "run job `id`" inside `tx` (the transaction that writes the job row or puts it back in the queue).
 */
export async function sendRunMessage(boss: PgBoss, tx: Transaction, id: string): Promise<void> {
  await boss.send(QUEUE, { id }, { db: sqlOfTransaction(tx) });
}

/** Before a test's database closes: stops the enqueueing pg-boss of `db`, if one was started. */
export async function stopSender(db: Database): Promise<void> {
  const sender = senders.get(db);
  senders.delete(db);
  await (await sender?.catch(() => undefined))?.stop();
}
