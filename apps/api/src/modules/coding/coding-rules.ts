import { list, msg, type DecodeException, type FlapRequest, type Message } from '@exam/contracts';
import { AppError, invalid, notFound, type FieldErrors } from '../../platform/http/errors.ts';
import type { PendingSheet } from '../conduct/index.ts';
import type { ExternalMark } from './marks-port.ts';

/**
 * The rules of coding a paper (lifecycle S6, §2.3 F): each takes what the store read and answers the refusal
 * (an AppError to throw) or nothing, or the decision (the packets, the decoded marks and exceptions), or the
 * sentence a call answers with; none reads the database.
 */

/** What a call on a paper's coding is (in a refusal). */
export type CodingAction = 'assign' | 'flaps' | 'packets';
const actions = {
  assign: 'coding.actionAssign',
  flaps: 'coding.actionFlaps',
  packets: 'coding.actionPackets',
} as const;

/** A paper without candidates in the exam has nothing to code (404). */
export function refuseUnknownPaper(examId: string, paperId: string, attempts: number) {
  return attempts ? undefined : notFound(msg('coding.noCandidates', { paper_id: paperId, exam_id: examId }));
}

/** Each call moves the coding from one status only. */
export function refuseStatus(status: string, action: CodingAction, allowed: string) {
  if (status === allowed) return undefined;
  return new AppError(
    'INVALID_TRANSITION',
    msg('coding.wrongStatus', { action: msg(actions[action]), status, allowed }),
  );
}

/** The sheets a lock waits for, as a refusal names them: the first five, and how many more. */
export function pendingSheets(pending: readonly PendingSheet[]) {
  const named = pending.slice(0, 5).map((p) =>
    msg('coding.pendingSheet', {
      slot: p.slot_id ?? msg('coding.noSlot'),
      centre: p.centre_id ?? msg('coding.noCentre'),
      status: p.status,
    }),
  );
  return {
    sheets: list(named),
    more: pending.length > 5 ? msg('coding.andMore', { more: pending.length - 5 }) : '',
  };
}

/** Numbers are given (or flaps captured) only once the paper's attendance is LOCKED everywhere. */
export function refuseAttendanceUnlocked(
  examId: string,
  paperId: string,
  action: CodingAction,
  lock: { locked: boolean; pending: readonly PendingSheet[] },
) {
  if (lock.locked) return undefined;
  const params = { action: msg(actions[action]), paper_id: paperId, exam_id: examId };
  return new AppError(
    'LOCKED',
    lock.pending.length
      ? msg('coding.attendanceNotLockedSheets', { ...params, ...pendingSheets(lock.pending) })
      : msg('coding.attendanceNotLocked', params),
  );
}

/** A paper with nobody PRESENT has nothing to code. */
export function refuseNobodyPresent(examId: string, paperId: string, present: number) {
  if (present) return undefined;
  return new AppError('LOCKED', msg('coding.nobodyPresent', { paper_id: paperId, exam_id: examId }));
}

export const assignedNotice = (paperId: string, books: number) =>
  msg('coding.assigned', { count: books, paper_id: paperId });

/** Flap numbers are captured while the paper is NOT_CODED, or CODED by flap numbers (more may follow). */
export function refuseFlapStatus(
  examId: string,
  paperId: string,
  coding: { status: string; method: string | null },
) {
  if (coding.status === 'NOT_CODED' || (coding.status === 'CODED' && coding.method === 'FLAP'))
    return undefined;
  return new AppError(
    'INVALID_TRANSITION',
    coding.method === 'SYSTEM'
      ? msg('coding.flapSystemCoded', { paper_id: paperId, exam_id: examId, status: coding.status })
      : msg('coding.flapWrongStatus', { status: coding.status }),
  );
}

/** What the flap pairs are checked against: the paper's candidates, their attendance, what is coded. */
export interface FlapContext {
  examId: string;
  paperId: string;
  /** Roll number (upper case) → attempt. */
  byRoll: ReadonlyMap<string, string>;
  /** Attempt → its attendance status and answer book. */
  attendance: ReadonlyMap<string, { status: string | null; answer_book_no: string | null }>;
  /** Attempts of the paper coded already. */
  coded: ReadonlySet<string>;
  /** Fictitious (flap) numbers used in the exam. */
  taken: ReadonlySet<string>;
}

/**
 * The flap pairs checked as a whole: a flap number twice in the list or used in the exam, a roll number
 * twice, one that is no candidate of the paper, not PRESENT, or coded already, each named on its row. Answers
 * the rows to write, or the errors (nothing is written then).
 */
