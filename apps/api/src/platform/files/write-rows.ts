import type { Resource } from '@exam/contracts';
import type { Prisma } from '@exam/db';

type Values = Record<string, unknown>;

/**
 * Set-based writes of an import: a chunk of rows is one statement, not one Prisma call per row. Prisma 7's
 * createMany spends about 1 ms a row of 24 columns in its query compiler (a 10,000-student import: 9 of 17
 * s); here PostgreSQL turns the chunk's JSON into rows itself (`json_populate_recordset`, the column types
 * are the table's), and the audit entries of the created rows are made in the same statement from the rows as
 * stored (`RETURNING`), so nothing is read back. The chunk's parents are checked and locked once per distinct
 * parent, and the insert then skips the per-row foreign-key triggers (`lockParents`, ADR 0034). The values
 * reaching these statements have been parsed by the resource's contract; table and column names come from
 * Prisma's data model or the catalogue, never from a file.
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

/** A foreign key of a table: the referenced table (as SQL), the column pairs, the parent columns' types. */
interface ForeignKey {
  parent: string;
  columns: string[];
  parentColumns: string[];
  parentTypes: string[];
}

/**
 * A table's foreign keys when its inserts may skip the per-row foreign-key triggers once the import has
 * checked and locked the parents itself; `undefined` when they may not: the role cannot set
 * `session_replication_role`, a foreign key is not MATCH SIMPLE, the audit trail has foreign keys, or a
 * trigger of our own fires on inserts into the table or the audit trail (replica mode would skip it too).
 */
async function parentsPlanOf(tx: Prisma.TransactionClient, table: string) {
  const columnsOf = (rel: string, keys: string, what: string) =>
    `(SELECT json_agg(${what} ORDER BY k.i) FROM unnest(c.${keys}) WITH ORDINALITY k(n, i)
       JOIN pg_attribute a ON a.attrelid = c.${rel} AND a.attnum = k.n)`;
  const [plan] = await tx.$queryRawUnsafe<
    {
      allowed: boolean;
      triggers: number;
      audit_fks: number;
      fks: (ForeignKey & { simple: boolean })[] | null;
    }[]
  >(
    `SELECT has_parameter_privilege('session_replication_role', 'SET')
              AND current_setting('session_replication_role') = 'origin' AS allowed,
            (SELECT count(*)::int FROM pg_trigger
              WHERE tgrelid IN ($1::regclass, 'audit_log'::regclass) AND NOT tgisinternal
                AND (tgtype & 4) <> 0) AS triggers,
            (SELECT count(*)::int FROM pg_constraint
              WHERE conrelid = 'audit_log'::regclass AND contype = 'f') AS audit_fks,
            (SELECT json_agg(json_build_object(
                'parent', c.confrelid::regclass::text,
                'simple', c.confmatchtype = 's',
                'columns', ${columnsOf('conrelid', 'conkey', 'a.attname')},
                'parentColumns', ${columnsOf('confrelid', 'confkey', 'a.attname')},
                'parentTypes', ${columnsOf('confrelid', 'confkey', 'format_type(a.atttypid, NULL)')}))
               FROM pg_constraint c WHERE c.conrelid = $1::regclass AND c.contype = 'f') AS fks`,
    quote(table),
  );
  const fks = plan?.fks ?? [];
  if (!plan?.allowed || plan.triggers || plan.audit_fks || fks.some((fk) => !fk.simple)) return undefined;
  return fks;
}

const parentPlans = new WeakMap<object, Map<string, Promise<ForeignKey[] | undefined>>>();

/** `parentsPlanOf`, asked once per transaction and table. */
function parentsPlan(tx: Prisma.TransactionClient, table: string) {
  let plans = parentPlans.get(tx);
  if (!plans) parentPlans.set(tx, (plans = new Map()));
  if (!plans.has(table)) plans.set(table, parentsPlanOf(tx, table));
  return plans.get(table)!;
}

