// The servers as `pnpm start` runs them: each bundled by esbuild into one JavaScript file, so that a start
// loads one file instead of having tsx compile and resolve some 370 TypeScript modules (about 1.2 s of CPU
// for the API on every start). The bundle behaves as the sources under tsx do:
//   - libraries stay imports, each resolved when bundling from the module that imports it and written as an
//     absolute path (pnpm gives every package its own node_modules, which a file elsewhere could not reach);
//   - each module's `import.meta.url` stays its source file's URL, so what it finds beside itself
//     (`new URL('./assets/..', import.meta.url)`, `createRequire(import.meta.url)`, the repository's root) is
//     found as before.
// A bundle is made again whenever one of its inputs (listed by esbuild) or the lockfile changed; otherwise
// the one in node_modules/.cache/exam-start is used. `pnpm dev` and the tests run the sources through tsx.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const version = 2; // bump when the way bundles are made changes

/**
 * Answers the bundle of `entry` (relative to `root`), made again only when something it was made from
 * changed.
 */
export async function serverBundle(root, name, entry) {
  const { file, stampFile, lock, current } = bundleState(root, name);
  if (current) return { file, made: false };

  const esbuild = createRequire(path.join(root, 'package.json'))('esbuild');
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [path.join(root, entry)],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Node's own resolution: no bundler-only "module" field or condition.
    mainFields: ['main'],
    conditions: ['node'],
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'silent',
    plugins: [librariesByAbsolutePath(), sourceUrlsKept()],
  });
  const inputs = [
    ...Object.keys(result.metafile.inputs).map((input) => path.resolve(root, input)),
    ...generatorInputs(root),
  ];
  fs.writeFileSync(
    stampFile,
    JSON.stringify({ version, lock, inputs: Object.fromEntries(inputs.map((i) => [i, signature(i)])) }),
  );
  return { file, made: true };
}

/**
 * Where `name`'s bundle is and whether it is current. Current also means that what the Prisma client is
 * generated from has not changed since the bundle was made: a bundle that is current may then be started
 * before (and while) the build runs, since the build will not change what it holds.
 */
export function bundleState(root, name) {
  const dir = path.join(root, 'node_modules/.cache/exam-start');
  const file = path.join(dir, `${name}.mjs`);
  const stampFile = path.join(dir, `${name}.json`);
  const lockFile = path.join(root, 'pnpm-lock.yaml');
  const lock = crypto.createHash('sha256').update(fs.readFileSync(lockFile)).digest('hex');
  return { file, stampFile, lock, current: isCurrent(stampFile, file, lock) };
}

/** The Prisma client's sources (turbo.json's inputs of @exam/db#generate). */
const generatorInputs = (root) => [
  path.join(root, 'prisma/schema.prisma'),
  path.join(root, 'packages/db/scripts/generate.mjs'),
];

const signature = (file) => {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  return stat ? `${stat.size}:${stat.mtimeMs}` : 'missing';
};

function isCurrent(stampFile, file, lock) {
  try {
    const stamp = JSON.parse(fs.readFileSync(stampFile, 'utf8'));
    if (stamp.version !== version || stamp.lock !== lock || !fs.existsSync(file)) return false;
    return Object.entries(stamp.inputs).every(([input, was]) => signature(input) === was);
  } catch {
    return false;
  }
}

/** Every library import resolved from its importer and kept as an import of that absolute path. */
function librariesByAbsolutePath() {
  return {
    name: 'libraries-by-absolute-path',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData?.inner || args.path.startsWith('@exam/')) return undefined;
        if (isBuiltin(args.path)) return { path: args.path, external: true };
        const found = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: { inner: true },
        });
        if (found.errors.length) return { errors: found.errors };
        return { path: found.path, external: true };
      });
    },
  };
}

/** Our modules' `import.meta.url` written as the URL of the file it is in. */
function sourceUrlsKept() {
  return {
    name: 'source-urls-kept',
    setup(build) {
      build.onLoad({ filter: /\.(ts|tsx|mts|js|mjs)$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = fs.readFileSync(args.path, 'utf8');
        const url = JSON.stringify(pathToFileURL(args.path).href);
        return {
          contents: source.replace(/\bimport\.meta\.url\b/g, url),
          loader: /\.tsx?$|\.mts$/.test(args.path) ? (args.path.endsWith('x') ? 'tsx' : 'ts') : 'js',
        };
      });
    },
  };
}
