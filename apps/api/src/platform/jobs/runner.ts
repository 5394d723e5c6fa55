import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { msg, renderEnglish, type JobErrorRow } from '@exam/contracts';
import type { Database } from '@exam/db';
import { AppError } from '../http/errors.ts';
import { createLogger, type Logger } from '../http/logger.ts';
import { JobFailure, JobLost, type JobContext, type JobDefinition } from './define.ts';
import { onEnqueued } from './enqueue.ts';
import { QUEUE, sendRunMessage, startQueue, type StartedQueue } from './queue.ts';
import {
  MAX_STORED_ERRORS,
  claim,
  finish,
  release,
  renew,
  requeueAbandoned,
  saveProgress,
  sqlOf,
  type Sql,
} from './store.ts';

export interface RunnerOptions {
  /**
   * The kinds this runner runs (every module's `jobs`); a job of a kind it does not know fails, saying so.
   */
  // A list of kinds with different data and results.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  jobs: readonly JobDefinition<any, any>[];
  logger?: Logger;
  /** Jobs run at once by this process. Default 2. */
  concurrency?: number;
  /**
   * How long a claim holds without being renewed (the runner renews it every third of this while a handler
   * runs). A job whose process died runs again once its lease has run out and a runner sweeps. Default 60 s.
   */
  leaseMs?: number;
  /** How often this runner looks for jobs whose lease ran out. Default half the lease. */
  sweepMs?: number;
  /**
   * How often an idle runner asks the queue for work (pg-boss polls; at least 500 ms). Enqueues in this
   * process wake it at once. Default 1 s.
   */
  pollMs?: number;
  /**
   * On stop, how long running handlers may take to finish before their jobs are given back to the queue.
   * Default 10 s.
   */
  stopTimeoutMs?: number;
}

export interface JobRunner {
  /** This runner's name in `job.worker`: host, process id and a random part. */
  readonly worker: string;
  /** Looks for jobs whose process died now (the runner also does so every `sweepMs`). */
  sweep(): Promise<void>;
  /**
   * Stops taking jobs and waits up to `stopTimeoutMs` for running ones; those still running are given back to
   * the queue (another runner, or this process's next start, runs them again). With `{ crash: true }` it
   * stops as a process that died would (tests): no waiting and nothing given back; its jobs are found when
   * their leases run out.
   */
  stop(options?: { crash?: boolean }): Promise<void>;
}

