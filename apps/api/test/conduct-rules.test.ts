import { describe, expect, it } from 'vitest';
import type { AttendanceEntries, Message } from '@exam/contracts';
import {
  NAMED_ROLLS,
  entryChanges,
  reconciliationOf,
  refuseEditOnLockedSheet,
  refuseEntryOnLockedSheet,
  refuseUnknownRolls,
  refuseUnreconciled,
} from '../src/modules/conduct/attendance-rules.ts';
import {
  placeCandidates,
  refuseBlindRegeneration,
  refuseLockedSitting,
  refuseOtherPlanOfSitting,
  refuseUnfinalizable,
  refuseWithoutRooms,
  seatingReportMessage,
} from '../src/modules/conduct/seating-rules.ts';
import { decisionOf, refuseDebarWithoutExams, reportProblems } from '../src/modules/conduct/ufm-rules.ts';
import { renderMessage } from '../src/platform/i18n/messages.ts';

/** Conduct's rules without a database: refusal codes and parameters, and the English they render to. */
const key = { slot_id: 'S1', centre_id: 'C1' };

describe('seating rules', () => {
  it('replace a plan only with the updated_at the caller read', () => {
    const at = new Date('2025-03-01T10:00:00.000Z');
    const current = { revision: 2, status: 'FINAL', updated_at: at };
    expect(refuseBlindRegeneration(null, undefined)).toBeUndefined();
    expect(refuseBlindRegeneration(current, at.toISOString())).toBeUndefined();
    const blind = refuseBlindRegeneration(current, undefined)!;
    expect(blind.code).toBe('VALIDATION_FAILED');
    expect(blind.errors?.updated_at?.[0]).toEqual({
      code: 'conduct.planExists',
      params: { revision: 2, status: 'FINAL' },
    });
    const stale = refuseBlindRegeneration(current, '2025-03-01T09:59:59.000Z')!;
    expect([stale.code, stale.reason.code]).toEqual(['STALE_EDIT', 'conduct.planChanged']);
  });

  it('refuse another plan of the sitting, a locked sitting and a centre without rooms', () => {
    const sitting = { date: '2025-03-01', shift: 'FN' };
    expect(refuseOtherPlanOfSitting(sitting, 'C1', null)).toBeUndefined();
    const other = refuseOtherPlanOfSitting(sitting, 'C1', { slot_id: 'S2' })!;
    expect(other.reason).toEqual({
      code: 'conduct.sittingHasPlan',
      params: { date: '2025-03-01', shift: 'FN', centre_id: 'C1', slot_id: 'S2' },
    });
    expect(refuseLockedSitting('C1', 0)).toBeUndefined();
    expect(refuseLockedSitting('C1', 1)!.message).toBe(
      'Attendance of this sitting at centre C1 is already LOCKED (1 sheet); the seating can no longer be ' +
        'generated again.',
    );
    expect(refuseLockedSitting('C1', 2)!.message).toMatch(/\(2 sheets\)/);
    expect(refuseWithoutRooms('C1', [{}])).toBeUndefined();
    expect(refuseWithoutRooms('C1', [])!.reason.code).toBe('conduct.centreWithoutRooms');
  });

  it('finalize only a generated plan that seats everyone, and someone', () => {
    const generated = new Date();
    expect(refuseUnfinalizable(key, { generated_at: generated, seated: 3, unseated: 0 })).toBeUndefined();
    expect(refuseUnfinalizable(key, null)!.reason.code).toBe('conduct.seatingNotGenerated');
    const short = refuseUnfinalizable(key, { generated_at: generated, seated: 3, unseated: 1 })!;
    expect(short.reason).toEqual({
      code: 'conduct.candidatesUnseated',
      params: { count: 1, centre_id: 'C1' },
    });
    expect(short.message).toMatch(/^1 candidate is not seated: add rooms/);
    const nobody = refuseUnfinalizable(key, { generated_at: generated, seated: 0, unseated: 0 })!;
    expect(nobody.reason.code).toBe('conduct.seatsNobody');
  });

  it('report the seated in rooms, the papers that ran out of rooms, and the withheld', () => {
    const base = { candidates: 60, unseated: 0, rooms_used: 1, withheld: 0, papers: [] };
    expect(renderMessage(seatingReportMessage(base))).toBe('All 60 candidates seated in 1 room.');
    const paper = (paper_id: string, unseated: number) => ({
      paper_id,
      paper_slot_id: paper_id,
      candidates: 30,
      seated: 30 - unseated,
      unseated,
    });
    const short = seatingReportMessage({
      ...base,
      unseated: 7,
      rooms_used: 2,
      withheld: 1,
      papers: [paper('P1', 5), paper('P2', 0), paper('P3', 2)],
    });
    expect(short.code).toBe('conduct.withheldNotSeated');
    expect(renderMessage(short)).toBe(
      'Rooms ran out: 7 of 60 candidates are not seated (paper P1: 5, paper P3: 2). Add rooms or capacity ' +
        'at this centre and generate again; a plan with unseated candidates cannot be finalized. 1 ' +
        'candidate without a published admit card not seated.',
    );
  });

  it('seat only candidates with a published admit card, counting them per paper', () => {
    const candidate = (roll: number, card_status: string) => ({
      student_id: `ST${roll}`,
      roll_no: `R${roll}`,
      paper_id: 'P1',
      paper_slot_id: 'S1',
      exam_id: 'E1',
      needs: null,
      card_status,
    });
    const placed = placeCandidates(
      [{ room_no: 'A', rows: 2, cols: 2, capacity: 4, accessible: false }],
      [candidate(1, 'PUBLISHED'), candidate(2, 'PUBLISHED'), candidate(3, 'WITHHELD')],
    );
    expect(placed.counts).toMatchObject({ candidates: 2, seated: 2, unseated: 0, withheld: 1, capacity: 4 });
    expect(placed.counts.papers).toEqual([
      { paper_id: 'P1', paper_slot_id: 'S1', candidates: 2, seated: 2, unseated: 0 },
    ]);
    expect(placed.message.code).toBe('conduct.withheldNotSeated');
  });
});

