// What a new developer sees: no build-script box from pnpm install, no telemetry notice from turbo, and a
// quiet Ctrl-C.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
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

  it('stop quietly on Ctrl-C when the servers stopped cleanly (no "ELIFECYCLE Command failed")', async () => {
    // `pnpm start` for one server (the quick one): the same root pnpm -> turbo -> pnpm -> node chain as for
    // both.
    const child = spawn('pnpm', ['start', '--filter=@exam/student-demo'], {
      cwd: repoRoot,
      detached: true, // its own process group, which gets the SIGINT as a terminal's Ctrl-C would
      env: {
        ...process.env,
        DEMO_PORT: '0',
        PGLITE_DIR_DEMO: 'memory://',
        DATABASE_URL: '',
        FORCE_COLOR: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const exited = once(child, 'exit') as Promise<[number | null, string | null]>;
    for (let i = 0; i < 1200 && !/listening on/.test(output) && child.exitCode === null; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(output).toMatch(/listening on/);
    process.kill(-child.pid!, 'SIGINT');
    const [code, signal] = await exited;
    expect(output).toContain('student-demo stopping (SIGINT)');
    expect(output).not.toMatch(/ELIFECYCLE|Command failed/);
    expect({ code, signal }).toEqual({ code: 0, signal: null });
  }, 150_000);
});
