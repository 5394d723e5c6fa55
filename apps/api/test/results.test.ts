import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@exam/db';
import { DEMO_PASSWORD } from '@exam/db/seed';
import { cbcsDefault, type StudentResult } from '@exam/contracts';
import { apiModules } from '../src/modules.ts';
import { startJobRunner, stopSender, type JobRunner } from '../src/platform/jobs/index.ts';
import { useTestApp } from './support/context.ts';
import { resultArranger, SESSION, type MarksKeying } from './support/results-arrange.ts';
import { followJob } from './support/jobs.ts';

/**
 * Result runs through HTTP (lifecycle S8/S9, §4.10): marks keyed through the marks API (entry batch, rows,
 * submit, verify by a second person, lock) → LOCKED marks of record → run (a job) → exceptions, diff,
 * register → verify (result) → approve (admin) → publish (result) → studentresult, versions, backlogs, back
 * papers, analysis and the merit list. The test vectors of §4.10 that fit one semester, and every bad input
 * of issue 15's run/publish part.
 */
const ctx = useTestApp();
let runner: JobRunner;
let calc: Record<string, string>;
let result: Record<string, string>;
let admin: Record<string, string>;
let keying: MarksKeying;
/**
 * Every vector's marks are keyed through the marks API (admin enters and submits, office verifies and locks).
 */
const arrange = () => resultArranger(ctx.db, keying);

