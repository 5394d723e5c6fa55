import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { arrange, examReadyForMarks, lockedMarks, publishedResult } from './arrange.ts';
import { axeProblems } from './axe.ts';
import {
  launch,
  openAs,
  openPage,
  runId,
  signIn,
  suiteShots,
  tokenOf,
  workflowAction,
  savedDownload,
} from './browser.ts';

const describeBrowser = inject('browser') ? describe : describe.skip;

/** Screenshots of this suite, to be looked at: /tmp/documents-e2e/<name>.png. */
const shotsDir = '/tmp/documents-e2e';
const shot = suiteShots(shotsDir);

// Its own exam of the demo student's second semester (one form per exam and semester).
const EXAM = `DC-E2E-${runId}`;
const COURSE = { session_id: '2024-25', course_comb_id: 'BSC01', sem_id: '2' };

/**
 * A student's marksheet from a published result to issued (lifecycle S10/S11, state machine J), in Chromium:
 * the demo student's result of its own exam is published through the API; the document cell drafts its
 * marksheet (a draft without the exam is refused, what was typed kept); a second person (document_admin, who
 * also holds the document cell's capability: the demo data has one document user) checks it; document_admin
 * approves it from its queue (serial and signed QR fixed); the document cell issues it; the public
 * verification page (no sign-in) shows VALID, an altered code NOT GENUINE; the student downloads it from its
 * dashboard.
 */
