import type { Response } from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/context.ts';
import { factories, uniqueKey } from './support/factories.ts';

const ctx = useTestApp();

type Body = Record<string, unknown>;

async function create(path: string, body: Body) {
  const res = await ctx.api
    .post(`/api/${path}`)
    .set(await ctx.as('admin'))
    .send(body);
  expect(res.status, `POST ${path}: ${res.text}`).toBe(201);
  return res.body;
}
const get = async (path: string) => ctx.api.get(`/api/${path}`).set(await ctx.as('office'));
const put = async (path: string, body: Body) =>
  ctx.api
    .put(`/api/${path}`)
    .set(await ctx.as('office'))
    .send(body);
const del = async (path: string) => ctx.api.delete(`/api/${path}`).set(await ctx.as('office'));

function expect422On(res: Response, fields: string[]) {
  expect(res.status, res.text).toBe(422);
  expect(res.body.code).toBe('VALIDATION_FAILED');
  expect(typeof res.body.message).toBe('string');
  expect(Object.keys(res.body.errors).sort()).toEqual([...fields].sort());
  for (const field of fields) expect(res.body.errors[field][0]).toEqual(expect.any(String));
}

function expect409(res: Response, ...mentions: Array<string | RegExp>) {
  expect(res.status, res.text).toBe(409);
  expect(res.body.code).toBe('IN_USE');
  expect(typeof res.body.message).toBe('string');
  for (const mention of mentions) {
    if (typeof mention === 'string') expect(res.body.message).toContain(mention);
    else expect(res.body.message).toMatch(mention);
  }
}

const paperInfo = (key: {
  session_id: string;
  course_comb_id: string;
  sem_id: string;
  paper_id: string;
}): Body => ({
  ...key,
  group_status: 'N',
  group_code: 'NG',
  max_marks: '100',
  min_marks: '36',
  ext_max_marks: '75',
  ext_min_marks: '27',
  int_max_marks: '25',
  int_min_marks: '9',
  th_pr_status: 'TH',
  paper_score_status: 'Y',
  credit_point: '4',
  paper_type: '0',
  elective_status: '0',
});

/** A small world of its own: a session, a course, two semesters and a paper, nothing linked yet. */
async function world() {
  const session = (await create('session', await factories.session.build(ctx.db))).session;
  const course = (await create('course', await factories.course.build(ctx.db))).course;
  const sem = (await create('sempart', await factories.sempart.build(ctx.db))).sempart;
  const sem2 = (await create('sempart', await factories.sempart.build(ctx.db))).sempart;
  const paper = (await create('paper', await factories.paper.build(ctx.db))).paper;
  return {
    session_id: session.session_id as string,
    course_comb_id: course.course_comb_id as string,
    sem_id: sem.sem_id as string,
    sem2_id: sem2.sem_id as string,
    paper_id: paper.paper_id as string,
  };
}

const linkPath = (s: string, c: string, m: string) => `ccinfosem/${s}/${c}/${m}`;
const paperLinkPath = (s: string, c: string, m: string, p: string) => `paperinfosem/${s}/${c}/${m}/${p}`;

