import { label, msg, postResultType, type Message } from '@exam/contracts';
import { AppError, invalid, notFound } from '../../platform/http/errors.ts';
import type { RevalCoding, RunScope } from './application-store.ts';
import { applicationNoun } from './eligibility-rules.ts';
import { hundredths, marksText } from './sql.ts';

/**
 * The rules of an application's life (state machine I, §4.9) and of the revaluation award list: each takes
 * what the store read and answers the refusal (an AppError to throw) or nothing, or the sentence an action
 * answers (or stores for the student); none reads the database.
 */

type Values = Record<string, unknown>;
/** A kind of application as the screens name it ("Revaluation"), translated with the screens. */
const typeLabel = (record: Values) => label(postResultType.labelOf(record.type));

/** An attempt outside the caller's scope does not exist for it (404). */
export function refuseUnknownAttempt(attemptId: string, found: unknown) {
  return found
    ? undefined
    : notFound(msg('postResult.noSuchAttempt', { attempt_id: attemptId.slice(0, 40) }));
}

/** Why the paper cannot be applied for (eligibility-rules.ts), as a 422 naming the attempt. */
export function refuseIneligible(whyNot: Message | null) {
  if (!whyNot) return undefined;
  return new AppError('VALIDATION_FAILED', whyNot, { errors: { attempt_id: [whyNot] } });
}

/** The eligible papers are listed for one student: a student's own, else the one the office names. */
export function refuseWithoutStudent(studentId: string | null) {
  return studentId ? undefined : invalid({ student_id: [msg('postResult.studentRequired')] });
}

export const receivedNotice = (record: Values, fee: string | null) =>
  msg(fee ? 'postResult.receivedWithFee' : 'postResult.received', {
    type: typeLabel(record),
    app_id: String(record.app_id),
    paper_id: String(record.paper_id),
    ...(fee ? { fee } : {}),
  });

export const feePaidNotice = (record: Values, paymentRef: string) =>
  msg('postResult.feePaid', { app_id: String(record.app_id), payment_ref: paymentRef });

/** A fee is verified before the office accepts the application. */
export function refuseUnpaidFee(record: Values) {
  if (record.status !== 'APPLIED' || record.fee === null || hundredths(String(record.fee)) <= 0)
    return undefined;
  return new AppError(
    'INVALID_TRANSITION',
    msg('postResult.feeNotVerified', { app_id: String(record.app_id), fee: String(record.fee) }),
  );
}

const nextSteps = {
  PHOTOCOPY: 'postResult.nextPhotocopy',
  REVAL: 'postResult.nextReval',
  RETOTAL: 'postResult.nextRetotal',
} as const;

export const acceptedNotice = (record: Values) =>
  msg('postResult.accepted', {
    app_id: String(record.app_id),
    next: msg(nextSteps[record.type as keyof typeof nextSteps] ?? 'postResult.nextRetotal'),
  });

export const recountNotice = (record: Values) =>
  msg('postResult.recount', { app_id: String(record.app_id), paper_id: String(record.paper_id) });

/**
 * A revaluation needs an existing examiner other than those who marked the book already (its packet's
 * examiner, earlier revaluations').
 */
export function refuseExaminer(
  examinerId: string,
  examiner: { examiner_id: string; name: string } | undefined,
  markedBefore: ReadonlyArray<string | null>,
) {
  if (!examinerId) return invalid({ examiner_id: [msg('postResult.examinerRequired')] });
  if (!examiner) return invalid({ examiner_id: [msg('postResult.noExaminer', { examiner_id: examinerId })] });
  if (markedBefore.includes(examinerId))
    return invalid({
      examiner_id: [msg('postResult.examinerMarkedBefore', { name: examiner.name, examiner_id: examinerId })],
    });
  return undefined;
}

export const sentNotice = (record: Values, examinerName: string) =>
  msg('postResult.sentToExaminer', {
    app_id: String(record.app_id),
    paper_id: String(record.paper_id),
    name: examinerName,
  });

