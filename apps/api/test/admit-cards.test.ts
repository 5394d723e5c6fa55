import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '@exam/db/seed';
import { apiModules } from '../src/modules.ts';
import { signAdmitCard, verifyAdmitCard } from '../src/modules/exam-forms/admit-card-token.ts';
import { startJobRunner, stopSender, type JobRunner } from '../src/platform/jobs/index.ts';
import { TEST_SECRET, useTestApp } from './support/context.ts';
import { followJob } from './support/jobs.ts';

/**
 * Roll allotment (lifecycle S2) and admit cards (S4) through HTTP: refused while forms are open; numbers in
 * the order college, course, candidate type, enrolment number, with centres; cards generated, published and
 * withheld one by one and in bulk; a student downloads only its own published card, and hears why when it is
 * withheld.
 */
const ctx = useTestApp();
let runner: JobRunner;
beforeAll(async () => {
  runner = await startJobRunner(ctx.db, { jobs: apiModules.flatMap((m) => m.jobs ?? []), pollMs: 200 });
});
afterAll(async () => {
  await runner?.stop();
  await stopSender(ctx.db);
});

// Not the demo exam (its forms and timetable are the demo's).
const EXAM = 'SUPP-FEB-2025';
const BA = { session_id: '2024-25', course_comb_id: 'BA01', sem_id: '1' };
const BSC = { session_id: '2024-25', course_comb_id: 'BSC01', sem_id: '1' };
const BACK = { session_id: '2023-24', course_comb_id: 'BA01', sem_id: '1' };
const linkPath = (c: typeof BA) => `/api/examccinfo/${EXAM}/${c.session_id}/${c.course_comb_id}/${c.sem_id}`;

const follow = (headers: Record<string, string>, id: string) => followJob(ctx.api, headers, id);

let seq = 0;
/** A form as approval leaves it (exam forms' own tests cover how it gets there). */
async function form(student_id: string, course: typeof BA, status: string, candidate_type = 'REGULAR') {
  const p = ctx.db.prisma;
  const student = await p.student.findUniqueOrThrow({ where: { student_id } });
  const papers = await p.paperInfoSem.findMany({ where: course, take: 3, orderBy: { paper_id: 'asc' } });
  const form_id = `FT${String(++seq).padStart(4, '0')}`;
  await p.examForm.create({
    data: {
      form_id,
      exam_id: EXAM,
      student_id,
      ...course,
      college_id: student.college_id,
      candidate_type,
      status,
      papers: {
        create: papers.map((x) => ({
          ...course,
          paper_id: x.paper_id,
          attempt_type: candidate_type === 'BACK' ? 'BACK' : 'REGULAR',
        })),
      },
    },
  });
  return form_id;
}

const pdfOf = (req: ReturnType<typeof ctx.api.get>) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

