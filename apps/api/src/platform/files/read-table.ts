import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { loadExcelJS } from './load-exceljs.ts';
import type { FileColumn, FileFormat } from '@exam/contracts';
import { AppError } from '../http/errors.ts';
import { unguardFormula } from './cells.ts';
import {
  csvMalformed,
  detectFormat,
  isBlank,
  matchHeader,
  noWorksheet,
  refuseLateHeader,
  refuseNonUtf8,
  refuseTooManyRows,
  refuseValueWithoutHeader,
  refuseWithoutRows,
  xlsxUnreadable,
  type Cell,
  type Header,
} from './table-rules.ts';

export type { Cell } from './table-rules.ts';

export interface TableRow {
  /** As the user sees it: the header is row 1. */
  row: number;
  /** Field -> cell, for the columns the file has (read-only columns left out). */
  values: Record<string, Cell>;
}

export interface Table {
  format: FileFormat;
  /** Fields the file has a column for. */
  fields: Set<string>;
  rows: TableRow[];
}

/** Excel writes `;` or tabs in some locales: the header line's most frequent separator wins. */
function delimiterOf(buffer: Buffer) {
  const end = buffer.subarray(0, 1024 * 1024).indexOf(0x0a);
  const firstLine = buffer
    .subarray(0, end < 0 ? 1024 * 1024 : end)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .replace(/\r$/, '');
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

/**
 * Bytes handed to the CSV parser at a time: the file is parsed as it is read, never held as text or as rows.
 */
const SLICE = 256 * 1024;

/**
 * Whether a CSV file's records are its lines split at the delimiter, exactly as csv-parse reads them: no
 * quote character anywhere, and its lines end all in LF or all in CRLF (no other CR). Most files are (the
 * bench's, an export without commas in its text); any other is read by csv-parse.
 */
function plainLines(buffer: Buffer) {
  if (buffer.includes(0x22)) return undefined;
  let lf = 0;
  let crlf = 0;
  for (let i = buffer.indexOf(0x0a); i >= 0; i = buffer.indexOf(0x0a, i + 1)) {
    lf += 1;
    if (i > 0 && buffer[i - 1] === 0x0d) crlf += 1;
  }
  let cr = 0;
  for (let i = buffer.indexOf(0x0d); i >= 0; i = buffer.indexOf(0x0d, i + 1)) cr += 1;
  if (cr === 0) return { crlf: false };
  return cr === crlf && crlf === lf ? { crlf: true } : undefined;
}

/**
 * The records of a quote-free CSV file (`plainLines`), one line at a time: each line decoded and split,
 * the file never held as text. As csv-parse: a BOM dropped, an empty line one empty cell, the end of the
 * last line no further record.
 */
function* lineRecords(buffer: Buffer, delimiter: string, crlf: boolean): Generator<Cell[]> {
  let start = buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf ? 3 : 0;
  const eol = crlf ? 2 : 1;
  while (start < buffer.length) {
    const lf = buffer.indexOf(0x0a, start);
    const end = lf < 0 ? buffer.length : lf + 1 - eol;
    yield buffer.toString('utf8', start, end).split(delimiter);
    if (lf < 0) return;
    start = lf + 1;
  }
}

/**
 * The records of a CSV file one at a time: a quote-free file by its lines (`lineRecords`, several times
 * faster than csv-parse; an import reads its file twice: the request's check and the job), any other through
 * csv-parse's stream, fed slices of the buffer.
 */
async function* csvRecords(buffer: Buffer): AsyncGenerator<Cell[]> {
  const plain = plainLines(buffer);
  if (plain) {
    yield* lineRecords(buffer, delimiterOf(buffer), plain.crlf);
    return;
  }
  const parser = parse({
    bom: true,
    delimiter: delimiterOf(buffer),
    relax_column_count: true,
    skip_empty_lines: false,
  });
  Readable.from(
    (function* () {
      for (let i = 0; i < buffer.length; i += SLICE) yield buffer.subarray(i, i + SLICE);
    })(),
  ).pipe(parser);
  try {
    for await (const record of parser) yield record as string[];
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw csvMalformed(error as Error);
  } finally {
    parser.destroy();
  }
}

/** An exceljs cell value as plain data: formulas by their result, rich text and links by their text. */
function plainCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  const v = value as { result?: unknown; richText?: { text: string }[]; text?: unknown; error?: string };
  if ('result' in v) return plainCell(v.result);
  if (v.richText) return v.richText.map((r) => r.text).join('');
  if (v.text !== undefined) return plainCell(v.text);
  if (v.error) return v.error;
  return String(value);
}

/**
 * The first worksheet. Read whole, not with exceljs's streaming WorkbookReader: that one decodes each chunk
 * of the sheet on its own and turns a Devanagari letter split across two chunks into U+FFFD (exceljs issues
 * #2063, #2316; about one row in 4,000 of a Hindi export). The file is in memory already, within the limit.
 */
