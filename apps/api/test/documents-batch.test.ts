import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentBatchResult, DocumentRecord } from '@exam/contracts';
import { apiModules } from '../src/modules.ts';
import { startJobRunner, stopSender, type JobRunner } from '../src/platform/jobs/index.ts';
import { useTestApp } from './support/context.ts';
import { followJob } from './support/jobs.ts';
import { resultRuns } from './support/result-runs.ts';
import { resultArranger, SESSION } from './support/results-arrange.ts';

/**
 * A whole exam's documents (issue 16): the batch job drafts every result-based type (marksheet, consolidated
 * marksheet, transcript, provisional degree, degree) from the exam's PUBLISHED results, names the students
 * who cannot have one and why (a result not published, a degree of a result that is not PASS), and never
 * drafts twice; the list filters on exam, type and status on the server; the print downloads as one PDF or as
 * a ZIP of one PDF per document.
 */
const ctx = useTestApp();
let runner: JobRunner;
let doc: Record<string, string>;
let docAdmin: Record<string, string>;
const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => ctx.db.query<T>(sql, params);
const EXAM = 'BAT-FINAL';
const OTHER = 'BAT-OTHER';

beforeAll(async () => {
  runner = await startJobRunner(ctx.db, { jobs: apiModules.flatMap((m) => m.jobs ?? []), pollMs: 100 });
  const [calc, result, admin] = await Promise.all([ctx.as('calculate'), ctx.as('result'), ctx.as('admin')]);
  [doc, docAdmin] = await Promise.all([ctx.as('document'), ctx.as('document_admin')]);
  const a = resultArranger(ctx.db);
  await a.course('BATC', {
    '1': [
      { paper_id: 'BATP1', kind: 'TH', credit: '4' },
      { paper_id: 'BATP2', kind: 'TH', credit: '4' },
    ],
  });
  await a.course('BATD', { '1': [{ paper_id: 'BATQ1', kind: 'TH', credit: '4' }] });
  await a.exam(EXAM, 'BATC', '1');
  await a.exam(EXAM, 'BATD', '1');
  await a.exam(OTHER, 'BATD', '1');
  for (const s of ['BS1', 'BS2', 'BS3']) {
    await a.enrol(s, 'BATC', '1', 'CBCS');
    await a.sit(EXAM, s, 'BATC', '1', {
      BATP1: { int: '20', ext: '60' },
      BATP2: { int: '18', ext: s === 'BS3' ? '5' : '50' },
    });
  }
  // BS4's result in the exam is computed, never published; BS5 passes another exam.
  for (const [s, exam] of [
    ['BS4', EXAM],
    ['BS5', OTHER],
  ] as const) {
    await a.enrol(s, 'BATD', '1', 'CBCS');
    await a.sit(exam, s, 'BATD', '1', { BATQ1: { int: '20', ext: '60' } });
  }
  const runs = resultRuns(ctx.api, { calc, result, admin });
  const publish = async (runId: string) => runs.publish(runId, `BAT/${runId}`);
  await publish(await runs.compute(EXAM, 'BATC'));
  await runs.compute(EXAM, 'BATD');
  await publish(await runs.compute(OTHER, 'BATD'));
}, 180_000);
afterAll(async () => {
  await runner?.stop();
  await stopSender(ctx.db);
});

async function batch(doc_type: string, exam_id = EXAM) {
  const started = await ctx.api.post('/api/document/batch').set(doc).send({ doc_type, exam_id });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const job = await followJob(ctx.api, doc, started.body.job.job_id, 50);
  expect(job.status, JSON.stringify(job)).toBe('succeeded');
  return { job, out: job.result as DocumentBatchResult };
}
const held = async (doc_type: string) =>
  (
    await q<{ student_id: string }>(
      `SELECT student_id
         FROM document
        WHERE exam_id = $1 AND doc_type = $2 AND status <> 'CANCELLED'
        ORDER BY student_id`,
      [EXAM, doc_type],
    )
  ).map((r) => r.student_id);
const ids = (rows: { student_id: string }[]) => rows.map((r) => r.student_id).sort();

