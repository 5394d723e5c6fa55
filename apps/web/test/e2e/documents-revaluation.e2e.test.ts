import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  arrange,
  examReadyForMarks,
  lockedMarks,
  publishedResult,
  publishRun,
  type ResultPeople,
} from './arrange.ts';
import { axeProblems } from './axe.ts';
import { baseUrl, launch, openPage, runId, signIn, suiteShots, tokenOf, workflowAction } from './browser.ts';

const describeBrowser = inject('browser') ? describe : describe.skip;

/** Screenshots of this suite, to be looked at: /tmp/documents-revaluation-e2e/<name>.png. */
const shotsDir = '/tmp/documents-revaluation-e2e';
const shot = suiteShots(shotsDir);

// Its own exam of the demo student's second semester (one form per exam and semester; the other suites have
// theirs).
const EXAM = `DR-E2E-${runId}`;
const COURSE = { session_id: '2024-25', course_comb_id: 'BSC01', sem_id: '2' };
const EXAMINER = `DRX${runId}`;

interface Doc {
  doc_id: string;
  updated_at: string;
  serial_no: string | null;
  verification_token: string | null;
  status: string;
  marker: string | null;
  supersedes: string | null;
  superseded_by: string | null;
  basis: { version?: number | null };
}
interface Line {
  paper_id: string;
  paper_code: string;
  ext: { value: string | null; status: string | null };
}
interface MarksheetPayload {
  lines: Line[];
  totals: { result: { en: string }; sgpa: string | null; total: string | null };
}
interface Application {
  app_id: string;
  exam_id: string;
  paper_id: string;
  student_id: string;
  status: string;
  final_marks: string | null;
  new_version: number | null;
}
interface Verified {
  signature_valid: boolean;
  reason: string | null;
  message: string;
  document: {
    status: string;
    serial_no: string;
    marker: string | null;
    superseded_by: string | null;
    result: string | null;
  } | null;
}

/**
 * Issue 16's revaluation case (lifecycle S9 → S10/S11, machines I and J): the demo student's result of its
 * own exam is published (through the API); in Chromium the document cell drafts its marksheet and issues it
 * once a second person has checked it and document_admin approved it (through the API: documents.e2e drives
 * those screens). In Chromium the student applies for revaluation of a theory paper from its published
 * result; the office accepts it, re-codes it for another examiner, the marks are entered on the revaluation
 * award list, the outcome is applied and the new result version published (through the API: revaluation.e2e
 * drives those screens). The document cell then drafts the marksheet again in Chromium: it is REVISED,
 * revises the issued one and prints the revalued mark; once it is checked, approved and issued, the old
 * marksheet's code answers SUPERSEDED naming the new serial (on /verify, no sign-in, and on GET /api/verify)
 * and the new one VALID with the revised result.
 */
