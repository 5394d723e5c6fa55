import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { axeProblems } from './axe.ts';
import {
  baseUrl,
  DEMO_PASSWORD,
  launch,
  openAs,
  openPage,
  openSignedIn,
  savedDownload,
  screenshotsDir,
  shot,
} from './browser.ts';

const describeBrowser = inject('browser') ? describe : describe.skip;

/**
 * The first column's text of each body row (after S N and the actions), for the paper-semester list: paper
 * ids.
 */
const columnTexts = (page: Page, header: string) =>
  page.evaluate((name) => {
    const heads = [...document.querySelectorAll('.data-table thead th')].map((th) =>
      th.textContent?.replace(/[▲▼]|, (ascending|descending)/g, '').trim(),
    );
    const index = heads.indexOf(name);
    return [...document.querySelectorAll('.data-table tbody tr')].map(
      (tr) => tr.children[index]?.textContent?.trim() ?? '',
    );
  }, header);

const ariaSort = (page: Page, header: string) =>
  page.getByRole('columnheader', { name: header, exact: true }).getAttribute('aria-sort');

const downloadedText = async (download: Download) =>
  readFileSync(await savedDownload(download), 'utf8').replace(/^\uFEFF/, '');

/** Tabs until the focused element matches, as a keyboard user would reach it (at most `limit` presses). */
async function tabTo(
  page: Page,
  matches: (el: { tag: string; text: string; label: string | null; id: string }) => boolean,
  limit = 80,
) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const el = await page.evaluate(() => {
      const a = document.activeElement as HTMLElement | null;
      return {
        tag: a?.tagName ?? '',
        text: a?.textContent?.trim() ?? '',
        label: a?.getAttribute('aria-label') ?? null,
        id: a?.id ?? '',
      };
    });
    if (matches(el)) return;
  }
  throw new Error('not reached by Tab');
}

/** Signs out and in again as another (or the same) user, on the same browser. */
async function switchUser(page: Page, email: string) {
  await page.goto('/Logout');
  await page.getByLabel('Email').waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname !== '/');
}

