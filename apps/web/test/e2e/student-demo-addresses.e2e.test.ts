import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, baseUrl, demoUrl, launch, openAs, openPage, runId, signIn, storedToken } from './browser.ts';

const describeBrowser = inject('browser') ? describe : describe.skip;

/**
 * The demo screens call the separate demo service from the browser. They must work from every address the app
 * is reached by (127.0.0.1, a LAN name), with the ports the servers were started on (random here, so nothing
 * can lean on 3000/3001), and nothing reroutes the calls: the app finds the demo by itself. Pages of other
 * sites must not be able to use the demo.
 */
describeBrowser('student demo from every address', () => {
  let browser: Browser;
  let otherSite: Server;
  let otherPort: number;
  const appPort = () => new URL(baseUrl()).port;
  const demoPort = () => new URL(demoUrl()).port;

  beforeAll(async () => {
    browser = await launch([
      '--host-resolver-rules=MAP exam-server 127.0.0.1, MAP other-site.example 127.0.0.1',
    ]);
    // Another site: any page it serves will try to use the demo with a token it somehow obtained.
    otherSite = createServer((_req, res) =>
      res.setHeader('Content-Type', 'text/html').end('<!doctype html><title>other site</title>'),
    );
    await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
    otherPort = (otherSite.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => otherSite?.close(resolve));
  });

  /** Calls the demo from inside `page` (its origin is the page's), as a script on that page would. */
  const callDemoFrom = (page: Page, demo: string, token: string) =>
    page.evaluate(
      async ({ demo, token }) => {
        try {
          const res = await fetch(`${demo}/students/`, { headers: { Authorization: `Bearer ${token}` } });
          return `status ${res.status}`;
        } catch (error) {
          return `refused: ${(error as Error).name}`;
        }
      },
      { demo, token },
    );

  for (const host of ['127.0.0.1', 'exam-server']) {
    it(
      `adds a student with the app opened at http://${host}:<port>, ` + 'calling the demo on that same host',
      async () => {
        const base = `http://${host}:${appPort()}`;
        const { page, context } = await openPage(browser, undefined, base);
        const demoCalls: string[] = [];
        page.on('request', (request) => {
          if (request.url().includes('/students')) demoCalls.push(`${request.method()} ${request.url()}`);
        });
        await openAs(page, 'office@university.test', '/add');
        const email = `addr.${host.replace(/\W/g, '')}.${runId.toLowerCase()}@university.test`;
        await page.getByLabel('Student Name').fill(`From ${host}`);
        await page.getByLabel('Email').fill(email);
        await page.getByRole('button', { name: 'Submit' }).click();
        await page.getByText('Student Created Succesfully').waitFor();
        expect(demoCalls).toContain(`POST http://${host}:${demoPort()}/students/`);

        await page.getByRole('button', { name: 'Back to Home' }).click();
        await page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) }).waitFor();
        await context.close();
      },
    );
  }

  it(
    'refuses pages of other sites, and of other ports of the same host, while the app itself gets an ' +
      'answer',
    async () => {
      const app = await openPage(browser, undefined, `http://exam-server:${appPort()}`);
      await signIn(app.page, 'office@university.test');
      const token = (await storedToken(app.page))!;
      const demo = `http://exam-server:${demoPort()}`;
      expect(await callDemoFrom(app.page, demo, token)).toBe('status 200');

      for (const origin of [`http://other-site.example:${otherPort}`, `http://exam-server:${otherPort}`]) {
        const other = await openPage(browser, undefined, origin);
        await other.page.goto('/');
        expect(await callDemoFrom(other.page, demo, token)).toBe('refused: TypeError');
        await other.context.close();
      }
      await app.context.close();
    },
  );

  it(
    'stops accepting a token soon after it is signed out on the API (DEMO_AUTH_CACHE_MS, 2 s by ' +
      'default)',
    async () => {
      const { page, context } = await openPage(browser);
      await signIn(page, 'faculty@university.test');
      const token = (await storedToken(page))!;
      const demo = (path: string) =>
        fetch(`${demoUrl()}${path}`, { headers: { Authorization: `Bearer ${token}` } });
      expect((await demo('/students/')).status).toBe(200);
      expect((await api(token, 'POST', '/logout')).status).toBe(200);
      await expect
        .poll(async () => (await demo('/students/')).status, { timeout: 10_000, interval: 250 })
        .toBe(401);
      await context.close();
    },
  );

  it('refuses the student role: the demo is for staff', async () => {
    const { page, context } = await openPage(browser);
    await openAs(page, 'student@university.test', '/List');
    await page.getByText(/Error 403: The student records demo is for staff/).waitFor();
    await context.close();
  });
});
