import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** A port nobody listens on now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerSpec {
  name: 'ours' | 'baseline';
  /** Working directory (tsx resolves from there) and script. */
  cwd: string;
  script: string;
  env: Record<string, string>;
}

export const apiServer = (env: Record<string, string>): ServerSpec => ({
  name: 'ours',
  cwd: path.join(repoRoot, 'apps/api'),
  script: 'src/server.ts',
  env,
});

export const baselineServer = (env: Record<string, string>): ServerSpec => ({
  name: 'baseline',
  cwd: path.join(repoRoot, 'bench'),
  script: 'src/baseline-server.ts',
  env,
});

export interface RunningServer {
  name: string;
  pid: number;
  baseUrl: string;
  logFile: string;
  /** Resident memory now, in MB (VmRSS of /proc/<pid>/status). */
  rss(): number;
  /** Highest RSS seen by the sampler since start. */
  peakRss(): number;
  stop(): Promise<void>;
}

function readRssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? NaN);
    return kb / 1024;
  } catch {
    return NaN;
  }
}

/**
 * Starts a server (node directly, so the pid is the server's own), waits until it is ready, and samples its
 * memory. BENCH_CPU_PROF_DIR=dir writes each server's V8 CPU profile there (NODE_OPTIONS may not carry
 * --cpu-prof).
 */
export async function startServer(
  spec: ServerSpec,
  port: number,
  timeoutMs = 60_000,
): Promise<RunningServer> {
  const logFile = path.join(os.tmpdir(), `exam-bench-${spec.name}-${process.pid}.log`);
  const log = fs.openSync(logFile, 'w');
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_CPU_PROF_DIR
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`]
        : []),
      '--import',
      'tsx',
      spec.script,
    ],
    {
      cwd: spec.cwd,
      env: { ...process.env, ...spec.env, PORT: String(port) },
      stdio: ['ignore', log, log],
    },
  );
  fs.closeSync(log);
  const pid = child.pid!;
  let exited: number | null = null;
  child.on('exit', (code) => (exited = code ?? -1));
  let peak = 0;
  const sampler = setInterval(() => {
    const mb = readRssMb(pid);
    if (mb > peak) peak = mb;
  }, 250);
  sampler.unref();

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited !== null) {
      clearInterval(sampler);
      throw new Error(
        `${spec.name} server exited (${exited}) before ` +
          `answering:\n${fs.readFileSync(logFile, 'utf8').slice(-2000)}`,
      );
    }
    try {
      // The API answers /api/health while it still migrates or starts (503 to the rest): ready is when
      // /api/ready stops answering 503 (a baseline without it answers 404).
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok && (await fetch(`${baseUrl}/api/ready`)).status !== 503) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      clearInterval(sampler);
      throw new Error(
        `${spec.name} server did not answer /api/health within ${timeoutMs} ms; log: ${logFile}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    name: spec.name,
    pid,
    baseUrl,
    logFile,
    rss: () => readRssMb(pid),
    peakRss: () => Math.max(peak, readRssMb(pid) || 0),
    stop: async () => {
      clearInterval(sampler);
      if (exited !== null) return;
      const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await done;
      clearTimeout(timer);
    },
  };
}
