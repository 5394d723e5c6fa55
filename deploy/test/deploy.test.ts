// The image without Docker: builds the runtime tree with the Dockerfile's own RUN command, then starts every
// service exactly as the image and compose do (WORKDIR, CMD, ENV of the Dockerfile; `command:` of compose)
// against PostgreSQL.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeEnvironment, composeFile, type ComposeService } from '@exam/settings/repository-files';
import { last, readDockerfile, repoRoot, stageEnv, type Stage } from './dockerfile.ts';

// Another Dockerfile can be put to the same test (e.g. an older one, to see this test fail on it).
const dockerfile = process.env.DEPLOY_TEST_DOCKERFILE ?? path.join(repoRoot, 'Dockerfile');
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  const message =
    'SKIPPED THE DEPLOY TEST: it starts the built services against PostgreSQL; set DATABASE_URL';
  if (process.env.CI === 'true') throw new Error(`${message} (under CI=true this is a failure)`);
  console.warn(`\n${'!'.repeat(message.length)}\n${message}\n${'!'.repeat(message.length)}\n`);
}

/** The packages a production image must not carry. */
const developmentOnly = [
  'tsx',
  'typescript',
  'prisma',
  '@prisma/engines',
  '@prisma/studio-core',
  'vitest',
  'esbuild',
  'vite',
  'turbo',
  'eslint',
];

interface Service {
  child: ChildProcess;
  output(): string;
  /** The port it said it listens on. */
  port: Promise<number>;
}

/** Starts `command` (its first word is node) in `cwd` with exactly `env` (plus PATH and HOME). */
function start(command: string[], cwd: string, env: Record<string, string>): Service {
  const [program, ...args] = command;
  expect(program, `${command.join(' ')} should start node`).toBe('node');
  const child = spawn(process.execPath, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const port = new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const match = /listening on http:\/\/[^:]+:(\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`${command.join(' ')} exited with ${code}:\n${out}`)));
  });
  port.catch(() => {});
  return { child, output: () => out, port };
}

/**
 * Waits until `service` has written a line matching `pattern` (and fails with its output when it exits
 * first).
 */
async function waitForOutput(service: Service, pattern: RegExp, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(service.output())) {
    expect(service.child.exitCode, service.output()).toBeNull();
    expect(Date.now() < deadline, `no ${pattern} within ${timeoutMs} ms:\n${service.output()}`).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function run(
  command: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const service = start(command, cwd, env);
  const [code] = (await once(service.child, 'exit')) as [number | null];
  return { code, output: service.output() };
}

async function stop(service: Service | undefined): Promise<number | null | undefined> {
  if (!service || service.child.exitCode !== null) return service?.child.exitCode;
  const exited = once(service.child, 'exit');
  service.child.kill('SIGTERM');
  const [code] = (await exited) as [number | null];
  return code;
}

const admin = async <T>(sql: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql)) as T;
  } finally {
    await client.end();
  }
};

/**
 * A compose service's fixed settings (those it does not take from .env), e.g. MIGRATE_ON_START=0 for the
 * replicas.
 */
function fixedSettings(service: ComposeService | undefined): Record<string, string> {
  return Object.fromEntries(
    [...composeEnvironment(service ?? {})].filter(
      (e): e is [string, string] => e[1] !== null && !e[1].includes('${'),
    ),
  );
}

/**
 * The runtime stage's files: every COPY must come from one folder of an earlier stage, which becomes the
 * tree.
 */
function runtimeCopies(runtime: Stage) {
  return runtime.instructions
    .filter((i) => i.keyword === 'COPY' || i.keyword === 'ADD')
    .map(({ args }) => {
      const from = /--from=(\S+)/.exec(args)?.[1];
      const [source, destination] = args.replace(/--\S+/g, '').trim().split(/\s+/);
      return { from, source: source!, destination: destination! };
    });
}

