import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, launch, openPage, screenshotsDir, shot, signIn, storedToken } from './browser.ts';

const describeBrowser = inject('browser') ? describe : describe.skip;

// The demo's past sitting (seed: MAIN-DEC-2023 cards PUBLISHED at centre C104, rooms R01 and R02): on 5
// December 2023 FN, BA01 writes ENG101 (slot TPAST001) and BSC01 writes CHE101, five candidates each.
const EXAM = 'MAIN-DEC-2023';
const SLOT = 'TPAST001';
const CENTRE = 'C104';
const sitting = `exam_id=${EXAM}&slot_id=${SLOT}&centre_id=${CENTRE}`;

/**
 * Conduct in the browser (lifecycle S5): the office generates the seating of a sitting (a job), sees the
 * chart with no paper beside itself, finalizes it, prints the plan, the desk stickers and the signature sheet
 * (each PDF rendered to a picture to be looked at), keys two absentees and one UFM roll, reconciles, verifies
 * and locks.
 */
describeBrowser('conduct through the screens', () => {
  let browser: Browser;
  let page: Page;
  const pdfDir = path.join(screenshotsDir, 'conduct-pdf');
  const render = async (button: string, name: string) => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: button }).first().click(),
    ]);
    const file = path.join(pdfDir, `${name}.pdf`);
    await download.saveAs(file);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '2',
      file,
      path.join(screenshotsDir, `${name}-e2e`),
    ]);
  };

  beforeAll(async () => {
    mkdirSync(pdfDir, { recursive: true });
    browser = await launch();
    ({ page } = await openPage(browser, { width: 1400, height: 1000 }));
    await signIn(page, 'office@university.test');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('office: generates the seating (a job), finalizes it, prints the plan and the stickers', async () => {
    await page.goto(`/SeatingPlan?${sitting}`);
    await page.getByRole('heading', { name: 'Seating Plan' }).waitFor();
    await page.getByRole('button', { name: 'Generate seating' }).click();
    await page
      .getByText('All 10 candidates seated in 2 rooms.')
      .first()
      .waitFor({ timeout: 30_000 })
      .catch(async (error: unknown) => {
        await shot(page, 'conduct-seating-failed');
        throw error;
      });
    const seats = page.locator('.seat:not(.empty)');
    await expect.poll(() => seats.count()).toBe(10);
    // The demo candidate with a scribe sits in the accessible room R02.
    await page.getByText('ENG101 · SCRIBE EXTRA20').waitFor();
    // No paper sits beside itself in a row.
    const grid = await page
      .locator('.room-grid')
      .first()
      .evaluate((el) => {
        const cols = getComputedStyle(el).gridTemplateColumns.split(' ').length;
        return {
          cols,
          cells: [...el.children].map((c) =>
            c.classList.contains('empty') ? '' : (c.querySelector('span')?.textContent ?? '').split(' ')[0],
          ),
        };
      });
    for (let i = 0; i < grid.cells.length; i += 1) {
      if ((i + 1) % grid.cols !== 0 && grid.cells[i] && grid.cells[i] === grid.cells[i + 1])
        throw new Error(`same paper side by side at cell ${i}`);
    }
    await shot(page, 'conduct-seating-draft');
    await page.getByRole('button', { name: 'Finalize' }).click();
    await page.getByRole('dialog', { name: 'Finalize' }).getByRole('button', { name: 'Finalize' }).click();
    await page.locator('.status-badge[data-status="FINAL"]').first().waitFor();
    await shot(page, 'conduct-seating-final');
    await render('Seating plan (PDF)', 'conduct-seating');
    await render('Desk stickers (PDF)', 'conduct-stickers');
  });

  it('office: prints the signature sheet of ENG101', async () => {
    await page.goto(`/AttendanceSheet?${sitting}`);
    await page.getByRole('cell', { name: 'ENG101', exact: true }).waitFor();
    await shot(page, 'conduct-attendance-sheets');
    const row = page.getByRole('row', { name: /ENG101/ });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Signature sheet (PDF)' }).click(),
    ]);
    const file = path.join(pdfDir, 'conduct-sheet.pdf');
    await download.saveAs(file);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      file,
      path.join(screenshotsDir, 'conduct-sheet-e2e'),
    ]);
  });

  it(
    'office: keys two absentees and one UFM roll, reconciles with the answer books, verifies and ' + 'locks',
    async () => {
      const token = (await storedToken(page))!;
      const marked = await api(token, 'GET', `/attendance?slot_id=${SLOT}`);
      expect(marked.status, JSON.stringify(marked.body)).toBe(200);
      const rolls = (marked.body as { attendance: Array<{ roll_no: string }> }).attendance
        .map((a) => a.roll_no)
        .sort();
      expect(rolls).toHaveLength(5);
      await page.goto(`/PresentAbsent?${sitting}`);
      await page.getByLabel('Absent roll numbers').fill(`${rolls[0]}\n${rolls[1]}`);
      await page.getByLabel('UFM roll numbers').fill(rolls[2]!);
      await page.getByLabel('Answer books received').fill('4');
      await page.getByRole('button', { name: 'Save attendance' }).click();
      // 4 books for 2 present + 1 UFM: said, and the sheet cannot be verified yet.
      await page.getByText('4 answer books received, but present 2 + UFM 1 = 3').waitFor();
      await shot(page, 'conduct-present-absent-unreconciled');
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByRole('dialog', { name: 'Verify' }).getByRole('button', { name: 'Verify' }).click();
      await page
        .getByRole('dialog', { name: 'Verify' })
        .getByText(/does not reconcile/)
        .waitFor();
      await page.getByRole('dialog', { name: 'Verify' }).getByRole('button', { name: 'Cancel' }).click();
      await page.getByLabel('Answer books received').fill('3');
      await page.getByRole('button', { name: 'Save attendance' }).click();
      await page.getByText('Reconciled: the sheet can be verified and locked.').waitFor();
      await page.getByText('Seated 5 = present 2 + absent 2 + UFM 1').waitFor();
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByRole('dialog', { name: 'Verify' }).getByRole('button', { name: 'Verify' }).click();
      await page.locator('.status-badge[data-status="VERIFIED"]').waitFor();
      await page.getByRole('button', { name: 'Lock' }).click();
      await page.getByRole('dialog', { name: 'Lock' }).getByRole('button', { name: 'Lock' }).click();
      await page.locator('.status-badge[data-status="LOCKED"]').waitFor();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await expect.poll(async () => page.getByRole('button', { name: 'Save attendance' }).count()).toBe(0);
      await shot(page, 'conduct-present-absent-locked');
      // The UFM roll opened its case on the UFM screen.
      await page.goto(`/UFMEntry?${sitting}`);
      const ufmRow = page.getByRole('row', { name: new RegExp(`${rolls[2]!}\\s+ENG101`) });
      await ufmRow.waitFor();
      await shot(page, 'conduct-ufm-entry');
      // The case through notice and hearing to the committee's decision U3: debarred from the next two
      // examinations.
      const act = async (label: string, reason?: string) => {
        await ufmRow.getByRole('button', { name: label }).click();
        const dialog = page.getByRole('dialog', { name: label });
        if (reason) await dialog.getByLabel(/Reason/).fill(reason);
        await dialog.getByRole('button', { name: label }).click();
        await dialog.waitFor({ state: 'hidden' });
      };
      await act('Issue show-cause notice');
      await act('Record hearing', 'Candidate admitted the chits were his.');
      await ufmRow.getByLabel(/^Decision for /).selectOption('U3');
      await ufmRow.getByLabel(/^Examinations debarred for /).fill('2');
      await act('Record decision', 'Committee meeting 12/2023, item 4.');
      await ufmRow.getByText('U3 · debarred for 2 examinations').waitFor();
      await shot(page, 'conduct-ufm-decided');
    },
  );
});
