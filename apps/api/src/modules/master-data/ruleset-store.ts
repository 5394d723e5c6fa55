import type { Prisma } from '@exam/db';
import { asDelegate, type ModelDelegate } from '../../platform/crud/store.ts';
import { refuseLockedRuleset } from './ruleset-rules.ts';

type Args = Record<string, unknown>;

/**
 * A `version` as the database keeps it (an integer). Key parts reach the engine as path text ("2"); text that
 * is no version ("NOPE") becomes 0, which no row has (versions start at 1), so it finds nothing instead of
 * failing.
 */
const asVersion = (value: unknown) =>
  typeof value === 'string' ? (/^\d{1,9}$/.test(value) ? Number(value) : 0) : value;

/** The same filter with every `version` condition as a number, at any depth (`key`, `AND`, `OR`). */
function numericVersions(where: unknown): unknown {
  if (Array.isArray(where)) return where.map(numericVersions);
  if (where === null || typeof where !== 'object' || where instanceof Date) return where;
  return Object.fromEntries(
    Object.entries(where as Args).map(([field, value]) => [
      field,
      field === 'version' ? asVersion(value) : numericVersions(value),
    ]),
  );
}

const withNumericVersions = (args: Args): Args =>
  args.where ? { ...args, where: numericVersions(args.where) } : args;

/**
 * The rule sets' rows, for the generic engine. Two differences from a plain delegate:
 * - the key's `version` is an integer column, while the engine passes key parts as text;
 * - a locked version (a published result used it) is never changed or deleted: 409 LOCKED names it. The write
 *   itself also matches unlocked rows only, so a lock set in between makes it match nothing (the engine then
 *   answers that the record changed), and the database's trigger refuses it whoever writes.
 */
export function rulesetDelegate(client: Prisma.TransactionClient): ModelDelegate {
  const rows = asDelegate(client.ruleset);
  const refuseLocked = async (args: Args) => {
    const where = numericVersions(args.where) as Args;
    const [locked] = await rows.findMany({
      where: { AND: [where, { locked: true }] },
      select: { ruleset_id: true, version: true },
      take: 1,
    });
    const refusal = refuseLockedRuleset(locked);
    if (refusal) throw refusal;
    return { ...args, where: { AND: [where, { locked: false }] } };
  };
  return {
    findMany: (args) => rows.findMany(withNumericVersions(args)),
    findUnique: (args) => rows.findUnique(withNumericVersions(args)),
    count: (args) => rows.count(withNumericVersions(args)),
    create: (args) => rows.create(args),
    updateMany: async (args) => rows.updateMany(await refuseLocked(args)),
    deleteMany: async (args) => rows.deleteMany(await refuseLocked(args)),
  };
}