describe('deleting a record that others use answers 409 and keeps it', () => {
  it('a session used by course-semester links', async () => {
    const w = await world();
    await create('ccinfosem', {
      session_id: w.session_id,
      course_comb_id: w.course_comb_id,
      sem_id: w.sem_id,
    });
    await create('ccinfosem', {
      session_id: w.session_id,
      course_comb_id: w.course_comb_id,
      sem_id: w.sem2_id,
    });
    expect409(await del(`session/${w.session_id}`), w.session_id, /\b2 course-semester links\b/i);
    expect((await get(`session/${w.session_id}`)).status).toBe(200);

    expect((await del(linkPath(w.session_id, w.course_comb_id, w.sem_id))).status).toBe(200);
    expect409(await del(`session/${w.session_id}`), /\b1 course-semester link\b/i);
    expect((await del(linkPath(w.session_id, w.course_comb_id, w.sem2_id))).status).toBe(200);
    const gone = await del(`session/${w.session_id}`);
    expect(gone.status, gone.text).toBe(200);
    expect((await get(`session/${w.session_id}`)).status).toBe(404);
  });

  it('a session used by exams', async () => {
    const w = await world();
    const exams = [uniqueKey('E'), uniqueKey('E'), uniqueKey('E')];
    for (const exam_id of exams)
      await create('exam', { exam_id, exam_desc: 'Main', active_status: '0', session_id: w.session_id });
    expect409(await del(`session/${w.session_id}`), w.session_id, /\b3 exams\b/i);
    expect((await get(`session/${w.session_id}`)).body.session.session_id).toBe(w.session_id);
    for (const exam_id of exams) expect((await get(`exam/${exam_id}`)).status).toBe(200);

    for (const exam_id of exams) expect((await del(`exam/${exam_id}`)).status).toBe(200);
    expect((await del(`session/${w.session_id}`)).status).toBe(200);
  });

  it('a session used by both names each kind of dependent', async () => {
    const w = await world();
    await create('ccinfosem', {
      session_id: w.session_id,
      course_comb_id: w.course_comb_id,
      sem_id: w.sem_id,
    });
    await create('exam', { exam_id: uniqueKey('E'), active_status: '1', session_id: w.session_id });
    expect409(await del(`session/${w.session_id}`), /\b1 course-semester link\b/i, /\b1 exam\b/i);
  });

  it('a course used by a course-semester link', async () => {
    const w = await world();
    await create('ccinfosem', {
      session_id: w.session_id,
      course_comb_id: w.course_comb_id,
      sem_id: w.sem_id,
    });
    expect409(await del(`course/${w.course_comb_id}`), w.course_comb_id, /\b1 course-semester link\b/i);
    expect((await get(`course/${w.course_comb_id}`)).status).toBe(200);
    expect((await del(linkPath(w.session_id, w.course_comb_id, w.sem_id))).status).toBe(200);
    expect((await del(`course/${w.course_comb_id}`)).status).toBe(200);
  });

  it('a semester used by a course-semester link', async () => {
    const w = await world();
    await create('ccinfosem', {
      session_id: w.session_id,
      course_comb_id: w.course_comb_id,
      sem_id: w.sem_id,
    });
    expect409(await del(`sempart/${w.sem_id}`), w.sem_id, /\b1 course-semester link\b/i);
    expect((await get(`sempart/${w.sem_id}`)).status).toBe(200);
    // The other semester is not in use.
    expect((await del(`sempart/${w.sem2_id}`)).status).toBe(200);
    expect((await del(linkPath(w.session_id, w.course_comb_id, w.sem_id))).status).toBe(200);
    expect((await del(`sempart/${w.sem_id}`)).status).toBe(200);
  });

  it('a paper used by a paper-semester link', async () => {
    const w = await world();
    await create('ccinfosem', {
      session_id: w.session_id,
      course_comb_id: w.course_comb_id,
      sem_id: w.sem_id,
    });
    await create('paperinfosem', paperInfo(w));
    expect409(await del(`paper/${w.paper_id}`), w.paper_id, /\b1 paper-semester link\b/i);
    expect((await get(`paper/${w.paper_id}`)).status).toBe(200);
    expect((await del(paperLinkPath(w.session_id, w.course_comb_id, w.sem_id, w.paper_id))).status).toBe(200);
    expect((await del(`paper/${w.paper_id}`)).status).toBe(200);
  });

  it('a course-semester link used by a paper-semester link', async () => {
    const w = await world();
    await create('ccinfosem', {
      session_id: w.session_id,
      course_comb_id: w.course_comb_id,
      sem_id: w.sem_id,
    });
    await create('paperinfosem', paperInfo(w));
    const link = linkPath(w.session_id, w.course_comb_id, w.sem_id);
    expect409(await del(link), w.session_id, w.course_comb_id, w.sem_id, /\b1 paper-semester link\b/i);
    expect((await get(link)).status).toBe(200);
    expect((await del(paperLinkPath(w.session_id, w.course_comb_id, w.sem_id, w.paper_id))).status).toBe(200);
    expect((await del(link)).status).toBe(200);
    expect((await get(link)).status).toBe(404);
  });
});

