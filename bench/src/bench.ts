import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { BENCH_PASSWORD, fillDatabase, recreateDatabase } from './generate.ts';
import type { BenchOptions } from './options.ts';
import { load, scenarios, type LoadResult, type Scenario, type Target } from './scenarios.ts';
import {
  apiServer,
  baselineServer,
  freePort,
  startServer,
  type RunningServer,
  type ServerSpec,
} from './servers.ts';

export const ADMIN_EMAIL = 'admin@bench.example';

export interface ServerRun {
  name: string;
  results: Map<string, LoadResult>;
  /** MB: when it first answered, after the first (warm-up) scenario, highest sampled, after the last. */
  memory: { ready: number; warm: number; peak: number; end: number };
}

export interface BenchReport {
  options: BenchOptions;
  fill: { counts: Record<string, number>; ms: number };
  scenarios: Scenario[];
  runs: ServerRun[];
  /** 1-minute load average before and after loading: other work on the machine skews the numbers. */
  loadAverage: { before: number; after: number };
}

/** A key and a search term taken from the data itself, so any scale has something to find. */
async function probes(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT session_id, course_comb_id, sem_id, paper_id FROM paperinfosem
          ORDER BY session_id, course_comb_id, sem_id, paper_id
       OFFSET (SELECT count(*) / 2 FROM paperinfosem) LIMIT 1`,
    );
    const row = rows[0];
    if (!row) throw new Error('The bench database has no paperinfosem rows');
    // One course combination's id: matches its rows in every semester (60 at default scale).
    return {
      key: [row.session_id, row.course_comb_id, row.sem_id, row.paper_id] as string[],
      q: row.course_comb_id as string,
    };
  } finally {
    await client.end();
  }
}

async function login(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { token?: string; message?: string };
  if (!res.ok || !body.token)
    throw new Error(`Login at ${baseUrl} failed: ${res.status} ${body.message ?? ''}`);
  return body.token;
}

/**
 * Both servers run side by side and each scenario loads one, then the other, so whatever else the
 * machine is doing at that moment weighs on both alike.
 */
async function loadBoth(
  specs: ServerSpec[],
  probe: { key: string[]; q: string },
  options: BenchOptions,
  log: (line: string) => void,
): Promise<ServerRun[]> {
  const servers: RunningServer[] = [];
  try {
    for (const spec of specs) servers.push(await startServer(spec, await freePort()));
    const runs = await Promise.all(
      servers.map(async (server) => ({
        server,
        run: {
          name: server.name,
          results: new Map(),
          memory: { ready: server.rss(), warm: 0, peak: 0, end: 0 },
        } as ServerRun,
        target: {
          baseUrl: server.baseUrl,
          token: await login(server.baseUrl, ADMIN_EMAIL, BENCH_PASSWORD),
          email: ADMIN_EMAIL,
          password: BENCH_PASSWORD,
          paperInfoSemKey: probe.key,
          q: probe.q,
        } satisfies Target,
      })),
    );
    const warmup = Math.max(1, Math.min(3, Math.round(options.duration / 5)));
    for (const scenario of scenarios) {
      for (const { server, run, target } of runs) {
        if (server.name === 'baseline' && !scenario.inBaseline) continue;
        // A short unrecorded run first, so the JIT and the pools are warm.
        await load(target, scenario, warmup, options.connections);
        const result = await load(target, scenario, options.duration, options.connections);
        run.results.set(scenario.name, result);
        if (!run.memory.warm) run.memory.warm = server.rss();
        log(
          `  ${server.name.padEnd(8)} ${scenario.name.padEnd(34)} ${result.rps.toFixed(0).padStart(6)} ` +
            `req/s  p50 ${result.p50} ms  p99 ${result.p99} ms  errors ${result.errors}  rss ` +
            `${server.rss().toFixed(0)} MB  load ${os.loadavg()[0]!.toFixed(1)}`,
        );
      }
    }
    for (const { server, run } of runs) {
      run.memory.end = server.rss();
      run.memory.peak = server.peakRss();
    }
    return runs.map((r) => r.run);
  } finally {
    for (const server of servers) await server.stop();
  }
}

/** Fills the bench database, then loads the API and the baseline in turn with every scenario. */
export async function runBench(
  options: BenchOptions,
  log: (line: string) => void = console.log,
): Promise<BenchReport> {
  log(`Filling ${options.database} at scale "${options.scaleName}"...`);
  const url = await recreateDatabase(options.serverUrl, options.database);
  const fill = await fillDatabase(url, options.scale);
  log(
    `  ${Object.entries(fill.counts)
      .map(([t, n]) => `${t} ${n}`)
      .join(', ')} in ${(fill.ms / 1000).toFixed(1)} s`,
  );
  const probe = await probes(url);
  const secret = randomBytes(32).toString('hex');
  const common = { DATABASE_URL: url, JWT_SECRET: secret, DB_POOL_MAX: process.env.DB_POOL_MAX ?? '10' };
  const ours = apiServer({
    ...common,
    NODE_ENV: 'production',
    ADMIN_EMAIL,
    ADMIN_PASSWORD: BENCH_PASSWORD,
    // Production logs a JSON line per request; BENCH_LOG_LEVEL=warn measures without it.
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    // autocannon's connections all carry one user's token and sign in as one user from one address: the
    // per-user limit and the sign-in attempts counted while in flight (fairness and abuse limits) are not
    // what is measured.
    USER_MAX_CONCURRENT_REQUESTS: '1000',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000',
  });
  const baseline = baselineServer(common);
  log(
    `Loading 127.0.0.1 with autocannon: ${options.connections} connections, ${options.duration} s per ` +
      `scenario`,
  );
  const loadBefore = os.loadavg()[0]!;
  const runs = await loadBoth([ours, baseline], probe, options, log);
  return { options, fill, scenarios, runs, loadAverage: { before: loadBefore, after: os.loadavg()[0]! } };
}
