import { readFile } from 'node:fs/promises';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, launch, openAs, openPage, runId, shot, signIn, storedToken, savedDownload } from './browser.ts';

const describeBrowser = inject('browser') ? describe : describe.skip;

/** What a download saved, as text without its byte order mark. */
async function downloaded(download: Download) {
  const path = await savedDownload(download);
  return (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
}

const csvLines = (text: string) => text.trim().split(/\r?\n/);

describeBrowser('exports and imports through the screens', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  const tag = `FX${runId}`;
  const papers = [`${tag}A`, `${tag}B`, `${tag}C`];

  beforeAll(async () => {
    browser = await launch();
    ({ page } = await openPage(browser));
    await signIn(page);
    token = (await storedToken(page))!;
    for (const [i, id] of papers.entries())
      await api(token, 'POST', '/paper', { paper_id: id, paper_name: `Export test ${i} हिन्दी` });
  });
  afterAll(async () => {
    if (token)
      for (const id of [...papers, `${tag}N1`, `${tag}N2`]) await api(token, 'DELETE', `/paper/${id}`);
    await browser?.close();
  });

  it(
    'exports the searched list as CSV and XLSX from the Export menu, every row of the search and no ' +
      'other',
    async () => {
      await page.goto('/ListPapers');
      await page.getByLabel('Search').fill(tag);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByRole('cell', { name: papers[2], exact: true }).waitFor();

      // Keyboard: the menu opens on Arrow Down and its items are menu items.
      await page.getByRole('button', { name: 'Export' }).focus();
      await page.keyboard.press('ArrowDown');
      await page.getByRole('menuitem', { name: 'CSV' }).waitFor();
      await shot(page, 'files-export-menu');
      const [csv] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
      expect(csv.suggestedFilename()).toMatch(/^paper-\d{4}-\d{2}-\d{2}\.csv$/);
      const lines = csvLines(await downloaded(csv));
      expect(lines[0]).toMatch(/^Paper Id,Paper Name,/);
      expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(papers);
      expect(lines[1]).toContain('Export test 0 हिन्दी');
      // The token went in a header: no address the page fetched carries it.
      expect(page.url()).not.toContain('token');

      await page.getByRole('button', { name: 'Export' }).click();
      const [xlsx] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click(),
      ]);
      expect(xlsx.suggestedFilename()).toMatch(/^paper-\d{4}-\d{2}-\d{2}\.xlsx$/);
      expect((await readFile(await savedDownload(xlsx))).subarray(0, 2).toString()).toBe('PK');
    },
  );

  it(
    'imports a file with one bad row: the check and the import report it by row and field, nothing is ' +
      'stored; corrected, it imports',
    async () => {
      await page.goto('/ListPapers');
      await page.getByRole('link', { name: 'Import', exact: true }).click();
      await page.getByRole('heading', { name: 'Import Paper records' }).waitFor();
      await page.getByText('Nothing is stored when any row has an error').waitFor();

      const [template] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download template (CSV)' }).click(),
      ]);
      const header = csvLines(await downloaded(template))[0]!;
      expect(header).toMatch(/^Paper Id,Paper Name,Paper Code/);

      const file = (rows: string[]) => ({
        name: 'papers.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(['Paper Id,Paper Name,Paper Code', ...rows].join('\r\n'), 'utf8'),
      });
      const bad = [`${tag}N1,New paper one,N-1`, `${tag}N2,,N-2`, `${papers[0]},Renamed by import,`];
      await page.getByLabel('File (CSV or XLSX)').setInputFiles(file(bad));
      await page.getByRole('button', { name: 'Check (dry run)' }).click();
      await page.getByRole('heading', { name: 'Check report' }).waitFor();
      await page.getByText('Nothing was imported: 1 of 3 rows has errors.').waitFor();
      const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: '3', exact: true }) });
      expect(await row.getByRole('cell').allTextContents()).toEqual(['3', 'Error', 'Paper Name', 'Required']);
      await shot(page, 'files-import-check-report');

      // The import itself refuses the whole file too.
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await page.getByRole('heading', { name: 'Import report' }).waitFor();
      await page.getByText('Nothing was imported: 1 of 3 rows has errors.').waitFor();
      expect((await api(token, 'GET', `/paper/${tag}N1`)).status).toBe(404);
      expect((await api(token, 'GET', `/paper/${papers[0]}`)).body.paper).toMatchObject({
        paper_name: 'Export test 0 हिन्दी',
      });

      // All rows, with what each would have done.
      await page.getByLabel('Show').selectOption('all');
      expect(
        await page
          .getByRole('row')
          .filter({ has: page.getByRole('cell', { name: '2', exact: true }) })
          .getByRole('cell')
          .nth(1)
          .textContent(),
      ).toBe('Created');
      await shot(page, 'files-import-report-all');

      const [failed] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download the failed rows (CSV)' }).click(),
      ]);
      const failedLines = csvLines(await downloaded(failed));
      expect(failedLines).toEqual([
        'Paper Id,Paper Name,Paper Code,Import errors',
        `${tag}N2,,N-2,Paper Name: Required`,
      ]);

      await page
        .getByLabel('File (CSV or XLSX)')
        .setInputFiles(file([bad[0]!, `${tag}N2,New paper two,N-2`, bad[2]!]));
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await page.getByText('Imported 3 rows: 2 created, 1 updated, 0 unchanged.').waitFor();
      await shot(page, 'files-import-done');
      expect((await api(token, 'GET', `/paper/${tag}N2`)).body.paper).toMatchObject({
        paper_name: 'New paper two',
        paper_code: 'N-2',
      });
      expect((await api(token, 'GET', `/paper/${papers[0]}`)).body.paper).toMatchObject({
        paper_name: 'Renamed by import',
      });
    },
  );

  it('a file of more than 2,000 rows is checked as a job: a progress bar, then the same report', async () => {
    await page.goto('/Import/paper');
    const rows = Array.from(
      { length: 2_001 },
      (_, i) => `${tag}J${String(i).padStart(4, '0')},Bulk paper ${i},`,
    );
    rows[1_000] = `${tag}J1000,,`;
    const buffer = Buffer.from(['Paper Id,Paper Name,Paper Code', ...rows].join('\r\n'), 'utf8');
    await page
      .getByLabel('File (CSV or XLSX)')
      .setInputFiles({ name: 'bulk.csv', mimeType: 'text/csv', buffer });
    await page.getByRole('button', { name: 'Check (dry run)' }).click();
    await page.getByRole('progressbar', { name: 'Checking bulk.csv' }).waitFor();
    await page.getByRole('heading', { name: 'Check report' }).waitFor({ timeout: 60_000 });
    await page.getByText('Nothing was imported: 1 of 2001 rows has errors.').waitFor();
    expect(
      await page.getByRole('progressbar', { name: 'Checking bulk.csv' }).getAttribute('aria-valuenow'),
    ).toBe('2001');
    // The job lists the row among what it could not take; the report says which field and why.
    await page.getByRole('cell', { name: 'paper_name: Required' }).waitFor();
    const report = page.getByRole('region', { name: 'Check report, row by row' });
    const row = report
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: '1002', exact: true }) });
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      '1002',
      'Error',
      'Paper Name',
      'Required',
    ]);
    await shot(page, 'files-import-job-report');
    expect((await api(token, 'GET', `/paper/${tag}J0000`)).status).toBe(404);
  });

  it(
    'a reader sees the Export menu but no Import link, and the import screen says it may not ' + 'import',
    async () => {
      const reader = await openPage(browser);
      await openAs(reader.page, 'faculty@university.test', '/ListPapers');
      await reader.page.getByRole('button', { name: 'Export' }).waitFor();
      expect(await reader.page.getByRole('link', { name: 'Import', exact: true }).count()).toBe(0);
      await reader.page.goto('/Import/paper');
      await reader.page.getByText('Your role can view this data but not import it.').waitFor();
      await reader.context.close();
    },
  );
});
