import { describe, expect, it } from 'vitest';
import { examCycleResource, paperResource, type Message } from '@exam/contracts';
import { renderMessage } from '../src/platform/i18n/messages.ts';
import {
  changesOf,
  importSummary,
  isConflict,
  refuseConflict,
  refuseCreatedOutsideScope,
  refuseNotMultipart,
  refuseReachingNone,
  refuseStoredOutsideScope,
  refuseWithoutFile,
  rowChangedMeanwhile,
  statusOf,
  uploadRefusal,
  validateRows,
  type Reach,
} from '../src/platform/files/import-rules.ts';

const anyone: Reach = {
  scope: 'any',
  user: { college_id: null, dept_id: null, student_id: null },
  within: {},
};
const department: Reach = {
  scope: 'department',
  user: { college_id: null, dept_id: 'D01', student_id: null },
  within: { dept_id: 'D01' },
};

const codesOf = (errors: Record<string, ReadonlyArray<Message | string>> | undefined) =>
  Object.fromEntries(
    Object.entries(errors ?? {}).map(([field, list]) => [
      field,
      list.map((m) => (typeof m === 'string' ? m : m.code)),
    ]),
  );

/** The decisions of an import, without a database: refusal codes and parameters. */
describe('import rules', () => {
  it('want a multipart upload with one file, and turn the upload refusals into answers', () => {
    expect(refuseNotMultipart(true)).toBeUndefined();
    expect(refuseNotMultipart(false)?.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const large = uploadRefusal('LIMIT_FILE_SIZE', 20 * 1024 * 1024);
    expect(large.code).toBe('PAYLOAD_TOO_LARGE');
    expect(large.reason).toEqual({ code: 'files.tooLarge', params: { megabytes: 20 } });
    expect(uploadRefusal('LIMIT_UNEXPECTED_FILE', 1).reason.code).toBe('files.sendOneFile');
    expect(uploadRefusal('LIMIT_FIELD_COUNT', 1).reason.code).toBe('files.tooManyFields');
    expect(uploadRefusal(undefined, 1).reason.code).toBe('files.uploadMalformed');
    expect(() => refuseWithoutFile(undefined)).toThrow(
      'No file came with the request: send it in the form field named "file".',
    );
    expect(() => refuseWithoutFile({ buffer: Buffer.alloc(1) })).not.toThrow();
  });

  it('refuse a caller whose scope reaches no record of the resource', () => {
    expect(refuseReachingNone(paperResource, 'department', {})).toBeUndefined();
    const none = refuseReachingNone(paperResource, 'department', null)!;
    expect(none.code).toBe('OUT_OF_SCOPE');
    expect(none.reason).toEqual({
      code: 'files.reachesNone',
      params: { record: { label: 'paper' }, scope: 'department' },
    });
    expect(none.message).toBe(
      'Your account reaches no paper records (department scope), so it cannot import any; ' +
        'ask the exam office.',
    );
  });

  it('check each row by the contract, the scope, NUL and lost Hindi, and refuse a key seen before', () => {
    const firstRowOfKey = new Map<string, number>();
    const rows = [
      { row: 2, values: { paper_id: 'P1', paper_name: 'Hindi', dept_id: 'D01' } },
      { row: 3, values: { paper_id: 'P2', paper_name: '?? ???', dept_id: 'D02' } },
      { row: 4, values: { paper_id: 'P1', paper_name: 'Again', dept_id: 'D01' } },
      { row: 5, values: { paper_id: 'P3', paper_name: 'a\u0000b', dept_id: 'D01' } },
    ];
    const { valid, errors } = validateRows(paperResource, 'csv', rows, department, firstRowOfKey);
    expect([...valid.keys()]).toEqual([2]);
    expect(codesOf(errors.get(3))).toEqual({
      dept_id: ['records.onlyYourOwn'],
      paper_name: ['files.lostLetters'],
    });
    expect(errors.get(3)?.dept_id?.[0]).toEqual({
      code: 'records.onlyYourOwn',
      params: { field: 'dept_id', value: 'D01' },
    });
    expect(errors.get(4)?.paper_id).toEqual([{ code: 'files.sameKeyAs', params: { row: 2, key: 'P1' } }]);
    expect(codesOf(errors.get(5))).toEqual({ paper_name: ['platform.nulCharacter'] });
    // Question marks are Hindi lost to a code page only in a CSV file.
    const xlsx = validateRows(paperResource, 'xlsx', [rows[1]!], anyone, new Map());
    expect(xlsx.errors.size).toBe(0);
  });

  it('refuse changing a stored record out of scope; change only the differing updatable fields given', () => {
    const refused = refuseStoredOutsideScope(paperResource, { paper_id: 'P9' });
    expect(refused.paper_id).toEqual([
      { code: 'files.existsOutsideScope', params: { record: { label: 'Paper' }, key: 'P9' } },
    ]);
    const current = { rti: 'R1', student_exam_cycle: 'Main', updated_at: new Date() };
    const fields = new Set(['rti', 'student_exam_cycle']);
    expect(changesOf(examCycleResource, current, { rti: 'R1', student_exam_cycle: 'Main' }, fields)).toEqual(
      {},
    );
    expect(changesOf(examCycleResource, current, { rti: 'R1', student_exam_cycle: 'Back' }, fields)).toEqual({
      student_exam_cycle: 'Back',
    });
    expect(
      changesOf(examCycleResource, current, { rti: 'R1', student_exam_cycle: 'Back' }, new Set()),
    ).toEqual({});
    expect(statusOf(undefined, undefined)).toBe('created');
    expect(statusOf(current, {})).toBe('unchanged');
    expect(statusOf(current, { student_exam_cycle: 'Back' })).toBe('updated');
  });

  it('refuse created rows out of scope, rows changed meanwhile, and conflicts of another writer', () => {
    const part = [2, 3, 7].map((row) => ({ row, key: `P${row}`, values: {}, status: 'created' as const }));
    expect(refuseCreatedOutsideScope(part, 3)).toBeUndefined();
    expect(refuseCreatedOutsideScope(part, 2)?.reason).toEqual({
      code: 'files.rowsOutsideScope',
      params: { first: 2, last: 7 },
    });
    const stale = rowChangedMeanwhile({ row: 4, key: 'P4' });
    expect(stale.code).toBe('STALE_EDIT');
    expect(stale.reason).toEqual({ code: 'files.rowChangedMeanwhile', params: { row: 4, key: 'P4' } });
    expect(isConflict(Object.assign(new Error('x'), { code: 'P2002' }))).toBe(true);
    expect(isConflict(new Error('duplicate key value violates unique constraint "paper_pkey"'))).toBe(true);
    expect(isConflict(Object.assign(new Error('x'), { code: 'P2025' }))).toBe(false);
    expect(refuseConflict(Object.assign(new Error('x'), { code: 'P2003' }))?.reason.code).toBe(
      'files.changedMeanwhile',
    );
    expect(refuseConflict(new Error('disk full'))).toBeUndefined();
  });

  it('sum an import up: why nothing was stored, what a dry run found, or what was stored', () => {
    const rows = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ row: i + 2, status: 'created' as const }));
    const failed = importSummary({
      counts: { created: 2, updated: 0, unchanged: 0, error: 1 },
      dry_run: false,
      imported: 0,
      rows: rows(3),
    });
    expect(failed).toEqual({
      code: 'files.rowsFailed',
      params: { count: 1, rows: { code: 'files.rows', params: { count: 3 } } },
    });
    expect(renderMessage(failed)).toBe(
      'Nothing was imported: 1 of 3 rows has errors. Fix them and import the file again.',
    );
    expect(renderMessage(failed, 'hi')).toMatch(/^कुछ भी आयात नहीं हुआ: 3 पंक्तियों में से 1 में त्रुटियाँ हैं।/);
    const counts = { created: 1, updated: 0, unchanged: 0, error: 0 };
    const dry = importSummary({ counts, dry_run: true, imported: 0, rows: rows(1) });
    expect(renderMessage(dry)).toBe(
      'The file is valid (1 to create, 0 to update, 0 unchanged). This was a dry run: nothing was stored.',
    );
    const stored = importSummary({ counts, dry_run: false, imported: 1, rows: rows(1) });
    expect(renderMessage(stored)).toBe('Imported 1 row: 1 created, 0 updated, 0 unchanged.');
  });
});
