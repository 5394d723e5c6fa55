import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface Started {
  child: ChildProcess;
  output: () => string;
}

/**
 * Starts a Node service and waits for its line saying it listens; fails with its output when it exits or
 * stalls.
 */
export function startService(
  name: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<Started> {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start within ${options.timeoutMs ?? 90_000} ms:\n${output}`));
    }, options.timeoutMs ?? 90_000);
    const onData = () => {
      if (/listening/i.test(output)) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        resolve({ child, output: () => output });
      }
    };
    child.stdout!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code} before listening:\n${output}`));
    });
  });
}

export async function stopService(started: Started | undefined) {
  if (!started || started.child.exitCode !== null) return;
  const exited = new Promise((resolve) => started.child.once('exit', resolve));
  started.child.kill('SIGTERM');
  const timer = setTimeout(() => started.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
