// Measures the two PostgreSQL job queues the jobs platform could stand on (docs/decisions: job queue):
// pg-boss and graphile-worker, at the newest versions that still run on Node 20 (the workspace's engines).
//
//   npm install --prefix /tmp/jobq pg-boss@10.4.2 graphile-worker@0.17.3 pg@8.23.1
//   @electric-sql/pglite@0.5.16 QUEUE_LIBS=/tmp/jobq DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
//   node apps/api/scripts/measure-job-queues.mjs [N]
//
// For each library, on a database of its own on the server of DATABASE_URL:
// - idle latency: one job at a time into an idle queue, enqueue -> handler start (20 samples, median and
//   max);
// - N tiny jobs (the handler does nothing) enqueued one by one (as requests do) while the worker runs:
//   enqueue rate, enqueue -> handler start latency (p50/p95/max), throughput (N / first enqueue -> last
//   completion);
// - connections: the most sessions the library held on its database at once (pg_stat_activity, sampled every
//   20 ms);
// - PGlite: whether it starts and runs a job on the embedded database (through the library's own way of
//   taking a
//   connection it did not open: pg-boss's `db.executeSql`, graphile-worker's `pgPool`).
// Both are given 10 connections and a concurrency of 10 (pg-boss: batches of 10); pg-boss polls every 0.5 s
// (its minimum), graphile-worker is woken by LISTEN/NOTIFY (poll 2 s, its default, only for jobs scheduled
// later).
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const N = Number(process.argv[2] ?? 2000);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const require = createRequire(
  path.join(path.resolve(process.env.QUEUE_LIBS ?? process.cwd()), 'node_modules', 'x.js'),
);
const pg = require('pg');
const { PgBoss } = normalise(require('pg-boss'));
const graphile = require('graphile-worker');
const { PGlite } = await import(require.resolve('@electric-sql/pglite'));
const versions = {
  'pg-boss': require('pg-boss/package.json').version,
  'graphile-worker': require('graphile-worker/package.json').version,
};

function normalise(mod) {
  return { PgBoss: mod.PgBoss ?? mod.default ?? mod };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (v) => `${v.toFixed(1)} ms`;

async function admin(sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

function withDatabase(name) {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Samples the sessions on `database` (other than the sampler's own) until stopped; answers the most seen. */
function connectionSampler(database) {
  const client = new pg.Client({ connectionString: serverUrl });
  let max = 0;
  let running = true;
  const done = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [database],
      );
      max = Math.max(max, rows[0].n);
      await sleep(20);
    }
    await client.end();
  })();
  return {
    async stop() {
      running = false;
      await done;
      return max;
    },
  };
}

/**
 * A library adapter: start(handler) starts a worker whose handler calls handler(payload); add(payload)
 * enqueues one job; stop() stops everything.
 */
const libraries = {
  'pg-boss': {
    async open(url) {
      const boss = new PgBoss({
        connectionString: url,
        max: 10,
        monitorStateIntervalSeconds: 60,
        application_name: 'bench',
      });
      boss.on('error', (e) => console.error('pg-boss error', e.message));
      await boss.start();
      await boss.createQueue('tiny');
      return {
        start: (handler) =>
          boss.work('tiny', { batchSize: 10, pollingIntervalSeconds: 0.5 }, async (jobs) => {
            for (const job of jobs) await handler(job.data);
          }),
        add: (payload) => boss.send('tiny', payload),
        stop: () => boss.stop({ graceful: false, wait: true, timeout: 2000 }),
      };
    },
  },
  'graphile-worker': {
    async open(url) {
      const pool = new pg.Pool({ connectionString: url, max: 10 });
      const logger = new graphile.Logger(() => () => {});
      await graphile.runMigrations({ pgPool: pool, logger });
      const utils = await graphile.makeWorkerUtils({ pgPool: pool, logger });
      let runner;
      return {
        start: async (handler) => {
          runner = await graphile.run({
            pgPool: pool,
            logger,
            concurrency: 10,
            noHandleSignals: true,
            pollInterval: 2000,
            taskList: { tiny: async (payload) => handler(payload) },
          });
        },
        add: (payload) => utils.addJob('tiny', payload),
        stop: async () => {
          await runner?.stop();
          await utils.release();
          await pool.end();
        },
      };
    },
  },
};

async function measure(name) {
  const database = `jobq_${name.replace(/-/g, '_')}_${process.pid}`;
  await admin(`CREATE DATABASE ${database}`);
  const sampler = connectionSampler(database);
  try {
    const t0 = performance.now();
    const queue = await libraries[name].open(withDatabase(database));
    const startMs = performance.now() - t0;
    const started = new Map();
    let completed = 0;
    let lastCompletion = 0;
    let wake;
    await queue.start(async ({ i }) => {
      started.set(i, performance.now());
      completed += 1;
      lastCompletion = performance.now();
      wake?.();
    });
    const waitFor = async (count) => {
      while (completed < count) await new Promise((resolve) => ((wake = resolve), setTimeout(resolve, 50)));
    };
    await sleep(1000);

    // Idle latency: one at a time.
    const idle = [];
    for (let k = 0; k < 20; k++) {
      const at = performance.now();
      await queue.add({ i: -1 - k });
      await waitFor(k + 1);
      idle.push(started.get(-1 - k) - at);
      await sleep(Math.random() * 200);
    }

    // N tiny jobs enqueued one by one while the worker runs.
    const base = completed;
    const enqueuedAt = new Map();
    const first = performance.now();
    for (let i = 0; i < N; i++) {
      enqueuedAt.set(i, performance.now());
      await queue.add({ i });
    }
    const enqueueMs = performance.now() - first;
    await waitFor(base + N);
    const totalMs = lastCompletion - first;
    const latencies = [...enqueuedAt].map(([i, at]) => started.get(i) - at);
    await queue.stop();
    const connections = await sampler.stop();
    return {
      name,
      version: versions[name],
      startMs,
      idle: { p50: pct(idle, 50), max: Math.max(...idle) },
      enqueuePerSec: (N / enqueueMs) * 1000,
      latency: { p50: pct(latencies, 50), p95: pct(latencies, 95), max: Math.max(...latencies) },
      throughput: (N / totalMs) * 1000,
      connections,
    };
  } finally {
    await sampler.stop().catch(() => {});
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }
}

