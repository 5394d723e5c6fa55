// deploy/nginx.conf in a real nginx (Debian's nginx-light), inside the same kind of nginx.conf the official
// image has (its `main` access log at http level), in front of a local upstream standing in for the app
// replicas.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './dockerfile.ts';

const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
/** For a socket that accepts no connection (a hung replica). */
const python = ['/usr/bin/python3', '/usr/local/bin/python3'].find((p) => fs.existsSync(p));
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
    // `timeout` (ms without a byte) ends the request with an error instead of waiting on.
    req.on('timeout', () => req.destroy(new Error(`no answer within ${options.timeout} ms`)));
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

/**
 * Starts nginx on `port` with `dir/default.conf` (ours, rewritten by the test) inside the same kind of
 * nginx.conf the official image has (its `main` access log at http level), with this folder for its paths.
 */
async function startNginx(dir: string, port: number): Promise<ChildProcess> {
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
error_log ${dir}/error.log notice;
pid ${dir}/nginx.pid;
events { worker_connections 64; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  log_format main '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent '
                  '"$http_referer" "$http_user_agent"';
  access_log ${dir}/access.log main;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  include ${dir}/default.conf;
}
`,
  );
  execFileSync(nginx!, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'pipe' });
  const proxy = spawn(nginx!, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
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
  return proxy;
}

async function stopNginx(proxy: ChildProcess | undefined) {
  if (proxy && proxy.exitCode === null) {
    const exited = once(proxy, 'exit');
    proxy.kill('SIGQUIT');
    await exited;
  }
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
    proxy = await startNginx(dir, port);
  });

  afterAll(async () => {
    await stopNginx(proxy);
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

/**
 * A DNS server on loopback answering A queries for `app` with the addresses of `answer()` (TTL 0), as
 * Docker's embedded DNS answers with every replica; any other name is NXDOMAIN.
 */
async function dnsServer(answer: () => string[]) {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (query, from) => {
    // The question: labels from byte 12 up to a zero byte, then type and class.
    let at = 12;
    const labels: string[] = [];
    while (query[at]) {
      labels.push(query.subarray(at + 1, at + 1 + query[at]!).toString());
      at += query[at]! + 1;
    }
    const question = query.subarray(12, at + 5);
    const type = query.readUInt16BE(at + 1);
    const addresses = labels.join('.') === 'app' && type === 1 ? answer() : [];
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2);
    header.writeUInt16BE(labels.join('.') === 'app' ? 0x8180 : 0x8183, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(addresses.length, 6);
    const records = addresses.map((address) => {
      const record = Buffer.alloc(16);
      record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      record.writeUInt16BE(1, 2); // A
      record.writeUInt16BE(1, 4); // IN
      record.writeUInt32BE(0, 6); // TTL
      record.writeUInt16BE(4, 10);
      address.split('.').forEach((part, i) => record.writeUInt8(Number(part), 12 + i));
      return record;
    });
    socket.send(Buffer.concat([header, question, ...records]), from.port, from.address);
  });
  socket.bind(0, '127.0.0.1');
  await once(socket, 'listening');
  return socket;
}

describe.skipIf(!nginx)('deploy/nginx.conf in front of replicas that stop, die or go away', () => {
  let dir = '';
  let proxy: ChildProcess | undefined;
  let dns: dgram.Socket;
  let port = 0;
  let addresses: string[] = [];
  const servers: net.Server[] = [];
  /** What each replica received: "<address> <method>". */
  const received: string[] = [];
  /** One port number for every replica, each on its own loopback address, as containers have. */
  let replicaPort = 0;

  /** A replica on `address`: answers 200, or (`dies`) reads the request and drops the connection. */
  async function replica(address: string, dies = false) {
    const server = net.createServer((socket) => {
      socket.once('data', (chunk) => {
        received.push(`${address} ${chunk.toString('latin1').split(' ')[0]}`);
        if (dies) return void socket.destroy();
        socket.end(
          'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n' +
            'connection: close\r\n\r\n{}',
        );
      });
      socket.on('error', () => {});
    });
    server.listen(replicaPort, address);
    await once(server, 'listening');
    replicaPort = (server.address() as AddressInfo).port;
    servers.push(server);
    return server;
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-replicas-'));
    fs.chmodSync(dir, 0o755);
    await replica('127.0.0.1');
    dns = await dnsServer(() => addresses);
    port = await freePort();
    const ours = fs.readFileSync(path.join(repoRoot, 'deploy/nginx.conf'), 'utf8');
    expect(ours.match(/resolver 127\.0\.0\.11 /g)).toHaveLength(1);
    fs.writeFileSync(
      path.join(dir, 'default.conf'),
      ours
        .replace('listen 80;', `listen 127.0.0.1:${port};`)
        .replace('resolver 127.0.0.11 ', `resolver 127.0.0.1:${(dns.address() as AddressInfo).port} `)
        .replace('http://app:3000', `http://app:${replicaPort}`)
        .replaceAll('/var/log/nginx/', `${dir}/`),
    );
    addresses = ['127.0.0.1'];
    proxy = await startNginx(dir, port);
  });

  afterAll(async () => {
    await stopNginx(proxy);
    for (const server of servers) server.close();
    dns?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const send = (method: string) =>
    request(port, { path: '/api/session', method, headers: { 'content-length': 0 }, timeout: 5000 }).then(
      (res) => res.status,
      (error: Error) => error.message,
    );

  it('retries a refused connection on the next replica, for a POST too (it never arrived)', async () => {
    // 127.0.0.2: a replica that has stopped listening (it refuses at once).
    addresses = ['127.0.0.1', '127.0.0.2'];
    await new Promise((r) => setTimeout(r, 3100));
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push(await send('GET'), await send('POST'));
    expect(statuses).toEqual(Array(20).fill(200));
  });

  it.skipIf(!python)(
    'gives up on an address that never answers after 1 s and retries it elsewhere',
    async () => {
      // A replica that hangs: a socket listening with a full backlog and nobody accepting, so the kernel
      // drops new SYNs and a connect waits, as for a container gone from the network whose address is still
      // cached.
      const hung = spawn(python!, [
        '-c',
        'import socket,time\ns=socket.socket()\n' +
          `s.bind(('127.0.0.4',${replicaPort}))\ns.listen(0)\nprint('listening',flush=True)\ntime.sleep(60)`,
      ]);
      try {
        await once(hung.stdout!, 'data');
        const fill = Array.from({ length: 4 }, () =>
          net.connect(replicaPort, '127.0.0.4').on('error', () => {}),
        );
        await new Promise((r) => setTimeout(r, 300));
        addresses = ['127.0.0.4', '127.0.0.1'];
        await new Promise((r) => setTimeout(r, 3100));
        received.length = 0;
        const times = [];
        for (let i = 0; i < 4; i++) {
          const started = Date.now();
          expect(await send('GET')).toBe(200);
          times.push(Date.now() - started);
        }
        // Every request answered; one that tried the hung address first waited its 1 s connect timeout (the
        // default, 60 s, would have hit the client's 5 s), then went to the next replica.
        expect(Math.max(...times), times.join(', ')).toBeGreaterThanOrEqual(900);
        expect(Math.max(...times), times.join(', ')).toBeLessThan(2500);
        for (const socket of fill) socket.destroy();
      } finally {
        hung.kill();
      }
    },
  );

  it('retries a GET whose replica died mid-request, but never sends a POST twice', async () => {
    await replica('127.0.0.3', true);
    addresses = ['127.0.0.3', '127.0.0.1'];
    await new Promise((r) => setTimeout(r, 3100));
    received.length = 0;
    const get = [];
    const post = [];
    // nginx's resolver answers the two addresses in a varying order: pairs are sent until the dying replica
    // has received a GET and a POST (each pair hits it with about even odds), at most 40.
    const reached = (method: string) => received.includes(`127.0.0.3 ${method}`);
    while (get.length < 40 && (get.length < 6 || !reached('GET') || !reached('POST'))) {
      get.push(await send('GET'));
      post.push(await send('POST'));
    }
    expect(reached('GET') && reached('POST'), received.join(', ')).toBe(true);
    expect(get).toEqual(Array(get.length).fill(200));
    // A POST the dying replica received is answered 502, not sent on (it may have been stored).
    const died = received.filter((r) => r === '127.0.0.3 POST').length;
    expect(post.filter((s) => s === 502)).toHaveLength(died);
    expect(received.filter((r) => r === '127.0.0.1 POST')).toHaveLength(post.length - died);
  });

  it('stops choosing a replica within 3 s of its leaving the DNS answer', async () => {
    addresses = ['127.0.0.3', '127.0.0.1'];
    await new Promise((r) => setTimeout(r, 3100));
    received.length = 0;
    for (let i = 0; i < 6; i++) await send('GET');
    expect(received.filter((r) => r.startsWith('127.0.0.3 ')).length).toBeGreaterThan(0);
    addresses = ['127.0.0.1'];
    // valid=2s, counted by nginx's clock in whole seconds: gone from its choice within 3 s.
    await new Promise((r) => setTimeout(r, 3100));
    received.length = 0;
    for (let i = 0; i < 10; i++) expect(await send('POST')).toBe(200);
    expect(received).toEqual(Array(10).fill('127.0.0.1 POST'));
  });
});
