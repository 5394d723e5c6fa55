// The web app's initial-JavaScript budget, measured on a fresh build (a few seconds, no browser), and the
// RESULTS.md section that `pnpm bench` and the Lighthouse run share.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { INITIAL_JS_BUDGET_BYTES, initialJs, initialScriptUrls } from '../src/web/initial-js.ts';
import { WEB_END, WEB_START, webSection, withWebSection } from '../src/web/results-section.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

describe('initial JavaScript of the web app', () => {
  // Built into a temporary folder: apps/web/dist belongs to the web app's browser tests, which may be
  // running.
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-web-budget-'));
  afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

  it(`stays under ${INITIAL_JS_BUDGET_BYTES / 1024} KB gzipped, with the screens in their own chunks`, () => {
    execFileSync(
      'pnpm',
      [
        '--filter',
        '@exam/web',
        'exec',
        'vite',
        'build',
        '--outDir',
        outDir,
        '--emptyOutDir',
        '--logLevel',
        'error',
      ],
      {
        cwd: repoRoot,
        // Vitest sets NODE_ENV=test, which would build React's development bundle.
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: 'inherit',
      },
    );
    const initial = initialJs(outDir);
    expect(initial.scripts.length).toBeGreaterThan(0);
    expect(initial.gzip).toBeLessThan(INITIAL_JS_BUDGET_BYTES);
    // Split per route: the login, list and form code is not part of what index.html loads.
    const names = initial.scripts.map((s) => path.basename(s.url));
    for (const chunk of ['login', 'resource-list', 'form-parts'])
      expect(
        names.some((n) => n.startsWith(`${chunk}-`)),
        chunk,
      ).toBe(false);
  });

  it('reads the module script and the modulepreload links, in document order, once each', () => {
    const html = `<script type="module" crossorigin src="/assets/a.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/b.js"><link rel="stylesheet" href="/assets/c.css">
      <link rel="icon" href="/favicon.svg"><link rel="modulepreload" href="/assets/a.js">`;
    expect(initialScriptUrls(html)).toEqual(['/assets/a.js', '/assets/b.js']);
  });
});

describe('the web section of RESULTS.md', () => {
  const section = (text: string) => `${WEB_START}\n${text}\n${WEB_END}`;

  it('is appended when missing, replaced in place when present, and kept by the API report', () => {
    const api = '# Benchmark results\n\n| table |\n';
    const first = withWebSection(api, section('old'));
    expect(first).toBe(`# Benchmark results\n\n| table |\n\n${section('old')}\n`);
    expect(withWebSection(first, section('new $& $1'))).toBe(first.replace('old', () => 'new $& $1'));
    // What `pnpm bench` does: a new API report, with the previous file's web section.
    expect(withWebSection('# Benchmark results\n\n| new table |\n', webSection(first))).toContain(
      `| new table |\n\n${section('old')}`,
    );
    expect(withWebSection(api, webSection(api))).toBe(api);
  });
});
