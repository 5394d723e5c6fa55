import { describe, expect, it } from 'vitest';
import { msg } from '@exam/contracts';
import { renderMessage } from '../src/platform/i18n/messages.ts';
import {
  checkFlaps,
  decodeRows,
  flapsNotice,
  packetsOf,
  pendingSheets,
  refuseAttendanceUnlocked,
  refuseDecodeStatus,
  refuseFlapStatus,
  refuseOpenPackets,
  refusePacketExaminer,
  refuseStatus,
  refuseUncoded,
  type Joined,
} from '../src/modules/coding/coding-rules.ts';

/** The rules of coding a paper, without a database: refusal codes and parameters, and the decisions. */
describe('coding rules', () => {
  it('name the sheets a lock waits for, five and how many more, in the reader language', () => {
    const many = Array.from({ length: 7 }, (_, i) => ({ slot_id: `S${i}`, centre_id: null, status: 'OPEN' }));
    const { sheets, more } = pendingSheets(many as never);
    const named = msg('coding.attendanceNotLockedSheets', {
      action: '',
      paper_id: 'P',
      exam_id: 'E',
      sheets,
      more,
    });
    expect(renderMessage(named)).toContain('(sheets S0/no centre (OPEN), S1/no centre (OPEN), S2/');
    expect(renderMessage(named)).toContain('S4/no centre (OPEN) and 2 more).');
    expect(renderMessage(named, 'hi')).toContain('S0/कोई केंद्र नहीं (OPEN), S1/');
    expect(more).toEqual({ code: 'coding.andMore', params: { more: 2 } });
  });

  it('move a coding from one status only, after the attendance is locked, with somebody present', () => {
    expect(refuseStatus('NOT_CODED', 'assign', 'NOT_CODED')).toBeUndefined();
    const wrong = refuseStatus('CODED', 'packets', 'NOT_CODED')!;
    expect(wrong.code).toBe('INVALID_TRANSITION');
    expect(wrong.message).toBe(
      "Cannot make packets: the paper's coding is CODED; make packets is allowed only when it is NOT_CODED.",
    );
    expect(refuseAttendanceUnlocked('E', 'P', 'assign', { locked: true, pending: [] })).toBeUndefined();
    const unlocked = refuseAttendanceUnlocked('E', 'P', 'flaps', {
      locked: false,
      pending: [{ slot_id: 'M1', centre_id: 'C1', status: 'VERIFIED' }],
    })!;
    expect(unlocked.code).toBe('LOCKED');
    expect(unlocked.reason.code).toBe('coding.attendanceNotLockedSheets');
    expect(unlocked.message).toContain('(sheets M1/C1 (VERIFIED))');
    expect(refuseAttendanceUnlocked('E', 'P', 'flaps', { locked: false, pending: [] })?.reason.code).toBe(
      'coding.attendanceNotLocked',
    );
    expect(refuseUncoded(0)).toBeUndefined();
    expect(refuseUncoded(2)?.reason).toEqual({ code: 'coding.uncodedPresent', params: { count: 2 } });
  });

  it('capture flaps while NOT_CODED or CODED by flap, naming every bad pair on its row', () => {
    expect(refuseFlapStatus('E', 'P', { status: 'CODED', method: 'FLAP' })).toBeUndefined();
    expect(refuseFlapStatus('E', 'P', { status: 'CODED', method: 'SYSTEM' })?.reason.code).toBe(
      'coding.flapSystemCoded',
    );
    expect(refuseFlapStatus('E', 'P', { status: 'PACKETED', method: 'FLAP' })?.reason.code).toBe(
      'coding.flapWrongStatus',
    );
    const { rows, errors } = checkFlaps(
      [
        { flap_no: 'f1', roll_no: 'r1' },
        { flap_no: 'F1', roll_no: 'R2' },
        { flap_no: 'F9', roll_no: 'R1' },
        { flap_no: 'F2', roll_no: 'R3' },
        { flap_no: 'F3', roll_no: 'R4' },
        { flap_no: 'F4', roll_no: 'R5' },
      ],
      {
        examId: 'E',
        paperId: 'P',
        byRoll: new Map([
          ['R1', 'A1'],
          ['R2', 'A2'],
          ['R4', 'A4'],
          ['R5', 'A5'],
        ]),
        attendance: new Map([
          ['A1', { status: 'PRESENT', answer_book_no: 'B1' }],
          ['A2', { status: 'PRESENT', answer_book_no: null }],
          ['A4', { status: 'ABSENT', answer_book_no: null }],
          ['A5', { status: 'PRESENT', answer_book_no: null }],
        ]),
        coded: new Set(['A5']),
        taken: new Set(['F9']),
      },
    );
    expect(rows).toEqual([
      { fict_no: 'F1', attempt_id: 'A1', answer_book_no: 'B1' },
      { fict_no: 'F1', attempt_id: 'A2', answer_book_no: null },
      { fict_no: 'F9', attempt_id: 'A1', answer_book_no: 'B1' },
    ]);
    expect(errors['pairs.1.flap_no']?.[0]).toEqual({
      code: 'coding.flapTwice',
      params: { flap_no: 'F1', first: 1, second: 2 },
    });
    expect(
      Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v.map((m) => (m as never)['code'])])),
    ).toEqual({
      'pairs.1.flap_no': ['coding.flapTwice'],
      'pairs.2.flap_no': ['coding.flapUsed'],
      'pairs.2.roll_no': ['coding.rollTwice'],
      'pairs.3.roll_no': ['coding.rollUnknown'],
      'pairs.4.roll_no': ['coding.rollNotPresent'],
      'pairs.5.roll_no': ['coding.rollCoded'],
    });
    expect(flapsNotice({ added: 1, books: 3, present: 5 })).toEqual({
      code: 'coding.flapsRecordedLeft',
      params: { count: 1, books: 3, present: 5, left: 2 },
    });
    expect(flapsNotice({ added: 2, books: 5, present: 5 }).code).toBe('coding.flapsRecorded');
  });

  it('cut packets in order, and give a packet an examiner of no candidate college', () => {
    const packets = packetsOf(['F1', 'F2', 'F3', 'F4', 'F5'], 2, (seq) => `PK-${seq}`);
    expect(packets).toEqual([
      { packet_no: 'PK-1', seq: 1, fict_nos: ['F1', 'F2'] },
      { packet_no: 'PK-2', seq: 2, fict_nos: ['F3', 'F4'] },
      { packet_no: 'PK-3', seq: 3, fict_nos: ['F5'] },
    ]);
    expect(refusePacketExaminer('E1', 'PK-1', null, 0)?.errors?.examiner_id?.[0]?.code).toBe(
      'coding.noExaminer',
    );
    expect(refusePacketExaminer('E1', 'PK-1', { name: 'Dr. One', college_id: null }, 0)).toBeUndefined();
    expect(refusePacketExaminer('E1', 'PK-1', { name: 'Dr. One', college_id: 'C1' }, 0)).toBeUndefined();
    expect(
      refusePacketExaminer('E1', 'PK-1', { name: 'Dr. One', college_id: 'C1' }, 2)?.errors?.examiner_id?.[0],
    ).toEqual({
      code: 'coding.examinerOfCollege',
      params: { name: 'Dr. One', examiner_id: 'E1', college_id: 'C1', packet_no: 'PK-1' },
    });
  });

  it('decode after packets once every award list is LOCKED, naming at most ten open packets', () => {
    expect(refuseDecodeStatus('E', 'P', 'ASSIGNED')).toBeUndefined();
    expect(refuseDecodeStatus('E', 'P', undefined)?.reason.params?.status).toBe('NOT_CODED');
    expect(refuseOpenPackets('E', 'P', 0, [])?.reason.code).toBe('coding.noPackets');
    expect(refuseOpenPackets('E', 'P', 3, [])).toBeUndefined();
    const open = Array.from({ length: 12 }, (_, i) => ({ packet_no: `PK-${i}`, status: 'OPEN' }));
    const refusal = refuseOpenPackets('E', 'P', 12, open)!;
    expect(refusal.code).toBe('LOCKED');
    expect(refusal.reason.params).toMatchObject({
      count: 12,
      more: { code: 'coding.andMore', params: { more: 2 } },
    });
    expect(refusal.message).toMatch(
      /12 packets are not LOCKED: PK-0 \(OPEN\), .*PK-9 \(OPEN\) and 2 more\.$/,
    );
  });

  it('decode each row to a mark of record, AB, UFM, or RL with an exception', () => {
    const row = (over: Partial<Joined>): Joined => ({
      attempt_id: 'A',
      map_fict: 'F',
      award_fict: 'F',
      value: '40',
      mark_status: null,
      batch_id: 'B',
      att_status: 'PRESENT',
      ufm_open: false,
      ...over,
    });
    const { out, exceptions } = decodeRows(
      [
        row({ attempt_id: 'A1' }),
        row({ attempt_id: 'A2', value: null, mark_status: 'BLANK' }),
        row({ attempt_id: 'A3', award_fict: null, value: null }),
        row({ attempt_id: 'A4', map_fict: null, award_fict: null, value: null }),
        row({ attempt_id: 'A5', att_status: 'ABSENT', award_fict: null, value: null }),
        row({ attempt_id: 'A6', att_status: 'ABSENT' }),
        row({ attempt_id: 'A7', att_status: 'UFM', award_fict: null, value: null }),
        row({ attempt_id: 'A8', ufm_open: true }),
        row({ attempt_id: null, map_fict: null, award_fict: 'F9' }),
        row({ attempt_id: 'A9', att_status: null, map_fict: null, award_fict: null }),
      ],
      'P',
    );
    expect(out.map((o) => `${o.attempt_id}:${o.value ?? o.status}`)).toEqual([
      'A1:40',
      'A2:BLANK',
      'A3:RL',
      'A4:RL',
      'A5:AB',
      'A6:RL',
      'A7:UFM',
      'A8:RL',
    ]);
    expect(exceptions.map((e) => [e.kind, e.detail.code])).toEqual([
      ['PRESENT_WITHOUT_MARKS', 'coding.noMark'],
      ['PRESENT_WITHOUT_MARKS', 'coding.neverCoded'],
      ['MARKS_FOR_ABSENTEE', 'coding.marksForAbsentee'],
      ['UFM_HELD', 'coding.ufmOpen'],
      ['ORPHAN_FICT', 'coding.orphanFict'],
    ]);
    expect(exceptions[4]).toMatchObject({ fict_no: 'F9', attempt_id: null });
  });
});
