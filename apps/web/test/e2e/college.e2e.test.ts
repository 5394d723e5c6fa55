import { execFileSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  api,
  launch,
  openAs,
  openPage,
  runId,
  shot,
  signIn,
  storedToken,
  tokenOf,
  savedDownload,
} from './browser.ts';

const describeBrowser = inject('browser') ? describe : describe.skip;

/**
 * The college example in the browser: the office suspends a college through the workflow's dialog and prints
 * its letter of affiliation (a job with a progress bar, then a download); a college faculty user sees only
 * its college.
 */
describeBrowser('colleges: workflow, job and scope through the screens', () => {
  let browser: Browser;
  const collegeId = `E2E${runId}`;
  const hindiName = 'परीक्षण महाविद्यालय, कोटा';

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'office: suspends a college with a reason in the dialog, sees the status change, and prints its ' +
      'letter',
    async () => {
      const { page, dialogs } = await openPage(browser);
      await signIn(page, 'office@university.test');
      const token = (await storedToken(page))!;
      const created = await api(token, 'POST', '/college', {
        college_id: collegeId,
        college_name: 'Test College, Kota',
        college_name_hi: hindiName,
        district: 'Kota',
        college_type: 'PRIVATE',
        is_centre: '0',
      });
      expect(created.status).toBe(201);

      await page.goto(`/ViewCollege?id=${collegeId}`);
      await page.getByRole('heading', { name: 'View College' }).waitFor();
      const bar = page.getByRole('group', { name: 'Status and actions' });
      await bar.getByText('Active', { exact: true }).waitFor();
      await bar.getByRole('button', { name: 'Suspend' }).click();

      const dialog = page.getByRole('dialog', { name: 'Suspend' });
      await dialog.waitFor();
      await expect
        .poll(() => dialog.textContent())
        .toContain(`Suspend the affiliation of Test College, Kota (${collegeId})?`);
      // The reason is required: asked for before anything is sent.
      await dialog.getByRole('button', { name: 'Suspend' }).click();
      await dialog.getByRole('alert').getByText('Reason: Required: say why.').waitFor();
      await dialog.getByLabel(/Reason/).fill('Affiliation fee for 2026-27 not paid');
      await shot(page, 'college-suspend-dialog');
      await dialog.getByRole('button', { name: 'Suspend' }).click();

      await page.getByText(`College ${collegeId} is now Suspended.`).waitFor();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await bar.getByText('Suspended', { exact: true }).waitFor();
      await bar.getByRole('button', { name: 'Reinstate' }).waitFor();
      expect(await bar.getByRole('button', { name: 'Suspend' }).count()).toBe(0);
      // The record below shows it too (fetched again), and no window.confirm was used.
      await page.getByRole('cell', { name: 'Suspended', exact: true }).waitFor();
      expect(dialogs).toEqual([]);
      await shot(page, 'college-suspended');

      const audit = await api(
        await tokenOf('admin@university.test'),
        'GET',
        `/audit?entity=college&key=${collegeId}&action=transition`,
      );
      expect((audit.body.audit as Array<{ reason: string; transition: string }>)[0]).toMatchObject({
        transition: 'suspend',
        reason: 'Affiliation fee for 2026-27 not paid',
      });

      await printLetter(page, collegeId, hindiName);
    },
  );

  it(
    'faculty of college C101: lists and opens only C101, without actions; C102 does not exist for ' + 'it',
    async () => {
      const { page } = await openPage(browser);
      await openAs(page, 'faculty.college@university.test', '/ListColleges');
      await page.getByRole('heading', { name: 'List Colleges' }).waitFor();
      await page.getByRole('link', { name: 'View C101' }).waitFor();
      for (const other of ['C102', 'C103', 'C104', collegeId])
        expect(await page.getByRole('link', { name: `View ${other}` }).count(), other).toBe(0);
      await shot(page, 'college-list-faculty');

      await page.getByRole('link', { name: 'View C101' }).click();
      await page.getByRole('heading', { name: 'View College' }).waitFor();
      const bar = page.getByRole('group', { name: 'Status and actions' });
      await bar.getByText('Active', { exact: true }).waitFor();
      expect(await bar.getByRole('button').count()).toBe(0);
      expect(await page.getByRole('button', { name: /Print/ }).count()).toBe(0);

      await page.goto('/ViewCollege?id=C102');
      await page.getByText('The record could not be loaded: College C102 does not exist.').waitFor();
      await shot(page, 'college-out-of-scope-faculty');
      // Said on the page; the user stays signed in (the legacy screens' sign-out is not for a row out of
      // scope).
      expect(new URL(page.url()).pathname).toBe('/ViewCollege');
      expect(await storedToken(page)).toBeTruthy();
    },
  );
});

/**
 * Prints the college's letter from its view: the job's progress bar, then the file, downloaded and read back.
 */
async function printLetter(page: Page, collegeId: string, hindiName: string) {
  await page.getByRole('button', { name: 'Print affiliation letter' }).click();
  const progress = page.getByRole('progressbar', { name: 'Printing letters of affiliation' });
  await progress.waitFor();
  const download = page.getByRole('button', { name: `Download affiliation-letter-${collegeId}.pdf` });
  await download.waitFor();
  expect(await progress.getAttribute('aria-valuenow')).toBe('1');
  expect(await progress.getAttribute('aria-valuemax')).toBe('1');
  await page.getByText('Finished: 1 of 1 letters done.').waitFor();
  await shot(page, 'college-letter-printed');

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe(`affiliation-letter-${collegeId}.pdf`);
  const text = execFileSync('pdftotext', [await savedDownload(file), '-']).toString();
  expect(text).toContain('Test College, Kota');
  expect(text).toContain(hindiName);
  expect(text).toContain('Suspended / निलंबित');
}