describe('creating or editing with a parent that does not exist answers 422 on that field', () => {
  it('an exam in an unknown session', async () => {
    const exam_id = uniqueKey('E');
    const missing = uniqueKey('S');
    const res = await ctx.api
      .post('/api/exam')
      .set(await ctx.as('admin'))
      .send({ exam_id, exam_desc: 'x', active_status: '1', session_id: missing });
    expect422On(res, ['session_id']);
    expect(res.body.errors.session_id[0]).toContain(missing);
    expect((await get(`exam/${exam_id}`)).status).toBe(404);
  });

  it('an exam edit moving it to an unknown session, leaving the exam as it was', async () => {
    const { exam } = await create('exam', await factories.exam.build(ctx.db));
    const res = await put(`exam/${exam.exam_id}`, { session_id: uniqueKey('S'), exam_desc: 'Moved' });
    expect422On(res, ['session_id']);
    expect((await get(`exam/${exam.exam_id}`)).body.exam).toEqual(exam);
  });

  it('a course-semester link with an unknown course and an unknown semester names both', async () => {
    const w = await world();
    const res = await ctx.api
      .post('/api/ccinfosem')
      .set(await ctx.as('admin'))
      .send({ session_id: w.session_id, course_comb_id: uniqueKey('C'), sem_id: uniqueKey('M') });
    expect422On(res, ['course_comb_id', 'sem_id']);
    const onlySem = await ctx.api
      .post('/api/ccinfosem')
      .set(await ctx.as('admin'))
      .send({ session_id: w.session_id, course_comb_id: w.course_comb_id, sem_id: uniqueKey('M') });
    expect422On(onlySem, ['sem_id']);
    const onlySession = await ctx.api
      .post('/api/ccinfosem')
      .set(await ctx.as('admin'))
      .send({ session_id: uniqueKey('S'), course_comb_id: w.course_comb_id, sem_id: w.sem_id });
    expect422On(onlySession, ['session_id']);
    expect((await get(`ccinfosem?q=${w.session_id}`)).body.ccinfo_sem).toEqual([]);
  });

  it('a paper-semester link whose session, course and semester exist but are not linked', async () => {
    const w = await world();
    const res = await ctx.api
      .post('/api/paperinfosem')
      .set(await ctx.as('admin'))
      .send(paperInfo(w));
    expect422On(res, ['sem_id']);
    expect((await get(paperLinkPath(w.session_id, w.course_comb_id, w.sem_id, w.paper_id))).status).toBe(404);
    // Linked in another semester only: still not this one.
    await create('ccinfosem', {
      session_id: w.session_id,
      course_comb_id: w.course_comb_id,
      sem_id: w.sem2_id,
    });
    expect422On(
      await ctx.api
        .post('/api/paperinfosem')
        .set(await ctx.as('admin'))
        .send(paperInfo(w)),
      ['sem_id'],
    );
    await create('ccinfosem', {
      session_id: w.session_id,
      course_comb_id: w.course_comb_id,
      sem_id: w.sem_id,
    });
    await create('paperinfosem', paperInfo(w));
  });

  it('a paper-semester link with an unknown paper', async () => {
    const w = await world();
    await create('ccinfosem', {
      session_id: w.session_id,
      course_comb_id: w.course_comb_id,
      sem_id: w.sem_id,
    });
    const missing = uniqueKey('P');
    const res = await ctx.api
      .post('/api/paperinfosem')
      .set(await ctx.as('admin'))
      .send(paperInfo({ ...w, paper_id: missing }));
    expect422On(res, ['paper_id']);
    expect(res.body.errors.paper_id[0]).toContain(missing);
  });
});

