// Builds the image's runtime tree into an empty folder: `node deploy/build-runtime.mjs <out>`, or in two
// phases, `--dependencies` (needs only the workspace's manifests and lockfile) then `--code`. The Dockerfile
// runs the two (into /app) and deploy/test/deploy.test.ts runs the Dockerfile's lines into a temporary
// folder, so the image and its test cannot drift apart. Run it after `pnpm install` in the workspace. It
// writes:
//   node_modules/       `pnpm deploy --prod` of @exam/deploy (whose dependencies are the API, the demo and
//   @exam/db):
//                     production dependencies only, one hoisted copy; an app's own version of a library that
//                     another app uses in another version stays in apps/<app>/node_modules, as in the
//                     workspace; then without what Node never loads (source maps, type declarations, TS
//                     sources, documentation, browser builds, fonts and query compilers nobody names):
//                     pruneFiles
//   apps/api/dist/server.js, apps/api/dist/worker.js, apps/student-demo/dist/server.js,
//   packages/db/dist/migrate.js
//                     our TypeScript (and the workspace packages it imports) bundled to JavaScript by
//                     esbuild; libraries stay imports, resolved from node_modules at run time (each is
//                     loaded once at the end of the build: a pruned file a library needs fails the build)
//   apps/web/dist/      the web app's build (the API serves it)
//   prisma/             schema and migrations (the migrate command and the readiness check read them)
//   .data/              empty: the embedded database's folder when no DATABASE_URL is given
// Each bundle sits three folders deep, as its sources do, so their `new URL('../../../', import.meta.url)` is
// the root.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
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
  ['packages/db/src/cli/backup.ts', 'packages/db/dist/backup.js'],
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
 * @prisma/client ships a query compiler for every database Prisma supports, each in a fast and a small build,
 * as ESM and CommonJS (about 10 MB per database); the client we generate loads the ones it names
 * (`@prisma/client/runtime/query_compiler_fast_bg.postgresql.mjs` and its WebAssembly), which the bundles
 * keep as imports.
 */
function keepOnlyOurQueryCompilers(out, bundleFiles) {
  const named = new Set();
  for (const bundle of bundleFiles) {
    const text = fs.readFileSync(bundle, 'utf8');
    for (const [, file] of text.matchAll(/@prisma\/client\/runtime\/(query_compiler_[\w.-]+)["']/g))
      named.add(file);
  }
  if (!named.size)
    throw new Error('No bundle names a Prisma query compiler: has the generated client changed?');
  const runtime = path.join(out, 'node_modules/@prisma/client/runtime');
  let bytes = 0;
  for (const file of fs.readdirSync(runtime)) {
    if (!file.startsWith('query_compiler_') || named.has(file)) continue;
    bytes += fs.statSync(path.join(runtime, file)).size;
    fs.rmSync(path.join(runtime, file));
  }
  return bytes;
}

/**
 * Files in node_modules that nothing at run time loads (the image's /app layer was 181 MB, 43 MB of it source
 * maps): source maps, type declarations and TypeScript sources, `@types/*`, documentation, package-internal
 * dot-folders (`.yarn`, `.github`); licence files stay. Then the builds of a package for other platforms
 * (browsers, React Native, bundler inputs), named in `otherPlatforms` by what Node's resolution of our
 * imports never reaches. Answers the bytes removed per reason.
 */
const generatedJunk = [
  [/\.(js|mjs|cjs|css|ts)\.map$|\.map$/, 'source maps'],
  [/\.d\.(ts|mts|cts)$/, 'type declarations'],
  [/(?<!\.d)\.(ts|mts|cts|tsx)$/, 'TypeScript sources'],
  [/\.(md|markdown)$/i, 'documentation'],
];
const licence = /^(licen[cs]e|notice|copying|authors)|\.licen[cs]e\.txt$/i;

/**
 * Per package: what Node never loads (paths inside the package; a trailing `/` is a folder). Each entry was
 * checked against the package's `exports`/`main` for the `node` condition and what those files import.
 */
const otherPlatforms = {
  // main: excel.js -> lib/exceljs.nodejs.js; dist/ holds the browser bundles.
  exceljs: ['dist/', 'index.ts', 'README_zh.md'],
  // exports.node: js/pdfkit.node.mjs (import), js/pdfkit.js (require); the rest is for browsers.
  pdfkit: [
    'js/pdfkit.standalone.js',
    'js/pdfkit.browser.js',
    'js/pdfkit.browser.mjs',
    'js/pdfkit.browser.old.js',
    'js/pdfkit.browser.old.mjs',
    'js/pdfkit.old.js',
  ],
  // exports.node: dist/bwip-js-node.{mjs,js}, which import dist/bwipp.mjs; the sources, PostScript and the
  // other platforms' builds are not loaded.
  'bwip-js': [
    'src/',
    'barcode.ps',
    'examples/',
    'demo.html',
    'stb_truetype.h',
    'bin/',
    'dist/bwip-js.js',
    'dist/bwip-js.mjs',
    'dist/bwip-js-min.js',
    'dist/bwip-js-rn.mjs',
    'dist/bwip-js-gen.mjs',
  ],
  // The API serves swagger-ui.css and swagger-ui-bundle.js (platform/openapi/docs-routes.ts).
  'swagger-ui-dist': [
    'swagger-ui.js',
    'swagger-ui-es-bundle.js',
    'swagger-ui-es-bundle-core.js',
    'swagger-ui-standalone-preset.js',
    'log.bundle-sizes.swagger-ui.txt',
    'log.es-bundle-core-sizes.swagger-ui.txt',
    'log.es-bundle-sizes.swagger-ui.txt',
  ],
  // The generated client loads runtime/client.js (exports.node) and the query compiler it names (kept by
  // keepOnlyOurQueryCompilers); the browser and edge runtimes are not ours.
  '@prisma/client': [
    'runtime/index-browser.js',
    'runtime/index-browser.mjs',
    'runtime/wasm-compiler-edge.js',
    'runtime/wasm-compiler-edge.mjs',
  ],
};

/** Font packages: only the font files a bundle names (`require.resolve('<package>/.../x.ttf')`) stay. */
const fontPackages = /^@expo-google-fonts\//;

function walk(dir, visit) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, visit);
    else visit(full);
  }
}

