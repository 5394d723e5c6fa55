import { once } from 'node:events';
import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { stringify } from 'csv-stringify/sync';
import type ExcelJS from 'exceljs';
import { loadExcelJS } from './load-exceljs.ts';
import type { FileColumn, FileFormat } from '@exam/contracts';
import { cellText, guardFormula } from './cells.ts';

export type Row = Record<string, unknown>;

export const CONTENT_TYPES: Record<FileFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * `paper-2026-11-24.csv`: the resource and the server's local date, so repeated downloads sort and do not
 * collide.
 */
export function exportFilename(name: string, format: FileFormat, now = new Date()) {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${name}-${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}.${format}`;
}

/** Characters XML 1.0 cannot carry (an XLSX with one does not open); PostgreSQL text may hold them. */
// eslint-disable-next-line no-control-regex -- these control characters are exactly what must go
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** CSV: a row as text cells, formula-looking text guarded (see cells.ts). */
const csvCells = (columns: readonly FileColumn[], row: Row) =>
  columns.map((c) => {
    const value = row[c.field];
    return typeof value === 'string' ? guardFormula(value) : cellText(value);
  });

/** XLSX: numbers stay numbers (numeric codes), everything else typed text, which Excel never evaluates. */
const xlsxCells = (columns: readonly FileColumn[], row: Row) =>
  columns.map((c) => {
    const value = row[c.field];
    if (typeof value === 'number' || value === null || value === undefined) return value ?? null;
    return cellText(value).replace(XML_INVALID, '');
  });

const columnWidth = (column: FileColumn) => Math.min(40, Math.max(10, column.header.length + 2));

/** Rows per chunk of a CSV download: one socket write per row would cost more than the rows themselves. */
const CSV_CHUNK_ROWS = 500;

/** A CSV stream: UTF-8 with a byte order mark (Excel reads Devanagari correctly only with it), CRLF lines. */
export function csvStream(
  columns: readonly FileColumn[],
  rows: Iterable<Row> | AsyncIterable<Row>,
): Readable {
  async function* chunks() {
    yield stringify([columns.map((c) => c.header)], { bom: true, record_delimiter: 'windows' });
    let batch: string[][] = [];
    for await (const row of rows) {
      batch.push(csvCells(columns, row));
      if (batch.length === CSV_CHUNK_ROWS) {
        yield stringify(batch, { record_delimiter: 'windows' });
        batch = [];
      }
    }
    if (batch.length) yield stringify(batch, { record_delimiter: 'windows' });
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** Writes a sheet named `Columns` explaining every column: for templates and beside exports. */
function addColumnsSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, columns: readonly FileColumn[]) {
  const sheet = workbook.addWorksheet('Columns', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: 'Column', key: 'header', width: 24 },
    { header: 'Field', key: 'field', width: 20 },
    { header: 'Required', key: 'required', width: 10 },
    { header: 'What to enter', key: 'hint', width: 90 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const c of columns) {
    sheet
      .addRow({
        header: c.header,
        field: c.field,
        required: c.readOnly ? 'read-only' : c.required ? 'yes' : 'no',
        hint: c.hint,
      })
      .commit();
  }
  sheet.commit();
}

export interface XlsxOptions {
  sheetName: string;
  /** Rows written in italics under the header (the template's hint and example rows). */
  noteRows?: readonly (readonly unknown[])[];
  /** Also explain the columns on a second sheet. */
  explain?: boolean;
  /**
   * Bold header, italic notes. exceljs's style manager costs per cell (100,000 rows of 21 columns: 14 s
   * styled, 5.6 s plain), so large exports are written plain; templates are styled.
   */
  styled?: boolean;
}

/**
 * Streams an XLSX workbook to `out` with exceljs's streaming writer: rows are committed as they come, and
 * between batches it waits while `out` is full, so a slow reader holds back the database reads instead of
 * filling memory.
 */
export async function writeXlsx(
  out: Writable,
  columns: readonly FileColumn[],
  rows: Iterable<Row> | AsyncIterable<Row>,
  options: XlsxOptions,
) {
  const workbook = new (await loadExcelJS()).stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: options.styled ?? false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(options.sheetName.slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.field, width: columnWidth(c) }));
  sheet.getRow(1).font = { bold: true };
  for (const note of options.noteRows ?? []) {
    const row = sheet.addRow([...note]);
    row.font = { italic: true, color: { argb: 'FF666666' } };
    row.commit();
  }
  let written = 0;
  for await (const row of rows) {
    sheet.addRow(xlsxCells(columns, row)).commit();
    if (++written % 500 === 0 && out.writableNeedDrain) await once(out, 'drain');
  }
  sheet.commit();
  if (options.explain) addColumnsSheet(workbook, columns);
  await workbook.commit();
}

/** Counts bytes on their way out (for the log line of an export). */
const counting = (counter: { bytes: number }) =>
  new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counter.bytes += chunk.length;
      callback(null, chunk);
    },
  });

export interface ExportRequest {
  format: FileFormat;
  columns: readonly FileColumn[];
  rows: AsyncIterable<Row>;
  /** Resource name: the file is `<name>-<date>.<format>`, the sheet `<title>`. */
  name: string;
  title: string;
}

/**
 * Answers a list as a file download. The first batch is read before anything is sent, so a database that
 * fails at once still gets a proper error answer; a failure later can only cut the download short (the
 * connection is closed, so the client sees an incomplete transfer, never a file that looks complete).
 */
export async function sendExport(res: Response, { format, columns, rows, name, title }: ExportRequest) {
  const iterator = rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* all() {
    if (first.done) return;
    yield first.value;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  res.status(200);
  res.attachment(exportFilename(name, format));
  res.type(CONTENT_TYPES[format]);
  const counter = { bytes: 0 };
  const started = Date.now();
  try {
    if (format === 'csv') {
      await pipeline(csvStream(columns, all()), counting(counter), res);
    } else {
      const out = counting(counter);
      await Promise.all([
        pipeline(out, res),
        writeXlsx(out, columns, all(), { sheetName: title, explain: true }),
      ]);
    }
    res.req.log?.info(
      { export: name, format, bytes: counter.bytes, ms: Date.now() - started },
      'export sent',
    );
  } catch (error) {
    await iterator.return?.();
    res.req.log?.warn({ export: name, format, err: (error as Error).message }, 'export cut short');
    if (!res.destroyed) res.destroy();
  }
}
