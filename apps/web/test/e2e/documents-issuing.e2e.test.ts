import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  approvedCandidates,
  arrange,
  courseQuery,
  lockedMarks,
  publishedResult,
  type OpenedBatch,
} from './arrange.ts';
import { axeProblems } from './axe.ts';
import { api, launch, openAs, openPage, runId, suiteShots, tokenOf, savedDownload } from './browser.ts';

const describeBrowser = inject('browser') ? describe : describe.skip;

/** Screenshots of this suite, to be looked at: /tmp/documents-issuing-e2e/<name>.png. */
const shotsDir = '/tmp/documents-issuing-e2e';
const shot = suiteShots(shotsDir);

// Its own exam, and a student of C101 other than the demo student: documents-degree.e2e issues the demo
// student's degree of BSC01, and a student holds one degree per programme.
const EXAM = `IS-E2E-${runId}`;
const COURSE = { session_id: '2024-25', course_comb_id: 'BSC01', sem_id: '2' };
const DEMO_STUDENT = '2024C101001';
const CONVOCATION = '2027-02-12';
/** As the degree prints it (templates' printedDate: DD-MM-YYYY). */
const PRINTED = '12-02-2027';

/**
 * Issuing details in Chromium: document_admin records the convocation date on its degree queue (a date in the
 * wrong form refused on the field, what was typed kept), and a degree the document cell drafts afterwards is
 * told, shows and prints that date. Also the marksheet's "Papers as printed" table at 1280 px: every column
 * inside its frame.
 */
