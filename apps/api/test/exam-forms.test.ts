import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/context.ts';

/**
 * Exam set-up and forms (lifecycle S2) through HTTP on the demo database: the phase of an exam course link
 * and what it locks, a form from DRAFT to APPROVED (and cancelled), each rule's refusal leaving everything as
 * it was, the acceptance tests of S2, scope, attempts, backlog import and the printout.
 */
const ctx = useTestApp();
const EXAM = 'MAIN-DEC-2024';
const DEMO_STUDENT = '2024C101001';
const link = (course: string, session = '2024-25', sem = '1') =>
  `/api/examccinfo/${EXAM}/${session}/${course}/${sem}`;
const day = 86_400_000;
const windows = (close = 45) => ({
  form_open_at: new Date(Date.now() - day).toISOString(),
  form_due_at: new Date(Date.now() + 10 * day).toISOString(),
  late_fee_close_at: new Date(Date.now() + close * day).toISOString(),
});
/** The enrolment (studentccinfo) a form is for, as its API path. */
const enrolmentPath = (form: Record<string, string>) =>
  ['/api/studentccinfo', form.student_id, form.session_id, form.course_comb_id, form.sem_id].join('/');

const faculty = async () => ({
  Authorization: `Bearer ${await ctx.login('faculty.college@university.test')}`,
});

async function openLink(course: string, session = '2024-25', extra: Record<string, unknown> = {}) {
  const o = await ctx.as('office');
  const created = await ctx.api
    .post('/api/examccinfo')
    .set(o)
    .send({
      exam_id: EXAM,
      session_id: session,
      course_comb_id: course,
      sem_id: '1',
      base_fee: '800',
      back_paper_fee: '200',
      practical_fee: '150',
      late_fee: '300',
      category_concessions: 'SC:50 ST:50',
      ...windows(),
      ...extra,
    });
  expect(created.status, created.text).toBe(201);
  const opened = await ctx.api
    .post(`${link(course, session)}/open-forms`)
    .set(o)
    .send({});
  expect(opened.status, opened.text).toBe(200);
  return opened.body.examccinfo;
}

describe('exam course link phases', () => {
  it('opens forms only with windows set; a phase locks the fees; only the workflow moves it', async () => {
    const o = await ctx.as('office');
    expect(
      (
        await ctx.api
          .post('/api/examccinfo')
          .set(await faculty())
          .send({ exam_id: EXAM, session_id: '2024-25', course_comb_id: 'BSC01', sem_id: '2' })
      ).status,
    ).toBe(403);
    const created = await ctx.api.post('/api/examccinfo').set(o).send({
      exam_id: EXAM,
      session_id: '2024-25',
      course_comb_id: 'BSC01',
      sem_id: '2',
      base_fee: '800',
      phase: 'CLOSED',
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.examccinfo).toMatchObject({ phase: 'PLANNED', coding: 'OFF', base_fee: '800' });
    const early = await ctx.api
      .post(`${link('BSC01', '2024-25', '2')}/open-forms`)
      .set(o)
      .send({});
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/form windows/);
    expect(
      (
        await ctx.api
          .put(link('BSC01', '2024-25', '2'))
          .set(o)
          .send(windows())
      ).status,
    ).toBe(200);
    const opened = await ctx.api
      .post(`${link('BSC01', '2024-25', '2')}/open-forms`)
      .set(o)
      .send({});
    expect(opened.body.examccinfo.phase).toBe('FORMS_OPEN');
    const fee = await ctx.api
      .put(link('BSC01', '2024-25', '2'))
      .set(o)
      .send({ base_fee: '900' });
    expect(fee.status).toBe(409);
    expect(fee.body.code).toBe('LOCKED');
    expect((await ctx.api.get(link('BSC01', '2024-25', '2')).set(o)).body.examccinfo.base_fee).toBe('800');
    // Rolls cannot be allotted while forms are open.
    const rolls = await ctx.api
      .post(`${link('BSC01', '2024-25', '2')}/allot-rolls`)
      .set(o)
      .send({});
    expect(rolls.status).toBe(409);
    expect(rolls.body.message).toMatch(/Forms open/);
    expect((await ctx.api.delete(link('BSC01', '2024-25', '2')).set(o)).body.code).toBe('LOCKED');
  });
});

