import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { chromiumArgs } from './chromium.ts';

export const screenshotsDir = fileURLToPath(new URL('../../screenshots/', import.meta.url));

export const DEMO_PASSWORD = 'Demo@12345';
/**
 * This worker's API and demo service: each worker of the suite has its own pair, on its own database
 * (global-setup.ts), so that files running at the same time cannot see each other's rows.
 */
const server = () => {
  const servers = inject('servers');
  return servers[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % servers.length]!;
};
export const baseUrl = () => server().baseUrl;
export const demoUrl = () => server().demoUrl;

/**
 * The run's browser, connected to (closing it closes this file's contexts and disconnects). `extraArgs`, e.g.
 * `--host-resolver-rules=MAP exam-server 127.0.0.1` to open the app by a name that is not localhost: a
 * browser of the file's own, launched with them.
 */
export async function launch(extraArgs: string[] = []): Promise<Browser> {
  if (!extraArgs.length) return chromium.connect(inject('browserEndpoint'));
  return chromium.launch({
    executablePath: inject('chromiumPath'),
    headless: true,
    args: [...chromiumArgs, ...extraArgs],
  });
}

export interface Dialog {
  type: string;
  message: string;
}

/**
 * A page whose dialogs are recorded and accepted. Nothing is rerouted: the app finds the demo service on its
 * own (the API tells it the port at run time), as it must for a user.
 */
export async function openPage(browser: Browser, viewport = { width: 1280, height: 860 }, base = baseUrl()) {
  const context: BrowserContext = await browser.newContext({ baseURL: base, viewport });
  const page = await context.newPage();
  const dialogs: Dialog[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push({ type: dialog.type(), message: dialog.message() });
    void dialog.accept();
  });
  page.setDefaultTimeout(15_000);
  return { context, page, dialogs };
}

/**
 * Screenshots are for people to look at; E2E_SHOTS=0 skips them (CI: nobody opens its /tmp, and they were a
 * twentieth of the suite's time). They assert nothing.
 */
const takeShots = process.env.E2E_SHOTS !== '0';

export async function shot(page: Page, name: string, dir = screenshotsDir) {
  if (!takeShots) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/**
 * A workflow action on a record's page: its button in "Status and actions", then the same in the dialog that
 * asks, which closes once the action is done; `refused`: the dialog stays open with the refusal, so it is not
 * waited for.
 */
export async function workflowAction(page: Page, label: string, options: { refused?: boolean } = {}) {
  await page.getByRole('group', { name: 'Status and actions' }).getByRole('button', { name: label }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: label }).first().click();
  if (!options.refused) await dialog.waitFor({ state: 'detached' });
}

/**
 * A download's file, once it has finished (a failed one throws): saved to a folder of its own, since a
 * browser connected to (launch) keeps its downloads on its side.
 */
export async function savedDownload(download: Download): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'e2e-download-')), download.suggestedFilename());
  await download.saveAs(file);
  return file;
}

/** A suite's own screenshot folder (to be looked at: <dir>/<name>.png, the full page). */
export const suiteShots = (dir: string) => (page: Page, name: string) => shot(page, name, dir);

/** A demo account's bearer token, signed in through the API. */
export async function tokenOf(email: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

export async function signIn(page: Page, email = 'admin@university.test') {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/Dashboard');
}

/**
 * Opens `path` signed in as `email` in one page load (the sign-in form is driven by signIn): the token from
 * the API rides on the address as on the legacy app's links, and the app stores it and takes it out of the
 * address. For a page of a new context: with a token already stored, the app would ask which account stays
 * signed in.
 */
export async function openAs(page: Page, email: string, path: string) {
  const address = new URL(path, baseUrl());
  address.searchParams.set('token', await tokenOf(email));
  await page.goto(`${address.pathname}${address.search}${address.hash}`);
  await page.waitForURL((url) => !url.searchParams.has('token'));
}

export const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('myData'));

/** Calls the API directly (arranging data for a test, or checking what the screens did). */
export async function api(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json().catch(() => ({}))) as Record<string, unknown>,
  };
}

/** Unique per run, so a shared PostgreSQL database can hold rows of earlier runs. */
export const runId = Date.now().toString(36).slice(-5).toUpperCase();

/**
 * One browser and one page signed in as `email` for a whole describe block (closed after it): `session.page`,
 * `session.dialogs` (window dialogs seen) and `session.token` are there once its beforeAll has run.
 */
export function useSignedInPage(email?: string) {
  const session = {} as { browser: Browser; page: Page; dialogs: Dialog[]; token: string };
  beforeAll(async () => {
    session.browser = await launch();
    Object.assign(session, await openPage(session.browser));
    await signIn(session.page, email);
    session.token = (await storedToken(session.page))!;
  });
  afterAll(async () => {
    await session.browser?.close();
  });
  return session;
}
