import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils';
import * as engineModule from '@prisma/schema-engine-wasm/schema_engine_bg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { isEmptySql, usableBaseline } from './baseline.ts';
import { openConnection, type ConnectionOptions } from './connection.ts';

/**
 * Prisma migrations without the Prisma CLI's schema-engine binary (which it downloads from a host
 * these machines cannot reach): the same engine, compiled to WebAssembly, driven through our own
 * driver adapter. It reads `prisma/migrations` and records `_prisma_migrations` exactly as
 * `prisma migrate deploy` does, so either tool can take over a database the other migrated.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
export const defaultSchemaPath = path.join(root, 'prisma/schema.prisma');
export const defaultMigrationsDir = path.join(root, 'prisma/migrations');

// Node has the WebAssembly global; @types/node 20 doesn't declare it, and the DOM lib would drag in much
// more.
interface WasmRuntime {
  compile(bytes: Uint8Array): Promise<object>;
  instantiate(module: object, imports: object): Promise<{ exports: Record<string, unknown> }>;
}
const { WebAssembly } = globalThis as unknown as { WebAssembly: WasmRuntime };

let engineLoaded: Promise<void> | undefined;
function loadEngine() {
  // The package targets bundlers (it imports its .wasm as a module); Node needs it instantiated by hand,
  // once.
  engineLoaded ??= (async () => {
    const require = createRequire(import.meta.url);
    const dir = path.dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg'));
    const compiled = await WebAssembly.compile(fs.readFileSync(path.join(dir, 'schema_engine_bg.wasm')));
    const instance = await WebAssembly.instantiate(compiled, { './schema_engine_bg.js': engineModule });
    engineModule.__wbg_set_wasm(instance.exports as never);
    (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
  })();
  return engineLoaded;
}

const noFilters = { externalTables: [], externalEnums: [] };

type Adapter = Awaited<ReturnType<SqlMigrationAwareDriverAdapterFactory['connect']>> & {
  underlyingDriver?: () => unknown;
};

/**
 * @prisma/adapter-pg runs a migration script by splitting it at every ';', which breaks any
 * function body ($$ ... $$). PostgreSQL takes a whole script in one simple query (and runs it
 * atomically), so scripts go to the pool as they are.
 */
function sendScriptsWhole(
  factory: SqlMigrationAwareDriverAdapterFactory,
): SqlMigrationAwareDriverAdapterFactory {
  const wrap = (adapter: Adapter) => {
    const driver = adapter.underlyingDriver?.() as { query?: (sql: string) => Promise<unknown> } | undefined;
    if (typeof driver?.query === 'function') {
      adapter.executeScript = async (script: string) => {
        await driver.query!(script);
      };
    }
    return adapter;
  };
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => wrap(await factory.connect()),
    connectToShadowDb: async () => {
      // PGlite's own shadow database lacks the extensions the migrations create; give it ours.
      if (factory instanceof PrismaPGlite) {
        const shadow = await openConnection({ pgliteDir: 'memory://' });
        return new PrismaPGlite(
          (shadow as { pglite: ConstructorParameters<typeof PrismaPGlite>[0] }).pglite,
        ).connect();
      }
      return wrap(await factory.connectToShadowDb());
    },
  };
}

async function withEngine<T>(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  schemaPath: string,
  run: (engine: engineModule.SchemaEngine) => Promise<T>,
): Promise<T> {
  await loadEngine();
  const schema = fs.readFileSync(schemaPath, 'utf8');
  const logs: string[] = [];
  const engine = await engineModule.SchemaEngine.new(
    { datamodels: [[schemaPath, schema]] },
    (line: string) => logs.push(line),
    bindMigrationAwareSqlAdapterFactory(sendScriptsWhole(adapterFactory)),
  );
  try {
    return await run(engine);
  } catch (error) {
    throw new Error(`Migration engine failed: ${describe(error)}`, { cause: error });
  } finally {
    engine.free();
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error && 'message' in error)
    return String((error as { message: unknown }).message);
  return String(error);
}

