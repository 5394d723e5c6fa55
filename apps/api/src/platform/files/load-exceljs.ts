import type ExcelJS from 'exceljs';

/**
 * exceljs and its dependencies take ~0.3 s to load: loaded on the first spreadsheet read or written, not when
 * the server (or each API test file) starts.
 */
export const loadExcelJS = async (): Promise<typeof ExcelJS> => (await import('exceljs')).default;