export function checkFlaps(pairs: FlapRequest['pairs'], c: FlapContext) {
  const errors: FieldErrors = {};
  const seenFlap = new Map<string, number>();
  const seenRoll = new Map<string, number>();
  const rows: Array<{ fict_no: string; attempt_id: string; answer_book_no: string | null }> = [];
  pairs.forEach((pair, i) => {
    const flap = pair.flap_no.toUpperCase();
    const roll = pair.roll_no.toUpperCase();
    const say = (field: string, message: Message) => {
      (errors[`pairs.${i}.${field}`] ??= []).push(message);
    };
    const { flap_no, roll_no } = pair;
    if (seenFlap.has(flap))
      say('flap_no', msg('coding.flapTwice', { flap_no, first: seenFlap.get(flap)! + 1, second: i + 1 }));
    else if (c.taken.has(flap)) say('flap_no', msg('coding.flapUsed', { flap_no, exam_id: c.examId }));
    seenFlap.set(flap, i);
    if (seenRoll.has(roll))
      say('roll_no', msg('coding.rollTwice', { roll_no, first: seenRoll.get(roll)! + 1, second: i + 1 }));
    seenRoll.set(roll, i);
    const attemptId = c.byRoll.get(roll);
    const att = attemptId ? c.attendance.get(attemptId) : undefined;
    const paper = { roll_no, paper_id: c.paperId };
    if (!attemptId) say('roll_no', msg('coding.rollUnknown', { ...paper, exam_id: c.examId }));
    else if (att?.status !== 'PRESENT')
      say('roll_no', msg('coding.rollNotPresent', { ...paper, status: att?.status ?? msg('coding.none') }));
    else if (c.coded.has(attemptId)) say('roll_no', msg('coding.rollCoded', paper));
    else rows.push({ fict_no: flap, attempt_id: attemptId, answer_book_no: att.answer_book_no });
  });
  return { rows, errors };
}

/** Flap pairs with an error are refused whole (422). */
export const refuseFlapErrors = (errors: FieldErrors) =>
  Object.keys(errors).length ? invalid(errors) : undefined;

export function flapsNotice(r: { added: number; books: number; present: number }) {
  const left = r.present - r.books;
  const params = { count: r.added, books: r.books, present: r.present };
  return left > 0
    ? msg('coding.flapsRecordedLeft', { ...params, left })
    : msg('coding.flapsRecorded', params);
}

/** Packets are made of a CODED paper whose every PRESENT candidate has a number. */
export function refuseUncoded(uncoded: number) {
  if (!uncoded) return undefined;
  return new AppError('LOCKED', msg('coding.uncodedPresent', { count: uncoded }));
}

/** The coded books in fictitious-number order, cut into packets of `size`, numbered from 1. */
export function packetsOf(books: readonly string[], size: number, packetNo: (seq: number) => string) {
  const packets: Array<{ packet_no: string; seq: number; fict_nos: string[] }> = [];
  for (let i = 0; i < books.length; i += size) {
    const seq = packets.length + 1;
    packets.push({ packet_no: packetNo(seq), seq, fict_nos: books.slice(i, i + size) });
  }
  return packets;
}

export const packetsNotice = (paperId: string, packets: number) =>
  msg('coding.packetsMade', { count: packets, paper_id: paperId });

/** Stickers are printed of a coded paper. */
export function refuseNotCoded(examId: string, paperId: string, books: number) {
  if (books) return undefined;
  return new AppError(
    'INVALID_TRANSITION',
    msg('coding.notCodedYet', { paper_id: paperId, exam_id: examId }),
  );
}

export const refuseUnknownPacket = (packetNo: string, found: unknown) =>
  found ? undefined : notFound(msg('coding.noSuchPacket', { packet_no: packetNo }));

/**
 * A packet's examiner must exist and belong to no college of the packet's candidates (`clash`: how many of
 * them are of the examiner's college).
 */
export function refusePacketExaminer(
  examinerId: string,
  packetNo: string,
  examiner: { name: string; college_id: string | null } | null,
  clash: number,
) {
  if (!examiner) return invalid({ examiner_id: [msg('coding.noExaminer', { examiner_id: examinerId })] });
  if (!examiner.college_id || clash <= 0) return undefined;
  return invalid({
    examiner_id: [
      msg('coding.examinerOfCollege', {
        name: examiner.name,
        examiner_id: examinerId,
        college_id: examiner.college_id,
        packet_no: packetNo,
      }),
    ],
  });
}

