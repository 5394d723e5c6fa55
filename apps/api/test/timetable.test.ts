import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/context.ts';

/**
 * The timetable (lifecycle S4) through HTTP on the demo database: a slot per paper per course-semester, a
 * common paper sharing one slot, one paper a day per course-semester, and clashes found from approved forms
 * and resolved by moving a slot.
 */
const ctx = useTestApp();
// Not the demo exam: the demo seed gives MAIN-DEC-2024 its own timetable and forms.
const EXAM = 'SUPP-FEB-2025';

const slot = (
  paper_id: string,
  courses: string,
  date: string,
  shift = 'FN',
  extra: Record<string, unknown> = {},
) => ({
  exam_id: EXAM,
  paper_id,
  courses,
  date,
  shift,
  start_time: shift === 'FN' ? '09:00' : '14:00',
  duration_minutes: 180,
  ...extra,
});

/**
 * An approved form and its attempts (what exam forms' approval leaves behind), written directly: this file
 * tests the timetable.
 */
async function approvedForm(
  form_id: string,
  student_id: string,
  course: { session_id: string; course_comb_id: string; sem_id: string },
  papers: string[],
  candidate_type = 'REGULAR',
) {
  const p = ctx.db.prisma;
  await p.examCcinfo.upsert({
    where: { key: { exam_id: EXAM, ...course } },
    create: { exam_id: EXAM, ...course },
    update: {},
  });
  const student = await p.student.findUniqueOrThrow({ where: { student_id } });
  await p.examForm.create({
    data: {
      form_id,
      exam_id: EXAM,
      student_id,
      ...course,
      college_id: student.college_id,
      candidate_type,
      status: 'APPROVED',
      papers: {
        create: papers.map((paper_id) => ({
          ...course,
          paper_id,
          attempt_type: candidate_type === 'BACK' ? 'BACK' : 'REGULAR',
        })),
      },
      attempts: {
        create: papers.map((paper_id, i) => ({
          attempt_id: `${form_id}-${i}`,
          exam_id: EXAM,
          student_id,
          ...course,
          paper_id,
          college_id: student.college_id,
          attempt_type: candidate_type === 'BACK' ? 'BACK' : 'REGULAR',
        })),
      },
    },
  });
}

describe('timetable slots', () => {
  it('generates the slot id, shares a common paper across courses, refuses a second slot', async () => {
    const office = await ctx.as('office');
    const created = await ctx.api
      .post('/api/timetable')
      .set(office)
      .send(slot('ENV101', '2024-25/BA01/1, 2024-25/BSC01/1', '2024-12-02', 'AN', { slot_id: 'MINE' }));
    expect(created.status).toBe(201);
    expect(created.body.timetable.slot_id).toMatch(/^T[0-9A-Z]+$/);
    expect(created.body.timetable.courses).toBe('2024-25/BA01/1, 2024-25/BSC01/1');

    const again = await ctx.api
      .post('/api/timetable')
      .set(office)
      .send(slot('ENV101', '2024-25/BSC01/1', '2024-12-09'));
    expect(again.status).toBe(422);
    expect(again.body.errors.courses[0]).toContain(`already has slot ${created.body.timetable.slot_id}`);

    const list = await ctx.api.get('/api/timetable').query({ exam_id: EXAM, paper_id: 'ENV101' }).set(office);
    expect(list.body.total).toBe(1);
  });

  it('refuses a course without the paper, a malformed course list, bad date, shift and time', async () => {
    const office = await ctx.as('office');
    const bad = await ctx.api
      .post('/api/timetable')
      .set(office)
      .send(
        slot('HIN101', '2024-25/BSC01/1', '2024-02-30', 'XN', { start_time: '25:00', duration_minutes: 5 }),
      );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['date', 'duration_minutes', 'shift', 'start_time']);
    const noPaper = await ctx.api
      .post('/api/timetable')
      .set(office)
      .send(slot('HIN101', '2024-25/BSC01/1', '2024-12-20'));
    expect(noPaper.status).toBe(422);
    expect(noPaper.body.errors.courses[0]).toBe(
      '2024-25/BSC01/1 has no paper HIN101 (no paper link in that course-semester).',
    );
    const malformed = await ctx.api
      .post('/api/timetable')
      .set(office)
      .send(slot('HIN101', 'BA01', '2024-12-20'));
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors.courses[0]).toMatch(/session\/course\/semester/);
    expect(
      (await ctx.api.get('/api/timetable').query({ exam_id: EXAM, paper_id: 'HIN101' }).set(office)).body
        .total,
    ).toBe(0);
    // Faculty reads the timetable but does not build it.
    const faculty = await ctx.as('faculty');
    expect(
      (
        await ctx.api
          .post('/api/timetable')
          .set(faculty)
          .send(slot('HIN101', '2024-25/BA01/1', '2024-12-20'))
      ).status,
    ).toBe(403);
  });

  it('keeps papers of one course-semester on different days', async () => {
    const office = await ctx.as('office');
    expect(
      (
        await ctx.api
          .post('/api/timetable')
          .set(office)
          .send(slot('HIN101', '2024-25/BA01/1', '2024-12-04'))
      ).status,
    ).toBe(201);
    const sameDay = await ctx.api
      .post('/api/timetable')
      .set(office)
      .send(slot('ENG101', '2024-25/BA01/1', '2024-12-04', 'AN'));
    expect(sameDay.status).toBe(422);
    expect(sameDay.body.errors.date[0]).toMatch(
      /^2024-25\/BA01\/1 already writes paper HIN101 on 2024-12-04/,
    );
  });
});

