import { describe, expect, it } from 'vitest';
import { oldVariantA, rulesetPresets, rulesetRules } from '@exam/contracts';
import { useTestApp } from './support/context.ts';
import { factories, uniqueKey } from './support/factories.ts';

/**
 * The master data the lifecycle added (lifecycle-api.md "New and changed master data"): colleges,
 * departments, rule sets, and the new fields of papers, courses, exams, paper-semester links and users.
 * crud.test.ts runs the generic suite over every resource; this file checks what is particular to each.
 */
const ctx = useTestApp();

type Body = Record<string, unknown>;
const as = (role: Parameters<typeof ctx.as>[0] = 'office') => ctx.as(role);
const get = async (path: string, role: Parameters<typeof ctx.as>[0] = 'office') =>
  ctx.api.get(`/api/${path}`).set(await as(role));
const post = async (path: string, body: Body, role: Parameters<typeof ctx.as>[0] = 'office') =>
  ctx.api
    .post(`/api/${path}`)
    .set(await as(role))
    .send(body);
const put = async (path: string, body: Body) =>
  ctx.api
    .put(`/api/${path}`)
    .set(await as())
    .send(body);
const del = async (path: string) => ctx.api.delete(`/api/${path}`).set(await as());

async function created(path: string, body: Body) {
  const res = await post(path, body);
  expect(res.status, res.text).toBe(201);
  return res.body as Record<string, Record<string, unknown>>;
}