/** Revaluation marks are entered by the book's new fictitious number, once it is sent for evaluation. */
export function refuseRevalEntry(appId: string, coding: RevalCoding | null, fictNo: string | undefined) {
  if (!coding) return new AppError('INVALID_TRANSITION', msg('postResult.notSentYet', { app_id: appId }));
  if (!fictNo) return invalid({ fict_no: [msg('postResult.fictRequired')] });
  if (fictNo !== coding.fict_no)
    return invalid({ fict_no: [msg('postResult.wrongFict', { fict_no: fictNo })] });
  return undefined;
}

/** The marks (and a third valuation's) are given, and none is above the paper's maximum. */
export function refuseMarks(marks: string | null, thirdMarks: string | null | undefined, max: string | null) {
  if (!marks) return invalid({ marks: [msg('postResult.marksRequired')] });
  for (const [field, value] of [
    ['marks', marks],
    ['third_marks', thirdMarks],
  ] as const) {
    if (value && max && hundredths(value) > hundredths(max))
      return invalid({ [field]: [msg('postResult.aboveMaximum', { value, max: marksText(max) })] });
  }
  return undefined;
}

/** Re-totalling: the recount replaces the total; what the outcome says. */
export function retotalOutcome(original: string, recounted: string): Message {
  const marks = marksText(recounted);
  return hundredths(recounted) === hundredths(original)
    ? msg('postResult.retotalSame', { marks })
    : msg('postResult.retotalChanged', { marks, original: marksText(original) });
}

/** The published result the application was made against must still be there. */
export function refuseResultGone(appId: string, result: unknown) {
  return result
    ? undefined
    : new AppError('INVALID_TRANSITION', msg('postResult.resultGone', { app_id: appId }));
}

/** What recording the marks answers (by the award list: naming the book by its fictitious number). */
export function recordedNotice(record: Values, set: Values, fictNo?: string) {
  const params = { type: typeLabel(record), outcome: String(set.outcome), marks: String(set.reval_marks) };
  const third = Boolean(set.needs_third_valuation);
  if (fictNo === undefined)
    return msg(third ? 'postResult.marksRecordedThird' : 'postResult.marksRecorded', params);
  return msg(third ? 'postResult.bookMarksRecordedThird' : 'postResult.bookMarksRecorded', {
    ...params,
    fict_no: fictNo,
  });
}

/** A revalued book entered while someone else changed it is entered again (409). */
export const refuseStaleBook = (count: number) =>
  count === 1 ? undefined : new AppError('STALE_EDIT', msg('postResult.bookChanged'));

/** Only a book in revaluation (in process or evaluated) takes marks on the award list. */
export function refuseBookNotWaiting(fictNo: string, current: { status: string } | null | undefined) {
  if (current && ['IN_PROCESS', 'EVALUATED'].includes(current.status)) return undefined;
  return invalid({ fict_no: [msg('postResult.noBookWaiting', { fict_no: fictNo.slice(0, 30) })] });
}

/** The outcome is computed from final marks. */
export function refuseWithoutFinal(appId: string, final: string | null) {
  return final
    ? undefined
    : new AppError('INVALID_TRANSITION', msg('postResult.noFinalMarks', { app_id: appId }));
}

export const unchangedNotice = (record: Values) =>
  msg('postResult.marksUnchanged', {
    app_id: String(record.app_id),
    marks: marksText(String(record.original_marks)),
    outcome: String(record.outcome),
  });

/** The mark of record must still be the one the application was made against. */
export function refuseChangedMark(record: Values, mark: string | null) {
  const original = String(record.original_marks);
  if (mark && /^\d/.test(mark) && hundredths(mark) === hundredths(original)) return undefined;
  return new AppError(
    'STALE_EDIT',
    msg('postResult.markChangedSince', {
      paper_id: String(record.paper_id),
      mark: marksText(mark) ?? msg('postResult.none'),
      original: marksText(original),
    }),
  );
}