describeBrowser(
  'documents: issuing details recorded by document_admin, printed on a degree drafted afterwards',
  () => {
    let browser: Browser;
    let admin = '';
    let docToken = '';
    let student = '';

    beforeAll(async () => {
      browser = await launch();
      const tokens = await Promise.all(
        ['admin', 'office', 'calculate', 'result', 'document'].map((r) => tokenOf(`${r}@university.test`)),
      );
      const [office, calc, result] = [tokens[1]!, tokens[2]!, tokens[3]!];
      [admin, docToken] = [tokens[0]!, tokens[4]!];
      const call = (method: string, url: string, body?: unknown) => arrange(admin, method, url, body);
      const day = 86_400_000;
      await call('POST', '/exam', {
        exam_id: EXAM,
        exam_desc: 'Issuing details e2e',
        active_status: 0,
        session_id: COURSE.session_id,
      });
      await call('POST', '/examccinfo', {
        exam_id: EXAM,
        ...COURSE,
        base_fee: '800',
        form_open_at: new Date(Date.now() - day).toISOString(),
        form_due_at: new Date(Date.now() + 10 * day).toISOString(),
        late_fee_close_at: new Date(Date.now() + 20 * day).toISOString(),
      });
      await call(
        'POST',
        `/examccinfo/${EXAM}/${COURSE.session_id}/${COURSE.course_comb_id}/${COURSE.sem_id}/open-forms`,
        {},
      );
      [student] = await approvedCandidates(admin, EXAM, COURSE, 'C101', 1, [DEMO_STUDENT]);
      expect(student).toBeTruthy();
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
        entrybatch: OpenedBatch[];
      };
      await lockedMarks(admin, office, entrybatch, (b) => String(Math.floor(Number(b.max_marks) * 0.7)));
      await publishedResult({ calc, result, admin }, EXAM, COURSE, `IS/${runId}`);
      // Each run has its own database and the demo records no convocation; one left by an earlier suite would
      // be removed.
      if ((await api(admin, 'GET', '/documentissuing/CONVOCATION_DATE')).status === 200)
        await call('DELETE', '/documentissuing/CONVOCATION_DATE');
    }, 300_000);
    afterAll(async () => {
      await browser?.close();
    });

    const issuingRow = (page: Page, label: string) =>
      page
        .getByRole('region', { name: 'Issuing details' })
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });

    it(
      'document_admin records the convocation date on /DocsNewDegreeAdmin; a date in the wrong form is ' +
        'refused on the field',
      async () => {
        const { page } = await openPage(browser);
        await openAs(page, 'document_admin@university.test', '/DocsNewDegreeAdmin');
        await page.getByRole('heading', { name: /Issuing details \(5 of 6 recorded\)/ }).waitFor();
        const row = issuingRow(page, 'Convocation date (degrees)');
        await row.getByText('Not recorded').waitFor();
        expect(await issuingRow(page, 'Vice-Chancellor (name)').textContent()).toContain('Prof. Meera Joshi');
        await shot(page, 'issuing-before');

        await row.getByRole('button', { name: 'Record…' }).click();
        const dialog = page.getByRole('dialog', { name: 'Record Convocation date (degrees)' });
        const field = dialog.getByLabel('Convocation date (degrees)', { exact: true });
        await field.fill('12/02/2027');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await dialog
          .getByRole('alert')
          .getByText(/Enter the convocation date as YYYY-MM-DD/)
          .waitFor();
        expect(await field.getAttribute('aria-invalid')).toBe('true');
        expect(await field.inputValue()).toBe('12/02/2027');
        expect(await axeProblems(page)).toEqual([]);
        await shot(page, 'issuing-refused');

        await field.fill(CONVOCATION);
        await dialog.getByRole('button', { name: 'Save' }).click();
        await dialog.waitFor({ state: 'detached' });
        await page.getByText('Convocation date (degrees) is recorded.').waitFor();
        await row.getByText(CONVOCATION, { exact: true }).waitFor();
        await page.getByRole('heading', { name: /6 of 6 recorded/ }).waitFor();
        expect(await axeProblems(page)).toEqual([]);
        await shot(page, 'issuing-recorded');
        await page.context().close();

        const stored = (await arrange(docToken, 'GET', '/documentissuing/CONVOCATION_DATE')) as {
          documentissuing: { value_en: string };
        };
        expect(stored.documentissuing.value_en).toBe(CONVOCATION);
      },
      120_000,
    );

    it(
      'the document cell, told the date before drafting, drafts a degree that shows and prints it; it ' +
        'cannot change the details',
      async () => {
        const { page } = await openPage(browser);
        await openAs(page, 'document@university.test', '/DocsNewDegree');
        await page.getByText(`Convocation date printed on the degree: ${CONVOCATION}`).waitFor();
        // Read only: no Record or Edit for the document cell.
        await page.locator('.doc-issuing-panel summary').click();
        await issuingRow(page, 'Convocation date (degrees)')
          .getByText(CONVOCATION, { exact: true })
          .waitFor();
        expect(await page.getByRole('region', { name: 'Issuing details' }).getByRole('button').count()).toBe(
          0,
        );

        const form = page.getByRole('form', { name: 'Draft a document' });
        await form.getByLabel('Student').fill(student);
        await form.getByLabel('Exam', { exact: true }).selectOption(EXAM);
        await form.getByRole('button', { name: 'Draft' }).click();
        const drafted = page.getByText(new RegExp(`Degree of ${student} is drafted \\((\\S+)\\)`));
        await drafted.waitFor();
        const detail = page.locator('.doc-detail');
        const values = detail.locator('.doc-values .doc-facts');
        await values
          .locator('div', { has: page.getByText('Convocation date', { exact: true }) })
          .getByText(CONVOCATION)
          .waitFor();
        expect(await values.textContent()).toContain('Prof. Meera Joshi / प्रो. मीरा जोशी');
        expect(await axeProblems(page)).toEqual([]);
        await detail.scrollIntoViewIfNeeded();
        await shot(page, 'degree-drafted-with-convocation');

        const [download] = await Promise.all([
          page.waitForEvent('download'),
          detail.getByRole('button', { name: 'Download PDF' }).click(),
        ]);
        const file = await savedDownload(download);
        expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
        mkdirSync(shotsDir, { recursive: true });
        const pdf = path.join(shotsDir, 'degree.pdf');
        copyFileSync(file, pdf);
        const text = execFileSync('pdftotext', ['-layout', pdf, '-']).toString();
        expect(text).toContain(`Convocation / दीक्षांत: ${PRINTED}`);
        execFileSync('pdftoppm', ['-r', '80', '-png', pdf, path.join(shotsDir, 'degree-pdf')]);
        await page.context().close();
      },
      180_000,
    );

    it("a marksheet's papers table fits its frame at 1280 px: the last columns are not cut off", async () => {
      const { document } = (await arrange(docToken, 'POST', '/document', {
        doc_type: 'MARKSHEET',
        student_id: student,
        basis: { exam_id: EXAM },
      })) as { document: { doc_id: string } };
      const { page } = await openPage(browser);
      await openAs(page, 'document@university.test', '/DocsNewMarksheet');
      await page
        .getByRole('form', { name: 'Filter documents' })
        .getByLabel('Exam', { exact: true })
        .selectOption(EXAM);
      await page.getByRole('button', { name: `Open ${document.doc_id}` }).click();
      const lines = page.getByRole('region', { name: 'Papers as printed' });
      await lines.getByRole('columnheader', { name: 'Grade point' }).waitFor();
      const fit = await lines.evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
      expect(fit.scroll, JSON.stringify(fit)).toBeLessThanOrEqual(fit.client);
      await lines.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shotsDir, 'marksheet-lines-1280.png') });
      await page.context().close();
    }, 120_000);
  },
);
