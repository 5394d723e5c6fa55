import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowBulkReport } from '@exam/contracts';
import { apiModules } from '../src/modules.ts';
import { startJobRunner, stopSender, type JobRunner } from '../src/platform/jobs/index.ts';
import { useTestApp } from './support/context.ts';
import { followJob } from './support/jobs.ts';

/**
 * Bulk workflow actions (issue 26 item 1) on exam forms: each row through the single action's code path, a
 * refused row reported with the single action's code and message while the others move, an audit entry per
 * row, a repeat that changes nothing, and a job for a selection larger than one answer.
 */
const ctx = useTestApp();
const EXAM = 'MAIN-DEC-2024';
let runner: JobRunner;

beforeAll(async () => {
  runner = await startJobRunner(ctx.db, { jobs: apiModules.flatMap((m) => m.jobs ?? []), pollMs: 200 });
  await ctx.db.prisma.$executeRawUnsafe(`
    INSERT INTO exam_ccinfo (exam_id, session_id, course_comb_id, sem_id, phase)
    VALUES ('${EXAM}', '2024-25', 'BSC01', '1', 'FORMS_OPEN') ON CONFLICT DO NOTHING`);
});
afterAll(async () => {
  await runner?.stop();
  await stopSender(ctx.db);
});

/**
 * `count` forms of `college` in `status`, each of a student of its own (ex-students: no attendance to
 * check), made by SQL; their form ids, in key order.
 */
async function forms(prefix: string, college: string, count: number, status: string): Promise<string[]> {
  await ctx.db.prisma.$executeRawUnsafe(`
    INSERT INTO student (student_id, name_en, dob, gender, category, college_id, admission_session_id)
    SELECT '${prefix}' || lpad(i::text, 5, '0'), 'Bulk ' || i, '2004-01-01', 'F', 'GEN', '${college}',
           '2024-25'
      FROM generate_series(1, ${count}) AS i`);
  await ctx.db.prisma.$executeRawUnsafe(`
    INSERT INTO exam_form (form_id, exam_id, student_id, session_id, course_comb_id, sem_id, college_id,
                           candidate_type, status, fee_amount, paid_amount, payment_ref)
    SELECT 'F${prefix}' || lpad(i::text, 5, '0'), '${EXAM}', '${prefix}' || lpad(i::text, 5, '0'), '2024-25',
           'BSC01', '1', '${college}', 'EX', '${status}', '800', '800', 'PAY' || i
      FROM generate_series(1, ${count}) AS i`);
  return Array.from({ length: count }, (_, i) => `F${prefix}${String(i + 1).padStart(5, '0')}`);
}

const statusOf = async (formId: string) =>
  (await ctx.api.get(`/api/examform/${formId}`).set(await ctx.as('office'))).body.examform?.status;

const approvals = async (formId: string) =>
  (
    (await ctx.api.get(`/api/history/examform/${formId}`).set(await ctx.as('office'))).body.history as Array<{
      transition: string | null;
    }>
  ).filter((e) => e.transition === 'approve').length;

