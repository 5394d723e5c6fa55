import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { loadExcelJS } from './load-exceljs.ts';
import { IMPORT_ERRORS_HEADER, normalizeHeader, type FileColumn, type FileFormat } from '@exam/contracts';
import { AppError } from '../http/errors.ts';
import { unguardFormula } from './cells.ts';

export type Cell = string | number | boolean | null;

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

/** A file that cannot be imported at all: the message says what is wrong and how to fix it. */
export const badFile = (message: string) => new AppError('MALFORMED_REQUEST', message);

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);
const SAVE_AS =
  "In Excel use File > Save As and choose 'CSV UTF-8 (Comma delimited)' or 'Excel Workbook (.xlsx)'.";

/** Tells CSV from XLSX by content (names and browsers' types are unreliable), refusing what is neither. */
export function detectFormat(buffer: Buffer, filename = ''): FileFormat {
  if (buffer.length === 0) throw badFile('The file is empty.');
  if (buffer.subarray(0, 4).equals(ZIP)) return 'xlsx';
  if (buffer.subarray(0, 4).equals(OLE))
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `The file is an old Excel 97-2003 workbook (.xls), which cannot be read. ${SAVE_AS}`,
    );
  if (/\.xlsx$/i.test(filename))
    throw badFile('The file is named .xlsx but is not an Excel workbook (it may be damaged or renamed).');
  if ((buffer[0] === 0xff && buffer[1] === 0xfe) || (buffer[0] === 0xfe && buffer[1] === 0xff)) {
    throw badFile(`The file is saved as 'Unicode Text' (UTF-16). ${SAVE_AS}`);
  }
  // Text never holds NUL bytes: a PDF, an image or another binary file.
  if (buffer.subarray(0, 8192).includes(0))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `The file is neither CSV nor XLSX. ${SAVE_AS}`);
  return 'csv';
}

/** UTF-8 or refused: a Windows code page would turn Hindi into question marks or mojibake without a word. */
function checkUtf8(buffer: Buffer) {
  if (!isUtf8(buffer)) {
    throw badFile(
      `The file is not UTF-8 text (it was probably saved as 'CSV (Comma delimited)', which uses a ` +
        `Windows code page and cannot hold Hindi). ${SAVE_AS}`,
    );
  }
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

/** The records of a CSV file one at a time (csv-parse's stream, fed slices of the buffer). */
async function* csvRecords(buffer: Buffer): AsyncGenerator<Cell[]> {
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
    const where = (error as { lines?: number }).lines;
    throw badFile(
      `The CSV file is malformed${where ? ` near line ${where}` : ''}: ${(error as Error).message.replace(/^Invalid Record Length:.*$/, 'rows have different numbers of columns')}`,
    );
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
    throw badFile(
      `The Excel file cannot be read (${(error as Error).message}). Save it again as 'Excel Workbook (.xlsx)'.`,
    );
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badFile('The Excel file has no worksheet.');
  const rows: Cell[][] = [];
  // exceljs numbers rows and cells from 1; blank rows are absent, so positions are kept by number.
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    rows[number - 1] = (row.values as unknown[]).slice(1).map(plainCell);
  });
  return Array.from(rows, (r) => r ?? []);
}

const isBlank = (cell: Cell | undefined) =>
  cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');

/** Column letter(s) as spreadsheets show them: 0 -> A, 26 -> AA. */
export const columnLetter = (index: number): string =>
  (index >= 26 ? columnLetter(Math.floor(index / 26) - 1) : '') + String.fromCharCode(65 + (index % 26));

interface TableOptions {
  filename?: string;
  columns: readonly FileColumn[];
  maxRows: number;
  skipRows?: readonly (readonly string[])[];
}

