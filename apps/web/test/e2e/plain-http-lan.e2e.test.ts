import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl } from './browser.ts';

const describeBrowser = inject('browser') ? describe : describe.skip;

/**
 * The app opened the way an office PC reaches it on a LAN: plain HTTP, by a host name that is not localhost
 * (browsers spare only localhost from upgrade-insecure-requests). Chromium resolves the name to this machine.
 */
const HOST = 'exam-server';

describeBrowser('plain HTTP by a LAN host name', () => {
  let browser: Browser;
  const port = () => new URL(baseUrl()).port;

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: inject('chromiumPath'),
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        `--host-resolver-rules=MAP ${HOST} 127.0.0.1`,
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('loads the styles and scripts over http and signs in', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const failed: string[] = [];
    const assets: { url: string; status: number }[] = [];
    page.on('requestfailed', (request) => failed.push(`${request.url()} (${request.failure()?.errorText})`));
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/assets/'))
        assets.push({ url: response.url(), status: response.status() });
    });

    const base = `http://${HOST}:${port()}`;
    await page.goto(`${base}/`);
    await page.getByLabel('Email').fill('admin@university.test');
    await page.getByLabel('Password').fill('Demo@12345');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/Dashboard');

    expect(failed).toEqual([]);
    // The page's own script and stylesheet came over plain http from the name it was opened by.
    expect(
      assets.some((a) => a.url.endsWith('.js')),
      JSON.stringify(assets),
    ).toBe(true);
    expect(
      assets.some((a) => a.url.endsWith('.css')),
      JSON.stringify(assets),
    ).toBe(true);
    for (const asset of assets) {
      expect(asset.url.startsWith(`${base}/assets/`), asset.url).toBe(true);
      expect(asset.status, asset.url).toBe(200);
    }
    // The stylesheet is applied, not just fetched.
    expect(
      await page.evaluate(() =>
        [...document.styleSheets].some(
          (sheet) => sheet.href?.includes('/assets/') && sheet.cssRules.length > 0,
        ),
      ),
    ).toBe(true);
    await context.close();
  });
});
