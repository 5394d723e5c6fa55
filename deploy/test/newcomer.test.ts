// What a new developer sees: no build-script box from pnpm install, no telemetry notice from turbo, and from
// `pnpm start` a line per step, one block to end with, a quiet Ctrl-C and one line for a port in use.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './dockerfile.ts';

const hasPnpm = (() => {
  try {
    execFileSync('pnpm', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!hasPnpm) {
  const message = 'SKIPPED THE pnpm start TESTS: no pnpm on PATH (run through `npx -y pnpm@10 test`)';
  if (process.env.CI === 'true') throw new Error(`${message}; under CI=true this is a failure`);
  console.warn(`\n${'!'.repeat(message.length)}\n${message}\n${'!'.repeat(message.length)}\n`);
}

describe('pnpm install', () => {
  it(
    'has decided, in pnpm-workspace.yaml, every dependency that has an install script (so no ' +
      '"approve-builds" box)',
    () => {
      const workspace = parse(fs.readFileSync(path.join(repoRoot, 'pnpm-workspace.yaml'), 'utf8')) as {
        onlyBuiltDependencies?: string[];
        ignoredBuiltDependencies?: string[];
      };
      const decided = new Set([
        ...(workspace.onlyBuiltDependencies ?? []),
        ...(workspace.ignoredBuiltDependencies ?? []),
      ]);
      const store = path.join(repoRoot, 'node_modules/.pnpm');
      const withScripts = new Set<string>();
      for (const entry of fs.readdirSync(store)) {
        const modules = path.join(store, entry, 'node_modules');
        if (!fs.existsSync(modules)) continue;
        for (const top of fs.readdirSync(modules)) {
          for (const name of top.startsWith('@')
            ? fs.readdirSync(path.join(modules, top)).map((n) => `${top}/${n}`)
            : [top]) {
            const manifest = path.join(modules, name, 'package.json');
            if (fs.lstatSync(path.join(modules, name)).isSymbolicLink() || !fs.existsSync(manifest)) continue;
            const { scripts = {} } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {
              scripts?: Record<string, string>;
            };
            if (scripts.preinstall || scripts.install || scripts.postinstall) withScripts.add(name);
          }
        }
      }
      expect(withScripts.size).toBeGreaterThan(0);
      expect([...withScripts].filter((name) => !decided.has(name)).sort()).toEqual([]);
      expect(workspace.ignoredBuiltDependencies).toEqual(
        expect.arrayContaining(['@prisma/engines', 'prisma', '@scarf/scarf']),
      );
    },
  );
});

describe.skipIf(!hasPnpm)('the root scripts', () => {
  it("never show turbo's telemetry notice, even on a machine turbo has not seen", () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'fresh-home-'));
    const output = execFileSync('pnpm', ['run', 'typecheck', '--filter=@exam/settings', '--dry=json'], {
      cwd: repoRoot,
      env: { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config') },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    fs.rmSync(home, { recursive: true, force: true });
    expect(output).toContain('"tasks"');
    expect(output).not.toMatch(/anonymous telemetry|docs\/telemetry/i);
  });
});

/** `pnpm start` in a process group of its own (which gets SIGINT as from a Ctrl-C), output kept. */
function pnpmStart(env: NodeJS.ProcessEnv) {
  const child = spawn('pnpm', ['start'], {
    cwd: repoRoot,
    detached: true,
    env: { ...process.env, DATABASE_URL: '', FORCE_COLOR: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = once(child, 'exit') as Promise<[number | null, string | null]>;
  const waitFor = async (pattern: RegExp, ms = 240_000) => {
    for (let waited = 0; waited < ms && !pattern.test(output) && child.exitCode === null; waited += 100)
      await new Promise((r) => setTimeout(r, 100));
    return output;
  };
  /**
   * What start.mjs printed: pnpm's own lines left out (its header `> exam-admin@ start ...`, and the
   * `ELIFECYCLE Command failed with exit code 1.` it adds whenever a script exits non-zero).
   */
  const printed = () =>
    output
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('> ') && !/^\s*ELIFECYCLE\s/.test(line))
      .join('\n');
  return { child, exited, waitFor, printed, output: () => output };
}

/** A port something else listens on, for as long as the test needs it. */
async function takenPort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, resolve));
  return { port: (server.address() as net.AddressInfo).port, close: () => server.close() };
}

describe.skipIf(!hasPnpm)('pnpm start (the README command)', () => {
  it('says each step in a line, then one block (address, sign-ins, data); quiet on Ctrl-C', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-first-start-'));
    try {
      const start = pnpmStart({ PORT: '0', DEMO_PORT: '0', DATA_DIR: dataDir });
      await start.waitFor(/Stop with Ctrl-C|stopped|failed/);
      const printed = start.printed();
      const [steps, block] = printed.split(/\nReady in [\d.]+ s\.\n/);
      // A new data folder: the database gets the baseline and the demo data, one line each; nothing else.
      expect(steps!.split('\n')).toEqual([
        expect.stringMatching(/^Building the database client and the web app … /),
        expect.stringMatching(
          new RegExp(
            String.raw`^Preparing the database \(embedded, in .+\) … ` +
              String.raw`new database: schema from the baseline \(\d+ migrations\), [\d.]+ s$`,
          ),
        ),
        expect.stringMatching(/^Seeding the demo data … the demo users and the demo data, [\d.]+ s$/),
      ]);
      expect(printed).not.toMatch(/dist\/assets|"level"|kB/);
      const open = /Open {6}(http:\/\/localhost:\d+)/.exec(block!)?.[1];
      expect(block).toContain(
        'Sign in   admin@university.test, password Demo@12345; every demo user has it:',
      );
      expect(block).toContain('document_admin@ and student@university.test');
      expect(block).toContain(`Data      ${dataDir} (embedded PostgreSQL`);
      expect(block).toMatch(/Also {6}the student demo service at http:\/\/localhost:\d+/);
      expect(block!.trim().split('\n').at(-1)).toBe('Stop with Ctrl-C.');
      expect((await fetch(`${open}/api/ready`)).status).toBe(200);
      // The web app too: its build may finish after the API began serving (they start side by side).
      expect(await (await fetch(`${open}/Login`)).text()).toMatch(/<div id="app">/);
      // The servers' own lines went to their logs.
      expect(fs.readFileSync(path.join(dataDir, 'logs/api.log'), 'utf8')).toContain('"step":"database"');

      process.kill(-start.child.pid!, 'SIGINT');
      const [code, signal] = await start.exited;
      expect(start.printed()).toMatch(/Stopping …\nStopped\.$/);
      expect(start.output()).not.toMatch(/ELIFECYCLE|Command failed/);
      expect({ code, signal }).toEqual({ code: 0, signal: null });

      // Started again on the same folder: nothing to build, apply or seed; the same block.
      const again = pnpmStart({ PORT: '0', DEMO_PORT: '0', DATA_DIR: dataDir });
      await again.waitFor(/Stop with Ctrl-C|stopped|failed/);
      expect(
        again
          .printed()
          .split(/\nReady in [\d.]+ s\.\n/)[0]!
          .split('\n'),
      ).toEqual([
        expect.stringMatching(/^Building the database client and the web app … unchanged \(turbo's cache\)/),
        expect.stringMatching(/^Preparing the database \(embedded, in .+\) … schema up to date, [\d.]+ s$/),
        'Seeding the demo data … already there',
      ]);
      const reopened = /Open {6}(http:\/\/localhost:\d+)/.exec(again.printed())?.[1];
      expect((await fetch(`${reopened}/api/ready`)).status).toBe(200);
      expect(await (await fetch(`${reopened}/Login`)).text()).toMatch(/<div id="app">/);
      process.kill(-again.child.pid!, 'SIGINT');
      expect(await again.exited).toEqual([0, null]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);

  it.each([
    ['PORT', 'the web app and the API'],
    ['DEMO_PORT', 'the student demo service'],
  ])('stops at once, with one line, when the port of %s is in use', async (setting, what) => {
    const taken = await takenPort();
    try {
      const start = pnpmStart({ PORT: '0', DEMO_PORT: '0', [setting]: String(taken.port) });
      const [code] = await start.exited;
      expect(code).toBe(1);
      const port = `Port ${taken.port} (${setting}, ${what})`;
      expect(start.printed()).toBe(
        `${port} is already in use: stop what listens there, or start with ${setting}=<another port>.`,
      );
    } finally {
      taken.close();
    }
  });

  it('stops the other server cleanly, exit code 1, when one cannot start', async () => {
    // The demo's database folder cannot be made (a file is in the way): it fails while the build runs.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-first-start-'));
    const blocked = path.join(dataDir, 'not-a-folder');
    fs.writeFileSync(blocked, '');
    try {
      const start = pnpmStart({ PORT: '0', DEMO_PORT: '0', DATA_DIR: dataDir, PGLITE_DIR_DEMO: blocked });
      const [code] = await start.exited;
      expect(code).toBe(1);
      expect(start.printed()).toMatch(/student-demo: student-demo could not open its database: /);
      expect(start.printed()).toMatch(/The student-demo process stopped \(exit code 1\); its log: /);
      expect(start.output()).not.toMatch(/TypeError/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