describe('an exam form from draft to approval', () => {
  it('own form; submit locks papers; full fee; college verifies; approval makes attempts', async () => {
    await openLink('BSC01');
    const student = await ctx.as('student');
    const o = await ctx.as('office');
    const other = await ctx.api.post('/api/examform').set(student).send({
      exam_id: EXAM,
      student_id: '2024C101002',
      session_id: '2024-25',
      course_comb_id: 'BSC01',
      sem_id: '1',
      candidate_type: 'REGULAR',
    });
    expect(other.status).toBe(403);

    const body = {
      exam_id: EXAM,
      student_id: DEMO_STUDENT,
      session_id: '2024-25',
      course_comb_id: 'BSC01',
      sem_id: '1',
      candidate_type: 'REGULAR',
    };
    const created = await ctx.api.post('/api/examform').set(student).send(body);
    expect(created.status, created.text).toBe(201);
    const form = created.body.examform;
    const enrolled = (
      await ctx.api
        .get('/api/studentpaper')
        .query({ student_id: DEMO_STUDENT, session_id: '2024-25', sem_id: '1' })
        .set(o)
    ).body.studentpaper
      .map((p: { paper_id: string }) => p.paper_id)
      .sort();
    expect(enrolled.length).toBeGreaterThan(3);
    expect(form.papers.map((p: { paper_id: string }) => p.paper_id).sort()).toEqual(enrolled);
    expect(form.papers.every((p: { attempt_type: string }) => p.attempt_type === 'REGULAR')).toBe(true);
    expect(form.status).toBe('DRAFT');
    expect(created.body.fee[0]).toMatchObject({ item: 'Base fee', amount: '800.00' });
    expect(created.body.fee.at(-1)).toMatchObject({ item: 'Total', amount: form.fee_amount });

    const again = await ctx.api.post('/api/examform').set(o).send(body);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(new RegExp(`already has exam form ${form.form_id}`));

    const submitted = await ctx.api.post(`/api/examform/${form.form_id}/submit`).set(student).send({});
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.body.examform.status).toBe('SUBMITTED');
    expect(submitted.body.clashes).toEqual([]);
    const electives = await ctx.api
      .put(`/api/studentccinfo/${DEMO_STUDENT}/2024-25/BSC01/1/electives`)
      .set(o)
      .send({ electives: [] });
    expect(electives.status).toBe(409);
    expect(electives.body.code).toBe('LOCKED');

    const short = await ctx.api
      .post(`/api/examform/${form.form_id}/pay`)
      .set(o)
      .send({ payment_ref: 'CH-1', amount: '1' });
    expect(short.status).toBe(422);
    expect(short.body.errors.amount[0]).toMatch(/less than the fee/);
    expect((await ctx.api.get(`/api/examform/${form.form_id}`).set(o)).body.examform.status).toBe(
      'SUBMITTED',
    );
    expect(
      (
        await ctx.api
          .post(`/api/examform/${form.form_id}/pay`)
          .set(student)
          .send({ payment_ref: 'CH-1', amount: form.fee_amount })
      ).status,
    ).toBe(403);
    const paid = await ctx.api
      .post(`/api/examform/${form.form_id}/pay`)
      .set(o)
      .send({ payment_ref: 'CH-1', amount: form.fee_amount });
    expect(paid.body.examform).toMatchObject({
      status: 'FEE_PAID',
      payment_ref: 'CH-1',
      paid_amount: form.fee_amount,
    });

    const verified = await ctx.api
      .post(`/api/examform/${form.form_id}/verify`)
      .set(await faculty())
      .send({});
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body.examform).toMatchObject({
      status: 'COLLEGE_VERIFIED',
      verified_by: 'faculty.college@university.test',
    });
    expect(
      (
        await ctx.api
          .post(`/api/examform/${form.form_id}/approve`)
          .set(await faculty())
          .send({})
      ).status,
    ).toBe(403);
    const approved = await ctx.api.post(`/api/examform/${form.form_id}/approve`).set(o).send({});
    expect(approved.body.examform.status).toBe('APPROVED');
    const attempts = await ctx.api.get('/api/attempt').query({ form_id: form.form_id }).set(o);
    expect(attempts.body.total).toBe(enrolled.length);
    expect(attempts.body.attempt.map((a: { paper_id: string }) => a.paper_id).sort()).toEqual(enrolled);
    expect((await ctx.api.get('/api/attempt').query({ form_id: form.form_id }).set(student)).body.total).toBe(
      enrolled.length,
    );
    expect((await ctx.api.post('/api/attempt').set(o).send({ attempt_id: 'X1' })).status).toBe(422);

    expect(
      (await ctx.api.post(`/api/examform/${form.form_id}/cancel`).set(o).send({ reason: 'x' })).status,
    ).toBe(403);
    const admin = await ctx.as('admin');
    expect((await ctx.api.post(`/api/examform/${form.form_id}/cancel`).set(admin).send({})).status).toBe(422);
    const cancelled = await ctx.api
      .post(`/api/examform/${form.form_id}/cancel`)
      .set(admin)
      .send({ reason: 'Duplicate admission found' });
    expect(cancelled.body.examform).toMatchObject({
      status: 'CANCELLED',
      status_reason: 'Duplicate admission found',
    });
    expect((await ctx.api.get('/api/attempt').query({ form_id: form.form_id }).set(o)).body.total).toBe(0);

    const pdf = await ctx.api
      .get(`/api/examform/${form.form_id}/pdf`)
      .set(student)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 4).toString()).toBe('%PDF');
  });

  it('college faculty see and (as head) verify only their own college forms; lists by status', async () => {
    const f = await faculty();
    const list = await ctx.api.get('/api/examform').query({ status: 'FEE_PAID' }).set(f);
    expect(list.body.total).toBeGreaterThan(0);
    expect(
      list.body.examform.every(
        (x: { college_id: string; status: string }) => x.college_id === 'C101' && x.status === 'FEE_PAID',
      ),
    ).toBe(true);
    const c102 = (
      await ctx.api
        .get('/api/examform')
        .query({ college_id: 'C102', status: 'FEE_PAID' })
        .set(await ctx.as('office'))
    ).body.examform[0];
    expect(c102).toBeDefined();
    const verify = await ctx.api.post(`/api/examform/${c102.form_id}/verify`).set(f).send({});
    expect(verify.status).toBe(404);
    // Another faculty user of C101 who is not its head reads its forms but does not verify, return or reject
    // them.
    const head = await ctx.db.prisma.user.findUniqueOrThrow({
      where: { email: 'faculty.college@university.test' },
    });
    await ctx.db.prisma.user.create({
      data: {
        email: 'teacher.c101@university.test',
        name: 'Teacher',
        role: 'faculty',
        system: 'college',
        dept_id: 'PHY',
        college_id: 'C101',
        password_hash: head.password_hash,
      },
    });
    const teacher = { Authorization: `Bearer ${await ctx.login('teacher.c101@university.test')}` };
    const own = list.body.examform[0];
    expect((await ctx.api.get(`/api/examform/${own.form_id}`).set(teacher)).status).toBe(200);
    for (const [action, body] of [
      ['verify', {}],
      ['return', { reason: 'x' }],
      ['reject', { reason: 'x' }],
    ] as const) {
      const refused = await ctx.api.post(`/api/examform/${own.form_id}/${action}`).set(teacher).send(body);
      expect(refused.status, action).toBe(403);
      expect(refused.body.message).toMatch(/Only the head of college C101/);
    }
    expect((await ctx.api.get(`/api/examform/${own.form_id}`).set(f)).body.examform.status).toBe('FEE_PAID');
    expect(
      (await ctx.api.get(`/api/examform/${c102.form_id}`).set(await ctx.as('office'))).body.examform.status,
    ).toBe('FEE_PAID');
  });
});

