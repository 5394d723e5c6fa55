// Builds the image's runtime tree into an empty folder: `node deploy/build-runtime.mjs <out>`. The Dockerfile
// runs exactly this (into /app) and deploy/test/deploy.test.ts runs it into a temporary folder, so the image
// and its test cannot drift apart. Run it after `pnpm install` in the workspace. It writes:
//   node_modules/       `pnpm deploy --prod` of @exam/deploy (whose dependencies are the API, the demo and
//   @exam/db):
//                       production dependencies only, one hoisted copy; an app's own version of a library that
//                       another app uses in another version stays in apps/<app>/node_modules, as in the workspace
//   apps/api/dist/server.js, apps/api/dist/worker.js, apps/student-demo/dist/server.js,
//   packages/db/dist/migrate.js
//                       our TypeScript (and the workspace packages it imports) bundled to JavaScript by esbuild;
//                       libraries stay imports, resolved from node_modules at run time
//   apps/web/dist/      the web app's build (the API serves it)
//   prisma/             schema and migrations (the migrate command and the readiness check read them)
//   .data/              empty: the embedded database's folder when no DATABASE_URL is given
// Each bundle sits three folders deep, as its sources do, so their `new URL('../../../', import.meta.url)` is
// the root.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = fileURLToPath(new URL('../', import.meta.url));

/** Entry point -> bundle, both relative to the root; the services' WORKDIR is the root. */
export const bundles = [
  ['apps/api/src/server.ts', 'apps/api/dist/server.js'],
  ['apps/api/src/worker.ts', 'apps/api/dist/worker.js'],
  ['apps/student-demo/src/server.ts', 'apps/student-demo/dist/server.js'],
  ['packages/db/src/cli/migrate.ts', 'packages/db/dist/migrate.js'],
];

const started = Date.now();
const step = (what) =>
  console.log(`[build-runtime] ${((Date.now() - started) / 1000).toFixed(1)} s  ${what}`);
const run = (command, args, options = {}) => execFileSync(command, args, { stdio: 'inherit', ...options });

/**
 * pnpm as this script was started (pnpm run), else from PATH, else through npx at the workspace's version.
 */
function pnpm(args, options) {
  const execPath = process.env.npm_execpath;
  if (execPath && /pnpm/.test(path.basename(execPath)))
    return run(process.execPath, [execPath, ...args], options);
  try {
    execFileSync('pnpm', ['--version'], { stdio: 'ignore' });
    return run('pnpm', args, options);
  } catch {
    const version = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).packageManager.split(
      '@',
    )[1];
    return run('npx', ['-y', `pnpm@${version}`, ...args], options);
  }
}

/** The folder of a workspace package (`@exam/api` -> `apps/api`), from the packages pnpm lists. */
function workspaceFolders() {
  const folders = new Map();
  for (const parent of ['apps', 'packages']) {
    for (const name of fs.readdirSync(path.join(root, parent))) {
      const manifest = path.join(root, parent, name, 'package.json');
      if (fs.existsSync(manifest))
        folders.set(JSON.parse(fs.readFileSync(manifest, 'utf8')).name, `${parent}/${name}`);
    }
  }
  return folders;
}

/**
 * The package.json of `name` as Node would find it from `fromDir` (walking up node_modules folders), or
 * undefined.
 */
function findPackage(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name, 'package.json');
    if (fs.existsSync(candidate)) return JSON.parse(fs.readFileSync(candidate, 'utf8'));
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** Where Node would find package `name` from `fromDir`, or undefined. */
function findPackageDir(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** Every installed package folder under `dir` (node_modules at any depth). */
function installedPackages(dir, found = []) {
  for (const modules of [path.join(dir, 'node_modules')]) {
    if (!fs.existsSync(modules)) continue;
    for (const entry of fs.readdirSync(modules)) {
      if (entry.startsWith('.')) continue;
      const names = entry.startsWith('@')
        ? fs.readdirSync(path.join(modules, entry)).map((n) => `${entry}/${n}`)
        : [entry];
      for (const name of names) {
        const pkg = path.join(modules, name);
        if (!fs.existsSync(path.join(pkg, 'package.json'))) continue;
        found.push(pkg);
        installedPackages(pkg, found);
      }
    }
  }
  return found;
}

/**
 * Removes every installed package that nothing at run time can reach: starting from the dependencies of the
 * bundled workspace packages, following each package's dependencies, optional dependencies and required
 * peers, as Node resolves them. What goes are optional peers the lockfile resolved from development
 * dependencies: @prisma/client's `prisma` (the CLI, Studio and their engines) and `typescript`.
 */
function pruneUnreachable(out, roots) {
  const reached = new Set();
  const queue = [...roots];
  while (queue.length) {
    const dir = queue.pop();
    if (reached.has(dir)) continue;
    reached.add(dir);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const optionalPeers = new Set(
      Object.entries(manifest.peerDependenciesMeta ?? {})
        .filter(([, m]) => m.optional)
        .map(([n]) => n),
    );
    const wanted = [
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.optionalDependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}).filter((n) => !optionalPeers.has(n)),
    ];
    for (const name of wanted) {
      const found = findPackageDir(name, dir);
      if (found) queue.push(found);
    }
  }
  const removed = [];
  for (const pkg of installedPackages(out)) {
    if (reached.has(pkg) || !fs.existsSync(pkg)) continue;
    fs.rmSync(pkg, { recursive: true, force: true });
    removed.push(path.relative(out, pkg));
    const scope = path.dirname(pkg);
    if (path.basename(scope).startsWith('@') && !fs.readdirSync(scope).length) fs.rmdirSync(scope);
  }
  return removed;
}