describeBrowser('documents after a revaluation: the REVISED marksheet supersedes the issued one', () => {
  let browser: Browser;
  let admin = '';
  let office = '';
  let people: ResultPeople;
  let docToken = '';
  let docAdminToken = '';
  let student = '';
  let paper = '';
  let original = '';
  let revalued = '';
  let oldId = '';
  let newId = '';

  const docOf = async (id: string) =>
    ((await arrange(docToken, 'GET', `/document/${id}`)) as { document: Doc & { payload: MarksheetPayload } })
      .document;
  /** A second person (document_admin) checks a draft and approves it: the screens are documents.e2e's. */
  const checkAndApprove = async (id: string) => {
    for (const action of ['check', 'approve']) {
      const { updated_at } = await docOf(id);
      await arrange(docAdminToken, 'POST', `/document/${id}/${action}`, { updated_at });
    }
    expect((await docOf(id)).status).toBe('APPROVED');
  };
  const verifyApi = async (token: string) => {
    const res = await fetch(`${baseUrl()}/api/verify/${token}`);
    expect(res.status).toBe(200);
    return (await res.json()) as Verified;
  };

  beforeAll(async () => {
    browser = await launch();
    let calc: string;
    let result: string;
    [admin, office, calc, result, docToken, docAdminToken] = await Promise.all(
      ['admin', 'office', 'calculate', 'result', 'document', 'document_admin'].map((r) =>
        tokenOf(`${r}@university.test`),
      ),
    );
    people = { calc, result, admin };
    const ready = await examReadyForMarks(admin, EXAM, 'Documents revaluation e2e', COURSE);
    student = ready.student;
    // The first external batch's paper is the one revalued: its marks of record are half the maximum, the
    // rest 70 %.
    const ext = ready.batches.find((b) => b.component === 'EXT')!;
    paper = ext.paper_id;
    original = String(Math.floor(Number(ext.max_marks) * 0.5));
    revalued = String(Number(original) + 6);
    await lockedMarks(admin, office, ready.batches, (b) =>
      b.batch_id === ext.batch_id ? original : String(Math.floor(Number(b.max_marks) * 0.7)),
    );
    await publishedResult(people, EXAM, COURSE, `DR/${runId}`);
    await arrange(admin, 'POST', '/examiner', { examiner_id: EXAMINER, name: 'Dr. Revaluing Examiner' });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
  });

  const draftMarksheet = async (page: Page) => {
    await page.goto('/DocsNewMarksheet');
    const form = page.getByRole('form', { name: 'Draft a document' });
    await form.getByLabel('Student').fill(student);
    await form.getByLabel('Exam', { exact: true }).selectOption(EXAM);
    await form.getByRole('button', { name: 'Draft' }).click();
    const drafted = page.getByText(new RegExp(`Marksheet of ${student} is drafted \\((\\S+)\\)`));
    await drafted.waitFor();
    return /drafted \((\S+)\)/.exec((await drafted.textContent())!)![1]!;
  };
  /** The document cell issues an approved marksheet from its screen (found by the exam filter). */
  const issueOnScreen = async (page: Page, id: string) => {
    await page.goto('/DocsNewMarksheet');
    await page
      .getByRole('form', { name: 'Filter documents' })
      .getByLabel('Exam', { exact: true })
      .selectOption(EXAM);
    await page.getByRole('button', { name: `Open ${id}` }).click();
    const detail = page.locator('.doc-detail');
    await detail.locator('.status-badge', { hasText: 'Approved' }).waitFor();
    await workflowAction(page, 'Issue');
    await detail.locator('.status-badge', { hasText: 'Issued' }).waitFor();
    await page.getByRole('link', { name: 'Open the verification page' }).waitFor();
    return detail;
  };
  /** The External cell of the revalued paper's row in the detail's "Papers as printed". */
  const printedExternal = async (page: Page, paperCode: string) => {
    const row = page
      .locator('.doc-detail')
      .getByRole('table', { name: 'Papers as printed' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${paperCode} `) }) });
    // Paper, Maximum, Internal, External: the third data cell.
    return (await row.getByRole('cell').nth(2).textContent())!.trim();
  };

  it(
    'the document cell drafts the marksheet of the published result and, once checked and approved, ' +
      'issues it',
    async () => {
      const { page } = await openPage(browser);
      await signIn(page, 'document@university.test');
      oldId = await draftMarksheet(page);
      const detail = page.locator('.doc-detail');
      await detail.locator('.status-badge', { hasText: 'Drafted' }).waitFor();
      expect(await detail.locator('.doc-marker').count()).toBe(0);
      const { payload } = await docOf(oldId);
      const code = payload.lines.find((l) => l.paper_id === paper)!.paper_code;
      expect(Number(await printedExternal(page, code))).toBe(Number(original));
      await shot(page, 'marksheet-drafted');

      await checkAndApprove(oldId);
      await issueOnScreen(page, oldId);
      expect(await axeProblems(page)).toEqual([]);
      await shot(page, 'marksheet-issued');
      await page.context().close();
      const issued = await docOf(oldId);
      expect(issued).toMatchObject({ status: 'ISSUED', marker: null, basis: { version: 1 } });
      expect((await verifyApi(issued.verification_token!)).document?.status).toBe('VALID');
    },
    180_000,
  );

  it('the student applies for revaluation of the theory paper from its published result', async () => {
    const { page } = await openPage(browser);
    await signIn(page, 'student@university.test');
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
    await row.getByRole('button', { name: `Apply for ${paper}` }).click();
    await page.getByText(/^Revaluation application \S+ for \S+ is received/).waitFor();
    await page
      .locator('li.reval-card')
      .filter({ hasText: EXAM })
      .getByText('Applied', { exact: true })
      .waitFor();
    await shot(page, 'student-applied');
    await page.context().close();
  }, 120_000);

  it(
    'the office processes it (accepted, re-coded, revalued BETTER) and the recomputed result is published ' +
      'as version 2',
    async () => {
      const applications = async () =>
        ((await arrange(office, 'GET', `/postresult?exam_id=${EXAM}`)) as { postresult: Application[] })
          .postresult;
      const [application, ...more] = await applications();
      expect(more).toEqual([]);
      expect(application).toMatchObject({ paper_id: paper, student_id: student, status: 'APPLIED' });
      const app = `/postresult/${application!.app_id}`;
      await arrange(office, 'POST', `${app}/accept`, {});
      await arrange(office, 'POST', `${app}/assign`, { examiner_id: EXAMINER });
      const { rows } = (await arrange(office, 'GET', `/revalawardlist?exam_id=${EXAM}`)) as {
        rows: Array<{ fict_no: string; paper_id: string }>;
      };
      expect(rows.map((r) => r.paper_id)).toEqual([paper]);
      const recorded = (await arrange(office, 'POST', '/revalawardlist', {
        fict_no: rows[0]!.fict_no,
        marks: revalued,
      })) as { message: string };
      expect(recorded.message).toMatch(/BETTER/);
      const computed = (await arrange(people.calc, 'POST', `${app}/compute`, {})) as {
        postresult: { run_id: string };
      };
      await publishRun(people, computed.postresult.run_id, `DR/${runId}/2`);
      await arrange(office, 'POST', `${app}/publish`, {});
      const [outcome] = await applications();
      expect(outcome).toMatchObject({ status: 'PUBLISHED', new_version: 2 });
      expect(Number(outcome!.final_marks)).toBe(Number(revalued));
      // Nothing happens to the issued marksheet by itself: it stays VALID until a revision is issued.
      const old = await docOf(oldId);
      expect(old.status).toBe('ISSUED');
      expect((await verifyApi(old.verification_token!)).document?.status).toBe('VALID');
    },
    180_000,
  );

  it(
    'the document cell drafts the REVISED marksheet from version 2: it revises the issued one and prints ' +
      'the revalued mark',
    async () => {
      const { page } = await openPage(browser);
      await signIn(page, 'document@university.test');
      newId = await draftMarksheet(page);
      await page.getByText(/as REVISED: issuing it supersedes the document it revises/).waitFor();
      const detail = page.locator('.doc-detail');
      await detail.locator('.status-badge', { hasText: 'Drafted' }).waitFor();
      await detail.locator('.doc-marker', { hasText: 'REVISED' }).waitFor();
      await detail.locator('.doc-facts').getByRole('button', { name: oldId }).waitFor();
      const { payload } = await docOf(newId);
      const code = payload.lines.find((l) => l.paper_id === paper)!.paper_code;
      expect(Number(await printedExternal(page, code))).toBe(Number(revalued));
      expect(await detail.locator('.doc-values .doc-facts').textContent()).toMatch(
        new RegExp(`Result version\\s*2 · DR/${runId}/2`),
      );
      await detail
        .locator('.doc-values li', { hasText: 'Revised after revaluation / correction of the result' })
        .waitFor();
      expect(await axeProblems(page)).toEqual([]);
      await shot(page, 'revised-drafted');

      await checkAndApprove(newId);
      // Approved is not issued: the old marksheet is still in force.
      expect((await docOf(oldId)).status).toBe('ISSUED');
      await issueOnScreen(page, newId);
      await detail.locator('.doc-marker', { hasText: 'REVISED' }).waitFor();
      expect(await axeProblems(page)).toEqual([]);
      await shot(page, 'revised-issued');
      // The old one, opened from the revision: SUPERSEDED by it.
      await detail.locator('.doc-facts').getByRole('button', { name: oldId }).click();
      await page.locator('.doc-detail .status-badge', { hasText: 'Superseded' }).waitFor();
      await page.locator('.doc-detail .doc-facts').getByRole('button', { name: newId }).waitFor();
      await shot(page, 'old-superseded');
      await page.context().close();
    },
    180_000,
  );

  it(
    "the old marksheet's code answers SUPERSEDED naming the new serial (page and API); the new one VALID " +
      'with the revised result',
    async () => {
      const old = await docOf(oldId);
      const revised = await docOf(newId);
      expect(revised).toMatchObject({
        status: 'ISSUED',
        marker: 'REVISED',
        supersedes: oldId,
        basis: { version: 2 },
      });
      expect(old).toMatchObject({ status: 'SUPERSEDED', superseded_by: newId });
      expect(revised.serial_no).not.toBe(old.serial_no);

      const visitor = await openPage(browser);
      await visitor.page.goto(`/verify/${old.verification_token}`);
      const banner = visitor.page.locator('.verify-banner[data-state="SUPERSEDED"]');
      await banner.getByText('SUPERSEDED', { exact: true }).waitFor();
      expect(await banner.textContent()).toContain(`Replaced by ${revised.serial_no}.`);
      const oldFacts = (await visitor.page.locator('.verify-facts').textContent())!;
      expect(oldFacts).toContain(old.serial_no);
      if (old.payload.totals.sgpa) expect(oldFacts).toContain(`SGPA ${old.payload.totals.sgpa}`);
      expect(await axeProblems(visitor.page)).toEqual([]);
      await shot(visitor.page, 'verify-old-superseded');

      await visitor.page.goto(`/verify/${revised.verification_token}`);
      await visitor.page
        .locator('.verify-banner[data-state="VALID"]')
        .getByText('VALID', { exact: true })
        .waitFor();
      const facts = (await visitor.page.locator('.verify-facts').textContent())!;
      expect(facts).toContain(`${revised.serial_no}`);
      expect(facts).toContain('Marksheet (REVISED)');
      expect(facts).toContain(revised.payload.totals.result.en);
      if (revised.payload.totals.sgpa) expect(facts).toContain(`SGPA ${revised.payload.totals.sgpa}`);
      expect(await axeProblems(visitor.page)).toEqual([]);
      await shot(visitor.page, 'verify-revised-valid');
      await visitor.context.close();

      const before = await verifyApi(old.verification_token!);
      expect(before).toMatchObject({
        signature_valid: true,
        reason: null,
        document: { status: 'SUPERSEDED', serial_no: old.serial_no, superseded_by: revised.serial_no },
      });
      expect(before.message).toContain(`(${revised.serial_no})`);
      const after = await verifyApi(revised.verification_token!);
      expect(after).toMatchObject({
        signature_valid: true,
        document: { status: 'VALID', serial_no: revised.serial_no, marker: 'REVISED' },
      });
      // The revised payload carries the revalued mark; the old one the mark of record.
      expect(Number(revised.payload.lines.find((l) => l.paper_id === paper)!.ext.value)).toBe(
        Number(revalued),
      );
      expect(Number(old.payload.lines.find((l) => l.paper_id === paper)!.ext.value)).toBe(Number(original));
      expect(Number(revised.payload.totals.total)).toBe(Number(old.payload.totals.total) + 6);
    },
    120_000,
  );
});
