import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@exam/contracts';
import { apiModules } from '../src/modules.ts';
import { startJobRunner, stopSender, type JobRunner } from '../src/platform/jobs/index.ts';
import { useTestApp } from './support/context.ts';

/**
 * Students and enrolment (lifecycle S1) through HTTP on the demo database (which holds the demo students):
 * scope, the enrolment rules, validation naming every field, deletes refused while in use, imports, photos.
 */
process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'students-data-'));
const ctx = useTestApp();
let runner: JobRunner;

beforeAll(async () => {
  runner = await startJobRunner(ctx.db, { jobs: apiModules.flatMap((m) => m.jobs ?? []), pollMs: 200 });
});
afterAll(async () => {
  await runner?.stop();
  await stopSender(ctx.db);
});

const newStudent = (student_id: string, extra: Record<string, unknown> = {}) => ({
  student_id,
  name_en: 'Test Student',
  name_hi: 'परीक्षा छात्र',
  dob: '2006-04-12',
  gender: 'F',
  category: 'OBC',
  college_id: 'C101',
  admission_session_id: '2024-25',
  ...extra,
});

async function office() {
  return ctx.as('office');
}

describe('scope', () => {
  it(
    'office sees every college; a C101 faculty user sees only C101 and gets 404 for a C102 student; the ' +
      'student only itself',
    async () => {
      const all = await ctx.api
        .get('/api/student')
        .query({ limit: 1000 })
        .set(await office());
      expect(all.status).toBe(200);
      expect(all.body.total).toBeGreaterThanOrEqual(300);
      expect(new Set(all.body.student.map((s: { college_id: string }) => s.college_id))).toEqual(
        new Set(['C101', 'C102', 'C103', 'C104']),
      );

      const faculty = { Authorization: `Bearer ${await ctx.login('faculty.college@university.test')}` };
      const own = await ctx.api.get('/api/student').query({ limit: 1000 }).set(faculty);
      expect(own.body.total).toBeGreaterThan(0);
      expect(own.body.student.every((s: { college_id: string }) => s.college_id === 'C101')).toBe(true);
      expect((await ctx.api.get('/api/student/2024C101002').set(faculty)).status).toBe(200);
      const other = await ctx.api.get('/api/student/2024C102002').set(faculty);
      expect(other.status).toBe(404);
      expect(other.body.code).toBe('NOT_FOUND');
      // Through the enrolments and papers too, and a filter cannot reach past the scope.
      expect(
        (await ctx.api.get('/api/studentccinfo').query({ college_id: 'C102' }).set(faculty)).body.total,
      ).toBe(0);
      expect(
        (await ctx.api.get('/api/studentpaper').query({ student_id: '2024C102002' }).set(faculty)).body.total,
      ).toBe(0);
      // Faculty reads only.
      expect((await ctx.api.post('/api/student').set(faculty).send(newStudent('F1'))).status).toBe(403);

      const student = await ctx.as('student');
      const mine = await ctx.api.get('/api/student').set(student);
      expect(mine.body).toMatchObject({ total: 1, student: [{ student_id: '2024C101001' }] });
      const enrolments = await ctx.api.get('/api/studentccinfo').set(student);
      expect(enrolments.body.total).toBe(2);
      expect(
        enrolments.body.studentccinfo.every((e: { student_id: string }) => e.student_id === '2024C101001'),
      ).toBe(true);
      const papers = await ctx.api.get('/api/studentpaper').set(student);
      expect(papers.body.total).toBeGreaterThan(0);
      expect((await ctx.api.get('/api/student/2024C101002').set(student)).status).toBe(404);
      expect(
        (await ctx.api.put('/api/student/2024C101001').set(student).send({ mobile: '9876543210' })).status,
      ).toBe(403);
    },
  );
});