/** The header row matched to the columns: which field each column holds, and columns to pass over. */
function readHeader(header: Cell[], columns: readonly FileColumn[]) {
  const byName = new Map<string, FileColumn>();
  for (const c of columns) {
    byName.set(normalizeHeader(c.header), c);
    byName.set(normalizeHeader(c.field), c);
  }
  const mapped: (FileColumn | undefined)[] = [];
  const seen = new Map<string, number>();
  const unknown: string[] = [];
  const ignored = new Set<number>();
  header.forEach((cell, i) => {
    if (isBlank(cell)) return;
    const name = String(cell).trim();
    // A failed-rows file, corrected: its column of error messages is not data.
    if (normalizeHeader(name) === normalizeHeader(IMPORT_ERRORS_HEADER)) return void ignored.add(i);
    const column = byName.get(normalizeHeader(name));
    if (!column) return unknown.push(`"${name}" (column ${columnLetter(i)})`);
    if (seen.has(column.field))
      throw badFile(
        `Column ${column.header} appears twice (columns ${columnLetter(seen.get(column.field)!)} and ${columnLetter(i)}).`,
      );
    seen.set(column.field, i);
    mapped[i] = column;
  });
  const expected = columns
    .filter((c) => !c.readOnly)
    .map((c) => c.header)
    .join(', ');
  if (unknown.length)
    throw badFile(
      `Unknown column${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}. The columns are: ` +
        `${expected}. Download the template to start from the right header row.`,
    );
  const missing = columns.filter((c) => c.required && !c.readOnly && !seen.has(c.field));
  if (missing.length)
    throw badFile(
      `Missing column${missing.length > 1 ? 's' : ''}: ${missing.map((c) => c.header).join(', ')}. The ` +
        `columns are: ${expected}.`,
    );
  const present = columns.filter((c) => !c.readOnly && seen.has(c.field));
  return { mapped, ignored, present, fields: new Set(present.map((c) => c.field)) };
}

/**
 * The data rows of a file's records, checked (cells without a header, the row limit), blank and template rows
 * skipped.
 */
async function* dataRows(
  records: AsyncIterable<Cell[]>,
  format: FileFormat,
  options: TableOptions,
): AsyncGenerator<TableRow, ReturnType<typeof readHeader>> {
  const skip = new Set((options.skipRows ?? []).map((r) => JSON.stringify(r)));
  let header: Cell[] | undefined;
  let columns: ReturnType<typeof readHeader> | undefined;
  let r = -1;
  let count = 0;
  for await (const row of records) {
    r += 1;
    if (!header) {
      if (row.every(isBlank)) continue;
      if (r > 0)
        throw badFile(
          `Row 1 must be the header row (the column names of the template); the file starts at row ${r + 1}.`,
        );
      header = row;
      columns = readHeader(row, options.columns);
      continue;
    }
    if (row.every(isBlank)) continue;
    const orphan = row.findIndex(
      (c, i) => !isBlank(c) && !columns!.ignored.has(i) && isBlank(header![i] ?? null),
    );
    if (orphan >= 0)
      throw badFile(`Row ${r + 1} has a value in column ${columnLetter(orphan)}, which has no header.`);
    const values: Record<string, Cell> = {};
    columns!.mapped.forEach((column, i) => {
      if (!column || column.readOnly) return;
      const cell = row[i] ?? null;
      values[column.field] = typeof cell === 'string' && format === 'csv' ? unguardFormula(cell) : cell;
    });
    if (skip.has(JSON.stringify(columns!.present.map((c) => String(values[c.field] ?? ''))))) continue;
    if (count >= options.maxRows) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `The file has more than ${options.maxRows.toLocaleString('en-IN')} rows, the most one import ` +
          `takes. Split it into smaller files.`,
      );
    }
    count += 1;
    yield { row: r + 1, values };
  }
  if (!columns) throw badFile('The file has no rows.');
  if (!count) throw badFile('The file has a header row but no data rows.');
  return columns;
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
  if (format === 'csv') checkUtf8(buffer);
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
    fields = readHeader(header ?? [], options.columns).fields;
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