beforeAll(async () => {
  runner = await startJobRunner(ctx.db, { jobs: apiModules.flatMap((m) => m.jobs ?? []), pollMs: 100 });
  calc = await ctx.as('calculate');
  result = await ctx.as('result');
  admin = await ctx.as('admin');
  keying = { api: ctx.api, enter: admin, verify: await ctx.as('office') };
  const a = arrange();
  const th = (paper_id: string, credit = '4') => ({ paper_id, kind: 'TH' as const, credit });
  const pr = (paper_id: string) => ({ paper_id, kind: 'PR' as const, credit: '2' });
  await a.course('RTOLD', {
    '1': [th('RTHIN101'), th('RTENG101'), th('RTHIS101'), { paper_id: 'RTENV101', kind: 'INT', credit: '2' }],
  });
  await a.course('RTNEW', {
    '1': [
      th('RTPHY101'),
      pr('RTPHY101P'),
      th('RTCHE101'),
      pr('RTCHE101P'),
      th('RTMAT101'),
      { paper_id: 'RTENV102', kind: 'INT', credit: '2' },
      { paper_id: 'RTBIG101', kind: 'BIG', credit: '4' },
    ],
    '2': [th('RTP201'), th('RTP202'), th('RTP203'), pr('RTP204P'), pr('RTP205P'), th('RTP206')],
  });
  await a.exam('RT-OLD', 'RTOLD', '1');
  await a.exam('RT-N1', 'RTNEW', '1');
  await a.exam('RT-N2', 'RTNEW', '2');
  await a.exam('RT-SUPP', 'RTNEW', '2');
  await a.exam('RT-STAT', 'RTNEW', '1');
  for (const s of ['RTS1', 'RTS2', 'RTS3'])
    await a.enrol(s, 'RTOLD', '1', 'OLD-A', s === 'RTS3' ? 'C102' : 'C101');
  for (const s of ['RTS4', 'RTS5', 'RTS8', 'RTA1', 'RTA2', 'RTA3']) await a.enrol(s, 'RTNEW', '1', 'CBCS');
  await a.enrol('RTS4', 'RTNEW', '2', 'CBCS');
  // T1, T2, T3 (OLD, variant A).
  await a.sit('RT-OLD', 'RTS1', 'RTOLD', '1', {
    RTHIN101: { int: '18', ext: '52' },
    RTENG101: { int: '15', ext: '40' },
    RTHIS101: { int: '20', ext: '58' },
    RTENV101: { int: '30' },
  });
  await a.sit('RT-OLD', 'RTS2', 'RTOLD', '1', {
    RTHIN101: { int: '12', ext: '25' },
    RTENG101: { int: '14', ext: '30' },
    RTHIS101: { int: '10', ext: '28' },
    RTENV101: { int: '25' },
  });
  await a.sit(
    'RT-OLD',
    'RTS3',
    'RTOLD',
    '1',
    {
      RTHIN101: { int: '15', ext: '45' },
      RTENG101: { int: '15', ext: '44' },
      RTHIS101: { int: '15', ext: '45' },
      RTENV101: { int: '30' },
    },
    { college: 'C102' },
  );
  // T4 (SGPA 8.56), T5 (component failure beats the band), T8 (band edges).
  await a.sit('RT-N1', 'RTS4', 'RTNEW', '1', {
    RTPHY101: { int: '20', ext: '62' },
    RTPHY101P: { ext: '41' },
    RTCHE101: { int: '18', ext: '49' },
    RTCHE101P: { ext: '35' },
    RTMAT101: { int: '22', ext: '71' },
    RTENV102: { int: '38' },
  });
  await a.sit('RT-N1', 'RTS5', 'RTNEW', '1', { RTPHY101: { int: '25', ext: '20' } });
  await a.sit('RT-N1', 'RTS8', 'RTNEW', '1', {
    RTBIG101: { int: '40', ext: '139' },
    RTMAT101: { int: '13', ext: '27' },
  });
  // T6: semester II grades B, F, A, O, B+, A+.
  await a.sit('RT-N2', 'RTS4', 'RTNEW', '2', {
    RTP201: { int: '15', ext: '40' },
    RTP202: { int: '15', ext: '20' },
    RTP203: { int: '20', ext: '52' },
    RTP204P: { ext: '46' },
    RTP205P: { ext: '32' },
    RTP206: { int: '22', ext: '62' },
  });
  const batches = await a.keyMarks();
  const locked = await ctx.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM entry_batch WHERE batch_id = ANY($1::text[]) AND status = 'LOCKED'
        AND submitted_by = 'admin@university.test'`,
    [batches],
  );
  expect(locked[0]!.n).toBe(batches.length);
});
afterAll(async () => {
  await runner?.stop();
  await stopSender(ctx.db);
});

const follow = (id: string) => followJob(ctx.api, calc, id, 50);

const scope = (exam_id: string, course_comb_id: string, sem_id: string) => ({
  exam_id,
  session_id: SESSION,
  course_comb_id,
  sem_id,
});

async function run(body: Record<string, unknown>) {
  const started = await ctx.api.post('/api/resultrun').set(calc).send(body);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  expect(started.body.resultrun.status).toBe('COMPUTING');
  const job = await follow(started.body.job.job_id);
  expect(job.status, JSON.stringify(job)).toBe('succeeded');
  const record = await ctx.api.get(`/api/resultrun/${started.body.resultrun.run_id}`).set(calc);
  expect(record.body.resultrun.status).toBe('COMPUTED');
  return record.body.resultrun as Record<string, unknown> & { run_id: string };
}

async function publish(runId: string, notification_no = 'RES/2025/01') {
  expect((await ctx.api.post(`/api/resultrun/${runId}/verify`).set(result).send({})).status).toBe(200);
  expect((await ctx.api.post(`/api/resultrun/${runId}/approve`).set(admin).send({})).status).toBe(200);
  const published = await ctx.api
    .post(`/api/resultrun/${runId}/publish`)
    .set(result)
    .send({ notification_no, notification_date: '2025-01-15' });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  expect(published.body.resultrun).toMatchObject({
    status: 'PUBLISHED',
    notification_no,
    notification_date: '2025-01-15',
  });
}

async function resultOf(student_id: string, exam_id: string, headers = calc): Promise<StudentResult> {
  const list = await ctx.api
    .get(`/api/studentresult?student_id=${student_id}&exam_id=${exam_id}&latest=1`)
    .set(headers);
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  expect(list.body.total).toBe(1);
  return list.body.studentresult[0];
}

const line = (r: StudentResult, paper: string) => r.lines.find((l) => l.paper_id === paper)!;

describe('OLD scheme (T1, T2, T3) from locked marks to a published result', () => {
  let runId: string;

  it('computes every student with explanations, counts and no exceptions', async () => {
    const r = await run({ ...scope('RT-OLD', 'RTOLD', '1'), scheme: 'OLD' });
    runId = r.run_id;
    expect(r).toMatchObject({
      student_count: 3,
      pass_count: 3,
      exception_count: 0,
      ruleset_id: 'OLD-A',
      ruleset_version: 1,
      changed_count: 3,
      version_count: 3,
    });
    const t1 = await resultOf('RTS1', 'RT-OLD');
    expect(t1).toMatchObject({
      total: '233',
      max_total: '350',
      percentage: '66.57',
      division: 'I',
      result: 'PASS',
      version: 1,
      status: 'COMPUTED',
      published_at: null,
      supersedes_version: null,
    });
    expect(line(t1, 'RTHIN101')).toMatchObject({ total: '70', paper_result: 'P' });
    expect(t1.explanation.map((s) => s.step)).toContain('DIVISION');
    const t2 = await resultOf('RTS2', 'RT-OLD');
    expect(t2).toMatchObject({ result: 'PASS_GRACE', percentage: '41.14', division: 'III' });
    expect(line(t2, 'RTHIN101').grace).toMatchObject({ marks: '2' });
    expect(
      line(t2, 'RTHIN101')
        .explanation.map((s) => s.text)
        .join(' '),
    ).toMatch(/grace/i);
    const t3 = await resultOf('RTS3', 'RT-OLD');
    expect(t3).toMatchObject({ total: '210', percentage: '60.00', division: 'I' });
  });

  it(
    'stores each explanation step as data (template, inputs, outputs; no sentence) and writes its sentence ' +
      "in the reader's language; a step stored with its sentence reads as stored",
    async () => {
      const [stored] = await ctx.db.query<{ lines: string; explanation: string }>(
        `SELECT lines::text AS lines, explanation::text AS explanation FROM student_result
          WHERE student_id = 'RTS1' AND exam_id = 'RT-OLD'`,
      );
      expect(stored!.explanation).not.toContain('"text"');
      expect(stored!.lines).not.toContain('"text"');
      expect(JSON.parse(stored!.explanation)[0]).toMatchObject({
        step: 'RULESET',
        t: 'explain.ruleset',
        inputs: { ruleset_id: 'OLD-A', version: 1, templates: 1 },
      });
      const english = await resultOf('RTS1', 'RT-OLD');
      const hindi = await resultOf('RTS1', 'RT-OLD', { ...calc, 'Accept-Language': 'hi' });
      const total = (r: StudentResult) => line(r, 'RTHIN101').explanation.find((s) => s.step === 'TOTAL')!;
      expect(total(english)).toMatchObject({
        t: 'explain.total',
        inputs: { total: '70', max: '100', min: '36' },
        output: { percentage: '70.00', passed: true },
        text: 'total 70 of 100 (70.00 %) ≥ min 36: passed',
      });
      expect(total(hindi).text).toBe('100 में से कुल 70 (70.00 %) ≥ न्यूनतम 36: उत्तीर्ण');
      expect(hindi.explanation.at(-1)!.text).toBe('परिणाम: उत्तीर्ण, I Division');
      expect(english.explanation.at(-1)!.text).toBe('result: passed, I Division');

      // A result stored before templates (its steps carry their English sentence) reads as it was stored.
      const old = [
        { step: 'RESULT', inputs: {}, output: { result: 'PASS' }, text: 'result: passed (stored)' },
      ];
      const [kept] = await ctx.db.query<{ explanation: string }>(
        `SELECT explanation::text AS explanation FROM student_result
          WHERE student_id = 'RTS3' AND exam_id = 'RT-OLD'`,
      );
      await ctx.db.query(
        `UPDATE student_result SET explanation = $1::json WHERE student_id = 'RTS3' AND exam_id = 'RT-OLD'`,
        [JSON.stringify(old)],
      );
      for (const headers of [calc, { ...calc, 'Accept-Language': 'hi' }]) {
        const t3 = await resultOf('RTS3', 'RT-OLD', headers);
        expect(t3.explanation).toEqual([{ ...old[0], text: 'result: passed (stored)' }]);
      }
      await ctx.db.query(
        `UPDATE student_result SET explanation = $1::json WHERE student_id = 'RTS3' AND exam_id = 'RT-OLD'`,
        [kept!.explanation],
      );
    },
  );

  it('prints the tabulation register (PDF) and lists no diff rows before a change', async () => {
    const pdf = await ctx.api.get(`/api/resultrun/${runId}/register.pdf`).set(result).buffer(true);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/application\/pdf/);
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (await ctx.api.get(`/api/resultrun/${runId}/register.pdf`).set(await ctx.as('student'))).status,
    ).toBe(404);
    const diff = await ctx.api.get(`/api/resultrun/${runId}/diff`).set(result);
    expect(diff.body).toMatchObject({ run_id: runId, previous_run_id: null, total: 3 });
    expect(diff.body.diff.every((d: { change: string }) => d.change === 'ADDED')).toBe(true);
  });

  it('a re-run before verification supersedes the run; its diff: changed students by field', async () => {
    const [attempt] = await ctx.db.query<{ attempt_id: string }>(
      `SELECT attempt_id FROM attempt WHERE exam_id = 'RT-OLD' AND student_id = 'RTS1'
          AND paper_id = 'RTENG101'`,
    );
    await arrange().setMark(attempt!.attempt_id, 'EXT', '41');
    const again = await run({ ...scope('RT-OLD', 'RTOLD', '1'), scheme: 'OLD' });
    expect(again).toMatchObject({ previous_run_id: runId, changed_count: 1 });
    expect((await ctx.api.get(`/api/resultrun/${runId}`).set(calc)).body.resultrun.status).toBe('SUPERSEDED');
    const diff = await ctx.api.get(`/api/resultrun/${again.run_id}/diff`).set(result);
    expect(diff.body).toMatchObject({ previous_run_id: runId, total: 1, unchanged: 2 });
    expect(diff.body.diff[0]).toMatchObject({ student_id: 'RTS1', change: 'CHANGED' });
    expect(diff.body.diff[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'total', before: '233', after: '234' },
        { field: 'lines.RTENG101.ext', before: '40', after: '41' },
      ]),
    );
    // Still one version 1 per student: the superseded run's rows are replaced.
    const t1 = await resultOf('RTS1', 'RT-OLD');
    expect(t1).toMatchObject({ version: 1, total: '234', run_id: again.run_id });
    runId = again.run_id;
  });

  it(
    'refuses publishing an unverified run (409 naming status and actions) and a verify by the calculate ' +
      'role (403)',
    async () => {
      const early = await ctx.api
        .post(`/api/resultrun/${runId}/publish`)
        .set(result)
        .send({ notification_no: 'X/1' });
      expect(early.status).toBe(409);
      expect(early.body.message).toMatch(/Computed/);
      expect(early.body.message).toMatch(/verify/i);
      expect((await ctx.api.post(`/api/resultrun/${runId}/verify`).set(calc).send({})).status).toBe(403);
      expect(
        (
          await ctx.db.query(`SELECT 1 FROM student_result WHERE run_id = $1 AND status <> 'COMPUTED'`, [
            runId,
          ])
        ).length,
      ).toBe(0);
    },
  );

  it('verify → approve → publish; published lines are fixed; a student sees only its own', async () => {
    expect((await ctx.api.post(`/api/resultrun/${runId}/verify`).set(result).send({})).status).toBe(200);
    // Verified: no more re-runs.
    const rerun = await ctx.api
      .post('/api/resultrun')
      .set(calc)
      .send({ ...scope('RT-OLD', 'RTOLD', '1'), scheme: 'OLD' });
    expect(rerun.status).toBe(409);
    expect(rerun.body.message).toMatch(/Verified/);
    expect((await ctx.api.post(`/api/resultrun/${runId}/approve`).set(result).send({})).status).toBe(403);
    expect((await ctx.api.post(`/api/resultrun/${runId}/approve`).set(admin).send({})).status).toBe(200);
    const noNumber = await ctx.api.post(`/api/resultrun/${runId}/publish`).set(result).send({});
    expect(noNumber.status).toBe(422);
    const published = await ctx.api
      .post(`/api/resultrun/${runId}/publish`)
      .set(result)
      .send({ notification_no: 'RES/OLD/1', notification_date: '2025-01-10' });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const t1 = await resultOf('RTS1', 'RT-OLD');
    expect(t1).toMatchObject({ status: 'PUBLISHED', notification_no: 'RES/OLD/1' });
    expect(t1.published_at).toBeTruthy();
    // Immutable: no write call, and the database refuses a change.
    const key = `RTS1/RT-OLD/${SESSION}/RTOLD/1/1`;
    expect((await ctx.api.put(`/api/studentresult/${key}`).set(admin).send({ total: '300' })).status).toBe(
      405,
    );
    expect((await ctx.api.delete(`/api/studentresult/${key}`).set(admin)).status).toBe(405);
    await expect(
      ctx.db.query(
        `UPDATE student_result SET total = '300' WHERE student_id = 'RTS1' AND exam_id = 'RT-OLD'`,
      ),
    ).rejects.toThrow(/published/);
    expect((await ctx.api.get(`/api/studentresult/${key}`).set(calc)).body.studentresult.total).toBe('234');
    // The rule set it used is locked now.
    expect(
      (await ctx.db.query(`SELECT locked FROM ruleset WHERE ruleset_id = 'OLD-A' AND version = 1`))[0]!
        .locked,
    ).toBe(true);

    await ctx.db.prisma.user.create({
      data: {
        email: 'rts1@student.test',
        name: 'RTS1',
        role: 'student',
        student_id: 'RTS1',
        password_hash: await hashPassword(DEMO_PASSWORD, 4),
      },
    });
    const student = { Authorization: `Bearer ${await ctx.login('rts1@student.test')}` };
    expect((await ctx.api.get(`/api/studentresult/${key}`).set(student)).status).toBe(200);
    expect(
      (await ctx.api.get(`/api/studentresult/RTS2/RT-OLD/${SESSION}/RTOLD/1/1`).set(student)).status,
    ).toBe(404);
    const mine = await ctx.api.get('/api/studentresult').set(student);
    expect(mine.body.studentresult.map((r: StudentResult) => r.student_id)).toEqual(['RTS1']);
    // A college's faculty sees its college's students only (RTS3 is C102's).
    const faculty = await ctx.api
      .get('/api/studentresult?exam_id=RT-OLD')
      .set({ Authorization: `Bearer ${await ctx.login('faculty.college@university.test')}` });
    expect(faculty.status).toBe(200);
    expect(faculty.body.studentresult.map((r: StudentResult) => r.student_id).sort()).toEqual([
      'RTS1',
      'RTS2',
    ]);
  });

  it('analysis per college and the merit list', async () => {
    const analysis = await ctx.api
      .get(`/api/resultanalysis?exam_id=RT-OLD&session_id=${SESSION}&course_comb_id=RTOLD&sem_id=1`)
      .set(result);
    expect(analysis.status, JSON.stringify(analysis.body)).toBe(200);
    expect(analysis.body.resultanalysis.totals).toMatchObject({
      registered: 3,
      appeared: 3,
      passed: 3,
      pass_grace: 1,
      pass_percent: '100.00',
    });
    expect(
      analysis.body.resultanalysis.by_college.map((c: { college_id: string; passed: number }) => [
        c.college_id,
        c.passed,
      ]),
    ).toEqual([
      ['C101', 2],
      ['C102', 1],
    ]);
    expect(analysis.body.resultanalysis.division_distribution).toEqual([
      { code: 'I', count: 2 },
      { code: 'III', count: 1 },
    ]);
    const merit = await ctx.api
      .get(`/api/meritlist?exam_id=RT-OLD&session_id=${SESSION}&course_comb_id=RTOLD&sem_id=1&limit=2`)
      .set(result);
    expect(
      merit.body.meritlist.map((m: { rank: number; student_id: string }) => [m.rank, m.student_id]),
    ).toEqual([
      [1, 'RTS1'],
      [2, 'RTS3'],
    ]);
  });

  it('a later run over the published scope (mark correction) versions only the changed student', async () => {
    const [attempt] = await ctx.db.query<{ attempt_id: string }>(
      `SELECT attempt_id FROM attempt WHERE exam_id = 'RT-OLD' AND student_id = 'RTS3'
          AND paper_id = 'RTHIS101'`,
    );
    await arrange().setMark(attempt!.attempt_id, 'EXT', '60');
    const later = await run({ ...scope('RT-OLD', 'RTOLD', '1'), scheme: 'OLD' });
    expect(later).toMatchObject({ changed_count: 1, version_count: 1 });
    const v2 = await resultOf('RTS3', 'RT-OLD');
    expect(v2).toMatchObject({ version: 2, supersedes_version: 1, status: 'COMPUTED', total: '224' });
    await publish(later.run_id, 'RES/OLD/2');
    const versions = await ctx.api.get(`/api/studentresult?student_id=RTS3&exam_id=RT-OLD`).set(calc);
    expect(versions.body.studentresult.map((r: StudentResult) => [r.version, r.status])).toEqual([
      [2, 'PUBLISHED'],
      [1, 'SUPERSEDED'],
    ]);
    expect((await resultOf('RTS1', 'RT-OLD')).version).toBe(1);
  });
});

describe('CBCS (T4, T5, T6, T7, T8): SGPA, CGPA, backlogs and a back paper', () => {
  it('semester I: T4 SGPA 8.56, T5 F despite 45, T8 band edges', async () => {
    const r = await run({ ...scope('RT-N1', 'RTNEW', '1'), scheme: 'NEW' });
    const t4 = await resultOf('RTS4', 'RT-N1');
    expect(t4).toMatchObject({
      credits_registered: '18',
      credit_points: '154',
      sgpa: '8.56',
      cgpa: '8.56',
      result: 'PASS',
    });
    expect(line(t4, 'RTCHE101')).toMatchObject({ grade: 'B+', grade_point: '7' });
    const t5 = await resultOf('RTS5', 'RT-N1');
    expect(line(t5, 'RTPHY101')).toMatchObject({
      total: '45',
      grade: 'F',
      grade_point: '0',
      paper_result: 'F',
    });
    const t8 = await resultOf('RTS8', 'RT-N1');
    expect(line(t8, 'RTBIG101')).toMatchObject({ total: '179', percentage: '89.50', grade: 'A+' });
    expect(line(t8, 'RTMAT101')).toMatchObject({ total: '40', grade: 'P' });
    await publish(r.run_id, 'RES/N1/1');
    const backlog = await ctx.db.query(
      `SELECT reason, status FROM backlog WHERE student_id = 'RTS5' AND paper_id = 'RTPHY101'`,
    );
    expect(backlog).toEqual([{ reason: 'EXTERNAL', status: 'OPEN' }]);
  });

  it(
    'semester II: T6 SGPA 6.30 and CGPA 7.37 with a backlog; T7 the back paper in SUPP makes version 2: ' +
      'SGPA 7.30, CGPA 7.89',
    async () => {
      const r = await run({ ...scope('RT-N2', 'RTNEW', '2'), scheme: 'NEW' });
      const t6 = await resultOf('RTS4', 'RT-N2');
      expect(t6).toMatchObject({
        credit_points: '126',
        sgpa: '6.30',
        cgpa: '7.37',
        backlogs: ['RTP202'],
        version: 1,
      });
      await publish(r.run_id, 'RES/N2/1');
      expect(
        await ctx.db.query(
          `SELECT reason, status, first_exam_id FROM backlog WHERE student_id = 'RTS4'
              AND paper_id = 'RTP202'`,
        ),
      ).toEqual([{ reason: 'EXTERNAL', status: 'OPEN', first_exam_id: 'RT-N2' }]);

      const supp = arrange();
      await supp.sit('RT-SUPP', 'RTS4', 'RTNEW', '2', { RTP202: { ext: '31' } }, { type: 'BACK' });
      await supp.keyMarks();
      const back = await run({ ...scope('RT-SUPP', 'RTNEW', '2'), scheme: 'NEW' });
      expect(back).toMatchObject({ student_count: 1, version_count: 1 });
      const t7 = await resultOf('RTS4', 'RT-N2');
      expect(t7).toMatchObject({
        version: 2,
        supersedes_version: 1,
        run_id: back.run_id,
        credit_points: '146',
        sgpa: '7.30',
        cgpa: '7.89',
        backlogs: [],
      });
      expect(line(t7, 'RTP202')).toMatchObject({
        int: { value: '15', status: 'EX' },
        ext: { value: '31', status: null },
        total: '46',
        grade: 'C',
      });
      await publish(back.run_id, 'RES/SUPP/1');
      expect(
        await ctx.db.query(`SELECT status FROM backlog WHERE student_id = 'RTS4' AND paper_id = 'RTP202'`),
      ).toEqual([{ status: 'CLEARED' }]);
      const versions = await ctx.api.get(`/api/studentresult?student_id=RTS4&exam_id=RT-N2`).set(calc);
      expect(versions.body.studentresult.map((x: StudentResult) => [x.version, x.status])).toEqual([
        [2, 'PUBLISHED'],
        [1, 'SUPERSEDED'],
      ]);
    },
  );
});

describe(
  'T9: CGPA over two published semesters, from credit points (default) and from rounded SGPAs (a ' +
    'configured rule set)',
  () => {
    // Semester A: 5 × 4 credits at B+ (7): 20 credits, 140 credit points, SGPA 7.00. Semester B: 4 credits
    // A (8), 3 × 4 credits B+ (7), 3 credits B+ (7), 3 credits B (6): 22 credits, 155 credit points, SGPA
    // 7.0454 → 7.05.
    beforeAll(async () => {
      const configured = await ctx.api
        .post('/api/ruleset')
        .set(admin)
        .send({
          ruleset_id: 'CBCS-RSG',
          version: 1,
          scheme: 'NEW',
          title: 'CBCS, CGPA from rounded SGPAs',
          rules: { ...cbcsDefault.rules, cgpa_source: 'ROUNDED_SGPA' },
        });
      expect(configured.status, JSON.stringify(configured.body)).toBe(201);
      const a = arrange();
      const th = (paper_id: string, credit = '4') => ({ paper_id, kind: 'TH' as const, credit });
      await a.course('RT9', {
        '1': ['RT9A1', 'RT9A2', 'RT9A3', 'RT9A4', 'RT9A5'].map((p) => th(p)),
        '2': [th('RT9B1'), th('RT9B2'), th('RT9B3'), th('RT9B4'), th('RT9B5', '3'), th('RT9B6', '3')],
      });
      await a.exam('RT-9A', 'RT9', '1');
      await a.exam('RT-9B', 'RT9', '2');
      for (const [student, ruleset] of [
        ['RT9P', 'CBCS'],
        ['RT9R', 'CBCS-RSG'],
      ] as const) {
        for (const sem of ['1', '2']) await a.enrol(student, 'RT9', sem, ruleset);
        await a.sit(
          'RT-9A',
          student,
          'RT9',
          '1',
          Object.fromEntries(
            ['RT9A1', 'RT9A2', 'RT9A3', 'RT9A4', 'RT9A5'].map((p) => [p, { int: '20', ext: '45' }]),
          ),
        );
        await a.sit('RT-9B', student, 'RT9', '2', {
          RT9B1: { int: '20', ext: '55' },
          RT9B2: { int: '20', ext: '45' },
          RT9B3: { int: '20', ext: '45' },
          RT9B4: { int: '20', ext: '45' },
          RT9B5: { int: '20', ext: '45' },
          RT9B6: { int: '20', ext: '35' },
        });
      }
      await a.keyMarks();
    });

    it(
      'semester A published (SGPA 7.00), semester B computed and published: CGPA 7.02 from credit points, ' +
        '7.03 from rounded SGPAs, each explained',
      async () => {
        await publish((await run({ ...scope('RT-9A', 'RT9', '1'), scheme: 'NEW' })).run_id, 'RES/9A/1');
        for (const student of ['RT9P', 'RT9R'])
          expect(await resultOf(student, 'RT-9A')).toMatchObject({
            credits_registered: '20',
            credit_points: '140',
            sgpa: '7.00',
            status: 'PUBLISHED',
          });
        const b = await run({ ...scope('RT-9B', 'RT9', '2'), scheme: 'NEW' });
        expect(b).toMatchObject({ student_count: 2, exception_count: 0 });
        await publish(b.run_id, 'RES/9B/1');
        const cgpaStep = (r: StudentResult) => r.explanation.find((s) => s.step === 'CGPA')!;

        const points = await resultOf('RT9P', 'RT-9B');
        expect(points).toMatchObject({
          credits_registered: '22',
          credit_points: '155',
          sgpa: '7.05',
          cgpa: '7.02',
          status: 'PUBLISHED',
        });
        expect(cgpaStep(points)).toMatchObject({
          rule_id: 'CBCS@1:cgpa_source',
          inputs: { source: 'CREDIT_POINTS', credit_points: '295', credits: '42' },
          output: { cgpa: '7.02' },
        });
        expect(cgpaStep(points).text).toMatch(/^CGPA = 295 \/ 42 = 7\.0238… → 7\.02 \(half-up/);
        expect(cgpaStep(points).text).toMatch(/; from credit points of the latest attempt of each course$/);

        const rounded = await resultOf('RT9R', 'RT-9B');
        expect(rounded).toMatchObject({
          ruleset_id: 'CBCS-RSG',
          credit_points: '155',
          sgpa: '7.05',
          cgpa: '7.03',
        });
        expect(cgpaStep(rounded)).toMatchObject({
          rule_id: 'CBCS-RSG@1:cgpa_source',
          inputs: { source: 'ROUNDED_SGPA', credits: '42' },
          output: { cgpa: '7.03' },
        });
        expect(cgpaStep(rounded).text).toContain(
          "from each semester's rounded SGPA (1 7.00 × 20, 2 7.05 × 22)",
        );
        // What the student itself sees on GET of its published result.
        await ctx.db.prisma.user.create({
          data: {
            email: 'rt9r@student.test',
            name: 'RT9R',
            role: 'student',
            student_id: 'RT9R',
            password_hash: await hashPassword(DEMO_PASSWORD, 4),
          },
        });
        const own = await ctx.api
          .get(`/api/studentresult/RT9R/RT-9B/${SESSION}/RT9/2/1`)
          .set({ Authorization: `Bearer ${await ctx.login('rt9r@student.test')}` });
        expect(own.status).toBe(200);
        expect(own.body.studentresult.cgpa).toBe('7.03');
        expect(cgpaStep(own.body.studentresult).text).toBe(cgpaStep(rounded).text);
      },
    );
  },
);

describe('T11: NEP exit checked by the run of a year-end semester (semester 2 ends year 1)', () => {
  // Semester 1: 5 × 4 credits (MAJOR); semester 2: 4 × 4 + 2 × 3 credits and a 4-credit VOCATIONAL course.
  // RTE1 passes all: 42 credits + the vocational 4 = 46 ≥ 40 + 4 → UG Certificate. RTE2 fails one 4-credit
  // course of semester 2: 38 credits + 4 = 42 < 44 → not eligible.
  beforeAll(async () => {
    const a = arrange();
    const th = (paper_id: string, credit = '4', category = 'MAJOR') => ({
      paper_id,
      kind: 'TH' as const,
      credit,
      category,
    });
    await a.course('RTNEP', {
      '1': ['RTE101', 'RTE102', 'RTE103', 'RTE104', 'RTE105'].map((p) => th(p)),
      '2': [
        th('RTE201'),
        th('RTE202'),
        th('RTE203', '4', 'MINOR'),
        th('RTE204', '4', 'MDC'),
        th('RTE205', '3', 'SEC'),
        th('RTE206', '3', 'AEC'),
        th('RTV201', '4', 'VOCATIONAL'),
      ],
    });
    await a.exam('RT-E1', 'RTNEP', '1');
    await a.exam('RT-E2', 'RTNEP', '2');
    for (const student of ['RTE1', 'RTE2']) {
      for (const sem of ['1', '2']) await a.enrol(student, 'RTNEP', sem, 'NEP');
      await a.sit(
        'RT-E1',
        student,
        'RTNEP',
        '1',
        Object.fromEntries(
          ['RTE101', 'RTE102', 'RTE103', 'RTE104', 'RTE105'].map((p) => [p, { int: '20', ext: '45' }]),
        ),
      );
      await a.sit(
        'RT-E2',
        student,
        'RTNEP',
        '2',
        Object.fromEntries(
          ['RTE201', 'RTE202', 'RTE203', 'RTE204', 'RTE205', 'RTE206', 'RTV201'].map((p) => [
            p,
            { int: '20', ext: student === 'RTE2' && p === 'RTE204' ? '10' : '50' },
          ]),
        ),
      );
    }
    await a.keyMarks();
  });

  it(
    'semester 1 has no exit check; semester 2 records each level as an EXIT step and the awards: 42 + 4 → ' +
      'UG Certificate, 38 + 4 → none',
    async () => {
      await publish((await run({ ...scope('RT-E1', 'RTNEP', '1'), scheme: 'NEP' })).run_id, 'RES/E1/1');
      const first = await resultOf('RTE1', 'RT-E1');
      expect(first).toMatchObject({ scheme: 'NEP', credits_earned: '20', exit: null });
      expect(first.lines[0]!.course_category).toBe('MAJOR');

      const r = await run({ ...scope('RT-E2', 'RTNEP', '2'), scheme: 'NEP' });
      expect(r).toMatchObject({ student_count: 2, exception_count: 0 });
      await publish(r.run_id, 'RES/E2/1');
      const eligible = await resultOf('RTE1', 'RT-E2');
      expect(eligible).toMatchObject({ credits_earned: '26', status: 'PUBLISHED' });
      expect(line(eligible, 'RTV201').course_category).toBe('VOCATIONAL');
      expect(eligible.exit).toMatchObject({ credits_earned: '46', awards: ['UG Certificate'] });
      expect(eligible.exit!.text).toBe(
        'semester 2 ends year 1: exit levels checked over 46 credits earned in semesters 1, 2 (aec 3, ' +
          'major 28, mdc 4, minor 4, sec 3, vocational 4): eligible for UG Certificate',
      );
      expect(eligible.exit!.levels.map((l) => [l.level, l.eligible])).toEqual([
        ['YEAR_1', true],
        ['YEAR_2', false],
        ['YEAR_3', false],
        ['YEAR_4', false],
        ['YEAR_4_RESEARCH', false],
      ]);
      expect(eligible.exit!.levels[0]!.text).toBe(
        'UG Certificate: 46 credits ≥ 40 + 4; vocational 4 ≥ 4 (in addition): eligible',
      );
      // The same outcome is in the stored explanation, each level with its rule.
      expect(eligible.explanation.filter((s) => s.step === 'EXIT').map((s) => s.rule_id)).toEqual([
        'NEP@1:exit.0',
        'NEP@1:exit.1',
        'NEP@1:exit.2',
        'NEP@1:exit.3',
        'NEP@1:exit.4',
      ]);

      const short = await resultOf('RTE2', 'RT-E2');
      expect(short.backlogs).toEqual(['RTE204']);
      expect(short.exit).toMatchObject({ credits_earned: '42', awards: [] });
      expect(short.exit!.levels[0]).toMatchObject({
        award: 'UG Certificate',
        eligible: false,
        text: 'UG Certificate: 42 credits < 40 + 4; vocational 4 ≥ 4 (in addition): not eligible',
      });
    },
  );
});

describe('T12 statuses and refusals', () => {
  it('refuses a run while an entry batch is not locked (422 naming it), writing nothing', async () => {
    const a = arrange();
    await a.sit('RT-STAT', 'RTA1', 'RTNEW', '1', { RTPHY101: { int: '20', ext: 'AB' } });
    await a.sit('RT-STAT', 'RTA2', 'RTNEW', '1', { RTPHY101: { int: '20', ext: '50' } });
    await a.ufmPending('RT-STAT', 'RTA2', 'RTPHY101');
    const rta3 = await a.sit('RT-STAT', 'RTA3', 'RTNEW', '1', { RTMAT101: { int: '20' } });
    await a.keyMarks();
    // RTA3's external batch is opened through the marks API but never entered: it stays OPEN.
    const opened = await ctx.api
      .post('/api/entrybatch')
      .set(admin)
      .send({
        component: 'EXT',
        ...scope('RT-STAT', 'RTNEW', '1'),
        paper_id: 'RTMAT101',
        college_id: 'C101',
        attempt_ids: [rta3.RTMAT101],
      });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const draft = String(opened.body.entrybatch.batch_id);
    const before = (await ctx.db.query(`SELECT count(*)::int AS n FROM result_run`))[0]!.n;
    const refused = await ctx.api
      .post('/api/resultrun')
      .set(calc)
      .send({ ...scope('RT-STAT', 'RTNEW', '1'), scheme: 'NEW' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain(draft);
    expect(refused.body.message).toMatch(/RTMAT101 external\/practical: 1 candidate without locked marks/);
    expect((await ctx.db.query(`SELECT count(*)::int AS n FROM result_run`))[0]!.n).toBe(before);
    const wrongScheme = await ctx.api
      .post('/api/resultrun')
      .set(calc)
      .send({ ...scope('RT-STAT', 'RTNEW', '1'), scheme: 'OLD', allow_result_later: true });
    expect(wrongScheme.status).toBe(422);
    expect(wrongScheme.body.message).toMatch(/NEW rule set/);
    expect(
      (
        await ctx.api
          .post('/api/resultrun')
          .set(result)
          .send({ ...scope('RT-STAT', 'RTNEW', '1'), scheme: 'NEW' })
      ).status,
    ).toBe(403);
  });

  it(
    'with allow_result_later: AB printed as AB with GP 0, UFM pending RW, missing marks RL (never 0), each ' +
      'in the exception report',
    async () => {
      const r = await run({ ...scope('RT-STAT', 'RTNEW', '1'), scheme: 'NEW', allow_result_later: true });
      expect(r).toMatchObject({ student_count: 3, rl_count: 1, rw_count: 1 });
      const ab = await resultOf('RTA1', 'RT-STAT');
      expect(line(ab, 'RTPHY101')).toMatchObject({
        ext: { value: null, status: 'AB' },
        paper_result: 'AB',
        grade_point: '0',
      });
      expect(ab.backlogs).toEqual(['RTPHY101']);
      const rw = await resultOf('RTA2', 'RT-STAT');
      expect(rw).toMatchObject({ result: 'RW', sgpa: null });
      expect(line(rw, 'RTPHY101').paper_result).toBe('RW');
      const rl = await resultOf('RTA3', 'RT-STAT');
      expect(rl).toMatchObject({ result: 'RL', sgpa: null });
      expect(line(rl, 'RTMAT101')).toMatchObject({ paper_result: 'RL', total: null });
      const exceptions = await ctx.api.get(`/api/resultrun/${r.run_id}/exceptions`).set(result);
      expect(exceptions.status).toBe(200);
      expect(
        exceptions.body.exceptions
          .map((e: { student_id: string; code: string }) => `${e.student_id}:${e.code}`)
          .sort(),
      ).toEqual(['RTA2:UFM_PENDING', 'RTA3:MARKS_NOT_LOCKED']);
      const only = await ctx.api.get(`/api/resultrun/${r.run_id}/exceptions?code=UFM_PENDING`).set(result);
      expect(only.body.total).toBe(1);
      expect(only.body.exceptions[0]).toMatchObject({
        message: "RTPHY101: an unfair-means case is pending: the paper's result is withheld",
        message_code: 'results.ufmPending',
        params: { paper_id: 'RTPHY101' },
      });
      // A Hindi reader reads the same finding in Hindi, from its code.
      const hindi = await ctx.api
        .get(`/api/resultrun/${r.run_id}/exceptions?code=UFM_PENDING`)
        .set(result)
        .set('Accept-Language', 'hi');
      expect(hindi.body.exceptions[0].message).toBe(
        'RTPHY101: अनुचित साधन का मामला लंबित है: प्रश्नपत्र का परिणाम रोका गया है',
      );
    },
  );

  it(
    'a UFM decision (U1, applied) replaces the withheld paper: a re-run gives UFM, GP 0, backlog reason ' +
      'MALPRACTICE; the diff names the change',
    async () => {
      await ctx.db.query(
        `UPDATE ufm_case SET status = 'APPLIED', decision = 'U1' WHERE exam_id = 'RT-STAT'
          AND student_id = 'RTA2'`,
      );
      const r = await run({ ...scope('RT-STAT', 'RTNEW', '1'), scheme: 'NEW', allow_result_later: true });
      expect(r).toMatchObject({ rw_count: 0, ufm_count: 1, changed_count: 1 });
      const decided = await resultOf('RTA2', 'RT-STAT');
      expect(decided).toMatchObject({ result: 'UFM', version: 1, backlogs: ['RTPHY101'] });
      expect(line(decided, 'RTPHY101')).toMatchObject({ paper_result: 'UFM', grade_point: '0' });
      const diff = await ctx.api.get(`/api/resultrun/${r.run_id}/diff`).set(result);
      expect(diff.body.diff).toEqual([
        expect.objectContaining({
          student_id: 'RTA2',
          change: 'CHANGED',
          changes: expect.arrayContaining([{ field: 'result', before: 'RW', after: 'UFM' }]),
        }),
      ]);
      const [row] = await ctx.db.query<{ backlog_reasons: unknown }>(
        `SELECT backlog_reasons FROM student_result WHERE run_id = $1 AND student_id = 'RTA2'`,
        [r.run_id],
      );
      expect(row!.backlog_reasons).toEqual([{ paper_id: 'RTPHY101', reason: 'MALPRACTICE' }]);
    },
  );

  it('refuses editing or deleting a run, and unknown runs answer 404', async () => {
    const [r] = await ctx.db.query<{ run_id: string; updated_at: Date }>(
      `SELECT run_id, updated_at FROM result_run WHERE exam_id = 'RT-STAT' AND status = 'COMPUTED'`,
    );
    expect((await ctx.api.delete(`/api/resultrun/${r!.run_id}`).set(admin)).status).toBe(409);
    expect((await ctx.api.get('/api/resultrun/NOPE/diff').set(result)).status).toBe(404);
    expect((await ctx.api.get('/api/studentresult/X/Y/Z/W/1/NOPE').set(result)).status).toBe(404);
  });
});
