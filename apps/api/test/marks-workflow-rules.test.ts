import { describe, expect, it } from 'vitest';
import { renderEnglish } from '@exam/contracts';
import type { AppError } from '../src/platform/http/errors.ts';
import {
  maxOfComponent,
  refuseBadPacket,
  refuseMarkAndStatus,
  refuseOpenedPacket,
} from '../src/modules/marks/award-list-rules.ts';
import {
  refuseAboveMaximum,
  refuseBlankExternal,
  refuseMovedMark,
  refuseOwnRequest,
  refuseSameMark,
  refuseWithoutMark,
  storedMark,
} from '../src/modules/marks/correction-rules.ts';
import {
  batchCounts,
  refuseEmptyRows,
  refuseLockBeforeOtherEntry,
  refuseMarksOfAbsentees,
  refuseOwnSubmission,
  refuseUncomparable,
  returnedNotice,
} from '../src/modules/marks/workflow-rules.ts';

/**
 * The pure rules of the entry-batch workflow, of award lists and of marks corrections: each answers its
 * refusal as a message code with parameters, or nothing.
 */

const codeOf = (refusal: AppError | undefined) => refusal?.reason.code;
const fieldCode = (refusal: AppError | undefined, field: string) => refusal?.errors?.[field]?.[0]?.code;

describe('submitting and verifying a batch', () => {
  it('needs every row filled, names ten and counts the rest', () => {
    expect(refuseEmptyRows([])).toBeUndefined();
    const labels = Array.from({ length: 12 }, (_, i) => `R${i + 1}`);
    const refusal = refuseEmptyRows(labels);
    expect(fieldCode(refusal, 'rows')).toBe('marks.rowsEmpty');
    expect(refusal?.errors?.rows?.[0]?.params).toMatchObject({ count: 12 });
    expect(renderEnglish(refusal!.errors!.rows![0]!)).toMatch(
      /^12 rows have no marks or status \(R1, .*R10, …\)/,
    );
    expect(renderEnglish(refuseEmptyRows(['R1'])!.errors!.rows![0]!)).toMatch(/^1 row has no marks/);
    expect(fieldCode(refuseMarksOfAbsentees(['R1 (AB)']), 'rows')).toBe('marks.marksAgainstAttendance');
  });

  it('counts a batch in words', () => {
    const totals = { rows: 30, entered: 27, absent: 2, statuses: 3, pending: 0, total: '1234.00' };
    expect(renderEnglish(batchCounts(totals))).toBe(
      '30 rows: 27 with marks (total 1234.00), 2 absent, 1 other statuses',
    );
    expect(renderEnglish(batchCounts({ ...totals, statuses: 2 }))).toBe(
      '30 rows: 27 with marks (total 1234.00), 2 absent',
    );
  });

  it('is verified by a second person, a coded packet against its other entry keyed by a third', () => {
    const record = { batch_id: 'B1E1', packet_no: 'P1', submitted_by: 'a@x' };
    expect(codeOf(refuseOwnSubmission(record, 'a@x'))).toBe('marks.ownSubmission');
    expect(refuseOwnSubmission(record, 'b@x')).toBeUndefined();
    const other = { batch_id: 'B1E2', entry_no: 2, status: 'SUBMITTED', submitted_by: 'c@x' };
    expect(codeOf(refuseUncomparable(record, null, 'b@x'))).toBe('marks.noSecondEntry');
    expect(codeOf(refuseUncomparable(record, { ...other, status: 'DRAFT' }, 'b@x'))).toBe(
      'marks.otherEntryNotSubmitted',
    );
    const keyer = refuseUncomparable(record, other, 'c@x');
    expect([keyer?.code, codeOf(keyer)]).toEqual(['FORBIDDEN', 'marks.otherEntryKeyedByYou']);
    expect(refuseUncomparable(record, other, 'b@x')).toBeUndefined();
  });

  it('returns differing entries with the books named, and locks a packet only with both verified', () => {
    const notice = returnedNotice([
      { fict_no: 'K1001', entry_1: '46.00', entry_2: '64.00' },
      { fict_no: 'K1002', entry_1: null, entry_2: 'AB' },
    ]);
    expect(renderEnglish(notice)).toBe(
      'Entries 1 and 2 differ in 2 books: K1001: 46.00 vs 64.00; K1002: empty vs AB. Both entries are back ' +
        'in DRAFT: check the award list and correct the wrong entry, then submit again.',
    );
    const record = { packet_no: 'P1' };
    const other = { batch_id: 'B1E2', entry_no: 2, status: 'SUBMITTED', submitted_by: null };
    expect(codeOf(refuseLockBeforeOtherEntry(record, other))).toBe('marks.otherEntryNotVerified');
    expect(refuseLockBeforeOtherEntry(record, { ...other, status: 'VERIFIED' })).toBeUndefined();
    expect(refuseLockBeforeOtherEntry(record, null)).toBeUndefined();
  });
});

