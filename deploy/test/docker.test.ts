// The image and compose for real, on the machine's Docker engine: `docker build` of the Dockerfile, the image
// alone on its embedded database, then `docker-compose up -d` of docker-compose.yml as an operator runs it,
// put through what production does to it: three replicas with one stopped and one killed under load, the
// database restarted under load, an import job through the worker, down and up, a backup, the database
// volume destroyed and restored. Every request goes to 127.0.0.1 through ports published on loopback only,
// in loops bounded in count and time. Its figures go to the test's output, to deploy/test/report/docker.md
// and, with DEPLOY_TEST_RESULTS=1, to their section of bench/RESULTS.md.
//
// Without an engine it is skipped loudly; under CI=true, an engine that is installed but does not start
// fails it. It starts dockerd (as root) when it is installed and not running, and builds the stand-in base
// images (../shared/tools/standin-images.sh, or STANDIN_IMAGES_SCRIPT) when they are missing and no registry
// can be reached. Warm runs reuse the build cache (the image is tagged per run and untagged with --no-prune).
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './dockerfile.ts';
import { writeReport, type Figure } from './docker-report.ts';

const started = Date.now();
const ci = process.env.CI === 'true';
const which = (name: string) =>
  (process.env.PATH ?? '')
    .split(':')
    .map((dir) => path.join(dir, name))
    .find((file) => fs.existsSync(file));

function loudly(message: string) {
  const rule = '!'.repeat(Math.min(message.length, 100));
  console.warn(`\n${rule}\n${message}\n${rule}\n`);
}

const engineAnswers = () =>
  spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], { timeout: 15_000 }).status === 0;

/** Whether an engine answers, starting dockerd first when it is installed, not running and we are root. */
async function ensureEngine(): Promise<{ ok: boolean; why?: string; started?: boolean }> {
  if (!which('docker')) return { ok: false, why: 'no docker command is installed' };
  if (engineAnswers()) return { ok: true };
  const dockerd = which('dockerd');
  if (!dockerd) return { ok: false, why: 'the docker client is installed, but no engine (dockerd) to start' };
  if (process.getuid?.() !== 0)
    return { ok: false, why: 'dockerd is installed but not running, and only root may start it' };
  const log = fs.openSync('/var/log/dockerd.log', 'a');
  spawn(dockerd, [], { detached: true, stdio: ['ignore', log, log] }).unref();
  for (let i = 0; i < 60; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (engineAnswers()) return { ok: true, started: true };
  }
  return { ok: false, why: 'dockerd did not start within 30 s (see /var/log/dockerd.log)', started: false };
}

const engine = await ensureEngine();
const composeV2 = engine.ok && spawnSync('docker', ['compose', 'version'], { timeout: 15_000 }).status === 0;
const composeV1 = which('docker-compose');
if (!engine.ok || (!composeV2 && !composeV1)) {
  const why = engine.ok ? 'neither `docker compose` nor docker-compose is installed' : engine.why;
  const message = `SKIPPED THE DOCKER DEPLOY TEST (docker build, compose up, replicas, backups): ${why}`;
  // An engine that is installed (dockerd) but does not work, or works without compose, fails under CI; no
  // engine at all is a skip everywhere (the docker client or docker-compose alone is no engine).
  if (ci && (engine.ok || which('dockerd'))) throw new Error(`${message} (under CI=true this is a failure)`);
  loudly(message);
}
const runnable = engine.ok && (composeV2 || !!composeV1);

// --- commands ---------------------------------------------------------------------------------------------

function run(
  command: string,
  args: string[],
  options: { timeoutMs?: number; env?: NodeJS.ProcessEnv; input?: string } = {},
) {
  const result: SpawnSyncReturns<string> = spawnSync(command, args, {
    cwd: repoRoot,
    env: options.env ?? process.env,
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 120_000,
    input: options.input,
    maxBuffer: 64 * 1024 * 1024,
  });
  return {
    status: result.status,
    stdout: result.stdout ?? '',
    stderr: result.stderr ?? '',
    error: result.error,
  };
}

