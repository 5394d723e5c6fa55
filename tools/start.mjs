#!/usr/bin/env node
// `pnpm start`: the README's one command, on a fresh clone or any later day. One line per step while it works
// (installing, building, preparing the database, seeding), then one block: the address to open, the demo
// sign-ins, where the data and the logs are. The servers' JSON log lines go to files in the data folder;
// their warnings and errors are also shown here. A port already in use stops it at once with one line naming
// the port. Plain Node (and, once installed, esbuild): on a fresh clone it runs before anything is installed.
//
//   1. install   pnpm install --frozen-lockfile, unless node_modules already holds this lockfile
//   2. build     turbo: the Prisma client and the web app (from turbo's cache when nothing changed), then the
//                API's bundle (start-bundles.mjs); the student demo service starts meanwhile (it needs none)
//   3. API       its bundle: the database (baseline or pending migrations), the demo data, then it listens;
//                its `step` log lines finish this script's lines. It starts once the Prisma client and its
//                bundle are there (at once on a restart): the web app's build runs beside it
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { bundleState, serverBundle } from './start-bundles.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const began = performance.now();
const seconds = (since, until = performance.now()) => `${((until - since) / 1000).toFixed(1)} s`;

// ---- Output: step lines that a step's end completes, and whole lines that never break one in half.
let open = false;
const out = {
  begin(text) {
    out.end();
    process.stdout.write(`${text} … `);
    open = true;
  },
  finish(text) {
    if (!open) return;
    process.stdout.write(`${text}\n`);
    open = false;
  },
  end() {
    if (open) process.stdout.write('\n');
    open = false;
  },
  line(text = '') {
    out.end();
    process.stdout.write(`${text}\n`);
  },
};
const fail = (text, code = 1) => {
  out.line(text);
  process.exit(code);
};

// ---- Processes: the servers (output to their log files, steps and problems to the terminal) and the one
// helper (install, build) running at the time.
const children = new Map();
let helper;
const ready = {};
let stopping = false;
let settle;
const allReady = new Promise((resolve) => (settle = resolve));

let exitCode = 0;
function stop(signal, code = 0) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  if (code === 0) out.line('Stopping …');
  helper?.kill(signal);
  if (!children.size) return finishStopping();
  for (const child of children.values()) child.kill(signal);
  setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL');
  }, 15_000).unref();
}
function finishStopping() {
  if (exitCode === 0) out.line('Stopped.');
  process.exit(exitCode);
}
// Ctrl-C reaches every process of the terminal's group; the servers stop themselves, this one waits for them.
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

// ---- Settings the start needs before the servers read them (they check every value themselves).
const env = { ...process.env };
const production = env.NODE_ENV === 'production';
const embedded = !env.DATABASE_URL;
const dataDir = path.resolve(env.DATA_DIR || path.join(root, '.data'));
const logDir = path.join(dataDir, 'logs');
const flag = (value, fallback) =>
  value === undefined || value === '' ? fallback : /^(1|true)$/i.test(value);
const seedsDemo =
  flag(env.SEED_DEMO, !production && embedded) || flag(env.SEED_DEMO_USERS, !production && embedded);
const ports = [
  ['PORT', env.PORT || '3000', 'the web app and the API'],
  ['DEMO_PORT', env.DEMO_PORT || '3001', 'the student demo service'],
];

// ---- 0. Ports: one already in use stops the start here, before anything is installed or opened.
async function portProblem(setting, value, what) {
  const port = Number(value);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) return undefined; // 0: any; bad: the server says
  const probe = net.createServer();
  return new Promise((resolve) => {
    probe.once('error', (error) =>
      resolve(
        error.code === 'EADDRINUSE'
          ? `Port ${port} (${setting}, ${what}) is already in use: stop what listens there, or start with ` +
              `${setting}=<another port>.`
          : `Port ${port} (${setting}, ${what}) cannot be used: ${error.message}.`,
      ),
    );
    probe.listen(port, () => probe.close(() => resolve(undefined)));
  });
}
for (const [setting, value, what] of ports) {
  const problem = await portProblem(setting, value, what);
  if (problem) fail(problem);
}
fs.mkdirSync(logDir, { recursive: true });
env.DATA_DIR = dataDir; // the servers run in their own folders: one absolute data folder for all