describe('award lists and the marks scheme', () => {
  const key = { session_id: '2024-25', course_comb_id: 'BA', sem_id: '1', paper_id: 'ENG101' };
  const scheme = { max_marks: '100', ext_max_marks: '75', int_max_marks: '25', th_pr_status: 'TH' };

  it("reads a component's maximum from the scheme, refusing a missing or non-numeric one", () => {
    expect(maxOfComponent(key, 'INT', scheme)).toEqual({ max: '25' });
    expect(maxOfComponent(key, 'PR', { ...scheme, ext_max_marks: null })).toEqual({ max: '100' });
    const missing = maxOfComponent(key, 'EXT', undefined);
    expect('refusal' in missing && fieldCode(missing.refusal, 'paper_id')).toBe('marks.notInScheme');
    const text = maxOfComponent(key, 'EXT', { ...scheme, ext_max_marks: 'seventy' });
    expect('refusal' in text && text.refusal.errors?.paper_id?.[0]?.params).toMatchObject({
      field: 'ext_max_marks',
      text: 'seventy',
    });
  });

  it('needs answer books in a packet, each once, and opens its batches once', () => {
    expect(fieldCode(refuseBadPacket('P1', []), 'fict_nos')).toBe('marks.emptyPacket');
    expect(fieldCode(refuseBadPacket('P1', ['K1', 'K2', 'K1']), 'fict_nos')).toBe('marks.fictNoRepeated');
    expect(refuseBadPacket('P1', ['K1', 'K2'])).toBeUndefined();
    expect(codeOf(refuseOpenedPacket('P1', 2))).toBe('marks.packetHasBatches');
    expect(refuseOpenedPacket('P1', 0)).toBeUndefined();
  });

  it('takes marks or a status for a decoded book, never both or neither', () => {
    const row = { attempt_id: 'A1', value: '10', status: null };
    expect(refuseMarkAndStatus([row])).toBeUndefined();
    expect(fieldCode(refuseMarkAndStatus([{ ...row, status: 'AB' }]), 'rows')).toBe('marks.markAndStatus');
    expect(fieldCode(refuseMarkAndStatus([{ ...row, value: null }]), 'rows')).toBe('marks.markNorStatus');
  });
});

describe('marks corrections', () => {
  const input = { attempt_id: 'A1', component: 'EXT', new: '50', reason: 'Totalling', kind: 'CORRECTION' };

  it('change a locked mark of an attempt that exists, to another value within the maximum', () => {
    expect(fieldCode(refuseWithoutMark(input as never, false, undefined), 'attempt_id')).toBe(
      'marks.noSuchAttempt',
    );
    expect(codeOf(refuseWithoutMark(input as never, true, undefined))).toBe('marks.noLockedMark');
    expect(refuseWithoutMark(input as never, true, '46.00')).toBeUndefined();
    expect(fieldCode(refuseBlankExternal({ ...input, new: 'BLANK' } as never), 'new')).toBe(
      'marks.blankIsZero',
    );
    expect(fieldCode(refuseAboveMaximum('80', '75'), 'new')).toBe('marks.aboveMaximum');
    expect(refuseAboveMaximum('75', '75')).toBeUndefined();
    expect(storedMark('50')).toBe('50.00');
    expect(storedMark('AB')).toBe('AB');
    expect(fieldCode(refuseSameMark('50.00', '50.00'), 'new')).toBe('marks.alreadyThatMark');
  });

  it('are approved by another person, against the mark they were requested for', () => {
    const record = {
      correction_id: 'MC1',
      attempt_id: 'A1',
      component: 'EXT',
      old: '46.00',
      requested_by: 'a@x',
    };
    expect(codeOf(refuseOwnRequest(record, 'a@x'))).toBe('marks.ownCorrection');
    expect(refuseOwnRequest(record, 'b@x')).toBeUndefined();
    const moved = refuseMovedMark(record, null);
    expect(moved?.code).toBe('STALE_EDIT');
    expect(moved?.message).toMatch(/is now none, not 46.00/);
    expect(refuseMovedMark(record, '46.00')).toBeUndefined();
  });
});
