import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentRecord } from '@exam/contracts';
import { apiModules } from '../src/modules.ts';
import { startJobRunner, stopSender, type JobRunner } from '../src/platform/jobs/index.ts';
import { useTestApp } from './support/context.ts';
import { resultRuns } from './support/result-runs.ts';
import { resultArranger, SESSION } from './support/results-arrange.ts';

/**
 * Issuing details (documentissuing): what document_admin records once — place of issue, the signatories'
 * names, the NAD organisation code, the convocation date — and every document drafted afterwards prints,
 * frozen in its payload. Only document_admin may change them; a bad date or code is refused with the field
 * named and nothing stored.
 */
const ctx = useTestApp();
let runner: JobRunner;
let doc: Record<string, string>;
let docAdmin: Record<string, string>;
const COURSE = 'ISSC';
const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => ctx.db.query<T>(sql, params);

beforeAll(async () => {
  runner = await startJobRunner(ctx.db, { jobs: apiModules.flatMap((m) => m.jobs ?? []), pollMs: 100 });
  const [calc, result, admin] = await Promise.all([ctx.as('calculate'), ctx.as('result'), ctx.as('admin')]);
  [doc, docAdmin] = await Promise.all([ctx.as('document'), ctx.as('document_admin')]);
  const arrange = resultArranger(ctx.db);
  await arrange.course(COURSE, {
    '1': [
      { paper_id: 'ISP1', kind: 'TH', credit: '4' },
      { paper_id: 'ISP2', kind: 'TH', credit: '4' },
    ],
  });
  await arrange.exam('IS-MAIN', COURSE, '1');
  for (const s of ['IS1', 'IS2']) {
    await arrange.enrol(s, COURSE, '1', 'CBCS');
    await arrange.sit('IS-MAIN', s, COURSE, '1', {
      ISP1: { int: '20', ext: '60' },
      ISP2: { int: '18', ext: '50' },
    });
  }
  const runs = resultRuns(ctx.api, { calc, result, admin });
  const runId = await runs.compute('IS-MAIN', COURSE);
  await runs.publish(runId, `IS/${runId}`);
}, 120_000);
afterAll(async () => {
  await runner?.stop();
  await stopSender(ctx.db);
});

const detail = (key: string) => ctx.api.get(`/api/documentissuing/${key}`).set(docAdmin);
const edit = async (key: string, body: Record<string, unknown>, who = docAdmin) => {
  const current = (await detail(key)).body.documentissuing as { updated_at: string };
  return ctx.api
    .put(`/api/documentissuing/${key}`)
    .set(who)
    .send({ ...body, updated_at: current.updated_at });
};
const draft = (doc_type: string, student_id: string) =>
  ctx.api
    .post('/api/document')
    .set(doc)
    .send({
      doc_type,
      student_id,
      basis: { exam_id: 'IS-MAIN', session_id: SESSION, course_comb_id: COURSE, sem_id: '1' },
    });

describe('issuing details', () => {
  it('the demo records place and signatories; document reads, only document_admin changes them', async () => {
    const list = await ctx.api.get('/api/documentissuing').set(doc);
    expect(list.status).toBe(200);
    const keys = (list.body.documentissuing as Array<{ detail_key: string }>).map((d) => d.detail_key);
    for (const k of [
      'PLACE_OF_ISSUE',
      'SIGNATORY_COE',
      'SIGNATORY_REGISTRAR',
      'SIGNATORY_VC',
      'NAD_ORG_CODE',
    ])
      expect(keys).toContain(k);
    const refused = await edit('SIGNATORY_VC', { value_en: 'Someone Else' }, doc);
    expect(refused.status).toBe(403);
    expect((await detail('SIGNATORY_VC')).body.documentissuing.value_en).toBe('Prof. Meera Joshi');
  });

  it('a convocation date not a date or a bad NAD code is refused naming the field; none stored', async () => {
    for (const value_en of ['12/02/2025', '2025-02-30', 'next spring']) {
      const bad = await ctx.api
        .post('/api/documentissuing')
        .set(docAdmin)
        .send({ detail_key: 'CONVOCATION_DATE', value_en });
      expect(bad.status, value_en).toBe(422);
      expect(bad.body.errors.value_en[0]).toMatch(/YYYY-MM-DD/);
    }
    expect((await detail('CONVOCATION_DATE')).status).toBe(404);
    const badCode = await edit('NAD_ORG_CODE', { value_en: 'U 0001 / demo' });
    expect(badCode.status).toBe(422);
    expect(badCode.body.errors.value_en[0]).toMatch(/NAD organisation code/);
    expect((await detail('NAD_ORG_CODE')).body.documentissuing.value_en).toBe('DEMO-U0001');
    const unknown = await ctx.api
      .post('/api/documentissuing')
      .set(docAdmin)
      .send({ detail_key: 'DEAN', value_en: 'Dr. X' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.detail_key[0]).toMatch(/PLACE_OF_ISSUE/);
  });

  it('a draft prints the details of its day (place, names, convocation); later changes do not', async () => {
    const created = await ctx.api
      .post('/api/documentissuing')
      .set(docAdmin)
      .send({ detail_key: 'CONVOCATION_DATE', value_en: '2027-02-12' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const marksheet = await draft('MARKSHEET', 'IS1');
    expect(marksheet.status, JSON.stringify(marksheet.body)).toBe(201);
    const ms = marksheet.body.document as DocumentRecord;
    expect(ms.payload!.university).toMatchObject({
      place: 'Ajmer, Rajasthan / अजमेर, राजस्थान',
      org_code: 'DEMO-U0001',
    });
    expect(ms.payload!.signatories).toEqual([
      {
        title: { en: 'Controller of Examinations', hi: 'परीक्षा नियंत्रक' },
        name: 'Dr. Anjali Verma / डॉ. अंजलि वर्मा',
      },
    ]);

    const degree = await draft('DEGREE', 'IS1');
    expect(degree.status, JSON.stringify(degree.body)).toBe(201);
    const dg = degree.body.document as DocumentRecord;
    expect(dg.payload!).toMatchObject({ convocation_date: '2027-02-12' });
    expect(dg.payload!.signatories.map((s) => s.name)).toEqual([
      'Shri Rakesh Sharma / श्री राकेश शर्मा',
      'Prof. Meera Joshi / प्रो. मीरा जोशी',
    ]);

    const changed = await edit('SIGNATORY_VC', { value_en: 'Prof. Kiran Rao', value_hi: 'प्रो. किरण राव' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const again = await ctx.api.get(`/api/document/${dg.doc_id}`).set(doc);
    expect((again.body.document as DocumentRecord).payload!.signatories.map((s) => s.name)).toContain(
      'Prof. Meera Joshi / प्रो. मीरा जोशी',
    );
    const later = await draft('DEGREE', 'IS2');
    expect(later.status).toBe(201);
    expect((later.body.document as DocumentRecord).payload!.signatories.map((s) => s.name)).toContain(
      'Prof. Kiran Rao / प्रो. किरण राव',
    );
    // The change is in the audit trail with who made it.
    const history = await ctx.api.get('/api/history/documentissuing/SIGNATORY_VC').set(docAdmin);
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).toContain('Prof. Kiran Rao');
    const [stored] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM document WHERE exam_id = 'IS-MAIN'`,
    );
    expect(stored!.n).toBe(3);
  });
});
