import { resolveScale, type Scale } from './scale.ts';

export interface BenchOptions {
  /** Any connection string to the PostgreSQL server; its database part is replaced by `database`. */
  serverUrl: string;
  database: string;
  scaleName: string;
  scale: Scale;
  /** Seconds per scenario. */
  duration: number;
  connections: number;
  /** Where the table goes (undefined: print only). */
  out?: string;
}

const usage =
  'pnpm bench [--scale tiny|small|default|large] [--duration 10] [--long] [--connections 32] ' +
  '[--db exam_bench] [--out bench/RESULTS.md | --no-write]\n' +
  '  env: BENCH_SCALE, BENCH_DURATION, BENCH_CONNECTIONS, BENCH_DB, DATABASE_URL ' +
  '(the server; default postgresql://postgres@127.0.0.1:5432/postgres)';

/**
 * Flags win over environment variables, which win over defaults (10 s per scenario, 32 connections, default
 * scale).
 */
export function parseArgs(argv: string[], env: NodeJS.ProcessEnv, defaultOut?: string): BenchOptions {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') continue;
    if (arg === '--help' || arg === '-h') {
      console.log(usage);
      process.exit(0);
    }
    if (!arg.startsWith('--')) throw new Error(`Unexpected argument ${arg}\n${usage}`);
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    if (name === 'long' || name === 'no-write') flags.set(name, 'true');
    else {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new Error(`--${name} needs a value\n${usage}`);
      flags.set(name, value);
    }
  }
  const known = new Set(['scale', 'duration', 'long', 'connections', 'db', 'out', 'no-write']);
  for (const name of flags.keys()) if (!known.has(name)) throw new Error(`Unknown flag --${name}\n${usage}`);
  const number = (text: string | undefined, fallback: number, what: string) => {
    if (text === undefined) return fallback;
    const n = Number(text);
    if (!Number.isFinite(n) || n <= 0 || n > 600)
      throw new Error(`${what} must be a number between 0 and 600`);
    return n;
  };
  const scaleName = flags.get('scale') ?? env.BENCH_SCALE ?? 'default';
  return {
    serverUrl: env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres',
    database: flags.get('db') ?? env.BENCH_DB ?? 'exam_bench',
    scaleName,
    scale: resolveScale(scaleName),
    duration: flags.has('long') ? 60 : number(flags.get('duration') ?? env.BENCH_DURATION, 10, 'duration'),
    connections: Math.round(number(flags.get('connections') ?? env.BENCH_CONNECTIONS, 32, 'connections')),
    out: flags.has('no-write') ? undefined : (flags.get('out') ?? defaultOut),
  };
}
