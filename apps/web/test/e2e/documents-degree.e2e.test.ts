import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { arrange, examReadyForMarks, publishedResult } from './arrange.ts';
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

// Its own exam of the demo student's second semester (one form per exam and semester; documents.e2e has
// another).
const EXAM = `DG-E2E-${runId}`;
const COURSE = { session_id: '2024-25', course_comb_id: 'BSC01', sem_id: '2' };
const STATIONERY = `SS-${runId}`.slice(0, 40);

interface Batch {
  batch_id: string;
  component: string;
  max_marks: string;
}
interface Row {
  attempt_id: string;
}
interface Doc {
  doc_id: string;
  updated_at: string;
  serial_no: string | null;
  verification_token: string | null;
  status: string;
  marker: string | null;
  stationery_serial: string | null;
}

/**
 * The rest of lifecycle S10/S11 in Chromium: the demo student's DEGREE from its published result to issued
 * (the document cell drafts on /DocsNewDegree, a second person checks, document_admin approves on
 * /DocsNewDegreeAdmin with the pre-printed sheet's stationery serial, the document cell issues; its PDF
 * rendered; /verify shows VALID), and a revision: after a marks correction makes a new published result
 * version, a REVISED marksheet is drafted, checked, approved and issued, and the old marksheet's /verify page
 * then shows SUPERSEDED, naming the serial that replaced it.
 */