describeBrowser('documents: a marksheet from a published result to issued, verified and downloaded', () => {
  let browser: Browser;
  let docToken: string;
  let student = '';
  let docId = '';

  beforeAll(async () => {
    browser = await launch();
    const [admin, office, calc, result] = await Promise.all(
      ['admin', 'office', 'calculate', 'result'].map((r) => tokenOf(`${r}@university.test`)),
    );
    docToken = await tokenOf('document@university.test');
    const ready = await examReadyForMarks(admin, EXAM, 'Documents e2e', COURSE);
    student = ready.student;
    await lockedMarks(admin, office, ready.batches, (b) => String(Math.floor(Number(b.max_marks) * 0.7)));
    await publishedResult({ calc, result, admin }, EXAM, COURSE, `DC/${runId}`);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
  });

  const openDocument = async (page: Page) => {
    await page.getByRole('button', { name: `Open ${docId}` }).click();
    await page.locator('.doc-detail').waitFor();
  };

  it(
    'the document cell drafts the marksheet from the published result; a draft without the exam is ' +
      'refused, nothing lost',
    async () => {
      const { page } = await openPage(browser);
      await signIn(page, 'document@university.test');
      await page.getByRole('link', { name: 'Documents' }).click();
      await page.getByRole('heading', { name: 'Document Old' }).waitFor();
      await page.goto('/DocsNewMarksheet');
      const form = page.getByRole('form', { name: 'Draft a document' });
      await form.getByLabel('Student').fill(student);
      await form.getByRole('button', { name: 'Draft' }).click();
      await page
        .locator('.form-errors')
        .getByText(/basis\.exam_id|Exam:/)
        .first()
        .waitFor();
      expect(await form.getByLabel('Student').inputValue()).toBe(student);
      await shot(page, 'draft-refused');
      await form.getByLabel('Exam', { exact: true }).selectOption(EXAM);
      await form.getByRole('button', { name: 'Draft' }).click();
      await page.getByText(new RegExp(`Marksheet of ${student} is drafted \\((\\S+)\\)`)).waitFor();
      const message = (await page.getByText(new RegExp(`Marksheet of ${student} is drafted`)).textContent())!;
      docId = /drafted \((\S+)\)/.exec(message)![1]!;
      const detail = page.locator('.doc-detail');
      await detail.locator('.status-badge', { hasText: 'Drafted' }).waitFor();
      await detail.getByRole('table', { name: 'Papers as printed' }).waitFor();
      // The preparer may not check its own draft (maker–checker): the API refuses it, said in the dialog.
      await page
        .getByRole('group', { name: 'Status and actions' })
        .getByRole('button', { name: 'Check' })
        .click();
      await page.getByRole('dialog').getByRole('button', { name: 'Check' }).click();
      await page
        .getByRole('dialog')
        .getByText(/another person checks it/)
        .waitFor();
      await shot(page, 'maker-checker-refused');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).last().click();
      expect(await axeProblems(page)).toEqual([]);
      await shot(page, 'drafted');
      await page.context().close();
    },
    120_000,
  );

  it(
    'a second person checks it, and document_admin approves it from the queue: serial and QR ' + 'fixed',
    async () => {
      const { page } = await openPage(browser);
      await openAs(page, 'document_admin@university.test', '/DocumentNew');
      await page
        .getByRole('form', { name: 'Filter documents' })
        .getByLabel('Exam', { exact: true })
        .selectOption(EXAM);
      await openDocument(page);
      await workflowAction(page, 'Check');
      await page.locator('.doc-detail .status-badge', { hasText: 'Checked' }).waitFor();
      await page.goto('/DocumentAdminNew');
      await page.getByRole('heading', { name: 'Approval queue' }).waitFor();
      await openDocument(page);
      await workflowAction(page, 'Approve');
      await page.getByText(/is approved: its serial number and signed QR are fixed/).waitFor();
      await page.locator('.doc-detail .status-badge', { hasText: 'Approved' }).waitFor();
      await page.locator('.doc-detail h2', { hasText: /MS\/\d{4}\/\d+/ }).waitFor();
      expect(await axeProblems(page)).toEqual([]);
      await shot(page, 'approved');
      await page.context().close();
    },
    120_000,
  );

  it(
    'the document cell issues it; the verification page shows VALID without sign-in, an altered code NOT ' +
      'GENUINE',
    async () => {
      const { page } = await openPage(browser);
      await openAs(page, 'document@university.test', '/DocsNewMarksheet');
      await openDocument(page);
      await workflowAction(page, 'Issue');
      await page.locator('.doc-detail .status-badge', { hasText: 'Issued' }).waitFor();
      await page.getByRole('link', { name: 'Open the verification page' }).waitFor();
      await shot(page, 'issued');
      // The whole exam as a batch job: the one student already has its marksheet, so it is skipped with the
      // reason.
      const batch = page.getByRole('form', { name: 'Marksheets of a whole exam' });
      await batch.getByLabel('Exam of the batch').selectOption(EXAM);
      await batch.getByRole('button', { name: 'Draft the marksheets' }).click();
      const progress = page.locator('.job-progress[data-status="succeeded"]');
      await progress.getByText(/0 drafted, \d+ PDFs checked, 1 skipped\./).waitFor({ timeout: 60_000 });
      expect(await progress.locator('.doc-skipped').textContent()).toContain(student);
      expect(await axeProblems(page)).toEqual([]);
      await shot(page, 'batch-done');
      await page.context().close();

      const { document } = (await arrange(docToken, 'GET', `/document/${docId}`)) as {
        document: { verification_token: string; serial_no: string };
      };
      const visitor = await openPage(browser);
      await visitor.page.goto(`/verify/${document.verification_token}`);
      await visitor.page
        .locator('.verify-banner[data-state="VALID"]')
        .getByText('VALID', { exact: true })
        .waitFor();
      const facts = (await visitor.page.locator('.verify-facts').textContent())!;
      expect(facts).toContain(document.serial_no);
      expect(facts).toContain('Marksheet');
      expect(await axeProblems(visitor.page)).toEqual([]);
      await shot(visitor.page, 'verify-valid');
      await visitor.page.getByRole('button', { name: 'हिन्दी' }).click();
      await visitor.page
        .locator('.verify-banner[data-state="VALID"]')
        .getByText('मान्य', { exact: true })
        .waitFor();
      await shot(visitor.page, 'verify-valid-hi');
      await visitor.page.getByRole('button', { name: 'English' }).click();
      // One character of the signature changed: shown as altered or forged.
      const token = document.verification_token;
      const altered = `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.at(-1)}`;
      await visitor.page.goto(`/verify/${altered}`);
      await visitor.page.locator('.verify-banner[data-state="NOT_GENUINE"]').waitFor();
      await shot(visitor.page, 'verify-altered');
      await visitor.context.close();
    },
    120_000,
  );

  it('the student downloads its issued marksheet from its dashboard', async () => {
    const { page } = await openPage(browser);
    await signIn(page, 'student@university.test');
    const mine = page.locator('section.student-documents');
    // Its own marksheet by serial: documents-degree.e2e issues the same student more (one database for the
    // suite).
    const { document } = (await arrange(docToken, 'GET', `/document/${docId}`)) as {
      document: { serial_no: string };
    };
    const button = mine.getByRole('button', { name: `Download ${document.serial_no}`, exact: true });
    await button.waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await shot(page, 'student-dashboard');
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^MS-\d{4}-\d+\.pdf$/);
    const file = await savedDownload(download);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    await page.context().close();
  }, 120_000);
});