describe('attendance rules', () => {
  const sheet = { paper_id: 'P1', centre_id: 'C1', status: 'ENTERED' };

  it('reconcile present + absent + UFM with the seated, and the books with present + UFM', () => {
    const counts = { seated: 10, present: 7, absent: 2, ufm: 1, answer_books_received: 8 };
    expect(reconciliationOf(counts)).toMatchObject({ reconciled: true, problems: [] });
    const off = reconciliationOf({ ...counts, seated: 11, answer_books_received: null });
    expect(off.reconciled).toBe(false);
    expect(off.problems.map((p) => p.code)).toEqual([
      'conduct.countsDoNotAddUp',
      'conduct.enterBooksReceived',
    ]);
    const books = reconciliationOf({ ...counts, answer_books_received: 9 });
    expect(books.problems).toEqual([
      { code: 'conduct.booksDoNotMatch', params: { books: 9, present: 7, ufm: 1, total: 8 } },
    ]);
    expect(refuseUnreconciled(sheet, 'lock', reconciliationOf(counts))).toBeUndefined();
    const refusal = refuseUnreconciled(sheet, 'verify', off)!;
    expect(refusal.reason.code).toBe('conduct.unreconciledNoVerify');
    expect(refusal.message).toMatch(
      /cannot be verified: Present 7 .* check the entries\. Enter the number of answer books/,
    );
    expect(refuseUnreconciled(sheet, 'lock', off)!.reason.code).toBe('conduct.unreconciledNoLock');
  });

  it('refuse an entry or an edit on a LOCKED sheet', () => {
    expect(refuseEntryOnLockedSheet(sheet)).toBeUndefined();
    const locked = { ...sheet, status: 'LOCKED' };
    expect(refuseEntryOnLockedSheet(locked)!.reason.code).toBe('conduct.sheetLockedNoEntry');
    expect(refuseEditOnLockedSheet(sheet, { slot_id: 'S1', student_id: 'ST1' })).toBeUndefined();
    expect(refuseEditOnLockedSheet(locked, { slot_id: 'S1', student_id: 'ST1' })!.reason).toEqual({
      code: 'conduct.sheetLockedNoEdit',
      params: { paper_id: 'P1', centre_id: 'C1', slot_id: 'S1', student_id: 'ST1' },
    });
  });

  it('name rolls not seated on the sheet (ten, and how many more) and rolls listed twice', () => {
    const seated = new Set(['R1', 'R2']);
    const entry = (absent: string[], ufm: string[] = []): AttendanceEntries => ({ absent, ufm });
    expect(refuseUnknownRolls(sheet, seated, entry(['R1'], ['R2']))).toBeUndefined();
    const many = Array.from({ length: NAMED_ROLLS + 3 }, (_, i) => `X${i}`);
    const unknown = refuseUnknownRolls(sheet, seated, entry(many))!;
    expect(unknown.errors?.absent?.[0]?.code).toBe('conduct.notSeatedRolls');
    expect(renderMessage(unknown.errors!.absent![0]!)).toBe(
      'Not seated for paper P1 at centre C1: X0, X1, X2, X3, X4, X5, X6, X7, X8, X9 and 3 more.',
    );
    const twice = refuseUnknownRolls(sheet, seated, entry(['R1'], ['R1']))!;
    expect(twice.errors?.ufm).toEqual([{ code: 'conduct.absentAndUfm', params: { rolls: 'R1' } }]);
  });

  it('change the listed rolls to ABSENT or UFM, everyone else to PRESENT, and given answer books', () => {
    const row = (roll_no: string, status: string, answer_book_no: string | null = null) => ({
      student_id: `S${roll_no}`,
      roll_no,
      status,
      answer_book_no,
    });
    const rows = [row('R1', 'PRESENT'), row('R2', 'ABSENT'), row('R3', 'PRESENT', 'B3'), row('R4', 'UFM')];
    const changes = entryChanges(rows, {
      absent: ['R1'],
      ufm: ['R4'],
      answer_books: [{ roll_no: 'R3', answer_book_no: 'B33' }],
    });
    expect(changes.map((c) => [c.row.roll_no, c.status, c.answer_book_no])).toEqual([
      ['R1', 'ABSENT', null],
      ['R2', 'PRESENT', null],
      ['R3', 'PRESENT', 'B33'],
    ]);
  });
});

