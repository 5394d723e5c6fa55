import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostResultApplication, StudentResult } from '@exam/contracts';
import { apiModules } from '../src/modules.ts';
import { startJobRunner, stopSender, type JobRunner } from '../src/platform/jobs/index.ts';
import { useTestApp } from './support/context.ts';
import { resultArranger, SESSION } from './support/results-arrange.ts';
import { resultRuns } from './support/result-runs.ts';

/**
 * Post-result applications through HTTP (lifecycle S9, state machine I, §4.9, §8 default 7): a student
 * applies for a published result's theory external paper within the window and the paper limit; the office
 * accepts, re-codes (new fictitious number, another examiner), records the revaluation marks by fictitious
 * number; calculate applies the outcome (a REVALUATION marks correction and a result run); the new version
 * published supersedes the old one and the student reads the outcome. The T10 numbers end to end (BETTER,
 * REPLACE, VTU with a third valuation), a re-totalling, and every refusal: after the window, above the limit,
 * internal/practical papers, an unpublished result, another student's attempt.
 */
const ctx = useTestApp();
let runner: JobRunner;
let calc: Record<string, string>;
let result: Record<string, string>;
let admin: Record<string, string>;
let office: Record<string, string>;
let student: Record<string, string>;
const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => ctx.db.query<T>(sql, params);
const today = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const COURSE = 'PRC';
const attempts: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  runner = await startJobRunner(ctx.db, { jobs: apiModules.flatMap((m) => m.jobs ?? []), pollMs: 100 });
  [calc, result, admin, office] = await Promise.all([
    ctx.as('calculate'),
    ctx.as('result'),
    ctx.as('admin'),
    ctx.as('office'),
  ]);
  const a = resultArranger(ctx.db);
  // A theory paper of 150 = ext 100 (min 36) + int 50 (min 18): M = 100 for the T10 numbers; a practical and
  // an internal-only paper.
  await q(
    `INSERT INTO course (course_comb_id, course_comb_name4)
     VALUES ($1, 'Post-result test course')
         ON CONFLICT DO NOTHING`,
    [COURSE],
  );
  await q(
    `INSERT INTO ccinfo_sem (session_id, course_comb_id, sem_id) VALUES ($1, $2, '1') ON CONFLICT DO NOTHING`,
    [SESSION, COURSE],
  );
  const papers = [
    ...['PRT1', 'PRT2', 'PRT3', 'PRT4'].map((p) => [p, '150', '54', '100', '36', '50', '18', 'TH', 0, '4']),
    ['PRP1', '50', '18', '50', '18', null, null, 'PR', 1, '2'],
    ['PRI1', '50', '18', null, null, '50', '18', 'TH', 2, '2'],
  ] as const;
  for (const [p, max, min, extMax, extMin, intMax, intMin, thpr, type, credit] of papers) {
    await q(`INSERT INTO paper (paper_id, paper_name) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
      p,
      `Paper ${p}`,
    ]);
    await q(
      `INSERT INTO paperinfosem (session_id, course_comb_id, sem_id, paper_id, group_status, group_code,
          max_marks, min_marks, ext_max_marks, ext_min_marks, int_max_marks, int_min_marks,
          th_pr_status, paper_score_status, credit_point, paper_type, elective_status)
       VALUES ($1, $2, '1', $3, 'N', 'NG', $4, $5, $6, $7, $8, $9, $10::"TheoryPractical", 'Y', $11, $12, 0)`,
      [SESSION, COURSE, p, max, min, extMax, extMin, intMax, intMin, thpr, credit, type],
    );
  }
  // Rule sets that differ from CBCS only in the revaluation outcome rule (CBCS itself: BETTER, the default).
  await q(
    `INSERT INTO ruleset (ruleset_id, version, scheme, wef_session_id, title, rules, status)
     SELECT 'PRFEE', 1, scheme, wef_session_id, 'PRFEE',
            jsonb_set(rules::jsonb, '{reval,fee_per_paper}', '"500"'), status
       FROM ruleset
      WHERE ruleset_id = 'CBCS' AND version = 1`,
  );
  for (const [id, rule] of [
    ['PRVTU', 'VTU'],
    ['PRREP', 'REPLACE'],
  ]) {
    await q(
      `INSERT INTO ruleset (ruleset_id, version, scheme, wef_session_id, title, rules, status)
       SELECT $1, 1, scheme, wef_session_id, $1,
              jsonb_set(rules::jsonb, '{reval,result_rule}', to_jsonb($2::text)), status
         FROM ruleset
        WHERE ruleset_id = 'CBCS' AND version = 1`,
      [id, rule],
    );
  }
  for (const exam of ['PR-MAIN', 'PR-LATE', 'PR-UNPUB']) await a.exam(exam, COURSE, '1');
  const marks = (ext1: string) => ({
    PRT1: { int: '30', ext: ext1 },
    PRT2: { int: '30', ext: '40' },
    PRT3: { int: '30', ext: '60' },
    PRT4: { int: '30', ext: '60' },
    PRP1: { ext: '30' },
    PRI1: { int: '30' },
  });
  for (const [s, rule, ext1] of [
    ['PRS1', 'CBCS', '40'],
    ['PRS2', 'PRVTU', '40'],
    ['PRS3', 'PRREP', '40'],
    ['PRS6', 'PRVTU', '30'],
    ['PRS7', 'PRFEE', '40'],
  ] as const) {
    await a.enrol(s, COURSE, '1', rule);
    attempts[s] = await a.sit('PR-MAIN', s, COURSE, '1', marks(ext1));
  }
  await a.enrol('PRS4', COURSE, '1', 'CBCS');
  attempts.PRS4 = await a.sit('PR-LATE', 'PRS4', COURSE, '1', marks('40'));
  await a.enrol('PRS5', COURSE, '1', 'CBCS');
  attempts.PRS5 = await a.sit('PR-UNPUB', 'PRS5', COURSE, '1', marks('40'));
  // PRS2's PRT1 book was coded and marked first by PRE1 (its packet's examiner).
  await q(
    `INSERT INTO examiner (examiner_id, name)
     VALUES ('PRE1', 'First Examiner'), ('PRE2', 'Second Examiner'), ('PRE3', 'Third Examiner')
         ON CONFLICT DO NOTHING`,
  );
  await q(
    `INSERT INTO packet (packet_no, exam_id, paper_id, seq, count, first_fict, last_fict, examiner_id, status)
     VALUES ('PR-MAIN/PRT1/1', 'PR-MAIN', 'PRT1', 1, 4, 'PM1000', 'PM1003', 'PRE1', 'RECEIVED')`,
  );
  let n = 0;
  for (const s of ['PRS1', 'PRS2', 'PRS3', 'PRS6']) {
    await q(
      `INSERT INTO coding_map (exam_id, fict_no, paper_id, attempt_id, method, packet_no, coded_by)
       VALUES ('PR-MAIN', $1, 'PRT1', $2, 'SYSTEM', 'PR-MAIN/PRT1/1', 'test')`,
      [`PM100${n++}`, attempts[s]!.PRT1],
    );
  }
  // A student user who is PRS1.
  await q(
    `INSERT INTO users (email, password_hash, name, role, system, student_id)
     SELECT 'prs1@university.test', password_hash, 'Student PRS1', 'student', 'university', 'PRS1'
       FROM users
      WHERE email = 'student@university.test'
         ON CONFLICT (email) DO NOTHING`,
  );
  student = { Authorization: `Bearer ${await ctx.login('prs1@university.test')}` };
  // Published results: PR-MAIN today, PR-LATE 16 days ago (the window of 15 days after publication has
  // closed); PR-UNPUB computed only.
  await publish(await run('PR-MAIN'), today);
  await publish(await run('PR-LATE'), daysAgo(16));
  await run('PR-UNPUB');
}, 120_000);
afterAll(async () => {
  await runner?.stop();
  await stopSender(ctx.db);
});

const runs = () => resultRuns(ctx.api, { calc, result, admin });
const run = (exam_id: string) => runs().compute(exam_id, COURSE);

async function waitRun(runId: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const r = (await ctx.api.get(`/api/resultrun/${runId}`).set(calc)).body.resultrun;
    if (r.status !== 'COMPUTING')
      return r as { status: string; version_count: number; changed_count: number };
    if (Date.now() > deadline) throw new Error(`run ${runId} did not finish`);
    await new Promise((res) => setTimeout(res, 50));
  }
}

const publish = (runId: string, notification_date: string) =>
  runs().publish(runId, `PR/${runId}`, notification_date);

async function latest(student_id: string): Promise<StudentResult> {
  const list = await ctx.api
    .get(`/api/studentresult?student_id=${student_id}&exam_id=PR-MAIN&latest=1`)
    .set(calc);
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  return list.body.studentresult[0];
}

const apps = async () =>
  (await q<{ n: number }>(`SELECT count(*)::int AS n FROM post_result_application`))[0]!.n;

async function apply(headers: Record<string, string>, type: string, attempt_id: string) {
  return ctx.api.post('/api/postresult').set(headers).send({ type, attempt_id });
}

async function act(
  app_id: string,
  action: string,
  headers: Record<string, string>,
  body: Record<string, unknown> = {},
) {
  const res = await ctx.api.post(`/api/postresult/${app_id}/${action}`).set(headers).send(body);
  expect(res.status, `${action}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.postresult as PostResultApplication;
}

/**
 * The revalued book's new fictitious number, from the award list (the only place it appears), by elimination.
 */
async function newFictNos(): Promise<string[]> {
  const list = await ctx.api.get('/api/revalawardlist?exam_id=PR-MAIN&paper_id=PRT1').set(office);
  expect(list.status).toBe(200);
  for (const row of list.body.rows)
    expect(Object.keys(row).sort()).toEqual([
      'entered',
      'exam_id',
      'examiner_id',
      'fict_no',
      'marks',
      'max_marks',
      'needs_third_valuation',
      'paper_id',
      'third_marks',
    ]);
  return list.body.rows.map((r: { fict_no: string }) => r.fict_no);
}

describe('applying: window, limit, paper type, publication, scope (422/404, nothing stored)', () => {
  it('refuses every ineligible paper with a message naming why, storing nothing', async () => {
    const before = await apps();
    const late = await apply(office, 'REVAL', attempts.PRS4!.PRT1!);
    expect(late.status).toBe(422);
    expect(late.body.message).toMatch(
      /window .* closed on \d{4}-\d{2}-\d{2} \(15 days from the result's publication/,
    );
    const unpublished = await apply(office, 'REVAL', attempts.PRS5!.PRT1!);
    expect(unpublished.status).toBe(422);
    expect(unpublished.body.message).toMatch(/not published/);
    const practical = await apply(office, 'REVAL', attempts.PRS1!.PRP1!);
    expect(practical.status).toBe(422);
    expect(practical.body.message).toMatch(/practical paper/);
    const internal = await apply(student, 'RETOTAL', attempts.PRS1!.PRI1!);
    expect(internal.status).toBe(422);
    expect(internal.body.message).toMatch(/internal-assessment paper/);
    expect(await apps()).toBe(before);
  });

  it("a student applies for its own attempt only: another's does not exist for it (404)", async () => {
    const other = await apply(student, 'REVAL', attempts.PRS2!.PRT1!);
    expect(other.status).toBe(404);
    const own = await apply(student, 'REVAL', attempts.PRS1!.PRT1!);
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect(own.body.postresult).toMatchObject({
      status: 'APPLIED',
      student_id: 'PRS1',
      paper_id: 'PRT1',
      original_marks: '40',
      max_marks: '100',
      outcome_rule: 'BETTER',
      original_version: 1,
      fee: null,
    });
    expect(own.body.postresult.last_day > today).toBe(true);
  });

  it('25 % of 4 theory papers (1) per kind: a second revaluation refused, a re-totalling not', async () => {
    const before = await apps();
    const second = await apply(student, 'REVAL', attempts.PRS1!.PRT2!);
    expect(second.status).toBe(422);
    expect(second.body.message).toMatch(
      /At most 1 paper\(s\) of 4 theory papers appeared .* 1 already applied for/,
    );
    const again = await apply(student, 'REVAL', attempts.PRS1!.PRT1!);
    expect(again.status).toBe(422);
    expect(again.body.message).toMatch(/already has an open revaluation application/);
    expect(await apps()).toBe(before);
    const eligible = await ctx.api.get('/api/postresult-eligible?type=REVAL').set(student);
    expect(eligible.status).toBe(200);
    const papers = eligible.body.papers as Array<{
      paper_id: string;
      eligible: boolean;
      limit: number;
      why_not: string | null;
    }>;
    expect(papers.every((p) => !p.eligible)).toBe(true);
    expect(papers.find((p) => p.paper_id === 'PRT3')).toMatchObject({ limit: 1 });
  });

  it('a student sees its own applications only; it cannot process them', async () => {
    expect((await apply(office, 'REVAL', attempts.PRS2!.PRT1!)).status).toBe(201);
    const mine = await ctx.api.get('/api/postresult').set(student);
    expect(mine.body.postresult.every((p: { student_id: string }) => p.student_id === 'PRS1')).toBe(true);
    expect(mine.body.total).toBe(1);
    const theirs = (await ctx.api.get('/api/postresult?student_id=PRS2').set(office)).body.postresult[0];
    expect((await ctx.api.get(`/api/postresult/${theirs.app_id}`).set(student)).status).toBe(404);
    expect(
      (await ctx.api.post(`/api/postresult/${mine.body.postresult[0].app_id}/accept`).set(student).send({}))
        .status,
    ).toBe(403);
  });
});

describe('the fee of the rule set', () => {
  it('is asked on applying, verified before acceptance (APPLIED → FEE_VERIFIED → ACCEPTED)', async () => {
    const app = (await apply(office, 'RETOTAL', attempts.PRS7!.PRT1!)).body
      .postresult as PostResultApplication;
    expect(app).toMatchObject({ status: 'APPLIED', fee: '500' });
    const early = await ctx.api.post(`/api/postresult/${app.app_id}/accept`).set(office).send({});
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/fee of ₹500 not yet verified/);
    expect((await ctx.api.post(`/api/postresult/${app.app_id}/verify-fee`).set(office).send({})).status).toBe(
      422,
    );
    expect(await act(app.app_id, 'verify-fee', office, { payment_ref: 'CHALLAN-77' })).toMatchObject({
      status: 'FEE_VERIFIED',
      payment_ref: 'CHALLAN-77',
    });
    expect(await act(app.app_id, 'accept', office)).toMatchObject({ status: 'ACCEPTED' });
    expect(await act(app.app_id, 'reject', office, { reason: 'Withdrawn by the candidate' })).toMatchObject({
      status: 'REJECTED',
    });
  });
});

describe('processing: T10 outcomes end to end, a new result version superseding the published one', () => {
  const appOf = async (s: string, type = 'REVAL') =>
    (await ctx.api.get(`/api/postresult?student_id=${s}&type=${type}`).set(office)).body
      .postresult[0] as PostResultApplication;

  it('VTU, O 40 R 50 → 48: re-coded for another examiner, marked by number, a new version', async () => {
    const app = await appOf('PRS2');
    await act(app.app_id, 'accept', office);
    const same = await ctx.api
      .post(`/api/postresult/${app.app_id}/assign`)
      .set(office)
      .send({ examiner_id: 'PRE1' });
    expect(same.status).toBe(422);
    expect(same.body.errors.examiner_id[0]).toMatch(/already marked this answer book/);
    const sent = await act(app.app_id, 'assign', office, { examiner_id: 'PRE2' });
    expect(sent).toMatchObject({ status: 'IN_PROCESS', examiner_id: 'PRE2' });
    expect(JSON.stringify(sent)).not.toMatch(/RV\d{8}/);
    const [fict] = await newFictNos();
    expect(fict).toMatch(/^RV\d{8}$/);
    const wrong = await ctx.api
      .post(`/api/postresult/${app.app_id}/record-marks`)
      .set(office)
      .send({ fict_no: 'RV00000000', marks: '50' });
    expect(wrong.status).toBe(422);
    const entered = await ctx.api
      .post('/api/revalawardlist')
      .set(office)
      .send({ fict_no: fict, marks: '50' });
    expect(entered.status, JSON.stringify(entered.body)).toBe(200);
    expect(JSON.stringify(entered.body)).not.toMatch(/PRS2|app_id/);
    const evaluated = (await ctx.api.get(`/api/postresult/${app.app_id}`).set(office)).body
      .postresult as PostResultApplication;
    expect(evaluated).toMatchObject({
      status: 'EVALUATED',
      reval_marks: '50',
      final_marks: '48',
      outcome_rule: 'VTU',
      needs_third_valuation: false,
    });
    expect(evaluated.outcome).toMatch(/40 \+ 5 \+ ⌈0.5 × \(10 − 5\)⌉ = 48/);
    const computed = await act(app.app_id, 'compute', calc);
    expect(computed).toMatchObject({ status: 'RESULT_COMPUTED' });
    expect(computed.run_id).toBeTruthy();
    const [correction] = await q<{ kind: string; old: string; new: string; status: string }>(
      `SELECT kind, old, new, status FROM mark_correction WHERE correction_id = $1`,
      [computed.correction_id],
    );
    expect(correction).toMatchObject({ kind: 'REVALUATION', old: '40.00', new: '48.00', status: 'APPROVED' });
    const [mark] = await q<{ value: string; source: string }>(
      `SELECT value::text AS value, source FROM mark_record WHERE attempt_id = $1 AND component = 'EXT'`,
      [app.attempt_id],
    );
    expect(mark).toMatchObject({ value: '48.00', source: 'REVAL' });
    const r = await waitRun(computed.run_id!);
    expect(r).toMatchObject({ status: 'COMPUTED', version_count: 1 });
    // Not yet published: the outcome waits for the result.
    const early = await ctx.api.post(`/api/postresult/${app.app_id}/publish`).set(result).send({});
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/not published yet/);
  });

  it('VTU with a third (O 30, R 48, T 44 → 46); REPLACE (O 40, R 35 → 35); BETTER (→ 40)', async () => {
    const vtu = await appOf('PRS6').then(
      async (a) =>
        a ?? ((await apply(office, 'REVAL', attempts.PRS6!.PRT1!)).body.postresult as PostResultApplication),
    );
    const rep = (await apply(office, 'REVAL', attempts.PRS3!.PRT1!)).body.postresult as PostResultApplication;
    const better = await appOf('PRS1');
    for (const [app, examiner] of [
      [vtu, 'PRE2'],
      [rep, 'PRE3'],
      [better, 'PRE2'],
    ] as const) {
      await act(app.app_id, 'accept', office);
      await act(app.app_id, 'assign', office, { examiner_id: examiner });
    }
    const fict = async (appId: string) =>
      (await q<{ fict_no: string }>(`SELECT fict_no FROM post_result_coding WHERE app_id = $1`, [appId]))[0]!
        .fict_no;
    const needs = await act(vtu.app_id, 'record-marks', office, {
      fict_no: await fict(vtu.app_id),
      marks: '48',
    });
    expect(needs).toMatchObject({ status: 'EVALUATED', needs_third_valuation: true, final_marks: null });
    const blocked = await ctx.api.post(`/api/postresult/${vtu.app_id}/compute`).set(calc).send({});
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toMatch(/third valuation/);
    const third = await act(vtu.app_id, 'record-marks', office, {
      fict_no: await fict(vtu.app_id),
      third_marks: '44',
    });
    expect(third).toMatchObject({
      reval_marks: '48',
      third_marks: '44',
      final_marks: '46',
      needs_third_valuation: false,
    });
    const replaced = await act(rep.app_id, 'record-marks', office, {
      fict_no: await fict(rep.app_id),
      marks: '35',
    });
    expect(replaced).toMatchObject({ final_marks: '35', outcome_rule: 'REPLACE' });
    const kept = await act(better.app_id, 'record-marks', office, {
      fict_no: await fict(better.app_id),
      marks: '35',
    });
    expect(kept).toMatchObject({ final_marks: '40', outcome_rule: 'BETTER' });
    expect(kept.outcome).toMatch(/better of 40 and 35 = 40/);
    // BETTER keeps 40: no correction, no run; the outcome is published at once.
    const unchanged = await act(better.app_id, 'compute', calc);
    expect(unchanged).toMatchObject({ status: 'RESULT_COMPUTED', run_id: null, correction_id: null });
    const told = await act(better.app_id, 'publish', result);
    expect(told.notice).toMatch(/do not change/);
    await act(better.app_id, 'close', office);
    // The other two change marks: each starts a run; the later supersedes the earlier unpublished one.
    const c1 = await act(vtu.app_id, 'compute', calc);
    await waitRun(c1.run_id!);
    const c2 = await act(rep.app_id, 'compute', calc);
    const r2 = await waitRun(c2.run_id!);
    expect(r2.status).toBe('COMPUTED');
    expect((await ctx.api.get(`/api/resultrun/${c1.run_id}`).set(calc)).body.resultrun.status).toBe(
      'SUPERSEDED',
    );
  });

  it('the run published: each changed student a new version; outcomes published, student told', async () => {
    const runs = await q<{ run_id: string }>(
      `SELECT run_id FROM result_run WHERE exam_id = 'PR-MAIN' AND status = 'COMPUTED'`,
    );
    expect(runs).toHaveLength(1);
    await publish(runs[0]!.run_id, today);
    for (const [s, final] of [
      ['PRS2', '48'],
      ['PRS6', '46'],
      ['PRS3', '35'],
    ] as const) {
      const r = await latest(s);
      expect(r).toMatchObject({ version: 2, status: 'PUBLISHED', supersedes_version: 1 });
      expect(r.lines.find((l) => l.paper_id === 'PRT1')!.ext).toMatchObject({ value: final });
      const versions = (await ctx.api.get(`/api/studentresult?student_id=${s}&exam_id=PR-MAIN`).set(calc))
        .body.studentresult as StudentResult[];
      expect(versions.find((v) => v.version === 1)).toMatchObject({ status: 'SUPERSEDED' });
      const app = await appOf(s);
      const done = await act(app.app_id, 'publish', result);
      expect(done).toMatchObject({ status: 'PUBLISHED', new_version: 2 });
      expect(done.notice).toContain(`now ${final} (were`);
      expect(done.notice).toMatch(/revised as version 2/);
      await act(app.app_id, 'close', office);
    }
    // PRS1's own view: its (unchanged) application with the outcome.
    const own = (await ctx.api.get('/api/postresult').set(student)).body
      .postresult[0] as PostResultApplication;
    expect(own).toMatchObject({ status: 'CLOSED', final_marks: '40' });
    expect(own.notice).toMatch(/Revaluation of PRT1: BETTER/);
  });

  it('re-totalling: a recount, no re-coding, 40 → 42 in a new version; a rejection says why', async () => {
    const app = (await apply(student, 'RETOTAL', attempts.PRS1!.PRT2!)).body
      .postresult as PostResultApplication;
    expect(app).toMatchObject({ status: 'APPLIED', type: 'RETOTAL' });
    await act(app.app_id, 'accept', office);
    const sent = await act(app.app_id, 'assign', office, {});
    expect(sent).toMatchObject({ status: 'IN_PROCESS', examiner_id: null });
    expect(await q(`SELECT 1 FROM post_result_coding WHERE app_id = $1`, [app.app_id])).toHaveLength(0);
    const recounted = await act(app.app_id, 'record-marks', office, { marks: '42' });
    expect(recounted.outcome).toMatch(/recounted come to 42, not 40/);
    const computed = await act(app.app_id, 'compute', calc);
    await waitRun(computed.run_id!);
    await publish(computed.run_id!, today);
    const done = await act(app.app_id, 'publish', result);
    expect(done).toMatchObject({ new_version: 2 });
    expect((await latest('PRS1')).lines.find((l) => l.paper_id === 'PRT2')!.ext).toMatchObject({
      value: '42',
    });
    const photo = (await apply(student, 'PHOTOCOPY', attempts.PRS1!.PRT3!)).body
      .postresult as PostResultApplication;
    const noReason = await ctx.api.post(`/api/postresult/${photo.app_id}/reject`).set(office).send({});
    expect(noReason.status).toBe(422);
    const rejected = await act(photo.app_id, 'reject', office, { reason: 'Fee not paid within the window' });
    expect(rejected).toMatchObject({ status: 'REJECTED', status_reason: 'Fee not paid within the window' });
    expect(rejected.notice).toMatch(/rejected: Fee not paid/);
  });
});