describeBrowser('documents: a degree to issued, and a REVISED marksheet superseding the old one', () => {
  let browser: Browser;
  let admin = '';
  let office = '';
  let calc = '';
  let result = '';
  let docToken = '';
  let docAdminToken = '';
  let student = '';
  let attempt = '';
  let extMax = '';
  let degreeId = '';
  let oldMarksheet: Doc;
  let revisedId = '';

  const publishRun = (notification: string) =>
    publishedResult({ calc, result, admin }, EXAM, COURSE, notification);
  const docAct = async (token: string, id: string, action: string, body: Record<string, unknown> = {}) => {
    const { document } = (await arrange(token, 'GET', `/document/${id}`)) as { document: Doc };
    return (
      (await arrange(token, 'POST', `/document/${id}/${action}`, {
        ...body,
        updated_at: document.updated_at,
      })) as { document: Doc }
    ).document;
  };

  beforeAll(async () => {
    browser = await launch();
    [admin, office, calc, result, docToken, docAdminToken] = await Promise.all(
      ['admin', 'office', 'calculate', 'result', 'document', 'document_admin'].map((r) =>
        tokenOf(`${r}@university.test`),
      ),
    );
    const call = (method: string, url: string, body?: unknown) => arrange(admin, method, url, body);
    let entrybatch: Batch[];
    ({ student, batches: entrybatch } = await examReadyForMarks(admin, EXAM, 'Degree e2e', COURSE));
    for (const b of entrybatch) {
      const { rows, updated_at } = (await call('GET', `/entrybatch/${b.batch_id}/rows`)) as {
        rows: Row[];
        updated_at: string;
      };
      const value = String(Math.floor(Number(b.max_marks) * 0.7));
      if (!attempt && b.component === 'EXT' && rows[0]) [attempt, extMax] = [rows[0].attempt_id, b.max_marks];
      await call('PUT', `/entrybatch/${b.batch_id}/rows`, {
        rows: rows.map((r) => ({ attempt_id: r.attempt_id, value })),
        updated_at,
      });
      await call('POST', `/entrybatch/${b.batch_id}/submit`, {});
      for (const action of ['verify', 'lock'])
        await arrange(office, 'POST', `/entrybatch/${b.batch_id}/${action}`, {});
    }
    expect(attempt).not.toBe('');
    await publishRun(`DG/${runId}`);
    // The marksheet of version 1, issued (its own screens are documents.e2e's): the one the revision
    // supersedes.
    const drafted = (await arrange(docToken, 'POST', '/document', {
      doc_type: 'MARKSHEET',
      student_id: student,
      basis: { exam_id: EXAM },
    })) as { document: Doc };
    const id = drafted.document.doc_id;
    await docAct(docAdminToken, id, 'check');
    await docAct(docAdminToken, id, 'approve');
    oldMarksheet = await docAct(docToken, id, 'issue');
    expect(oldMarksheet.status).toBe('ISSUED');
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
  });

  const openDocument = async (page: Page, id: string) => {
    await page.getByRole('button', { name: `Open ${id}` }).click();
    await page.locator('.doc-detail').waitFor();
  };
  const draftOn = async (page: Page, screen: string, label: string) => {
    await page.goto(screen);
    const form = page.getByRole('form', { name: 'Draft a document' });
    await form.getByLabel('Student').fill(student);
    await form.getByLabel('Exam', { exact: true }).selectOption(EXAM);
    await form.getByRole('button', { name: 'Draft' }).click();
    const drafted = page.getByText(new RegExp(`${label} of ${student} is drafted \\((\\S+)\\)`));
    await drafted.waitFor();
    return /drafted \((\S+)\)/.exec((await drafted.textContent())!)![1]!;
  };
  /** Checked by a second person (document_admin, who also holds the document cell's capability). */
  const checkAsSecondPerson = async (page: Page, screen: string, id: string) => {
    await page.goto(screen);
    await page
      .getByRole('form', { name: 'Filter documents' })
      .getByLabel('Exam', { exact: true })
      .selectOption(EXAM);
    await openDocument(page, id);
    await workflowAction(page, 'Check');
    await page.locator('.doc-detail .status-badge', { hasText: 'Checked' }).waitFor();
  };

  it('the document cell drafts the degree on /DocsNewDegree from the published result', async () => {
    const { page } = await openPage(browser);
    await signIn(page, 'document@university.test');
    degreeId = await draftOn(page, '/DocsNewDegree', 'Degree');
    const detail = page.locator('.doc-detail');
    await detail.locator('.status-badge', { hasText: 'Drafted' }).waitFor();
    await detail.getByText('Approval by document_admin is mandatory for this type.').waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await shot(page, 'degree-drafted');
    await page.context().close();
  }, 120_000);

  it(
    'a second person checks it; document_admin approves it on /DocsNewDegreeAdmin with the stationery ' +
      'serial',
    async () => {
      const { page } = await openPage(browser);
      await signIn(page, 'document_admin@university.test');
      await checkAsSecondPerson(page, '/DocsNewDegree', degreeId);
      await page.goto('/DocsNewDegreeAdmin');
      await page.getByRole('heading', { name: 'Approval queue' }).waitFor();
      await openDocument(page, degreeId);
      await page.getByLabel('Stationery serial (pre-printed sheet)').fill(STATIONERY);
      await workflowAction(page, 'Approve');
      await page.getByText(/is approved: its serial number and signed QR are fixed/).waitFor();
      const detail = page.locator('.doc-detail');
      await detail.locator('.status-badge', { hasText: 'Approved' }).waitFor();
      await detail.locator('.doc-facts').getByText(STATIONERY, { exact: true }).waitFor();
      expect(await axeProblems(page)).toEqual([]);
      await shot(page, 'degree-approved');
      await page.context().close();
    },
    120_000,
  );

  it('the document cell issues the degree; its PDF renders; /verify shows VALID', async () => {
    const { page } = await openPage(browser);
    await openAs(page, 'document@university.test', '/DocsNewDegree');
    await openDocument(page, degreeId);
    await workflowAction(page, 'Issue');
    const detail = page.locator('.doc-detail');
    await detail.locator('.status-badge', { hasText: 'Issued' }).waitFor();
    await page.getByRole('link', { name: 'Open the verification page' }).waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await shot(page, 'degree-issued');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      detail.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    const file = await savedDownload(download);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    mkdirSync(shotsDir, { recursive: true });
    copyFileSync(file, path.join(shotsDir, 'degree.pdf'));
    try {
      execFileSync('pdftoppm', [
        '-r',
        '60',
        '-png',
        path.join(shotsDir, 'degree.pdf'),
        path.join(shotsDir, 'degree-pdf'),
      ]);
    } catch (error) {
      console.warn(`pdftoppm could not render the degree PDF: ${String(error)}`);
    }
    await page.context().close();

    const { document } = (await arrange(docToken, 'GET', `/document/${degreeId}`)) as { document: Doc };
    expect(document).toMatchObject({ status: 'ISSUED', stationery_serial: STATIONERY });
    const visitor = await openPage(browser);
    await visitor.page.goto(`/verify/${document.verification_token}`);
    await visitor.page
      .locator('.verify-banner[data-state="VALID"]')
      .getByText('VALID', { exact: true })
      .waitFor();
    const facts = (await visitor.page.locator('.verify-facts').textContent())!;
    expect(facts).toContain(document.serial_no);
    expect(facts).toContain('Degree');
    expect(await axeProblems(visitor.page)).toEqual([]);
    await shot(visitor.page, 'degree-verify-valid');
    await visitor.context.close();
  }, 120_000);

  it(
    'after a new published result version, a REVISED marksheet is drafted, checked, approved and ' + 'issued',
    async () => {
      // A marks correction (office asks, admin approves) and a new run: the demo student's result gets
      // version 2.
      const revisedMark = String(Math.floor(Number(extMax) * 0.9));
      const { markcorrection } = (await arrange(office, 'POST', '/markcorrection', {
        attempt_id: attempt,
        component: 'EXT',
        new: revisedMark,
        reason: 'Totalling error on the answer book (e2e)',
        kind: 'DATA_ENTRY',
      })) as { markcorrection: { correction_id: string } };
      await arrange(admin, 'POST', `/markcorrection/${markcorrection.correction_id}/approve`, {});
      await publishRun(`DG/${runId}/2`);

      const { page } = await openPage(browser);
      await signIn(page, 'document@university.test');
      revisedId = await draftOn(page, '/DocsNewMarksheet', 'Marksheet');
      await page.getByText(/as REVISED: issuing it supersedes the document it revises/).waitFor();
      const detail = page.locator('.doc-detail');
      await detail.locator('.doc-marker', { hasText: 'REVISED' }).waitFor();
      await detail.locator('.doc-facts').getByRole('button', { name: oldMarksheet.doc_id }).waitFor();
      await shot(page, 'revised-drafted');
      await page.context().close();

      const second = await openPage(browser);
      await signIn(second.page, 'document_admin@university.test');
      await checkAsSecondPerson(second.page, '/DocsNewMarksheet', revisedId);
      await second.page.goto('/DocumentAdminNew');
      await second.page.getByRole('heading', { name: 'Approval queue' }).waitFor();
      await openDocument(second.page, revisedId);
      await workflowAction(second.page, 'Approve');
      await second.page.locator('.doc-detail .status-badge', { hasText: 'Approved' }).waitFor();
      await second.page.context().close();

      const third = await openPage(browser);
      await openAs(third.page, 'document@university.test', '/DocsNewMarksheet');
      await openDocument(third.page, revisedId);
      // Still VALID until the revision is issued.
      const before = (await arrange(docToken, 'GET', `/document/${oldMarksheet.doc_id}`)) as {
        document: Doc;
      };
      expect(before.document.status).toBe('ISSUED');
      await workflowAction(third.page, 'Issue');
      await third.page.locator('.doc-detail .status-badge', { hasText: 'Issued' }).waitFor();
      expect(await axeProblems(third.page)).toEqual([]);
      await shot(third.page, 'revised-issued');
      await third.page.context().close();
    },
    300_000,
  );

  it(
    "the old marksheet's /verify page then shows SUPERSEDED, naming the serial that replaced " + 'it',
    async () => {
      const { document: revised } = (await arrange(docToken, 'GET', `/document/${revisedId}`)) as {
        document: Doc;
      };
      expect(revised).toMatchObject({ status: 'ISSUED', marker: 'REVISED' });
      expect(revised.serial_no).not.toBe(oldMarksheet.serial_no);
      const visitor = await openPage(browser);
      await visitor.page.goto(`/verify/${oldMarksheet.verification_token}`);
      const banner = visitor.page.locator('.verify-banner[data-state="SUPERSEDED"]');
      await banner.getByText('SUPERSEDED', { exact: true }).waitFor();
      expect(await banner.textContent()).toContain(`Replaced by ${revised.serial_no}.`);
      expect(await visitor.page.locator('.verify-facts').textContent()).toContain(oldMarksheet.serial_no);
      expect(await axeProblems(visitor.page)).toEqual([]);
      await shot(visitor.page, 'verify-superseded');
      // The revision's own code is VALID and says REVISED.
      await visitor.page.goto(`/verify/${revised.verification_token}`);
      await visitor.page.locator('.verify-banner[data-state="VALID"]').waitFor();
      expect(await visitor.page.locator('.verify-facts').textContent()).toContain('(REVISED)');
      await shot(visitor.page, 'verify-revised-valid');
      await visitor.context.close();
    },
    120_000,
  );
});