/** Runs a command with its output in a log file; on failure shows the end of it and stops the start. */
function run(command, args, { log, cwd = root, what }) {
  const file = path.join(logDir, log);
  const sink = fs.openSync(file, 'w');
  const child = spawn(command, args, { cwd, env: { ...env, NO_COLOR: '1' }, stdio: ['ignore', sink, sink] });
  helper = child;
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      fs.closeSync(sink);
      helper = undefined;
      if (code === 0) return resolve(fs.readFileSync(file, 'utf8'));
      // Stopped by Ctrl-C: the stop says so; wait for it to end the process.
      if (stopping) {
        if (!children.size) finishStopping();
        return;
      }
      out.line(`${what} failed (${signal ?? `exit code ${code}`}); the end of ${file}:`);
      const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
      for (const line of lines.slice(-30)) out.line(`  ${line}`);
      // The servers already started (the demo service, an API started beside the build) stop with it.
      stop('SIGTERM', 1);
    });
  });
}

/** The server's bundle (see start-bundles.mjs), or its sources through tsx should bundling fail. */
const commands = {};
const serverCommand = (name, dir) => (commands[name] ??= bundledOrSources(name, dir));
async function bundledOrSources(name, dir) {
  try {
    return ['--enable-source-maps', (await serverBundle(root, name, `${dir}/src/server.ts`)).file];
  } catch (error) {
    out.line(`(${name} runs from its sources: bundling it failed: ${error.message.split('\n')[0]})`);
    return ['--import', 'tsx', 'src/server.ts'];
  }
}

