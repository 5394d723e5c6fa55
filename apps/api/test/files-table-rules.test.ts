import { describe, expect, it } from 'vitest';
import { fileColumns, paperResource } from '@exam/contracts';
import { AppError } from '../src/platform/http/errors.ts';
import { renderMessage } from '../src/platform/i18n/messages.ts';
import {
  columnLetter,
  csvMalformed,
  detectFormat,
  matchHeader,
  refuseLateHeader,
  refuseNonUtf8,
  refuseTooManyRows,
  refuseValueWithoutHeader,
  refuseWithoutRows,
} from '../src/platform/files/table-rules.ts';

const columns = fileColumns(paperResource);

/** The refusal a rule throws (or undefined when it throws nothing). */
function thrown(fn: () => unknown): AppError | undefined {
  try {
    fn();
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

/** Whether a file can be read as a table at all, without a database: refusal codes and parameters. */
describe('table rules', () => {
  it('tell CSV from XLSX by content and refuse what is neither, saying how to save it again', () => {
    expect(detectFormat(Buffer.from('a,b\n1,2\n'))).toBe('csv');
    expect(detectFormat(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0]))).toBe('xlsx');
    expect(thrown(() => detectFormat(Buffer.alloc(0)))?.reason.code).toBe('files.empty');
    const xls = thrown(() => detectFormat(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2])))!;
    expect(xls.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(xls.reason).toEqual({ code: 'files.oldExcel', params: { how: { code: 'files.saveAs' } } });
    expect(xls.message).toBe(
      'The file is an old Excel 97-2003 workbook (.xls), which cannot be read. In Excel use File > Save ' +
        "As and choose 'CSV UTF-8 (Comma delimited)' or 'Excel Workbook (.xlsx)'.",
    );
    expect(renderMessage(xls.reason, 'hi')).toMatch(/^यह फ़ाइल पुरानी Excel 97-2003 वर्कबुक .* Save As/);
    const named = thrown(() => detectFormat(Buffer.from('a,b'), 'marks.XLSX'));
    expect(named?.reason.code).toBe('files.notAWorkbook');
    expect(thrown(() => detectFormat(Buffer.from([0xff, 0xfe, 0x61, 0])))?.reason.code).toBe('files.utf16');
    const binary = thrown(() => detectFormat(Buffer.from([0x25, 0x50, 0x44, 0x46, 0])))!;
    expect(binary.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(binary.reason.code).toBe('files.neitherCsvNorXlsx');
  });

  it('refuse text that is not UTF-8, and name where the CSV parser stopped', () => {
    expect(refuseNonUtf8(Buffer.from('पत्र,नाम', 'utf8'))).toBeUndefined();
    expect(refuseNonUtf8(Buffer.from([0x61, 0xe9, 0x62]))?.reason.code).toBe('files.notUtf8');
    const uneven = csvMalformed(
      Object.assign(new Error('Invalid Record Length: expect 3, got 2'), { lines: 4 }),
    );
    expect(uneven.reason).toEqual({
      code: 'files.csvMalformedNearLine',
      params: { line: 4, reason: { code: 'files.unevenRows' } },
    });
    expect(uneven.message).toBe(
      'The CSV file is malformed near line 4: rows have different numbers of columns',
    );
    const quote = csvMalformed(new Error('Invalid Closing Quote'));
    expect(quote.message).toBe('The CSV file is malformed: Invalid Closing Quote');
  });

  it('match a header by name or field, whatever the case, and pass over the failed-rows column', () => {
    const header = matchHeader(['PAPER ID', 'paper_name', 'Import errors', 'Dept Name'], columns);
    expect([...header.fields]).toEqual(['paper_id', 'paper_name']);
    expect(header.ignored).toEqual(new Set([2]));
    expect(header.mapped[3]?.readOnly).toBe(true);
  });

  it('refuse a column named twice, unknown columns and missing required ones, naming the columns', () => {
    const twice = thrown(() => matchHeader(['Paper Id', 'Paper Name', 'paper_id'], columns))!;
    expect(twice.reason).toEqual({
      code: 'files.columnTwice',
      params: { column: 'Paper Id', first: 'A', second: 'C' },
    });
    const unknown = thrown(() => matchHeader(['Paper Id', 'Paper Name', 'Colour', 'Size'], columns))!;
    expect(unknown.reason.code).toBe('files.unknownColumns');
    expect(unknown.message).toMatch(
      /^Unknown columns "Colour" \(column C\), "Size" \(column D\)\. The columns/,
    );
    const one = thrown(() => matchHeader(['Paper Id', 'Paper Name', 'Colour'], columns))!;
    expect(one.message).toMatch(
      /^Unknown column "Colour" \(column C\)\. The columns are: Paper Id, Paper Name/,
    );
    const missing = thrown(() => matchHeader(['Paper Code'], columns))!;
    expect(missing.reason.code).toBe('files.missingColumns');
    expect(missing.message).toMatch(/^Missing columns: Paper Id, Paper Name\. The columns are: /);
    expect(renderMessage(missing.reason, 'hi')).toMatch(/^स्तंभ अनुपस्थित हैं: Paper Id, Paper Name।/);
  });

  it('want the header in row 1, a header over every value, data, and no more rows than allowed', () => {
    expect(refuseLateHeader(0)).toBeUndefined();
    expect(refuseLateHeader(2)?.reason).toEqual({ code: 'files.headerNotFirst', params: { row: 3 } });
    expect(
      refuseValueWithoutHeader(4, ['P1', '', 'x'], ['Paper Id', 'Paper Name'], new Set())?.reason,
    ).toEqual({
      code: 'files.valueWithoutHeader',
      params: { row: 5, column: 'C' },
    });
    expect(refuseValueWithoutHeader(4, ['P1', 'x'], ['Paper Id', 'Paper Name'], new Set())).toBeUndefined();
    expect(refuseTooManyRows(49_999, 50_000)).toBeUndefined();
    const tooMany = refuseTooManyRows(50_000, 50_000)!;
    expect(tooMany.code).toBe('PAYLOAD_TOO_LARGE');
    expect(tooMany.message).toBe(
      'The file has more than 50,000 rows, the most one import takes. Split it into smaller files.',
    );
    const header = matchHeader(['Paper Id', 'Paper Name'], columns);
    expect(refuseWithoutRows(undefined, 0)?.reason.code).toBe('files.noRows');
    expect(refuseWithoutRows(header, 0)?.reason.code).toBe('files.noDataRows');
    expect(refuseWithoutRows(header, 1)).toBeUndefined();
    expect([0, 25, 26, 701].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'ZZ']);
  });
});