describe('validation', () => {
  it('a bad student answers 422 naming every field and stores nothing', async () => {
    const bad = await ctx.api
      .post('/api/student')
      .set(await office())
      .send({
        student_id: 'V1',
        name_en: '',
        dob: '2006-02-30',
        gender: 'X',
        category: 'NONE',
        abc_id: '1234',
        mobile: '12345',
        email: 'not-mail',
        college_id: 'C101',
        admission_session_id: '2024-25',
        name_hi: 'Latin only',
      });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(bad.body.errors).sort()).toEqual(
      ['abc_id', 'category', 'dob', 'email', 'gender', 'mobile', 'name_en', 'name_hi'].sort(),
    );
    expect(bad.body.errors.abc_id[0]).toMatch(/12 digits/);
    expect((await ctx.api.get('/api/student/V1').set(await office())).status).toBe(404);
  });

  it('the ABC/APAAR id is unique when present; missing parents are named', async () => {
    const o = await office();
    expect(
      (
        await ctx.api
          .post('/api/student')
          .set(o)
          .send(newStudent('U1', { abc_id: '555566667777' }))
      ).status,
    ).toBe(201);
    expect((await ctx.api.post('/api/student').set(o).send(newStudent('U2'))).status).toBe(201);
    const twice = await ctx.api
      .post('/api/student')
      .set(o)
      .send(newStudent('U3', { abc_id: '555566667777' }));
    expect(twice.status).toBe(422);
    expect(twice.body.errors.abc_id[0]).toContain('U1');
    const edit = await ctx.api.put('/api/student/U2').set(o).send({ abc_id: '555566667777' });
    expect(edit.status).toBe(422);
    const parents = await ctx.api
      .post('/api/student')
      .set(o)
      .send(newStudent('U4', { college_id: 'C999', admission_session_id: '1999-00' }));
    expect(parents.status).toBe(422);
    expect(Object.keys(parents.body.errors).sort()).toEqual(['admission_session_id', 'college_id']);
  });
});