interface Running {
  controller: AbortController;
  done: Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs jobs on `db` until stopped: the worker process (`src/worker.ts`) and, with JOBS_IN_PROCESS, the API
 * process start one. Several runners (processes) may share a database: each job runs in one of them at a
 * time.
 */
export async function startJobRunner(db: Database, options: RunnerOptions): Promise<JobRunner> {
  const logger = options.logger ?? createLogger('silent');
  const leaseMs = options.leaseMs ?? 60_000;
  const sweepMs = options.sweepMs ?? Math.max(100, Math.floor(leaseMs / 2));
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  const kinds = new Map(options.jobs.map((job) => [job.kind, job]));
  if (kinds.size !== options.jobs.length) throw new Error('Two job definitions share a kind');
  const worker = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const log = logger.child({ worker });

  const queue: StartedQueue = await startQueue(db, {
    supervise: true,
    onError: (error) => log.warn({ err: error.message }, 'job queue error'),
  });
  const running = new Map<string, Running>();
  let stopping = false;
  let crashed = false;
  let releaseLoops!: () => void;
  const loopsReleased = new Promise<void>((resolve) => (releaseLoops = resolve));

  async function sweep(everyRunning = false) {
    if (stopping) return;
    try {
      const ids = await db.prisma.$transaction(async (tx) => {
        const found = await requeueAbandoned(tx, everyRunning);
        for (const id of found) await sendRunMessage(queue.boss, tx, id);
        return found;
      });
      if (ids.length) {
        log.warn({ jobs: ids }, 'jobs whose process died are queued to run again');
        wake();
      }
    } catch (error) {
      log.warn({ err: (error as Error).message }, 'could not look for jobs whose process died');
    }
  }

  async function runJob(id: string) {
    if (stopping) return;
    const claimed = await claim(db.prisma, id, worker, leaseMs);
    if (!claimed) return;
    const jobLog = log.child({ job: id, kind: claimed.kind, attempt: claimed.attempts });
    const controller = new AbortController();
    let lost = false;
    const state = { done: 0, total: 0, errors: [] as JobErrorRow[], dropped: 0 };
    const snapshot = () => ({ done: state.done, total: state.total, errors: state.errors });
    // The stored list is capped; the last entry then says how many more there were.
    const final = () => ({
      ...snapshot(),
      errors: state.dropped
        ? [...state.errors, { message: renderEnglish(msg('jobs.moreErrors', { count: state.dropped })) }]
        : state.errors,
    });
    const loseJob = () => {
      if (lost) return;
      lost = true;
      controller.abort(new JobLost(id));
      jobLog.warn({}, 'this runner no longer holds the job; it stops writing');
    };
    const heartbeat = setInterval(
      () => {
        if (crashed) return;
        renew(db.prisma, id, worker, leaseMs).then(
          (held) => held || loseJob(),
          (error) => jobLog.warn({ err: (error as Error).message }, 'could not renew the job lease'),
        );
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    const setProgress = (progress?: { done: number; total?: number }) => {
      if (!progress) return;
      state.done = Math.max(0, Math.floor(progress.done));
      if (progress.total !== undefined) state.total = Math.max(0, Math.floor(progress.total));
    };
    let lastWrite = 0;

    const definition = kinds.get(claimed.kind);
    const work = (async () => {
      try {
        if (!definition) throw new JobFailure(renderEnglish(msg('jobs.unknownKind', { kind: claimed.kind })));
        // A chunk's transaction: first the fence (it locks the job row, so no other runner can take the job
        // until this commits), then the chunk, then its progress.
        const fenced = async <T>(
          sql: Sql,
          chunk: () => Promise<T>,
          progress?: { done: number; total?: number },
        ) => {
          if (lost || !(await saveProgress(sql, id, worker, leaseMs, snapshot()))) {
            loseJob();
            throw new JobLost(id);
          }
          const answer = await chunk();
          setProgress(progress);
          if (progress) await saveProgress(sql, id, worker, leaseMs, snapshot());
          lastWrite = Date.now();
          return answer;
        };
        const ctx: JobContext<unknown> = {
          db,
          data: definition.data ? definition.data.parse(claimed.data) : claimed.data,
          userId: claimed.started_by,
          jobId: id,
          attempt: claimed.attempts,
          signal: controller.signal,
          failRow: (row, message) => {
            if (state.errors.length < MAX_STORED_ERRORS)
              state.errors.push(row === undefined ? { message } : { row, message });
            else state.dropped += 1;
          },
          progress: async (done, total) => {
            if (lost) throw new JobLost(id);
            setProgress({ done, total });
            // At most four writes a second: a handler may report every row.
            if (Date.now() - lastWrite < 250) return;
            lastWrite = Date.now();
            if (!(await saveProgress(db.prisma, id, worker, leaseMs, snapshot()))) {
              loseJob();
              throw new JobLost(id);
            }
          },
          transaction: (fn, progress) =>
            db.prisma.$transaction((tx) => fenced(tx, () => fn(tx), progress), {
              maxWait: 30_000,
              timeout: 10 * 60_000,
            }),
          sqlTransaction: (fn, progress) => db.transaction((tx) => fenced(sqlOf(tx), () => fn(tx), progress)),
        };
        const result = await definition.run(ctx);
        if (lost) return;
        if (
          !(await finish(db.prisma, id, worker, { status: 'SUCCEEDED', ...final(), result: result ?? null }))
        )
          loseJob();
        else
          jobLog.info(
            { done: state.done, total: state.total, errors: state.errors.length + state.dropped },
            'job succeeded',
          );
      } catch (error) {
        if (lost || error instanceof JobLost) return;
        const known = error instanceof JobFailure || error instanceof AppError;
        if (!known) jobLog.error({ err: (error as Error)?.stack ?? String(error) }, 'job failed');
        const message = known ? (error as Error).message : renderEnglish(msg('jobs.failedOnServer'));
        try {
          if (!(await finish(db.prisma, id, worker, { status: 'FAILED', ...final(), message }))) loseJob();
        } catch (finishError) {
          // The database is away: the lease runs out and the job runs again.
          jobLog.warn({ err: (finishError as Error).message }, 'could not record that the job failed');
        }
      } finally {
        clearInterval(heartbeat);
      }
    })();
    running.set(id, { controller, done: work });
    try {
      await work;
    } finally {
      running.delete(id);
    }
  }

  const workerIds: string[] = [];
  const wake = () => {
    for (const workerId of workerIds) queue.boss.notifyWorker(workerId);
  };

  // A starting runner on PGlite is the only process that can open the database: every RUNNING job was its
  // predecessor's.
  await sweep(db.kind === 'pglite');
  const concurrency = Math.max(1, options.concurrency ?? 2);
  for (let i = 0; i < concurrency; i++) {
    workerIds.push(
      await queue.boss.work<{ id: string }>(
        QUEUE,
        { batchSize: 1, pollingIntervalSeconds: Math.max(500, options.pollMs ?? 1000) / 1000 },
        async ([message]) => {
          if (!message) return;
          // A stopped runner lets pg-boss's loops end even while a handler still runs (it is given back, or
          // left to its lease).
          await Promise.race([runJob(message.data.id), loopsReleased]);
        },
      ),
    );
  }
  const unsubscribe = onEnqueued(db, wake);
  const sweeper = setInterval(() => void sweep(), sweepMs);
  sweeper.unref();
  log.info({ concurrency, leaseMs }, 'job runner started');

  return {
    worker,
    sweep: () => sweep(),
    async stop({ crash = false } = {}) {
      if (stopping) return;
      stopping = true;
      crashed = crash;
      clearInterval(sweeper);
      unsubscribe();
      if (!crash) {
        const all = Promise.all([...running.values()].map((r) => r.done));
        await Promise.race([all, sleep(stopTimeoutMs)]);
        for (const [id, { controller }] of running) {
          controller.abort(new JobLost(id));
          try {
            await db.prisma.$transaction(async (tx) => {
              if (await release(tx, id, worker)) await sendRunMessage(queue.boss, tx, id);
            });
            log.info({ job: id }, 'gave a running job back to the queue');
          } catch (error) {
            log.warn(
              { job: id, err: (error as Error).message },
              'could not give a running job back; it runs again once its lease runs out',
            );
          }
        }
      }
      releaseLoops();
      await queue.stop();
      log.info({}, crash ? 'job runner stopped as if its process died' : 'job runner stopped');
    },
  };
}
