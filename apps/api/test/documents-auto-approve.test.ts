import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiModules } from '../src/modules.ts';
import { startJobRunner, stopSender, type JobRunner } from '../src/platform/jobs/index.ts';
import { useTestApp } from './support/context.ts';
import { resultRuns } from './support/result-runs.ts';
import { resultArranger, SESSION } from './support/results-arrange.ts';

/**
 * The approval setting (lifecycle §5.1 "Who does what", §8 default 10): document_admin's approval is
 * mandatory for degrees, provisional degrees and certificates, and on by default but switchable for
 * marksheets, transcripts, consolidated marksheets and migration certificates. This file runs with
 * DOCUMENT_AUTO_APPROVE naming marksheets and transcripts, and also the three types that may never skip
 * approval (ignored for them). The default (nothing named: every type approved) is shown in
 * documents.test.ts: a marksheet drafted there has approval_required and its issue without approval is
 * refused (409).
 */
process.env.DOCUMENT_AUTO_APPROVE = 'marksheet, TRANSCRIPT,DEGREE,PROVISIONAL_DEGREE,CERTIFICATE';
const ctx = useTestApp();
let runner: JobRunner;
let doc: Record<string, string>;
let docAdmin: Record<string, string>;
const COURSE = 'AAC';
const EXAM = 'AA-MAIN';

beforeAll(async () => {
  runner = await startJobRunner(ctx.db, { jobs: apiModules.flatMap((m) => m.jobs ?? []), pollMs: 100 });
  const [calc, result, admin] = await Promise.all([ctx.as('calculate'), ctx.as('result'), ctx.as('admin')]);
  [doc, docAdmin] = await Promise.all([ctx.as('document'), ctx.as('document_admin')]);
  const a = resultArranger(ctx.db);
  await a.course(COURSE, { '1': [{ paper_id: 'AAP1', kind: 'TH', credit: '4' }] });
  await a.exam(EXAM, COURSE, '1');
  await a.enrol('AS1', COURSE, '1', 'CBCS');
  await a.sit(EXAM, 'AS1', COURSE, '1', { AAP1: { int: '20', ext: '60' } });
  const runs = resultRuns(ctx.api, { calc, result, admin });
  const runId = await runs.compute(EXAM, COURSE);
  await runs.publish(runId, `AA/${runId}`);
}, 120_000);
afterAll(async () => {
  await runner?.stop();
  await stopSender(ctx.db);
});

const basis = { exam_id: EXAM, session_id: SESSION, course_comb_id: COURSE, sem_id: '1' };
const act = (id: string, action: string, who: Record<string, string>) =>
  ctx.api.post(`/api/document/${id}/${action}`).set(who).send({});

/** Drafted by `document`, checked by document_admin (another person): CHECKED. */
async function checked(body: Record<string, unknown>) {
  const drafted = await ctx.api
    .post('/api/document')
    .set(doc)
    .send({ student_id: 'AS1', basis, ...body });
  expect(drafted.status, JSON.stringify(drafted.body)).toBe(201);
  const id = drafted.body.document.doc_id as string;
  const check = await act(id, 'check', docAdmin);
  expect(check.status, JSON.stringify(check.body)).toBe(200);
  return {
    id,
    approvalRequired: drafted.body.document.approval_required as boolean,
    checkMessage: check.body.message as string,
  };
}

describe('DOCUMENT_AUTO_APPROVE naming marksheets and transcripts', () => {
  it('a marksheet is issued from CHECKED unapproved: numbered and signed at issue, QR VALID', async () => {
    const ms = await checked({ doc_type: 'MARKSHEET' });
    expect(ms.approvalRequired).toBe(false);
    expect(ms.checkMessage).toMatch(/may be issued now/);
    const issued = await act(ms.id, 'issue', doc);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body.document).toMatchObject({
      status: 'ISSUED',
      approved_by: null,
      issued_by: 'document@university.test',
    });
    expect(issued.body.document.serial_no).toMatch(/^MS\/\d{4}\/\d{6}$/);
    const verified = await ctx.api.get(
      `/api/verify/${encodeURIComponent(issued.body.document.verification_token)}`,
    );
    expect(verified.status).toBe(200);
    expect(verified.body.document).toMatchObject({
      status: 'VALID',
      serial_no: issued.body.document.serial_no,
    });
  });

  it('a transcript likewise; approval stays possible (document_admin may still approve first)', async () => {
    const tr = await checked({ doc_type: 'TRANSCRIPT' });
    expect(tr.approvalRequired).toBe(false);
    expect((await act(tr.id, 'issue', doc)).body.document).toMatchObject({
      status: 'ISSUED',
      approved_by: null,
    });
    const second = await checked({ doc_type: 'TRANSCRIPT', purpose: 'higher study' });
    const approved = await act(second.id, 'approve', docAdmin);
    expect(approved.status).toBe(200);
    expect(approved.body.document.serial_no).toMatch(/^TR\//);
    expect((await act(second.id, 'issue', doc)).body.document).toMatchObject({
      status: 'ISSUED',
      approved_by: 'document_admin@university.test',
    });
  });

  it('a type the setting does not name (migration) still needs approval', async () => {
    const mig = await checked({ doc_type: 'MIGRATION' });
    expect(mig.approvalRequired).toBe(true);
    expect((await act(mig.id, 'issue', doc)).status).toBe(409);
  });

  it('degrees and certificates need document_admin, whatever the setting: CHECKED issue 409', async () => {
    for (const body of [
      { doc_type: 'DEGREE' },
      { doc_type: 'PROVISIONAL_DEGREE' },
      { doc_type: 'CERTIFICATE', subtype: 'CHARACTER' },
    ]) {
      const d = await checked(body);
      expect(d.approvalRequired, body.doc_type).toBe(true);
      expect(d.checkMessage).toMatch(/document_admin approves it next/);
      const early = await act(d.id, 'issue', doc);
      expect(early.status, body.doc_type).toBe(409);
      expect(early.body.message).toMatch(/approved by document_admin/);
      expect((await act(d.id, 'approve', docAdmin)).status).toBe(200);
      const issued = await act(d.id, 'issue', doc);
      expect(issued.status, JSON.stringify(issued.body)).toBe(200);
      expect(issued.body.document.approved_by).toBe('document_admin@university.test');
    }
  });
});
