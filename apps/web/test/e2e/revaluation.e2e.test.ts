import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { arrange, examReadyForMarks, lockedMarks, publishedResult, publishRun } from './arrange.ts';
import { axeProblems } from './axe.ts';
import { launch, openAs, openPage, runId, signIn, suiteShots, tokenOf, workflowAction } from './browser.ts';

const describeBrowser = inject('browser') ? describe : describe.skip;

/** Screenshots of this suite, to be looked at: /tmp/revaluation-e2e/<name>.png. */
const shotsDir = '/tmp/revaluation-e2e';
const shot = suiteShots(shotsDir);

// Its own exam, of the demo student's second semester (results.e2e publishes its first).
const EXAM = `RV-E2E-${runId}`;
const COURSE = { session_id: '2024-25', course_comb_id: 'BSC01', sem_id: '2' };
const EXAMINER = `RVX${runId}`;

interface Batch {
  batch_id: string;
  component: string;
  paper_id: string;
  max_marks: string;
}

/**
 * Revaluation from a published result to a revised one (lifecycle S9, state machine I): the demo student's
 * result of its own exam is published (marks locked and the run published through the API); in Chromium the
 * student applies for one theory paper's revaluation from its published papers; the office accepts it, sends
 * the book to another examiner under a new fictitious number and enters the revaluation marks on the award
 * list by that number only; calculate applies the outcome (BETTER) and the new result version is published;
 * the office publishes the outcome, and the student reads it with its explanation and the revised version on
 * its own screen.
 */
