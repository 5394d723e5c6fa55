import type { Resource } from '@exam/contracts';
import type { Prisma } from '@exam/db';

type Values = Record<string, unknown>;

/**
 * Set-based writes of an import: a chunk of rows is one statement, not one Prisma call per row. Prisma 7's
 * createMany spends about 1 ms a row of 24 columns in its query compiler (a 10,000-student import: 9 of 17
 * s); here PostgreSQL turns the chunk's JSON into rows itself (`json_populate_recordset`, the column types
 * are the table's), and the audit entries of the created rows are made in the same statement from the rows as
 * stored (`RETURNING`), so nothing is read back. The values reaching these statements have been parsed by the
 * resource's contract; table and column names come from Prisma's data model, never from a file.
 */

/** Where a model's rows live: the table and its scalar columns by field name, with Prisma's type names. */
export interface ModelTable {
  table: string;
  columns: Map<string, string>;
}

interface RuntimeModel {
  dbName: string | null;
  fields: { name: string; kind: string; type: string }[];
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The table behind a store's delegate when the delegate is Prisma's own model delegate; undefined for a
 * module's own delegate (one that does more than store the row, e.g. rule sets'), which keeps the per-row
 * path. Prisma's data model is read from the client (`_runtimeDataModel`, the generated client's copy of
 * schema.prisma): no public API names a model's table.
 */
export function modelTable(tx: Prisma.TransactionClient, delegate: unknown): ModelTable | undefined {
  const name = (delegate as { name?: unknown }).name;
  if (typeof name !== 'string' || !name) return undefined;
  const client = tx as unknown as Record<string, unknown> & {
    _runtimeDataModel?: { models?: Record<string, RuntimeModel> };
  };
  if (client[name[0]!.toLowerCase() + name.slice(1)] !== delegate) return undefined;
  const model = client._runtimeDataModel?.models?.[name];
  if (!model) return undefined;
  const columns = new Map(
    model.fields.filter((f) => f.kind === 'scalar' || f.kind === 'enum').map((f) => [f.name, f.type]),
  );
  return { table: model.dbName ?? name, columns };
}

/**
 * A row's key as the audit trail stores it (`keyString`: the key fields' text joined by '/'), in SQL over
 * alias `w`.
 */
const keySql = (resource: Resource) =>
  `concat_ws('/', ${resource.keyFields.map((f) => `w.${quote(f)}::text`).join(', ')})`;

/**
 * The stored row as JSON the way the engine's `present` writes it into the audit trail: timestamps as
 * JavaScript's ISO text (`2026-11-23T10:00:00.000Z`), decimals as text.
 */
