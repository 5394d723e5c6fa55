// docker-compose.yml, the Dockerfile and .dockerignore, checked without a Docker engine.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import yaml from 'yaml';
import { composeEnvironment, composeFile, type ComposeService } from '@exam/settings/repository-files';
import { bundles } from '../build-runtime.mjs';
import { last, readDockerfile, repoRoot } from './dockerfile.ts';

const compose = composeFile();
const service = (name: string): ComposeService => {
  const found = compose.services[name];
  if (!found) throw new Error(`docker-compose.yml has no ${name} service`);
  return found;
};
const dependsOn = (name: string) => service(name).depends_on as Record<string, { condition: string }>;
const healthcheck = (name: string) => [service(name).healthcheck?.test].flat().join(' ');

describe('docker-compose.yml', () => {
  it('runs the migrations once per deploy in a one-shot service that waits for a healthy database', () => {
    expect(service('migrate').command).toEqual(['node', 'packages/db/dist/migrate.js', 'deploy']);
    expect(dependsOn('migrate')).toEqual({ db: { condition: 'service_healthy' } });
    expect(service('migrate').restart).toBe('no');
    expect(service('migrate').ports).toBeUndefined();
  });

  it('starts the API replicas only after the migrations completed, and checks them by /api/ready', () => {
    expect(dependsOn('app')).toMatchObject({
      db: { condition: 'service_healthy' },
      migrate: { condition: 'service_completed_successfully' },
    });
    expect(healthcheck('app')).toContain('/api/ready');
    // `--scale app=3` needs replicas without a fixed host port or container name; the proxy publishes the
    // port.
    expect(service('app').ports).toBeUndefined();
    expect(service('app').container_name).toBeUndefined();
    expect(dependsOn('proxy')).toEqual({ app: { condition: 'service_healthy' } });
    expect(service('proxy').ports).toEqual(['${PORT:-3000}:80']);
  });

  it(
    'runs jobs in a worker service of its own, started after the migrations, which the replicas leave them ' +
      'to',
    () => {
      expect(dependsOn('worker')).toEqual({
        db: { condition: 'service_healthy' },
        migrate: { condition: 'service_completed_successfully' },
      });
      // `--scale worker=N`: no fixed port or container name.
      expect(service('worker').ports).toBeUndefined();
      expect(service('worker').container_name).toBeUndefined();
      expect(composeEnvironment(service('app')).get('JOBS_IN_PROCESS')).toBe('0');
    },
  );

  it('gives the database and the demo health checks; the demo waits for the API checking its tokens', () => {
    expect(healthcheck('db')).toContain('pg_isready');
    expect(healthcheck('student-demo')).toContain('3001');
    expect(dependsOn('student-demo')).toMatchObject({
      db: { condition: 'service_healthy' },
      app: { condition: 'service_healthy' },
    });
  });

  it('runs the files the image build writes (the same list deploy/build-runtime.mjs bundles)', () => {
    const built = bundles.map(([, to]) => to);
    for (const name of ['migrate', 'student-demo', 'worker']) {
      const command = service(name).command as string[];
      expect(command[0]).toBe('node');
      expect(built).toContain(command[1]);
    }
    const cmd = last(readDockerfile().at(-1)!, 'CMD')?.exec;
    expect(built).toContain(cmd?.[1]);
  });

  it('has no default password: the database password is required and used for every connection', () => {
    const text = fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
    expect(text).not.toMatch(/POSTGRES_PASSWORD:-/);
    expect(service('db').environment).toMatchObject({
      POSTGRES_PASSWORD: expect.stringMatching(/^\$\{POSTGRES_PASSWORD:\?.+\}$/),
    });
    for (const name of ['migrate', 'app', 'student-demo', 'worker']) {
      expect(composeEnvironment(service(name)).get('DATABASE_URL')).toMatch(
        /^postgresql:\/\/exam:\$\{POSTGRES_PASSWORD:\?[^}]+\}@db:5432\/exam$/,
      );
    }
  });

  const dockerCompose = ['/usr/bin/docker-compose', '/usr/local/bin/docker-compose'].find((p) =>
    fs.existsSync(p),
  );
  it.skipIf(!dockerCompose)(
    'renders with docker-compose config when the secrets are set, and refuses without a database password',
    () => {
      const emptyEnvFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'compose-')), 'empty.env');
      fs.writeFileSync(emptyEnvFile, '');
      const secrets = {
        POSTGRES_PASSWORD: 'pw0123456789',
        JWT_SECRET: 'x'.repeat(40),
        ADMIN_EMAIL: 'a@b.example',
        ADMIN_PASSWORD: 'long-password-0123',
      };
      const render = (env: Record<string, string>) =>
        spawnSync(dockerCompose!, ['-f', 'docker-compose.yml', '--env-file', emptyEnvFile, 'config'], {
          cwd: repoRoot,
          env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), ...env },
          encoding: 'utf8',
        });
      const ok = render(secrets);
      expect(ok.status, ok.stderr).toBe(0);
      expect(ok.stdout).toContain('postgresql://exam:pw0123456789@db:5432/exam');
      expect(ok.stdout).toContain('service_completed_successfully');
      const { POSTGRES_PASSWORD: _unset, ...withoutPassword } = secrets;
      const refused = render(withoutPassword);
      expect(refused.status).not.toBe(0);
      expect(refused.stderr).toContain('set POSTGRES_PASSWORD in .env');
    },
  );
});

