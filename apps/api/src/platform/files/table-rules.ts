import { isUtf8 } from 'node:buffer';
import {
  IMPORT_ERRORS_HEADER,
  list,
  msg,
  normalizeHeader,
  type FileColumn,
  type FileFormat,
  type Message,
} from '@exam/contracts';
import { AppError } from '../http/errors.ts';

/**
 * The rules that decide whether a file can be read as a table for an import at all: its format, its
 * encoding, its header row, its cells and its size. Each answers a refusal (an AppError to throw) or what it
 * found; none reads a file from anywhere but the bytes or cells it is given.
 */

export type Cell = string | number | boolean | null;

/** A file that cannot be imported at all: the message says what is wrong and how to fix it. */
export const badFile = (message: Message) => new AppError('MALFORMED_REQUEST', message);

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);
/** How to save the file again in a format that can be read. */
const how = msg('files.saveAs');

/** Tells CSV from XLSX by content (names and browsers' types are unreliable), refusing what is neither. */
export function detectFormat(buffer: Buffer, filename = ''): FileFormat {
  if (buffer.length === 0) throw badFile(msg('files.empty'));
  if (buffer.subarray(0, 4).equals(ZIP)) return 'xlsx';
  if (buffer.subarray(0, 4).equals(OLE))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', msg('files.oldExcel', { how }));
  if (/\.xlsx$/i.test(filename)) throw badFile(msg('files.notAWorkbook'));
  if ((buffer[0] === 0xff && buffer[1] === 0xfe) || (buffer[0] === 0xfe && buffer[1] === 0xff)) {
    throw badFile(msg('files.utf16', { how }));
  }
  // Text never holds NUL bytes: a PDF, an image or another binary file.
  if (buffer.subarray(0, 8192).includes(0))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', msg('files.neitherCsvNorXlsx', { how }));
  return 'csv';
}

/** UTF-8 or refused: a Windows code page would turn Hindi into question marks or mojibake without a word. */
export function refuseNonUtf8(buffer: Buffer) {
  if (isUtf8(buffer)) return undefined;
  return badFile(msg('files.notUtf8', { how }));
}

/** csv-parse's refusal of a file, near the line it stopped at. */
export function csvMalformed(error: Error & { lines?: number }) {
  const reason = /^Invalid Record Length:.*$/.test(error.message) ? msg('files.unevenRows') : error.message;
  return badFile(
    error.lines
      ? msg('files.csvMalformedNearLine', { line: error.lines, reason })
      : msg('files.csvMalformed', { reason }),
  );
}

/** exceljs could not open the workbook. */
export const xlsxUnreadable = (error: Error) =>
  badFile(msg('files.xlsxUnreadable', { reason: error.message }));

export const noWorksheet = () => badFile(msg('files.noWorksheet'));

export const isBlank = (cell: Cell | undefined) =>
  cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');

/** Column letter(s) as spreadsheets show them: 0 -> A, 26 -> AA. */
export const columnLetter = (index: number): string =>
  (index >= 26 ? columnLetter(Math.floor(index / 26) - 1) : '') + String.fromCharCode(65 + (index % 26));

/** The header row matched to the columns: which field each column holds, and columns to pass over. */
export interface Header {
  mapped: (FileColumn | undefined)[];
  ignored: Set<number>;
  /** The writable columns the file has, in the columns' order. */
  present: FileColumn[];
  fields: Set<string>;
}

/**
 * Matches a header row to the columns (case, spaces and punctuation do not matter; a column may be named by
 * its field), refusing a column named twice, unknown columns and missing required ones.
 */
export function matchHeader(header: readonly Cell[], columns: readonly FileColumn[]): Header {
  const byName = new Map<string, FileColumn>();
  for (const c of columns) {
    byName.set(normalizeHeader(c.header), c);
    byName.set(normalizeHeader(c.field), c);
  }
  const mapped: (FileColumn | undefined)[] = [];
  const seen = new Map<string, number>();
  const unknown: Message[] = [];
  const ignored = new Set<number>();
  header.forEach((cell, i) => {
    if (isBlank(cell)) return;
    const name = String(cell).trim();
    // A failed-rows file, corrected: its column of error messages is not data.
    if (normalizeHeader(name) === normalizeHeader(IMPORT_ERRORS_HEADER)) return void ignored.add(i);
    const column = byName.get(normalizeHeader(name));
    if (!column) return void unknown.push(msg('files.namedColumn', { name, letter: columnLetter(i) }));
    if (seen.has(column.field)) {
      const first = columnLetter(seen.get(column.field)!);
      throw badFile(msg('files.columnTwice', { column: column.header, first, second: columnLetter(i) }));
    }
    seen.set(column.field, i);
    mapped[i] = column;
  });
  const expected = columns
    .filter((c) => !c.readOnly)
    .map((c) => c.header)
    .join(', ');
  if (unknown.length)
    throw badFile(msg('files.unknownColumns', { count: unknown.length, columns: list(unknown), expected }));
  const missing = columns.filter((c) => c.required && !c.readOnly && !seen.has(c.field));
  if (missing.length) {
    const names = missing.map((c) => c.header).join(', ');
    throw badFile(msg('files.missingColumns', { count: missing.length, columns: names, expected }));
  }
  const present = columns.filter((c) => !c.readOnly && seen.has(c.field));
  return { mapped, ignored, present, fields: new Set(present.map((c) => c.field)) };
}

/** The header must be the first row that is not blank, and row 1 (`index` counts from 0). */
export function refuseLateHeader(index: number) {
  if (index === 0) return undefined;
  return badFile(msg('files.headerNotFirst', { row: index + 1 }));
}

/** A value in a column without a header cannot be placed (`index` counts from 0). */
export function refuseValueWithoutHeader(
  index: number,
  row: readonly Cell[],
  header: readonly Cell[],
  ignored: Set<number>,
) {
  const orphan = row.findIndex((c, i) => !isBlank(c) && !ignored.has(i) && isBlank(header[i] ?? null));
  if (orphan < 0) return undefined;
  return badFile(msg('files.valueWithoutHeader', { row: index + 1, column: columnLetter(orphan) }));
}

/** One more data row than an import takes. */
export function refuseTooManyRows(count: number, maxRows: number) {
  if (count < maxRows) return undefined;
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    msg('files.tooManyRows', { max: maxRows.toLocaleString('en-IN') }),
  );
}

/** A file with no header row, or with no data rows under it. */
export function refuseWithoutRows(header: Header | undefined, count: number) {
  if (!header) return badFile(msg('files.noRows'));
  if (!count) return badFile(msg('files.noDataRows'));
  return undefined;
}