function presentedSql(model: ModelTable) {
  const iso = (value: string) => `to_char(${value} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const overrides = [...model.columns].flatMap(([field, type]) => {
    // A timestamp the table's default set (created_at, updated_at) is the transaction's: formatted once
    // (c.text), not per row.
    if (type === 'DateTime')
      return [
        `'${field}', CASE WHEN w.${quote(field)} = c.now THEN c.text ELSE ${iso(`w.${quote(field)}`)} END`,
      ];
    if (type === 'Decimal' || type === 'BigInt') return [`'${field}', w.${quote(field)}::text`];
    return [];
  });
  return overrides.length ? `to_jsonb(w) || jsonb_build_object(${overrides.join(', ')})` : 'to_jsonb(w)';
}

/** The transaction's time, formatted once, as alias `c` of `presentedSql`. */
const CLOCK_SQL = `SELECT now()::timestamptz(3) AS now, to_char(now()::timestamptz(3) AT TIME ZONE 'UTC',
    'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS text`;

/** Rows grouped by the columns they give values for (a column a row leaves out keeps the table's default). */
function byColumns<T>(items: readonly T[], fieldsOf: (item: T) => string[]) {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const signature = fieldsOf(item).join(',');
    const members = groups.get(signature);
    if (members) members.push(item);
    else groups.set(signature, [item]);
  }
  return [...groups].map(([signature, members]) => ({
    fields: signature ? signature.split(',') : [],
    members,
  }));
}

const pick = (values: Values, fields: readonly string[]) =>
  Object.fromEntries(fields.map((f) => [f, values[f]]));

export interface Auditor {
  userId: number | null;
  email: string;
  requestId: string | undefined;
}

/**
 * Inserts `rows` and one `create` audit entry per row (the row as stored), in one statement per set of
 * columns.
 */
export async function insertAudited(
  tx: Prisma.TransactionClient,
  model: ModelTable,
  resource: Resource,
  rows: readonly Values[],
  auditor: Auditor,
) {
  const groups = byColumns(rows, (values) =>
    [...model.columns.keys()].filter((f) => values[f] !== undefined),
  );
  for (const { fields, members } of groups) {
    const list = fields.map(quote).join(', ');
    const table = quote(model.table);
    await tx.$executeRawUnsafe(
      `WITH w AS (
         INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${table}, $1::json)
           RETURNING *
       ), c AS MATERIALIZED (${CLOCK_SQL})
       INSERT INTO audit_log (user_id, user_email, action, entity, entity_key, after, request_id)
       SELECT $2::int, $3, 'create'::"AuditAction", $4, ${keySql(resource)}, ${presentedSql(model)}, $5
         FROM w, c`,
      JSON.stringify(members.map((values) => pick(values, fields))),
      auditor.userId,
      auditor.email,
      resource.name,
      auditor.requestId ?? null,
    );
  }
}

export interface RowUpdate {
  key: string;
  values: Values;
  changes: Values;
  /** The `updated_at` read when the row was planned: the update is stored only if the row still has it. */
  updatedAt: unknown;
}

/**
 * Updates rows (each its changed fields and `updated_at` = `now`), guarded by the `updated_at` read when they
 * were planned, as a form's edit is: answers the keys of the rows it updated (a row changed meanwhile is not
 * among them).
 */
export async function updateRows(
  tx: Prisma.TransactionClient,
  model: ModelTable,
  resource: Resource,
  updates: readonly RowUpdate[],
  now: Date,
) {
  const updated = new Set<string>();
  for (const { fields, members } of byColumns(updates, (u) =>
    Object.keys(u.changes)
      .filter((f) => model.columns.has(f))
      .sort(),
  )) {
    const table = quote(model.table);
    const matches = resource.keyFields.map((k) => `t.${quote(k)} = v.${quote(k)}`).join(' AND ');
    const rows = await tx.$queryRawUnsafe<{ key: string }[]>(
      `UPDATE ${table} AS t
          SET
          ${[...fields.map((f) => `${quote(f)} = v.${quote(f)}`), 'updated_at = $2::timestamptz'].join(', ')}
         FROM json_populate_recordset(NULL::${table}, $1::json) AS v
        WHERE ${matches} AND t.updated_at = v.updated_at
        RETURNING ${keySql(resource).replaceAll('w.', 't.')} AS key`,
      JSON.stringify(
        members.map((u) => ({
          ...pick(u.values, resource.keyFields),
          ...pick(u.changes, fields),
          updated_at: u.updatedAt,
        })),
      ),
      now.toISOString(),
    );
    for (const { key } of rows) updated.add(key);
  }
  return updated;
}

export interface SetUpdate {
  /** The SET clause over the table as alias `w` (and `from`). */
  set: string;
  /** Further FROM items of the update (e.g. a chunk's values unnested from array parameters), or none. */
  from?: string;
  /** The rows to update, over alias `w` (and `from`). */
  where: string;
  params: readonly unknown[];
}

/**
 * A set-based workflow move (a job's, e.g. roll allotment): one UPDATE of every row `where` matches, and in
 * the same statement one `transition` audit entry per updated row with the row before and after, as the
 * workflow router writes them one by one. Answers the number of rows moved. SQL fragments come from the
 * module's code, values only through `params`.
 */
export async function updateAudited(
  tx: Prisma.TransactionClient,
  model: ModelTable,
  resource: Resource,
  update: SetUpdate,
  auditor: Auditor,
  transition: string,
) {
  const table = quote(model.table);
  const from = update.from ? `, ${update.from}` : '';
  const n = update.params.length;
  return tx.$executeRawUnsafe(
    `WITH c AS MATERIALIZED (${CLOCK_SQL}),
     b AS (SELECT ${keySql(resource)} AS key, ${presentedSql(model)} AS row FROM ${table} AS w${from}, c
       WHERE ${update.where}),
     u AS (UPDATE ${table} AS w SET ${update.set} ${update.from ? `FROM ${update.from}` : ''}
       WHERE ${update.where} RETURNING w.*)
     INSERT INTO audit_log (user_id, user_email, action, entity, entity_key, before, after, request_id,
       transition)
     SELECT $${n + 1}::int, $${n + 2}, 'transition'::"AuditAction", $${n + 3}, b.key, b.row,
       ${presentedSql(model)}, $${n + 4}, $${n + 5}
       FROM u AS w JOIN b ON b.key = ${keySql(resource)}, c`,
    ...update.params,
    auditor.userId,
    auditor.email,
    resource.name,
    auditor.requestId ?? null,
    transition,
  );
}

/**
 * Inserts the rows an INSERT ... SELECT makes (`insert`: the statement, without RETURNING) and one `create`
 * audit entry per row inserted, in one statement. Answers the number of rows inserted.
 */
export async function insertSelectAudited(
  tx: Prisma.TransactionClient,
  model: ModelTable,
  resource: Resource,
  insert: string,
  params: readonly unknown[],
  auditor: Auditor,
) {
  const n = params.length;
  return tx.$executeRawUnsafe(
    `WITH w AS (${insert} RETURNING *), c AS MATERIALIZED (${CLOCK_SQL})
     INSERT INTO audit_log (user_id, user_email, action, entity, entity_key, after, request_id)
     SELECT $${n + 1}::int, $${n + 2}, 'create'::"AuditAction", $${n + 3}, ${keySql(resource)},
       ${presentedSql(model)}, $${n + 4} FROM w, c`,
    ...params,
    auditor.userId,
    auditor.email,
    resource.name,
    auditor.requestId ?? null,
  );
}

/** Which of `rows`' keys are stored (as `keyString` writes them), in one statement. */
export async function storedKeys(
  tx: Prisma.TransactionClient,
  model: ModelTable,
  resource: Resource,
  rows: readonly Values[],
) {
  const found = new Set<string>();
  if (!rows.length) return found;
  const table = quote(model.table);
  const matches = resource.keyFields.map((k) => `w.${quote(k)} = v.${quote(k)}`).join(' AND ');
  const keys = await tx.$queryRawUnsafe<{ key: string }[]>(
    `SELECT ${keySql(resource)} AS key FROM ${table} AS w
        JOIN json_populate_recordset(NULL::${table}, $1::json) AS v ON ${matches}`,
    JSON.stringify(rows.map((values) => pick(values, resource.keyFields))),
  );
  for (const { key } of keys) found.add(key);
  return found;
}