/** The migration folders' names, in the order they apply. */
export function migrationNames(migrationsDir = defaultMigrationsDir): string[] {
  return fs
    .readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

export function readMigrations(migrationsDir = defaultMigrationsDir): engineModule.MigrationList {
  const lockPath = path.join(migrationsDir, 'migration_lock.toml');
  const migrationDirectories = migrationNames(migrationsDir).map((name) => {
    const file = path.join(migrationsDir, name, 'migration.sql');
    return {
      path: name,
      migrationFile: {
        path: 'migration.sql',
        content: fs.existsSync(file)
          ? { tag: 'ok' as const, value: fs.readFileSync(file, 'utf8') }
          : { tag: 'error' as const, value: `${file} is missing` },
      },
    };
  });
  return {
    baseDir: migrationsDir,
    lockfile: {
      path: 'migration_lock.toml',
      content: fs.existsSync(lockPath) ? fs.readFileSync(lockPath, 'utf8') : null,
    },
    shadowDbInitScript: '',
    migrationDirectories,
  };
}

export interface MigrateOptions {
  schemaPath?: string;
  migrationsDir?: string;
}

/**
 * Where migrations run. On PostgreSQL the migrator opens its own single connection from `url` and
 * closes it when done: the engine takes a session-level advisory lock and never releases it, so on a
 * pooled connection of the app the lock outlived the migration and every other replica timed out.
 * PGlite is one session inside this process, so the open instance itself is used.
 */
export type MigrationTarget = { url: string; connectTimeoutMs?: number } | { pglite: PGlite };

/** The key `prisma migrate` locks; taking the same one keeps us and the Prisma CLI from migrating at once. */
const prismaMigrateLock = 72707369;

export interface ApplyOptions extends MigrateOptions {
  /**
   * How long to wait for another process's migration to finish (PostgreSQL); the engine alone gives up after
   * 10 s.
   */
  lockWaitMs?: number;
  /** Told once when another process is migrating and this one waits for it. */
  onWait?: (message: string) => void;
  /**
   * A new, empty database gets the baseline (prisma/baseline.sql, the history squashed into one script) when
   * it matches the folder; `false` applies the history one migration at a time (the equivalence test).
   */
  baseline?: boolean;
  /** Told the migrations the baseline stood for, when it was used. */
  onBaseline?: (covers: string[]) => void;
}

/**
 * Applies every migration the database has not had yet; answers the names it applied (none when up to date).
 * A new, empty database gets the baseline in one script, then whatever the folder has beyond it through the
 * schema engine; a database with nothing pending is answered without starting the engine at all.
 */
export async function applyMigrations(
  target: MigrationTarget,
  options: ApplyOptions = {},
): Promise<string[]> {
  const migrationsDir = options.migrationsDir ?? defaultMigrationsDir;
  const runEngine = async (factory: SqlMigrationAwareDriverAdapterFactory) => {
    const migrationsList = readMigrations(migrationsDir);
    return withEngine(factory, options.schemaPath ?? defaultSchemaPath, async (engine) => {
      const { appliedMigrationNames } = await engine.applyMigrations({ migrationsList, filters: noFilters });
      return appliedMigrationNames;
    });
  };
  /** The baseline if the database is empty and the baseline matches the folder; then the engine if needed. */
  const migrate = async (
    query: (sql: string) => Promise<Array<Record<string, unknown>>>,
    execute: (script: string) => Promise<void>,
    factory: () => SqlMigrationAwareDriverAdapterFactory,
  ) => {
    let fromBaseline: string[] = [];
    const baseline = options.baseline === false ? undefined : usableBaseline(migrationsDir);
    if (baseline && (await query(isEmptySql))[0]?.empty === true) {
      await execute(baseline.script);
      fromBaseline = baseline.covers;
      options.onBaseline?.(baseline.covers);
    }
    if ((await pendingMigrations(query, migrationsDir)).length === 0) return fromBaseline;
    return [...fromBaseline, ...(await runEngine(factory()))];
  };

  if ('pglite' in target) {
    const { pglite } = target;
    try {
      return await migrate(
        async (sql) => (await pglite.query<Record<string, unknown>>(sql)).rows,
        // One simple query: PostgreSQL runs a multi-statement script in one implicit transaction.
        async (script) => void (await pglite.exec(script)),
        () => new PrismaPGlite(pglite),
      );
    } finally {
      // The app goes on using this session: leave it holding no lock.
      await pglite.query('SELECT pg_advisory_unlock_all()');
    }
  }

  // One connection (idle forever rather than recycled, so the session and its lock stay the same), ended when
  // done.
  const pool = new pg.Pool({
    connectionString: target.url,
    max: 1,
    idleTimeoutMillis: 0,
    connectionTimeoutMillis: target.connectTimeoutMs ?? 5000,
  });
  pool.on('error', () => {});
  try {
    // Queue behind another migrator for as long as it takes (within lockWaitMs), instead of the engine's 10
    // s.
    const [{ locked }] = (
      await pool.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [prismaMigrateLock])
    ).rows as [{ locked: boolean }];
    if (!locked) {
      options.onWait?.('Another process is applying migrations; waiting for it to finish.');
      const waitMs = Math.max(1, Math.round(options.lockWaitMs ?? 600_000));
      await pool.query(`SET lock_timeout = ${waitMs}`);
      await pool.query('SELECT pg_advisory_lock($1)', [prismaMigrateLock]).catch((error: Error) => {
        throw new Error(
          `Another process kept the migration lock for more than ${+(waitMs / 1000).toFixed(1)} s ` +
            `(${error.message}).`,
        );
      });
      await pool.query('RESET lock_timeout');
    }
    // The engine takes the same lock again on this session (advisory locks nest), so it never waits.
    return await migrate(
      async (sql) => (await pool.query(sql)).rows as Array<Record<string, unknown>>,
      // One simple query (no parameters): PostgreSQL runs the whole script in one implicit transaction.
      async (script) => void (await pool.query(script)),
      () => new PrismaPg(pool),
    );
  } finally {
    // Closing the session releases every lock it holds.
    await pool.end();
  }
}

