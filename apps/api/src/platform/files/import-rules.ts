import { isDeepStrictEqual } from 'node:util';
import {
  fieldErrors,
  label,
  msg,
  type FileFormat,
  type ImportReport,
  type Resource,
  type Scope,
} from '@exam/contracts';
import { valuesOutOfScope, type ScopedUser } from '../auth/scope.ts';
import { describeKey, keyString } from '../crud/store.ts';
import { AppError, prismaCode, staleEdit, type FieldErrors, type MessageOrText } from '../http/errors.ts';
import { badFile } from './table-rules.ts';
import type { TableRow } from './read-table.ts';

/**
 * The rules of an import: whether an upload is a file, whether the caller reaches any record, what is wrong
 * with each row, what a row does to its stored record, and what the import as a whole answers. Each takes
 * what was read (a row, the stored record, a count) and answers a refusal or a decision; none reads the
 * database.
 */

export type Values = Record<string, unknown>;

/**
 * What an import may touch: the caller's write scope as values to check and a where-clause (`{}` for every
 * row).
 */
export interface Reach {
  scope: Scope;
  user: ScopedUser;
  within: Record<string, unknown>;
}

/** A valid row, and what it does to its stored record. */
export interface Planned {
  row: number;
  key: string;
  values: Values;
  status: 'created' | 'updated' | 'unchanged';
  current?: Values;
  changes?: Values;
}

const MB = 1024 * 1024;

/** An upload must come as multipart/form-data. */
export function refuseNotMultipart(isMultipart: boolean) {
  if (isMultipart) return undefined;
  return new AppError('UNSUPPORTED_MEDIA_TYPE', msg('files.sendMultipart'));
}

/** multer's refusals (by multer's error code) as answers a user can act on. */
export function uploadRefusal(code: string | undefined, maxFileBytes: number) {
  if (code === 'LIMIT_FILE_SIZE')
    return new AppError('PAYLOAD_TOO_LARGE', msg('files.tooLarge', { megabytes: maxFileBytes / MB }));
  if (code === 'LIMIT_UNEXPECTED_FILE' || code === 'LIMIT_FILE_COUNT')
    return badFile(msg('files.sendOneFile'));
  if (code?.startsWith('LIMIT_')) return badFile(msg('files.tooManyFields'));
  return badFile(msg('files.uploadMalformed'));
}

/** An import needs its file. */
export function refuseWithoutFile<F>(file: F | undefined): asserts file is F {
  if (!file) throw badFile(msg('files.noFile'));
}

/** A caller whose write scope reaches no record of the resource (`within` null) imports nothing. */
export function refuseReachingNone(resource: Resource, scope: Scope, within: Record<string, unknown> | null) {
  if (within !== null) return undefined;
  return new AppError(
    'OUT_OF_SCOPE',
    msg('files.reachesNone', { record: label(resource.title.toLowerCase()), scope }),
  );
}

/** A word of two or more question marks: what Excel's 'CSV (Comma delimited)' leaves of Hindi. */
const LOST_TEXT = /(^|\s)\?{2,}(?=\s|$)/;

/** A record's key as text, from its values. */
export const keyOf = (resource: Resource, values: Values) =>
  keyString(resource, Object.fromEntries(resource.keyFields.map((f) => [f, String(values[f])])));

const addError = (errors: FieldErrors, field: string, message: MessageOrText) =>
  (errors[field] ??= []).push(message);

/**
 * What is wrong with a row by itself, without the database: the resource's contract, values of another
 * college or department (refused whatever else the row says, as a form's write is), NUL characters, Hindi
 * lost to a code page.
 */
export function rowErrors(resource: Resource, format: FileFormat, values: Values, reach: Reach) {
  const found: FieldErrors = {};
  const parsed = resource.createSchema.safeParse(values);
  if (!parsed.success) Object.assign(found, fieldErrors(parsed.error));
  const outside = valuesOutOfScope(reach.scope, reach.user, resource.scopeFields, values);
  for (const [field, mine] of Object.entries(outside)) {
    addError(
      found,
      field,
      mine ? msg('records.onlyYourOwn', { field, value: mine }) : msg('records.accountLacks', { field }),
    );
  }
  for (const [field, cell] of Object.entries(values)) {
    if (typeof cell !== 'string') continue;
    if (cell.includes('\u0000')) addError(found, field, msg('platform.nulCharacter'));
    if (format === 'csv' && LOST_TEXT.test(cell)) addError(found, field, msg('files.lostLetters'));
  }
  return { found, parsed: parsed.success ? (parsed.data as Values) : undefined };
}

