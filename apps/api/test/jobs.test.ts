import { Router } from 'express';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Job, RoleName } from '@exam/contracts';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { apiModules } from '../src/modules.ts';
import {
  defineJob,
  enqueueJob,
  startJobRunner,
  stopSender,
  type JobRunner,
  type RunnerOptions,
} from '../src/platform/jobs/index.ts';
import type { ApiModule } from '../src/platform/module.ts';
import { TEST_SECRET, useTestApp } from './support/context.ts';

const ctx = useTestApp({ seedMasterData: false });

/** What the demo job's runs did: each run's end (`ok`, or the error's name), by job and attempt. */
const runs: Array<{ job: string; attempt: number; end: string }> = [];
/**
 * Set by a test: called after each chunk (job id, rows done); a test blocks a run there to stop or kill its
 * runner.
 */
let afterChunk: ((job: string, done: number, attempt: number) => Promise<void>) | undefined;

/**
 * The demo kind, registered only here: counts `items` rows into test_job_effect in chunks of 10, each chunk
 * in one fenced transaction with its progress. Idempotent: an item already written by an earlier run of the
 * job is skipped. Items listed in `bad` are reported as failed rows (row number = item + 1).
 */
const countJob = defineJob({
  kind: 'test.count',
  capability: 'master-data.write',
  title: 'Counting',
  data: z.object({
    items: z.number().int().min(0).max(2000),
    bad: z.array(z.number().int()).default([]),
    explode: z.boolean().default(false),
  }),
  async run(job): Promise<{ written: number }> {
    try {
      const { items, bad, explode } = job.data;
      let written = 0;
      await job.progress(0, items);
      for (let start = 0; start < items; start += 10) {
        const end = Math.min(items, start + 10);
        await job.transaction(
          async (tx) => {
            for (let item = start; item < end; item++) {
              if (bad.includes(item)) {
                job.failRow(item + 1, `Item ${item} cannot be counted`);
                continue;
              }
              written += await tx.$executeRawUnsafe(
                `INSERT INTO test_job_effect (job_id, item, attempt) SELECT $1::uuid, $2, $3
                  WHERE NOT EXISTS (SELECT 1 FROM test_job_effect WHERE job_id = $1::uuid AND item = $2)`,
                job.jobId,
                item,
                job.attempt,
              );
            }
          },
          { done: end, total: items },
        );
        await afterChunk?.(job.jobId, end, job.attempt);
        if (explode) throw new Error('the counter broke');
      }
      runs.push({ job: job.jobId, attempt: job.attempt, end: 'ok' });
      return { written };
    } catch (error) {
      runs.push({ job: job.jobId, attempt: job.attempt, end: (error as Error).constructor.name });
      throw error;
    }
  },
});

/** A module of the test's own whose route starts a demo job, as a product module's route would. */
const testModule: ApiModule = {
  name: 'test-jobs',
  jobs: [countJob],
  routes: ({ db }) =>
    Router().post('/test-jobs/count', async (req, res) => {
      res.status(202).json({ job: await enqueueJob(db, countJob, req.body, res.locals.user!) });
    }),
};

let api: ReturnType<typeof request>;
const runners: JobRunner[] = [];

async function startRunner(options: Partial<RunnerOptions> = {}) {
  const runner = await startJobRunner(ctx.db, { jobs: [countJob], leaseMs: 1000, pollMs: 500, ...options });
  runners.push(runner);
  return runner;
}

async function start(role: RoleName, body: object) {
  const res = await api
    .post('/api/test-jobs/count')
    .set(await ctx.as(role))
    .send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.job as Job;
}

async function read(role: RoleName, id: string) {
  return api.get(`/api/job/${id}`).set(await ctx.as(role));
}