describe.skipIf(!databaseUrl)(
  "the image, built by the Dockerfile's own command and started by its CMD",
  () => {
    const stages = readDockerfile(dockerfile);
    const runtime = stages.at(-1)!;
    const workdir = last(runtime, 'WORKDIR')?.args ?? '/';
    const imageEnv = stageEnv(runtime);
    const compose = composeFile();
    let tree = '';
    const database = `deploy_${randomBytes(4).toString('hex')}`;
    const url = databaseUrl
      ? Object.assign(new URL(databaseUrl), { pathname: `/${database}` }).toString()
      : '';
    const settings = {
      ...imageEnv,
      DATABASE_URL: url,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      ADMIN_EMAIL: 'registrar@deploy.example',
      ADMIN_PASSWORD: randomBytes(12).toString('base64url'),
      BCRYPT_ROUNDS: '4',
    };
    let api: Service | undefined;
    let demo: Service | undefined;
    let worker: Service | undefined;
    let buildSeconds = 0;

    beforeAll(async () => {
      tree = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-runtime-'));
      // What the runtime stage copies is one folder of the build stage; the RUN lines that write that folder
      // make it.
      const copies = runtimeCopies(runtime);
      expect(copies.length, 'the runtime stage copies its files from the build stage').toBeGreaterThan(0);
      const root = copies[0]!.source;
      for (const copy of copies) {
        expect(copy.from, `COPY ${copy.source} comes from the build stage`).toBeDefined();
        expect(
          copy.source === root || copy.source.startsWith(`${root}/`),
          `COPY ${copy.source} is inside ${root}, the built tree`,
        ).toBe(true);
        expect(copy.destination, `COPY ${copy.source} lands where it was built`).toBe(
          copy.source.replace(root, workdir),
        );
      }
      const builder = stages.find((s) => s.name === copies[0]!.from)!;
      const builds = builder.instructions.filter(
        (i) => i.keyword === 'RUN' && i.args.split(/\s+/).includes(root),
      );
      expect(
        builds.map((b) => b.args),
        `RUN lines of the ${builder.name} stage that write ${root}`,
      ).not.toEqual([]);
      const started = Date.now();
      for (const { args } of builds) {
        // The build stage's WORKDIR holds the checkout (COPY . .) after `pnpm install`: this workspace.
        execFileSync(
          'sh',
          [
            '-c',
            args
              .split(/\s+/)
              .map((word) => (word === root ? tree : word))
              .join(' '),
          ],
          { cwd: repoRoot, stdio: 'inherit' },
        );
      }
      buildSeconds = (Date.now() - started) / 1000;
      console.log(`[deploy test] runtime tree built in ${buildSeconds.toFixed(1)} s`);
      await admin(`CREATE DATABASE "${database}"`);
    }, 300_000);

    afterAll(async () => {
      for (const service of [api, demo, worker])
        if (service && service.child.exitCode === null) service.child.kill('SIGKILL');
      if (databaseUrl) await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => {});
      if (tree) fs.rmSync(tree, { recursive: true, force: true });
    });

    it('holds JavaScript and production dependencies only, in one node_modules', () => {
      for (const name of developmentOnly)
        expect(fs.existsSync(path.join(tree, 'node_modules', name)), `node_modules/${name}`).toBe(false);
      const typescript = execFileSync(
        'find',
        [
          '.',
          '-path',
          './node_modules',
          '-prune',
          '-o',
          '-name',
          '*.ts',
          '-not',
          '-name',
          '*.d.ts',
          '-print',
        ],
        { cwd: tree },
      )
        .toString()
        .trim();
      expect(typescript, 'TypeScript files in the runtime tree').toBe('');
      // One copy: besides the root's, only an app's own version of a library another app uses in another
      // version.
      const moduleFolders = execFileSync(
        'find',
        ['.', '-name', 'node_modules', '-type', 'd', '-not', '-path', './node_modules/*'],
        { cwd: tree },
      )
        .toString()
        .trim()
        .split('\n');
      for (const folder of moduleFolders)
        expect(folder).toMatch(/^\.\/(node_modules|(apps|packages)\/[^/]+\/node_modules)$/);
      const nested = moduleFolders
        .filter((f) => f !== './node_modules')
        .flatMap((f) => fs.readdirSync(path.join(tree, f)).filter((n) => !n.startsWith('.')));
      for (const name of nested)
        expect(
          fs.existsSync(path.join(tree, 'node_modules', name)),
          `${name} is nested because another version is hoisted`,
        ).toBe(true);
    });

    it("migrates an empty PostgreSQL database with compose's migrate command", async () => {
      const migrated = await run(compose.services.migrate?.command as string[], tree, settings);
      expect(migrated.output).toMatch(/Applied \d{8}/);
      expect(migrated.code, migrated.output).toBe(0);
    }, 60_000);

    it(
      'carries the embedded database (PGlite and its pg_trgm extension, WebAssembly) for a start without ' +
        'DATABASE_URL',
      async () => {
        const script = [
          "const { PGlite } = await import('@electric-sql/pglite');",
          "const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');",
          "const db = await PGlite.create('memory://', { extensions: { pg_trgm } });",
          "await db.exec('CREATE EXTENSION pg_trgm');",
          "const { rows } = await db.query(\"SELECT similarity('exam', 'exams') AS s\");",
          "console.log('similarity', rows[0].s);",
        ].join(' ');
        const embedded = await run(['node', '--input-type=module', '-e', script], tree, imageEnv);
        expect(embedded.output).toMatch(/similarity 0\.\d+/);
        expect(embedded.code, embedded.output).toBe(0);
      },
      60_000,
    );

    it("serves /api/ready and the web app with the Dockerfile's WORKDIR and CMD", async () => {
      const cmd = last(runtime, 'CMD')?.exec;
      expect(cmd, 'CMD in exec form (node is PID 1 and gets SIGTERM)').toBeDefined();
      // As compose runs it (its fixed settings: production, replicas leave migrating to the migrate service),
      // on any free port.
      api = start(cmd!, tree, { ...settings, ...fixedSettings(compose.services.app), PORT: '0' });
      const base = `http://127.0.0.1:${await api.port}`;
      let ready: Response | undefined;
      for (let i = 0; i < 100 && ready?.status !== 200; i++) {
        ready = await fetch(`${base}/api/ready`);
        if (ready.status !== 200) await new Promise((r) => setTimeout(r, 200));
      }
      expect(ready?.status, api.output()).toBe(200);
      const page = await fetch(`${base}/`);
      expect(page.status).toBe(200);
      const html = await page.text();
      const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      expect(script, html).toBeDefined();
      const asset = await fetch(`${base}${script}`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toMatch(/javascript/);
    }, 60_000);

    it("starts the student demo with compose's command and answers a signed-in user", async () => {
      const base = `http://127.0.0.1:${await api!.port}`;
      const login = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: settings.ADMIN_EMAIL, password: settings.ADMIN_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };
      const command = compose.services['student-demo']?.command as string[];
      const where = { DEMO_PORT: '0', DEMO_HOST: '127.0.0.1', PORT: String(await api!.port), API_URL: base };
      demo = start(command, tree, {
        ...settings,
        ...fixedSettings(compose.services['student-demo']),
        ...where,
      });
      const students = await fetch(`http://127.0.0.1:${await demo.port}/students/`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(students.status, demo.output()).toBe(200);
    }, 60_000);

    it("starts the job worker by compose's command; it takes up jobs on the migrated database", async () => {
      const command = compose.services.worker?.command as string[];
      worker = start(command, tree, { ...settings, ...fixedSettings(compose.services.worker) });
      await waitForOutput(worker, /worker ready: running jobs/);
    }, 60_000);

    it('stops the servers and the worker cleanly on SIGTERM (exit code 0)', async () => {
      expect(await stop(worker)).toBe(0);
      expect(await stop(demo)).toBe(0);
      expect(await stop(api)).toBe(0);
    }, 30_000);
  },
);