describe('enrolment rules', () => {
  const enrol = (body: Record<string, unknown>) =>
    office().then((o) => ctx.api.post('/api/studentccinfo').set(o).send(body));

  it('needs its course-semester, adds compulsory papers, takes one choice per elective group', async () => {
    const o = await office();
    await ctx.api.post('/api/student').set(o).send(newStudent('E1'));
    const none = await enrol({
      student_id: 'E1',
      session_id: '2024-25',
      course_comb_id: 'MA01',
      sem_id: '2',
      college_id: 'C101',
    });
    expect(none.status).toBe(422);
    expect(none.body.errors.sem_id[0]).toMatch(/no course-semester link/i);

    const sem1 = await enrol({
      student_id: 'E1',
      session_id: '2024-25',
      course_comb_id: 'BA01',
      sem_id: '1',
      college_id: 'C101',
    });
    expect(sem1.status, sem1.text).toBe(201);
    expect(sem1.body.studentccinfo).toMatchObject({ ruleset_id: 'NEP', ruleset_version: 1 });
    const papers = await ctx.api.get('/api/studentpaper').query({ student_id: 'E1', sem_id: '1' }).set(o);
    expect(papers.body.studentpaper.map((p: { paper_id: string }) => p.paper_id).sort()).toEqual([
      'ENG101',
      'ENV101',
      'HIN101',
      'HIS101',
    ]);
    expect(
      papers.body.studentpaper.every((p: { choice_source: string }) => p.choice_source === 'COMPULSORY'),
    ).toBe(true);

    // Another course in the same session and semester: one enrolment per semester.
    const again = await enrol({
      student_id: 'E1',
      session_id: '2024-25',
      course_comb_id: 'BA02',
      sem_id: '1',
      college_id: 'C101',
    });
    expect(again.status).toBe(422);
    expect(again.body.errors.sem_id[0]).toMatch(/already enrolled in semester 1/);

    const base = {
      student_id: 'E1',
      session_id: '2024-25',
      course_comb_id: 'BA01',
      sem_id: '2',
      college_id: 'C101',
    };
    for (const electives of [undefined, 'ENG102 HIS102']) {
      const wrong = await enrol({ ...base, electives });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors.electives.join(' ')).toMatch(
        /Group G1 needs exactly 1 paper chosen from ENG102, HIS102; [02] chosen/,
      );
    }
    expect(
      (await ctx.api.get('/api/studentccinfo').query({ student_id: 'E1', sem_id: '2' }).set(o)).body.total,
    ).toBe(0);
    const ok = await enrol({ ...base, electives: 'HIS102' });
    expect(ok.status, ok.text).toBe(201);
    const sem2 = await ctx.api.get('/api/studentpaper').query({ student_id: 'E1', sem_id: '2' }).set(o);
    expect(
      sem2.body.studentpaper
        .map((p: { paper_id: string; choice_source: string }) => `${p.paper_id}:${p.choice_source}`)
        .sort(),
    ).toEqual(['HIN102:COMPULSORY', 'HIS102:ELECTIVE']);

    // A second choice in G1 is refused; the choice changes with the electives call; the last choice cannot
    // just be deleted.
    const extra = await ctx.api
      .post('/api/studentpaper')
      .set(o)
      .send({ ...base, paper_id: 'ENG102' });
    expect(extra.status).toBe(422);
    expect(extra.body.errors.paper_id[0]).toMatch(/Group G1 needs exactly 1/);
    expect((await ctx.api.delete('/api/studentpaper/E1/2024-25/BA01/2/HIS102').set(o)).status).toBe(422);
    const change = await ctx.api
      .put('/api/studentccinfo/E1/2024-25/BA01/2/electives')
      .set(o)
      .send({ electives: 'ENG102' });
    expect(change.status, change.text).toBe(200);
    expect(change.body.electives).toEqual(['ENG102']);
    const zero = await ctx.api
      .put('/api/studentccinfo/E1/2024-25/BA01/2/electives')
      .set(o)
      .send({ electives: '' });
    expect(zero.status).toBe(422);
    expect(zero.body.errors.electives[0]).toMatch(/Group G1/);

    // Once an exam form of the semester is submitted (the exam forms module sets the lock), choices close
    // with 409.
    await ctx.db.prisma.studentCcinfo.update({
      where: { key: { student_id: 'E1', session_id: '2024-25', course_comb_id: 'BA01', sem_id: '2' } },
      data: { papers_locked_at: new Date('2024-11-20T10:00:00Z') },
    });
    const locked = await ctx.api
      .put('/api/studentccinfo/E1/2024-25/BA01/2/electives')
      .set(o)
      .send({ electives: 'HIS102' });
    expect(locked.status).toBe(409);
    expect(locked.body).toMatchObject({ code: 'LOCKED' });
    expect(locked.body.message).toMatch(/exam form/);
    expect((await ctx.api.delete('/api/studentccinfo/E1/2024-25/BA01/2').set(o)).status).toBe(409);
  });

  it('freezes the batch rule set: a 2023-24 student stays OLD after new batches move to NEP', async () => {
    const o = await office();
    await ctx.api
      .post('/api/student')
      .set(o)
      .send(newStudent('R1', { admission_session_id: '2023-24' }));
    const first = await enrol({
      student_id: 'R1',
      session_id: '2023-24',
      course_comb_id: 'BA01',
      sem_id: '1',
      college_id: 'C101',
    });
    expect(first.body.studentccinfo).toMatchObject({ ruleset_id: 'OLD-A', ruleset_version: 1 });
    // The same student enrolling in 2024-25 (the NEP year) still follows its batch.
    const later = await enrol({
      student_id: 'R1',
      session_id: '2024-25',
      course_comb_id: 'BA01',
      sem_id: '2',
      college_id: 'C101',
      electives: 'ENG102',
    });
    expect(later.status, later.text).toBe(201);
    expect(later.body.studentccinfo).toMatchObject({ ruleset_id: 'OLD-A', ruleset_version: 1 });
    // Retiring the rule set later does not move the enrolments already made.
    await ctx.db.prisma.ruleset.update({
      where: { key: { ruleset_id: 'OLD-A', version: 1 } },
      data: { status: 'RETIRED' },
    });
    expect(
      (await ctx.api.get('/api/studentccinfo/R1/2023-24/BA01/1').set(o)).body.studentccinfo.ruleset_id,
    ).toBe('OLD-A');
    const refused = await enrol({
      student_id: 'R1',
      session_id: '2023-24',
      course_comb_id: 'BSC01',
      sem_id: '1',
      college_id: 'C101',
    });
    expect(refused.status).toBe(422);
    await ctx.db.prisma.ruleset.update({
      where: { key: { ruleset_id: 'OLD-A', version: 1 } },
      data: { status: 'ACTIVE' },
    });
  });
});

