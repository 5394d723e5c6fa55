import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

export const apiDir = fileURLToPath(new URL('../..', import.meta.url));

export interface ApiProcess {
  child: ChildProcess;
  /** http://localhost:<port> of the running server. */
  base: string;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `node --import tsx src/server.ts` (what `pnpm start` runs) and waits until it says it listens.
 * A setting given as undefined is removed from the environment the test runs in.
 */
export async function startApi(env: NodeJS.ProcessEnv, { timeoutMs = 90_000 } = {}): Promise<ApiProcess> {
  const merged = Object.entries({ ...process.env, PORT: '0', LOG_LEVEL: 'info', ...env }).filter(
    ([, value]) => value !== undefined,
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: Object.fromEntries(merged),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the API did not start within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    child.stdout!.on('data', () => {
      const m = /listening on (http:\/\/localhost:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the API exited with ${code} before listening:\n${out}`));
    });
  });
  return { child, base, output: () => out, stop };
}

/**
 * Polls GET /api/ready until it answers 200; fails with the last answer and the server's output otherwise.
 */
export async function waitUntilReady(api: ApiProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (api.child.exitCode !== null)
      throw new Error(`the API exited with ${api.child.exitCode}:\n${api.output()}`);
    const res = await fetch(`${api.base}/api/ready`).catch((error: Error) => error);
    if (!(res instanceof Error) && res.status === 200) return;
    last = res instanceof Error ? res.message : `${res.status} ${await res.text()}`;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `the API at ${api.base} was not ready within ${timeoutMs} ms (last answer: ${last}):\n${api.output()}`,
  );
}