describe('batch drafting of every result-based type', () => {
  it('marksheets: each published result drafted, an unpublished one named with why; none twice', async () => {
    const { job, out } = await batch('MARKSHEET');
    expect(out.drafted).toBe(3);
    expect(await held('MARKSHEET')).toEqual(['BS1', 'BS2', 'BS3']);
    expect(out.refused).toEqual([
      { student_id: 'BS4', reason: expect.stringMatching(/COMPUTED, not PUBLISHED/) },
    ]);
    expect(job.errors.map((e) => e.message)).toEqual([
      expect.stringMatching(/^BS4: no marksheet: the result in BAT-FINAL \(version 1\) is COMPUTED/),
    ]);
    const again = await batch('MARKSHEET');
    expect(again.out.drafted).toBe(0);
    expect(ids(again.out.skipped)).toEqual(['BS1', 'BS2', 'BS3']);
    expect(await held('MARKSHEET')).toEqual(['BS1', 'BS2', 'BS3']);
  });

  it('(provisional) degrees: of a PASS only; FAIL or unpublished refused with why; none twice', async () => {
    for (const type of ['DEGREE', 'PROVISIONAL_DEGREE']) {
      const { job, out } = await batch(type);
      expect(out.drafted, type).toBe(2);
      expect(await held(type)).toEqual(['BS1', 'BS2']);
      expect(ids(out.refused)).toEqual(['BS3', 'BS4']);
      expect(out.refused.find((r) => r.student_id === 'BS3')!.reason).toMatch(
        /needs a final result PASS; BS3's published result in BAT-FINAL is (FAIL|PROMOTED)\./,
      );
      expect(job.errors).toHaveLength(2);
      const again = await batch(type);
      expect(again.out.drafted).toBe(0);
      expect(ids(again.out.skipped)).toEqual(['BS1', 'BS2']);
      expect(again.out.skipped[0]!.reason).toMatch(/already has a/);
      expect(await held(type)).toEqual(['BS1', 'BS2']);
    }
  });

  it('consolidated marksheets and transcripts gather published results, never drafted twice', async () => {
    for (const type of ['CONSOLIDATED_MARKSHEET', 'TRANSCRIPT']) {
      const { out } = await batch(type);
      expect(out.drafted, type).toBe(3);
      expect(ids(out.refused)).toEqual(['BS4']);
      const one = (await ctx.api.get(`/api/document/${out.doc_ids[0]}`).set(doc)).body
        .document as DocumentRecord;
      expect(one).toMatchObject({ doc_type: type, exam_id: EXAM, status: 'DRAFTED' });
      expect(one.basis!.versions).toEqual([
        { exam_id: EXAM, session_id: SESSION, course_comb_id: 'BATC', sem_id: '1', version: 1 },
      ]);
      const again = await batch(type);
      expect(again.out.drafted).toBe(0);
      expect(ids(again.out.skipped)).toEqual(['BS1', 'BS2', 'BS3']);
      expect(await held(type)).toEqual(['BS1', 'BS2', 'BS3']);
    }
  });

  it('a type not drafted from a result is refused (422 naming doc_type), nothing started', async () => {
    const res = await ctx.api
      .post('/api/document/batch')
      .set(doc)
      .send({ doc_type: 'MIGRATION', exam_id: EXAM });
    expect(res.status).toBe(422);
    expect(res.body.errors.doc_type[0]).toMatch(
      /MARKSHEET, CONSOLIDATED_MARKSHEET, TRANSCRIPT, PROVISIONAL_DEGREE or DEGREE/,
    );
  });
});