/**
 * Applies pending migrations to the database the options name: PostgreSQL by its own connection,
 * or the embedded database opened (and closed) for the purpose. What `db:migrate deploy` runs.
 */
export async function migrateDatabase(
  options: ConnectionOptions,
  apply: ApplyOptions = {},
): Promise<string[]> {
  if (options.url)
    return applyMigrations({ url: options.url, connectTimeoutMs: options.connectTimeoutMs }, apply);
  const connection = await openConnection(options);
  try {
    if (connection.kind !== 'pglite') throw new Error('expected the embedded database');
    return await applyMigrations({ pglite: connection.pglite }, apply);
  } finally {
    await connection.close();
  }
}

/** Names of migrations in the folder that the database has not applied (for readiness checks). */
export async function pendingMigrations(
  query: (sql: string) => Promise<Array<Record<string, unknown>>>,
  migrationsDir = defaultMigrationsDir,
): Promise<string[]> {
  // Names only: readiness is polled, and need not read every migration's SQL each time.
  const names = migrationNames(migrationsDir);
  const tableExists = await query(`SELECT to_regclass('public._prisma_migrations') IS NOT NULL AS present`);
  if (!tableExists[0]?.present) return names;
  const applied = await query(
    `SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const done = new Set(applied.map((row) => String(row.migration_name)));
  return names.filter((name) => !done.has(name));
}

/**
 * Writes a new migration with the SQL that takes the migrations folder to the schema. The engine
 * replays the folder on a shadow database the adapter provides (a fresh in-memory PGlite works).
 * Answers the folder written, or undefined when the schema needs no change.
 */
export async function createMigration(
  shadowFactory: SqlMigrationAwareDriverAdapterFactory,
  name: string,
  options: MigrateOptions & { now?: Date } = {},
): Promise<string | undefined> {
  const schemaPath = options.schemaPath ?? defaultSchemaPath;
  const migrationsDir = options.migrationsDir ?? defaultMigrationsDir;
  const schema = fs.readFileSync(schemaPath, 'utf8');
  const script = await withEngine(shadowFactory, schemaPath, async (engine) => {
    const result = await engine.diff({
      from: { tag: 'migrations', ...readMigrations(migrationsDir) },
      to: { tag: 'schemaDatamodel', files: [{ path: schemaPath, content: schema }] },
      script: true,
      exitCode: null,
      filters: noFilters,
    });
    return result.stdout ?? '';
  });
  if (!/^\s*[A-Z]/m.test(script.replace(/^--.*$/gm, ''))) return undefined;
  const stamp = (options.now ?? new Date()).toISOString().replace(/\D/g, '').slice(0, 14);
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '') || 'migration';
  const dir = path.join(migrationsDir, `${stamp}_${slug}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'migration.sql'), script);
  return dir;
}
