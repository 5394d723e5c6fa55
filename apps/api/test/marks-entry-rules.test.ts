import { describe, expect, it } from 'vitest';
import { msg, renderEnglish, type EntryBatchCreate, type Message } from '@exam/contracts';
import type { AppError } from '../src/platform/http/errors.ts';
import {
  batchesOpened,
  batchExists,
  refuseCodedExternal,
  refuseDeleteOfStarted,
  refuseDetailsOfLocked,
  refuseIncompleteBatch,
  refuseUnknownPattern,
  refuseWithoutCandidates,
  refuseWithoutCourseLink,
  unitKeyOf,
} from '../src/modules/marks/batch-rules.ts';
import { checkRows, refuseEdit, refuseStaleSave, savedNotice } from '../src/modules/marks/entry-rules.ts';
import type { StoredRow } from '../src/modules/marks/entry-store.ts';

/**
 * The pure rules of opening a batch and of saving its rows (batch-rules.ts, entry-rules.ts): each answers
 * its refusal as a message code with parameters, or nothing.
 */

const codeOf = (refusal: AppError | undefined) => refusal?.reason.code;
const fieldCodes = (refusal: AppError | undefined) =>
  Object.fromEntries(Object.entries(refusal?.errors ?? {}).map(([f, list]) => [f, list.map((m) => m.code)]));

const input = (over: Partial<EntryBatchCreate> = {}) =>
  ({
    component: 'INT',
    exam_id: 'MAIN-DEC-2024',
    session_id: '2024-25',
    course_comb_id: 'BA',
    sem_id: '1',
    paper_id: 'ENG101',
    college_id: 'C101',
    ...over,
  }) as EntryBatchCreate;

describe('opening a batch', () => {
  it('needs the course link, and what its kind needs', () => {
    expect(fieldCodes(refuseWithoutCourseLink(input(), undefined))).toEqual({
      exam_id: ['marks.noCourseLink'],
    });
    expect(refuseWithoutCourseLink(input(), 'OFF')).toBeUndefined();
    expect(fieldCodes(refuseIncompleteBatch(input({ college_id: undefined })))).toEqual({
      college_id: ['marks.collegeRequired'],
    });
    expect(fieldCodes(refuseIncompleteBatch(input({ component: 'PR', pattern_id: 'P1' })))).toEqual({
      practical_date: ['marks.practicalDateRequired'],
      practical_shift: ['marks.practicalShiftRequired'],
      lab: ['marks.labRequired'],
      pattern_id: ['marks.patternInternalOnly'],
    });
    expect(refuseIncompleteBatch(input())).toBeUndefined();
  });

  it('refuses roll-number external marks of coded answer books, and an unknown CIA pattern', () => {
    const coded = refuseCodedExternal(input({ component: 'EXT' }), 'ON');
    expect(coded?.code).toBe('LOCKED');
    expect(codeOf(coded)).toBe('marks.codedExternal');
    expect(refuseCodedExternal(input({ component: 'INT' }), 'ON')).toBeUndefined();
    expect(refuseCodedExternal(input({ component: 'EXT' }), 'OFF')).toBeUndefined();
    expect(fieldCodes(refuseUnknownPattern('P9', false))).toEqual({ pattern_id: ['marks.noSuchPattern'] });
    expect(refuseUnknownPattern('P1', true)).toBeUndefined();
  });

  it('keys its unit by college and department (internal), college (external) or practical session', () => {
    expect(unitKeyOf(input(), 'D1')).toBe('C101/D1');
    expect(unitKeyOf(input(), null)).toBe('C101/-');
    expect(unitKeyOf(input({ component: 'EXT', college_id: undefined }), null)).toBe('ALL');
    const practical = input({
      component: 'PR',
      practical_date: '2024-12-06',
      practical_shift: 'FN',
      lab: 'L1',
    });
    expect(unitKeyOf(practical, null)).toBe('C101/2024-12-06/FN/L1');
  });

  it('needs candidates, every attempt named among them', () => {
    const none = refuseWithoutCandidates(input(), 0);
    expect(fieldCodes(none)).toEqual({ paper_id: ['marks.noCandidates'] });
    expect(renderEnglish(none!.errors!.paper_id![0]!)).toBe(
      'No candidate of MAIN-DEC-2024 takes paper ENG101 of BA 1 in college C101.',
    );
    const strangers = refuseWithoutCandidates(input({ attempt_ids: ['A1', 'A2', 'A2', 'A3'] }), 2);
    expect(strangers?.errors?.attempt_ids?.[0]?.params).toMatchObject({ unknown: 1 });
    expect(refuseWithoutCandidates(input({ attempt_ids: ['A1', 'A2'] }), 2)).toBeUndefined();
  });

  it('names the unit of a batch that exists, and sums up an exam opened', () => {
    const twice = batchExists(input({ college_id: undefined, component: 'EXT' }));
    expect(twice.code).toBe('DUPLICATE_KEY');
    expect(twice.message).toBe('Paper ENG101 already has a EXT batch for all colleges in MAIN-DEC-2024.');
    const opened = batchesOpened({ exam_id: 'MAIN-DEC-2024', component: 'INT' } as never, {
      created: ['B1', 'B2'],
      existing: 1,
      skipped: ['HIS101'],
    });
    expect(renderEnglish(opened)).toBe(
      '2 internal batches opened for MAIN-DEC-2024; 1 existed already; papers without a numeric ' +
        'int_max_marks skipped: HIS101.',
    );
  });

  it('keeps a LOCKED batch as it is and deletes only an OPEN one', () => {
    expect(codeOf(refuseDetailsOfLocked({ batch_id: 'B1', status: 'LOCKED' }))).toBe(
      'marks.lockedBatchDetails',
    );
    expect(refuseDetailsOfLocked({ batch_id: 'B1', status: 'DRAFT' })).toBeUndefined();
    expect(codeOf(refuseDeleteOfStarted({ batch_id: 'B1', status: 'DRAFT' }))).toBe(
      'marks.batchNotDeletable',
    );
    expect(refuseDeleteOfStarted({ batch_id: 'B1', status: 'OPEN' })).toBeUndefined();
  });
});