/**
 * Validates a chunk's rows (rowErrors) and refuses a key the file has had before; `firstRowOfKey` spans the
 * whole file.
 */
export function validateRows(
  resource: Resource,
  format: FileFormat,
  rows: readonly TableRow[],
  reach: Reach,
  firstRowOfKey: Map<string, number>,
) {
  const valid = new Map<number, Values>();
  const errors = new Map<number, FieldErrors>();
  for (const { row, values } of rows) {
    const { found, parsed } = rowErrors(resource, format, values, reach);
    if (parsed) {
      const key = keyOf(resource, parsed);
      const earlier = firstRowOfKey.get(key);
      if (earlier !== undefined)
        addError(found, resource.keyFields.at(-1)!, msg('files.sameKeyAs', { row: earlier, key }));
      else firstRowOfKey.set(key, row);
    }
    if (Object.keys(found).length) errors.set(row, found);
    else valid.set(row, parsed!);
  }
  return { valid, errors };
}

/** A stored record the caller cannot list may not be changed by an import either. */
export function refuseStoredOutsideScope(resource: Resource, values: Values): FieldErrors {
  const key = Object.fromEntries(resource.keyFields.map((f) => [f, String(values[f])]));
  return {
    [resource.keyFields.at(-1)!]: [
      msg('files.existsOutsideScope', { record: label(resource.title), key: describeKey(resource, key) }),
    ],
  };
}

/**
 * The same value as stored? (text, numeric codes, null; a missing optional value counts as null; JSON such as
 * a rule set's rules by content, whatever its key order: a re-imported unchanged rule set is "unchanged", not
 * "updated").
 */
const same = (stored: unknown, value: unknown) => isDeepStrictEqual(stored ?? null, value ?? null);

/**
 * What a row changes in its stored record: only the updatable fields the file has columns for (a column left
 * out of the file leaves the stored value as it is) whose value differs.
 */
export const changesOf = (
  resource: Resource,
  current: Values,
  values: Values,
  fields: ReadonlySet<string>,
): Values =>
  Object.fromEntries(
    resource.updatable
      .filter((f) => fields.has(f) && !same(current[f], values[f]))
      .map((f) => [f, values[f]]),
  );

/** What a row does: creates its record, updates it, or leaves it as it is. */
export const statusOf = (current: Values | undefined, changes: Values | undefined): Planned['status'] =>
  !current ? 'created' : Object.keys(changes ?? {}).length ? 'updated' : 'unchanged';

/** Rows created by a scoped caller must lie within its scope as written (`inside` of them do). */
export function refuseCreatedOutsideScope(part: readonly Planned[], inside: number) {
  if (inside === part.length) return undefined;
  return new AppError(
    'OUT_OF_SCOPE',
    msg('files.rowsOutsideScope', { first: part[0]!.row, last: part.at(-1)!.row }),
  );
}

/** A row's stored record changed between the import's read and its write. */
export const rowChangedMeanwhile = (p: Pick<Planned, 'row' | 'key'>) =>
  staleEdit(msg('files.rowChangedMeanwhile', { row: p.row, key: p.key }));

/**
 * A unique key or a foreign key refused a write: Prisma's codes for its own calls; a raw statement's failure
 * carries PostgreSQL's SQLSTATE (23505, 23503) in its message or metadata.
 */
export function isConflict(error: unknown) {
  const code = prismaCode(error);
  if (code === 'P2002' || code === 'P2003') return true;
  if (code !== 'P2010' && code !== undefined) return false;
  const meta = JSON.stringify((error as { meta?: unknown })?.meta ?? null);
  const text = `${(error as Error)?.message ?? ''} ${meta}`;
  return /\b2350[35]\b|violates (unique|foreign key) constraint/.test(text);
}

/**
 * Another writer got in between the checks and the writes (a key created or a parent deleted meanwhile): the
 * import's refusal, or undefined for any other error.
 */
export function refuseConflict(error: unknown) {
  return isConflict(error) ? staleEdit(msg('files.changedMeanwhile')) : undefined;
}

/** What an import answers in words: why nothing was stored, what a dry run found, or what was stored. */
export function importSummary(report: Pick<ImportReport, 'counts' | 'dry_run' | 'imported' | 'rows'>) {
  const { created, updated, unchanged, error } = report.counts;
  if (error) {
    const rows = msg('files.rows', { count: report.rows.length });
    return msg('files.rowsFailed', { count: error, rows });
  }
  if (report.dry_run) return msg('files.validDryRun', { created, updated, unchanged });
  return msg('files.imported', { count: report.imported, created, updated, unchanged });
}
