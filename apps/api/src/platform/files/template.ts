import { PassThrough } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { FileColumn, FileFormat } from '@exam/contracts';
import { guardFormula } from './cells.ts';
import { writeXlsx } from './export.ts';

/** A value that passes the column's rules, for the template's example row (a resource may give its own). */
function exampleOf(column: FileColumn, given?: string | number) {
  if (given !== undefined) return given;
  if (column.options) return column.options[0]!.value;
  if (column.key) return 'EXAMPLE-1';
  return column.required ? `Example ${column.header.toLowerCase()}`.slice(0, 30) : '';
}

export interface Template {
  columns: FileColumn[];
  hintRow: string[];
  exampleRow: (string | number)[];
}

/**
 * The import template of a resource: the header row, a row saying what each column takes, and an example row.
 * An import skips rows equal to these two, so a template filled in below them imports as it is.
 */
export function templateOf(
  columns: readonly FileColumn[],
  examples: Record<string, string | number> = {},
): Template {
  const writable = columns.filter((c) => !c.readOnly);
  return {
    columns: writable,
    hintRow: writable.map((c) => c.hint),
    exampleRow: writable.map((c) => exampleOf(c, examples[c.field])),
  };
}

/** The rows an import recognises as the template's own, as text cells. */
export const templateRows = (template: Template) => [template.hintRow, template.exampleRow.map(String)];

/** The template as a file: CSV (UTF-8 with BOM) or XLSX with a Columns sheet explaining each column. */
export async function templateFile(template: Template, format: FileFormat, title: string): Promise<Buffer> {
  if (format === 'csv') {
    const rows = [
      template.columns.map((c) => c.header),
      template.hintRow,
      template.exampleRow.map((v) => guardFormula(String(v))),
    ];
    return Buffer.from(stringify(rows, { bom: true, record_delimiter: 'windows' }), 'utf8');
  }
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on('data', (chunk: Buffer) => parts.push(chunk));
  await writeXlsx(out, template.columns, [], {
    sheetName: title,
    noteRows: [template.hintRow, template.exampleRow],
    explain: true,
    styled: true,
  });
  return Buffer.concat(parts);
}
