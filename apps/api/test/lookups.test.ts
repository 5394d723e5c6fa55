import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/context.ts';
import { factories, uniqueKey } from './support/factories.ts';

const ctx = useTestApp();

type Row = Record<string, unknown>;
const ids = (rows: Row[], field: string) => rows.map((r) => r[field] as string);

async function create(path: string, body: Row) {
  const res = await ctx.api
    .post(`/api/${path}`)
    .set(await ctx.as('admin'))
    .send(body);
  expect(res.status, `POST ${path}: ${res.text}`).toBe(201);
  return res.body;
}
const get = async (path: string) => ctx.api.get(`/api/${path}`).set(await ctx.as('faculty'));

/** What the database holds, read beside the API so the expectations do not depend on the API under test. */
async function coursesRunningIn(sessionId: string) {
  const links = await ctx.db.prisma.ccinfoSem.findMany({
    where: { session_id: sessionId },
    select: { course_comb_id: true },
  });
  return [...new Set(links.map((l) => l.course_comb_id))].sort();
}
async function examsOf(sessionId: string, onlyActive = false) {
  const rows = await ctx.db.prisma.exam.findMany({
    where: { session_id: sessionId, ...(onlyActive ? { active_status: 1 } : {}) },
  });
  return rows.map((r) => r.exam_id).sort();
}

/** A session of our own with two courses, one of them in two semesters, and a third course not linked. */
async function sessionWithCourses() {
  const session_id = (await create('session', await factories.session.build(ctx.db))).session
    .session_id as string;
  const courses: string[] = [];
  for (let i = 0; i < 3; i++)
    courses.push((await create('course', await factories.course.build(ctx.db))).course.course_comb_id);
  await create('ccinfosem', { session_id, course_comb_id: courses[0], sem_id: '1' });
  await create('ccinfosem', { session_id, course_comb_id: courses[0], sem_id: '2' });
  await create('ccinfosem', { session_id, course_comb_id: courses[1], sem_id: '1' });
  return { session_id, linked: courses.slice(0, 2).sort(), unlinked: courses[2]! };
}

describe('GET /api/course/{offset}/{limit}', () => {
  it('answers a page of courses in key order with the total, honouring offset and limit', async () => {
    const all = (await get('course')).body.course as Row[];
    const total = await ctx.db.prisma.course.count();
    expect(total).toBeGreaterThanOrEqual(5);
    expect(all).toHaveLength(total);

    const first = await get('course/0/2');
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['course', 'total']);
    expect(first.body.total).toBe(total);
    expect(ids(first.body.course, 'course_comb_id')).toEqual(ids(all.slice(0, 2), 'course_comb_id'));
    expect(first.body.course[0]).toEqual(all[0]);

    const second = await get('course/2/2');
    expect(second.body.total).toBe(total);
    expect(ids(second.body.course, 'course_comb_id')).toEqual(ids(all.slice(2, 4), 'course_comb_id'));

    const odd = await get('course/3/1');
    expect(ids(odd.body.course, 'course_comb_id')).toEqual(ids(all.slice(3, 4), 'course_comb_id'));
  });

  it('answers every course for All (any case) and for 0, and nothing past the end', async () => {
    const total = await ctx.db.prisma.course.count();
    for (const limit of ['All', 'all', '0']) {
      const res = await get(`course/0/${limit}`);
      expect(res.status, `${limit}: ${res.text}`).toBe(200);
      expect(res.body.course).toHaveLength(total);
      expect(res.body.total).toBe(total);
    }
    const rest = await get('course/1/All');
    expect(rest.body.course).toHaveLength(total - 1);
    const past = await get(`course/${total + 10}/5`);
    expect(past.status).toBe(200);
    expect(past.body).toEqual({ course: [], total });
  });

  it('counts a course created just now', async () => {
    const before = (await get('course/0/1')).body.total as number;
    await create('course', await factories.course.build(ctx.db));
    expect((await get('course/0/1')).body.total).toBe(before + 1);
  });

  it.each([
    ['a negative offset', '-1/5'],
    ['a non-numeric offset', 'first/5'],
    ['a fractional offset', '1.5/5'],
    ['a non-numeric limit', '0/abc'],
    ['a negative limit', '0/-5'],
    ['a limit over 1000', '0/100000'],
  ])('answers 422 for %s', async (_label, path) => {
    const res = await get(`course/${path}`);
    expect(res.status, res.text).toBe(422);
    expect(typeof res.body.message).toBe('string');
    expect(res.body).not.toHaveProperty('course');
  });
});

describe('GET /api/courses_by_session/{session_id}', () => {
  it('answers exactly the demo courses that run in 2024-25, each once', async () => {
    const res = await get('courses_by_session/2024-25');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['courses']);
    const found = ids(res.body.courses, 'course_comb_id');
    expect(found).toHaveLength(new Set(found).size);
    expect([...found].sort()).toEqual(await coursesRunningIn('2024-25'));
    expect([...found].sort()).toEqual(['BA01', 'BA02', 'BCOM01', 'BSC01', 'BSC02', 'MA01']);
    const ba01 = res.body.courses.find((c: Row) => c.course_comb_id === 'BA01');
    expect(ba01.course_comb_name4).toBe('B.A. Hindi-English-History');
  });

  it('answers the smaller set of 2023-24', async () => {
    const res = await get('courses_by_session/2023-24');
    expect(res.status).toBe(200);
    expect(ids(res.body.courses, 'course_comb_id').sort()).toEqual(await coursesRunningIn('2023-24'));
    expect(ids(res.body.courses, 'course_comb_id').sort()).toEqual(['BA01', 'BSC01']);
  });

  it(
    'follows the links: a course in two semesters once, an unlinked course not at all, a course gone when ' +
      'its links go',
    async () => {
      const { session_id, linked, unlinked } = await sessionWithCourses();
      const res = await get(`courses_by_session/${session_id}`);
      expect(ids(res.body.courses, 'course_comb_id')).toEqual(linked);
      expect(ids(res.body.courses, 'course_comb_id')).not.toContain(unlinked);

      const removed = await ctx.api
        .delete(`/api/ccinfosem/${session_id}/${linked[1]}/1`)
        .set(await ctx.as('admin'));
      expect(removed.status).toBe(200);
      const after = await get(`courses_by_session/${session_id}`);
      expect(ids(after.body.courses, 'course_comb_id')).toEqual([linked[0]]);
    },
  );

  it('answers an empty list for a session that exists but runs no course', async () => {
    const session_id = (await create('session', await factories.session.build(ctx.db))).session.session_id;
    const res = await get(`courses_by_session/${session_id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ courses: [] });
  });

  it('answers 404 with a message for a session that does not exist', async () => {
    const missing = uniqueKey('S');
    const res = await get(`courses_by_session/${missing}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toContain(missing);
    expect(res.body).not.toHaveProperty('courses');
  });
});