describe('colleges', () => {
  it('are seeded, C101 (the demo college faculty user’s) and C102 among them, with Hindi names', async () => {
    const list = await get('college');
    expect(list.status).toBe(200);
    const byId = new Map((list.body.college as Body[]).map((c) => [c.college_id, c]));
    expect(byId.get('C101')).toMatchObject({
      college_name_hi: 'राजकीय महाविद्यालय, अजमेर',
      college_type: 'GOVT',
      is_centre: 1,
      status: 'ACTIVE',
    });
    expect(byId.get('C102')).toMatchObject({
      college_name_hi: expect.stringMatching(/[\u0900-\u097F]/),
      status: 'ACTIVE',
    });
  });

  it('start ACTIVE, and neither a create nor an edit moves the status (only the workflow does)', async () => {
    const body = { ...(await factories.college.build(ctx.db)), status: 'SUSPENDED' };
    const college = (await created('college', body)).college!;
    expect(college.status).toBe('ACTIVE');
    const edited = await put(`college/${college.college_id}`, {
      status: 'SUSPENDED',
      district: 'Ajmer',
      updated_at: college.updated_at,
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.college).toMatchObject({ status: 'ACTIVE', district: 'Ajmer' });
  });

  it('refuse a Hindi name not written in Devanagari and an unknown type, naming each field', async () => {
    const res = await post('college', {
      ...(await factories.college.build(ctx.db)),
      college_name_hi: 'Rajkiya Mahavidyalaya',
      college_type: 'STATE',
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['college_name_hi', 'college_type']);
    expect(res.body.errors.college_name_hi[0]).toMatch(/Devanagari/);
    expect(res.body.errors.college_type[0]).toMatch(/GOVT/);
  });
});

describe('departments and the papers that belong to them', () => {
  it('link demo papers: HIN101 is HIN’s; a paper answers its department’s name and Hindi name', async () => {
    const res = await get('paper/HIN101');
    expect(res.body.paper).toMatchObject({
      dept_id: 'HIN',
      dept_name: 'Department of Hindi',
      paper_name_hi: 'हिन्दी काव्य (पद्य) I',
    });
    // A paper no department owns answers null, and no department name.
    const env = await get('paper/ENV101');
    expect(env.body.paper.dept_id).toBeNull();
    expect(env.body.paper).not.toHaveProperty('dept_name');
  });

  it('a legacy paper create (no new fields) works as before and answers the new fields empty', async () => {
    const paper = (await created('paper', { paper_id: uniqueKey('P'), paper_name: 'Legacy paper' })).paper!;
    expect(paper).toMatchObject({ paper_name: 'Legacy paper', dept_id: null, paper_name_hi: null });
  });

  it('a paper naming a department that does not exist is refused on dept_id', async () => {
    const res = await post('paper', { ...(await factories.paper.build(ctx.db)), dept_id: 'NODEPT' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ dept_id: ['Department NODEPT does not exist.'] });
  });

  it('keeps a department a paper uses (409 IN_USE naming it); once the paper moves, deletes it', async () => {
    const dept = (await created('department', await factories.department.build(ctx.db))).department!;
    const paper = (
      await created('paper', { ...(await factories.paper.build(ctx.db)), dept_id: dept.dept_id })
    ).paper!;
    expect(paper.dept_name).toBe(dept.dept_name);

    const refused = await del(`department/${dept.dept_id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('IN_USE');
    expect(refused.body.message).toContain(`Department ${String(dept.dept_id)}`);
    expect(refused.body.message).toMatch(/\b1 paper\b/);
    expect((await get(`department/${dept.dept_id}`)).status).toBe(200);

    const moved = await put(`paper/${paper.paper_id}`, { dept_id: '' });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.paper.dept_id).toBeNull();
    expect((await del(`department/${dept.dept_id}`)).status).toBe(200);
  });
});

describe('courses', () => {
  it('a legacy create answers the new fields with defaults: 3 years, no level, no Hindi name', async () => {
    const course = (await created('course', await factories.course.build(ctx.db))).course!;
    expect(course).toMatchObject({ duration_years: 3, programme_level: null, course_comb_name_hi: null });
  });

  it('take a Hindi name, a duration and a level, and refuse impossible ones', async () => {
    const body = {
      ...(await factories.course.build(ctx.db)),
      course_comb_name_hi: 'एम.एससी. भौतिकी',
      duration_years: '2',
      programme_level: 'PG',
    };
    expect((await created('course', body)).course).toMatchObject({
      course_comb_name_hi: 'एम.एससी. भौतिकी',
      duration_years: 2,
      programme_level: 'PG',
    });
    const bad = await post('course', {
      ...(await factories.course.build(ctx.db)),
      duration_years: '0',
      programme_level: 'PHD',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['duration_years', 'programme_level']);
  });
});

describe('exams and their exam cycles', () => {
  it('the demo exams sit in their cycles, and answer the cycle’s label', async () => {
    const res = await get('exam/MAIN-DEC-2024');
    expect(res.body.exam).toMatchObject({
      rti: '2024-2',
      student_exam_cycle: 'December 2024 (Odd Semester)',
    });
  });

  it('an exam names an existing cycle or none; a cycle in use cannot be deleted', async () => {
    const cycle = (await created('examcycle', await factories.examcycle.build(ctx.db))).examcycle!;
    const missing = await post('exam', { ...(await factories.exam.build(ctx.db)), rti: 'NOCYCLE' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ rti: ['Exam cycle NOCYCLE does not exist.'] });

    const exam = (await created('exam', { ...(await factories.exam.build(ctx.db)), rti: cycle.rti })).exam!;
    expect(exam.student_exam_cycle).toBe(cycle.student_exam_cycle);
    const refused = await del(`examcycle/${cycle.rti}`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('IN_USE');
    expect(refused.body.message).toMatch(/\b1 exam\b/);

    expect((await put(`exam/${exam.exam_id}`, { rti: '' })).body.exam.rti).toBeNull();
    expect((await del(`examcycle/${cycle.rti}`)).status).toBe(200);
  });
});

describe('paper-semester links: course category and the marks-scheme check', () => {
  const key = async () => {
    const paper = (await created('paper', await factories.paper.build(ctx.db))).paper!;
    return { session_id: '2024-25', course_comb_id: 'BA01', sem_id: '1', paper_id: String(paper.paper_id) };
  };
  const pathOf = (k: Record<string, string>) =>
    `paperinfosem/${k.session_id}/${k.course_comb_id}/${k.sem_id}/${k.paper_id}`;
  const scheme = {
    group_status: 'N',
    group_code: 'NG',
    th_pr_status: 'TH',
    paper_score_status: 'Y',
    elective_status: '0',
    paper_type: '0',
    max_marks: '100',
    min_marks: '36',
    ext_max_marks: '75',
    ext_min_marks: '27',
    int_max_marks: '25',
    int_min_marks: '9',
    credit_point: '4',
  };

  it('take an NEP course category, or none, and refuse an unknown one', async () => {
    const k = await key();
    const row = (await created('paperinfosem', { ...k, ...scheme, course_category: 'MAJOR' })).paperinfosem!;
    expect(row.course_category).toBe('MAJOR');
    const cleared = await put(pathOf(k), { course_category: '' });
    expect(cleared.body.paperinfosem.course_category).toBeNull();
    const bad = await put(pathOf(k), { course_category: 'ELECTIVE' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['course_category']);
  });

  it('the check finds the demo theory, practical and internal-only schemes ready for marks', async () => {
    for (const paper of ['HIN101', 'ENV101']) {
      const res = await get(`paperinfosem/2024-25/BA01/1/${paper}/scheme-check`, 'faculty');
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ valid: true, errors: {} });
    }
    expect((await get('paperinfosem/2024-25/BSC01/1/PHY101P/scheme-check')).body).toEqual({
      valid: true,
      errors: {},
    });
  });

  it('legacy free-text marks are still accepted; the check says why they cannot take marks', async () => {
    const k = await key();
    const res = await post('paperinfosem', {
      ...k,
      ...scheme,
      max_marks: '100',
      ext_max_marks: '70',
      int_min_marks: 'nine',
      credit_point: '',
    });
    expect(res.status, res.text).toBe(201);
    const check = await get(`${pathOf(k)}/scheme-check`);
    expect(check.status).toBe(200);
    expect(check.body.valid).toBe(false);
    expect(check.body.errors).toEqual({
      max_marks: ['ext_max_marks + int_max_marks = 70 + 25 = 95, not max_marks (100).'],
      int_min_marks: ['"nine" is not a number (at most two decimals): marks cannot be entered against it.'],
      credit_point: ['Required: the credits of the paper (0 for a paper without credits).'],
    });
    // Fixed, it can.
    const fixed = await put(pathOf(k), { ext_max_marks: '75', int_min_marks: '9', credit_point: '4' });
    expect(fixed.status, fixed.text).toBe(200);
    expect((await get(`${pathOf(k)}/scheme-check`)).body).toEqual({ valid: true, errors: {} });
  });

  it('checks each paper type’s own components and minima within maxima', async () => {
    const external = await key();
    await created('paperinfosem', {
      ...external,
      ...scheme,
      paper_type: '1',
      max_marks: '50',
      min_marks: '18',
      ext_max_marks: '40',
      ext_min_marks: '18',
      int_max_marks: '10',
      int_min_marks: '',
    });
    expect((await get(`${pathOf(external)}/scheme-check`)).body.errors).toEqual({
      ext_max_marks: ['40 must equal max_marks (50) on an external-only paper.'],
      int_max_marks: ['Must be empty: this paper type has no internal marks.'],
    });
    const internal = await key();
    await created('paperinfosem', {
      ...internal,
      ...scheme,
      paper_type: '2',
      max_marks: '50',
      min_marks: '18',
      ext_max_marks: '',
      ext_min_marks: '',
      int_max_marks: '50',
      int_min_marks: '18',
      credit_point: '1.5',
    });
    expect((await get(`${pathOf(internal)}/scheme-check`)).body).toEqual({ valid: true, errors: {} });
    const minima = await key();
    // The create refuses a numeric minimum above its maximum; legacy data may hold one anyway.
    await created('paperinfosem', { ...minima, ...scheme });
    await ctx.db.prisma.paperInfoSem.update({
      where: { key: minima },
      data: { ext_min_marks: '80', min_marks: '101' },
    });
    expect((await get(`${pathOf(minima)}/scheme-check`)).body.errors).toEqual({
      min_marks: ['101 is above max_marks (100).'],
      ext_min_marks: ['80 is above ext_max_marks (75).'],
    });
  });

  it('answers 404 for a missing row, 403 to a role without master data, 401 without a token', async () => {
    const missing = await get('paperinfosem/2024-25/BA01/1/NOPAPER/scheme-check');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
    expect((await get('paperinfosem/2024-25/BA01/1/HIN101/scheme-check', 'student')).status).toBe(403);
    expect((await ctx.api.get('/api/paperinfosem/2024-25/BA01/1/HIN101/scheme-check')).status).toBe(401);
    expect(
      (await ctx.api.post('/api/paperinfosem/2024-25/BA01/1/HIN101/scheme-check').set(await as())).status,
    ).toBe(405);
  });
});

describe('rule sets', () => {
  it('ship the ready-made OLD A–D, CBCS and NEP rule sets, every number of section 4 as data', async () => {
    const res = await get('ruleset?limit=100', 'faculty');
    expect(res.status).toBe(200);
    const seeded = (res.body.ruleset as Body[]).filter((r) =>
      rulesetPresets.some((p) => p.ruleset_id === r.ruleset_id),
    );
    expect(seeded.map((r) => `${r.ruleset_id}/${r.version}/${r.scheme}`).sort()).toEqual([
      'CBCS/1/NEW',
      'NEP/1/NEP',
      'OLD-A/1/OLD',
      'OLD-B/1/OLD',
      'OLD-C/1/OLD',
      'OLD-D/1/OLD',
    ]);
    for (const row of seeded) {
      expect(rulesetRules.safeParse(row.rules).success).toBe(true);
      expect(row).toMatchObject({ status: 'ACTIVE', locked: false });
    }
    const a = (await get('ruleset/OLD-A/1')).body.ruleset;
    expect(a.rules.divisions.map((d: Body) => `${d.code}>=${d.min_percent}`)).toEqual([
      'III>=36',
      'II>=48',
      'I>=60',
    ]);
    expect(a.rules.distinction.aggregate_min_percent).toBe('75');
    const cbcs = (await get('ruleset/CBCS/1')).body.ruleset;
    expect(cbcs.rules.grading_bands.map((b: Body) => b.min_percent)).toEqual([
      '90',
      '80',
      '70',
      '60',
      '50',
      '45',
      '40',
    ]);
  });

  it('a new version takes the rules as JSON, from an admission session on', async () => {
    const res = await post('ruleset', {
      ruleset_id: 'OLD-A',
      version: 2,
      scheme: 'OLD',
      wef_session_id: '2024-25',
      title: 'Old scheme, 2024-25 batch',
      rules: oldVariantA.rules,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.ruleset).toMatchObject({
      ruleset_id: 'OLD-A',
      version: 2,
      status: 'DRAFT',
      locked: false,
      wef_session_id: '2024-25',
    });
    expect(res.body.ruleset.rules).toEqual(oldVariantA.rules);
    const list = await get('ruleset?q=old-a&sort=-version');
    expect(list.body.ruleset.map((r: Body) => r.version)).toEqual([2, 1]);
  });

  it('refuse rules that are no JSON, miss a number, or do not fit the scheme, naming rules', async () => {
    const base = await factories.ruleset.build(ctx.db);
    const notJson = await post('ruleset', { ...base, rules: '{"marks_step": ' });
    expect(notJson.status).toBe(422);
    expect(notJson.body.errors.rules[0]).toMatch(/^Not valid JSON/);
    const { reval: _reval, ...withoutReval } = oldVariantA.rules;
    const incomplete = await post('ruleset', { ...base, rules: withoutReval });
    expect(incomplete.status).toBe(422);
    expect(Object.keys(incomplete.body.errors)).toEqual(['rules.reval']);
    const mismatched = await post('ruleset', { ...base, scheme: 'NEP' });
    expect(mismatched.status).toBe(422);
    expect(mismatched.body.errors.rules[0]).toMatch(/grading bands/);
    const session = await post('ruleset', { ...base, wef_session_id: 'NOSESSION' });
    expect(session.body.errors).toEqual({ wef_session_id: ['Session NOSESSION does not exist.'] });
  });

  it('are changed by the exam office, read by faculty, never changed by faculty', async () => {
    const body = await factories.ruleset.build(ctx.db);
    expect((await post('ruleset', body, 'faculty')).status).toBe(403);
    expect((await post('ruleset', body, 'office')).status).toBe(201);
    expect((await get(`ruleset/${body.ruleset_id}/1`, 'faculty')).status).toBe(200);
  });

  it('a session a rule set applies from cannot be deleted under it', async () => {
    const session = (await created('session', await factories.session.build(ctx.db))).session!;
    await created('ruleset', {
      ...(await factories.ruleset.build(ctx.db)),
      wef_session_id: session.session_id,
    });
    const refused = await del(`session/${session.session_id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/\b1 rule set\b/);
  });

  it(
    'a locked version (a published result used it) answers 409 LOCKED to an edit and a delete, and stays ' +
      'as it was',
    async () => {
      const record = (await created('ruleset', await factories.ruleset.build(ctx.db))).ruleset!;
      const path = `ruleset/${record.ruleset_id}/1`;
      // What the results module does when it publishes a result computed with this version.
      await ctx.db.prisma.ruleset.update({
        where: { key: { ruleset_id: String(record.ruleset_id), version: 1 } },
        data: { locked: true },
      });
      const before = (await get(path)).body.ruleset;
      expect(before.locked).toBe(true);

      const edit = await put(path, { title: 'Changed after publication', updated_at: before.updated_at });
      expect(edit.status).toBe(409);
      expect(edit.body.code).toBe('LOCKED');
      expect(edit.body.message).toContain(`Rule set ${String(record.ruleset_id)} version 1 is locked`);
      const remove = await del(path);
      expect(remove.status).toBe(409);
      expect(remove.body.code).toBe('LOCKED');
      expect((await get(path)).body.ruleset).toEqual(before);

      // Past the API too: the database refuses to change or delete it.
      await expect(
        ctx.db.prisma.ruleset.update({
          where: { key: { ruleset_id: String(record.ruleset_id), version: 1 } },
          data: { title: 'x' },
        }),
      ).rejects.toThrow(/locked/);
      await expect(
        ctx.db.prisma.ruleset.delete({
          where: { key: { ruleset_id: String(record.ruleset_id), version: 1 } },
        }),
      ).rejects.toThrow(/locked/);
      // A new version is the way to change it.
      expect(
        (
          await post('ruleset', {
            ...(await factories.ruleset.build(ctx.db)),
            ruleset_id: record.ruleset_id,
            version: '2',
          })
        ).status,
      ).toBe(201);
    },
  );
});

describe('users', () => {
  it('a student user carries its student (users.student_id), read from the row on every call', async () => {
    await ctx.db.prisma.user.update({
      where: { email: 'student@university.test' },
      data: { student_id: 'ENR2024000123' },
    });
    const res = await ctx.api.get('/api/check-user').set(await as('student'));
    expect(res.status).toBe(200);
    expect(res.body.user_role.student_id).toBe('ENR2024000123');
    const office = await ctx.api.get('/api/check-user').set(await as('office'));
    expect(office.body.user_role.student_id).toBeNull();
  });
});