describe('clashes', () => {
  it('lists a candidate with two papers in one shift (approved forms); none once a slot moves', async () => {
    const office = await ctx.as('office');
    // A student of C103, which has no demo forms.
    const { student_id: student } = await ctx.db.prisma.studentCcinfo.findFirstOrThrow({
      where: { college_id: 'C103', session_id: '2024-25', course_comb_id: 'BA01', sem_id: '1' },
    });
    // A regular 2024-25 BA01 semester-1 form and a back form for the 2023-24 BA01 semester-1 syllabus.
    await approvedForm('F-CLASH-1', student, { session_id: '2024-25', course_comb_id: 'BA01', sem_id: '1' }, [
      'ENG101',
      'HIS101',
    ]);
    await approvedForm(
      'F-CLASH-2',
      student,
      { session_id: '2023-24', course_comb_id: 'BA01', sem_id: '1' },
      ['HIS101'],
      'BACK',
    );
    const eng = await ctx.api
      .post('/api/timetable')
      .set(office)
      .send(slot('ENG101', '2024-25/BA01/1', '2024-12-06'));
    const backHis = await ctx.api
      .post('/api/timetable')
      .set(office)
      .send(slot('HIS101', '2023-24/BA01/1', '2024-12-06'));
    expect([eng.status, backHis.status]).toEqual([201, 201]);

    const found = await ctx.api.get('/api/timetable/clashes').query({ exam_id: EXAM }).set(office);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      total: 1,
      clashes: [{ student_id: student, date: '2024-12-06', shift: 'FN', papers: ['ENG101', 'HIS101'] }],
    });

    const moved = await ctx.api
      .put(`/api/timetable/${backHis.body.timetable.slot_id}`)
      .set(office)
      .send({ shift: 'AN', start_time: '14:00', updated_at: backHis.body.timetable.updated_at });
    expect(moved.status).toBe(200);
    const after = await ctx.api.get('/api/timetable/clashes').query({ exam_id: EXAM }).set(office);
    expect(after.body).toMatchObject({ total: 0, clashes: [] });

    // A form cancelled (its attempts removed) does not count.
    await ctx.db.prisma.attempt.deleteMany({ where: { form_id: 'F-CLASH-2' } });
    await ctx.db.prisma.examForm.update({ where: { form_id: 'F-CLASH-2' }, data: { status: 'CANCELLED' } });
    await ctx.api
      .put(`/api/timetable/${backHis.body.timetable.slot_id}`)
      .set(office)
      .send({ shift: 'FN', start_time: '09:00' });
    expect(
      (await ctx.api.get('/api/timetable/clashes').query({ exam_id: EXAM }).set(office)).body.total,
    ).toBe(0);

    // Without exam_id: the current exam's (the demo's MAIN-DEC-2024, whose timetable has no clash).
    const current = await ctx.api.get('/api/timetable/clashes').set(office);
    expect(current.body).toMatchObject({ exam_id: 'MAIN-DEC-2024', total: 0 });
  });

  it('reports a clash at submission (answer and form) without refusing it; none once it moves', async () => {
    const office = await ctx.as('office');
    const p = ctx.db.prisma;
    const regular = { session_id: '2024-25', course_comb_id: 'BA01', sem_id: '1' };
    // Another C103 student: an approved back form for HIS101 of the 2023-24 syllabus, and a regular form
    // filled now.
    const student = (
      await p.studentCcinfo.findMany({
        where: { college_id: 'C103', ...regular },
        orderBy: { student_id: 'asc' },
      })
    )[1]!.student_id;
    await approvedForm(
      'F-SUBMIT-BACK',
      student,
      { session_id: '2023-24', course_comb_id: 'BA01', sem_id: '1' },
      ['HIS101'],
      'BACK',
    );
    const day = 86_400_000;
    await p.examCcinfo.update({
      where: { key: { exam_id: EXAM, ...regular } },
      data: {
        phase: 'FORMS_OPEN',
        form_open_at: new Date(Date.now() - day),
        form_due_at: new Date(Date.now() + 10 * day),
        late_fee_close_at: new Date(Date.now() + 20 * day),
      },
    });
    const slotOf = (paper_id: string, session_id: string) =>
      p.timetableSlot.findFirstOrThrow({
        where: { exam_id: EXAM, paper_id, courses: { contains: `${session_id}/BA01/1` } },
      });
    // The clashes test left ENG101 (2024-25) and the back HIS101 (2023-24) both on 2024-12-06 FN.
    const backHis = await slotOf('HIS101', '2023-24');
    expect([backHis.date, backHis.shift]).toEqual([(await slotOf('ENG101', '2024-25')).date, 'FN']);

    const filled = await ctx.api
      .post('/api/examform')
      .set(office)
      .send({ exam_id: EXAM, student_id: student, ...regular, candidate_type: 'REGULAR' });
    expect(filled.status, filled.text).toBe(201);
    const formId = filled.body.examform.form_id;
    const clash = { date: '2024-12-06', shift: 'FN', papers: ['ENG101', 'HIS101'] };
    const submitted = await ctx.api.post(`/api/examform/${formId}/submit`).set(office).send({});
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.body.examform.status).toBe('SUBMITTED');
    expect(submitted.body.clashes).toEqual([clash]);
    expect(submitted.body.message).toBe(
      `Exam form ${formId} is now Submitted, with a timetable clash (two papers at one date and shift): ` +
        '2024-12-06 FN: ENG101, HIS101. The examination office resolves it with a special slot.',
    );
    expect((await ctx.api.get(`/api/examform/${formId}`).set(office)).body.clashes).toEqual([clash]);
    // The back form sees the same clash now that the regular form stands; the exam's list shows it once both
    // are approved.
    expect((await ctx.api.get('/api/examform/F-SUBMIT-BACK').set(office)).body.clashes).toEqual([clash]);
    const form = await p.examForm.findUniqueOrThrow({
      where: { form_id: formId },
      include: { papers: true },
    });
    await p.examForm.update({
      where: { form_id: formId },
      data: {
        status: 'APPROVED',
        attempts: {
          create: form.papers.map((x, i) => ({
            attempt_id: `${formId}-${i}`,
            exam_id: EXAM,
            student_id: student,
            ...regular,
            paper_id: x.paper_id,
            college_id: form.college_id,
            attempt_type: 'REGULAR',
          })),
        },
      },
    });
    const listed = (await ctx.api.get('/api/timetable/clashes').query({ exam_id: EXAM }).set(office)).body
      .clashes;
    expect(listed.filter((c: { student_id: string }) => c.student_id === student)).toEqual([
      { student_id: student, ...clash },
    ]);

    // Office resolves it with a special slot: the form reports none.
    const moved = await ctx.api
      .put(`/api/timetable/${backHis.slot_id}`)
      .set(office)
      .send({ shift: 'AN', start_time: '14:00' });
    expect(moved.status, moved.text).toBe(200);
    expect((await ctx.api.get(`/api/examform/${formId}`).set(office)).body.clashes).toEqual([]);
  });

  it('prints a date sheet per programme', async () => {
    const office = await ctx.as('office');
    const pdf = await ctx.api
      .get(`/api/timetable/datesheet/${EXAM}`)
      .query({ course_comb_id: 'BA01' })
      .set(office)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    if (process.env.DATESHEET_OUT)
      (await import('node:fs')).writeFileSync(process.env.DATESHEET_OUT, pdf.body as Buffer);
    expect((await ctx.api.get('/api/timetable/datesheet/NOPE').set(office)).status).toBe(404);
    expect((await ctx.api.get('/api/timetable/datesheet/a%00b').set(office)).status).toBe(404);
  });
});