/** Polls GET /api/job/{id} (as its starter) until `until` holds. */
async function waitFor(
  role: RoleName,
  id: string,
  until: (job: Job) => boolean,
  timeoutMs = 20_000,
): Promise<Job> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await read(role, id);
    expect(res.status).toBe(200);
    if (until(res.body.job)) return res.body.job;
    if (Date.now() > deadline)
      throw new Error(`job ${id} did not get there: ${JSON.stringify(res.body.job)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const finished = (job: Job) => ['succeeded', 'failed', 'cancelled'].includes(job.status);

/** How many times each item of job `id` was written. */
async function writes(id: string) {
  const rows = await ctx.db.query<{ item: number; n: number }>(
    `SELECT item, count(*)::int AS n
       FROM test_job_effect
      WHERE job_id = $1::uuid
      GROUP BY item
      ORDER BY item`,
    [id],
  );
  return rows.map((r) => r.n);
}

function deferred() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

beforeAll(async () => {
  api = request(createApp({ db: ctx.db, config: ctx.config, modules: [...apiModules, testModule] }));
  // No unique key on purpose: an item written twice shows up as two rows.
  await ctx.db.query(
    'CREATE TABLE test_job_effect (job_id uuid NOT NULL, item int NOT NULL, attempt int NOT NULL)',
  );
});

afterEach(async () => {
  afterChunk = undefined;
  for (const runner of runners.splice(0)) await runner.stop({ crash: true });
});

afterAll(async () => {
  await stopSender(ctx.db);
});

describe('jobs', () => {
  it('a started job answers 202 queued, runs, its progress reaches the total, with a result', async () => {
    await startRunner();
    const job = await start('office', { items: 25 });
    expect(job).toMatchObject({ kind: 'test.count', status: 'queued', done: 0, message: 'Counting' });
    const done = await waitFor('office', job.job_id, finished);
    expect(done).toMatchObject({
      status: 'succeeded',
      done: 25,
      total: 25,
      errors: [],
      result: { written: 25 },
      attempts: 1,
    });
    expect(done.started_at).not.toBeNull();
    expect(done.finished_at).not.toBeNull();
    expect(await writes(job.job_id)).toEqual(Array(25).fill(1));
  });

  it('shows the progress while the job runs', async () => {
    const gate = deferred();
    afterChunk = async (_job, done) => {
      if (done === 10) await gate.promise;
    };
    await startRunner();
    const job = await start('office', { items: 30 });
    const running = await waitFor('office', job.job_id, (j) => j.done === 10);
    expect(running).toMatchObject({ status: 'running', done: 10, total: 30 });
    gate.open();
    expect(await waitFor('office', job.job_id, finished)).toMatchObject({
      status: 'succeeded',
      done: 30,
      total: 30,
    });
  });

  it('reports the rows it could not take, with their row numbers, and still finishes the rest', async () => {
    await startRunner();
    const job = await start('office', { items: 12, bad: [3, 11] });
    const done = await waitFor('office', job.job_id, finished);
    expect(done).toMatchObject({ status: 'succeeded', done: 12, total: 12, result: { written: 10 } });
    expect(done.errors).toEqual([
      { row: 4, message: 'Item 3 cannot be counted' },
      { row: 12, message: 'Item 11 cannot be counted' },
    ]);
  });

  it('keeps the first 1000 failed rows and says how many more there were', async () => {
    await startRunner();
    const items = 1005;
    const job = await start('office', { items, bad: Array.from({ length: items }, (_, i) => i) });
    const done = await waitFor('office', job.job_id, finished);
    expect(done).toMatchObject({ status: 'succeeded', done: items, total: items, result: { written: 0 } });
    expect(done.errors).toHaveLength(1001);
    expect(done.errors[999]).toEqual({ row: 1000, message: 'Item 999 cannot be counted' });
    expect(done.errors[1000]).toEqual({ message: '… and 5 more that are not listed.' });
  });

  it('starts nothing for a role without the kind’s capability (403)', async () => {
    const count = async () => (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM job'))[0]!.n;
    const before = await count();
    const res = await api
      .post('/api/test-jobs/count')
      .set(await ctx.as('faculty'))
      .send({ items: 1 });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect(await count()).toBe(before);
  });

  it('refuses data the kind does not take (422 naming the field), starting nothing', async () => {
    const res = await api
      .post('/api/test-jobs/count')
      .set(await ctx.as('office'))
      .send({ items: 'many' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['items']);
  });

  it("another user's job does not exist for the caller (404); jobs.read sees everyone's", async () => {
    await startRunner();
    const job = await start('office', { items: 1 });
    await waitFor('office', job.job_id, finished);
    const other = await read('calculate', job.job_id);
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('NOT_FOUND');
    expect((await read('admin', job.job_id)).body.job).toMatchObject({
      job_id: job.job_id,
      status: 'succeeded',
    });
    expect((await read('office', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await read('office', 'not-a-job')).status).toBe(404);

    const mine = await api.get('/api/job?mine=1').set(await ctx.as('office'));
    expect(mine.status).toBe(200);
    expect(mine.body.jobs.map((j: Job) => j.job_id)).toContain(job.job_id);
    expect(mine.body.total).toBe(mine.body.jobs.length);
    const theirs = await api.get('/api/job?mine=1').set(await ctx.as('calculate'));
    expect(theirs.body).toEqual({ jobs: [], total: 0 });
    // Without jobs.read, leaving out mine=1 still lists only the caller's own.
    expect((await api.get('/api/job').set(await ctx.as('calculate'))).body).toEqual({ jobs: [], total: 0 });
    const all = await api.get('/api/job?status=succeeded&kind=test.count').set(await ctx.as('admin'));
    expect(all.body.jobs.map((j: Job) => j.job_id)).toContain(job.job_id);
    expect((await api.get('/api/job?status=finished').set(await ctx.as('admin'))).status).toBe(422);
  });

  it('a job whose process died mid-run runs again on another runner and completes exactly once', async () => {
    const gate = deferred();
    const stalled = deferred();
    afterChunk = async (_job, done, attempt) => {
      if (attempt === 1 && done === 10) {
        stalled.open();
        await gate.promise;
      }
    };
    const first = await startRunner();
    const job = await start('office', { items: 30 });
    await stalled.promise;
    expect(await waitFor('office', job.job_id, (j) => j.done === 10)).toMatchObject({
      status: 'running',
      attempts: 1,
    });
    // The process dies: no more lease renewals, nothing given back. Its first chunk is committed.
    await first.stop({ crash: true });
    expect(await writes(job.job_id)).toEqual(Array(10).fill(1));

    await startRunner({ sweepMs: 200 });
    const done = await waitFor('office', job.job_id, finished);
    expect(done).toMatchObject({
      status: 'succeeded',
      done: 30,
      total: 30,
      attempts: 2,
      result: { written: 20 },
    });

    // The dead run wakes up (a stalled process): it no longer holds the job, and its next chunk is not
    // written.
    gate.open();
    await expect.poll(() => runs.find((r) => r.job === job.job_id && r.attempt === 1)?.end).toBe('JobLost');
    expect(await writes(job.job_id)).toEqual(Array(30).fill(1));
    expect(runs.filter((r) => r.job === job.job_id)).toEqual([
      { job: job.job_id, attempt: 2, end: 'ok' },
      { job: job.job_id, attempt: 1, end: 'JobLost' },
    ]);
  });

  it('a runner stopping during a job gives it back; the next runner completes it exactly once', async () => {
    const gate = deferred();
    const stalled = deferred();
    let blocked = false;
    afterChunk = async (_job, done) => {
      if (done === 10 && !blocked) {
        blocked = true;
        stalled.open();
        await gate.promise;
      }
    };
    const first = await startRunner({ stopTimeoutMs: 100 });
    const job = await start('office', { items: 20 });
    await stalled.promise;
    await first.stop();
    expect((await read('office', job.job_id)).body.job).toMatchObject({ status: 'queued', attempts: 0 });
    await startRunner();
    expect(await waitFor('office', job.job_id, finished)).toMatchObject({
      status: 'succeeded',
      done: 20,
      total: 20,
      attempts: 1,
    });
    gate.open();
    await expect.poll(() => runs.filter((r) => r.job === job.job_id).length).toBe(2);
    expect(await writes(job.job_id)).toEqual(Array(20).fill(1));
  });

  it('gives up a job whose process keeps dying (FAILED after its attempts), saying why', async () => {
    const job = await start('office', { items: 1 });
    await ctx.db.query(
      "UPDATE job SET status = 'RUNNING', attempts = max_attempts, worker = 'dead', lease_until = now() " +
        "- interval '1 minute' WHERE id = $1::uuid",
      [job.job_id],
    );
    const runner = await startRunner();
    await runner.sweep();
    const failed = await waitFor('office', job.job_id, finished);
    expect(failed.status).toBe('failed');
    expect(failed.message).toMatch(/stopped 3 times without finishing/);
    expect(await writes(job.job_id)).toEqual([]);
  });

  it('a job that throws fails with a message safe to show, and is not run again', async () => {
    await startRunner();
    const job = await start('office', { items: 20, explode: true });
    const failed = await waitFor('office', job.job_id, finished);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 1,
      done: 10,
      total: 20,
      message: 'The job failed because of an error on the server; it has been logged.',
    });
    expect(await writes(job.job_id)).toEqual(Array(10).fill(1));
  });

  it(
    'runs in the API process unless JOBS_IN_PROCESS=0, which the embedded database refuses (no worker ' +
      'could open it)',
    () => {
      const env = { NODE_ENV: 'test', JWT_SECRET: TEST_SECRET };
      expect(loadConfig(env).jobsInProcess).toBe(true);
      expect(() => loadConfig({ ...env, JOBS_IN_PROCESS: '0' })).toThrow(
        /^Invalid setting JOBS_IN_PROCESS: 0 needs DATABASE_URL/,
      );
      expect(
        loadConfig({ ...env, JOBS_IN_PROCESS: '0', DATABASE_URL: 'postgresql://exam@db:5432/exam' }),
      ).toMatchObject({ jobsInProcess: false, jobsConcurrency: 2 });
    },
  );
});