describe('the rules of a form', () => {
  it('a returned form edited is a draft again; a submitted one is locked; others see none', async () => {
    const o = await ctx.as('office');
    const form = (
      await ctx.api.get('/api/examform').query({ college_id: 'C101', status: 'SUBMITTED' }).set(o)
    ).body.examform[0];
    const enrolment = enrolmentPath(form);
    expect((await ctx.api.get(enrolment).set(o)).body.studentccinfo.papers_locked_at).not.toBeNull();
    const edit = await ctx.api.put(`/api/examform/${form.form_id}`).set(o).send({ remarks: 'x' });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('LOCKED');
    expect((await ctx.api.get(`/api/examform/${form.form_id}`).set(await ctx.as('student'))).status).toBe(
      404,
    );
    expect((await ctx.api.post(`/api/examform/${form.form_id}/return`).set(o).send({})).status).toBe(422);
    const returned = await ctx.api
      .post(`/api/examform/${form.form_id}/return`)
      .set(o)
      .send({ reason: 'Signature missing' });
    expect(returned.body.examform).toMatchObject({ status: 'RETURNED', status_reason: 'Signature missing' });
    expect((await ctx.api.get(enrolment).set(o)).body.studentccinfo.papers_locked_at).toBeNull();
    const edited = await ctx.api
      .put(`/api/examform/${form.form_id}`)
      .set(o)
      .send({ remarks: 'Signature uploaded' });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.examform).toMatchObject({ status: 'DRAFT', remarks: 'Signature uploaded' });
    const again = await ctx.api.post(`/api/examform/${form.form_id}/submit`).set(o).send({});
    expect(again.body.examform.status).toBe('SUBMITTED');
    expect((await ctx.api.get(enrolment).set(o)).body.studentccinfo.papers_locked_at).not.toBeNull();
  });

  it('a back paper whose attempts are used up is shown as not eligible and refused', async () => {
    const o = await ctx.as('office');
    const backlog = (await ctx.api.get('/api/backlog').query({ student_id: '2023C102001' }).set(o)).body
      .backlog[0];
    const key = ['student_id', 'session_id', 'course_comb_id', 'sem_id', 'paper_id']
      .map((f) => backlog[f])
      .join('/');
    expect((await ctx.api.put(`/api/backlog/${key}`).set(o).send({ attempts_used: 5 })).status).toBe(200);
    const eligible = (await ctx.api.get('/api/examform-eligible/2023C102001').set(o)).body.papers.find(
      (p: { paper_id: string }) => p.paper_id === backlog.paper_id,
    );
    expect(eligible).toMatchObject({ eligible: false, why: expect.stringMatching(/All 5 attempts used/) });
    const refused = await ctx.api
      .post('/api/examform')
      .set(o)
      .send({
        exam_id: EXAM,
        student_id: '2023C102001',
        session_id: backlog.session_id,
        course_comb_id: backlog.course_comb_id,
        sem_id: backlog.sem_id,
        candidate_type: 'BACK',
        extra_papers: [
          {
            session_id: backlog.session_id,
            course_comb_id: backlog.course_comb_id,
            sem_id: backlog.sem_id,
            paper_id: backlog.paper_id,
            attempt_type: 'BACK',
          },
        ],
      });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.extra_papers[0]).toMatch(/All 5 attempts used \(rule set OLD-A v1\)/);
  });

  it('a back candidate beyond the maximum duration (nominal years + 2) is refused', async () => {
    const o = await ctx.as('office');
    await ctx.db.prisma.session.create({
      data: { session_id: '2019-20', session_name: 'Academic Session 2019-20', current_status: 'Closed' },
    });
    await ctx.db.prisma.student.update({
      where: { student_id: '2023C101001' },
      data: { admission_session_id: '2019-20' },
    });
    const backlog = (await ctx.api.get('/api/backlog').query({ student_id: '2023C101001' }).set(o)).body
      .backlog[0];
    const refused = await ctx.api
      .post('/api/examform')
      .set(o)
      .send({
        exam_id: EXAM,
        student_id: '2023C101001',
        session_id: backlog.session_id,
        course_comb_id: backlog.course_comb_id,
        sem_id: backlog.sem_id,
        candidate_type: 'BACK',
        extra_papers: [
          {
            session_id: backlog.session_id,
            course_comb_id: backlog.course_comb_id,
            sem_id: backlog.sem_id,
            paper_id: backlog.paper_id,
            attempt_type: 'BACK',
          },
        ],
      });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.student_id[0]).toMatch(
      /beyond the maximum duration of 5 years .*3 nominal \+ 2, rule set OLD-A v1/,
    );
    expect((await ctx.api.get('/api/examform').query({ student_id: '2023C101001' }).set(o)).body.total).toBe(
      0,
    );
  });
});

