// deploy/nginx.conf in a real nginx (Debian's nginx-light), inside the same kind of nginx.conf the official
// image has (its `main` access log at http level), in front of a local upstream standing in for the app
// replicas.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './dockerfile.ts';

const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
if (!nginx) {
  const message = "SKIPPED THE NGINX TEST: install Debian's nginx-light (apt-get install nginx-light)";
  if (process.env.CI === 'true') throw new Error(`${message}; under CI=true this is a failure`);
  console.warn(`\n${'!'.repeat(message.length)}\n${message}\n${'!'.repeat(message.length)}\n`);
}

const SECRETS = ['tok-A1-query', 'tok-B2-logout', 'tok-C3-lower', 'tok-D4-second', 'tok-E5-down'];
const bigJson = JSON.stringify({
  course: Array.from({ length: 200 }, (_, i) => ({
    course_comb_id: `C${i}`,
    course_comb_name4: `Course number ${i}`,
  })),
});

/** A raw HTTP/1.1 request (fetch would add its own headers and decompress). */
function request(
  port: number,
  options: http.RequestOptions & { body?: Buffer },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, ...options }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

async function freePort(): Promise<number> {
  const server = http.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  return port;
}

describe.skipIf(!nginx)('deploy/nginx.conf', () => {
  let dir = '';
  let upstream: http.Server;
  let proxy: ChildProcess;
  let port = 0;
  const log = () => fs.readFileSync(path.join(dir, 'access.log'), 'utf8');

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-test-'));
    fs.chmodSync(dir, 0o755); // nginx's workers (nobody) write their temp files in here
    upstream = http.createServer((req, res) => {
      req.resume();
      const type = req.url!.endsWith('.js')
        ? 'text/javascript'
        : req.url!.endsWith('.css')
          ? 'text/css'
          : 'application/json';
      res.writeHead(200, { 'content-type': `${type}; charset=utf-8` }).end(bigJson);
    });
    upstream.listen(0, '127.0.0.1');
    await once(upstream, 'listening');
    port = await freePort();

    // Ours, with the two things a test must change: where it listens and where the app is.
    const ours = fs.readFileSync(path.join(repoRoot, 'deploy/nginx.conf'), 'utf8');
    expect(ours.match(/listen 80;/g)).toHaveLength(1);
    expect(ours.match(/http:\/\/app:3000/g)).toHaveLength(1);
    fs.writeFileSync(
      path.join(dir, 'default.conf'),
      ours
        .replace('listen 80;', `listen 127.0.0.1:${port};`)
        .replace('http://app:3000', `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`)
        .replaceAll('/var/log/nginx/', `${dir}/`),
    );
    // The official image's nginx.conf, with this folder for its paths: its own access log at http level.
    fs.writeFileSync(
      path.join(dir, 'nginx.conf'),
      `worker_processes 1;
error_log ${dir}/error.log notice;
pid ${dir}/nginx.pid;
events { worker_connections 64; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  log_format main '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent"';
  access_log ${dir}/access.log main;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  include ${dir}/default.conf;
}
`,
    );
    execFileSync(nginx!, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'pipe' });
    proxy = spawn(nginx!, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: 'inherit',
    });
    for (let i = 0; i < 50; i++) {
      if (
        await request(port, { path: '/api/health' }).then(
          () => true,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  afterAll(async () => {
    if (proxy && proxy.exitCode === null) {
      const exited = once(proxy, 'exit');
      proxy.kill('SIGQUIT');
      await exited;
    }
    upstream?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['API JSON', '/api/course', 'application/json'],
    ['the web app JavaScript', '/assets/index-abc.js', 'text/javascript'],
    ['the web app CSS', '/assets/index-abc.css', 'text/css'],
  ])('compresses %s with gzip', async (_label, url, type) => {
    const res = await request(port, { path: url, headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain(type);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gunzipSync(res.body).toString()).toBe(bigJson);
  });

  it('names no version', async () => {
    const res = await request(port, { path: '/api/course' });
    expect(res.headers.server).toBe('nginx');
  });

  it('answers a body over 1 MB with a JSON 413, not an HTML page', async () => {
    const body = Buffer.alloc(2 * 1024 * 1024, 'a');
    const res = await request(port, {
      path: '/api/course',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': body.length },
      body,
    });
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toBe('application/json');
    expect(JSON.parse(res.body.toString())).toEqual({ message: expect.stringContaining('too large') });
    expect(res.body.toString()).not.toMatch(/nginx|<html/i);
  });

  it('never writes a token into the access log', async () => {
    await request(port, { path: `/?token=${SECRETS[0]}&x=1` });
    await request(port, { path: `/Logout/${SECRETS[1]}` });
    await request(port, { path: `/logout/${SECRETS[2]}?next=%2F` });
    await request(port, {
      path: `/api/course?q=a&token=x&Token=${SECRETS[3]}`,
      headers: { referer: `http://exam-server/?token=${SECRETS[3]}` },
    });
    await request(port, { path: '/api/course?q=plain' });
    const text = log();
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { uri: string; status: number; request_id: string });
    expect(lines.map((l) => l.uri)).toEqual(
      expect.arrayContaining([
        '/?[redacted]',
        '/Logout/[redacted]',
        '/logout/[redacted]?next=%2F',
        '/api/course?[redacted]',
        '/api/course?q=plain',
      ]),
    );
    for (const line of lines) expect(line.request_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('answers JSON 502 when no app replica answers, and logs no token then either', async () => {
    upstream.close();
    upstream.closeAllConnections();
    await once(upstream, 'close');
    const res = await request(port, { path: `/Logout/${SECRETS[4]}` });
    expect(res.status).toBe(502);
    expect(res.headers['content-type']).toBe('application/json');
    expect(JSON.parse(res.body.toString())).toEqual({ message: expect.stringContaining('unavailable') });
    expect(log()).not.toContain(SECRETS[4]);
    expect(fs.readFileSync(path.join(dir, 'error.log'), 'utf8')).not.toContain(SECRETS[4]);
  });
});