describe('deletes in use', () => {
  it('answers 409 IN_USE naming what is in the way', async () => {
    const o = await office();
    const student = await ctx.api.delete('/api/student/2024C102003').set(o);
    expect(student.status).toBe(409);
    expect(student.body).toMatchObject({ code: 'IN_USE' });
    expect(student.body.message).toMatch(/2 enrolments/);
    const paperinfosem = await ctx.api.delete('/api/paperinfosem/2024-25/BA01/1/HIN101').set(o);
    expect(paperinfosem.status).toBe(409);
    expect(paperinfosem.body.message).toMatch(/student papers/);
    const ccinfo = await ctx.api.delete('/api/ccinfosem/2024-25/BA01/1').set(o);
    expect(ccinfo.status).toBe(409);
    expect(ccinfo.body.message).toMatch(/enrolments?/);
    // A student with nothing attached goes.
    await ctx.api.post('/api/student').set(o).send(newStudent('D1'));
    expect((await ctx.api.delete('/api/student/D1').set(o)).status).toBe(200);
  });
});

/** A CSV file of students: header, then rows. */
const csv = (rows: string[][]) =>
  Buffer.from(
    [
      'student_id,name_en,name_hi,dob,gender,category,abc_id,college_id,admission_session_id',
      ...rows.map((r) => r.join(',')),
    ].join('\n'),
  );
const studentRow = (i: number) => [
  `IMP${String(i).padStart(5, '0')}`,
  `Import Student ${i}`,
  'आयात छात्र',
  '2006-05-01',
  'M',
  'GEN',
  String(700000000000 + i),
  'C103',
  '2024-25',
];

/** Imports students from `rows` as a CSV file; answers the job it started (202), followed to its end. */
async function importAsJob(headers: Record<string, string>, rows: string[][]): Promise<Job> {
  const started = await ctx.api
    .post('/api/import/student')
    .set(headers)
    .attach('file', csv(rows), 'students.csv');
  expect(started.status, started.text).toBe(202);
  return follow(headers, started.body.job.job_id);
}

