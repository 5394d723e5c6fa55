import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@exam/contracts';
import { apiModules } from '../src/modules.ts';
import { startJobRunner, stopSender, type JobRunner } from '../src/platform/jobs/index.ts';
import { useTestApp } from './support/context.ts';

/**
 * The college example end to end: a list scoped to a college faculty user's own college, and the letters of
 * affiliation printed by a job with progress into one bilingual PDF that only its starter downloads.
 */
const ctx = useTestApp();
let runner: JobRunner;
const collegeFaculty = async () => ({
  Authorization: `Bearer ${await ctx.login('faculty.college@university.test')}`,
});

beforeAll(async () => {
  runner = await startJobRunner(ctx.db, { jobs: apiModules.flatMap((m) => m.jobs ?? []), pollMs: 500 });
});

afterAll(async () => {
  await runner?.stop();
  await stopSender(ctx.db);
});

describe('colleges, scoped', () => {
  it('a college faculty user lists and opens only its own college; another college answers 404', async () => {
    const own = await collegeFaculty();
    const list = await ctx.api.get('/api/college').set(own);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({
      total: 1,
      college: [{ college_id: 'C101', college_name_hi: 'राजकीय महाविद्यालय, अजमेर' }],
    });
    expect((await ctx.api.get('/api/college/C101').set(own)).status).toBe(200);
    const other = await ctx.api.get('/api/college/C102').set(own);
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ code: 'NOT_FOUND', message: 'College C102 does not exist.' });
    // A search cannot reach past the scope either, and neither can the list's download.
    expect((await ctx.api.get('/api/college').query({ q: 'Udaipur' }).set(own)).body.total).toBe(0);
    const csv = await ctx.api.get('/api/college').query({ format: 'csv' }).set(own);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('C101');
    expect(csv.text).not.toContain('C102');
  });

  it('the university faculty user (no college) sees no college; office and admin see all', async () => {
    const university = await ctx.as('faculty');
    expect((await ctx.api.get('/api/college').set(university)).body.total).toBe(0);
    expect((await ctx.api.get('/api/college/C101').set(university)).status).toBe(404);
    for (const role of ['office', 'admin', 'result'] as const) {
      const ids = (await ctx.api.get('/api/college').set(await ctx.as(role))).body.college.map(
        (c: { college_id: string }) => c.college_id,
      );
      expect(ids, role).toEqual(expect.arrayContaining(['C101', 'C102', 'C103', 'C104']));
    }
    expect((await ctx.api.get('/api/college').set(await ctx.as('student'))).status).toBe(403);
  });
});

/**
 * Polls the job as its starter until it has finished; answers it and the statuses and progress seen on the
 * way.
 */
async function follow(headers: Record<string, string>, id: string) {
  const seen: string[] = [];
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await ctx.api.get(`/api/job/${id}`).set(headers);
    expect(res.status).toBe(200);
    const job = res.body.job as Job;
    const step = `${job.status} ${job.done}/${job.total}`;
    if (seen.at(-1) !== step) seen.push(step);
    if (['succeeded', 'failed', 'cancelled'].includes(job.status)) return { job, seen };
    if (Date.now() > deadline) throw new Error(`job ${id} did not finish: ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('letters of affiliation, a job', () => {
  it(
    'prints the chosen colleges into one bilingual PDF with progress, reports a college that is not there, ' +
      'and lets only its starter download it',
    async () => {
      const office = await ctx.as('office');
      await ctx.api
        .post('/api/college/C102/suspend')
        .set(office)
        .send({ reason: 'Inspection report pending' });

      const started = await ctx.api
        .post('/api/affiliation-letters')
        .set(office)
        .send({ college_ids: ['C101', 'C102', 'NOPE'] });
      expect(started.status, started.text).toBe(202);
      expect(started.body.job).toMatchObject({
        kind: 'master-data.affiliation-letters',
        status: 'queued',
        done: 0,
        message: 'Printing letters of affiliation',
      });

      const { job, seen } = await follow(office, started.body.job.job_id);
      expect(job).toMatchObject({
        status: 'succeeded',
        done: 2,
        total: 2,
        errors: [{ row: 3, message: 'No college NOPE.' }],
      });
      expect(seen.at(-1)).toBe('succeeded 2/2');
      const result = job.result as {
        letters: number;
        file: { url: string; name: string; content_type: string; size: number };
      };
      expect(result.letters).toBe(2);
      expect(result.file).toMatchObject({
        name: 'affiliation-letters-2.pdf',
        content_type: 'application/pdf',
      });

      const download = await ctx.api
        .get(result.file.url)
        .set(office)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(download.status).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-disposition']).toContain('filename="affiliation-letters-2.pdf"');
      const pdf = download.body as Buffer;
      expect(pdf.length).toBe(result.file.size);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

      // Nobody else downloads it, not even an admin (who may read the job itself).
      for (const other of [await ctx.as('admin'), await collegeFaculty()])
        expect((await ctx.api.get(result.file.url).set(other)).status).toBe(404);
      expect((await ctx.api.get(`/api/job/${job.job_id}`).set(await collegeFaculty())).status).toBe(404);

      // What a person reads: English and Hindi, exactly as stored (pdftotext), one page per college.
      const dir = mkdtempSync(path.join(os.tmpdir(), 'affiliation-'));
      const file = path.join(dir, 'letters.pdf');
      writeFileSync(file, pdf);
      const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
      const pages = text.split('\f').filter((page) => page.trim());
      expect(pages).toHaveLength(2);
      expect(pages[0]).toContain('Government College, Ajmer');
      expect(pages[0]).toContain('राजकीय महाविद्यालय, अजमेर');
      expect(pages[0]).toContain('Active / सक्रिय');
      expect(pages[1]).toContain('महाराणा प्रताप महाविद्यालय, उदयपुर');
      expect(pages[1]).toContain('Suspended / निलंबित');
      expect(pages[1]).toContain('इसकी संबद्धता निलंबित है');
      console.log(`affiliation letters: ${file}`);
    },
  );

  it(
    'prints every college with all: true; refuses an empty choice (422) and a role that may not write ' +
      'master data (403)',
    async () => {
      const admin = await ctx.as('admin');
      expect((await ctx.api.post('/api/affiliation-letters').set(admin).send({})).status).toBe(422);
      expect(
        (await ctx.api.post('/api/affiliation-letters').set(admin).send({ college_ids: [] })).status,
      ).toBe(422);
      const refused = await ctx.api
        .post('/api/affiliation-letters')
        .set(await collegeFaculty())
        .send({ all: true });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('FORBIDDEN');

      const started = await ctx.api.post('/api/affiliation-letters').set(admin).send({ all: true });
      expect(started.status).toBe(202);
      const total = (await ctx.api.get('/api/college').set(admin)).body.total as number;
      const { job } = await follow(admin, started.body.job.job_id);
      expect(job).toMatchObject({ status: 'succeeded', done: total, total, errors: [] });
      expect((job.result as { letters: number }).letters).toBe(total);
    },
  );

  it('fails, saying why, when none of the chosen colleges exists', async () => {
    const office = await ctx.as('office');
    const started = await ctx.api
      .post('/api/affiliation-letters')
      .set(office)
      .send({ college_ids: ['NOPE1', 'NOPE2'] });
    const { job } = await follow(office, started.body.job.job_id);
    expect(job).toMatchObject({
      status: 'failed',
      message: 'None of the chosen colleges exists; no letter was printed.',
    });
    expect(job.errors).toHaveLength(2);
  });
});
