import { z } from 'zod';
import { enumOptionsOf, type EnumOption } from './fields.ts';
import type { ResourceDefinition } from './resource.ts';

/**
 * Files in and out of a resource: the columns of its exports, import templates and imports (all three
 * the same, so an export can be edited and imported again), and the shape of an import's answer.
 */

export const fileFormat = z.enum(['csv', 'xlsx'], { error: 'Must be csv or xlsx' });
export type FileFormat = z.infer<typeof fileFormat>;

/** `?format=` of a list download (`GET /api/<R>?format=csv`). */
export const exportQuery = z.object({ format: fileFormat });

/** `?format=` of a template download (XLSX unless asked: it carries the explanations on a second sheet). */
export const templateQuery = z.object({ format: fileFormat.default('xlsx') });

/**
 * Imports of more data rows than this run as a job (`202 {job}`; `GET /api/job/{id}` reports progress and,
 * once done, the report as its result): 2,000 rows check and store in a few seconds, 50,000 take a minute on
 * a busy machine.
 */
export const IMPORT_JOB_ROWS = 2_000;

/** `?dry_run=1` validates only. */
export const importQuery = z.object({
  dry_run: z
    .enum(['0', '1', 'true', 'false'], { error: 'Must be 1 or 0' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

/**
 * What happened to one data row of the file. `unchanged`: the key exists and every value in the file equals
 * the stored one, so nothing is written (an export imported again changes nothing and audits nothing).
 */
export const importRowStatus = z.enum(['created', 'updated', 'unchanged', 'error']);
export type ImportRowStatus = z.infer<typeof importRowStatus>;

export const importRowReport = z.object({
  /** The row number as the user sees it in the file: the header is row 1, the first data row is row 2. */
  row: z.number().int().min(2),
  status: importRowStatus,
  /** Only on errors: field -> messages (`_` for the row as a whole), as in every 422 answer. */
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /**
   * Only on errors: the row's cells as read (field -> value), so the failed rows can be downloaded, fixed and
   * imported again.
   */
  values: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});
export type ImportRowReport = z.infer<typeof importRowReport>;

export const importReport = z.object({
  /** Rows stored: 0 on a dry run and whenever any row failed (nothing is stored then). */
  imported: z.number().int().min(0),
  dry_run: z.boolean(),
  /** In the reader's language (`Accept-Language`), with its code and parameters beside it. */
  message: z.string(),
  message_code: z.string().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  /** On the 422 answer (some rows failed), the code every error answer carries. */
  code: z.literal('VALIDATION_FAILED').optional(),
  counts: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    error: z.number().int(),
  }),
  rows: z.array(importRowReport),
});
export type ImportReport = z.infer<typeof importReport>;

/**
 * The header of the column a failed-rows file adds after the data (what is wrong with each row). An import
 * ignores a column of this name, so the file can be corrected and imported as it is.
 */
export const IMPORT_ERRORS_HEADER = 'Import errors';

/**
 * Formula injection: a CSV cell starting with = + - @ (or a tab or carriage return) is run as a formula by
 * Excel and LibreOffice when the file is opened ("=HYPERLINK(...)" in a paper name). CSV files written by the
 * API or the web app prefix such a text with an apostrophe, which spreadsheets show as text; an import takes
 * exactly one apostrophe off again, so a file written and imported again changes nothing. Text already
 * starting with apostrophes before such a character gets one more, so the mapping stays reversible. XLSX
 * cells are typed strings, never evaluated: no prefix.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

export const guardFormula = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

export const unguardFormula = (text: string) =>
  text.startsWith("'") && FORMULA_START.test(text) ? text.slice(1) : text;

/** One CSV line (RFC 4180 quoting, no line break at the end) of text cells, formulas guarded. */
export const csvLine = (cells: readonly string[]) =>
  cells
    .map((cell) => guardFormula(cell))
    .map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell))
    .join(',');