/** Runs one job through the library on an in-memory PGlite; answers 'yes' or the reason it cannot. */
async function onPGlite(name) {
  const pglite = await PGlite.create('memory://');
  const timeout = (what) =>
    sleep(20_000).then(() => Promise.reject(new Error(`${what} did not finish in 20 s`)));
  try {
    if (name === 'pg-boss') {
      // pg-boss's documented way to use a connection it did not open: an object with executeSql(text,
      // values).
      const db = {
        executeSql: async (text, values) => {
          if (values?.length) return pglite.query(text, values);
          const results = await pglite.exec(text);
          return results.at(-1) ?? { rows: [] };
        },
      };
      const boss = new PgBoss({ db, monitorStateIntervalSeconds: 60 });
      boss.on('error', () => {});
      const run = async () => {
        await boss.start();
        await boss.createQueue('tiny');
        let ran = 0;
        let startedAt = 0;
        const worker = await boss.work(
          'tiny',
          { pollingIntervalSeconds: 0.5 },
          async () => void ((ran += 1), (startedAt = performance.now())),
        );
        // Idle latency in one process: polled, and woken by notifyWorker right after the send (as the
        // in-process runner does).
        const latency = { polled: [], woken: [] };
        for (const mode of ['polled', 'woken']) {
          for (let k = 0; k < 10; k++) {
            const before = ran;
            const at = performance.now();
            await boss.send('tiny', { i: k });
            if (mode === 'woken') boss.notifyWorker(worker);
            while (ran === before) await sleep(2);
            latency[mode].push(startedAt - at);
            await sleep(Math.random() * 200);
          }
        }
        await boss.stop({ graceful: false, wait: true, timeout: 2000 });
        return latency;
      };
      const latency = await Promise.race([run(), timeout('start, send and run')]);
      return (
        `yes (through the db.executeSql option); idle latency p50 polled ${ms(pct(latency.polled, 50))}, ` +
        `woken by notifyWorker ${ms(pct(latency.woken, 50))}`
      );
    }
    // graphile-worker takes a pg.Pool: hand it PGlite dressed as one (connect() -> a client with
    // query/release/on).
    const client = {
      query: async (config, values) => {
        const text = typeof config === 'string' ? config : config.text;
        const params = typeof config === 'string' ? values : config.values;
        if (params?.length) return pglite.query(text, params);
        const results = await pglite.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
      release: () => {},
      on: () => client,
      removeListener: () => client,
      off: () => client,
    };
    const pool = Object.assign(Object.create(pg.Pool.prototype), {
      connect: async () => client,
      query: client.query,
      on: () => pool,
      removeListener: () => pool,
      off: () => pool,
      end: async () => {},
      options: {},
    });
    const logger = new graphile.Logger(() => () => {});
    const run = async () => {
      await graphile.runMigrations({ pgPool: pool, logger });
      let ran = false;
      const runner = await graphile.run({
        pgPool: pool,
        logger,
        concurrency: 1,
        noHandleSignals: true,
        taskList: { tiny: async () => void (ran = true) },
      });
      await runner.addJob('tiny', { i: 1 });
      while (!ran) await sleep(50);
      await runner.stop();
    };
    await Promise.race([run(), timeout('migrate, add and run')]);
    return 'yes (through a pg.Pool shim)';
  } catch (error) {
    return `no: ${String(error.message ?? error)
      .split('\n')[0]
      .slice(0, 200)}`;
  } finally {
    await pglite.close().catch(() => {});
  }
}

console.log(`Node ${process.version}, N=${N}, server ${new URL(serverUrl).host}`);
for (const name of Object.keys(libraries)) {
  const r = await measure(name);
  console.log(
    `${r.name} ${r.version}: start ${ms(r.startMs)}; idle latency p50 ${ms(r.idle.p50)} max ` +
      `${ms(r.idle.max)}; ` +
      `enqueue ${r.enqueuePerSec.toFixed(0)}/s; latency under load p50 ${ms(r.latency.p50)} p95 ` +
      `${ms(r.latency.p95)} max ${ms(r.latency.max)}; ` +
      `throughput ${r.throughput.toFixed(0)} jobs/s; connections at most ${r.connections}`,
  );
}
for (const name of Object.keys(libraries)) console.log(`${name} on PGlite: ${await onPGlite(name)}`);
process.exit(0);