function pruneFiles(out) {
  const removed = new Map();
  const remove = (file, reason) => {
    const size = fs.statSync(file).size;
    fs.rmSync(file, { force: true });
    removed.set(reason, (removed.get(reason) ?? 0) + size);
  };
  const removeTree = (target, reason) => {
    if (!fs.existsSync(target)) return;
    if (fs.statSync(target).isDirectory()) {
      walk(target, (file) => remove(file, reason));
      fs.rmSync(target, { recursive: true, force: true });
    } else remove(target, reason);
  };
  const modules = path.join(out, 'node_modules');
  for (const pkg of installedPackages(out)) {
    const name = path.relative(modules, pkg).split(`${path.sep}node_modules${path.sep}`).at(-1);
    if (name.startsWith('@types/')) {
      removeTree(pkg, 'type declarations');
      continue;
    }
    for (const entry of fs.readdirSync(pkg)) {
      if (entry.startsWith('.')) removeTree(path.join(pkg, entry), 'dot-folders');
    }
    for (const item of otherPlatforms[name] ?? [])
      removeTree(path.join(pkg, item), 'builds for other platforms');
  }
  walk(modules, (file) => {
    if (licence.test(path.basename(file))) return;
    const rule = generatedJunk.find(([pattern]) => pattern.test(file));
    if (rule) remove(file, rule[1]);
  });
  return removed;
}