describe('acceptance tests of S2', () => {
  it('a back candidate cannot add a paper passed; an open backlog paper comes with its fee', async () => {
    const o = await ctx.as('office');
    const backlog = (await ctx.api.get('/api/backlog').query({ student_id: '2023C101002' }).set(o)).body
      .backlog[0];
    expect(backlog).toBeDefined();
    const passed = (
      await ctx.api
        .get('/api/studentpaper')
        .query({ student_id: '2023C101002', session_id: '2023-24' })
        .set(o)
    ).body.studentpaper.find((p: { paper_id: string }) => p.paper_id !== backlog.paper_id);
    const base = {
      exam_id: EXAM,
      student_id: '2023C101002',
      session_id: backlog.session_id,
      course_comb_id: backlog.course_comb_id,
      sem_id: backlog.sem_id,
      candidate_type: 'BACK',
    };
    const key = {
      session_id: backlog.session_id,
      course_comb_id: backlog.course_comb_id,
      sem_id: backlog.sem_id,
    };
    const refused = await ctx.api
      .post('/api/examform')
      .set(o)
      .send({ ...base, extra_papers: [{ ...key, paper_id: passed.paper_id, attempt_type: 'BACK' }] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.extra_papers[0]).toMatch(
      new RegExp(`${passed.paper_id}.*not in the eligible list`),
    );
    expect((await ctx.api.get('/api/examform').query({ student_id: '2023C101002' }).set(o)).body.total).toBe(
      0,
    );

    const ok = await ctx.api
      .post('/api/examform')
      .set(o)
      .send({ ...base, extra_papers: [{ ...key, paper_id: backlog.paper_id, attempt_type: 'BACK' }] });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.examform.papers).toEqual([
      expect.objectContaining({ paper_id: backlog.paper_id, attempt_type: 'BACK', attempt_no: 2 }),
    ]);
    expect(ok.body.fee.map((l: { item: string }) => l.item)).toContain('Back/improvement papers');
  });

  it('a form after late_fee_close_at is refused, and nothing is stored', async () => {
    const o = await ctx.as('office');
    expect((await ctx.api.get(link('BSC02')).set(o)).body.examccinfo.phase).toBe('FORMS_OPEN');
    const closed = await ctx.api
      .put(link('BSC02'))
      .set(o)
      .send({
        form_due_at: new Date(Date.now() - 3 * day).toISOString(),
        late_fee_close_at: new Date(Date.now() - day).toISOString(),
      });
    expect(closed.status, closed.text).toBe(200);
    const late = await ctx.api.post('/api/examform').set(o).send({
      exam_id: EXAM,
      student_id: '2024C102003',
      session_id: '2024-25',
      course_comb_id: 'BSC02',
      sem_id: '1',
      candidate_type: 'REGULAR',
    });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('LOCKED');
    expect(late.body.message).toMatch(/late-fee window/);
    expect((await ctx.api.get('/api/examform').query({ student_id: '2024C102003' }).set(o)).body.total).toBe(
      0,
    );
  });

  it('a form with attendance 74.9 % (threshold 75) is returned with the reason at verification', async () => {
    const o = await ctx.as('office');
    const form = (await ctx.api.get('/api/examform').query({ college_id: 'C101', status: 'FEE_PAID' }).set(o))
      .body.examform[0];
    const enrolment = enrolmentPath(form);
    expect((await ctx.api.put(enrolment).set(o).send({ attendance_percent: '74.9' })).status).toBe(200);
    const verified = await ctx.api
      .post(`/api/examform/${form.form_id}/verify`)
      .set(await faculty())
      .send({});
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body.examform.status).toBe('RETURNED');
    expect(verified.body.examform.status_reason).toMatch(/Attendance 74\.9 % is below the required 75 %/);
    expect(verified.body.message).toMatch(/returned/);
    // At 75 exactly it passes after the form is corrected and submitted again; the fee paid before is kept.
    expect((await ctx.api.put(enrolment).set(o).send({ attendance_percent: '75' })).status).toBe(200);
    const edited = await ctx.api.put(`/api/examform/${form.form_id}`).set(o).send({ remarks: 'attendance' });
    expect(edited.body.examform.status).toBe('DRAFT');
    const again = await ctx.api.post(`/api/examform/${form.form_id}/submit`).set(o).send({});
    expect(again.status, again.text).toBe(200);
    expect(again.body.examform).toMatchObject({
      status: 'FEE_PAID',
      paid_amount: form.paid_amount,
      payment_ref: form.payment_ref,
    });
    expect(again.body.message).toMatch(/submitted again and fee paid: the payment recorded before/);
    const passed = await ctx.api
      .post(`/api/examform/${form.form_id}/verify`)
      .set(await faculty())
      .send({});
    expect(passed.body.examform.status).toBe('COLLEGE_VERIFIED');
  });

  it('verifying a form without recorded attendance is refused; the form and its payment stay', async () => {
    const o = await ctx.as('office');
    const submitted = (
      await ctx.api.get('/api/examform').query({ college_id: 'C101', status: 'SUBMITTED' }).set(o)
    ).body.examform[0];
    const paid = await ctx.api
      .post(`/api/examform/${submitted.form_id}/pay`)
      .set(o)
      .send({ amount: submitted.fee_amount, payment_ref: 'CH-NOT-READY' });
    expect(paid.status, paid.text).toBe(200);
    const form = paid.body.examform;
    const enrolment = enrolmentPath(form);
    expect((await ctx.api.put(enrolment).set(o).send({ attendance_percent: null })).status).toBe(200);
    const verify = await ctx.api
      .post(`/api/examform/${form.form_id}/verify`)
      .set(await faculty())
      .send({});
    expect(verify.status).toBe(409);
    expect(verify.body).toMatchObject({ code: 'NOT_READY', message_code: 'examForms.attendanceNotRecorded' });
    expect(verify.body.message).toMatch(/is not recorded; the college records it \(at least 75 %/);
    const still = (await ctx.api.get(`/api/examform/${form.form_id}`).set(o)).body.examform;
    expect(still).toMatchObject({ status: 'FEE_PAID', paid_amount: form.paid_amount, status_reason: null });
    const hindi = await ctx.api
      .post(`/api/examform/${form.form_id}/verify`)
      .set({ ...(await faculty()), 'accept-language': 'hi' })
      .send({});
    expect(hindi.body.message).toMatch(/की उपस्थिति दर्ज नहीं है/);
  });
});

