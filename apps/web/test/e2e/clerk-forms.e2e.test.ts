import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  api,
  DEMO_PASSWORD,
  openAs,
  openPage,
  runId,
  shot,
  signIn,
  storedToken,
  type Dialog,
  useSignedInPage,
} from './browser.ts';

const describeBrowser = inject('browser') ? describe : describe.skip;
// Evaluated through the browser's developer protocol: the app's Content-Security-Policy forbids inline
// scripts.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe on the page as it is now: the serious and critical violations, as "id: target" lines (none expected).
 */
async function axeProblems(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: {
          run: (
            context: unknown,
            options: unknown,
          ) => Promise<{
            violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>;
          }>;
        };
      }
    ).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.targets.join(', ')}`);
}

/** Waits for a value the page loads (dropdown options, a record): up to 15 s on this shared machine. */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

const session = `N${runId}`;
const editPath = (paper: string, course = 'BA01', sem = '1') =>
  `/EditPaperInfoSem?id=${session}&course_comb_id=${course}&sem_id=${sem}&paper_id=${paper}`;
const viewPath = (paper: string) =>
  `/ViewPaperInfoSem?id=${session}&course_comb_id=BA01&sem_id=1&paper_id=${paper}`;
const scheme = async (token: string, paper: string, course = 'BA01', sem = '1') =>
  (await api(token, 'GET', `/paperinfosem/${session}/${course}/${sem}/${paper}`)).body.paperinfosem as
    Record<string, unknown> | undefined;

/** Focuses a control and presses a key on it: the keyboard path, without a mouse click. */
async function press(page: Page, locator: ReturnType<Page['getByRole']>, key = 'Enter') {
  await locator.focus();
  await page.keyboard.press(key);
}

describeBrowser(
  "the clerk's day: copy a session, dialogs, nothing typed is lost, repeated entry, history",
  () => {
    const admin = useSignedInPage();
    let page: Page;
    let dialogs: Dialog[];
    let token: string;
    let browser: Browser;
    beforeAll(() => {
      ({ page, dialogs, token, browser } = admin);
    });

    it(
      'done: a new session gets its paper schemes by copying the previous one and correcting a few rows, ' +
        'nothing retyped',
      async () => {
        // The new session, added through its screen.
        await page.goto('/AddSession');
        await page.getByLabel('Session Id', { exact: true }).fill(session);
        await page.getByLabel('Session Name', { exact: true }).fill(`Academic Session ${session}`);
        await page.keyboard.press('Enter');
        await page.getByText(/created successfully/).waitFor();

        // From its view, the copy screen, by keyboard only.
        await page.goto(`/ViewSession?id=${session}`);
        await press(
          page,
          page.getByRole('link', { name: 'Copy links and paper schemes from another session' }),
        );
        await page.getByRole('heading', { name: `Copy into session ${session}` }).waitFor();
        const from = page.getByLabel('Copy from session');
        await poll(() => from.locator('option[value="2024-25"]').count()).toBe(1);
        await from.focus();
        await from.selectOption('2024-25');
        await press(page, page.getByRole('button', { name: 'Preview' }));
        const status = page.getByRole('status').filter({ hasText: 'would create' });
        await status.waitFor();
        const source = (await api(token, 'GET', '/paperinfosem?session_id=2024-25&limit=1000')).body as {
          paperinfosem: Array<Record<string, string>>;
        };
        const sourcePapers = source.paperinfosem.filter((r) => r.session_id === '2024-25').length;
        expect(await status.textContent()).toMatch(
          new RegExp(
            `would create \\d+ course-semester links and ${sourcePapers} paper schemes ` +
              `\\(0 already in ${session}\\)`,
          ),
        );
        expect(await page.getByRole('row', { name: /BA01 1 ENG101 Will be created/ }).count()).toBe(1);
        expect(await axeProblems(page)).toEqual([]);
        await shot(page, 'clerk-copy-preview');
        // Nothing is stored by the preview.
        expect(await scheme(token, 'ENG101')).toBeUndefined();

        await press(page, page.getByRole('button', { name: /^Copy \d+ rows into / }));
        await page
          .getByRole('status')
          .filter({ hasText: `Copied 2024-25 into ${session}` })
          .waitFor();
        expect(await page.getByRole('row', { name: /BA01 1 ENG101 Created/ }).count()).toBe(1);
        await shot(page, 'clerk-copy-done');
        expect(await scheme(token, 'ENG101')).toMatchObject({
          max_marks: '100',
          credit_point: '4',
          paper_type: 0,
        });

        // A few rows corrected in their edit screens: only the values that differ are typed.
        for (const [paper, credit] of [
          ['ENG101', '5'],
          ['HIS101', '3'],
        ] as const) {
          await page.goto(editPath(paper));
          const field = page.getByLabel('Credit Point', { exact: true });
          await poll(() => field.inputValue()).toBe('4');
          await field.fill(credit);
          await page.keyboard.press('Enter');
          await page.getByText(/updated successfully|Update Successfully/).waitFor();
        }
        expect(await scheme(token, 'ENG101')).toMatchObject({
          credit_point: '5',
          max_marks: '100',
          ext_max_marks: '75',
        });
        expect(await scheme(token, 'HIS101')).toMatchObject({ credit_point: '3' });
        expect(await scheme(token, 'HIN101')).toMatchObject({ credit_point: '4' });
        // The list of the new session shows every copied scheme.
        const copied = (await api(token, 'GET', `/paperinfosem?q=${session}&limit=1000`)).body as {
          total: number;
        };
        expect(copied.total).toBe(sourcePapers);
      },
    );

    it('a second copy into the same session creates nothing and says so', async () => {
      await page.goto(`/CopySession?id=${session}`);
      const from = page.getByLabel('Copy from session');
      await poll(() => from.locator('option[value="2024-25"]').count()).toBe(1);
      await from.selectOption('2024-25');
      await press(page, page.getByRole('button', { name: 'Preview' }));
      await page
        .getByRole('status')
        .filter({ hasText: 'would create 0 course-semester links and 0 paper schemes' })
        .waitFor();
      expect(await page.getByRole('button', { name: 'Nothing to copy' }).isDisabled()).toBe(true);
    });

    it(
      'delete asks in an in-page alert dialog with the spec sentence and the record; Escape keeps it, ' +
        'focus returns',
      async () => {
        await page.goto('/ListPaperInfoSem');
        await page.getByLabel('Search').fill(`${session}`);
        await page.keyboard.press('Enter');
        const deleteButton = page.getByRole('button', { name: `Delete ${session} / BA01 / 1 / ENV101` });
        await deleteButton.waitFor();
        const before = dialogs.length;
        await press(page, deleteButton);
        const dialog = page.getByRole('alertdialog', { name: 'Do you want to delete the Paper' });
        await dialog.waitFor();
        expect(await dialog.getAttribute('aria-describedby')).toBeTruthy();
        expect(await dialog.textContent()).toContain(`${session} BA01 1 ENV101 Environmental Studies`);
        // Cancel is focused first, so Enter never deletes by accident.
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
        expect(await axeProblems(page)).toEqual([]);
        await shot(page, 'clerk-dialog-confirm');
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
          `Delete ${session} / BA01 / 1 / ENV101`,
        );
        expect(await scheme(token, 'ENV101')).toBeDefined();

        // Tab stays inside the dialog: from Cancel (the last control) it wraps to Delete and back.
        await page.keyboard.press('Enter');
        await dialog.waitFor();
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Delete');
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });

        // Again, and this time Shift+Tab to Delete and Enter.
        await page.keyboard.press('Enter');
        await dialog.waitFor();
        await page.keyboard.press('Shift+Tab');
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Delete');
        await page.keyboard.press('Enter');
        await page
          .getByText('Paper link deleted successfully.')
          .or(page.getByText(/deleted successfully/))
          .first()
          .waitFor();
        expect(await scheme(token, 'ENV101')).toBeUndefined();
        // No window dialog was used.
        expect(dialogs.length).toBe(before);
      },
    );

    it("a 409 raises the spec's alert as an in-page alert dialog, closed with Enter", async () => {
      await page.goto('/AddSession');
      await page.getByLabel('Session Id', { exact: true }).fill('2023-24');
      await page.getByLabel('Session Name', { exact: true }).fill('Again');
      await page.keyboard.press('Enter');
      const alert = page.getByRole('alertdialog', {
        name: 'Error Code: 409 Error: Session 2023-24 already exists.',
      });
      await alert.waitFor();
      expect(await axeProblems(page)).toEqual([]);
      await shot(page, 'clerk-dialog-alert');
      await page.keyboard.press('Enter');
      await alert.waitFor({ state: 'detached' });
    });

    it(
      "a stale edit shows the user's values beside the stored ones, and applies the user's " + 'again',
      async () => {
        await page.goto(editPath('HIN101'));
        const max = page.getByLabel('Min Marks', { exact: true });
        await poll(() => max.inputValue()).toBe('36');
        // Someone else changes the record meanwhile.
        const current = (await scheme(token, 'HIN101'))!;
        expect(
          (
            await api(token, 'PUT', `/paperinfosem/${session}/BA01/1/HIN101`, {
              credit_point: '6',
              updated_at: current.updated_at,
            })
          ).status,
        ).toBe(200);
        await max.fill('40');
        await page.getByLabel('Credit Point', { exact: true }).fill('4.5');
        await page.keyboard.press('Enter');
        const alert = page.getByRole('alertdialog', {
          name: /^Error Code: 409 Error: .*changed by someone else/,
        });
        await alert.waitFor();
        await page.keyboard.press('Enter');
        const comparison = page.getByRole('region', {
          name: 'Someone else changed this record while you were editing',
        });
        await comparison.waitFor();
        expect(await comparison.getByRole('row', { name: 'Credit Point 4.5 6' }).count()).toBe(1);
        expect(await comparison.getByRole('row', { name: 'Min Marks 40 36' }).count()).toBe(1);
        expect(await axeProblems(page)).toEqual([]);
        await shot(page, 'clerk-stale-edit');
        await press(page, comparison.getByRole('button', { name: 'Apply my values again' }));
        await comparison.waitFor({ state: 'detached' });
        await page.getByText(/updated successfully|Update Successfully/).waitFor();
        expect(await scheme(token, 'HIN101')).toMatchObject({ credit_point: '4.5', min_marks: '40' });

        // The other way: keep what is stored; the form shows it and nothing of mine is sent.
        await page.reload();
        await poll(() => page.getByLabel('Credit Point', { exact: true }).inputValue()).toBe('4.5');
        const now = (await scheme(token, 'HIN101'))!;
        expect(
          (
            await api(token, 'PUT', `/paperinfosem/${session}/BA01/1/HIN101`, {
              credit_point: '7',
              updated_at: now.updated_at,
            })
          ).status,
        ).toBe(200);
        await page.getByLabel('Credit Point', { exact: true }).fill('8');
        await page.keyboard.press('Enter');
        await page.getByRole('alertdialog', { name: /^Error Code: 409 Error: / }).waitFor();
        await page.keyboard.press('Enter');
        const again = page.getByRole('region', {
          name: 'Someone else changed this record while you were editing',
        });
        await press(page, again.getByRole('button', { name: 'Keep the stored values' }));
        await again.waitFor({ state: 'detached' });
        expect(await page.getByLabel('Credit Point', { exact: true }).inputValue()).toBe('7');
        expect(await scheme(token, 'HIN101')).toMatchObject({ credit_point: '7' });
      },
    );

    it('a role that may only read sees no copy link, and the copy screen refuses it', async () => {
      const { context, page: reader } = await openPage(browser);
      await openAs(reader, 'result@university.test', `/ViewSession?id=${session}`);
      await reader.getByRole('tab', { name: 'Record' }).waitFor();
      expect(await reader.getByRole('link', { name: /Copy links and paper schemes/ }).count()).toBe(0);
      await reader.goto(`/CopySession?id=${session}`);
      await reader.getByText('Your role may not change master data.').waitFor();
      await context.close();
    });

    it(
      '"Add and add another" keeps session, course combination and semester; the plain Add starts ' + 'empty',
      async () => {
        await page.goto('/AddPaperInfoSem');
        const choose = async (label: string, value: string) => {
          const select = page.getByLabel(label, { exact: true });
          await poll(() => select.locator(`option[value="${value}"]`).count()).toBe(1);
          await select.selectOption(value);
        };
        const fillPaper = async (paper: string) => {
          await choose('Paper Id', paper);
          await choose('Group Status', 'N');
          await choose('Group Code', 'NG');
          await choose('Th Pr Status', 'TH');
          await choose('Paper Score Status', 'Y');
          await choose('Paper Type', '0');
          await choose('Elective Status', '0');
          await page.getByLabel('Max Marks', { exact: true }).fill('100');
          await page.getByLabel('Min Marks', { exact: true }).fill('36');
          await page.getByLabel('Ext Max Marks', { exact: true }).fill('75');
          await page.getByLabel('Ext Min Marks', { exact: true }).fill('27');
          await page.getByLabel('Int Max Marks', { exact: true }).fill('25');
          await page.getByLabel('Int Min Marks', { exact: true }).fill('9');
          await page.getByLabel('Credit Point', { exact: true }).fill('4');
        };
        await choose('Session Id', session);
        await choose('Course Comb Id', 'BA01');
        await choose('Sem Id', '2');
        await fillPaper('MAT101');
        await press(page, page.getByRole('button', { name: 'Add and add another' }));
        await page
          .getByRole('status')
          .filter({ hasText: /created successfully/ })
          .waitFor();
        expect(await scheme(token, 'MAT101', 'BA01', '2')).toMatchObject({ credit_point: '4' });
        // Carried over: the three declared fields; the paper and the scheme start empty.
        expect(await page.getByLabel('Session Id', { exact: true }).inputValue()).toBe(session);
        expect(await page.getByLabel('Course Comb Id', { exact: true }).inputValue()).toBe('BA01');
        expect(await page.getByLabel('Sem Id', { exact: true }).inputValue()).toBe('2');
        expect(await page.getByLabel('Paper Id', { exact: true }).inputValue()).toBe('');
        expect(await page.getByLabel('Max Marks', { exact: true }).inputValue()).toBe('');
        expect(await axeProblems(page)).toEqual([]);
        await shot(page, 'clerk-add-another');
        await fillPaper('MAT102');
        await press(page, page.getByRole('button', { name: 'Add', exact: true }));
        await page
          .getByRole('status')
          .filter({ hasText: /created successfully/ })
          .waitFor();
        expect(await scheme(token, 'MAT102', 'BA01', '2')).toBeDefined();
        expect(await page.getByLabel('Session Id', { exact: true }).inputValue()).toBe('');

        // AddCCInfoSem declares the same three fields: after "Add and add another" they stay chosen.
        await page.goto('/AddCCInfoSem');
        await choose('Session', session);
        await choose('Course combination', 'MA01');
        await choose('Semester', '2');
        await press(page, page.getByRole('button', { name: 'Add and add another' }));
        await page
          .getByRole('status')
          .filter({ hasText: /created successfully/ })
          .waitFor();
        expect((await api(token, 'GET', `/ccinfosem/${session}/MA01/2`)).status).toBe(200);
        expect(await page.getByLabel('Session', { exact: true }).inputValue()).toBe(session);
        expect(await page.getByLabel('Course combination', { exact: true }).inputValue()).toBe('MA01');
        expect(await page.getByLabel('Semester', { exact: true }).inputValue()).toBe('2');
      },
    );

    it(
      'the History tab shows who changed what and when, before → after, reached with the arrow ' + 'keys',
      async () => {
        await page.goto(viewPath('ENG101'));
        const recordTab = page.getByRole('tab', { name: 'Record' });
        await recordTab.waitFor();
        await press(page, recordTab, 'ArrowRight');
        expect(await page.getByRole('tab', { name: 'History' }).getAttribute('aria-selected')).toBe('true');
        const panel = page.getByRole('tabpanel', { name: 'History' });
        await panel.getByText('Changed by admin@university.test').waitFor();
        expect(await panel.getByRole('row', { name: 'Credit Point 4 5' }).count()).toBe(1);
        await panel.getByText('Copied from session 2024-25').waitFor();
        expect(await axeProblems(page)).toEqual([]);
        await shot(page, 'clerk-history');
      },
    );

    it(
      'labels that are column names keep the spec wording and carry a help text read with the ' + 'field',
      async () => {
        await page.goto('/AddCourse');
        const field = page.getByLabel('Th Pr Id', { exact: true });
        await field.waitFor();
        const described = await field.evaluate((el) =>
          (el.getAttribute('aria-describedby') ?? '')
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent)
            .join(' '),
        );
        expect(described).toBe('Whether the combination has theory papers only or also practicals.');
        await page.goto('/AddSem');
        const desc = page.getByLabel('Sem Desc1', { exact: true });
        await desc.waitFor();
        expect(
          await desc.evaluate(
            (el) => document.getElementById(el.getAttribute('aria-describedby')!)?.textContent,
          ),
        ).toMatch(/as written on documents/);
        expect(await axeProblems(page)).toEqual([]);
      },
    );

    it("an optional dropdown (a paper's department) can be emptied again with -select-", async () => {
      const paper = `P${runId}`;
      expect(
        (await api(token, 'POST', '/paper', { paper_id: paper, paper_name: 'Clerk paper', dept_id: 'ENG' }))
          .status,
      ).toBe(201);
      await page.goto(`/EditPaper?id=${paper}`);
      const department = page.getByLabel('Department', { exact: true });
      await poll(() => department.inputValue()).toBe('ENG');
      await department.focus();
      await department.selectOption('');
      await page.getByRole('button', { name: 'Edit', exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.getByText(/updated successfully|Update Successfully/).waitFor();
      expect((await api(token, 'GET', `/paper/${paper}`)).body.paper).toMatchObject({ dept_id: null });
    });

    it(
      'warns five minutes before the sign-in ends and continues in place, keeping what was ' + 'typed',
      async () => {
        const { context, page: clerk } = await openPage(browser);
        await clerk.clock.install();
        await signIn(clerk);
        const first = (await storedToken(clerk))!;
        await clerk.goto(editPath('HIS101'));
        const credit = clerk.getByLabel('Credit Point', { exact: true });
        await poll(() => credit.inputValue()).toBe('3');
        await credit.fill('3.5');
        // The token lives 8 hours: move the page's clock to 4 minutes before its end.
        const exp = JSON.parse(Buffer.from(first.split('.')[1]!, 'base64url').toString()).exp as number;
        await clerk.clock.fastForward(exp * 1000 - 4 * 60_000 - (await clerk.evaluate(() => Date.now())));
        const warning = clerk.getByRole('alertdialog', { name: /^Your sign-in ends in [45] minutes$/ });
        await warning.waitFor();
        expect(await axeProblems(clerk)).toEqual([]);
        await shot(clerk, 'clerk-expiry-warning');
        await clerk.keyboard.type(DEMO_PASSWORD);
        await clerk.keyboard.press('Enter');
        await warning.waitFor({ state: 'detached' });
        expect(await storedToken(clerk)).not.toBe(first);
        expect(await credit.inputValue()).toBe('3.5');
        await context.close();
      },
    );

    it('after the sign-in ended, signing in again returns to the same page with what was typed', async () => {
      const { context, page: clerk } = await openPage(browser);
      await signIn(clerk, 'office@university.test');
      const ended = (await storedToken(clerk))!;
      await clerk.goto(editPath('HIS101'));
      const credit = clerk.getByLabel('Credit Point', { exact: true });
      await poll(() => credit.inputValue()).toBe('3');
      await credit.fill('2.5');
      await clerk.getByLabel('Min Marks', { exact: true }).fill('35');
      // The session ends on the server (as an expired token does); the next save is refused with 401.
      expect((await api(ended, 'POST', '/logout')).status).toBe(200);
      await clerk.keyboard.press('Enter');
      await clerk.getByRole('button', { name: 'Sign In' }).waitFor();
      await clerk.getByLabel('Email').fill('office@university.test');
      await clerk.getByLabel('Password').fill(DEMO_PASSWORD);
      await clerk.keyboard.press('Enter');
      await clerk.waitForURL(`**${editPath('HIS101')}`);
      await clerk
        .getByRole('status')
        .filter({ hasText: 'What you typed before signing in again is back in the form' })
        .waitFor();
      expect(await clerk.getByLabel('Credit Point', { exact: true }).inputValue()).toBe('2.5');
      expect(await clerk.getByLabel('Min Marks', { exact: true }).inputValue()).toBe('35');
      await shot(clerk, 'clerk-draft-restored');
      await clerk.keyboard.press('Tab');
      await clerk.getByRole('button', { name: 'Update' }).focus();
      await clerk.keyboard.press('Enter');
      await clerk.getByText(/updated successfully|Update Successfully/).waitFor();
      expect(await scheme(token, 'HIS101')).toMatchObject({ credit_point: '2.5', min_marks: '35' });
      // Restored once: opening the page again shows the stored record, no draft.
      await clerk.reload();
      await poll(() => clerk.getByLabel('Credit Point', { exact: true }).inputValue()).toBe('2.5');
      expect(await clerk.getByText('What you typed before signing in again').count()).toBe(0);
      await context.close();
    });
  },
);