describe('the Dockerfile', () => {
  const stages = readDockerfile();
  const runtime = stages.at(-1)!;

  it('builds on a supported Node LTS and runs as a non-root user, with node getting the signals', () => {
    for (const stage of stages) expect(stage.image).toMatch(/^node:(22|24)-bookworm-slim$/);
    expect(last(runtime, 'USER')?.args).toBe('node');
    expect(last(runtime, 'CMD')?.exec?.[0]).toBe('node');
    expect(last(runtime, 'WORKDIR')?.args).toBe('/app');
  });

  it('installs from the manifests before the sources arrive (a source change reinstalls nothing)', () => {
    const build = stages[0]!.instructions;
    const install = build.findIndex((i) => i.keyword === 'RUN' && /pnpm install/.test(i.args));
    const sources = build.findIndex((i) => i.keyword === 'COPY' && /^\.\s+\.$/.test(i.args.trim()));
    expect(install).toBeGreaterThan(0);
    expect(sources, 'COPY . . comes after the install and the dependencies phase').toBeGreaterThan(
      install + 1,
    );
    expect(build[install + 1]?.args).toMatch(/build-runtime\.mjs --dependencies/);
    const copied = build
      .slice(0, install)
      .filter((i) => i.keyword === 'COPY')
      .flatMap((i) => i.args.trim().split(/\s+/).slice(0, -1));
    const globs = (
      yaml.parse(fs.readFileSync(path.join(repoRoot, 'pnpm-workspace.yaml'), 'utf8')) as {
        packages: string[];
      }
    ).packages;
    const manifests = globs
      .flatMap((glob) =>
        glob.endsWith('/*')
          ? fs.readdirSync(path.join(repoRoot, glob.slice(0, -2))).map((d) => `${glob.slice(0, -2)}/${d}`)
          : [glob],
      )
      .map((dir) => `${dir}/package.json`)
      .filter((file) => fs.existsSync(path.join(repoRoot, file)));
    expect(copied.filter((f) => f.endsWith('package.json') && f !== 'package.json').sort()).toEqual(
      manifests.sort(),
    );
  });

  it('installs the pnpm version of package.json (no second place to update)', () => {
    const text = fs.readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');
    expect(text).not.toMatch(/pnpm@\d/);
    expect(text).toContain('packageManager');
  });
});

/**
 * Docker's .dockerignore rules: patterns from the context root, `*` within a path part, `**` across parts,
 * `!` re-includes, last match wins.
 */
function dockerIgnored(file: string): boolean {
  const rules = fs
    .readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  let ignored = false;
  for (const rule of rules) {
    const negated = rule.startsWith('!');
    const pattern = negated ? rule.slice(1) : rule;
    const source = pattern
      .split('/')
      .map((part) =>
        part === '**'
          ? '(?:.*/)?'
          : `${part
              .replace(/[.+^${}()|[\]\\]/g, '\\$&')
              .replace(/\*/g, '[^/]*')
              .replace(/\?/g, '[^/]')}/`,
      )
      .join('');
    // A pattern that names a folder leaves out everything in it.
    if (new RegExp(`^${source}`).test(`${file}/`)) ignored = !negated;
  }
  return ignored;
}

describe('.dockerignore', () => {
  it.each([
    '.env',
    '.env.production',
    'apps/api/.env',
    '.git/HEAD',
    'node_modules/zod/package.json',
    '.data/pglite/PG_VERSION',
    'apps/web/dist/index.html',
    'packages/db/src/generated/prisma/client.ts',
  ])('keeps %s out of the build context', (file) => expect(dockerIgnored(file)).toBe(true));

  it.each([
    '.env.example',
    'apps/api/src/server.ts',
    'pnpm-lock.yaml',
    'deploy/build-runtime.mjs',
    'prisma/schema.prisma',
  ])('sends %s', (file) => {
    expect(dockerIgnored(file)).toBe(false);
  });

  it(
    'agrees with git about what is local-only (every ignored file git tracks would be missing from the ' +
      'image)',
    () => {
      const tracked = execFileSync('git', ['ls-files'], { cwd: repoRoot, encoding: 'utf8' })
        .split('\n')
        .filter(Boolean);
      expect(tracked.filter(dockerIgnored)).toEqual([]);
    },
  );
});
