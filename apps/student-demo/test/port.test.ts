import { spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

it('a port in use stops the service with one line naming it and exit code 1 (no TypeError)', async () => {
  const taken = http.createServer();
  await new Promise<void>((resolve) => taken.listen(0, resolve));
  const { port } = taken.address() as AddressInfo;
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...process.env, DEMO_PORT: `${port}`, DATABASE_URL: '', PGLITE_DIR_DEMO: 'memory://' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    const lines = output.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'error',
      service: 'student-demo',
      msg:
        `student-demo could not start: port ${port} (DEMO_PORT) is already in use: ` +
        'stop what listens there, or set DEMO_PORT to a free port',
    });
    expect(output).not.toContain('TypeError');
  } finally {
    taken.close();
  }
});
