/**
 * The file platform's messages in English (uploads, the table reader, imports, stored files): `files.<what>`
 * codes; `{{record}}` is a record type as the screens name it, `{{how}}` the advice on saving a file again.
 */
export const files = {
  // The upload
  'files.sendMultipart': 'Send the file as multipart/form-data, in the form field named "file".',
  'files.tooLarge':
    'The file is larger than {{megabytes}} MB, the most one import takes. Split it into smaller files.',
  'files.sendOneFile': 'Send one file, in the form field named "file".',
  'files.tooManyFields': 'The upload has too many form fields.',
  'files.uploadMalformed': 'The upload is malformed or was cut short; send the file again.',
  'files.noFile': 'No file came with the request: send it in the form field named "file".',
  // The table reader
  'files.saveAs':
    "In Excel use File > Save As and choose 'CSV UTF-8 (Comma delimited)' or 'Excel Workbook (.xlsx)'.",
  'files.empty': 'The file is empty.',
  'files.oldExcel': 'The file is an old Excel 97-2003 workbook (.xls), which cannot be read. {{how}}',
  'files.notAWorkbook':
    'The file is named .xlsx but is not an Excel workbook (it may be damaged or renamed).',
  'files.utf16': "The file is saved as 'Unicode Text' (UTF-16). {{how}}",
  'files.neitherCsvNorXlsx': 'The file is neither CSV nor XLSX. {{how}}',
  'files.notUtf8':
    "The file is not UTF-8 text (it was probably saved as 'CSV (Comma delimited)', which uses a Windows code page and cannot hold Hindi). {{how}}",
  'files.csvMalformed': 'The CSV file is malformed: {{reason}}',
  'files.csvMalformedNearLine': 'The CSV file is malformed near line {{line}}: {{reason}}',
  'files.unevenRows': 'rows have different numbers of columns',
  'files.xlsxUnreadable':
    "The Excel file cannot be read ({{reason}}). Save it again as 'Excel Workbook (.xlsx)'.",
  'files.noWorksheet': 'The Excel file has no worksheet.',
  'files.columnTwice': 'Column {{column}} appears twice (columns {{first}} and {{second}}).',
  'files.namedColumn': '"{{name}}" (column {{letter}})',
  'files.unknownColumns_one':
    'Unknown column {{columns}}. The columns are: {{expected}}. Download the template to start from the right header row.',
  'files.unknownColumns_other':
    'Unknown columns {{columns}}. The columns are: {{expected}}. Download the template to start from the right header row.',
  'files.missingColumns_one': 'Missing column: {{columns}}. The columns are: {{expected}}.',
  'files.missingColumns_other': 'Missing columns: {{columns}}. The columns are: {{expected}}.',
  'files.headerNotFirst':
    'Row 1 must be the header row (the column names of the template); the file starts at row {{row}}.',
  'files.valueWithoutHeader': 'Row {{row}} has a value in column {{column}}, which has no header.',
  'files.tooManyRows':
    'The file has more than {{max}} rows, the most one import takes. Split it into smaller files.',
  'files.noRows': 'The file has no rows.',
  'files.noDataRows': 'The file has a header row but no data rows.',
  // The rows of an import
  'files.lostLetters':
    "Has question marks where letters were: the file was saved in a code page that cannot hold Hindi. Save it as 'CSV UTF-8' and import it again.",
  'files.sameKeyAs': 'Same key as row {{row}} ({{key}}); each record may appear once.',
  'files.existsOutsideScope': '{{record}} {{key}} already exists outside your scope; you may not change it.',
  // The import as a whole
  'files.reachesNone':
    'Your account reaches no {{record}} records ({{scope}} scope), so it cannot import any; ask the exam office.',
  'files.rowsOutsideScope':
    'Some rows of the file (rows {{first}} to {{last}}) would lie outside your scope; you may only add your own. Nothing was imported.',
  'files.rowChangedMeanwhile':
    'Row {{row}} ({{key}}) was changed by someone else during the import. Nothing was imported; import the file again.',
  'files.changedMeanwhile':
    'Some records of the file were added, changed or deleted by someone else during the import. Nothing was imported; import the file again.',
  'files.rows_one': '{{count}} row',
  'files.rows_other': '{{count}} rows',
  'files.rowsFailed_one':
    'Nothing was imported: {{count}} of {{rows}} has errors. Fix them and import the file again.',
  'files.rowsFailed_other':
    'Nothing was imported: {{count}} of {{rows}} have errors. Fix them and import the file again.',
  'files.validDryRun':
    'The file is valid ({{created}} to create, {{updated}} to update, {{unchanged}} unchanged). This was a dry run: nothing was stored.',
  'files.imported_one':
    'Imported {{count}} row: {{created}} created, {{updated}} updated, {{unchanged}} unchanged.',
  'files.imported_other':
    'Imported {{count}} rows: {{created}} created, {{updated}} updated, {{unchanged}} unchanged.',
  // An import run as a job
  'files.uploadGone':
    'The uploaded file is no longer kept (uploads are kept for a few days); upload it again.',
  'files.importerGone': 'The user who started this import no longer exists; nothing was imported.',
  // Stored files
  'files.fileGone': 'No such file: it may have expired; run the job again.',
} as const;