/** One column of a resource's files. */
export interface FileColumn {
  field: string;
  /** What the file's header row says ("Paper Id"); an import also accepts the field name itself. */
  header: string;
  key: boolean;
  /** A required column must be present in an import and non-empty in every row. */
  required: boolean;
  /** Allowed values of an enumeration, written in files as their codes (`value`). */
  options?: readonly EnumOption<string | number>[];
  /** The field's rules in words, for the template's hint row and Columns sheet. */
  hint: string;
  /** Shown in exports, ignored by imports (joined parent fields, timestamps). */
  readOnly: boolean;
}

export interface FileColumnsOptions {
  /** Headers other than the field name in title case ("paper_id" -> "Paper Id"). */
  headers?: Record<string, string>;
  /**
   * Labels of enumerated fields not made by defineEnum (whose labels are known; other codes are read from the
   * schema).
   */
  enums?: Record<string, { options: readonly EnumOption<string | number>[] }>;
}

/** "paper_id" -> "Paper Id", as the legacy screens label their columns. */
export const headerOf = (field: string) =>
  field
    .split('_')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');

/**
 * How an import matches a header to a column: case, spaces and punctuation do not matter ("Paper ID" =
 * "paper_id").
 */
export const normalizeHeader = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '');

type JsonSchema = {
  type?: string;
  enum?: unknown[];
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  description?: string;
  anyOf?: JsonSchema[];
};

/** The field's rules, read from its zod schema (the contracts are the one definition). */
function describe(schema: z.ZodType): { required: boolean; values?: unknown[]; json: JsonSchema } {
  const required = !schema.safeParse(undefined).success;
  const full = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  const found = full.anyOf?.find((s) => s.type !== 'null') ?? full;
  // A field's own description (`.describe(...)`) says its rule in words better than its pattern can.
  const json = { ...found, description: found.description ?? full.description };
  return { required, values: json.enum, json };
}

function hintOf(
  required: boolean,
  json: JsonSchema,
  options: readonly EnumOption<string | number>[] | undefined,
) {
  const parts = [required ? 'Required.' : 'Optional (leave empty for none).'];
  if (options) {
    const optionText = (o: EnumOption<string | number>) =>
      String(o.value) === o.label ? String(o.value) : `${o.value} = ${o.label}`;
    parts.push(`One of: ${options.map(optionText).join('; ')}.`);
  } else if (json.description) {
    parts.push(json.description);
  } else if (json.pattern) {
    parts.push(
      `Code of at most ${json.maxLength} letters, digits, dots, dashes or underscores, starting with a ` +
        `letter or digit.`,
    );
  } else if (json.type === 'string' && json.maxLength) {
    parts.push(`Text, at most ${json.maxLength} characters.`);
  } else if (json.type === 'number' || json.type === 'integer') {
    parts.push('A number.');
  }
  return parts.join(' ');
}

/**
 * The columns of a resource's files: every field the create form takes (keys first as declared), then the
 * fields shown from parents and the timestamps as read-only columns.
 */
export function fileColumns(
  resource: Pick<ResourceDefinition, 'fields' | 'keyFields' | 'extras'>,
  options: FileColumnsOptions = {},
): FileColumn[] {
  const columns: FileColumn[] = Object.entries(resource.fields).map(([field, schema]) => {
    const { required, values, json } = describe(schema as z.ZodType);
    const enumOptions =
      options.enums?.[field]?.options ??
      enumOptionsOf(schema) ??
      (values ? values.map((v) => ({ value: v as string | number, label: String(v) })) : undefined);
    return {
      field,
      header: options.headers?.[field] ?? headerOf(field),
      key: resource.keyFields.includes(field),
      required,
      options: enumOptions,
      hint: hintOf(required, json, enumOptions),
      readOnly: false,
    };
  });
  const readOnly = [...Object.keys(resource.extras), 'created_at', 'updated_at'].map((field) => ({
    field,
    header: options.headers?.[field] ?? headerOf(field),
    key: false,
    required: false,
    hint: 'Shown for reference; an import ignores this column.',
    readOnly: true,
  }));
  return [...columns, ...readOnly];
}