/**
 * Locks the parents the rows name, as each row's foreign-key trigger would (FOR KEY SHARE: none can be
 * deleted or have its key changed until the import commits), once per distinct parent; when every one is
 * there, switches this transaction's triggers off (`session_replication_role = replica`, set locally) for
 * the insert that follows. Answers whether it did: a missing parent, or a foreign key column the rows leave
 * to its default, leaves the triggers on (the insert then fails on its foreign key, as before).
 */
async function lockParents(
  tx: Prisma.TransactionClient,
  fks: readonly ForeignKey[],
  fields: readonly string[],
  rows: readonly Values[],
) {
  if (fks.some((fk) => fk.columns.some((c) => !fields.includes(c)))) return false;
  // Keys are sent as text and cast to the parent's types: only text and numbers (a contract's parsed keys).
  const plain = (v: unknown) =>
    v === null || v === undefined || typeof v === 'string' || typeof v === 'number';
  if (!rows.every((row) => fks.every((fk) => fk.columns.every((c) => plain(row[c]))))) return false;
  const params: unknown[] = [];
  const parts = fks.map((fk) => {
    const distinct = new Map<string, string[]>();
    for (const row of rows) {
      let key: string[] | undefined = [];
      for (const c of fk.columns) {
        const v = row[c];
        if (v === null || v === undefined) {
          key = undefined;
          break;
        }
        key.push(String(v));
      }
      // One column (the usual foreign key): its text is the key; several: their JSON.
      if (key) distinct.set(key.length === 1 ? key[0]! : JSON.stringify(key), key);
    }
    const keys = [...distinct.values()];
    const first = params.length;
    params.push(...fk.columns.map((_, i) => keys.map((k) => k[i]!)));
    const list = fk.columns.map((_, i) => `$${first + i + 1}::text[]`).join(', ');
    const names = fk.columns.map((_, i) => `k${i}`);
    const match = fk.parentColumns
      .map((c, i) => `p.${quote(c)} = k.${names[i]}::${fk.parentTypes[i]}`)
      .join(' AND ');
    return `${keys.length} - (SELECT count(*) FROM (SELECT 1 FROM ONLY ${fk.parent} AS p
        JOIN unnest(${list}) AS k(${names.join(', ')}) ON ${match} FOR KEY SHARE OF p) AS l${first})`;
  });
  const [answer] = await tx.$queryRawUnsafe<{ replica: string | null }[]>(
    `SELECT CASE WHEN m = 0 THEN set_config('session_replication_role', 'replica', true) END AS replica
       FROM (SELECT ${parts.length ? parts.join(' + ') : '0'} AS m) AS x`,
    ...params,
  );
  return answer?.replica === 'replica';
}

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
  const names = [...model.columns.keys()];
  const groups = byColumns(rows, (values) => names.filter((f) => values[f] !== undefined));
  const fks = await parentsPlan(tx, model.table);
  for (const { fields, members } of groups) {
    const list = fields.map(quote).join(', ');
    const table = quote(model.table);
    const rowsJson = JSON.stringify(members.map((values) => pick(values, fields)));
    // The parents are checked and locked once per chunk instead of by a trigger per row (about half of
    // the insert's time in PostgreSQL).
    const replica = fks !== undefined && (await lockParents(tx, fks, fields, members));
    await tx.$executeRawUnsafe(
      `WITH w AS (
         INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${table}, $1::json)
           RETURNING *
       ), c AS MATERIALIZED (${CLOCK_SQL})
       INSERT INTO audit_log (user_id, user_email, action, entity, entity_key, after, request_id)
       SELECT $2::int, $3, 'create'::"AuditAction", $4, ${keySql(resource)}, ${presentedSql(model)}, $5
         FROM w, c`,
      rowsJson,
      auditor.userId,
      auditor.email,
      resource.name,
      auditor.requestId ?? null,
    );
    if (replica) await tx.$executeRawUnsafe(`SELECT set_config('session_replication_role', 'origin', true)`);
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
