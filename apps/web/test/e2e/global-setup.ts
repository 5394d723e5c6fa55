import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumArgs, type E2EServer } from './chromium.ts';
import { createThrowawayDatabase, type ThrowawayDatabase } from './database.ts';
import { freePort, startService, stopService, type Started } from './servers.ts';
import { e2eWorkers } from './workers.ts';

const webRoot = fileURLToPath(new URL('../../', import.meta.url));
const repoRoot = path.resolve(webRoot, '../..');
const dist = path.join(webRoot, 'dist');
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    browser: boolean;
    /** One API and demo service per worker (each on its own database); browser.ts picks the worker's. */
    servers: E2EServer[];
    /** The run's browser (chromium.launchServer), which the files connect to. */
    browserEndpoint: string;
    chromiumPath: string;
  }
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * The suite tests the built app as the API serves it: build when dist is missing or older than the sources.
 */
function ensureBuilt() {
  const index = path.join(dist, 'index.html');
  const sources = Math.max(
    newestMtime(path.join(webRoot, 'src')),
    newestMtime(path.join(repoRoot, 'packages/contracts/src')),
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  console.log('[e2e] building the web app (vite build)…');
  execFileSync(
    process.execPath,
    [path.join(webRoot, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: webRoot,
      stdio: 'inherit',
      // vitest runs with NODE_ENV=test, which vite would pass on to React: its development build, not what
      // users get.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
}

/**
 * The API needs the generated Prisma client; turbo makes it before the API's tasks, but not necessarily
 * before ours.
 */
function ensurePrismaClient() {
  if (existsSync(path.join(repoRoot, 'packages/db/src/generated/prisma'))) return;
  console.log('[e2e] generating the Prisma client (the generate script of @exam/db)…');
  const db = path.join(repoRoot, 'packages/db');
  execFileSync(process.execPath, ['scripts/generate.mjs'], {
    cwd: db,
    stdio: 'inherit',
    env: {
      ...process.env,
      PATH: `${path.join(db, 'node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
    },
  });
}

const tsxLoader = () => path.join(repoRoot, 'apps/api/node_modules/tsx/dist/loader.mjs');

/** Seconds since `start`, for the setup's log lines. */
const since = (start: number) => `${((performance.now() - start) / 1000).toFixed(1)} s`;

export default async function setup(project: TestProject) {
  if (!existsSync(chromiumPath)) {
    const message =
      `SKIPPED BROWSER TESTS: chromium not found at ${chromiumPath} ` + "(install Debian's chromium package)";
    if (process.env.CI === 'true')
      throw new Error(`${message}; under CI=true a missing browser is a failure`);
    console.warn(`\n${'!'.repeat(message.length)}\n${message}\n${'!'.repeat(message.length)}\n`);
    project.provide('browser', false);
    project.provide('servers', []);
    project.provide('browserEndpoint', '');
    project.provide('chromiumPath', chromiumPath);
    return;
  }

  let start = performance.now();
  ensureBuilt();
  ensurePrismaClient();
  console.log(`[e2e] web app and Prisma client ready in ${since(start)}`);
  start = performance.now();
  // One browser for the whole run: each file connects to it (a connection costs milliseconds, a launch
  // about a second on a busy machine) and gets contexts of its own, as isolated as in a browser of its own.
  const browserServer = chromium.launchServer({
    executablePath: chromiumPath,
    headless: true,
    args: chromiumArgs,
  });
  const workers = e2eWorkers();
  const throwaways: ThrowawayDatabase[] = [];
  const started: Started[] = [];
  const servers: E2EServer[] = [];
  const tsx = existsSync(tsxLoader()) ? `file://${tsxLoader()}` : 'tsx';
  const baseEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info' };
  delete baseEnv.DATABASE_URL;

  /**
   * One API and its demo service on `database`. One after the other: on a shared database the API must
   * migrate before the demo creates its table. Both read the same PORT and DEMO_PORT, as under `pnpm
   * start`: the API tells the pages the demo's port, the demo checks tokens with the API at PORT and allows
   * pages from PORT on whatever host name it is reached by.
   */
  const startPair = async (database: NodeJS.ProcessEnv, options: { demo: boolean } = { demo: true }) => {
    const [apiPort, demoPort] = [await freePort(), await freePort()];
    const env = { ...baseEnv, ...database, PORT: String(apiPort), DEMO_PORT: String(demoPort) };
    const api = await startService('API', ['--import', tsx, 'apps/api/src/server.ts'], {
      cwd: repoRoot,
      env: { ...env, SEED_DEMO: '1', SEED_DEMO_USERS: '1', WEB_DIST: dist, BCRYPT_ROUNDS: '4' },
    });
    started.push(api);
    if (!options.demo) return api;
    const demoEnv: NodeJS.ProcessEnv = { ...env };
    delete demoEnv.DEMO_CORS_ORIGINS;
    delete demoEnv.API_URL;
    const demo = await startService('student demo', ['--import', tsx, 'apps/student-demo/src/server.ts'], {
      cwd: repoRoot,
      env: demoEnv,
    });
    started.push(demo);
    servers.push({ baseUrl: `http://127.0.0.1:${apiPort}`, demoUrl: `http://127.0.0.1:${demoPort}` });
    return api;
  };

  const stopAll = async () => {
    await Promise.all(started.map((s) => stopService(s)));
    for (const database of throwaways) await database.drop();
    await (await browserServer.catch(() => undefined))?.close();
  };

  try {
    const serverUrl = process.env.DATABASE_URL;
    if (serverUrl && workers > 1) {
      // Migrated and seeded once, by the API's own start on a first database; then each worker gets a copy.
      const first = await createThrowawayDatabase(serverUrl);
      throwaways.push(first);
      const seeding = await startPair({ DATABASE_URL: first.url }, { demo: false });
      await stopService(seeding);
      console.log(`[e2e] database migrated and seeded in ${since(start)}`);
      for (let i = 1; i < workers; i++) throwaways.push(await createThrowawayDatabase(serverUrl, first.name));
      await Promise.all(throwaways.map((database) => startPair({ DATABASE_URL: database.url })));
    } else if (serverUrl) {
      // Each run gets its own databases: in memory, or a throwaway one on the PostgreSQL server given.
      const database = await createThrowawayDatabase(serverUrl);
      throwaways.push(database);
      await startPair({ DATABASE_URL: database.url });
    } else {
      await Promise.all(
        Array.from({ length: workers }, () =>
          startPair({ PGLITE_DIR: 'memory://', PGLITE_DIR_DEMO: 'memory://' }),
        ),
      );
    }
    console.log(`[e2e] ${workers} API and demo pair${workers > 1 ? 's' : ''} listening in ${since(start)}`);
  } catch (error) {
    await stopAll();
    throw error;
  }

  project.provide('browser', true);
  project.provide('servers', servers);
  project.provide('browserEndpoint', (await browserServer).wsEndpoint());
  project.provide('chromiumPath', chromiumPath);

  return stopAll;
}
