// `pnpm --filter @exam/bench first-start`: the README's first command as a newcomer meets it. Clones the
// repository's committed HEAD into a temporary folder (no node_modules, no build output, no database), runs
// `npx -y pnpm@10 start` there until it prints its ready block, stops it with Ctrl-C, starts it again a few
// times (the restart), and starts it once more with its port taken. Writes the first-start section of
// bench/RESULTS.md. Needs git and the npm registry or pnpm's store (the install is part of the time).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderRowsSection, type Row } from '../rows-section.ts';
import { runSectionBench } from '../section-run.ts';

const repo = fileURLToPath(new URL('../../..', import.meta.url));

interface Start {
  /** From the command's start to the ready block's "Ready in" line, measured here. */
  ms: number;
  /** Everything it printed until it was stopped. */
  output: string;
  /** Its exit code once stopped (or once it stopped by itself). */
  code: number | null;
}

/** A free TCP port (bound and released at once). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs `npx -y pnpm@10 start` in `dir` until it is ready (then Ctrl-C) or stops by itself. */
function start(dir: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<Start> {
  const began = performance.now();
  // Its own process group, as in a terminal: Ctrl-C reaches pnpm, the start script and the servers.
  const child = spawn('npx', ['-y', 'pnpm@10', 'start'], {
    cwd: dir,
    env: { ...process.env, ...env, FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  let ms = 0;
  const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), timeoutMs);
  const onData = (chunk: Buffer) => {
    output += chunk;
    if (!ms && /Stop with Ctrl-C/.test(output)) {
      ms = performance.now() - began;
      process.kill(-child.pid!, 'SIGINT');
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ ms, output, code });
    }),
  );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const load = () => os.loadavg()[0]!.toFixed(2);
/**
 * The lines the command itself printed: without pnpm's header (`> exam-admin@ start …`) and the
 * `ELIFECYCLE Command failed` line pnpm adds after any script that exits non-zero.
 */
const printed = (output: string) =>
  output
    .trimEnd()
    .split('\n')
    .filter((line) => !/^> /.test(line) && !/^\s*ELIFECYCLE\s/.test(line) && line.trim() !== '');

await runSectionBench({
  name: 'first-start',
  notes: new URL('./NOTES.md', import.meta.url),
  run: async (option, notes) => {
    const restarts = Number(option('--restarts') ?? 3);
    const timeoutMs = Number(option('--timeout') ?? 600) * 1000;
    const startedAt = new Date();
    const loadBefore = load();
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repo }).toString().trim();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-first-start-'));
    try {
      execFileSync('git', ['clone', '--quiet', '--no-hardlinks', repo, dir]);
      const env = { PORT: String(await freePort()), DEMO_PORT: String(await freePort()) };
      // Without a DATABASE_URL: the embedded database, as the README's command runs.
      delete process.env.DATABASE_URL;
      console.log(`first start of ${commit} in ${dir} …`);
      const first = await start(dir, env, timeoutMs);
      if (!first.ms) throw new Error(`the first start never became ready:\n${first.output}`);
      const again: Start[] = [];
      for (let i = 0; i < restarts; i++) {
        console.log(`restart ${i + 1} …`);
        const restart = await start(dir, env, timeoutMs);
        if (!restart.ms) throw new Error(`a restart never became ready:\n${restart.output}`);
        again.push(restart);
      }
      // Its port taken by something else: one line naming it, a non-zero exit, nothing else.
      const taken = net.createServer();
      await new Promise<void>((resolve) => taken.listen(Number(env.PORT), resolve));
      const blocked = await start(dir, env, 60_000);
      await new Promise((resolve) => taken.close(resolve));

      const restartMs = median(again.map((r) => r.ms));
      const firstLines = printed(first.output);
      const blockedLines = printed(blocked.output);
      const rows: Row[] = [
        {
          what: 'fresh clone: `npx -y pnpm@10 start` until the ready block (install, build, database, seed)',
          ours: secs(first.ms),
          baseline: '—',
          goal: '< 30 s on a quiet machine',
          met: first.ms < 30_000,
        },
        {
          what: `restart (median of ${restarts}: ${again.map((r) => secs(r.ms)).join(', ')})`,
          ours: secs(restartMs),
          baseline: '—',
          goal: '< 5 s on a quiet machine',
          met: restartMs < 5_000,
        },
        {
          what: 'lines printed by the first start, ready block included (no asset table)',
          ours: String(firstLines.length),
          baseline: '—',
          goal: 'a line per step and one block',
          met: firstLines.length <= 25 && !/\.js\s+\d/.test(first.output),
        },
        {
          what: 'port already in use: lines printed, exit code',
          ours: `${blockedLines.length}, ${blocked.code}`,
          baseline: '—',
          goal: 'one line naming the port, non-zero',
          met: blockedLines.length === 1 && blocked.code !== 0 && blockedLines[0]!.includes(env.PORT),
        },
      ];
      return renderRowsSection({
        name: 'first-start',
        title: 'First start (the README command on a fresh clone)',
        command: 'pnpm --filter @exam/bench first-start',
        startedAt,
        baseline: '—',
        rows,
        notes: [
          `Commit ${commit}, cloned without node_modules, build output or database; pnpm's store on this ` +
            'machine already holds the packages (the install links them, downloads nothing).',
          `Machine load average (1 min): ${loadBefore} before, ${load()} after.`,
          'What the first start printed:\n\n```\n' + firstLines.join('\n') + '\n```',
        ],
        findings: notes,
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
});
