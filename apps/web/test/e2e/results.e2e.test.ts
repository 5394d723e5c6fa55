import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { arrange } from './arrange.ts';
import { axeProblems } from './axe.ts';
import { launch, openPage, runId, signIn, storedToken } from './browser.ts';

const describeBrowser = inject('browser') ? describe : describe.skip;

/** Screenshots of this suite, to be looked at: /tmp/results-e2e/<name>.png. */
const shotsDir = '/tmp/results-e2e';
async function shot(page: Page, name: string) {
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

const RULESET = `RS-E2E-${runId}`;

/**
 * Rule sets as the result cell reads them (lifecycle §4.1): a rule set with two versions (the second lowers the
 * second division to 45 %, doubles G1's grace budget, switches G3 on and gives revaluation 20 days); its rules as
 * tables, and the two versions side by side with the differences listed first and marked in the tables (in words,
 * not only by colour), in English and Hindi, with the keyboard and without axe violations.
 */
describeBrowser('rule sets: readable tables and a comparison of versions', () => {
  let browser: Browser;
  let admin: string;

  beforeAll(async () => {
    browser = await launch();
    const { page } = await openPage(browser);
    await signIn(page, 'admin@university.test');
    admin = (await storedToken(page))!;
    await page.context().close();
    const { ruleset: preset } = (await arrange(admin, 'GET', '/ruleset/OLD-A/1')) as { ruleset: { rules: Record<string, unknown> & { divisions: Array<{ code: string; min_percent: string }>; grace: Array<{ rule_id: string; enabled: boolean; params: Record<string, unknown> }>; reval: { window_days: number } } } };
    await arrange(admin, 'POST', '/ruleset', { ruleset_id: RULESET, version: 1, scheme: 'OLD', title: 'E2E divisions (first)', rules: preset.rules, status: 'RETIRED' });
    const rules = structuredClone(preset.rules);
    rules.divisions = rules.divisions.map((d) => (d.code === 'II' ? { ...d, min_percent: '45' } : d));
    rules.grace = rules.grace.map((g) => (g.rule_id === 'G1' ? { ...g, params: { ...g.params, budget_percent_of_aggregate_max: '2' } } : g.rule_id === 'G3' ? { ...g, enabled: true } : g));
    rules.reval = { ...rules.reval, window_days: 20 };
    await arrange(admin, 'POST', '/ruleset', { ruleset_id: RULESET, version: 2, scheme: 'OLD', title: 'E2E divisions (second)', rules, status: 'ACTIVE' });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('the calculate user reads a version as tables and compares it with the version before', async () => {
    const { page } = await openPage(browser);
    await signIn(page, 'calculate@university.test');
    await page.goto('/RuleSetRules');
    await page.getByRole('heading', { name: 'Rule set rules' }).waitFor();
    await page.getByRole('link', { name: `Rules ${RULESET}@2` }).click();
    await page.getByRole('heading', { name: 'Divisions' }).waitFor();
    for (const heading of ['Marks and passing', 'Grade bands', 'Grace and condonation', 'SGPA and CGPA', 'Rounding', 'Revaluation']) {
      await page.getByRole('heading', { name: heading }).waitFor();
    }
    const divisions = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'From %' }) }).first();
    expect(await divisions.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'II', exact: true }) }).textContent()).toContain('45');
    const grace = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'What it allows' }) });
    expect(await grace.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'G1', exact: true }) }).textContent()).toContain('budget 2 % of the aggregate maximum');
    expect(await axeProblems(page)).toEqual([]);
    await shot(page, 'ruleset-rules');

    // Compare with version 1: by the keyboard from the link, the differences first, then the marked tables.
    await page.getByRole('link', { name: 'Compare with version 1' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Compare rule set versions' }).waitFor();
    await page.getByText(`4 rows differ between ${RULESET}@1 and ${RULESET}@2.`).waitFor();
    const summary = page.locator('ul.diff-summary');
    expect(await summary.textContent()).toMatch(/Divisions · II: changed \(From %\)/);
    expect(await summary.textContent()).toMatch(/Grace and condonation · G3: changed \(In use\)/);
    expect(await summary.textContent()).toMatch(/Revaluation · Window \(days\): changed/);
    await page.getByRole('heading', { name: /Divisions \(1 differences\)/ }).waitFor();
    await page.getByRole('heading', { name: /Grade bands \(the same\)/ }).waitFor();
    const changedCell = page.locator('td.diff-new').filter({ hasText: '45' });
    expect(await changedCell.first().textContent()).toContain('(changed)');
    expect(await axeProblems(page)).toEqual([]);
    await shot(page, 'ruleset-compare');

    // The comparison in Hindi.
    await page.getByRole('button', { name: 'हिन्दी' }).click();
    await page.getByRole('heading', { name: 'नियम-समूह के संस्करणों की तुलना' }).waitFor();
    await page.getByRole('heading', { name: /श्रेणियाँ/ }).waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await shot(page, 'ruleset-compare-hindi');
    await page.getByRole('button', { name: 'English' }).click();
    await page.context().close();
  }, 120_000);
});
