import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeResult = { violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> };

/**
 * axe on the page as it is now: its serious and critical violations, as "id: targets" lines (none expected).
 */
export async function axeProblems(page: Page): Promise<string[]> {
  // Evaluated rather than added as a script tag: the app's Content-Security-Policy refuses inline scripts, as
  // it should. Once per loaded page: a second check of the same page (after a client-side change) reuses it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<AxeResult> } }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
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