async function follow(headers: Record<string, string>, id: string): Promise<Job> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const job = (await ctx.api.get(`/api/job/${id}`).set(headers)).body.job as Job;
    if (['succeeded', 'failed', 'cancelled'].includes(job.status)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} did not finish`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('import', () => {
  it('has a template; a dry run stores nothing; a bad row stores nothing and is named', async () => {
    const o = await office();
    const template = await ctx.api.get('/api/import-template/student').query({ format: 'csv' }).set(o);
    expect(template.status).toBe(200);
    expect(template.text).toContain('12 digits (ABC/APAAR id), unique.');
    const dry = await ctx.api
      .post('/api/import/student')
      .query({ dry_run: 1 })
      .set(o)
      .attach('file', csv([studentRow(1), studentRow(2)]), 'students.csv');
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body).toMatchObject({ dry_run: true, imported: 0, counts: { created: 2, error: 0 } });
    expect((await ctx.api.get('/api/student/IMP00001').set(o)).status).toBe(404);
    const bad = studentRow(3);
    bad[3] = '2006-13-01';
    const failed = await ctx.api
      .post('/api/import/student')
      .set(o)
      .attach('file', csv([studentRow(1), bad, studentRow(2)]), 'students.csv');
    expect(failed.status).toBe(422);
    expect(failed.body.rows.filter((r: { status: string }) => r.status === 'error')).toMatchObject([
      { row: 3, errors: { dob: [expect.stringMatching(/real date/)] } },
    ]);
    expect((await ctx.api.get('/api/student/IMP00001').set(o)).status).toBe(404);
  });

  it('10,000 rows with one bad row store nothing and name that row', async () => {
    const o = await office();
    const rows = Array.from({ length: 10_000 }, (_, i) => studentRow(100 + i));
    rows[7_321]![6] = '12345'; // an ABC id of five digits: data row 7,322 is file line 7,323
    const job = await importAsJob(o, rows);
    const report = job.result as {
      imported: number;
      counts: { error: number };
      rows: Array<{ row: number; status: string; errors?: Record<string, string[]> }>;
    };
    expect(report.imported).toBe(0);
    expect(report.counts.error).toBe(1);
    const failed = report.rows.filter((r) => r.status === 'error');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.errors!.abc_id![0]).toMatch(/12 digits/);
    expect(failed[0]!.row).toBe(7_323);
    expect((await ctx.api.get('/api/student').query({ q: 'IMP0' }).set(o)).body.total).toBe(0);
  }, 180_000);

  it('names an ABC id given again 2,000 rows later (another chunk), and stores nothing', async () => {
    const o = await office();
    const rows = Array.from({ length: 2_500 }, (_, i) => studentRow(20_000 + i));
    rows[2_200]![6] = rows[4]![6]!;
    const before = await ctx.db.prisma.auditEntry.count({ where: { entity: 'student' } });
    const report = (await importAsJob(o, rows)).result as {
      imported: number;
      rows: Array<{ row: number; status: string; errors?: Record<string, string[]> }>;
    };
    expect(report.imported).toBe(0);
    expect(report.rows.filter((r) => r.status === 'error')).toEqual([
      expect.objectContaining({
        row: 2_202,
        errors: { abc_id: [`ABC/APAAR id ${rows[4]![6]} is already the id of student ${rows[4]![0]}.`] },
      }),
    ]);
    expect((await ctx.api.get('/api/student').query({ q: 'IMP2' }).set(o)).body.total).toBe(0);
    expect(await ctx.db.prisma.auditEntry.count({ where: { entity: 'student' } })).toBe(before);
  }, 180_000);

  it("an imported student's History tab answers who, when and what, and a later edit's", async () => {
    const o = await office();
    // More than 2,000 rows: a job, in two chunks, each checking and locking its college and session once.
    const rows = Array.from({ length: 2_100 }, (_, i) => studentRow(40_000 + i));
    const startedAt = Date.now();
    const job = await importAsJob(o, rows);
    expect(job.status).toBe('succeeded');
    expect((job.result as { counts: { created: number } }).counts.created).toBe(2_100);
    const id = rows[2_050]![0]!; // written by the second chunk
    const history = await ctx.api.get(`/api/history/student/${id}`).set(o);
    expect(history.status, history.text).toBe(200);
    expect(history.body.total).toBe(1);
    const [create] = history.body.history;
    expect(create).toMatchObject({
      action: 'create',
      user_email: 'office@university.test',
      before: null,
      request_id: `job:${job.job_id}`,
    });
    expect(Date.parse(create.at)).toBeGreaterThanOrEqual(startedAt - 1_000);
    expect(Date.parse(create.at)).toBeLessThanOrEqual(Date.now());
    // What was stored: the file's values and the table's defaults, as a form's creation records them.
    expect(create.after).toMatchObject({
      student_id: id,
      name_en: 'Import Student 42050',
      name_hi: 'आयात छात्र',
      abc_id: '700000042050',
      college_id: 'C103',
      admission_session_id: '2024-25',
      status: 'ENROLLED',
      email: null,
    });
    expect(create.after.created_at).toBe(
      (await ctx.api.get(`/api/student/${id}`).set(o)).body.student.created_at,
    );
    // An edit after the import is the newest entry; the import's stays below it.
    const stored = (await ctx.api.get(`/api/student/${id}`).set(o)).body.student;
    const edit = await ctx.api
      .put(`/api/student/${id}`)
      .set(o)
      .send({ mobile: '9876543210', updated_at: stored.updated_at });
    expect(edit.status, edit.text).toBe(200);
    const after = (await ctx.api.get(`/api/history/student/${id}`).set(o)).body;
    expect(after.total).toBe(2);
    expect(after.history.map((e: { action: string }) => e.action)).toEqual(['update', 'create']);
    expect(after.history[0]).toMatchObject({ before: { mobile: null }, after: { mobile: '9876543210' } });
    // The parents were checked for the whole file: a student of a college that does not exist is still
    // refused afterwards, by the import and by the form.
    const bad = studentRow(49_999);
    bad[7] = 'C999';
    const refused = await ctx.api
      .post('/api/import/student')
      .set(o)
      .attach('file', csv([bad]), 's.csv');
    expect(refused.status).toBe(422);
    expect(refused.body.rows[0].errors.college_id[0]).toMatch(/C999/);
    const form = await ctx.api
      .post('/api/student')
      .set(o)
      .send(newStudent('NOCOLLEGE', { college_id: 'C999' }));
    expect(form.status).toBe(422);
  }, 180_000);

  it('paper choices import by the same rules: exactly one per group, or nothing is stored', async () => {
    const o = await office();
    await ctx.api.post('/api/student').set(o).send(newStudent('P1'));
    await ctx.api.post('/api/student').set(o).send(newStudent('P2'));
    // Enrolments imported without choices (their compulsory papers come with them); the choices follow by
    // file.
    const enrolments = Buffer.from(
      'student_id,session_id,course_comb_id,sem_id,college_id\n' +
        'P1,2024-25,BA01,2,C101\nP2,2024-25,BA01,2,C101\n',
    );
    const imported = await ctx.api
      .post('/api/import/studentccinfo')
      .set(o)
      .attach('file', enrolments, 'e.csv');
    expect(imported.status, imported.text).toBe(422);
    expect(imported.body.rows[0].errors.electives[0]).toMatch(/Group G1/);
    const withChoices = Buffer.from(
      'student_id,session_id,course_comb_id,sem_id,college_id,electives\n' +
        'P1,2024-25,BA01,2,C101,ENG102\nP2,2024-25,BA01,2,C101,HIS102\n',
    );
    expect(
      (await ctx.api.post('/api/import/studentccinfo').set(o).attach('file', withChoices, 'e.csv')).status,
    ).toBe(200);
    const papers = await ctx.api.get('/api/studentpaper').query({ student_id: 'P2', sem_id: '2' }).set(o);
    expect(papers.body.studentpaper.map((p: { paper_id: string }) => p.paper_id).sort()).toEqual([
      'HIN102',
      'HIS102',
    ]);
    // A second choice in G1 by file is refused, naming the row; nothing stored.
    const choice = Buffer.from(
      'student_id,session_id,course_comb_id,sem_id,paper_id\nP1,2024-25,BA01,2,HIS102\n',
    );
    const refused = await ctx.api.post('/api/import/studentpaper').set(o).attach('file', choice, 'p.csv');
    expect(refused.status).toBe(422);
    expect(refused.body.rows[0]).toMatchObject({ row: 2, status: 'error' });
    expect(refused.body.rows[0].errors.paper_id[0]).toMatch(/Group G1 needs exactly 1/);
    const export_ = await ctx.api.get('/api/studentpaper').query({ format: 'csv', student_id: 'P1' }).set(o);
    expect(export_.status).toBe(200);
    expect(export_.text).toContain('ENG102');
    expect(export_.text).not.toContain('HIS102');
  });
});

/**
 * A PNG of the given size: signature, IHDR and IDAT of blank rows, IEND (CRCs are not checked by the reader).
 */
function png(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  const raw = Buffer.alloc((width + 1) * height, 0xff);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('photos and signatures', () => {
  it('stores a JPEG/PNG within the limits under its SHA-256, refuses others, serves in scope', async () => {
    const o = await office();
    const ok = await ctx.api
      .post('/api/student/2024C101001/photo')
      .set(o)
      .attach('file', png(300, 400), 'photo.png');
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ kind: 'photo', content_type: 'image/png', width: 300, height: 400 });
    expect(ok.body.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await ctx.api.get('/api/student/2024C101001').set(o)).body.student.photo_sha256).toBe(
      ok.body.sha256,
    );
    const small = await ctx.api
      .post('/api/student/2024C101001/photo')
      .set(o)
      .attach('file', png(50, 50), 'tiny.png');
    expect(small.status).toBe(422);
    expect(small.body.errors.file[0]).toMatch(/50×50/);
    const text = await ctx.api
      .post('/api/student/2024C101001/signature')
      .set(o)
      .attach('file', Buffer.from('not a picture'), 's.png');
    expect(text.status).toBe(415);
    const large = await ctx.api
      .post('/api/student/2024C101001/photo')
      .set(o)
      .attach('file', Buffer.alloc(300 * 1024, 1), 'big.jpg');
    expect(large.status).toBe(413);
    // The student sees its own photo; a C101 faculty user cannot see a C102 student's.
    const mine = await ctx.api.get('/api/student/2024C101001/photo').set(await ctx.as('student'));
    expect(mine.status).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    const faculty = { Authorization: `Bearer ${await ctx.login('faculty.college@university.test')}` };
    expect((await ctx.api.get('/api/student/2024C102001/photo').set(faculty)).status).toBe(404);
    expect(
      (
        await ctx.api
          .post('/api/student/2024C101001/photo')
          .set(await ctx.as('student'))
          .attach('file', png(300, 400), 'p.png')
      ).status,
    ).toBe(403);
    // An impossible enrolment number (PostgreSQL text cannot hold NUL) is a missing student, not a server
    // error.
    const impossible = await ctx.api.get('/api/student/a%00b/photo').set(o);
    expect(impossible.status).toBe(404);
    expect(impossible.body.code).toBe('NOT_FOUND');
  });
});