describe('composite keys through their URLs', () => {
  it('ccinfosem/{session_id}/{course_comb_id}/{sem_id}: GET, PUT and DELETE address one link', async () => {
    const w = await world();
    const { ccinfo_sem } = await create('ccinfosem', {
      session_id: w.session_id,
      course_comb_id: w.course_comb_id,
      sem_id: w.sem_id,
    });
    const path = linkPath(w.session_id, w.course_comb_id, w.sem_id);

    const one = await get(path);
    expect(one.status).toBe(200);
    expect(one.body.ccinfo_sem).toMatchObject({
      session_id: w.session_id,
      course_comb_id: w.course_comb_id,
      sem_id: w.sem_id,
    });
    // Every part counts: the same session and course in the other semester is not this link.
    expect((await get(linkPath(w.session_id, w.course_comb_id, w.sem2_id))).status).toBe(404);

    const edited = await put(path, { ...ccinfo_sem });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.ccinfo_sem).toMatchObject({
      session_id: w.session_id,
      course_comb_id: w.course_comb_id,
      sem_id: w.sem_id,
    });
    expect(typeof edited.body.message).toBe('string');
    expect422On(await put(path, { sem_id: w.sem2_id }), ['sem_id']);

    const removed = await del(path);
    expect(removed.status).toBe(200);
    expect(removed.body.ccinfo_sem).toMatchObject({
      session_id: w.session_id,
      course_comb_id: w.course_comb_id,
      sem_id: w.sem_id,
    });
    expect((await get(path)).status).toBe(404);
  });

  it('paperinfosem/{session_id}/{course_comb_id}/{sem_id}/{paper_id}: GET, PUT and DELETE', async () => {
    const w = await world();
    await create('ccinfosem', {
      session_id: w.session_id,
      course_comb_id: w.course_comb_id,
      sem_id: w.sem_id,
    });
    const { paperinfosem } = await create('paperinfosem', paperInfo(w));
    const path = paperLinkPath(w.session_id, w.course_comb_id, w.sem_id, w.paper_id);

    const one = await get(path);
    expect(one.status).toBe(200);
    const { sem2_id: _other, ...key } = w;
    expect(one.body.paperinfosem).toMatchObject({ ...key, group_code: 'NG', paper_type: 0 });
    expect((await get(paperLinkPath(w.session_id, w.course_comb_id, w.sem2_id, w.paper_id))).status).toBe(
      404,
    );

    const edited = await put(path, {
      ...paperinfosem,
      group_status: 'Y',
      group_code: 'G10',
      th_pr_status: 'PR',
      paper_type: '1',
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.paperinfosem).toMatchObject({
      group_status: 'Y',
      group_code: 'G10',
      th_pr_status: 'PR',
      paper_type: 1,
      paper_id: w.paper_id,
    });
    expect((await get(path)).body.paperinfosem).toEqual(edited.body.paperinfosem);

    const removed = await del(path);
    expect(removed.status).toBe(200);
    expect(removed.body.paperinfosem.paper_id).toBe(w.paper_id);
    expect((await get(path)).status).toBe(404);
  });

  it.each([
    ['GET', 'ccinfosem/2024-25/BA01'],
    ['PUT', 'ccinfosem/2024-25/BA01'],
    ['DELETE', 'ccinfosem/2024-25/BA01'],
    ['GET', 'ccinfosem/2024-25/BA01/1/HIN101'],
    ['DELETE', 'ccinfosem/2024-25/BA01/1/HIN101'],
    ['GET', 'paperinfosem/2024-25/BA01/1'],
    ['DELETE', 'paperinfosem/2024-25/BA01/1'],
    ['PUT', 'paperinfosem/2024-25/BA01/1'],
    ['GET', 'paperinfosem/2024-25/BA01/1/HIN101/extra'],
    ['DELETE', 'paperinfosem/2024-25/BA01/1/HIN101/extra'],
  ])('%s %s (wrong number of key parts) answers 404 and changes nothing', async (method, path) => {
    const headers = await ctx.as('admin');
    const call =
      method === 'GET'
        ? ctx.api.get(`/api/${path}`)
        : method === 'PUT'
          ? ctx.api.put(`/api/${path}`).send({})
          : ctx.api.delete(`/api/${path}`);
    const res = await call.set(headers);
    expect(res.status, res.text).toBe(404);
    expect(typeof res.body.message).toBe('string');
    // The demo rows the prefix names are still there.
    expect((await get('ccinfosem/2024-25/BA01/1')).status).toBe(200);
    expect((await get('paperinfosem/2024-25/BA01/1/HIN101')).status).toBe(200);
  });
});

describe('JSON numbers where the legacy sends strings', () => {
  it('accepts numbers and answers each field in its documented type', async () => {
    const sem = await create('sempart', { sem_id: 7, sem_name: 'Semester VII' });
    expect(sem.sempart.sem_id).toBe('7');
    expect((await get('sempart/7')).body.sempart.sem_id).toBe('7');

    const w = await world();
    const link = await create('ccinfosem', {
      session_id: w.session_id,
      course_comb_id: w.course_comb_id,
      sem_id: 7,
    });
    expect(link.ccinfo_sem.sem_id).toBe('7');

    const { paperinfosem } = await create('paperinfosem', {
      ...paperInfo({ ...w, sem_id: '7' }),
      sem_id: 7,
      paper_type: 2,
      elective_status: 1,
      max_marks: 50,
      min_marks: 18,
      credit_point: 2,
    });
    expect(paperinfosem).toMatchObject({
      sem_id: '7',
      paper_type: 2,
      elective_status: 1,
      max_marks: '50',
      min_marks: '18',
      credit_point: '2',
    });

    const exam_id = uniqueKey('E');
    const { exam } = await create('exam', { exam_id, active_status: 1, session_id: w.session_id });
    expect(exam.active_status).toBe(1);
    const off = await put(`exam/${exam_id}`, { active_status: 0 });
    expect(off.status, off.text).toBe(200);
    expect(off.body.exam.active_status).toBe(0);
    const on = await put(`exam/${exam_id}`, { active_status: ' 1 ' });
    expect(on.body.exam.active_status).toBe(1);
  });

  it('answers numeric enumerations as numbers although the legacy form posts strings', async () => {
    const { exam } = await create('exam', {
      exam_id: uniqueKey('E'),
      active_status: '0',
      session_id: '2024-25',
    });
    expect(exam.active_status).toBe(0);
    const listed = (await get('exam')).body.exam.find((e: Body) => e.exam_id === exam.exam_id);
    expect(listed.active_status).toBe(0);
  });
});

