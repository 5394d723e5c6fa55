import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, expect } from 'vitest';

/**
 * Where a browser suite's time goes, when E2E_PROFILE names a file: per test file, one JSON line with the
 * time (ms) and count of browser launches, new contexts, page loads (goto, reload and the 'load' events
 * seen), screenshots, evaluate calls (axe among them), locator waits and actions, and API calls made by the
 * test itself (fetch: arranging data, tokens). Calls overlap (a goto inside a test's wait), so the parts are
 * indications, not a partition. Off (no patching at all) without E2E_PROFILE.
 */
const out = process.env.E2E_PROFILE;
type Tally = Record<string, { n: number; ms: number }>;
// Files of one worker share modules (isolate: false): the patches are made once per worker, the tally
// starts again with each file.
const state = ((globalThis as { __e2eProfile?: { tally: Tally; patched: WeakSet<object> } }).__e2eProfile ??=
  { tally: {}, patched: new WeakSet<object>() });
state.tally = {};
const add = (key: string, ms: number) => {
  const t = (state.tally[key] ??= { n: 0, ms: 0 });
  t.n++;
  t.ms += ms;
};
const patched = state.patched;
type AnyFn = (...args: unknown[]) => unknown;
function time(target: object, name: string, key: string, after?: (result: unknown) => void) {
  const record = target as Record<string, AnyFn>;
  const original = record[name];
  if (typeof original !== 'function') return;
  record[name] = async function (this: unknown, ...args: unknown[]) {
    const start = performance.now();
    try {
      const result = await original.apply(this, args);
      after?.(result);
      return result;
    } finally {
      add(key, performance.now() - start);
    }
  };
}

function patchPage(page: Page) {
  page.on('load', () => add('load events', 0));
  const proto = Object.getPrototypeOf(page) as object;
  if (patched.has(proto)) return;
  patched.add(proto);
  time(proto, 'goto', 'page.goto');
  time(proto, 'reload', 'page.reload');
  time(proto, 'waitForURL', 'page.waitForURL');
  time(proto, 'screenshot', 'screenshot');
  time(proto, 'evaluate', 'page.evaluate');
  time(proto, 'waitForEvent', 'page.waitForEvent');
  const locator = Object.getPrototypeOf(page.locator('body')) as object;
  time(locator, 'waitFor', 'locator.waitFor');
  for (const action of ['click', 'fill', 'selectOption', 'press', 'check', 'focus', 'setInputFiles'])
    time(locator, action, 'locator.action');
  for (const read of [
    'textContent',
    'innerText',
    'inputValue',
    'count',
    'isVisible',
    'getAttribute',
    'allTextContents',
  ])
    time(locator, read, 'locator.read');
}

function patchContext(context: BrowserContext) {
  const proto = Object.getPrototypeOf(context) as object;
  if (patched.has(proto)) return;
  patched.add(proto);
  time(proto, 'newPage', 'context.newPage', (page) => patchPage(page as Page));
  time(proto, 'close', 'context.close');
}

function patchBrowser(browser: Browser) {
  const proto = Object.getPrototypeOf(browser) as object;
  if (patched.has(proto)) return;
  patched.add(proto);
  time(proto, 'newContext', 'browser.newContext', (context) => patchContext(context as BrowserContext));
  time(proto, 'close', 'browser.close');
}

if (out && !patched.has(chromium)) {
  patched.add(chromium);
  time(chromium, 'launch', 'chromium.launch', (browser) => patchBrowser(browser as Browser));
  time(chromium, 'connect', 'chromium.connect', (browser) => patchBrowser(browser as Browser));
  time(globalThis, 'fetch', 'fetch (API by the test)');
}
if (out) {
  const started = performance.now();
  afterAll(() => {
    const file = path.basename(expect.getState().testPath ?? 'unknown');
    appendFileSync(
      out,
      `${JSON.stringify({
        file,
        worker: process.env.VITEST_POOL_ID,
        ms: Math.round(performance.now() - started),
        tally: roundTally(),
      })}\n`,
    );
  });
}

function roundTally() {
  return Object.fromEntries(
    Object.entries(state.tally).map(([k, { n, ms }]) => [k, { n, ms: Math.round(ms) }]),
  );
}