const stored = (line: number, key: Partial<StoredRow>): StoredRow => ({
  line,
  attempt_id: null,
  fict_no: null,
  value: null,
  status: null,
  component_marks: null,
  marks_in_words: null,
  ...key,
});
const rollBatch = { batch_id: 'B1', component: 'EXT' as const, coded: false, max_marks: '75' };
const codedBatch = { ...rollBatch, coded: true };

describe('the rows of a save', () => {
  const rows = [stored(1, { attempt_id: 'A1' }), stored(2, { attempt_id: 'A2', value: '40.00' })];

  it('answers the rows that change, with the value as stored', () => {
    const { changes, refusal } = checkRows(
      rollBatch,
      null,
      rows,
      [
        { attempt_id: 'A1', value: '46.5' },
        { attempt_id: 'A2', value: '40' },
      ],
      new Map(),
      '0.01',
    );
    expect(refusal).toBeUndefined();
    expect(changes.map((c) => [c.line, c.value, c.status])).toEqual([[1, '46.50', null]]);
  });

  it('names each failing row: twice, not in the batch, a bad mark, marks for an absentee', () => {
    const { refusal } = checkRows(
      rollBatch,
      null,
      rows,
      [
        { attempt_id: 'A1', value: '80' },
        { attempt_id: 'A1', value: '10' },
        { attempt_id: 'A9', value: '10' },
        { attempt_id: 'A2', value: '10' },
        { fict_no: 'K1' },
      ],
      new Map([['A2', 'AB']]),
      '0.01',
    );
    expect(fieldCodes(refusal)).toEqual({
      'rows.0.value': ['marks.namedCell'],
      'rows.1.attempt_id': ['marks.attemptTwice'],
      'rows.2.attempt_id': ['marks.attemptNotInBatch'],
      'rows.3.value': ['marks.absentByAttendance'],
      'rows.4.attempt_id': ['marks.enterByAttempt'],
    });
    const cell = refusal!.errors!['rows.0.value']![0]!;
    expect((cell.params!.reason as Message).code).toBe('marks.aboveMaximum');
    expect(renderEnglish(refusal!.errors!['rows.3.value']![0]!)).toBe(
      'A2 is ABSENT by the attendance: no marks can be entered (AB). An attendance correction comes first.',
    );
  });

  it('enters a coded award list by fictitious number only', () => {
    const books = [stored(1, { fict_no: 'K1001' })];
    const { refusal } = checkRows(
      codedBatch,
      null,
      books,
      [{ attempt_id: 'A1', value: '1' }, { fict_no: 'K1001', value: '20' }, { fict_no: 'K1001' }],
      new Map(),
      '0.01',
    );
    expect(fieldCodes(refusal)).toEqual({
      'rows.0.fict_no': ['marks.enterByFictNo'],
      'rows.2.fict_no': ['marks.fictNoTwice'],
    });
  });

  it('computes internal marks from CIA components only with a pattern', () => {
    const internal = { ...rollBatch, component: 'INT' as const, max_marks: '25' };
    const { refusal } = checkRows(
      internal,
      null,
      rows,
      [{ attempt_id: 'A1', component_marks: { T: '10' } }],
      new Map(),
      '0.01',
    );
    expect(fieldCodes(refusal)).toEqual({ 'rows.0.component_marks': ['marks.noPattern'] });
  });
});

describe('whether a batch takes edits', () => {
  const batch = { batch_id: 'B1', updated_at: new Date('2024-12-06T10:00:00Z') };

  it('takes them while being entered; a LOCKED batch needs a correction, a submitted one a return', () => {
    expect(refuseEdit({ batch_id: 'B1', status: 'DRAFT' })).toBeUndefined();
    expect(codeOf(refuseEdit({ batch_id: 'B1', status: 'LOCKED' }))).toBe('marks.batchLockedNoEdit');
    const submitted = refuseEdit({ batch_id: 'B1', status: 'SUBMITTED' });
    expect(submitted?.reason).toEqual(
      msg('marks.batchAwaitsReturn', { batch_id: 'B1', status: 'SUBMITTED' }),
    );
  });

  it('refuses a save of a version someone else saved since, and says what a save did', () => {
    expect(refuseStaleSave(batch, '2024-12-06T10:00:00.000Z')).toBeUndefined();
    expect(refuseStaleSave(batch, null)).toBeUndefined();
    expect(refuseStaleSave(batch, '2024-12-06T09:00:00.000Z')?.code).toBe('STALE_EDIT');
    expect(renderEnglish(savedNotice(1, 3))).toBe('Saved 1 row; 3 still pending.');
    expect(renderEnglish(savedNotice(2, 0))).toBe('Saved 2 rows; 0 still pending.');
    expect(savedNotice(0, 3).code).toBe('marks.nothingChanged');
  });
});