describeBrowser(
  'revaluation: a student applies, the office processes, the revised result shown with its explanation',
  () => {
    let browser: Browser;
    let admin: string;
    let office: string;
    let calc: string;
    let result: string;
    let student = '';
    let paper = '';
    let original = '';

    beforeAll(async () => {
      browser = await launch();
      [admin, office, calc, result] = await Promise.all(
        ['admin', 'office', 'calculate', 'result'].map((r) => tokenOf(`${r}@university.test`)),
      );
      const call = (method: string, url: string, body?: unknown) => arrange(admin, method, url, body);
      let entrybatch: Batch[];
      ({ student, batches: entrybatch } = await examReadyForMarks(admin, EXAM, 'Revaluation e2e', COURSE));
      const ext = entrybatch.find((b) => b.component === 'EXT')!;
      paper = ext.paper_id;
      original = String(Math.floor(Number(ext.max_marks) * 0.5));
      await lockedMarks(admin, office, entrybatch, (b) =>
        b.batch_id === ext.batch_id ? original : String(Math.floor(Number(b.max_marks) * 0.7)),
      );
      await publishedResult({ calc, result, admin }, EXAM, COURSE, `RV/${runId}`);
      await call('POST', '/examiner', { examiner_id: EXAMINER, name: 'Dr. Second Examiner' });
    }, 300_000);
    afterAll(async () => {
      await browser?.close();
    });

    it('the student applies for revaluation of a theory paper from its published result', async () => {
      const { page } = await openPage(browser);
      await signIn(page, 'student@university.test');
      // From its published results on the dashboard.
      await page
        .getByRole('link', { name: 'Apply for re-totalling or revaluation, or see your applications' })
        .click();
      await page.getByRole('heading', { name: 'Revaluation Entry' }).waitFor();
      const row = page
        .getByRole('table', { name: 'Papers of your published results' })
        .getByRole('row')
        .filter({ hasText: EXAM })
        .filter({ hasText: paper });
      await row.getByText('You may apply').waitFor();
      expect(await axeProblems(page)).toEqual([]);
      await shot(page, 'student-apply');
      await row.getByRole('button', { name: `Apply for ${paper}` }).click();
      await page.getByText(/^Revaluation application \S+ for \S+ is received/).waitFor();
      const card = page.locator('li.reval-card').filter({ hasText: EXAM });
      await card.getByText('Applied', { exact: true }).waitFor();
      // A second paper is above the limit now: the screen says why.
      await page
        .locator('tr')
        .filter({ hasText: EXAM })
        .filter({ hasText: /already has an open revaluation application|At most 1 paper/ })
        .first()
        .waitFor();
      await shot(page, 'student-applied');
      await page.context().close();
    }, 120_000);

    it(
      'the office accepts, re-codes for another examiner, enters the marks by fictitious number; the ' +
        'outcome is applied and published',
      async () => {
        const { page } = await openPage(browser);
        await openAs(page, 'office@university.test', '/RevalEntry');
        // The Exam filter narrows the list on the server: only this suite's application (others revalue the
        // same student).
        await page.getByLabel('Exam').fill(EXAM);
        const row = page
          .getByRole('table', { name: 'Applications (1)' })
          .getByRole('row')
          .filter({ hasText: student });
        await row.getByRole('button', { name: /^Open / }).click();
        await workflowAction(page, 'Accept');
        await page.locator('.status-badge', { hasText: 'Accepted' }).first().waitFor();
        await page.getByLabel('Examiner (not the first one)').fill(EXAMINER);
        await workflowAction(page, 'Send for evaluation');
        await page.locator('.reval-detail .status-badge', { hasText: 'In process' }).waitFor();
        // The award list: the new fictitious number, never the student or its roll number.
        const award = page
          .getByRole('region', { name: 'Revaluation award list' })
          .or(page.locator('section[aria-labelledby="reval-award"]'));
        const book = award.getByRole('row').filter({ hasText: EXAM });
        const fict = (await book.getByRole('rowheader').textContent())!.trim();
        expect(fict).toMatch(/^RV\d{8}$/);
        expect(await award.textContent()).not.toContain(student);
        const revalued = String(Number(original) + 6);
        await book.getByLabel(`Marks of ${fict}`).fill(revalued);
        await book.getByRole('button', { name: `Save ${fict}` }).click();
        await page.getByText(new RegExp(`Revaluation marks of ${fict}: recorded: BETTER`)).waitFor();
        expect(await axeProblems(page)).toEqual([]);
        await shot(page, 'office-award-list');

        // Calculate applies the outcome (a REVALUATION correction and a run); the result section publishes
        // the new version.
        const { postresult } = (await arrange(office, 'GET', `/postresult?exam_id=${EXAM}`)) as {
          postresult: Array<{ app_id: string; exam_id: string; final_marks: string }>;
        };
        expect(postresult.map((a) => a.exam_id)).toEqual([EXAM]);
        expect(postresult[0]!.final_marks).toBe(revalued);
        const computed = (await arrange(
          calc,
          'POST',
          `/postresult/${postresult[0]!.app_id}/compute`,
          {},
        )) as {
          postresult: { run_id: string };
        };
        await publishRun({ calc, result, admin }, computed.postresult.run_id, `RV/${runId}/2`);

        await page.reload();
        await page.getByLabel('Exam').fill(EXAM);
        await page
          .getByRole('table', { name: 'Applications (1)' })
          .getByRole('row')
          .filter({ hasText: student })
          .getByRole('button', { name: /^Open / })
          .click();
        await workflowAction(page, 'Publish outcome');
        const detail = page.locator('.reval-detail');
        await detail.getByText(/revised as version 2/).waitFor();
        expect(await detail.textContent()).toContain(
          `BETTER: the better of ${original} and ${revalued} = ${revalued}`,
        );
        expect(await axeProblems(page)).toEqual([]);
        await shot(page, 'office-outcome-published');
        await page.context().close();
      },
      180_000,
    );

    it(
      'the student reads the outcome with its explanation, and its revised result on the ' + 'dashboard',
      async () => {
        const { page } = await openPage(browser);
        await openAs(page, 'student@university.test', '/RevalEntry');
        const card = page.locator('li.reval-card').filter({ hasText: EXAM });
        await card.getByText('Published', { exact: true }).waitFor();
        await card.getByText(`Your external marks are now`).waitFor();
        expect(await card.textContent()).toMatch(/revised as version 2/);
        expect(await card.locator('ol.reval-steps').textContent()).toMatch(/BETTER: the better of/);
        expect(await axeProblems(page)).toEqual([]);
        await shot(page, 'student-outcome');
        await page.goto('/Dashboard');
        const result = page.locator('article.result-card').filter({ hasText: EXAM });
        await result.first().waitFor();
        await shot(page, 'student-dashboard-revised');
        await page.context().close();
      },
      120_000,
    );
  },
);
