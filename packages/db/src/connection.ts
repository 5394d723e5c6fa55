import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyStreamFrom } from 'pg-copy-streams';

export interface ConnectionOptions {
  /** PostgreSQL connection string; without one the embedded PGlite database is used. */
  url?: string;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  /**
   * A new embedded database starts as a copy of this dump (PGlite's dumpDataDir) instead of an empty one
   * (tests).
   */
  pgliteSnapshot?: Blob;
  /**
   * Connections per process (per replica): size it so replicas x poolMax stays under the server's
   * max_connections.
   */
  poolMax?: number;
  /** How long a request waits for a free connection before failing; pg's default waits forever. */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL cancels any statement of this pool running longer (SQLSTATE 57014); none when unset. PGlite
   * ignores it.
   */
  statementTimeoutMs?: number;
}

/** Plain SQL inside one transaction on one connection. */
export interface SqlTransaction {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a statement and answers how many rows it changed. */
  execute(sql: string, params?: unknown[]): Promise<number>;
  /**
   * `COPY <target> FROM` the given rows in PostgreSQL's text format (build each field with copyField): the
   * cheapest way to load many rows with large values, as the server parses each value once (no parameter or
   * JSON wrapping).
   */
  copyFrom(target: string, rows: string | Buffer): Promise<void>;
}

/** One field of a COPY text-format row: \N for null, the characters COPY treats specially escaped. */
export function copyField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  const text = String(value);
  return /[\\\t\n\r]/.test(text)
    ? text.replace(/[\\\t\n\r]/g, (c) =>
        c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
      )
    : text;
}

/** Plain SQL over PostgreSQL or PGlite, for what needs no Prisma (the demo service, health checks, tests). */
export type Connection = {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Runs `fn` in one transaction on one connection (committed when it resolves, rolled back when it throws),
   * with no ORM between: for bulk writes of large parameters, where Prisma's handling of them costs more than
   * the statement.
   */
  transaction<T>(fn: (tx: SqlTransaction) => Promise<T>): Promise<T>;
  /** Closing twice is harmless: a shutdown and a failing start may both try. */
  close(): Promise<void>;
  /**
   * Connections open and working right now. A wait for a free connection that timed out while some are
   * open means the pool is busy; with none open, the database is not reachable.
   */
  liveConnections(): number;
} & ({ kind: 'postgresql'; pool: pg.Pool } | { kind: 'pglite'; pglite: PGlite });

/** Beside an embedded database folder: who has it open (`<folder>.lock`: JSON with pid, host, since). */
export const embeddedLockFile = (dir: string) => `${path.resolve(dir)}.lock`;

/**
 * Writes the folder's lock file and answers the function that removes it (also called on exit, should the
 * process end without closing). PGlite itself would let a second process open the folder and corrupt it.
 */
function holdEmbedded(dir: string): () => void {
  const file = embeddedLockFile(dir);
  fs.writeFileSync(
    file,
    `${JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() })}\n`,
  );
  const release = () => {
    process.off('exit', release);
    try {
      const holder = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid?: number; host?: string };
      if (holder.pid === process.pid && holder.host === os.hostname()) fs.rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
  process.on('exit', release);
  return release;
}

/** The extensions the migrations create (PostgreSQL ships them; PGlite loads them on demand). */
export const pgliteExtensions = { pg_trgm };

/**
 * What a new cluster looks like. Creating one (initdb) is most of the seconds a new PGlite takes, about 3 s
 * of CPU; loading a copy of one is 4-5x faster. So the first new cluster is dumped before anyone uses it and
 * kept: in this process, and outside production on this machine too, in the temporary folder (per PGlite
 * version and extensions, written whole or not at all), where the next process finds it: the API the one the
 * student demo made a moment before on a first start, the tests' processes the one of the run before.
 */
let freshCluster: Promise<Blob | undefined> | undefined;

const pgliteVersion = (() => {
  try {
    // The package exports no package.json; it sits two folders above its entry point.
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const manifest = path.join(path.dirname(path.dirname(entry)), 'package.json');
    return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version;
  } catch {
    return undefined;
  }
})();

/** The machine's kept copy of a new cluster; none when the version of PGlite is unknown. */
export const keptClusterFile =
  pgliteVersion && process.env.NODE_ENV !== 'production'
    ? path.join(
        os.tmpdir(),
        `exam-pglite-cluster-${pgliteVersion}-${Object.keys(pgliteExtensions).sort().join('-')}.tar`,
      )
    : undefined;

function keptCluster(): Blob | undefined {
  if (!keptClusterFile) return undefined;
  try {
    return new Blob([fs.readFileSync(keptClusterFile)]);
  } catch {
    return undefined;
  }
}

async function keepCluster(dump: Blob) {
  if (!keptClusterFile || fs.existsSync(keptClusterFile)) return;
  const partial = `${keptClusterFile}.${process.pid}.partial`;
  try {
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, keptClusterFile);
  } catch {
    // A read-only temporary folder: every process makes its own, as before.
    fs.rmSync(partial, { force: true });
  }
}

