import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { approvedCandidates, arrange, courseQuery } from './arrange.ts';
import { axeProblems } from './axe.ts';
import {
  launch,
  openAs,
  openPage,
  runId,
  signIn,
  storedToken,
  suiteShots,
  workflowAction,
} from './browser.ts';

const describeBrowser = inject('browser') ? describe : describe.skip;

/** Screenshots of this suite, to be looked at: /tmp/results-e2e/<name>.png. */
const shotsDir = '/tmp/results-e2e';
const shot = suiteShots(shotsDir);

const RULESET = `RS-E2E-${runId}`;

/**
 * Rule sets as the result cell reads them (lifecycle §4.1): a rule set with two versions (the second lowers
 * the second division to 45 %, doubles G1's grace budget, switches G3 on and gives revaluation 20 days); its
 * rules as tables, and the two versions side by side with the differences listed first and marked in the
 * tables (in words, not only by colour), in English and Hindi, with the keyboard and without axe violations.
 */
describeBrowser('rule sets: readable tables and a comparison of versions', () => {
  let browser: Browser;
  let admin: string;

  beforeAll(async () => {
    browser = await launch();
    const { page } = await openPage(browser);
    await signIn(page, 'admin@university.test');
    admin = (await storedToken(page))!;
    await page.context().close();
    const { ruleset: preset } = (await arrange(admin, 'GET', '/ruleset/OLD-A/1')) as {
      ruleset: {
        rules: Record<string, unknown> & {
          divisions: Array<{ code: string; min_percent: string }>;
          grace: Array<{ rule_id: string; enabled: boolean; params: Record<string, unknown> }>;
          reval: { window_days: number };
        };
      };
    };
    await arrange(admin, 'POST', '/ruleset', {
      ruleset_id: RULESET,
      version: 1,
      scheme: 'OLD',
      title: 'E2E divisions (first)',
      rules: preset.rules,
      status: 'RETIRED',
    });
    const rules = structuredClone(preset.rules);
    rules.divisions = rules.divisions.map((d) => (d.code === 'II' ? { ...d, min_percent: '45' } : d));
    rules.grace = rules.grace.map((g) =>
      g.rule_id === 'G1'
        ? { ...g, params: { ...g.params, budget_percent_of_aggregate_max: '2' } }
        : g.rule_id === 'G3'
          ? { ...g, enabled: true }
          : g,
    );
    rules.reval = { ...rules.reval, window_days: 20 };
    await arrange(admin, 'POST', '/ruleset', {
      ruleset_id: RULESET,
      version: 2,
      scheme: 'OLD',
      title: 'E2E divisions (second)',
      rules,
      status: 'ACTIVE',
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('the calculate user reads a version as tables and compares it with the version before', async () => {
    const { page } = await openPage(browser);
    await openAs(page, 'calculate@university.test', '/RuleSetRules');
    await page.getByRole('heading', { name: 'Rule set rules' }).waitFor();
    await page.getByRole('link', { name: `Rules ${RULESET}@2` }).click();
    await page.getByRole('heading', { name: 'Divisions' }).waitFor();
    for (const heading of [
      'Marks and passing',
      'Grade bands',
      'Grace and condonation',
      'SGPA and CGPA',
      'Rounding',
      'Revaluation',
    ]) {
      await page.getByRole('heading', { name: heading }).waitFor();
    }
    const divisions = page
      .getByRole('table')
      .filter({ has: page.getByRole('columnheader', { name: 'From %' }) })
      .first();
    expect(
      await divisions
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: 'II', exact: true }) })
        .textContent(),
    ).toContain('45');
    const grace = page
      .getByRole('table')
      .filter({ has: page.getByRole('columnheader', { name: 'What it allows' }) });
    expect(
      await grace
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: 'G1', exact: true }) })
        .textContent(),
    ).toContain('budget 2 % of the aggregate maximum');
    expect(await axeProblems(page)).toEqual([]);
    await shot(page, 'ruleset-rules');

    // Compare with version 1: by the keyboard from the link, the differences first, then the marked tables.
    await page.getByRole('link', { name: 'Compare with version 1' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Compare rule set versions' }).waitFor();
    await page.getByText(`4 rows differ between ${RULESET}@1 and ${RULESET}@2.`).waitFor();
    const summary = page.locator('ul.diff-summary');
    expect(await summary.textContent()).toMatch(/Divisions · II: changed \(From %\)/);
    expect(await summary.textContent()).toMatch(/Grace and condonation · G3: changed \(In use\)/);
    expect(await summary.textContent()).toMatch(/Revaluation · Window \(days\): changed/);
    await page.getByRole('heading', { name: /Divisions \(1 differences\)/ }).waitFor();
    await page.getByRole('heading', { name: /Grade bands \(the same\)/ }).waitFor();
    const changedCell = page.locator('td.diff-new').filter({ hasText: '45' });
    expect(await changedCell.first().textContent()).toContain('(changed)');
    expect(await axeProblems(page)).toEqual([]);
    await shot(page, 'ruleset-compare');

    // The comparison in Hindi.
    await page.getByRole('button', { name: 'हिन्दी' }).click();
    await page.getByRole('heading', { name: 'नियम-समूह के संस्करणों की तुलना' }).waitFor();
    await page.getByRole('heading', { name: /श्रेणियाँ/ }).waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await shot(page, 'ruleset-compare-hindi');
    await page.getByRole('button', { name: 'English' }).click();
    await page.context().close();
  }, 120_000);

  it('admin reaches the tables from the master-data view of a version', async () => {
    const { page } = await openPage(browser);
    await openAs(page, 'admin@university.test', `/ViewRuleSet?id=${RULESET}&version=2`);
    await page.getByRole('link', { name: 'Rules as tables' }).click();
    await page.getByRole('heading', { name: 'Grace and condonation' }).waitFor();
    expect(page.url()).toContain(`ruleset_id=${RULESET}&version=2`);
    await page.context().close();
  }, 60_000);
});

