import type { Prisma } from '@exam/db';
import { asDelegate, type ModelDelegate } from '../../platform/crud/store.ts';

type Args = Record<string, unknown>;

/**
 * Academic records for the generic engine: the key's `seq` is an integer column, while the engine passes key
 * parts as path text ("2"). Text that is no number becomes 0, which no row has (seq starts at 1): it finds
 * nothing.
 */
const asSeq = (value: unknown) =>
  typeof value === 'string' ? (/^\d{1,9}$/.test(value) ? Number(value) : 0) : value;

function numericSeq(where: unknown): unknown {
  if (Array.isArray(where)) return where.map(numericSeq);
  if (where === null || typeof where !== 'object' || where instanceof Date) return where;
  return Object.fromEntries(
    Object.entries(where as Args).map(([field, value]) => [
      field,
      field === 'seq' ? asSeq(value) : numericSeq(value),
    ]),
  );
}

export function academicDelegate(client: Prisma.TransactionClient): ModelDelegate {
  const rows = asDelegate(client.studentAcademic);
  const fix = (args: Args): Args => (args.where ? { ...args, where: numericSeq(args.where) } : args);
  const delegate: ModelDelegate = {
    findMany: (args) => rows.findMany(fix(args)),
    findUnique: (args) => rows.findUnique(fix(args)),
    count: (args) => rows.count(fix(args)),
    create: (args) => rows.create(args),
    updateMany: (args) => rows.updateMany(fix(args)),
    deleteMany: (args) => rows.deleteMany(fix(args)),
  };
  // Imports write in batches (createMany): the rows are whole values already, no key text to convert.
  return Object.assign(delegate, {
    createMany: (args: Args) =>
      client.studentAcademic.createMany(args as Prisma.StudentAcademicCreateManyArgs),
  });
}