/** A new, empty PGlite (in memory, or in an empty folder): a copy of a kept new cluster when there is one. */
async function newCluster(dir: string): Promise<PGlite> {
  const snapshot = (await freshCluster) ?? keptCluster();
  if (snapshot) {
    freshCluster ??= Promise.resolve(snapshot);
    return PGlite.create(dir, { extensions: pgliteExtensions, loadDataDir: snapshot });
  }
  const pglite = await PGlite.create(dir, { extensions: pgliteExtensions });
  // Dumped before anyone gets to use it, so the copy is a new cluster too.
  freshCluster = pglite
    .dumpDataDir('none')
    .then(async (dump) => {
      await keepCluster(dump);
      return dump;
    })
    .catch(() => undefined);
  await freshCluster;
  return pglite;
}

/** A folder with nothing in it (or none yet): a new database goes there. */
const isEmptyFolder = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

function closeOnce(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

export async function openConnection(options: ConnectionOptions = {}): Promise<Connection> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolMax ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      idleTimeoutMillis: 30_000,
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    });
    // An idle client that loses its server must not crash the process; the next query reports it.
    pool.on('error', () => {});
    let live = 0;
    pool.on('connect', () => void (live += 1));
    pool.on('remove', () => void (live -= 1));
    return {
      kind: 'postgresql',
      pool,
      query: async <T>(sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows as T[],
      transaction: async <T>(fn: (tx: SqlTransaction) => Promise<T>) => {
        const client = await pool.connect();
        let broken: Error | undefined;
        try {
          await client.query('BEGIN');
          const answer = await fn({
            query: async <R>(sql: string, params?: unknown[]) =>
              (await client.query(sql, params)).rows as R[],
            execute: async (sql: string, params?: unknown[]) =>
              (await client.query(sql, params)).rowCount ?? 0,
            copyFrom: (target: string, rows: string | Buffer) =>
              pipeline(Readable.from([rows]), client.query(copyStreamFrom(`COPY ${target} FROM STDIN`))),
          });
          await client.query('COMMIT');
          return answer;
        } catch (error) {
          // A connection whose ROLLBACK fails is not given back to the pool.
          await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
          throw error;
        } finally {
          client.release(broken);
        }
      },
      close: closeOnce(() => pool.end()),
      liveConnections: () => live,
    };
  }
  const dir = options.pgliteDir ?? 'memory://';
  const onDisk = !dir.startsWith('memory://');
  if (onDisk) fs.mkdirSync(path.resolve(dir), { recursive: true });
  const pglite =
    !options.pgliteSnapshot && (!onDisk || isEmptyFolder(path.resolve(dir)))
      ? await newCluster(onDisk ? path.resolve(dir) : dir)
      : await PGlite.create(dir, { extensions: pgliteExtensions, loadDataDir: options.pgliteSnapshot });
  // Says that this process has the folder open: `db:backup`/`db:restore` refuse to copy a folder in use.
  const release = onDisk ? holdEmbedded(path.resolve(dir)) : () => {};
  return {
    kind: 'pglite',
    pglite,
    query: async <T>(sql: string, params?: unknown[]) => (await pglite.query<T>(sql, params)).rows,
    transaction: <T>(fn: (tx: SqlTransaction) => Promise<T>) =>
      pglite.transaction((tx) =>
        fn({
          query: async <R>(sql: string, params?: unknown[]) => (await tx.query<R>(sql, params)).rows,
          execute: async (sql: string, params?: unknown[]) => (await tx.query(sql, params)).affectedRows ?? 0,
          copyFrom: async (target: string, rows: string | Buffer) =>
            void (await tx.query(`COPY ${target} FROM '/dev/blob'`, [], { blob: new Blob([rows]) })),
        }),
      ),
    close: closeOnce(async () => {
      await pglite.close();
      release();
    }),
    // In-process: there is no connection to lose, so a wait for it can only mean busy.
    liveConnections: () => 1,
  };
}