/** The font files of font packages that no bundle names (`require.resolve('<package>/.../x.ttf')`). */
function pruneUnnamedFonts(out, bundleFiles) {
  const named = new Set();
  for (const bundle of bundleFiles) {
    const text = fs.readFileSync(bundle, 'utf8');
    const require = createRequire(bundle);
    for (const [, specifier] of text.matchAll(
      /resolve\(\s*["']([^"'./][^"']*\.(?:ttf|otf|woff2?))["']\s*\)/g,
    ))
      named.add(require.resolve(specifier));
  }
  let bytes = 0;
  const modules = path.join(out, 'node_modules');
  for (const pkg of installedPackages(out)) {
    if (!fontPackages.test(path.relative(modules, pkg))) continue;
    walk(pkg, (file) => {
      if (!/\.(ttf|otf|woff2?)$/.test(file) || named.has(file)) return;
      bytes += fs.statSync(file).size;
      fs.rmSync(file);
    });
  }
  return bytes;
}

const megabytes = (removed) =>
  [...removed].map(([reason, bytes]) => `${reason} ${(bytes / 1e6).toFixed(1)} MB`).join(', ');

const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * The whole tree into an empty folder, or one of its two phases: `dependencies` needs only the workspace's
 * manifests and lockfile (the Dockerfile runs it before copying the sources, so its layer is rebuilt only
 * when a dependency changes), `code` adds our code to a folder that phase made.
 */
export async function buildRuntime(out, { phase = 'all' } = {}) {
  if (phase !== 'code') await buildDependencies(out);
  if (phase !== 'dependencies') await buildCode(out);
}

async function buildDependencies(out) {
  if (fs.existsSync(out) && fs.readdirSync(out).length) throw new Error(`${out} is not empty`);

  // 1. Production dependencies, from the lockfile (and the local store, when it has them).
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
  // Only what Node loads: no source maps, declarations or other platforms' builds of the libraries.
  step(`removed files nothing loads: ${megabytes(pruneFiles(out))}`);
  step(`dependencies done: ${out}`);
}

async function buildCode(out) {
  if (!fs.existsSync(path.join(out, 'node_modules')) || fs.existsSync(path.join(out, bundles[0][1])))
    throw new Error(`${out} must hold the dependencies phase's output only`);

  // 2. The Prisma client is generated source; make it unless it is already newer than the schema.
  const client = path.join(root, 'packages/db/src/generated/prisma/client.ts');
  const schema = path.join(root, 'prisma/schema.prisma');
  if (!fs.existsSync(client) || fs.statSync(client).mtimeMs < fs.statSync(schema).mtimeMs) {
    step('generating the Prisma client');
    pnpm(['--filter', '@exam/db', 'run', 'generate'], { cwd: root });
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
    // No source maps: the bundles keep names and each module's path in a comment, enough to read a stack; the
    // maps were 6 MB of the image that Node never loaded (no --enable-source-maps).
    sourcemap: false,
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

  // Fonts and query compilers no bundle names.
  const bundleFiles = bundles.map(([, to]) => path.join(out, to));
  const named = new Map([
    ['fonts no bundle names', pruneUnnamedFonts(out, bundleFiles)],
    ['query compilers no bundle names', keepOnlyOurQueryCompilers(out, bundleFiles)],
  ]);
  step(`removed ${megabytes(named)}`);

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
            `${path.relative(out, path.resolve(root, outputPath))} imports ${name}: the runtime tree has ` +
              `${found ?? 'nothing'}, ${input} was built against ${wanted}`,
          );
      }
    }
  }
  if (problems.length)
    throw new Error(`The runtime tree does not match the sources:\n${[...new Set(problems)].join('\n')}`);

  // 7. ... and loads: after the pruning, every import a bundle makes (`bwip-js/node`, the query compiler
  //    of @prisma/client/runtime, the dynamic `import('exceljs')`) is imported once, from the bundle's
  //    folder, in a Node of its own.
  step('loading every library the bundles import');
  for (const [outputPath, output] of Object.entries(result.metafile.outputs)) {
    if (!outputPath.endsWith('.js')) continue;
    const specifiers = new Set();
    for (const input of Object.keys(output.inputs)) {
      for (const { path: specifier, external } of result.metafile.inputs[input]?.imports ?? [])
        if (external && !isBuiltin(specifier) && /^[^./]/.test(specifier)) specifiers.add(specifier);
    }
    const script = `for (const s of ${JSON.stringify([...specifiers])}) await import(s).catch((e) => {
      console.error(s + ': ' + e.message); process.exitCode = 1; });`;
    try {
      execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: path.dirname(path.resolve(root, outputPath)),
        stdio: ['ignore', 'ignore', 'pipe'],
      });
    } catch (error) {
      throw new Error(`${path.relative(out, path.resolve(root, outputPath))} cannot load:\n${error.stderr}`, {
        cause: error,
      });
    }
  }
  step(`done: ${out}`);
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const phase = args.includes('--dependencies') ? 'dependencies' : args.includes('--code') ? 'code' : 'all';
  const out = args.find((a) => !a.startsWith('--'));
  if (!out) {
    console.error('Usage: node deploy/build-runtime.mjs [--dependencies | --code] <output folder>');
    process.exit(2);
  }
  await buildRuntime(path.resolve(out), { phase });
}
