import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { createThrowawayDatabase } from './database.ts';
import { freePort, startService, stopService, type Started } from './servers.ts';

const webRoot = fileURLToPath(new URL('../../', import.meta.url));
const repoRoot = path.resolve(webRoot, '../..');
const dist = path.join(webRoot, 'dist');
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    browser: boolean;
    baseUrl: string;
    demoUrl: string;
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

export default async function setup(project: TestProject) {
  if (!existsSync(chromiumPath)) {
    const message = `SKIPPED BROWSER TESTS: chromium not found at ${chromiumPath} (install Debian's chromium package)`;
    if (process.env.CI === 'true')
      throw new Error(`${message}; under CI=true a missing browser is a failure`);
    console.warn(`\n${'!'.repeat(message.length)}\n${message}\n${'!'.repeat(message.length)}\n`);
    project.provide('browser', false);
    project.provide('baseUrl', '');
    project.provide('demoUrl', '');
    project.provide('chromiumPath', chromiumPath);
    return;
  }

  ensureBuilt();
  ensurePrismaClient();
  const [apiPort, demoPort] = [await freePort(), await freePort()];
  const baseUrl = `http://127.0.0.1:${apiPort}`;
  // Each run gets its own databases: in memory, or a throwaway one on the PostgreSQL server given.
  const throwaway = process.env.DATABASE_URL
    ? await createThrowawayDatabase(process.env.DATABASE_URL)
    : undefined;
  const database = throwaway
    ? { DATABASE_URL: throwaway.url }
    : { PGLITE_DIR: 'memory://', PGLITE_DIR_DEMO: 'memory://' };
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...database };
  if (!throwaway) delete env.DATABASE_URL;
  const tsx = existsSync(tsxLoader()) ? `file://${tsxLoader()}` : 'tsx';

  let api: Started | undefined;
  let demo: Started | undefined;
  try {
    // One after the other: on a shared database the API must migrate before the demo creates its table. Both
    // read the same PORT and DEMO_PORT, as under `pnpm start`: the API tells the pages the demo's port, the
    // demo checks tokens with the API at PORT and allows pages from PORT on whatever host name it is reached
    // by.
    const ports = { PORT: String(apiPort), DEMO_PORT: String(demoPort) };
    api = await startService('API', ['--import', tsx, 'apps/api/src/server.ts'], {
      cwd: repoRoot,
      env: { ...env, ...ports, SEED_DEMO: '1', SEED_DEMO_USERS: '1', WEB_DIST: dist, BCRYPT_ROUNDS: '4' },
    });
    const demoEnv: NodeJS.ProcessEnv = { ...env, ...ports };
    delete demoEnv.DEMO_CORS_ORIGINS;
    delete demoEnv.API_URL;
    demo = await startService('student demo', ['--import', tsx, 'apps/student-demo/src/server.ts'], {
      cwd: repoRoot,
      env: demoEnv,
    });
  } catch (error) {
    await Promise.all([stopService(api), stopService(demo)]);
    await throwaway?.drop();
    throw error;
  }

  project.provide('browser', true);
  project.provide('baseUrl', baseUrl);
  project.provide('demoUrl', `http://127.0.0.1:${demoPort}`);
  project.provide('chromiumPath', chromiumPath);

  return async () => {
    await Promise.all([stopService(api), stopService(demo)]);
    await throwaway?.drop();
  };
}