describe('GET /api/exam_all_perticular_session/{session_id} and /api/examactive/{session_id}', () => {
  it('answers every exam of the session, active or not, and none of other sessions', async () => {
    const res = await get('exam_all_perticular_session/2024-25');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['exam']);
    expect(ids(res.body.exam, 'exam_id').sort()).toEqual(await examsOf('2024-25'));
    expect(ids(res.body.exam, 'exam_id').sort()).toEqual(['MAIN-DEC-2024', 'SUPP-FEB-2025']);
    for (const exam of res.body.exam) expect(exam.session_id).toBe('2024-25');
    const older = await get('exam_all_perticular_session/2023-24');
    expect(ids(older.body.exam, 'exam_id').sort()).toEqual(['MAIN-DEC-2023', 'MAIN-MAY-2024']);
  });

  it('answers only the active exams of the session for examactive', async () => {
    const res = await get('examactive/2024-25');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['exam']);
    expect(ids(res.body.exam, 'exam_id')).toEqual(['MAIN-DEC-2024']);
    expect(res.body.exam[0]).toMatchObject({ active_status: 1, session_id: '2024-25' });
    // Every 2023-24 exam is closed.
    expect((await get('examactive/2023-24')).body).toEqual({ exam: [] });
  });

  it('follows edits: a new inactive exam is listed but not active until switched on', async () => {
    const session_id = (await create('session', await factories.session.build(ctx.db))).session
      .session_id as string;
    const active = uniqueKey('E');
    const inactive = uniqueKey('E');
    await create('exam', { exam_id: active, exam_desc: 'Main', active_status: '1', session_id });
    await create('exam', { exam_id: inactive, exam_desc: 'Supplementary', active_status: 0, session_id });

    expect(ids((await get(`exam_all_perticular_session/${session_id}`)).body.exam, 'exam_id').sort()).toEqual(
      [active, inactive].sort(),
    );
    expect(ids((await get(`examactive/${session_id}`)).body.exam, 'exam_id')).toEqual([active]);

    const on = await ctx.api
      .put(`/api/exam/${inactive}`)
      .set(await ctx.as('office'))
      .send({ active_status: '1' });
    expect(on.status).toBe(200);
    expect(ids((await get(`examactive/${session_id}`)).body.exam, 'exam_id').sort()).toEqual(
      [active, inactive].sort(),
    );

    const other = (await create('session', await factories.session.build(ctx.db))).session
      .session_id as string;
    const moved = await ctx.api
      .put(`/api/exam/${active}`)
      .set(await ctx.as('office'))
      .send({ session_id: other });
    expect(moved.status).toBe(200);
    expect(ids((await get(`exam_all_perticular_session/${session_id}`)).body.exam, 'exam_id')).toEqual([
      inactive,
    ]);
    expect(ids((await get(`examactive/${other}`)).body.exam, 'exam_id')).toEqual([active]);
  });

  it('answers an empty list for a session without exams', async () => {
    const session_id = (await create('session', await factories.session.build(ctx.db))).session.session_id;
    expect((await get(`exam_all_perticular_session/${session_id}`)).body).toEqual({ exam: [] });
    expect((await get(`examactive/${session_id}`)).body).toEqual({ exam: [] });
  });

  it.each([['exam_all_perticular_session'], ['examactive']])(
    '%s answers 404 for a session that does not exist',
    async (path) => {
      const missing = uniqueKey('S');
      const res = await get(`${path}/${missing}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toContain(missing);
    },
  );
});

describe('access to the lookups', () => {
  const paths = [
    'course/0/5',
    'courses_by_session/2024-25',
    'exam_all_perticular_session/2024-25',
    'examactive/2024-25',
  ];

  it.each(paths.map((p) => [p]))(
    '%s needs a token (401), is closed to students (403) and open to every staff role',
    async (path) => {
      const anonymous = await ctx.api.get(`/api/${path}`);
      expect(anonymous.status).toBe(401);
      expect(typeof anonymous.body.message).toBe('string');

      const student = await ctx.api.get(`/api/${path}`).set(await ctx.as('student'));
      expect(student.status).toBe(403);
      expect(typeof student.body.message).toBe('string');
      expect(student.body).toMatchObject({
        message: expect.any(String),
        code: 'FORBIDDEN',
        message_code: expect.any(String),
      });
      expect(student.body.errors).toBeUndefined();

      for (const role of [
        'admin',
        'office',
        'faculty',
        'result',
        'calculate',
        'document',
        'document_admin',
      ] as const) {
        expect((await ctx.api.get(`/api/${path}`).set(await ctx.as(role))).status, role).toBe(200);
      }
    },
  );
});
