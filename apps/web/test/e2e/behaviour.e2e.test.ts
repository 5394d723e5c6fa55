import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  api,
  baseUrl,
  DEMO_PASSWORD,
  launch,
  openAs,
  openPage,
  runId,
  shot,
  signIn,
  storedToken,
  type Dialog,
} from './browser.ts';

const describeBrowser = inject('browser') ? describe : describe.skip;

describeBrowser('behaviours of the spec in the browser', () => {
  let browser: Browser;
  let page: Page;
  let dialogs: Dialog[];
  let token: string;
  const extraCourses = Array.from({ length: 12 }, (_, i) => `PG-${runId}-${String(i).padStart(2, '0')}`);

  beforeAll(async () => {
    browser = await launch();
    ({ page, dialogs } = await openPage(browser));
    await signIn(page);
    token = (await storedToken(page))!;
    // Enough courses for three pages of five and two of ten, whatever the database held before.
    for (const id of extraCourses)
      await api(token, 'POST', '/course', { course_comb_id: id, course_comb_name4: `Paging course ${id}` });
  });
  afterAll(async () => {
    if (token) for (const id of extraCourses) await api(token, 'DELETE', `/course/${id}`);
    await browser?.close();
  });

  it(
    'course list: page size 5 by default, offset (page-1)*size on every load, a size change goes back to ' +
      'page 1',
    async () => {
      const calls: string[] = [];
      const listen = (request: { url: () => string }) => {
        const url = new URL(request.url());
        if (/^\/api\/course\/\d+\//.test(url.pathname)) calls.push(url.pathname);
      };
      page.on('request', listen);
      await page.goto('/ListCourses');
      await page.getByRole('heading', { name: 'List Courses' }).waitFor();
      await page.getByRole('cell', { name: '5', exact: true }).waitFor();
      // The first load already uses the offset (the legacy passed the page number there).
      expect(calls.length).toBeGreaterThan(0);
      expect(new Set(calls)).toEqual(new Set(['/api/course/0/5']));
      expect(await page.getByLabel('Page size').inputValue()).toBe('5');
      expect(await page.locator('tbody tr').count()).toBe(5);
      await shot(page, 'courses-list-page1');

      await page.getByRole('button', { name: 'Page 2' }).click();
      await expect.poll(() => calls.at(-1)).toBe('/api/course/5/5');
      await page.getByRole('cell', { name: '6', exact: true }).waitFor();

      await page.getByLabel('Page size').selectOption('10');
      await expect.poll(() => calls.at(-1)).toBe('/api/course/0/10');
      await page.getByRole('cell', { name: '1', exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');

      await page.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => calls.at(-1)).toBe('/api/course/10/10');
      await page.getByRole('cell', { name: '11', exact: true }).waitFor();
      await shot(page, 'courses-list-size10-page2');
      page.off('request', listen);
    },
  );

  it('a validation error is listed as bullets under the form, and nothing is sent', async () => {
    let posts = 0;
    const count = (request: { method: () => string; url: () => string }) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/paperinfosem')) posts++;
    };
    page.on('request', count);
    await page.goto('/AddPaperInfoSem');
    await page.getByLabel('Max Marks', { exact: true }).fill('10');
    await page.getByLabel('Min Marks', { exact: true }).fill('50');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const bullets = page.locator('.form-errors li');
    await bullets.first().waitFor();
    const texts = await bullets.allTextContents();
    expect(texts).toContain('Session Id: Required');
    // Messages come from the shared contracts; the screen labels them with the field names staff read.
    expect(
      texts.some((t) => t.startsWith('Group Code: ')),
      texts.join(' | '),
    ).toBe(true);
    expect(
      texts.some((t) => t.startsWith('Min Marks: ')),
      texts.join(' | '),
    ).toBe(true);
    expect(await page.getByLabel('Session Id', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await shot(page, 'paperinfosem-add-errors');
    expect(posts).toBe(0);
    page.off('request', count);
  });

  it(
    'a 409 raises the alert Error Code: 409 Error: {message} (duplicate add, and a stale edit that then ' +
      'reloads)',
    async () => {
      await page.goto('/AddSession');
      await page.getByLabel('Session Id', { exact: true }).fill('2023-24');
      await page.getByLabel('Session Name', { exact: true }).fill('Duplicate');
      const before = dialogs.length;
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      // An in-page alert dialog with the catalogue's sentence (no window.alert).
      const duplicate = page.getByRole('alertdialog', {
        name: 'Error Code: 409 Error: Session 2023-24 already exists.',
      });
      await duplicate.waitFor();
      await duplicate.getByRole('button', { name: 'OK' }).click();
      await duplicate.waitFor({ state: 'detached' });

      const rti = `STALE-${runId}`;
      await api(token, 'POST', '/examcycle', { rti, student_exam_cycle: 'As first read' });
      await page.goto(`/EditExamCycle?id=${rti}`);
      await expect
        .poll(() => page.getByLabel('Student Exam Cycle', { exact: true }).inputValue())
        .toBe('As first read');
      const current = await api(token, 'GET', `/examcycle/${rti}`);
      await api(token, 'PUT', `/examcycle/${rti}`, {
        student_exam_cycle: 'Changed meanwhile',
        updated_at: (current.body.examcycle as { updated_at: string }).updated_at,
      });
      await page.getByLabel('Student Exam Cycle', { exact: true }).fill('My late edit');
      await page.getByRole('button', { name: 'Update', exact: true }).click();
      const stale = page.getByRole('alertdialog', { name: /^Error Code: 409 Error: \S/ });
      await stale.waitFor();
      await stale.getByRole('button', { name: 'OK' }).click();
      expect(dialogs.length).toBe(before);
      // The record is reloaded: the form now shows what was stored meanwhile.
      await expect
        .poll(() => page.getByLabel('Student Exam Cycle', { exact: true }).inputValue())
        .toBe('Changed meanwhile');
      await api(token, 'DELETE', `/examcycle/${rti}`);
    },
  );

  it(
    '?token= is taken into storage and dropped from the address; no or a bad token goes to the ' + 'root',
    async () => {
      const fresh = await openPage(browser);
      await fresh.page.goto(`/ListPapers?token=${encodeURIComponent(token)}&page=1`);
      await fresh.page.getByRole('heading', { name: 'List Papers' }).waitFor();
      expect(new URL(fresh.page.url()).search).toBe('?page=1');
      expect(await storedToken(fresh.page)).toBe(token);
      expect(await fresh.page.evaluate(() => window.location.href.includes('token'))).toBe(false);
      await fresh.context.close();

      const none = await openPage(browser);
      await none.page.goto('/ListExams');
      await none.page.getByRole('button', { name: 'Sign In' }).waitFor();
      expect(new URL(none.page.url()).pathname).toBe('/');
      await shot(none.page, 'login');

      await none.page.goto('/ListExams?token=not-a-real-token');
      await none.page.getByRole('button', { name: 'Sign In' }).waitFor();
      expect(new URL(none.page.url()).pathname).toBe('/');
      expect(await storedToken(none.page)).toBeNull();
      await none.context.close();
    },
  );

  it(
    'a ?token= link of another user never silently replaces the signed-in one: a dialog asks, staying is ' +
      'the default',
    async () => {
      const login = async (email: string) =>
        (
          (await (
            await fetch(`${baseUrl()}/api/login`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ email, password: DEMO_PASSWORD }),
            })
          ).json()) as { token: string }
        ).token;
      const officeToken = await login('office@university.test');
      const a = await openPage(browser);
      await signIn(a.page, 'admin@university.test');
      const adminToken = (await storedToken(a.page))!;

      await a.page.goto(`/ListPapers?token=${encodeURIComponent(officeToken)}`);
      const dialog = a.page.getByRole('dialog', { name: 'Which account should stay signed in?' });
      await dialog.waitFor();
      expect(a.page.url()).not.toContain('token');
      await shot(a.page, 'link-token-choice');
      // Staying is focused: Enter keeps the admin signed in.
      await expect
        .poll(() => a.page.evaluate(() => document.activeElement?.textContent ?? ''))
        .toMatch(/^Stay signed in as /);
      await a.page.keyboard.press('Enter');
      await a.page.getByRole('heading', { name: 'List Papers' }).waitFor();
      expect(await storedToken(a.page)).toBe(adminToken);

      await a.page.goto(`/ListPapers?token=${encodeURIComponent(officeToken)}`);
      await dialog.getByRole('button', { name: /continue as/ }).click();
      await a.page.getByRole('heading', { name: 'List Papers' }).waitFor();
      expect(await storedToken(a.page)).toBe(officeToken);
      expect((await api(officeToken, 'GET', '/check-user')).body).toMatchObject({
        user_role: { name: 'office' },
      });
      await expect.poll(async () => (await api(adminToken, 'GET', '/check-user')).status).toBe(401);
      await a.context.close();
    },
  );

  it(
    'logout revokes the token, clears storage and goes to the root; an old link token in /Logout/:id is ' +
      'revoked too',
    async () => {
      const a = await openPage(browser);
      await signIn(a.page, 'office@university.test');
      const tokenA = (await storedToken(a.page))!;
      const b = await openPage(browser);
      await signIn(b.page, 'result@university.test');
      const tokenB = (await storedToken(b.page))!;

      await a.page.goto(`/Logout/${encodeURIComponent(tokenB)}`);
      await a.page.getByRole('button', { name: 'Sign In' }).waitFor();
      expect(new URL(a.page.url()).pathname).toBe('/');
      expect(await storedToken(a.page)).toBeNull();
      expect((await api(tokenA, 'GET', '/check-user')).status).toBe(401);
      expect((await api(tokenB, 'GET', '/check-user')).status).toBe(401);
      await a.context.close();
      await b.context.close();

      const c = await openPage(browser);
      await signIn(c.page, 'office@university.test');
      const tokenC = (await storedToken(c.page))!;
      await c.page.getByRole('button', { name: 'Logout' }).click();
      await c.page.getByRole('button', { name: 'Sign In' }).waitFor();
      expect(await storedToken(c.page)).toBeNull();
      expect((await api(tokenC, 'GET', '/check-user')).status).toBe(401);
      await c.context.close();
    },
  );

  it(
    'faculty of a college signs in by keyboard: dashboard with dept_id and college_id, master data ' +
      'read-only',
    async () => {
      const f = await openPage(browser);
      // Keyboard only: the skip link comes first and jumps over the header (its language switch) to the
      // form's Email, then Password, then Enter.
      await f.page.goto('/');
      await f.page.getByLabel('Email').waitFor();
      await f.page.keyboard.press('Tab');
      expect(await f.page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
      await f.page.keyboard.press('Enter');
      await f.page.keyboard.press('Tab');
      expect(await f.page.evaluate(() => document.activeElement?.id)).toBe('login-email');
      await f.page.keyboard.type('faculty.college@university.test');
      await f.page.keyboard.press('Tab');
      await f.page.keyboard.type('Demo@12345');
      await f.page.keyboard.press('Enter');
      await f.page.waitForURL('**/Dashboard');
      const panel = f.page.getByRole('article');
      await panel.getByRole('heading', { name: 'Faculty Dashboard' }).waitFor();
      expect(await panel.textContent()).toContain('PHY');
      expect(await panel.textContent()).toContain('C101');
      await shot(f.page, 'dashboard-faculty-college');
      await f.page.goto('/ListPapers');
      await f.page
        .getByRole('link', { name: /^View / })
        .first()
        .waitFor();
      expect(await f.page.getByRole('link', { name: 'Add New' }).count()).toBe(0);
      expect(await f.page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
      await f.context.close();
    },
  );

  it('routes without contents, unknown paths, and a narrow screen', async () => {
    // The results module serves /ResultNep now; registration is still a placeholder.
    await page.goto('/Register');
    await page.getByRole('heading', { name: 'Register' }).waitFor();
    await page.getByText('The Registration module is not available yet.').waitFor();
    await page.getByRole('button', { name: 'Back to Previous' }).waitFor();
    await shot(page, 'placeholder-register');
    await page.goto('/NoSuchScreen');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await shot(page, 'not-found');

    const narrow = await openPage(browser, { width: 390, height: 844 });
    await narrow.page.goto(`/ListSession?token=${encodeURIComponent(token)}`);
    await narrow.page.getByRole('heading', { name: 'List Session' }).waitFor();
    await narrow.page
      .getByRole('link', { name: /^View / })
      .first()
      .waitFor();
    await shot(narrow.page, 'narrow-list-session');
    await narrow.page.goto('/AddExam');
    await narrow.page.getByLabel('Exam Id').waitFor();
    await shot(narrow.page, 'narrow-add-exam');
    // Nothing wider than the screen but the scrolling table region.
    const overflow = await narrow.page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await narrow.context.close();
  });

  it(
    'student demo: add (Student Created Succesfully), list, view, edit with the id read-only, ' + 'delete',
    async () => {
      const demo = await openPage(browser);
      const email = `e2e.${runId.toLowerCase()}@university.test`;
      await openAs(demo.page, 'office@university.test', '/add');
      await demo.page.getByLabel('Student Name').fill('  E2E Student ');
      await demo.page.getByLabel('Email').fill(email);
      await demo.page.getByRole('button', { name: 'Submit' }).click();
      await demo.page.getByText('Student Created Succesfully').waitFor();
      expect(await demo.page.getByLabel('Student Name').inputValue()).toBe('');
      await shot(demo.page, 'demo-add');
      await demo.page.getByRole('button', { name: 'Back to Home' }).click();
      await demo.page.getByRole('heading', { name: 'Student List' }).waitFor();
      const row = demo.page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
      await row.waitFor();
      const id = (await row.getByRole('cell').first().textContent())!.trim();
      await row.getByRole('link', { name: `Edit ${id}` }).click();
      expect(await demo.page.getByLabel('Id').getAttribute('readonly')).not.toBeNull();
      await expect.poll(() => demo.page.getByLabel('Student Name').inputValue()).toBe('E2E Student');
      await demo.page.getByLabel('Student Name').fill('E2E Student Renamed');
      await demo.page.getByRole('button', { name: 'Update' }).click();
      await demo.page.locator('.notice.success').waitFor();
      await demo.page.goto(`/view/${id}`);
      await demo.page.getByText('E2E Student Renamed').waitFor();
      await demo.page.goto('/List');
      const before = demo.dialogs.length;
      await demo.page.getByRole('button', { name: `Delete ${id}` }).click();
      const confirm = demo.page.getByRole('alertdialog', { name: 'Do you want to delete the student' });
      expect(await confirm.textContent()).toContain(`${id} E2E Student Renamed`);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await demo.page.locator('.notice.success').waitFor();
      expect(demo.dialogs.length).toBe(before);
      await demo.page
        .getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) })
        .waitFor({ state: 'detached' });
      await demo.context.close();
    },
  );
});