describe("the list filters by exam (the office screen's Exam filter)", () => {
  it("?exam_id= answers that exam's applications (list, file); unknown none; malformed 422", async () => {
    // Two applications of two exams, whatever ran before: PRS4's PR-LATE paper as if applied for while its
    // window was open (the API now refuses it: the window has closed), and PRS7's PR-MAIN PRT4.
    for (const [appId, attemptId] of [
      ['PA-LATE-1', attempts.PRS4!.PRT1!],
      ['PA-MAIN-1', attempts.PRS7!.PRT4!],
    ]) {
      await q(
        `INSERT INTO post_result_application (app_id, type, attempt_id, status, student_id, college_id,
            exam_id, session_id, course_comb_id, sem_id, paper_id, applied_on, applied_by, last_day,
            original_version)
         SELECT $1, 'REVAL', a.attempt_id, 'APPLIED', a.student_id, s.college_id, a.exam_id, a.session_id,
                a.course_comb_id, a.sem_id, a.paper_id, $3, 'test', $3, 1
           FROM attempt a
           JOIN student s ON s.student_id = a.student_id
          WHERE a.attempt_id = $2`,
        [appId, attemptId, today],
      );
    }
    const [{ n: main } = { n: 0 }] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM post_result_application WHERE exam_id = 'PR-MAIN'`,
    );
    expect(main).toBeGreaterThanOrEqual(1);
    const late = await ctx.api.get('/api/postresult?exam_id=PR-LATE').set(office);
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    expect(
      late.body.postresult.map((p: PostResultApplication) => [p.app_id, p.exam_id, p.student_id]),
    ).toEqual([['PA-LATE-1', 'PR-LATE', 'PRS4']]);
    expect(late.body.total).toBe(1);
    const mainList = await ctx.api.get('/api/postresult?exam_id=PR-MAIN&limit=500').set(office);
    expect(mainList.body.total).toBe(main);
    expect(new Set(mainList.body.postresult.map((p: PostResultApplication) => p.exam_id))).toEqual(
      new Set(['PR-MAIN']),
    );
    // With the other filters, and in the download.
    expect(
      (await ctx.api.get('/api/postresult?exam_id=PR-LATE&status=APPLIED&type=REVAL').set(office)).body.total,
    ).toBe(1);
    expect((await ctx.api.get('/api/postresult?exam_id=PR-LATE&type=RETOTAL').set(office)).body.total).toBe(
      0,
    );
    const csv = await ctx.api.get('/api/postresult?exam_id=PR-LATE&format=csv').set(office);
    expect(csv.status).toBe(200);
    expect(csv.text.trim().split('\n')).toHaveLength(2);
    expect(csv.text).toContain('PA-LATE-1');
    // An exam without applications (or that does not exist) lists nothing, as every list's filter does; a
    // value that cannot be an id is refused.
    const none = await ctx.api.get('/api/postresult?exam_id=NO-SUCH-EXAM').set(office);
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ postresult: [], total: 0 });
    const bad = await ctx.api.get('/api/postresult?exam_id=a%20b').set(office);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['exam_id']);
    // The student's scope still applies under the filter: PRS4's application is not PRS1's.
    expect((await ctx.api.get('/api/postresult?exam_id=PR-LATE').set(student)).body).toMatchObject({
      postresult: [],
      total: 0,
    });
  });
});