/**
 * @prisma/client ships a query compiler for every database Prisma supports (about 10 MB each); the client we
 * generate loads only the one of the schema's provider.
 */
function keepOnlyOurQueryCompiler(out) {
  const provider = /datasource\s+\w+\s*\{[^}]*provider\s*=\s*"(\w+)"/.exec(
    fs.readFileSync(path.join(root, 'prisma/schema.prisma'), 'utf8'),
  )?.[1];
  if (!provider) throw new Error('prisma/schema.prisma names no datasource provider');
  const runtime = path.join(out, 'node_modules/@prisma/client/runtime');
  for (const file of fs.readdirSync(runtime)) {
    const match = /^query_compiler_\w+_bg\.(\w+)\./.exec(file);
    if (match && match[1] !== provider) fs.rmSync(path.join(runtime, file));
  }
}

const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

export async function buildRuntime(out) {
  if (fs.existsSync(out) && fs.readdirSync(out).length) throw new Error(`${out} is not empty`);

  // 1. The Prisma client is generated source; make it unless it is already newer than the schema.
  const client = path.join(root, 'packages/db/src/generated/prisma/client.ts');
  const schema = path.join(root, 'prisma/schema.prisma');
  if (!fs.existsSync(client) || fs.statSync(client).mtimeMs < fs.statSync(schema).mtimeMs) {
    step('generating the Prisma client');
    pnpm(['--filter', '@exam/db', 'run', 'generate'], { cwd: root });
  }

  // 2. Production dependencies, from the lockfile (and the local store, when it has them).
  step('installing production dependencies (pnpm deploy --prod, hoisted)');
  // inject-workspace-packages: pnpm 10's deploy then installs exactly the workspace lockfile's versions.
  pnpm(
    [
      '--filter',
      '@exam/deploy',
      'deploy',
      '--prod',
      '--frozen-lockfile',
      '--prefer-offline',
      '--config.inject-workspace-packages=true',
      '--config.node-linker=hoisted',
      out,
    ],
    { cwd: root },
  );
  // Workspace packages are bundled, so their copies go; what pnpm nested under one of them (its own version
  // of a library another package uses in another version) moves to that package's folder, where Node looks
  // first.
  const scoped = path.join(out, 'node_modules/@exam');
  const folders = workspaceFolders();
  const runtimeRoots = [];
  for (const name of fs.existsSync(scoped) ? fs.readdirSync(scoped) : []) {
    const folder = path.join(out, folders.get(`@exam/${name}`));
    const nested = path.join(scoped, name, 'node_modules');
    if (fs.existsSync(nested)) {
      fs.mkdirSync(folder, { recursive: true });
      fs.renameSync(nested, path.join(folder, 'node_modules'));
    }
    const { dependencies = {} } = JSON.parse(
      fs.readFileSync(path.join(scoped, name, 'package.json'), 'utf8'),
    );
    for (const dependency of Object.keys(dependencies)) {
      if (dependency.startsWith('@exam/')) continue;
      const found = findPackageDir(dependency, folder);
      if (!found)
        throw new Error(`@exam/${name} depends on ${dependency}, which pnpm deploy did not install`);
      runtimeRoots.push(found);
    }
  }
  fs.rmSync(scoped, { recursive: true, force: true });
  const removed = pruneUnreachable(out, runtimeRoots);
  keepOnlyOurQueryCompiler(out);
  step(
    `removed ${removed.length} packages nothing at run time reaches (${removed
      .filter((p) => !p.includes('/node_modules/'))
      .slice(0, 6)
      .join(', ')}, ...)`,
  );
  // The deployed manifest names this machine's folders; the runtime needs only "type": "module" for the
  // bundles.
  fs.writeFileSync(
    path.join(out, 'package.json'),
    `${JSON.stringify({ name: 'exam-admin-runtime', private: true, type: 'module' }, null, 2)}\n`,
  );
  fs.rmSync(path.join(out, 'pnpm-lock.yaml'), { force: true });
  // pnpm's bookkeeping (.bin links, .modules.yaml naming this machine's store) is not needed to run.
  for (const entry of fs.readdirSync(path.join(out, 'node_modules'))) {
    if (entry.startsWith('.'))
      fs.rmSync(path.join(out, 'node_modules', entry), { recursive: true, force: true });
  }

  // 3. Our TypeScript to JavaScript: workspace packages (@exam/*) go into the bundle, every library stays an
  //    import.
  step('bundling the servers and the migrate command (esbuild)');
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: bundles.map(([from, to]) => ({ in: from, out: to.replace(/\.js$/, '') })),
    outdir: out,
    outbase: '.',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'libraries-stay-outside',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@exam/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  for (const [, to] of bundles) {
    if (to.split('/').length !== 4) throw new Error(`${to} must sit three folders deep, like its sources`);
  }
  // Files a module reads beside its source at run time (`new URL('./assets/logo.png', import.meta.url)`):
  // after bundling, that URL points next to the bundle, so each bundled source folder's assets/ is copied
  // there.
  for (const [outputPath, output] of Object.entries(result.metafile.outputs)) {
    if (!outputPath.endsWith('.js')) continue;
    const target = path.join(path.dirname(path.resolve(root, outputPath)), 'assets');
    const folders = new Set(
      Object.keys(output.inputs).map((input) => path.join(path.dirname(path.resolve(root, input)), 'assets')),
    );
    for (const folder of folders) {
      if (folder.includes(`${path.sep}node_modules${path.sep}`) || !fs.existsSync(folder)) continue;
      for (const name of fs.readdirSync(folder)) {
        const from = path.join(folder, name);
        const to = path.join(target, name);
        if (fs.existsSync(to) && !fs.readFileSync(to).equals(fs.readFileSync(from)))
          throw new Error(`Two different assets are both named ${name}: rename one`);
        fs.mkdirSync(target, { recursive: true });
        fs.copyFileSync(from, to);
      }
      step(`copied ${path.relative(root, folder)} beside ${outputPath}`);
    }
  }

  // 4. The web app's build, straight into the runtime tree (the checkout's apps/web/dist is left alone).
  step('building the web app (vite)');
  const web = path.join(root, 'apps/web');
  run(
    process.execPath,
    [
      path.join(web, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      path.join(out, 'apps/web/dist'),
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: web },
  );

  // 5. Schema and migrations; an empty data folder (the image lets the node user write there, and only
  //    there).
  fs.cpSync(path.join(root, 'prisma'), path.join(out, 'prisma'), { recursive: true });
  fs.mkdirSync(path.join(out, '.data'));

  // 6. Every library a bundle imports must resolve, from the bundle, to the version its sources were built
  //    against.
  step('checking what the bundles import');
  const problems = [];
  for (const [outputPath, output] of Object.entries(result.metafile.outputs)) {
    if (!outputPath.endsWith('.js')) continue;
    const bundleDir = path.dirname(path.resolve(root, outputPath));
    for (const input of Object.keys(output.inputs)) {
      for (const { path: specifier, external } of result.metafile.inputs[input]?.imports ?? []) {
        if (!external || isBuiltin(specifier)) continue;
        const name = packageName(specifier);
        const wanted = findPackage(name, path.dirname(path.resolve(root, input)))?.version;
        const found = findPackage(name, bundleDir)?.version;
        if (found !== wanted)
          problems.push(
            `${path.relative(out, path.resolve(root, outputPath))} imports ${name}: the runtime tree has ${found ?? 'nothing'}, ${input} was built against ${wanted}`,
          );
      }
    }
  }
  if (problems.length)
    throw new Error(`The runtime tree does not match the sources:\n${[...new Set(problems)].join('\n')}`);
  step(`done: ${out}`);
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = process.argv[2];
  if (!out) {
    console.error('Usage: node deploy/build-runtime.mjs <empty output folder>');
    process.exit(2);
  }
  await buildRuntime(path.resolve(out));
}