describe('backlog import', () => {
  it('has a template; a dry run stores nothing; a paper the semester does not have is named', async () => {
    const o = await ctx.as('office');
    const template = await ctx.api.get('/api/import-template/backlog').query({ format: 'csv' }).set(o);
    expect(template.status).toBe(200);
    expect(template.text).toContain('First Exam Id');
    const papers = (
      await ctx.api
        .get('/api/studentpaper')
        .query({ student_id: '2023C101003', session_id: '2023-24' })
        .set(o)
    ).body.studentpaper;
    const header = 'student_id,session_id,course_comb_id,sem_id,paper_id,first_exam_id,reason';
    const row = (p: { paper_id: string; course_comb_id: string }) =>
      `2023C101003,2023-24,${p.course_comb_id},1,${p.paper_id},MAIN-DEC-2023,EXTERNAL`;
    const file = Buffer.from(
      [header, row(papers.at(-1)), '2023C101003,2023-24,BA01,1,NOPE,MAIN-DEC-2023,EXTERNAL'].join('\n'),
    );
    const failed = await ctx.api.post('/api/import/backlog').set(o).attach('file', file, 'backlog.csv');
    expect(failed.status).toBe(422);
    const good = Buffer.from([header, row(papers.at(-1))].join('\n'));
    const dry = await ctx.api
      .post('/api/import/backlog')
      .query({ dry_run: 1 })
      .set(o)
      .attach('file', good, 'backlog.csv');
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body).toMatchObject({ dry_run: true, imported: 0 });
    const before = (await ctx.api.get('/api/backlog').query({ student_id: '2023C101003' }).set(o)).body.total;
    const done = await ctx.api.post('/api/import/backlog').set(o).attach('file', good, 'backlog.csv');
    expect(done.status, done.text).toBe(200);
    expect((await ctx.api.get('/api/backlog').query({ student_id: '2023C101003' }).set(o)).body.total).toBe(
      before + 1,
    );
    const eligible = await ctx.api.get('/api/examform-eligible/2023C101003').set(o);
    expect(eligible.body.papers.map((p: { paper_id: string }) => p.paper_id)).toContain(
      papers.at(-1).paper_id,
    );
    // An impossible enrolment number (PostgreSQL text cannot hold NUL) is a missing student, not a server
    // error.
    expect((await ctx.api.get('/api/examform-eligible/a%00b').set(o)).status).toBe(404);
  });
});
