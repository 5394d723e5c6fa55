// `pnpm --filter @exam/bench lighthouse`: builds the web app, serves it from the API, measures the initial
// JavaScript and runs Lighthouse (performance + accessibility, mobile and desktop presets) on the login
// screen and a list screen, then writes the web section of bench/RESULTS.md.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';
import { apiServer, freePort, startServer } from '../servers.ts';
import { INITIAL_JS_BUDGET_BYTES, initialJs, kb, scriptSize, type ScriptSize } from './initial-js.ts';
import { withWebSection } from './results-section.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const dist = path.join(repoRoot, 'apps/web/dist');
const defaultOut = path.join(repoRoot, 'bench/RESULTS.md');
const SCORE_TARGET = 95;
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** Set LIGHTHOUSE_REPORTS=<dir> to keep every run's full report (JSON, opens in the Lighthouse viewer). */
const reportDir = process.env.LIGHTHOUSE_REPORTS;
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

interface Options {
  build: boolean;
  runs: number;
  out: string | null;
  chromePath: string;
}

function parseOptions(argv: string[]): Options {
  const value = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const runs = Number(value('--runs') ?? process.env.LIGHTHOUSE_RUNS ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number ≥ 1');
  return {
    build: !argv.includes('--no-build'),
    runs,
    out: argv.includes('--no-write') ? null : path.resolve(value('--out') ?? defaultOut),
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  };
}

interface Preset {
  name: 'mobile' | 'desktop';
  config?: Config;
}
/**
 * Lighthouse's own presets: the default is a mid-range phone on slow 4G (simulated), desktop a fast wired
 * machine.
 */
const PRESETS: Preset[] = [{ name: 'mobile' }, { name: 'desktop', config: desktopConfig }];

interface PageResult {
  page: string;
  preset: Preset['name'];
  performance: number;
  accessibility: number;
  metrics: Record<(typeof METRICS)[number], string>;
  /** Every script the page fetched, with its size in the build and gzipped. */
  scripts: ScriptSize[];
  /** Audits that lost points (score below 1 in a scored audit), for the console. */
  findings: string[];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

function scriptsOf(lhr: Result): ScriptSize[] {
  const items =
    (
      lhr.audits['network-requests']?.details as
        { items?: { url: string; resourceType?: string }[] } | undefined
    )?.items ?? [];
  return items
    .filter((i) => i.resourceType === 'Script' && new URL(i.url).pathname.startsWith('/assets/'))
    .map((i) => scriptSize(dist, new URL(i.url).pathname));
}

function findingsOf(lhr: Result): string[] {
  const out: string[] = [];
  for (const [id, category] of Object.entries(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (ref.weight === 0 && audit.scoreDisplayMode !== 'metricSavings') continue;
      out.push(`${id}: ${ref.id} (${audit.score})${audit.displayValue ? ` ${audit.displayValue}` : ''}`);
    }
  }
  return out;
}

/** Runs one page `runs` times and keeps the median of each category (Lighthouse's scores vary run to run). */
async function measure(
  port: number,
  url: string,
  page: string,
  preset: Preset,
  runs: number,
): Promise<PageResult> {
  const lhrs: Result[] = [];
  // A loaded machine now and then loses the trace (NO_NAVSTART, NO_FCP): such a run is repeated, at most
  // twice in a row.
  for (let retries = 0; lhrs.length < runs;) {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
      preset.config,
    );
    const error = result
      ? result.lhr.runtimeError
      : { code: 'NO_RESULT', message: 'Lighthouse returned nothing' };
    if (error) {
      if (++retries > 2) throw new Error(`${page} (${preset.name}): ${error.message}`);
      console.log(`${page} (${preset.name}): ${error.code}, running it again`);
      continue;
    }
    retries = 0;
    lhrs.push(result!.lhr);
    if (reportDir)
      fs.writeFileSync(
        path.join(reportDir, `${page.replace(/\W+/g, '-')}-${preset.name}-${lhrs.length}.json`),
        JSON.stringify(result!.lhr),
      );
  }
  const performance = median(lhrs.map((l) => score(l, 'performance')));
  // The report's metrics and findings come from the run whose performance score is the median.
  const lhr = lhrs.find((l) => score(l, 'performance') === performance)!;
  return {
    page,
    preset: preset.name,
    performance,
    accessibility: median(lhrs.map((l) => score(l, 'accessibility'))),
    metrics: Object.fromEntries(
      METRICS.map((m) => [m, lhr.audits[m]?.displayValue ?? '—']),
    ) as PageResult['metrics'],
    scripts: scriptsOf(lhr),
    findings: findingsOf(lhr),
  };
}

async function signIn(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@university.test', password: 'Demo@12345' }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

function render(
  initial: ReturnType<typeof initialJs>,
  results: PageResult[],
  runs: number,
  chromeVersion: string,
): string {
  const mark = (n: number) => (n >= SCORE_TARGET ? `${n}` : `**${n}**`);
  const sum = (s: ScriptSize[]) => s.reduce((n, x) => n + x.gzip, 0);
  const rows = results.map(
    (r) =>
      `| ${r.page} | ${r.preset} | ${mark(r.performance)} | ${mark(r.accessibility)} | ` +
      `${METRICS.map((m) => r.metrics[m]).join(' | ')} | ${r.scripts.length} files, ` +
      `${kb(sum(r.scripts))} |`,
  );
  const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const scoresOk = results.every((r) => r.performance >= SCORE_TARGET && r.accessibility >= SCORE_TARGET);
  return `<!-- web:start -->
## Web app: initial JavaScript and Lighthouse

Written by \`pnpm --filter @exam/bench lighthouse\` (bench/src/web/lighthouse-run.ts); \`pnpm bench\` keeps
this section.

- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; ${os.availableParallelism()} CPUs,
  Node ${process.version}, Lighthouse 12.8.2, ${chromeVersion} (headless)
- Served by the API (\`apps/api/src/server.ts\`, PGlite in memory, demo seed) from a fresh \`vite build\`, on
  127.0.0.1
- Presets: Lighthouse's default **mobile** (Moto G Power class, 4× CPU slowdown, slow 4G, simulated
  throttling) and **desktop**; median of ${runs} run${runs > 1 ? 's' : ''} per page and preset
- Initial JavaScript (index.html's module script + modulepreload links, gzipped by node:zlib):
  **${kb(initial.gzip)}** (${kb(initial.bytes)} raw) in ${initial.scripts.length} files; budget
  ${kb(INITIAL_JS_BUDGET_BYTES)}. The last column adds the route's own lazy chunks: everything the page
  fetched.

| page | preset | performance | accessibility | FCP | LCP | TBT | CLS | Speed Index | JS fetched (gzip) |
| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${rows.join('\n')}

- ${pass(initial.gzip < INITIAL_JS_BUDGET_BYTES)} initial JavaScript ${kb(initial.gzip)} (target <
  ${kb(INITIAL_JS_BUDGET_BYTES)})
- ${pass(scoresOk)} performance and accessibility ≥ ${SCORE_TARGET} on every page and preset
<!-- web:end -->`;
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  if (reportDir) fs.mkdirSync(reportDir, { recursive: true });
  if (options.build)
    execFileSync('pnpm', ['--filter', '@exam/web', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (!fs.existsSync(path.join(dist, 'index.html')))
    throw new Error(`${dist}/index.html is missing: build the web app first`);
  const initial = initialJs(dist);

  const server = await startServer(
    apiServer({ PGLITE_DIR: 'memory://', SEED_DEMO: '1', WEB_DIST: dist }),
    await freePort(),
  );
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const token = await signIn(server.baseUrl);
    const pages = [
      { page: 'login (/)', url: `${server.baseUrl}/` },
      {
        page: 'list (/ListSession)',
        url: `${server.baseUrl}/ListSession?token=${encodeURIComponent(token)}`,
      },
    ];
    chrome = await chromeLauncher.launch({ chromePath: options.chromePath, chromeFlags: CHROME_FLAGS });
    const chromeVersion = (
      (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { Browser: string }
    ).Browser;
    const results: PageResult[] = [];
    for (const preset of PRESETS) {
      for (const { page, url } of pages) {
        const result = await measure(chrome.port, url, page, preset, options.runs);
        console.log(
          `${page} ${preset.name}: performance ${result.performance}, accessibility ${result.accessibility}`,
        );
        for (const f of result.findings) console.log(`  ${f}`);
        results.push(result);
      }
    }
    const section = render(initial, results, options.runs, chromeVersion);
    console.log('\n' + section);
    if (options.out) {
      const previous = fs.existsSync(options.out)
        ? fs.readFileSync(options.out, 'utf8')
        : '# Benchmark results\n';
      fs.writeFileSync(options.out, withWebSection(previous, section));
      console.log(`Wrote the web section of ${options.out}`);
    }
  } finally {
    await chrome?.kill();
    await server.stop();
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
}