describeBrowser('the clerk lists: sort, filter, export, page size, print', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launch();
    ({ page } = await openSignedIn(browser, 'office@university.test'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sorts by a column header, by keyboard, with aria-sort, and Back undoes it', async () => {
    await page.goto('/ListPapers?size=10');
    await page.getByRole('columnheader', { name: 'Paper Id' }).waitFor();
    expect(await ariaSort(page, 'Paper Name')).toBe('none');
    // Keyboard only: Tab to the Paper Name header's button, Enter sorts ascending, Enter again descending.
    await tabTo(page, (el) => el.tag === 'BUTTON' && el.text.startsWith('Paper Name'));
    await page.keyboard.press('Enter');
    await page.waitForURL(/sort=paper_name/);
    await expect.poll(() => ariaSort(page, 'Paper Name')).toBe('ascending');
    // The rows follow once the server answers (the old page stays on screen meanwhile).
    const inOrder = (texts: string[]) =>
      texts.every((t, i) => i === 0 || texts[i - 1]!.localeCompare(t, 'en', { sensitivity: 'base' }) <= 0);
    await expect.poll(async () => inOrder(await columnTexts(page, 'Paper Name'))).toBe(true);
    const ascending = await columnTexts(page, 'Paper Name');
    await page.keyboard.press('Enter');
    await page.waitForURL(/sort=-paper_name/);
    await expect.poll(() => ariaSort(page, 'Paper Name')).toBe('descending');
    await expect.poll(async () => inOrder((await columnTexts(page, 'Paper Name')).reverse())).toBe(true);
    expect(await columnTexts(page, 'Paper Name')).not.toEqual(ascending);
    expect(await ariaSort(page, 'Paper Id')).toBe('none');
    // Back returns to the ascending order; the screen follows the address.
    await page.goBack();
    await page.waitForURL(/sort=paper_name/);
    await expect.poll(() => ariaSort(page, 'Paper Name')).toBe('ascending');
    // A joined column (the department's name) is not offered for sorting.
    expect(
      await page.getByRole('columnheader', { name: 'Department', exact: true }).getAttribute('aria-sort'),
    ).toBeNull();
  });

  it(
    'filters PaperInfoSem by session, course combination and semester, kept in the address for Back and ' +
      'bookmarks',
    async () => {
      onTestFailed(() => shot(page, 'debug-clerk-filter-failure'));
      await page.goto('/ListPaperInfoSem');
      await page.getByRole('columnheader', { name: 'Paper Id' }).waitFor();
      // Keyboard: open the Filter disclosure, choose each filter with the keyboard.
      await tabTo(page, (el) => el.tag === 'SUMMARY');
      await page.keyboard.press('Enter');
      const session = page.getByLabel('Session Id', { exact: true });
      await session.focus();
      await session.selectOption('2024-25');
      await page.waitForURL(/session_id=2024-25/);
      await page.getByLabel('Course Comb Id', { exact: true }).selectOption('BSC01');
      await page.waitForURL(/course_comb_id=BSC01/);
      await page.getByLabel('Sem Id', { exact: true }).selectOption('1');
      await page.waitForURL(/sem_id=1/);
      await page.getByText('Showing 1–5 of 6').waitFor();
      const rows = await columnTexts(page, 'Paper Id');
      expect(
        rows.every((id) => ['PHY101', 'PHY101P', 'CHE101', 'CHE101P', 'MAT101', 'ENV101'].includes(id)),
      ).toBe(true);

      // And a sort on top, then one more enumerated filter (Th Pr Status).
      await page.getByRole('button', { name: /^Paper Id/ }).click();
      await page.getByRole('button', { name: /^Paper Id/ }).click();
      await page.waitForURL(/sort=-paper_id/);
      await expect
        .poll(() => columnTexts(page, 'Paper Id'))
        .toEqual(['PHY101P', 'PHY101', 'MAT101', 'ENV101', 'CHE101P']);
      expect(await axeProblems(page)).toEqual([]);
      await shot(page, 'clerk-list-sorted-filtered');

      await page.getByLabel('Th Pr Status').selectOption('PR');
      await page.getByText('Showing 1–2 of 2').waitFor();
      expect(await columnTexts(page, 'Paper Id')).toEqual(['PHY101P', 'CHE101P']);

      // Back drops the last filter; a bookmark (the address opened afresh) shows the same list.
      await page.goBack();
      await page.getByText('Showing 1–5 of 6').waitFor();
      expect(await page.getByLabel('Th Pr Status').inputValue()).toBe('');
      const bookmark = page.url();
      await page.goto('/Dashboard');
      await page.goto(bookmark);
      await page.getByText('Showing 1–5 of 6').waitFor();
      expect(await page.getByLabel('Session Id', { exact: true }).inputValue()).toBe('2024-25');
      expect(await ariaSort(page, 'Paper Id')).toBe('descending');

      // Clear filters.
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect.poll(() => page.url()).not.toMatch(/session_id=/);
    },
  );

  it('CCInfoSem filters likewise', async () => {
    await page.goto('/ListCCInfoSem?session_id=2023-24');
    await page.getByText('Showing 1–2 of 2').waitFor();
    await page.getByLabel('Course combination', { exact: true }).selectOption('BSC01');
    await page.getByText('Showing 1–1 of 1').waitFor();
    expect(await page.getByLabel('Session', { exact: true }).inputValue()).toBe('2023-24');
  });

  it('exports the filtered and sorted list: the file holds exactly those rows in that order', async () => {
    await page.goto('/ListPaperInfoSem?session_id=2024-25&course_comb_id=BSC01&sem_id=1&sort=-paper_id');
    await page.getByText('Showing 1–5 of 6').waitFor();
    await page.getByRole('button', { name: 'Export' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('menuitem', { name: 'CSV' }).waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await shot(page, 'clerk-export-menu');
    const [csv] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    const lines = (await downloadedText(csv)).trim().split(/\r?\n/);
    const header = lines[0]!.split(',');
    const paper = header.indexOf('Paper Id');
    expect(lines.slice(1).map((line) => line.split(',')[paper])).toEqual([
      'PHY101P',
      'PHY101',
      'MAT101',
      'ENV101',
      'CHE101P',
      'CHE101',
    ]);
  });

  it('remembers the page size per list and user; a first visit shows the spec’s 5', async () => {
    await page.goto('/ListSems');
    await page.locator('.data-table tbody tr').first().waitFor();
    expect(await page.getByLabel('Page size').inputValue()).toBe('5');
    await page.goto('/ListPapers');
    const size = page.getByLabel('Page size');
    expect(await size.inputValue()).toBe('5');
    await size.focus();
    await size.selectOption('20');
    await page.getByText(/^Showing 1–\d+ of/).waitFor();
    // Another list keeps its own size; the papers list keeps 20 on the next visit, after signing out and in
    // again too.
    await page.goto('/ListSession');
    expect(await page.getByLabel('Page size').inputValue()).toBe('5');
    await switchUser(page, 'office@university.test');
    await page.goto('/ListPapers');
    expect(await page.getByLabel('Page size').inputValue()).toBe('20');
    expect(await page.locator('.data-table tbody tr').count()).toBeGreaterThan(5);
    // Another user on the same browser starts at 5.
    await switchUser(page, 'admin@university.test');
    await page.goto('/ListPapers');
    expect(await page.getByLabel('Page size').inputValue()).toBe('5');
    await switchUser(page, 'office@university.test');
  });

  it(
    'prints a list as its table only (no buttons, filters or pager), header repeated, wide lists on A4 ' +
      'landscape',
    async () => {
      await page.goto('/ListPaperInfoSem?size=All');
      await page.getByRole('columnheader', { name: 'Paper Id' }).waitFor();
      await page.emulateMedia({ media: 'print' });
      const hidden = await page.evaluate(() =>
        ['.page-nav', '.pager', '.list-filters', '.search', '.data-table td.actions'].map((s) => {
          const el = document.querySelector(s);
          return el ? getComputedStyle(el).display : 'none';
        }),
      );
      expect(hidden).toEqual(['none', 'none', 'none', 'none', 'none']);
      expect(
        await page.evaluate(() => getComputedStyle(document.querySelector('.data-table thead')!).display),
      ).toBe('table-header-group');
      await page.emulateMedia({ media: null });
      const dir = mkdtempSync(path.join(tmpdir(), 'clerk-print-'));
      const pdf = path.join(dir, 'list.pdf');
      await page.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true });
      const info = execFileSync('pdfinfo', [pdf]).toString();
      const pages = Number(/Pages:\s+(\d+)/.exec(info)![1]);
      expect(pages).toBeGreaterThan(1);
      // A4 landscape: 841.92 x 594.96 points.
      expect(info).toMatch(/Page size:\s+841\.\d+ x 594\.\d+ pts/);
      // The header row is on every page: its text is found on the second page too.
      const second = execFileSync('pdftotext', ['-f', '2', '-l', '2', '-layout', pdf, '-']).toString();
      expect(second).toMatch(/Session Id/);
      expect(second).toMatch(/Course \(Combination\)/);
      expect(second).not.toMatch(/Page size|Export|Logout/);
      // Rendered (which fails on a broken PDF) whether or not the run keeps screenshots.
      mkdirSync(screenshotsDir, { recursive: true });
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '60',
        '-f',
        '1',
        '-l',
        '2',
        pdf,
        path.join(screenshotsDir, 'clerk-print'),
      ]);

      // A narrow list prints portrait.
      await page.goto('/ListExamCycles');
      await page.locator('.data-table tbody tr').first().waitFor();
      await page.pdf({ path: path.join(dir, 'narrow.pdf'), preferCSSPageSize: true });
      expect(execFileSync('pdfinfo', [path.join(dir, 'narrow.pdf')]).toString()).toMatch(
        /Page size:\s+594\.\d+ x 841\.\d+ pts/,
      );
    },
  );

  it(
    'the dashboard counts each master-data area and the current session, and lists the latest ' + 'changes',
    async () => {
      const token = (await page.evaluate(() => localStorage.getItem('myData')))!;
      const call = async (path: string, init: RequestInit = {}) =>
        (
          await fetch(`${baseUrl()}/api${path}`, {
            ...init,
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          })
        ).json() as Promise<Record<string, unknown>>;
      const paperId = `DASH${Date.now().toString(36).slice(-5).toUpperCase()}`;
      await call('/paper', {
        method: 'POST',
        body: JSON.stringify({ paper_id: paperId, paper_name: 'Dashboard paper' }),
      });
      const papers = (await call('/paper?limit=1')).total as number;
      const schemes = (await call('/paperinfosem?session_id=2024-25&limit=1')).total as number;

      await page.goto('/Dashboard');
      const paperArea = page
        .locator('.link-grid.counts li')
        .filter({ has: page.getByRole('link', { name: 'Paper', exact: true }) });
      await expect
        .poll(() => paperArea.locator('.count').textContent(), { timeout: 15_000 })
        .toBe(String(papers));
      const current = page.locator('section[aria-labelledby="current-session"]');
      await current.getByRole('link', { name: '2024-25' }).waitFor();
      await current.getByRole('link', { name: String(schemes), exact: true }).waitFor();
      // The office user reads no audit trail: the latest changed records, newest first.
      const recent = page.locator('.recent-changes li').first();
      await expect
        .poll(() => recent.textContent(), { timeout: 15_000 })
        .toContain(`Paper ${paperId} changed`);
      // Keyboard: the current session's paper-semester count opens that list filtered by the session.
      await current.getByRole('link', { name: String(schemes), exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/ListPaperInfoSem\?session_id=2024-25/);
      await page.getByText(`Showing 1–5 of ${schemes}`).waitFor();

      // An admin sees who changed what, from the audit trail.
      await switchUser(page, 'admin@university.test');
      await page.goto('/Dashboard');
      await expect
        .poll(() => page.locator('.recent-changes li').first().textContent(), { timeout: 15_000 })
        .toMatch(new RegExp(`office@university.test created Paper ${paperId}`));
      expect(await axeProblems(page)).toEqual([]);
      await shot(page, 'clerk-dashboard');
      await switchUser(page, 'office@university.test');
    },
  );

  it(
    'switches every screen to Hindi by keyboard (labels, texts, dates), remembers it, sets <html lang>; ' +
      'English stays exact',
    async () => {
      await page.goto('/ListPaperInfoSem?session_id=2024-25&course_comb_id=BA01&sort=paper_id');
      await page.getByRole('heading', { name: 'List PaperInfoSem' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      const englishDate = (await columnTexts(page, 'Created At'))[0]!;
      await page.getByRole('button', { name: 'हिन्दी' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'प्रश्नपत्र-सेमेस्टर (PaperInfoSem) सूची' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
      expect(await page.getByRole('button', { name: 'हिन्दी' }).getAttribute('aria-pressed')).toBe('true');
      await page.getByRole('columnheader', { name: 'सत्र आईडी' }).waitFor();
      await page.getByLabel('पृष्ठ आकार').waitFor();
      await page.getByRole('button', { name: 'पिछले पृष्ठ पर' }).waitFor();
      await page.getByText(/में से 1–5/).waitFor();
      // Dates through Intl in hi-IN: the month in Devanagari.
      const hindiDate = (await columnTexts(page, 'बनाया गया'))[0]!;
      expect(hindiDate).not.toBe(englishDate);
      expect(hindiDate).toMatch(/[\u0900-\u097F]/);
      // The Devanagari web font is there (no boxes on machines without a Hindi font).
      await page.evaluate(() => document.fonts.ready);
      expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Devanagari"', 'हिन्दी'))).toBe(
        true,
      );
      expect(await axeProblems(page)).toEqual([]);
      await shot(page, 'clerk-hindi-list');

      // Remembered: another screen, and a reload, stay in Hindi.
      await page.goto('/Dashboard');
      await page.getByRole('heading', { name: 'डैशबोर्ड' }).waitFor();
      await page.reload();
      await page.getByRole('heading', { name: 'डैशबोर्ड' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
      await shot(page, 'clerk-hindi-dashboard');

      // A form: its labels, help texts, dropdown options and button; the delete dialog: its sentence and
      // buttons.
      await page.goto('/AddPaper');
      await page.getByLabel('प्रश्नपत्र आईडी').waitFor();
      await page.getByLabel('प्रश्नपत्र का नाम', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'जोड़ें', exact: true }).waitFor();
      expect(await axeProblems(page)).toEqual([]);
      await shot(page, 'clerk-hindi-form');
      await page.goto('/ListPapers');
      await page.getByRole('button', { name: /हटाएँ$/ }).first().click();
      const dialog = page.getByRole('alertdialog', { name: 'क्या आप यह प्रश्नपत्र हटाना चाहते हैं' });
      await dialog.getByRole('button', { name: 'रद्द करें' }).waitFor();
      await shot(page, 'clerk-hindi-dialog');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      // A student's record: field names and enumerations in Hindi, the names as written.
      await page.goto('/ViewStudent?id=2024C101001');
      await page.getByRole('rowheader', { name: 'नामांकन संख्या' }).first().waitFor();
      await page.getByRole('rowheader', { name: 'जन्म तिथि' }).first().waitFor();
      await shot(page, 'clerk-hindi-student');
      await page.goto('/Dashboard');
      await page.getByRole('heading', { name: 'डैशबोर्ड' }).waitFor();

      // Back to English: the spec's texts exactly.
      await page.getByRole('button', { name: 'English' }).click();
      await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      await page.goto('/ListPapers');
      await page.getByRole('heading', { name: 'List Papers', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Back to Previous' }).waitFor();
      await page.getByLabel('Page size').waitFor();
    },
  );

  it('works at mobile width (375 px): filters and sort reachable, no serious axe finding', async () => {
    const { page: phone, context } = await openPage(browser, { width: 375, height: 760 });
    await openAs(phone, 'office@university.test', '/ListPaperInfoSem?session_id=2024-25&sort=paper_id');
    await phone.getByRole('columnheader', { name: 'Paper Id' }).waitFor();
    expect(await phone.getByRole('columnheader', { name: 'Paper Id' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    expect(await axeProblems(phone)).toEqual([]);
    await shot(phone, 'clerk-mobile-list');
    await context.close();
  });
});