describe('UFM case rules', () => {
  const report = { slot_id: 'S1', roll_no: 'R9' };
  const slot = { slot_id: 'S1', exam_id: 'E1', paper_id: 'P1' };
  const card = { student_id: 'ST9' };

  it('need the slot, a candidate who writes its paper there, and no case of that paper yet', () => {
    const found = { slot, card, writes: 1, open: null };
    expect(reportProblems(report, found)).toBeUndefined();
    expect(reportProblems(report, { ...found, slot: null })?.slot_id?.[0]).toMatchObject({
      code: 'conduct.noSlot',
    });
    expect(reportProblems(report, { ...found, card: null })?.roll_no?.[0]).toEqual({
      code: 'conduct.noRollInExam',
      params: { roll_no: 'R9', exam_id: 'E1' },
    });
    expect(reportProblems(report, { ...found, writes: 0 })?.roll_no?.[0]).toMatchObject({
      code: 'conduct.rollNotInSlot',
    });
    const open = reportProblems(report, { ...found, open: { case_id: 'UFM1', status: 'HEARD' } });
    expect(open!.roll_no![0]).toMatchObject({ code: 'conduct.ufmCaseOpen' });
    expect(renderMessage(open!.roll_no![0] as Message)).toBe(
      'Roll number R9 already has UFM case UFM1 (HEARD) for paper P1: add to that case.',
    );
  });

  it('debar with U3 only for a number of examinations', () => {
    expect(decisionOf({ decision: 'U1', debar_exams: 2 })).toEqual({
      decision: 'U1',
      punishment: null,
      debar_exams: null,
    });
    expect(decisionOf({ decision: 'U3', debar_exams: 2 }).debar_exams).toBe(2);
    expect(refuseDebarWithoutExams({ decision: 'U3', debar_exams: 2 })).toBeUndefined();
    expect(refuseDebarWithoutExams({ decision: 'U3' })?.errors?.debar_exams?.[0]?.code).toBe(
      'conduct.debarExamsRequired',
    );
  });
});