/** The reason a revaluation's marks correction records. */
export const correctionReason = (record: Values) =>
  msg('postResult.correctionReason', {
    type: typeLabel(record),
    app_id: String(record.app_id),
    outcome: String(record.outcome),
  });

export const computedNotice = (
  record: Values,
  change: { final: string; correction_id: string; run_id: string },
) =>
  msg('postResult.outcomeComputed', {
    app_id: String(record.app_id),
    paper_id: String(record.paper_id),
    original: marksText(String(record.original_marks)),
    final: marksText(change.final),
    correction_id: change.correction_id,
    run_id: change.run_id,
  });

/**
 * One run of a scope at a time: a run computing, verified or approved goes first (published, or finished).
 */
export function refuseBusyScope(scope: RunScope, runs: ReadonlyArray<{ run_id: string; status: string }>) {
  const held = runs.find((r) => ['COMPUTING', 'VERIFIED', 'APPROVED'].includes(r.status));
  if (!held) return undefined;
  return new AppError(
    'LOCKED',
    msg('postResult.runHeld', {
      run_id: held.run_id,
      exam_id: scope.exam_id,
      course_comb_id: scope.course_comb_id,
      sem_id: scope.sem_id,
      status: held.status,
    }),
  );
}

/** The run a new one is compared with: the latest unpublished (computed, failed), else the published. */
export const previousRunOf = (runs: ReadonlyArray<{ run_id: string; status: string }>) =>
  runs.find((r) => r.status === 'COMPUTED' || r.status === 'FAILED') ??
  runs.find((r) => r.status === 'PUBLISHED');

/** The outcome as the student is told it: "Revaluation of P1: …." */
const outcomeOf = (record: Values) =>
  msg('postResult.outcomeOf', {
    type: typeLabel(record),
    paper_id: String(record.paper_id),
    outcome: String(record.outcome),
  });

/** An outcome that changes nothing: the student's notice and the answer. */
export const unchangedOutcome = (record: Values) => ({
  notice: msg('postResult.noticeNoChange', { what: outcomeOf(record) }),
  message: msg('postResult.publishedNoChange', { app_id: String(record.app_id) }),
});

/**
 * A changed outcome is published once the recomputed result is (a version newer than the one applied
 * against).
 */
export function refuseUnpublishedRecompute(
  record: Values,
  latest: { version: number } | undefined,
  runStatus: string | undefined,
) {
  if (latest && latest.version > Number(record.original_version)) return undefined;
  return new AppError(
    'INVALID_TRANSITION',
    msg('postResult.recomputedNotPublished', {
      student_id: String(record.student_id),
      run_id: String(record.run_id),
      status: runStatus ?? msg('postResult.missing'),
    }),
  );
}

/** A changed outcome: the student's notice (the new marks and result version) and the answer. */
export function revisedOutcome(
  record: Values,
  latest: {
    version: number;
    result: string;
    sgpa: string | null;
    percentage: string | null;
    division: string | null;
  },
) {
  const figures = [
    latest.result,
    latest.sgpa ? `SGPA ${latest.sgpa}` : null,
    latest.percentage ? `${latest.percentage} %` : null,
    latest.division ? `division ${latest.division}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return {
    notice: msg('postResult.noticeRevised', {
      what: outcomeOf(record),
      final: String(record.final_marks),
      original: String(record.original_marks),
      version: latest.version,
      figures,
      original_version: String(record.original_version),
    }),
    message: msg('postResult.publishedVersion', { app_id: String(record.app_id), version: latest.version }),
  };
}

/** What a rejected application tells the student. */
export const rejectedNotice = (record: Values, reason: string) =>
  msg('postResult.noticeRejected', {
    type: applicationNoun(record.type),
    paper_id: String(record.paper_id),
    reason,
  });