describe('the list filters on the server', () => {
  it("by exam, type and status together; the total is the filter's; a bad value is 422", async () => {
    await batch('MARKSHEET', OTHER);
    const list = (query: string) => ctx.api.get(`/api/document?${query}`).set(doc);
    const all = await list(`exam_id=${EXAM}&limit=5`);
    expect(all.status).toBe(200);
    const [count] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM document WHERE exam_id = $1`, [
      EXAM,
    ]);
    expect(all.body.total).toBe(count!.n);
    expect(all.body.document).toHaveLength(5);
    const degrees = await list(`exam_id=${EXAM}&doc_type=DEGREE&status=DRAFTED`);
    expect(ids(degrees.body.document)).toEqual(['BS1', 'BS2']);
    for (const d of degrees.body.document as DocumentRecord[])
      expect(d).toMatchObject({ exam_id: EXAM, doc_type: 'DEGREE', status: 'DRAFTED' });
    const other = await list(`exam_id=${OTHER}`);
    expect(other.body.document.map((d: DocumentRecord) => [d.student_id, d.doc_type, d.exam_id])).toEqual([
      ['BS5', 'MARKSHEET', OTHER],
    ]);
    expect((await list(`exam_id=${OTHER}&status=ISSUED`)).body.total).toBe(0);
    const bad = await list('exam_id=a%20b&status=LOST&doc_type=X');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['doc_type', 'exam_id', 'status']);
  });
});

describe('printing a whole exam', () => {
  const read = (path: string) =>
    ctx.api
      .get(path)
      .set(doc)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
  /** Pages of a PDF written by @exam/pdf: its page objects (dictionaries are never compressed). */
  const pages = (pdf: Uint8Array) =>
    Buffer.from(pdf)
      .toString('latin1')
      .match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

  it('a ZIP of one PDF per document named by serial (draft: doc_id); one PDF holds them all', async () => {
    // One marksheet approved, so it carries a serial.
    const bs1 = (
      await ctx.api.get(`/api/document?exam_id=${EXAM}&doc_type=MARKSHEET&student_id=BS1`).set(doc)
    ).body.document[0] as DocumentRecord;
    for (const action of ['check', 'approve'])
      expect(
        (await ctx.api.post(`/api/document/${bs1.doc_id}/${action}`).set(docAdmin).send({})).status,
      ).toBe(200);
    const docs = await q<{ doc_id: string; serial_no: string | null }>(
      `SELECT doc_id, serial_no
         FROM document
        WHERE exam_id = $1 AND doc_type = 'MARKSHEET' AND status NOT IN ('CANCELLED', 'SUPERSEDED')`,
      [EXAM],
    );
    expect(docs).toHaveLength(3);

    const zip = await read(`/api/document/print?exam_id=${EXAM}&doc_type=MARKSHEET&format=zip`);
    expect(zip.status).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toBe(`attachment; filename="marksheet-${EXAM}.zip"`);
    const files = unzipSync(new Uint8Array(zip.body as Buffer));
    const names = Object.keys(files).sort();
    const expected = docs.map((d) => `${(d.serial_no ?? d.doc_id).replace(/\//g, '-')}.pdf`).sort();
    expect(names).toEqual(expected);
    expect(names.filter((n) => /^MS-\d{4}-\d{6}\.pdf$/.test(n))).toHaveLength(1);
    let total = 0;
    for (const d of docs) {
      const entry = files[`${(d.serial_no ?? d.doc_id).replace(/\//g, '-')}.pdf`]!;
      expect(Buffer.from(entry.subarray(0, 5)).toString()).toBe('%PDF-');
      const single = await read(`/api/document/${d.doc_id}/pdf`);
      expect(pages(entry), d.doc_id).toBe(pages(single.body as Buffer));
      expect(pages(entry)).toBeGreaterThan(0);
      total += pages(entry);
    }
    const one = await read(`/api/document/print?exam_id=${EXAM}&doc_type=MARKSHEET`);
    expect(one.headers['content-type']).toMatch(/application\/pdf/);
    expect(pages(one.body as Buffer)).toBe(total);
    // The status filter applies to the ZIP as to the PDF.
    const approved = unzipSync(
      new Uint8Array(
        (await read(`/api/document/print?exam_id=${EXAM}&format=zip&status=APPROVED`)).body as Buffer,
      ),
    );
    expect(Object.keys(approved)).toEqual([expect.stringMatching(/^MS-\d{4}-\d{6}\.pdf$/)]);
  });

  it('a bad format is 422 naming what format takes; nothing to print is 404 (ZIP and PDF)', async () => {
    const bad = await ctx.api.get(`/api/document/print?exam_id=${EXAM}&format=tar`).set(doc);
    expect(bad.status).toBe(422);
    expect(bad.body.errors.format[0]).toMatch(/'pdf'.*'zip'/);
    for (const format of ['pdf', 'zip']) {
      const none = await ctx.api.get(`/api/document/print?exam_id=NOSUCH&format=${format}`).set(doc);
      expect(none.status).toBe(404);
      expect(none.body.message).toMatch(/No marksheet of exam NOSUCH to print/);
    }
    expect(
      (
        await ctx.api
          .get(`/api/document/print?exam_id=${EXAM}&doc_type=DEGREE&status=ISSUED&format=zip`)
          .set(doc)
      ).status,
    ).toBe(404);
  });
});