function must(command: string, args: string[], options: Parameters<typeof run>[2] = {}) {
  const result = run(command, args, options);
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} exited with ${result.status ?? result.error?.message}:\n` +
        `${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`,
    );
  return result.stdout;
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Answer {
  /** When it was answered (ms since the epoch). */
  at: number;
  status: number;
  retryAfter?: string | null;
  body?: unknown;
  error?: string;
  ms: number;
}

/** One request to 127.0.0.1, bounded by its own timeout; network errors come back as status 0. */
async function request(
  port: number,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; form?: FormData; timeoutMs?: number } = {},
): Promise<Answer> {
  const t0 = Date.now();
  try {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON (the web page).
    }
    return {
      at: Date.now(),
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body,
      ms: Date.now() - t0,
    };
  } catch (error) {
    return { at: Date.now(), status: 0, error: (error as Error).message, ms: Date.now() - t0 };
  }
}

/**
 * `count` GETs of `url`, `concurrency` at a time, never longer than `maxMs`; `events` run (awaited in the
 * background) when that many requests have been started.
 */
async function load(
  port: number,
  url: string,
  token: string,
  {
    count,
    concurrency,
    maxMs,
    events = {},
  }: { count: number; concurrency: number; maxMs: number; events?: Record<number, () => Promise<unknown>> },
) {
  const answers: Answer[] = [];
  const background: Promise<unknown>[] = [];
  const deadline = Date.now() + maxMs;
  let next = 0;
  const workers = Array.from({ length: concurrency }, async () => {
    while (next < count && Date.now() < deadline) {
      const index = next++;
      if (events[index]) background.push(events[index]!());
      answers.push(await request(port, 'GET', url, { token }));
    }
  });
  await Promise.all(workers);
  await Promise.all(background);
  return answers;
}

const summary = (answers: Answer[]) => {
  const byStatus = new Map<string, number>();
  for (const a of answers) {
    const key = a.status ? String(a.status) : `error: ${a.error}`;
    byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
  }
  return Object.fromEntries(byStatus);
};

// --- the test ----------------------------------------------------------------------------------------

describe.skipIf(!runnable)('the image and docker-compose.yml on a real Docker engine', () => {
  // The pid in every name: a later run removes what a killed run left (its pid gone), never a live run's.
  const id = `${process.pid}x${randomBytes(3).toString('hex')}`;
  const project = `examdeploy${id}`;
  const image = `exam-admin:deploy-test-${id}`;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-docker-test-'));
  const backups = path.join(work, 'backups');
  const figures: Figure[] = [];
  const figure = (name: string, value: string, note = '') => {
    figures.push({ name, value, note });
    console.log(`[docker test] ${name}: ${value}${note ? ` (${note})` : ''}`);
  };
  const secrets = {
    POSTGRES_PASSWORD: randomBytes(12).toString('hex'),
    JWT_SECRET: randomBytes(32).toString('base64url'),
    ADMIN_EMAIL: 'registrar@deploy.example',
    ADMIN_PASSWORD: randomBytes(12).toString('base64url'),
  };
  let port = 0;
  let demoPort = 0;
  let token = '';
  let composeEnv: NodeJS.ProcessEnv = {};
  /** Set when the base images were missing and no stand-in script was found (the build then pulls). */
  let missingBases = '';
  const composeArgs = () => [
    ...(composeV2 ? ['compose'] : []),
    '--project-name',
    project,
    '--env-file',
    path.join(work, 'empty.env'),
    '-f',
    path.join(repoRoot, 'docker-compose.yml'),
    '-f',
    path.join(work, 'loopback.yml'),
  ];
  const composeCommand = composeV2 ? 'docker' : composeV1!;
  const compose = (args: string[], timeoutMs = 240_000) =>
    run(composeCommand, [...composeArgs(), ...args], { env: composeEnv, timeoutMs });
  const composeMust = (args: string[], timeoutMs = 240_000) =>
    must(composeCommand, [...composeArgs(), ...args], { env: composeEnv, timeoutMs });
  const containers = (service: string) =>
    composeMust(['ps', '-q', service]).trim().split('\n').filter(Boolean);
  const health = (container: string) =>
    must('docker', [
      'inspect',
      '-f',
      '{{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.Status}}{{end}}',
      container,
    ]).trim();

  async function waitFor<T>(
    what: string,
    check: () => Promise<T | undefined> | T | undefined,
    timeoutMs: number,
  ) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await check();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
      await sleep(500);
    }
  }
  const ready = () =>
    waitFor(
      'the proxy answers /api/ready with 200',
      async () => ((await request(port, 'GET', '/api/ready')).status === 200 ? true : undefined),
      240_000,
    );
  const signIn = async (p = port) => {
    const res = await request(p, 'POST', '/api/login', {
      body: { email: secrets.ADMIN_EMAIL, password: secrets.ADMIN_PASSWORD },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as { token: string }).token;
  };

  /** Containers, volumes, networks and tags of runs of this test on this machine whose process is gone. */
  function removeLeftovers() {
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch (error) {
        return (error as NodeJS.ErrnoException).code === 'EPERM';
      }
    };
    const stale = (name: string) => {
      const pid = /(?:examdeploy|deploy-test-)(\d+)x[0-9a-f]+/.exec(name)?.[1];
      return pid !== undefined && !alive(Number(pid));
    };
    const list = (args: string[]) => run('docker', args).stdout.split('\n').filter(Boolean);
    const containers = list(['ps', '-a', '--format', '{{.Names}}']).filter(
      (n) => n.startsWith('examdeploy') && stale(n),
    );
    if (containers.length) run('docker', ['rm', '-f', ...containers]);
    const volumes = list(['volume', 'ls', '-q']).filter((n) => n.startsWith('examdeploy') && stale(n));
    if (volumes.length) run('docker', ['volume', 'rm', '-f', ...volumes]);
    const networks = list(['network', 'ls', '--format', '{{.Name}}']).filter(
      (n) => n.startsWith('examdeploy') && stale(n),
    );
    if (networks.length) run('docker', ['network', 'rm', ...networks]);
    const tags = list(['images', '--format', '{{.Repository}}:{{.Tag}}', 'exam-admin']).filter(stale);
    if (tags.length) run('docker', ['rmi', '--no-prune', ...tags]);
    const removed = containers.length + volumes.length + networks.length + tags.length;
    if (removed)
      figure('left over by killed runs, removed', `${removed} (containers, volumes, networks, image tags)`);
  }

  beforeAll(async () => {
    if (engine.started) figure('engine', 'dockerd started by the test');
    removeLeftovers();
    // The base images: from a registry when one answers, else the stand-ins.
    const bases = ['node:22-bookworm-slim', 'postgres:16', 'nginx:1.27-alpine'];
    if (run('docker', ['image', 'inspect', ...bases]).status !== 0) {
      // The shared script sits in `shared/tools` beside the checkout, or beside one of its parents (a CI
      // clone may be a level deeper than the working copy).
      const ancestors = repoRoot.split(path.sep).map((_, i, parts) => parts.slice(0, i + 1).join(path.sep));
      const script = [
        process.env.STANDIN_IMAGES_SCRIPT,
        ...ancestors.reverse().map((dir) => path.join(dir || path.sep, 'shared/tools/standin-images.sh')),
      ].find((f) => f && fs.existsSync(f));
      if (script) {
        const t0 = Date.now();
        must('bash', [script], { timeoutMs: 900_000 });
        figure('stand-in base images built', `${seconds(Date.now() - t0)} s`, script);
      } else {
        // docker build pulls them then, if a registry answers; its failure says what was missing.
        missingBases = `the base images (${bases.join(', ')}) were not here and no stand-in script was found`;
      }
    }
    fs.writeFileSync(path.join(work, 'empty.env'), '');
    // Every published port on 127.0.0.1 only (PORT=127.0.0.1:... cannot work: the demo also reads PORT).
    // The same health checks, run every second instead of every 5-10 s: Docker 20.10 has no start_interval,
    // and compose waited ~80 s a run for the next check of a service already up.
    const ours = ['migrate', 'app', 'worker', 'student-demo'];
    const checked = ['db', 'app', 'student-demo'];
    fs.writeFileSync(
      path.join(work, 'loopback.yml'),
      [
        'networks:',
        '  default:',
        '    driver_opts:',
        '      com.docker.network.bridge.host_binding_ipv4: "127.0.0.1"',
        'services:',
        ...[...new Set([...ours, ...checked])].flatMap((s) => [
          `  ${s}:`,
          ...(ours.includes(s) ? [`    image: ${image}`] : []),
          ...(checked.includes(s) ? ['    healthcheck:', '      interval: 1s'] : []),
        ]),
        '',
      ].join('\n'),
    );
    fs.mkdirSync(backups);
    port = await freePort();
    demoPort = await freePort();
    composeEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME ?? os.tmpdir(),
      ...secrets,
      PORT: String(port),
      DEMO_PORT: String(demoPort),
      BACKUP_DIR: backups,
      BCRYPT_ROUNDS: '4',
      // The db restart below is over in seconds: the replicas must not be marked down meanwhile.
      LOG_LEVEL: 'info',
    };

    const t0 = Date.now();
    const log = path.join(work, 'build.log');
    const build = run('sh', ['-c', `docker build -t ${image} . > ${log} 2>&1`], { timeoutMs: 1_200_000 });
    const buildLog = fs.readFileSync(log, 'utf8');
    if (build.status !== 0) {
      const hint = missingBases ? ` (${missingBases}: set STANDIN_IMAGES_SCRIPT)` : '';
      throw new Error(`docker build failed${hint}:\n${buildLog.slice(-5000)}`);
    }
    const cached = (buildLog.match(/Using cache/g) ?? []).length;
    const steps = (buildLog.match(/^Step \d+\/\d+/gm) ?? []).length;
    figure('docker build', `${seconds(Date.now() - t0)} s`, `${cached} of ${steps} steps from the cache`);
  }, 1_500_000);

  afterAll(() => {
    if (!runnable) return;
    const t0 = Date.now();
    if (composeEnv.PATH) compose(['down', '-v', '--remove-orphans', '--timeout', '5'], 180_000);
    run('docker', ['rm', '-f', `${project}-alone`]);
    run('docker', ['volume', 'rm', '-f', `${project}-alone`]);
    // The tag goes; the layers stay as the next run's cache.
    run('docker', ['rmi', '--no-prune', image]);
    // The dumps are root's files written by the backup container; this process is root here.
    fs.rmSync(work, { recursive: true, force: true });
    figure('clean-up (down -v, image untagged)', `${seconds(Date.now() - t0)} s`);
    figure('whole test', `${seconds(Date.now() - started)} s`);
    writeReport(figures);
  }, 240_000);

  it('the image: its /app layer, its size, and /app/.data the node user’s', () => {
    const layers = must('docker', ['history', '--no-trunc', '--format', '{{.Size}}\t{{.CreatedBy}}', image]);
    const appLayer = layers.split('\n').find((l) => /COPY dir:\S+ in \/app\b/.test(l));
    expect(appLayer, layers).toBeDefined();
    const size = Number(must('docker', ['image', 'inspect', '-f', '{{.Size}}', image]).trim());
    figure('image size', `${(size / 1e6).toFixed(0)} MB`, `the /app layer: ${appLayer!.split('\t')[0]}`);
    const data = must('docker', [
      'run',
      '--rm',
      '--entrypoint',
      'stat',
      image,
      '-c',
      '%U %a',
      '/app/.data',
    ]).trim();
    expect(data).toBe('node 700');
    const user = must('docker', ['image', 'inspect', '-f', '{{.Config.User}}', image]).trim();
    expect(user).toBe('node');
  }, 120_000);

  it('runs alone on its embedded database in a volume, keeps data and secret, backs it up', async () => {
    const alonePort = await freePort();
    const name = `${project}-alone`;
    const t0 = Date.now();
    must('docker', [
      'run',
      '-d',
      '--name',
      name,
      '-v',
      `${name}:/app/.data`,
      '-p',
      `127.0.0.1:${alonePort}:3000`,
      '-e',
      `ADMIN_EMAIL=${secrets.ADMIN_EMAIL}`,
      '-e',
      `ADMIN_PASSWORD=${secrets.ADMIN_PASSWORD}`,
      '-e',
      'BCRYPT_ROUNDS=4',
      image,
    ]);
    const up = () =>
      waitFor(
        'the lone container is ready',
        async () => ((await request(alonePort, 'GET', '/api/ready')).status === 200 ? true : undefined),
        120_000,
      ).catch((error: Error) => {
        throw new Error(`${error.message}\n${run('docker', ['logs', '--tail', '30', name]).stdout}`);
      });
    await up();
    figure('image alone (embedded database): ready', `${seconds(Date.now() - t0)} s`);
    const aloneToken = await signIn(alonePort);
    expect((await request(alonePort, 'GET', '/api/check-user', { token: aloneToken })).status).toBe(200);
    // SIGTERM: the server closes the database and exits 0.
    must('docker', ['stop', '-t', '20', name]);
    expect(must('docker', ['inspect', '-f', '{{.State.ExitCode}}', name]).trim()).toBe('0');
    const backup = must('docker', [
      'run',
      '--rm',
      '-v',
      `${name}:/app/.data`,
      image,
      'node',
      'packages/db/dist/backup.js',
      'backup',
    ]);
    expect(JSON.parse(backup.trim().split('\n').at(-1)!)).toMatchObject({
      level: 'info',
      service: 'backup',
      file: expect.stringMatching(/^\/app\/\.data\/backups\/exam-.*\.embedded\.tar\.gz$/),
    });
    must('docker', ['start', name]);
    await up();
    // The same signing secret (kept in the volume) and the same database: the token still works.
    expect((await request(alonePort, 'GET', '/api/check-user', { token: aloneToken })).status).toBe(200);
    run('docker', ['rm', '-f', name]);
  }, 300_000);

  it('comes up with docker-compose up -d: healthy, signed in through the proxy, JSON logs', async () => {
    const t0 = Date.now();
    composeMust(['up', '-d', '--no-build']);
    await ready();
    figure('compose up -d to healthy', `${seconds(Date.now() - t0)} s`);
    token = await signIn();
    expect((await request(port, 'GET', '/api/check-user', { token })).body).toMatchObject({
      user_role: { name: 'admin' },
    });
    const page = await request(port, 'GET', '/');
    expect(page.status).toBe(200);
    expect(String(page.body)).toMatch(/<script[^>]+src="\/assets\/[^"]+\.js"/);
    expect(String(page.body)).toContain('<div id="app">');
    const demo = await waitFor(
      'the student demo answers',
      async () => {
        const res = await request(demoPort, 'GET', '/students/', { token });
        return res.status === 200 ? res : undefined;
      },
      60_000,
    );
    expect(demo.status).toBe(200);
    for (const service of ['migrate', 'app', 'worker', 'student-demo', 'backup']) {
      const lines = composeMust(['logs', '--no-color', service])
        .split('\n')
        .map((l) => l.replace(/^[^|]*\|\s?/, '').trim())
        .filter((l) => l.startsWith('{') || /^[A-Za-z]/.test(l))
        .filter((l) => !/^Attaching to/.test(l));
      expect(lines.length, service).toBeGreaterThan(0);
      for (const line of lines) expect(() => JSON.parse(line), `${service}: ${line}`).not.toThrow();
    }
  }, 300_000);

  it('scales to three replicas; one stopped and another killed under load cost no request', async () => {
    const t0 = Date.now();
    composeMust(['up', '-d', '--no-build', '--no-recreate', '--scale', 'app=3']);
    const replicas = await waitFor(
      'three healthy replicas',
      () => {
        const ids = containers('app');
        return ids.length === 3 && ids.every((c) => health(c) === 'healthy') ? ids : undefined;
      },
      180_000,
    );
    figure('scale to 3 replicas, healthy', `${seconds(Date.now() - t0)} s`);
    // Let the proxy see all three (its resolver keeps an answer 2 s).
    await sleep(2500);
    const answers = await load(port, '/api/session?limit=5', token, {
      count: 300,
      concurrency: 4,
      maxMs: 120_000,
      events: {
        60: async () => must('docker', ['stop', '-t', '20', replicas[0]!]),
        150: async () => must('docker', ['kill', replicas[1]!]),
      },
    });
    const failed = answers.filter((a) => a.status !== 200);
    figure(
      'replica stop + kill under load',
      `${failed.length} failed of ${answers.length}`,
      `slowest ${Math.max(...answers.map((a) => a.ms))} ms; ${JSON.stringify(summary(answers))}`,
    );
    expect(answers.length).toBe(300);
    expect(failed, JSON.stringify(summary(answers))).toEqual([]);
    // Back to one running replica for what follows (the stopped ones stay stopped).
    expect(containers('app').filter((c) => health(c) === 'healthy').length).toBeGreaterThanOrEqual(1);
  }, 300_000);

  it('answers only 503 + Retry-After while the database restarts; recovers by itself', async () => {
    const [db] = containers('db');
    let restarting = 0;
    let restarted = 0;
    const answers = await load(port, '/api/session?limit=5', token, {
      count: 400,
      concurrency: 4,
      maxMs: 90_000,
      events: {
        20: async () => {
          restarting = Date.now();
          must('docker', ['restart', '-t', '20', db!]);
          restarted = Date.now();
        },
      },
    });
    const unavailable = answers.filter((a) => a.status === 503);
    const other = answers.filter((a) => a.status !== 200 && a.status !== 503);
    figure(
      'database restart under load',
      `${other.length} failed, ${unavailable.length} answered 503 (of ${answers.length})`,
      JSON.stringify(summary(answers)),
    );
    expect(other, JSON.stringify(summary(answers))).toEqual([]);
    for (const a of unavailable) {
      expect(a.retryAfter, JSON.stringify(a.body)).toMatch(/^\d+$/);
      expect(a.body).toMatchObject({ code: 'UNAVAILABLE' });
    }
    // Recovered by itself, without restarting anything: 200s again after the database is back.
    await waitFor(
      'a 200 after the restart',
      async () =>
        (await request(port, 'GET', '/api/session?limit=5', { token })).status === 200 ? true : undefined,
      60_000,
    );
    const firstOk = answers.find((a) => a.status === 200 && a.at > restarted)?.at ?? Date.now();
    const outage = unavailable.length
      ? `503s for ${seconds(unavailable.at(-1)!.at - unavailable[0]!.at)} s; `
      : '';
    figure('docker restart of the database', `${seconds(restarted - restarting)} s`);
    figure(
      'recovered after the database restart',
      `${outage}first 200 ${seconds(firstOk - restarted)} s after docker restart returned`,
    );
  }, 300_000);

  let prefix = '';
  it('runs an import of 2,001 rows as a job in the worker service', async () => {
    prefix = `DK${id.slice(0, 4).toUpperCase()}`;
    const rows = [
      'Paper Id,Paper Name,Paper Code',
      ...Array.from({ length: 2001 }, (_, i) => `${prefix}${String(i).padStart(5, '0')},Bulk paper ${i},`),
    ];
    const form = new FormData();
    form.append('file', new Blob([`${rows.join('\r\n')}\r\n`], { type: 'text/csv' }), 'papers.csv');
    const t0 = Date.now();
    const res = await request(port, 'POST', '/api/import/paper', { token, form, timeoutMs: 30_000 });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const jobId = (res.body as { job: { job_id: string } }).job.job_id;
    const job = await waitFor(
      'the job finishes',
      async () => {
        const answer = await request(port, 'GET', `/api/job/${jobId}`, { token });
        const j = (answer.body as { job?: { status: string; done: number } }).job;
        return j && ['succeeded', 'failed', 'cancelled'].includes(j.status) ? j : undefined;
      },
      120_000,
    );
    expect(job).toMatchObject({ status: 'succeeded', done: 2001 });
    figure(
      'import job (2,001 rows) through the worker',
      `${seconds(Date.now() - t0)} s from upload to succeeded`,
    );
    const workerLog = composeMust(['logs', '--no-color', 'worker']);
    expect(workerLog).toContain(jobId);
  }, 180_000);

  const papers = async () => {
    const res = await request(port, 'GET', `/api/paper?q=${prefix}&limit=1`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as { total: number }).total;
  };

  it('keeps the data across down and up', async () => {
    composeMust(['down', '--timeout', '20']);
    const t0 = Date.now();
    composeMust(['up', '-d', '--no-build']);
    await ready();
    figure('compose up -d again (data kept)', `${seconds(Date.now() - t0)} s to healthy`);
    // The same token: revocations, the signing secret and the users are all in PostgreSQL or .env.
    expect(await papers()).toBe(2001);
  }, 300_000);

  let dump = '';
  it('backs up with the backup service, and its restore refuses a dump from a newer schema version', () => {
    const t0 = Date.now();
    const out = composeMust(['run', '--rm', '-T', 'backup', 'backup']);
    const line = JSON.parse(
      out
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .at(-1)!,
    ) as { msg: string };
    dump = path.basename(/to \/backups\/(\S+\.dump)/.exec(line.msg)![1]!);
    expect(fs.existsSync(path.join(backups, dump))).toBe(true);
    figure(
      'backup (pg_dump by the backup service)',
      `${seconds(Date.now() - t0)} s`,
      `${(fs.statSync(path.join(backups, dump)).size / 1e3).toFixed(0)} kB`,
    );

    // A dump with a migration this version does not know is refused, and the database is left alone.
    const sql = (statement: string) =>
      composeMust(['exec', '-T', 'db', 'psql', '-U', 'exam', '-d', 'exam', '-qc', statement]);
    sql(
      'INSERT INTO _prisma_migrations (id, checksum, migration_name, finished_at, applied_steps_count) ' +
        "VALUES ('future', 'x', '20990101000000_from_the_future', now(), 1)",
    );
    const newer = composeMust(['run', '--rm', '-T', 'backup', 'backup']);
    sql(`DELETE FROM _prisma_migrations WHERE id = 'future'`);
    const newerDump = /to \/backups\/(\S+\.dump)/.exec(newer)![1]!;
    const refused = compose(['run', '--rm', '-T', 'backup', 'restore', newerDump]);
    expect(refused.status).toBe(3);
    expect(refused.stdout).toContain(
      'Refusing to restore: the backup is from a newer schema version than this one. It has 1 migration(s) ' +
        'this version does not know (20990101000000_from_the_future)',
    );
    fs.rmSync(path.join(backups, newerDump));
  }, 240_000);

  it('restores the dump after the database volume is destroyed, and finds the data', async () => {
    composeMust(['down', '--timeout', '20']);
    must('docker', ['volume', 'rm', `${project}_pgdata`]);
    const t0 = Date.now();
    // An empty database (the entrypoint creates it; migrate gives it the schema), then the dump.
    const restored = composeMust(['run', '--rm', '-T', 'backup', 'restore', dump], 300_000);
    expect(restored).toMatch(/"msg":"Restored exam from \/backups\//);
    composeMust(['up', '-d', '--no-build']);
    await ready();
    figure('restore into a new database volume', `${seconds(Date.now() - t0)} s to healthy`);
    // The same data, the same accounts, the token issued before it all still valid.
    expect(await papers()).toBe(2001);
    expect((await request(port, 'GET', '/api/check-user', { token })).status).toBe(200);
  }, 400_000);
});
