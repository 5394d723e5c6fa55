import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { approvedCandidates, arrange } from './arrange.ts';
import {
  baseUrl,
  launch,
  openAs,
  openPage,
  openSignedIn,
  runId,
  screenshotsDir,
  shot,
  tokenOf,
  workflowAction,
} from './browser.ts';

const describeBrowser = inject('browser') ? describe : describe.skip;

const EXAM = `MK-E2E-${runId}`;
const COURSE = { session_id: '2024-25', course_comb_id: 'BSC01', sem_id: '1' };
const day = 86_400_000;

/**
 * Marks entry in the browser (lifecycle S3, S7; state machine G): candidates of C101 sit a new exam; the
 * office opens the internal batches; the college's physics faculty user keys PHY101's internal marks with the
 * keyboard only (Enter moves down, AB sets the status), sees the draft save itself, and submits; the office
 * verifies and locks. A practical batch goes the same way. The award sheet is rendered to a picture to be
 * looked at.
 */
describeBrowser('marks entry through the grid', () => {
  let browser: Browser;
  let office: string;
  const students: string[] = [];
  const call = arrange;

  beforeAll(async () => {
    browser = await launch();
    office = await tokenOf('office@university.test');
    // A new exam with C101's first-semester B.Sc. candidates, their forms taken to approval (attempts
    // created).
    await call(office, 'POST', '/exam', {
      exam_id: EXAM,
      exam_desc: 'Marks e2e',
      active_status: 0,
      session_id: '2024-25',
    });
    await call(office, 'POST', '/examccinfo', {
      exam_id: EXAM,
      ...COURSE,
      base_fee: '800',
      form_open_at: new Date(Date.now() - day).toISOString(),
      form_due_at: new Date(Date.now() + 10 * day).toISOString(),
      late_fee_close_at: new Date(Date.now() + 20 * day).toISOString(),
    });
    await call(
      office,
      'POST',
      `/examccinfo/${EXAM}/${COURSE.session_id}/${COURSE.course_comb_id}/${COURSE.sem_id}/open-forms`,
      {},
    );
    students.push(...(await approvedCandidates(office, EXAM, COURSE, 'C101', 4)));
    expect(students.length).toBeGreaterThanOrEqual(3);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
  });

  /** Types into the focused cell and presses Enter: nothing but the keyboard. */
  const key = async (page: Page, text: string) => {
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');
  };

  it(
    'the faculty user opens its own internal batches, office the rest; the faculty user keys them with ' +
      'the keyboard only, sees autosave and submits; office verifies and locks',
    async () => {
      const faculty = await openSignedIn(browser, 'faculty.college@university.test');
      const p = faculty.page;
      await p.goto(`/ListInternal?exam_id=${EXAM}`);
      await p.getByRole('button', { name: 'Open internal batches' }).click();
      await p.getByText(/internal batches opened for/).waitFor();
      await shot(p, 'marks-internal-opened-by-faculty');

      const { page } = await openPage(browser);
      await openAs(page, 'office@university.test', `/ListInternal?exam_id=${EXAM}`);
      await page.getByRole('button', { name: 'Open internal batches' }).click();
      await page.getByText(/internal batches opened for/).waitFor();
      await shot(page, 'marks-internal-list');
      await page.context().close();

      await p.reload();
      // The PHY faculty user of C101 sees its department's batch (PHY101) only.
      await p.getByRole('cell', { name: 'PHY101', exact: true }).waitFor();
      expect(await p.getByRole('cell', { name: 'CHE101', exact: true }).count()).toBe(0);
      await p.getByRole('link', { name: 'Enter marks' }).first().click();
      await p.getByRole('heading', { name: 'New Scheme Internal Entry' }).waitFor();
      const cells = p.locator('input.mark-input');
      await cells.first().waitFor();
      const n = await cells.count();
      await cells.first().focus();
      // 26 is above the maximum 25: the error shows beside the cell, and the cell is fixed by typing over it.
      await p.keyboard.type('26');
      await p.getByText('Above the maximum 25').waitFor();
      await shot(p, 'marks-grid-error');
      await p.keyboard.press('Backspace');
      await p.keyboard.press('Backspace');
      await key(p, '18.5');
      await key(p, 'AB');
      for (let i = 2; i < n; i += 1) await key(p, String(12 + i));
      await p
        .getByTestId('save-state')
        .getByText(/^Saved \d\d:\d\d$/)
        .waitFor({ timeout: 15_000 });
      await expect.poll(() => p.getByTestId('totals').innerText()).toContain(`Pending: 0`);
      await shot(p, 'marks-grid-saved');
      await workflowAction(p, 'Final submit');
      await p.getByText(/is submitted: \d+ rows/).waitFor();
      await shot(p, 'marks-grid-submitted');
      const batchId = new URL(p.url()).searchParams.get('batch_id')!;
      const rows = (await call(office, 'GET', `/entrybatch/${batchId}/rows`)) as {
        rows: Array<{ value: string | null; status: string | null }>;
      };
      expect(rows.rows[0]).toMatchObject({ value: '18.50', status: null });
      expect(rows.rows[1]).toMatchObject({ value: null, status: 'AB' });
      await faculty.page.context().close();

      const o = await openPage(browser);
      await openAs(o.page, 'office@university.test', `/NewSchemeInternalEntry?batch_id=${batchId}`);
      await workflowAction(o.page, 'Verify');
      await o.page.getByText(/is verified/).waitFor();
      await workflowAction(o.page, 'Lock');
      await o.page.getByText(/is now Locked/).waitFor();
      await expect
        .poll(async () => o.page.locator('input.mark-input').first().getAttribute('readonly'))
        .not.toBeNull();
      await shot(o.page, 'marks-grid-locked');
      // The same screen in Hindi.
      await o.page.getByRole('button', { name: 'हिन्दी' }).click();
      await o.page.getByRole('heading', { name: 'नई योजना आंतरिक अंक प्रविष्टि' }).waitFor();
      await shot(o.page, 'marks-grid-hindi');
      await o.page.getByRole('button', { name: 'English' }).click();
      // The award sheet for signatures, rendered to a picture to look at.
      const pdf = await fetch(`${baseUrl()}/api/entrybatch/${batchId}/pdf`, {
        headers: { Authorization: `Bearer ${office}` },
      });
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      mkdirSync(screenshotsDir, { recursive: true });
      const file = path.join(screenshotsDir, 'marks-award-sheet.pdf');
      writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '60',
        '-f',
        '1',
        '-l',
        '1',
        file,
        path.join(screenshotsDir, 'marks-award-sheet'),
      ]);
      await o.page.context().close();
    },
    180_000,
  );

  it(
    'a practical batch: office creates it, the faculty user keys it, office verifies and ' + 'locks',
    async () => {
      const created = (await call(office, 'POST', '/entrybatch', {
        component: 'PR',
        exam_id: EXAM,
        ...COURSE,
        paper_id: 'PHY101P',
        college_id: 'C101',
        practical_date: '2026-12-10',
        practical_shift: 'FN',
        lab: 'Physics Lab 1',
        internal_examiner: 'Dr. Meena Rao',
        external_examiner: 'Dr. Arun Sinha',
      })) as { entrybatch: { batch_id: string } };
      const id = created.entrybatch.batch_id;
      const faculty = await openSignedIn(browser, 'faculty.college@university.test');
      const p = faculty.page;
      await p.goto(`/ExtPracticalEntry?batch_id=${id}`);
      const cells = p.locator('input.mark-input');
      await cells.first().waitFor();
      await cells.first().focus();
      const n = await cells.count();
      for (let i = 0; i < n; i += 1) await key(p, i === n - 1 ? 'AB' : String(35 + i));
      await p
        .getByTestId('save-state')
        .getByText(/^Saved \d\d:\d\d$/)
        .waitFor({ timeout: 15_000 });
      await workflowAction(p, 'Final submit');
      await p.getByText(/is submitted/).waitFor();
      await shot(p, 'marks-practical-submitted');
      await faculty.page.context().close();
      await call(office, 'POST', `/entrybatch/${id}/verify`, {});
      const locked = (await call(office, 'POST', `/entrybatch/${id}/lock`, {})) as {
        entrybatch: { status: string };
      };
      expect(locked.entrybatch.status).toBe('LOCKED');
    },
    120_000,
  );
});
