import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The baseline: the migration history (prisma/migrations) squashed into one script that a new, empty
 * database runs at once, in one transaction, instead of the schema engine applying each migration in turn.
 * The script records every migration it covers in `_prisma_migrations` exactly as the engine would (same
 * name, same checksum), so the history stays the truth for upgrades: an existing database keeps applying
 * the ordered migrations, and a migration newer than the baseline applies on top of it as on any database.
 *
 * The file is written from the history by `pnpm db:migrate baseline` and never edited by hand. At run time
 * it is used only while every migration it covers is still in the folder, in the same order, with the same
 * checksum; otherwise it is ignored (the history applies, as before). packages/db/test/baseline.test.ts
 * fails when the file is stale and proves that both paths give the same schema.
 */

/** `prisma/baseline.sql`, beside the migrations folder it squashes. */
export function baselinePathFor(migrationsDir: string): string {
  return path.join(path.dirname(migrationsDir), 'baseline.sql');
}

/** What `prisma migrate` records as a migration's checksum: the SHA-256 of its script, in hex. */
export function migrationChecksum(script: string): string {
  return crypto.createHash('sha256').update(script).digest('hex');
}

export interface HistoryEntry {
  name: string;
  script: string;
  checksum: string;
}

/** The migrations folder in the order it applies, each with its script and checksum. */
export function readHistory(migrationsDir: string): HistoryEntry[] {
  return fs
    .readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const script = fs.readFileSync(path.join(migrationsDir, name, 'migration.sql'), 'utf8');
      return { name, script, checksum: migrationChecksum(script) };
    });
}

const coversLine = /^-- covers (\S+) ([0-9a-f]{64})$/;

/** The baseline's text for a history: a header naming each migration it covers, then their scripts. */
export function baselineText(history: HistoryEntry[]): string {
  const header = [
    '-- The migration history (prisma/migrations) squashed into one script for a NEW, EMPTY database.',
    '-- Written by `pnpm db:migrate baseline` from the history; do not edit by hand. A database that already',
    '-- has a schema applies the history instead (see packages/db/src/baseline.ts and ADR 0033).',
    '-- Used only while each migration named below is in the folder with this checksum.',
    ...history.map((entry) => `-- covers ${entry.name} ${entry.checksum}`),
  ];
  const parts = history.map(
    (entry) => `-- ${'='.repeat(20)} ${entry.name}\n${entry.script.replace(/\s*$/, '\n')}`,
  );
  return `${header.join('\n')}\n\n${parts.join('\n')}`;
}

/** Writes the baseline for the folder's history; answers the file written. */
export function writeBaseline(migrationsDir: string): string {
  const file = baselinePathFor(migrationsDir);
  fs.writeFileSync(file, baselineText(readHistory(migrationsDir)));
  return file;
}

export interface UsableBaseline {
  /** The script that creates `_prisma_migrations`, runs the squashed history and records it. */
  script: string;
  /** The migrations it covers, in order. */
  covers: string[];
}

/**
 * The baseline when it can stand for the start of the history: every migration it covers is, in order, the
 * folder's first ones with the same checksum. Undefined when there is no baseline or it does not match (then
 * the history applies as before).
 */
export function usableBaseline(migrationsDir: string, history = readHistory(migrationsDir)) {
  const file = baselinePathFor(migrationsDir);
  if (!fs.existsSync(file)) return undefined;
  const text = fs.readFileSync(file, 'utf8');
  const covered = text
    .split('\n')
    .map((line) => coversLine.exec(line))
    .filter((match) => match !== null)
    .map(([, name, checksum]) => ({ name: name!, checksum: checksum! }));
  if (!covered.length || covered.length > history.length) return undefined;
  const matches = covered.every(
    (entry, i) => history[i]!.name === entry.name && history[i]!.checksum === entry.checksum,
  );
  if (!matches) return undefined;
  return { script: recordingScript(text, covered), covers: covered.map((entry) => entry.name) };
}

/**
 * The table `prisma migrate` keeps (as its schema engine creates it), the squashed history, and one row per
 * covered migration as the engine writes it after applying one: finished, one step, no logs.
 */
function recordingScript(body: string, covered: Array<{ name: string; checksum: string }>): string {
  const rows = covered.map(
    ({ name, checksum }) => `  (gen_random_uuid()::text, '${checksum}', now(), '${name}', now(), 1)`,
  );
  return [
    `CREATE TABLE "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
);`,
    body,
    'INSERT INTO "_prisma_migrations"',
    '  ("id", "checksum", "finished_at", "migration_name", "started_at", "applied_steps_count")',
    `VALUES\n${rows.join(',\n')};`,
  ].join('\n');
}

/**
 * Whether a database is new: no `_prisma_migrations` and nothing of ours in `public` (relations, types other
 * than rows and arrays, functions). Anything else takes the history's path, where the engine refuses a
 * non-empty schema it has no record of, as before.
 */
export const isEmptySql = `SELECT
  to_regclass('public._prisma_migrations') IS NULL
  AND NOT EXISTS (SELECT 1 FROM pg_class WHERE relnamespace = 'public'::regnamespace)
  AND NOT EXISTS (SELECT 1 FROM pg_type WHERE typnamespace = 'public'::regnamespace AND typrelid = 0
    AND typelem = 0)
  AND NOT EXISTS (SELECT 1 FROM pg_proc WHERE pronamespace = 'public'::regnamespace) AS empty`;