async function readXlsx(buffer: Buffer): Promise<Cell[][]> {
  const workbook = new (await loadExcelJS()).Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch (error) {
    throw xlsxUnreadable(error as Error);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw noWorksheet();
  const rows: Cell[][] = [];
  // exceljs numbers rows and cells from 1; blank rows are absent, so positions are kept by number.
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    rows[number - 1] = (row.values as unknown[]).slice(1).map(plainCell);
  });
  return Array.from(rows, (r) => r ?? []);
}

interface TableOptions {
  filename?: string;
  columns: readonly FileColumn[];
  maxRows: number;
  skipRows?: readonly (readonly string[])[];
}

/**
 * The data rows of a file's records, checked (cells without a header, the row limit), blank and template rows
 * skipped.
 */
async function* dataRows(
  records: AsyncIterable<Cell[]>,
  format: FileFormat,
  options: TableOptions,
): AsyncGenerator<TableRow, Header> {
  const skip = new Set((options.skipRows ?? []).map((r) => JSON.stringify(r)));
  // A template row's first cell, so that most rows are told from the template's rows without building their
  // text.
  const skipFirst = new Set((options.skipRows ?? []).map((r) => r[0] ?? ''));
  let header: Cell[] | undefined;
  let columns: Header | undefined;
  let r = -1;
  let count = 0;
  for await (const row of records) {
    r += 1;
    if (!header) {
      if (row.every(isBlank)) continue;
      const late = refuseLateHeader(r);
      if (late) throw late;
      header = row;
      columns = matchHeader(row, options.columns);
      continue;
    }
    if (row.every(isBlank)) continue;
    const orphan = refuseValueWithoutHeader(r, row, header, columns!.ignored);
    if (orphan) throw orphan;
    const values: Record<string, Cell> = {};
    columns!.mapped.forEach((column, i) => {
      if (!column || column.readOnly) return;
      const cell = row[i] ?? null;
      values[column.field] = typeof cell === 'string' && format === 'csv' ? unguardFormula(cell) : cell;
    });
    const present = columns!.present;
    if (
      skipFirst.has(String(values[present[0]?.field ?? ''] ?? '')) &&
      skip.has(JSON.stringify(present.map((c) => String(values[c.field] ?? ''))))
    )
      continue;
    const tooMany = refuseTooManyRows(count, options.maxRows);
    if (tooMany) throw tooMany;
    count += 1;
    yield { row: r + 1, values };
  }
  const empty = refuseWithoutRows(columns, count);
  if (empty) throw empty;
  return columns!;
}

/** The first record that is not blank (the header row), reading no further. */
async function firstRecord(records: AsyncIterable<Cell[]>) {
  for await (const row of records) if (!row.every(isBlank)) return row;
  return undefined;
}

/**
 * A file's data rows, read again from the file each time they are wanted: an import holds a chunk of them at
 * a time.
 */
export interface TableSource {
  format: FileFormat;
  /** Fields the file has a column for. */
  fields: Set<string>;
  /** How many data rows the file has. */
  count: number;
  /** The data rows in the file's order, at most `size` at a time. */
  chunks(size: number): AsyncIterable<TableRow[]>;
}

/** Rows already in memory (a test's, or an old job's) as a source. */
export function tableSource(table: Table): TableSource {
  return {
    format: table.format,
    fields: table.fields,
    count: table.rows.length,
    async *chunks(size) {
      for (let i = 0; i < table.rows.length; i += size) yield table.rows.slice(i, i + size);
    },
  };
}

/**
 * Opens a CSV or XLSX file for import, matching its header row to the columns, and reads it through once to
 * refuse at once a file with unknown, repeated or missing required columns, cells without a header, too many
 * or no data rows. Blank rows and the template's hint and example rows (`skipRows`, as cells) are skipped. A
 * CSV file is parsed as a stream each time its rows are read (its rows are never all in memory); an XLSX
 * workbook is read whole, once.
 */
export async function openTable(
  buffer: Buffer,
  options: TableOptions,
  checked?: { count: number },
): Promise<TableSource> {
  const format = detectFormat(buffer, options.filename);
  const notUtf8 = format === 'csv' ? refuseNonUtf8(buffer) : undefined;
  if (notUtf8) throw notUtf8;
  const sheet = format === 'xlsx' ? await readXlsx(buffer) : undefined;
  const records = (): AsyncIterable<Cell[]> =>
    sheet
      ? (async function* () {
          yield* sheet;
        })()
      : csvRecords(buffer);
  let count = 0;
  let fields: Set<string>;
  if (checked) {
    // Read through before (by the request that queued the job): only the header is read again here.
    count = checked.count;
    const header = await firstRecord(records());
    fields = matchHeader(header ?? [], options.columns).fields;
  } else {
    const rows = dataRows(records(), format, options);
    let next = await rows.next();
    for (; !next.done; next = await rows.next()) count += 1;
    fields = next.value.fields;
  }
  return {
    format,
    fields,
    count,
    async *chunks(size) {
      let chunk: TableRow[] = [];
      for await (const row of dataRows(records(), format, options)) {
        chunk.push(row);
        if (chunk.length >= size) {
          yield chunk;
          chunk = [];
        }
      }
      if (chunk.length) yield chunk;
    },
  };
}
