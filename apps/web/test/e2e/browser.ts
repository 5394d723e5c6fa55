import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const screenshotsDir = fileURLToPath(new URL('../../screenshots/', import.meta.url));

export const DEMO_PASSWORD = 'Demo@12345';
export const baseUrl = () => inject('baseUrl');

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: inject('chromiumPath'),
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

export interface Dialog {
  type: string;
  message: string;
}

/** A page whose dialogs are recorded and accepted, and whose calls to the demo service's usual port reach the test's one. */
export async function openPage(browser: Browser, viewport = { width: 1280, height: 860 }) {
  const context: BrowserContext = await browser.newContext({ baseURL: baseUrl(), viewport });
  const demo = inject('demoUrl');
  await context.route(/:3001\/students\//, (route) => {
    const url = new URL(route.request().url());
    return route.continue({ url: `${demo}${url.pathname}${url.search}` });
  });
  const page = await context.newPage();
  const dialogs: Dialog[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push({ type: dialog.type(), message: dialog.message() });
    void dialog.accept();
  });
  page.setDefaultTimeout(15_000);
  return { context, page, dialogs };
}

export async function shot(page: Page, name: string) {
  mkdirSync(screenshotsDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotsDir, `${name}.png`), fullPage: true });
}

export async function signIn(page: Page, email = 'admin@university.test') {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/Dashboard');
}

export const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('myData'));

/** Calls the API directly (arranging data for a test, or checking what the screens did). */
export async function api(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

/** Unique per run, so a shared PostgreSQL database can hold rows of earlier runs. */
export const runId = Date.now().toString(36).slice(-5).toUpperCase();