describe('enumerations', () => {
  it.each([
    ['group_code', 'G11'],
    ['group_code', 'g1'],
    ['paper_type', 3],
    ['paper_type', '3'],
    ['elective_status', 2],
    ['th_pr_status', 'XX'],
    ['group_status', 'YES'],
    ['paper_score_status', 'maybe'],
  ])('paperinfosem refuses %s %j with 422 on that field', async (field, value) => {
    const body = {
      ...paperInfo({ session_id: '2024-25', course_comb_id: 'BA01', sem_id: '1', paper_id: 'HIS102' }),
      [field]: value,
    };
    expect422On(
      await ctx.api
        .post('/api/paperinfosem')
        .set(await ctx.as('admin'))
        .send(body),
      [field],
    );
  });

  it('paperinfosem refuses an enumeration on edit too, leaving the row as it was', async () => {
    const path = paperLinkPath('2024-25', 'BA01', '1', 'HIN101');
    const before = (await get(path)).body.paperinfosem;
    expect422On(await put(path, { paper_type: 3 }), ['paper_type']);
    expect422On(await put(path, { group_code: 'G11', th_pr_status: 'XX' }), ['group_code', 'th_pr_status']);
    expect((await get(path)).body.paperinfosem).toEqual(before);
  });

  it.each([['2'], [2], ['-1'], ['yes'], [true]])(
    'exam refuses active_status %j with 422 on active_status',
    async (value) => {
      const exam_id = uniqueKey('E');
      expect422On(
        await ctx.api
          .post('/api/exam')
          .set(await ctx.as('admin'))
          .send({ exam_id, active_status: value, session_id: '2024-25' }),
        ['active_status'],
      );
      expect((await get(`exam/${exam_id}`)).status).toBe(404);
    },
  );
});

describe('marks: a numeric minimum may not exceed its numeric maximum', () => {
  const newLink = async () => {
    const w = await world();
    await create('ccinfosem', {
      session_id: w.session_id,
      course_comb_id: w.course_comb_id,
      sem_id: w.sem_id,
    });
    return w;
  };

  it('refuses min_marks above max_marks on create, as strings or numbers', async () => {
    const w = await newLink();
    expect422On(
      await ctx.api
        .post('/api/paperinfosem')
        .set(await ctx.as('admin'))
        .send({ ...paperInfo(w), max_marks: '50', min_marks: '60' }),
      ['min_marks'],
    );
    expect422On(
      await ctx.api
        .post('/api/paperinfosem')
        .set(await ctx.as('admin'))
        .send({ ...paperInfo(w), max_marks: 50, min_marks: 60 }),
      ['min_marks'],
    );
    expect422On(
      await ctx.api
        .post('/api/paperinfosem')
        .set(await ctx.as('admin'))
        .send({ ...paperInfo(w), ext_max_marks: '40', ext_min_marks: '41' }),
      ['ext_min_marks'],
    );
    expect((await get(paperLinkPath(w.session_id, w.course_comb_id, w.sem_id, w.paper_id))).status).toBe(404);
  });

  it('compares numbers, not text ("9" is below "10"); equal or free-text marks pass', async () => {
    const w = await newLink();
    const { paperinfosem } = await create('paperinfosem', {
      ...paperInfo(w),
      max_marks: '10',
      min_marks: '9',
    });
    expect(paperinfosem).toMatchObject({ max_marks: '10', min_marks: '9' });
    const path = paperLinkPath(w.session_id, w.course_comb_id, w.sem_id, w.paper_id);
    expect((await put(path, { min_marks: '10' })).status).toBe(200);
    expect((await put(path, { max_marks: 'Grade', min_marks: '40' })).status).toBe(200);
  });

  it('refuses an edit that only lowers max_marks below the stored min_marks, and keeps the row', async () => {
    const w = await newLink();
    const { paperinfosem } = await create('paperinfosem', {
      ...paperInfo(w),
      max_marks: '100',
      min_marks: '36',
    });
    const path = paperLinkPath(w.session_id, w.course_comb_id, w.sem_id, w.paper_id);
    expect422On(await put(path, { max_marks: '30' }), ['min_marks']);
    expect422On(await put(path, { max_marks: 30 }), ['min_marks']);
    expect((await get(path)).body.paperinfosem).toEqual(paperinfosem);
    const ok = await put(path, { max_marks: '40' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.paperinfosem).toMatchObject({ max_marks: '40', min_marks: '36' });
  });
});