const EXAM = `RS-E2E-${runId}`;
const COURSE = { session_id: '2024-25', course_comb_id: 'BSC01', sem_id: '1' };
const COURSE_KEY = `${COURSE.session_id}/${COURSE.course_comb_id}/${COURSE.sem_id}`;
const NOTIFICATION = `NOTIF/${runId}/2026`;
const day = 86_400_000;

interface Batch {
  batch_id: string;
  component: string;
  paper_id: string;
  max_marks: string;
  updated_at: string;
}
interface Row {
  attempt_id: string;
  student_id?: string;
}

/**
 * A result from locked marks to the student's dashboard (lifecycle S8, state machine H), each step on its
 * screen as its role: three candidates of C101 (NEP rule set) get every internal, external and practical mark
 * LOCKED through the marks API (the first passes everything, the second fails one external, the third is
 * absent in one); the calculate user sees nothing blocking, starts the run and follows its progress, reads
 * counts and exceptions, runs again and sees the diff; the result cell verifies and downloads the tabulation
 * register; admin approves; the result cell publishes with the notification number; every line's explanation
 * is one click away for the office and for the student on its dashboard, an absentee's paper reads AB (never
 * 0); the analysis shows counts, bars, colleges and the merit list.
 */
describeBrowser('a result run from locked marks to publication and the student dashboard', () => {
  let browser: Browser;
  let admin: string;
  let office: string;
  let held = '';
  const students: string[] = [];

  beforeAll(async () => {
    browser = await launch();
    const { page } = await openPage(browser);
    await signIn(page, 'admin@university.test');
    admin = (await storedToken(page))!;
    await page.context().close();
    const o = await openPage(browser);
    await signIn(o.page, 'office@university.test');
    office = (await storedToken(o.page))!;
    await o.page.context().close();
    const call = (method: string, url: string, body?: unknown) => arrange(admin, method, url, body);
    await call('POST', '/exam', {
      exam_id: EXAM,
      exam_desc: 'Results e2e',
      active_status: 0,
      session_id: '2024-25',
    });
    await call('POST', '/examccinfo', {
      exam_id: EXAM,
      ...COURSE,
      base_fee: '800',
      form_open_at: new Date(Date.now() - day).toISOString(),
      form_due_at: new Date(Date.now() + 10 * day).toISOString(),
      late_fee_close_at: new Date(Date.now() + 20 * day).toISOString(),
    });
    await call('POST', `/examccinfo/${EXAM}/${COURSE_KEY}/open-forms`, {});
    students.push(...(await approvedCandidates(admin, EXAM, COURSE, 'C101', 3)));
    expect(students.length).toBe(3);
    await call('POST', '/entrybatch-open', { exam_id: EXAM, component: 'INT' });
    await call('POST', '/entrybatch-open', { exam_id: EXAM, component: 'EXT' });
    const { paperinfosem } = (await call('GET', `/paperinfosem?${courseQuery(COURSE)}&limit=100`)) as {
      paperinfosem: Array<{ paper_id: string; th_pr_status: string }>;
    };
    for (const p of paperinfosem.filter((x) => x.th_pr_status === 'PR')) {
      await call('POST', '/entrybatch', {
        component: 'PR',
        exam_id: EXAM,
        ...COURSE,
        paper_id: p.paper_id,
        college_id: 'C101',
        practical_date: '2026-12-10',
        practical_shift: 'FN',
        lab: 'Lab 1',
        internal_examiner: 'Dr. A',
        external_examiner: 'Dr. B',
      });
    }
    const { entrybatch } = (await call('GET', `/entrybatch?exam_id=${EXAM}&limit=200&sort=paper_id`)) as {
      entrybatch: Batch[];
    };
    expect(entrybatch.length).toBeGreaterThan(2);
    const firstExt = entrybatch.find((b) => b.component === 'EXT')!;
    const secondExt = entrybatch.filter((b) => b.component === 'EXT')[1] ?? firstExt;
    // The last batch stays SUBMITTED: the calculate user first sees it block the run.
    held = entrybatch.at(-1)!.batch_id;
    for (const b of entrybatch) {
      const { rows, updated_at } = (await call('GET', `/entrybatch/${b.batch_id}/rows`)) as {
        rows: Row[];
        updated_at: string;
      };
      const max = Number(b.max_marks);
      const values = rows.map((r) => {
        const who = students.indexOf(r.student_id ?? '');
        // The second candidate fails the first external paper; the third is absent in the second.
        if (b.batch_id === firstExt.batch_id && who === 1)
          return { attempt_id: r.attempt_id, value: String(Math.floor(max * 0.1)) };
        if (b.batch_id === secondExt.batch_id && who === 2) return { attempt_id: r.attempt_id, status: 'AB' };
        return { attempt_id: r.attempt_id, value: String(Math.floor(max * (who === 0 ? 0.85 : 0.62))) };
      });
      await call('PUT', `/entrybatch/${b.batch_id}/rows`, { rows: values, updated_at });
      // Keyed and submitted by one person, verified and locked by another.
      await call('POST', `/entrybatch/${b.batch_id}/submit`, {});
      if (b.batch_id !== held)
        for (const action of ['verify', 'lock'])
          await arrange(office, 'POST', `/entrybatch/${b.batch_id}/${action}`, {});
    }
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'calculate: a batch not locked blocks the run (named on the screen and in the refusal); once locked ' +
      'the run starts with its progress, counts and exceptions show; a second run shows the diff',
    async () => {
      const { page } = await openPage(browser);
      await openAs(page, 'calculate@university.test', '/CalculateNew');
      await page.getByLabel('Exam', { exact: true }).selectOption(EXAM);
      await page.getByLabel('Course-semester', { exact: true }).selectOption(COURSE_KEY);
      await page.getByText(/^1 of \d+ entry batches are not LOCKED/).waitFor();
      await page
        .getByRole('table', { name: 'Batches not locked' })
        .getByRole('rowheader', { name: held })
        .waitFor();
      await page.getByLabel('Scheme').selectOption('NEP');
      await page.getByRole('button', { name: 'Compute results' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: `${held}` })
        .filter({ hasText: /is SUBMITTED/ })
        .waitFor();
      expect(await axeProblems(page)).toEqual([]);
      await shot(page, 'calculate-blocked');
      for (const action of ['verify', 'lock'])
        await arrange(office, 'POST', `/entrybatch/${held}/${action}`, {});
      await page.reload();
      await page.getByText(/entry batches are LOCKED: the run can start/).waitFor();
      await page.getByLabel('Scheme').selectOption('NEP');
      await page.getByRole('button', { name: 'Compute results' }).click();
      await page.getByRole('progressbar').first().waitFor();
      await page.getByText(/^Finished:/).waitFor({ timeout: 60_000 });
      await page.getByRole('heading', { name: /^Run \S+ · BSC01/ }).waitFor();
      const runs = page.getByRole('table', { name: 'Result runs' });
      await runs.getByText('Computed', { exact: true }).first().waitFor();
      await page.getByText('The first run of this course-semester: 3 students computed.').waitFor();
      expect(await axeProblems(page)).toEqual([]);
      await shot(page, 'calculate-run');
      // Again: the new run supersedes the first, and the diff says nothing changed.
      await page.getByRole('button', { name: 'Compute results' }).click();
      await page
        .getByText(/^Against run \S+: 0 students changed, 3 unchanged\.$/)
        .waitFor({ timeout: 60_000 });
      await runs.getByText('Superseded by a later run').waitFor();
      await shot(page, 'calculate-rerun-diff');
      await page.context().close();
    },
    180_000,
  );

  it(
    'result verifies and gets the register, admin approves, result publishes with the notification ' +
      'number',
    async () => {
      const { resultrun } = (await arrange(admin, 'GET', `/resultrun?exam_id=${EXAM}&status=COMPUTED`)) as {
        resultrun: Array<{ run_id: string }>;
      };
      const runId = resultrun[0]!.run_id;
      const address = `/ResultNep?exam_id=${EXAM}&course=${encodeURIComponent(COURSE_KEY)}&run_id=${runId}`;
      const result = await openPage(browser);
      await openAs(result.page, 'result@university.test', address);
      await workflowAction(result.page, 'Verify');
      await result.page
        .getByRole('group', { name: 'Status and actions' })
        .getByText('Verified', { exact: true })
        .waitFor();
      const [register] = await Promise.all([
        result.page.waitForEvent('download'),
        result.page.getByRole('button', { name: 'Tabulation register (PDF)' }).click(),
      ]);
      const file = path.join(shotsDir, 'register.pdf');
      mkdirSync(shotsDir, { recursive: true });
      await register.saveAs(file);
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '60',
        '-f',
        '1',
        '-l',
        '1',
        file,
        path.join(shotsDir, 'register'),
      ]);
      expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain(students[0]!);

      const a = await openPage(browser);
      await openAs(a.page, 'admin@university.test', address);
      await workflowAction(a.page, 'Approve');
      await a.page
        .getByRole('group', { name: 'Status and actions' })
        .getByText('Approved', { exact: true })
        .waitFor();
      await a.page.context().close();

      await result.page.reload();
      // Publishing without the notification number is refused in the dialog; with it, the run is published.
      await workflowAction(result.page, 'Publish', { refused: true });
      await result.page
        .getByRole('dialog')
        .getByText('Give the notification number first (beside the actions).')
        .waitFor();
      await result.page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await result.page.getByLabel('Notification number').fill(NOTIFICATION);
      await workflowAction(result.page, 'Publish');
      await result.page
        .getByRole('group', { name: 'Status and actions' })
        .getByText('Published', { exact: true })
        .waitFor();
      await result.page
        .getByText(new RegExp(NOTIFICATION.replace(/\//g, '\\/')))
        .first()
        .waitFor();
      expect(await axeProblems(result.page)).toEqual([]);
      await shot(result.page, 'result-published');
      await result.page.context().close();
    },
    180_000,
  );

  it(
    'the office reads a student result line by line with each explanation one click away, in English and ' +
      'Hindi',
    async () => {
      const { page } = await openPage(browser);
      await openAs(page, 'result@university.test', `/ListStudentResultDetail?exam_id=${EXAM}`);
      await page.getByRole('link', { name: `View ${students[2]} ${EXAM}` }).click();
      await page.getByRole('heading', { name: 'View Student Result Detail' }).waitFor();
      const lines = page.getByRole('table', { name: 'Papers' }).first();
      await lines.waitFor();
      // The absentee's paper reads AB, never 0.
      const absent = lines
        .getByRole('row')
        .filter({ has: page.locator('abbr', { hasText: 'AB' }) })
        .first();
      expect(await absent.textContent()).toContain('Absent');
      const why = absent.getByRole('button', { name: /^Why\? / });
      await why.focus();
      await page.keyboard.press('Enter');
      // The same button now hides the explanation again.
      expect(await absent.getByRole('button', { name: /^Hide / }).getAttribute('aria-expanded')).toBe('true');
      await page.locator('tr.explanation-row:not([hidden]) ol.explanation-steps li').first().waitFor();
      expect(await axeProblems(page)).toEqual([]);
      await shot(page, 'student-result-view');
      await page.getByRole('button', { name: 'हिन्दी' }).click();
      await page.getByRole('heading', { name: 'विद्यार्थी परिणाम विवरण देखें' }).waitFor();
      await shot(page, 'student-result-view-hindi');
      await page.getByRole('button', { name: 'English' }).click();
      await page.context().close();
    },
    120_000,
  );

  it('the analysis: counts, distribution bars, colleges and the merit list', async () => {
    const { page } = await openPage(browser);
    await openAs(
      page,
      'result@university.test',
      `/ResultCourseCombinationDetail?exam_id=${EXAM}&course=${encodeURIComponent(COURSE_KEY)}`,
    );
    await page.getByText('The latest published version of each student.').waitFor();
    await page.getByRole('term').filter({ hasText: 'Registered' }).waitFor();
    await page.getByRole('table', { name: 'By college' }).getByRole('rowheader', { name: /^C101/ }).waitFor();
    await page.getByRole('table', { name: 'Merit list (first attempt only)' }).waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await shot(page, 'result-analysis');
    // Every course-semester of the exam in one table.
    await page.goto(`/ResultCourseDetail?exam_id=${EXAM}`);
    const row = page
      .getByRole('table', { name: 'Published results by course-semester' })
      .getByRole('row')
      .filter({ hasText: 'BSC01' });
    await row.getByText('33.33').waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await shot(page, 'result-course-detail');
    await page.context().close();
  }, 120_000);

  it('the student sees its published result and each explanation on its dashboard', async () => {
    const { page } = await openPage(browser);
    await signIn(page, 'student@university.test');
    await page.getByRole('heading', { name: 'My results' }).waitFor();
    const card = page.locator('article.result-card').filter({ hasText: EXAM });
    await card.waitFor();
    expect(await card.textContent()).toContain(NOTIFICATION);
    await card
      .getByRole('button', { name: /^Why\? / })
      .first()
      .click();
    await card.locator('tr.explanation-row:not([hidden]) ol.explanation-steps li').first().waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await shot(page, 'student-dashboard-results');
    await page.getByRole('button', { name: 'हिन्दी' }).click();
    await page.getByRole('heading', { name: 'मेरे परिणाम' }).waitFor();
    await shot(page, 'student-dashboard-results-hindi');
    await page.getByRole('button', { name: 'English' }).click();
    await page.context().close();
  }, 120_000);
});