describe('roll allotment and admit cards', () => {
  it('refuses while forms are open, then numbers approved forms with centres and makes cards', async () => {
    const office = await ctx.as('office');
    const p = ctx.db.prisma;
    for (const c of [BA, BSC, BACK])
      await p.examCcinfo.create({ data: { exam_id: EXAM, ...c, phase: 'FORMS_CLOSED' } });
    await p.examCcinfo.update({ where: { key: { exam_id: EXAM, ...BSC } }, data: { phase: 'FORMS_OPEN' } });

    const ba = await p.studentCcinfo.findMany({ where: BA, orderBy: { student_id: 'asc' } });
    const byCollege = (c: string) => ba.filter((e) => e.college_id === c).map((e) => e.student_id);
    const [c102a, c102b] = byCollege('C102');
    const [c101a] = byCollege('C101');
    const [c103a] = byCollege('C103');
    await form(c102b!, BA, 'APPROVED');
    await form(c102a!, BA, 'APPROVED');
    await form(c101a!, BA, 'APPROVED');
    await form(c103a!, BA, 'APPROVED');
    const back = (await p.studentCcinfo.findFirstOrThrow({ where: { ...BACK, college_id: 'C101' } }))
      .student_id;
    await form(back, BACK, 'APPROVED', 'BACK');
    const pending = await form(byCollege('C101')[1]!, BA, 'COLLEGE_VERIFIED');
    await form('2024C101001', BSC, 'APPROVED');

    // From a link whose own forms are closed, while another link of the exam still has them open: 409 naming
    // it.
    const refused = await ctx.api
      .post(`${linkPath(BA)}/allot-rolls`)
      .set(office)
      .send({});
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('LOCKED');
    expect(refused.body.message).toContain(
      'while forms are open: close the forms of 2024-25/BSC01/1 (FORMS_OPEN) first',
    );
    // From the open link itself: not an action of that phase.
    expect(
      (
        await ctx.api
          .post(`${linkPath(BSC)}/allot-rolls`)
          .set(office)
          .send({})
      ).body.code,
    ).toBe('INVALID_TRANSITION');
    expect(await p.examForm.count({ where: { exam_id: EXAM, roll_no: { not: null } } })).toBe(0);

    await p.examCcinfo.update({ where: { key: { exam_id: EXAM, ...BSC } }, data: { phase: 'FORMS_CLOSED' } });
    // Faculty may not allot.
    expect(
      (
        await ctx.api
          .post(`${linkPath(BA)}/allot-rolls`)
          .set(await ctx.as('faculty'))
          .send({})
      ).status,
    ).toBe(403);
    const started = await ctx.api
      .post(`${linkPath(BA)}/allot-rolls`)
      .set(office)
      .send({});
    expect(started.status).toBe(202);
    expect(started.body.job).toMatchObject({ kind: 'exam-forms.allot-rolls' });
    const job = await follow(office, started.body.job.job_id);
    expect(job.status).toBe('succeeded');
    expect(job).toMatchObject({ done: 6, total: 6 });

    const forms = await p.examForm.findMany({
      where: { exam_id: EXAM, roll_no: { not: null } },
      orderBy: { roll_no: 'asc' },
    });
    // Per course: C101 regular, C101 back (both BA01), then C102 in enrolment order, then C103; BSC01 its own
    // sequence.
    expect(forms.map((f) => [f.roll_no, f.student_id, f.centre_id, f.status])).toEqual([
      ['SF25BA0100001', c101a, 'C101', 'ROLL_ALLOTTED'],
      ['SF25BA0100002', back, 'C101', 'ROLL_ALLOTTED'],
      ['SF25BA0100003', c102a, 'C102', 'ROLL_ALLOTTED'],
      ['SF25BA0100004', c102b, 'C102', 'ROLL_ALLOTTED'],
      // C103 is not a centre and its district has none: the first centre.
      ['SF25BA0100005', c103a, 'C101', 'ROLL_ALLOTTED'],
      ['SF25BSC0100001', '2024C101001', 'C101', 'ROLL_ALLOTTED'],
    ]);
    expect((await p.examForm.findUniqueOrThrow({ where: { form_id: pending } })).roll_no).toBeNull();
    expect((await p.examCcinfo.findMany({ where: { exam_id: EXAM } })).map((l) => l.phase)).toEqual([
      'ROLL_ALLOTTED',
      'ROLL_ALLOTTED',
      'ROLL_ALLOTTED',
    ]);
    const cards = await ctx.api.get('/api/admitcard').query({ exam_id: EXAM, limit: 50 }).set(office);
    expect(cards.body.total).toBe(6);
    expect(cards.body.admitcard.every((c: { status: string }) => c.status === 'GENERATED')).toBe(true);
    // Every move of the job is in the audit trail, as the office user who started it, with before and after.
    const officeUser = await p.user.findUniqueOrThrow({
      where: { email: demoUsers.find((u) => u.role === 'office')!.email },
    });
    const first = forms[0]!;
    const formHistory = (await ctx.api.get(`/api/history/examform/${first.form_id}`).set(office)).body
      .history;
    const allotted = formHistory.find((h: { transition: string }) => h.transition === 'allot-rolls');
    expect(allotted).toMatchObject({
      action: 'transition',
      user_id: officeUser.id,
      user_email: officeUser.email,
      request_id: started.body.job.job_id,
      before: { status: 'APPROVED', roll_no: null, centre_id: null },
      after: {
        status: 'ROLL_ALLOTTED',
        roll_no: 'SF25BA0100001',
        centre_id: 'C101',
        updated_at: first.updated_at.toISOString(),
      },
    });
    const linkHistory = (
      await ctx.api
        .get(`/api/history/examccinfo/${EXAM}/${BACK.session_id}/${BACK.course_comb_id}/${BACK.sem_id}`)
        .set(office)
    ).body.history;
    expect(linkHistory.find((h: { transition: string }) => h.transition === 'allot-rolls')).toMatchObject({
      action: 'transition',
      user_email: officeUser.email,
      before: { phase: 'FORMS_CLOSED' },
      after: { phase: 'ROLL_ALLOTTED' },
    });
    const cardHistory = (await ctx.api.get(`/api/history/admitcard/${EXAM}/${first.student_id}`).set(office))
      .body.history;
    expect(cardHistory).toMatchObject([
      {
        action: 'create',
        user_email: officeUser.email,
        after: { roll_no: 'SF25BA0100001', status: 'GENERATED' },
      },
    ]);
    expect(
      await p.auditEntry.count({
        where: { entity: 'examform', transition: 'allot-rolls', request_id: started.body.job.job_id },
      }),
    ).toBe(6);
    // Cards are not written by hand.
    const byHand = await ctx.api
      .post('/api/admitcard')
      .set(office)
      .send({ exam_id: EXAM, student_id: '2024C104001' });
    expect(byHand.status).toBe(422);
    expect(byHand.body.errors.exam_id[0]).toMatch(/generated by roll allotment/);
  });

  it('a student downloads only its own published card; a withheld one answers why', async () => {
    const office = await ctx.as('office');
    const student = await ctx.as('student');
    const mine = `/api/admitcard/${EXAM}/2024C101001`;
    const early = await ctx.api.get(`${mine}/pdf`).set(student);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/not published yet/);

    const card = (await ctx.api.get(mine).set(office)).body.admitcard;
    const noReason = await ctx.api.post(`${mine}/withhold`).set(office).send({});
    expect(noReason.status).toBe(422);
    const withheld = await ctx.api
      .post(`${mine}/withhold`)
      .set(office)
      .send({ reason: 'Fee due', updated_at: card.updated_at });
    expect(withheld.status).toBe(200);
    expect(withheld.body.admitcard).toMatchObject({ status: 'WITHHELD', withheld_reason: 'Fee due' });
    const refused = await ctx.api.get(`${mine}/pdf`).set(student);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'LOCKED' });
    expect(refused.body.message).toBe(
      `Your admit card for ${EXAM} is withheld: Fee due. Contact your college or the examination office.`,
    );
    // Staff still print it (marked WITHHELD).
    expect((await pdfOf(ctx.api.get(`${mine}/pdf`).set(office))).status).toBe(200);

    // A slot of one of the form's papers: printed with its date and shift.
    expect(
      (
        await ctx.api.post('/api/timetable').set(office).send({
          exam_id: EXAM,
          paper_id: 'CHE101',
          courses: '2024-25/BSC01/1',
          date: '2025-02-12',
          shift: 'AN',
          start_time: '14:00',
          duration_minutes: 180,
        })
      ).status,
    ).toBe(201);
    const published = await ctx.api.post(`${mine}/publish`).set(office).send({});
    expect(published.body.admitcard).toMatchObject({ status: 'PUBLISHED', withheld_reason: null });
    const got = await pdfOf(ctx.api.get(`${mine}/pdf`).set(student));
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect((got.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    if (process.env.ADMIT_CARD_OUT)
      (await import('node:fs')).writeFileSync(process.env.ADMIT_CARD_OUT, got.body as Buffer);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'card-')), 'card.pdf');
    writeFileSync(file, got.body as Buffer);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('SF25BSC0100001');
    expect(text).toMatch(/CHE-101 Inorganic Chemistry I .*12-02-2025 AN/);
    // Another candidate's card does not exist for the student; the list holds only its own.
    const other = (
      await ctx.api.get('/api/admitcard').query({ exam_id: EXAM, college_id: 'C102' }).set(office)
    ).body.admitcard[0].student_id;
    expect((await ctx.api.get(`/api/admitcard/${EXAM}/${other}/pdf`).set(student)).status).toBe(404);
    expect((await ctx.api.get('/api/admitcard').set(student)).body).toMatchObject({
      total: 1,
      admitcard: [{ student_id: '2024C101001' }],
    });
    expect((await ctx.api.post(`${mine}/withhold`).set(student).send({ reason: 'x' })).status).toBe(403);
  });

  it('publishes and withholds in bulk by college, and prints a college as one PDF', async () => {
    const office = await ctx.as('office');
    const noReason = await ctx.api
      .post('/api/admitcard-bulk/withhold')
      .set(office)
      .send({ exam_id: EXAM, college_id: 'C102' });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.reason).toBeDefined();
    const published = await ctx.api
      .post('/api/admitcard-bulk/publish')
      .set(office)
      .send({ exam_id: EXAM, college_id: 'C102' });
    expect(published.body).toMatchObject({ changed: 2, message: '2 admit cards published.' });
    const withheld = await ctx.api
      .post('/api/admitcard-bulk/withhold')
      .set(office)
      .send({ exam_id: EXAM, college_id: 'C102', reason: 'Attendance shortage' });
    expect(withheld.body.changed).toBe(2);
    const c102 = (
      await ctx.api.get('/api/admitcard').query({ exam_id: EXAM, college_id: 'C102' }).set(office)
    ).body.admitcard;
    expect(
      c102.map((c: { status: string; withheld_reason: string }) => [c.status, c.withheld_reason]),
    ).toEqual([
      ['WITHHELD', 'Attendance shortage'],
      ['WITHHELD', 'Attendance shortage'],
    ]);
    const audit = await ctx.db.prisma.auditEntry.count({
      where: { entity: 'admitcard', transition: 'withhold', reason: 'Attendance shortage' },
    });
    expect(audit).toBe(2);

    const batch = await pdfOf(ctx.api.get(`/api/admitcard-batch/${EXAM}/C101/pdf`).set(office));
    expect(batch.status).toBe(200);
    expect(batch.headers['x-card-count']).toBe('3');
    if (process.env.ADMIT_BATCH_OUT)
      (await import('node:fs')).writeFileSync(process.env.ADMIT_BATCH_OUT, batch.body as Buffer);
    expect((await ctx.api.get(`/api/admitcard-batch/${EXAM}/C999/pdf`).set(office)).status).toBe(404);
  });

  it('signs the QR token so that an altered card fails', () => {
    const token = signAdmitCard(TEST_SECRET, {
      exam_id: EXAM,
      student_id: '2024C101001',
      roll_no: 'SF25BSC0100001',
      version: 1,
    });
    expect(verifyAdmitCard(TEST_SECRET, token)).toEqual({
      exam_id: EXAM,
      student_id: '2024C101001',
      roll_no: 'SF25BSC0100001',
      version: 1,
    });
    const [payload, signature] = token.split('.');
    const forged = Buffer.from(
      Buffer.from(payload!, 'base64url').toString().replace('SF25BSC0100001', 'SF25BSC0100002'),
    ).toString('base64url');
    expect(verifyAdmitCard(TEST_SECRET, `${forged}.${signature}`)).toBeNull();
    expect(verifyAdmitCard('another secret of enough length 1234567890', token)).toBeNull();
    expect(verifyAdmitCard(TEST_SECRET, 'garbage')).toBeNull();
  });
});
