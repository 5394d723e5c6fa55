/**
 * A database's schema as plain rows read from information_schema and pg_catalog, by name and never by OID,
 * so that two databases built the same way dump the same: what proves that the baseline and the migration
 * history give one schema (packages/db/test/baseline.test.ts). Covers the public schema's tables, views and
 * sequences, columns, constraints, indexes, enumerations and other types, functions, triggers, view
 * definitions, extensions, comments, row-level security and table privileges, each table's row count, and
 * what `_prisma_migrations` records (names, checksums, steps; not ids or times).
 */

type Query = (sql: string) => Promise<Array<Record<string, unknown>>>;

/** Objects an extension created (pg_trgm's functions, operators, ...): listed once, as the extension. */
const notFromExtension = (oid: string, catalog: string) =>
  `NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = '${catalog}'::regclass AND d.objid = ${oid}
    AND d.deptype = 'e')`;

const parts: Record<string, string> = {
  extensions: `SELECT e.extname, e.extversion, n.nspname AS schema FROM pg_extension e
    JOIN pg_namespace n ON n.oid = e.extnamespace ORDER BY 1`,
  relations: `SELECT c.relname, c.relkind, c.relpersistence, c.relrowsecurity, c.relforcerowsecurity,
      c.reloptions::text AS options, c.relacl::text AS acl, obj_description(c.oid, 'pg_class') AS comment
    FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND ${notFromExtension('c.oid', 'pg_class')}
    ORDER BY 1`,
  columns: `SELECT table_name, ordinal_position, column_name, data_type, udt_name, character_maximum_length,
      numeric_precision, numeric_scale, datetime_precision, is_nullable, column_default, is_identity,
      identity_generation, is_generated, generation_expression, collation_name,
      col_description(format('%I.%I', table_schema, table_name)::regclass, ordinal_position) AS comment
    FROM information_schema.columns WHERE table_schema = 'public' ORDER BY 1, 2`,
  constraints: `SELECT r.relname AS table_name, c.conname, c.contype,
      pg_get_constraintdef(c.oid) AS definition, c.condeferrable, c.condeferred, c.convalidated
    FROM pg_constraint c JOIN pg_class r ON r.oid = c.conrelid
    WHERE c.connamespace = 'public'::regnamespace ORDER BY 1, 2`,
  typeConstraints: `SELECT t.typname, c.conname, pg_get_constraintdef(c.oid) AS definition
    FROM pg_constraint c JOIN pg_type t ON t.oid = c.contypid
    WHERE c.connamespace = 'public'::regnamespace ORDER BY 1, 2`,
  indexes: `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1, 2`,
  types: `SELECT t.typname, t.typtype, format_type(t.typbasetype, t.typtypmod) AS base, t.typnotnull,
      t.typdefault, (SELECT string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder) FROM pg_enum e
        WHERE e.enumtypid = t.oid) AS labels
    FROM pg_type t WHERE t.typnamespace = 'public'::regnamespace AND t.typrelid = 0 AND t.typelem = 0
      AND ${notFromExtension('t.oid', 'pg_type')}
    ORDER BY 1`,
  functions: `SELECT p.proname, pg_get_function_identity_arguments(p.oid) AS arguments,
      pg_get_functiondef(p.oid) AS definition
    FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace AND ${notFromExtension('p.oid', 'pg_proc')}
    ORDER BY 1, 2`,
  triggers: `SELECT c.relname AS table_name, t.tgname, pg_get_triggerdef(t.oid) AS definition, t.tgenabled
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE c.relnamespace = 'public'::regnamespace AND NOT t.tgisinternal ORDER BY 1, 2`,
  views: `SELECT viewname, definition FROM pg_views WHERE schemaname = 'public' ORDER BY 1`,
  sequences: `SELECT sequencename, data_type::text, start_value, min_value, max_value, increment_by, cycle,
      cache_size, last_value FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`,
  policies: `SELECT tablename, policyname, permissive, roles::text, cmd, qual, with_check FROM pg_policies
    WHERE schemaname = 'public' ORDER BY 1, 2`,
  rules: `SELECT tablename, rulename, definition FROM pg_rules WHERE schemaname = 'public' ORDER BY 1, 2`,
  migrations: `SELECT migration_name, checksum, applied_steps_count, logs,
      finished_at IS NOT NULL AS finished, rolled_back_at IS NULL AS standing
    FROM _prisma_migrations ORDER BY 1`,
};

export type SchemaDump = Record<string, unknown[]>;

export async function dumpSchema(query: Query): Promise<SchemaDump> {
  const dump: SchemaDump = {};
  for (const [name, sql] of Object.entries(parts)) dump[name] = await query(sql);
  // Every table's rows, counted: a migration may write data (the conduct migration's centres, say).
  const tables = await query(
    `SELECT relname FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p')
      AND relname <> '_prisma_migrations' ORDER BY 1`,
  );
  dump.rowCounts = [];
  for (const { relname } of tables) {
    const [row] = await query(`SELECT count(*)::int AS n FROM "public"."${String(relname)}"`);
    dump.rowCounts.push({ table: relname, rows: row?.n });
  }
  return dump;
}