async function startServer(name, dir, onLine) {
  const args = await serverCommand(name, dir);
  if (stopping) return;
  const log = fs.createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
  const child = spawn(process.execPath, args, {
    cwd: path.join(root, dir),
    env: { ...env, LOG_LEVEL: env.LOG_LEVEL || 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.set(name, child);
  const read = (stream, isError) =>
    readline.createInterface({ input: stream }).on('line', (text) => {
      log.write(`${text}\n`);
      let entry;
      try {
        entry = JSON.parse(text);
      } catch {
        entry = undefined;
      }
      if (entry && typeof entry === 'object') {
        onLine(entry);
        if (entry.level === 'warn' || entry.level === 'error') out.line(`${name}: ${entry.msg}`);
      } else if (isError || !stopping) out.line(isError ? text : `${name}: ${text}`);
    });
  read(child.stdout, false);
  read(child.stderr, true);
  child.on('exit', (code, signal) => {
    children.delete(name);
    log.end();
    if (stopping) {
      if (!children.size) finishStopping();
      return;
    }
    // A server that stops by itself ends the start: the other is stopped cleanly, and the exit is non-zero.
    out.line(`The ${name} process stopped (${signal ?? `exit code ${code}`}); its log: ${log.path}`);
    stop('SIGTERM', 1);
  });
  return child;
}

/** pnpm as this script was started (`pnpm start` sets npm_execpath), else the one on PATH. */
const pnpm = (args) =>
  env.npm_execpath && /pnpm/.test(path.basename(env.npm_execpath))
    ? [process.execPath, [env.npm_execpath, ...args]]
    : ['pnpm', args];

// ---- 1. Install, unless node_modules already holds exactly this lockfile (pnpm keeps a copy of it there).
const sameFile = (a, b) =>
  fs.existsSync(a) && fs.existsSync(b) && fs.readFileSync(a).equals(fs.readFileSync(b));
if (!sameFile(path.join(root, 'pnpm-lock.yaml'), path.join(root, 'node_modules/.pnpm/lock.yaml'))) {
  const since = performance.now();
  out.begin('Installing packages (pnpm install --frozen-lockfile)');
  const [command, args] = pnpm(['install', '--frozen-lockfile', '--reporter=append-only']);
  await run(command, args, { log: 'install.log', what: 'Installing' });
  out.finish(seconds(since));
}

// The student demo service needs nothing built: it opens its database while the build runs.
await startServer('student-demo', 'apps/student-demo', (entry) => {
  if (/listening on/.test(entry.msg ?? '')) {
    ready.demo = entry;
    if (ready.api) settle();
  }
});

// ---- 2 and 3. The build, and the API: the database, the demo data, then it listens. The API needs only the
// Prisma client and its bundle, not the web app: it starts as soon as those are there and the web app's
// build runs beside it, so a start waits for the longer of the two, not for both. A restart finds its bundle
// current (nothing it holds changed, the Prisma client's sources included) and starts the API at once. Its
// step lines wait until the build's line is printed; "Ready" waits for both.
let stepSince = performance.now();
let building = true;
const waiting = [];
// Each step's time is taken when the API says it, even if its line is printed later.
function apiStep(entry, at = performance.now()) {
  if (building) return void waiting.push([entry, at]);
  if (entry.step === 'database') {
    out.finish(`${entry.msg.replace(/^database ready: /, '')}, ${seconds(stepSince, at)}`);
    stepSince = at;
    if (seedsDemo) out.begin('Seeding the demo data');
  } else if (entry.step === 'seed') {
    if (!open) out.begin('Seeding');
    out.finish(`${entry.msg.replace(/^seeded /, '')}, ${seconds(stepSince, at)}`);
  } else if (/^listening on/.test(entry.msg ?? '')) {
    out.finish('already there');
    ready.api = entry;
    if (ready.demo) settle();
  }
}

const buildSince = performance.now();
out.begin('Building the database client and the web app');
const turbo = path.join(root, 'node_modules/.bin/turbo');
const turboRun = (tasks) =>
  run(turbo, ['run', ...tasks, '--output-logs=new-only', '--no-color'], {
    log: 'build.log',
    what: 'Building',
  });
if (!bundleState(root, 'api').current) {
  // The API's bundle holds the Prisma client: generated first, the bundle made from it (and made again only
  // when one of its inputs changes).
  await turboRun(['@exam/db#generate']);
  await serverCommand('api', 'apps/api');
}
if (stopping) await new Promise(() => {});
stepSince = performance.now();
await startServer('api', 'apps/api', apiStep);
const built = await turboRun(['@exam/db#generate', '@exam/web#build']);
const cached = /Cached:\s+(\d+) cached, (\d+) total/.exec(built);
out.finish(
  cached && cached[1] === cached[2]
    ? `unchanged (turbo's cache), ${seconds(buildSince)}`
    : seconds(buildSince),
);
if (stopping) await new Promise(() => {});

building = false;
out.begin(
  embedded ? `Preparing the database (embedded, in ${dataDir})` : 'Preparing the database (DATABASE_URL)',
);
for (const [entry, at] of waiting.splice(0)) apiStep(entry, at);

await allReady;
const api = `http://localhost:${ready.api.port}`;
const demo = `http://localhost:${ready.demo.port}`;
const users = ready.api.demoUsers ?? [];
const others = `${users
  .slice(1, -1)
  .map((email) => email.replace(/@.*/, '@'))
  .join(', ')} and ${users.at(-1)}`;
const signIns = users.length
  ? [`${users[0]}, password ${ready.api.demoPassword}; every demo user has it:`, ...wrap(others, 76)]
  : ['with the ADMIN_EMAIL account (this database has no demo users; SEED_DEMO_USERS=1 adds them)'];
const where = embedded
  ? `${dataDir} (embedded PostgreSQL: pglite/, student-demo/; delete the folder to start again)`
  : `PostgreSQL at ${redacted(env.DATABASE_URL)} (DATABASE_URL); files in ${dataDir}`;
out.line();
out.line(`Ready in ${seconds(began)}.`);
out.line();
out.line(`  Open      ${api}`);
out.line(`  Sign in   ${signIns[0]}`);
for (const more of signIns.slice(1)) out.line(`            ${more}`);
out.line(`  Data      ${where}`);
out.line(`  Logs      ${logDir} (api.log, student-demo.log)`);
out.line(`  Also      the student demo service at ${demo}`);
out.line();
out.line('Stop with Ctrl-C.');

/** Words in lines of at most `width` characters. */
function wrap(text, width) {
  const lines = [''];
  for (const word of text.split(' ')) {
    const last = lines.length - 1;
    if (lines[last] && lines[last].length + 1 + word.length > width) lines.push(word);
    else lines[last] = lines[last] ? `${lines[last]} ${word}` : word;
  }
  return lines;
}

/** A connection string without its password, for the terminal. */
function redacted(url) {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return 'the configured server';
  }
}