/** Decode follows PACKETED, ASSIGNED or EVALUATED. */
export function refuseDecodeStatus(examId: string, paperId: string, status: string | undefined) {
  if (status && ['PACKETED', 'ASSIGNED', 'EVALUATED'].includes(status)) return undefined;
  return new AppError(
    'INVALID_TRANSITION',
    msg('coding.cannotDecode', { paper_id: paperId, exam_id: examId, status: status ?? 'NOT_CODED' }),
  );
}

/** Decode reads the award lists of every packet: there must be packets, every one LOCKED in both entries. */
export function refuseOpenPackets(
  examId: string,
  paperId: string,
  packets: number,
  open: ReadonlyArray<{ packet_no: string; status: string }>,
) {
  const paper = { paper_id: paperId, exam_id: examId };
  if (!packets) return new AppError('INVALID_TRANSITION', msg('coding.noPackets', paper));
  if (!open.length) return undefined;
  const named = open
    .slice(0, 10)
    .map((p) => `${p.packet_no} (${p.status})`)
    .join(', ');
  return new AppError(
    'LOCKED',
    msg('coding.packetsOpen', {
      ...paper,
      count: open.length,
      packets: named,
      more: open.length > 10 ? msg('coding.andMore', { more: open.length - 10 }) : '',
    }),
  );
}

/** A row of decode's join: attendance ⟗ coding map ⟗ the LOCKED award rows. */
export interface Joined {
  attempt_id: string | null;
  map_fict: string | null;
  award_fict: string | null;
  value: string | null;
  mark_status: string | null;
  batch_id: string | null;
  att_status: string | null;
  ufm_open: boolean | null;
}

/** An exception of decode, its detail a message (stored in English). */
export type DecodeExceptionOf = Omit<DecodeException, 'seq' | 'roll_no' | 'detail'> & { detail: Message };

/**
 * Decode's decisions, row by row: a PRESENT attempt with a mark gets it as its external mark of record; an
 * ABSENT one without marks AB, a UFM one (marked at the hall) UFM; each exception makes the attempt RL
 * (result later) instead: a PRESENT attempt without a mark (never coded, no row, or the examiner wrote AB),
 * marks for an ABSENT attempt, a UFM case still open (book held); and a fictitious number on an award list
 * that is not in the map (orphan: no attempt). An attempt never seated and never coded is left alone.
 */
export function decodeRows(joined: readonly Joined[], paperId: string) {
  const exceptions: DecodeExceptionOf[] = [];
  const out: ExternalMark[] = [];
  const hasMark = (j: Joined) => j.award_fict !== null && (j.value !== null || j.mark_status === 'BLANK');
  for (const j of joined) {
    const except = (kind: DecodeException['kind'], detail: Message) => {
      exceptions.push({ kind, fict_no: j.map_fict ?? j.award_fict, attempt_id: j.attempt_id, detail });
      if (j.attempt_id)
        out.push({ attempt_id: j.attempt_id, value: null, status: 'RL', batch_id: j.batch_id });
    };
    const fict_no = j.map_fict;
    if (!j.attempt_id) {
      except('ORPHAN_FICT', msg('coding.orphanFict', { fict_no: j.award_fict, paper_id: paperId }));
      continue;
    }
    if (j.att_status === 'PRESENT' || (j.att_status === null && j.map_fict)) {
      if (j.ufm_open) except('UFM_HELD', msg('coding.ufmOpen', { fict_no: j.map_fict ?? '' }));
      else if (!j.map_fict) except('PRESENT_WITHOUT_MARKS', msg('coding.neverCoded'));
      else if (!hasMark(j))
        except(
          'PRESENT_WITHOUT_MARKS',
          j.mark_status
            ? msg('coding.noMarkExaminer', { fict_no, status: j.mark_status })
            : msg('coding.noMark', { fict_no }),
        );
      else
        out.push({
          attempt_id: j.attempt_id,
          value: j.mark_status === 'BLANK' ? null : j.value,
          status: j.mark_status === 'BLANK' ? 'BLANK' : null,
          batch_id: j.batch_id,
        });
    } else if (j.att_status === 'ABSENT') {
      if (j.award_fict && hasMark(j))
        except('MARKS_FOR_ABSENTEE', msg('coding.marksForAbsentee', { fict_no }));
      else out.push({ attempt_id: j.attempt_id, value: null, status: 'AB', batch_id: null });
    } else if (j.att_status === 'UFM') {
      if (j.award_fict && hasMark(j)) except('UFM_HELD', msg('coding.ufmBooked', { fict_no }));
      else out.push({ attempt_id: j.attempt_id, value: null, status: 'UFM', batch_id: null });
    }
  }
  return { out, exceptions };
}