describe('bulk actions on exam forms', () => {
  it('approves by keys; a row in the wrong status is refused as the single action refuses it', async () => {
    const office = await ctx.as('office');
    const ready = await forms('BKA', 'C101', 3, 'COLLEGE_VERIFIED');
    const [early] = await forms('BKB', 'C101', 1, 'FEE_PAID');
    const res = await ctx.api
      .post('/api/examform/bulk/approve')
      .set(office)
      .send({ keys: [ready[0], { form_id: ready[1] }, early, ready[2]], reason: 'Checked in bulk' });
    expect(res.status, res.text).toBe(200);
    const report = res.body as WorkflowBulkReport;
    expect(report.total).toBe(4);
    expect(report.done).toEqual(ready);
    expect(report.refused).toHaveLength(1);
    const single = await ctx.api.post(`/api/examform/${early}/approve`).set(office).send({});
    expect(single.status).toBe(409);
    expect(report.refused[0]).toEqual({
      key: early,
      code: single.body.code,
      message: single.body.message,
      message_code: single.body.message_code,
      ...(single.body.params ? { params: single.body.params } : {}),
    });
    expect(report.refused[0]!.code).toBe('INVALID_TRANSITION');
    for (const id of ready) {
      expect(await statusOf(id)).toBe('APPROVED');
      expect(await approvals(id)).toBe(1);
    }
    expect(await statusOf(early!)).toBe('FEE_PAID');
    expect(await approvals(early!)).toBe(0);

    // The same request again moves nothing: every row is refused as already moved, no audit entry is added.
    const again = await ctx.api
      .post('/api/examform/bulk/approve')
      .set(office)
      .send({ keys: [...ready, early] });
    expect(again.body.done).toEqual([]);
    expect(again.body.refused.map((r: { code: string }) => r.code)).toEqual(
      Array(4).fill('INVALID_TRANSITION'),
    );
    for (const id of ready) expect(await approvals(id)).toBe(1);
  });

  it("approves a college's forms by the list's filter; a repeat finds nothing left to move", async () => {
    const office = await ctx.as('office');
    const mine = await forms('BKC', 'C102', 5, 'COLLEGE_VERIFIED');
    const others = await forms('BKD', 'C103', 2, 'COLLEGE_VERIFIED');
    const res = await ctx.api
      .post('/api/examform/bulk/approve')
      .set(office)
      .send({ filter: { exam_id: EXAM, college_id: 'C102' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ done: mine, refused: [], total: 5 });
    for (const id of mine) expect(await statusOf(id)).toBe('APPROVED');
    for (const id of others) expect(await statusOf(id)).toBe('COLLEGE_VERIFIED');
    const again = await ctx.api
      .post('/api/examform/bulk/approve')
      .set(office)
      .send({ filter: { exam_id: EXAM, college_id: 'C102' } });
    expect(again.body).toEqual({ done: [], refused: [], total: 0 });
    for (const id of mine) expect(await approvals(id)).toBe(1);
  });

  it('refuses a form out of scope with the single action’s 404, in the reader’s language', async () => {
    const head = { Authorization: `Bearer ${await ctx.login('faculty.college@university.test')}` };
    const own = await forms('BKE', 'C101', 2, 'FEE_PAID');
    const [foreign] = await forms('BKF', 'C104', 1, 'FEE_PAID');
    const res = await ctx.api
      .post('/api/examform/bulk/verify')
      .set(head)
      .set('Accept-Language', 'hi')
      .send({ keys: [...own, foreign] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.done).toEqual(own);
    const single = await ctx.api
      .post(`/api/examform/${foreign}/verify`)
      .set(head)
      .set('Accept-Language', 'hi')
      .send({});
    expect(single.status).toBe(404);
    expect(res.body.refused).toEqual([
      {
        key: foreign,
        code: 'NOT_FOUND',
        message: single.body.message,
        message_code: single.body.message_code,
        params: single.body.params,
      },
    ]);
    expect(single.body.message).not.toBe(
      (await ctx.api.post(`/api/examform/${foreign}/verify`).set(head).send({})).body.message,
    );
    for (const id of own) expect(await statusOf(id)).toBe('COLLEGE_VERIFIED');
    expect(await statusOf(foreign!)).toBe('FEE_PAID');
  });

  it('refuses a caller without the capability, and a body with both keys and filter or neither', async () => {
    const student = await ctx.as('student');
    expect(
      (
        await ctx.api
          .post('/api/examform/bulk/approve')
          .set(student)
          .send({ keys: ['X'] })
      ).status,
    ).toBe(403);
    const office = await ctx.as('office');
    expect((await ctx.api.post('/api/examform/bulk/approve').set(office).send({})).status).toBe(422);
    expect(
      (
        await ctx.api
          .post('/api/examform/bulk/approve')
          .set(office)
          .send({ keys: ['X'], filter: {} })
      ).status,
    ).toBe(422);
  });

  it('moves a selection larger than one answer by a job whose result is the report', async () => {
    const office = await ctx.as('office');
    const many = await forms('BKG', 'C104', 230, 'COLLEGE_VERIFIED');
    const res = await ctx.api
      .post('/api/examform/bulk/approve')
      .set(office)
      .send({ filter: { exam_id: EXAM, college_id: 'C104', status: 'COLLEGE_VERIFIED' } });
    expect(res.status, res.text).toBe(202);
    const job = await followJob(ctx.api, office, res.body.job.job_id);
    expect(job.status).toBe('succeeded');
    const report = job.result as WorkflowBulkReport;
    expect(report.total).toBe(230);
    expect(report.done).toEqual(many);
    expect(report.refused).toEqual([]);
    expect(await statusOf(many[0]!)).toBe('APPROVED');
    expect(await statusOf(many[229]!)).toBe('APPROVED');
    expect(await approvals(many[117]!)).toBe(1);
    const audited = await ctx.db.prisma.auditEntry.count({
      where: { entity: 'examform', transition: 'approve', entity_key: { startsWith: 'FBKG' } },
    });
    expect(audited).toBe(230);
  }, 120_000);
});
