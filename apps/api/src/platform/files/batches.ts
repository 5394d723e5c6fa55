type Args = Record<string, unknown>;
type Direction = 'asc' | 'desc';

export interface BatchSource {
  findMany(args: Args): Promise<Args[]>;
}

export interface BatchReadOptions {
  where: Args;
  /**
   * The list's order: one entry per field, `{field: 'asc' | 'desc'}`, ending with the key fields so that the
   * order is total (every list of the engine sorts that way).
   */
  orderBy: readonly Record<string, Direction>[];
  /** Order fields that may hold NULL (PostgreSQL puts NULL last ascending, first descending). */
  nullable?: ReadonlySet<string>;
  batchSize?: number;
  /** Passed through to findMany (include/select of joined fields). */
  extra?: Args;
}

/**
 * Where-clause of the rows after `last` in `orderBy` (keyset pagination): for each position i, the rows equal
 * to `last` on the fields before i and after it on field i. Costs the same per batch at row 10 and at row
 * 300,000, where OFFSET would re-read everything before.
 */
export function afterRow(
  orderBy: readonly Record<string, Direction>[],
  last: Args,
  nullable: ReadonlySet<string> = new Set(),
): Args {
  const terms: Args[] = [];
  const equal: Args[] = [];
  for (const entry of orderBy) {
    const [field, direction] = Object.entries(entry)[0]!;
    const value = last[field] ?? null;
    let after: Args | undefined;
    if (direction === 'asc') {
      // NULLs come last: after a value come greater values and NULLs; after NULL, nothing on this field.
      if (value !== null)
        after = nullable.has(field)
          ? { OR: [{ [field]: { gt: value } }, { [field]: null }] }
          : { [field]: { gt: value } };
    } else {
      // NULLs come first: after NULL come all values; after a value, smaller ones.
      after = value === null ? { [field]: { not: null } } : { [field]: { lt: value } };
    }
    if (after) terms.push(equal.length ? { AND: [...equal, after] } : after);
    equal.push({ [field]: value });
  }
  return { OR: terms };
}

/**
 * Every row of `where` in `orderBy`, read in batches by keyset pagination; stops reading when the consumer
 * stops.
 */
export async function* readInBatches(source: BatchSource, options: BatchReadOptions): AsyncGenerator<Args> {
  const { where, orderBy, nullable, batchSize = 1000, extra = {} } = options;
  let last: Args | undefined;
  for (;;) {
    const page = last ? { AND: [where, afterRow(orderBy, last, nullable)] } : where;
    const rows = await source.findMany({ where: page, orderBy: [...orderBy], take: batchSize, ...extra });
    yield* rows;
    if (rows.length < batchSize) return;
    last = rows[rows.length - 1];
  }
}
