import {
  postResultAssignBody,
  postResultFeeBody,
  postResultMarksBody,
  explanationText,
  type ExplanationStep,
  type PostResultMarksBody,
} from '@exam/contracts';
import type { Prisma } from '@exam/db';
import { revaluationOutcome } from '@exam/grading';
import { renderMessage } from '../../platform/i18n/messages.ts';
import type { ActionEffect } from '../../platform/workflows/effects.ts';
import {
  acceptedNotice,
  computedNotice,
  correctionReason,
  feePaidNotice,
  recordedNotice,
  recountNotice,
  refuseChangedMark,
  refuseExaminer,
  refuseMarks,
  refuseResultGone,
  refuseRevalEntry,
  refuseUnpaidFee,
  refuseUnpublishedRecompute,
  refuseWithoutFinal,
  rejectedNotice,
  retotalOutcome,
  revisedOutcome,
  sentNotice,
  unchangedNotice,
  unchangedOutcome,
} from './application-rules.ts';
import {
  appliedResultOf,
  codingOf,
  correctExternalMark,
  examinerOf,
  examinersOfBook,
  externalMarkForUpdate,
  insertRevalCoding,
  latestPublishedOf,
  revalFictTaken,
  runStatusOf,
} from './application-store.ts';
import { rulesetOf } from './eligibility-service.ts';
import { startResultRun } from './result-run.ts';
import { hundredths, marksText, newId, newRevalFictNo } from './sql.ts';

/**
 * The database side of state machine I (lifecycle §2.3, §4.9): the fee, acceptance, re-coding for
 * revaluation, the marks and their outcome, the outcome applied as a marks correction and a new result
 * version, and the outcome published to the student. The decisions and sentences are application-rules.ts's;
 * the workflow router answers an action's sentence in the reader's language; what the student is told is
 * stored in English.
 */

type Values = Record<string, unknown>;
const s = (v: unknown) => (v === null || v === undefined ? null : String(v));
const throwIf = (refusal: Error | undefined) => {
  if (refusal) throw refusal;
};
/** Stored texts (outcome, notice, reasons) are kept in English, at most 500 characters. */
const stored = (message: Parameters<typeof renderMessage>[0]) => renderMessage(message).slice(0, 500);

export { codingOf, type RevalCoding } from './application-store.ts';

const verifyFee: ActionEffect = {
  body: postResultFeeBody,
  async before({ input, record }) {
    return {
      set: { payment_ref: String(input.payment_ref) },
      message: feePaidNotice(record, String(input.payment_ref)),
    };
  },
};

const accept: ActionEffect = {
  async before({ record, user }) {
    throwIf(refuseUnpaidFee(record));
    return { set: { decided_by: user.email }, message: acceptedNotice(record) };
  },
};

/**
 * Revaluation: the book gets a new fictitious number (CSPRNG) and an examiner other than the one whose packet
 * held it first (coding map → packet → examiner). Re-totalling: no re-coding, the office recounts the marks.
 */
const assign: ActionEffect = {
  body: postResultAssignBody,
  async before({ tx, record, input, user }) {
    const appId = String(record.app_id);
    if (record.type !== 'REVAL') return { set: { examiner_id: null }, message: recountNotice(record) };
    const examinerId = typeof input.examiner_id === 'string' ? input.examiner_id.trim() : '';
    const examiner = examinerId ? await examinerOf(tx, examinerId) : undefined;
    const book = examiner ? await examinersOfBook(tx, String(record.attempt_id)) : null;
    throwIf(refuseExaminer(examinerId, examiner, book ? [book.first, ...book.earlier] : []));
    let fictNo = newRevalFictNo();
    for (let i = 0; (await revalFictTaken(tx, fictNo)) && i < 10; i += 1) fictNo = newRevalFictNo();
    await insertRevalCoding(tx, {
      app_id: appId,
      exam_id: String(record.exam_id),
      paper_id: String(record.paper_id),
      fict_no: fictNo,
      examiner_id: examinerId,
      first_examiner_id: book!.first,
      coded_by: user.email,
    });
    return { set: { examiner_id: examinerId }, message: sentNotice(record, examiner!.name) };
  },
};

/**
 * The outcome of recorded marks: the rule set's revaluation rule (§4.9), or a recount that replaces the
 * total.
 */
export async function marksOutcome(
  tx: Prisma.TransactionClient,
  record: Values,
  body: PostResultMarksBody,
): Promise<Values> {
  const appId = String(record.app_id);
  if (record.type === 'REVAL') throwIf(refuseRevalEntry(appId, await codingOf(tx, appId), body.fict_no));
  const max = s(record.max_marks);
  const revaluation = body.marks ?? s(record.reval_marks);
  throwIf(refuseMarks(revaluation, body.third_marks, max));
  const original = String(record.original_marks);
  if (record.type === 'RETOTAL') {
    const text = stored(retotalOutcome(original, revaluation!));
    const step = {
      step: 'RETOTAL',
      inputs: { original: marksText(original), recounted: marksText(revaluation) },
      output: { final: marksText(revaluation) },
      text,
    } as ExplanationStep;
    return {
      reval_marks: marksText(revaluation),
      third_marks: null,
      needs_third_valuation: false,
      final_marks: marksText(revaluation),
      outcome_rule: 'RETOTAL',
      outcome: text,
      explanation: [step],
    };
  }
  const third = body.third_marks ?? s(record.third_marks);
  const result = await appliedResultOf(tx, record);
  throwIf(refuseResultGone(appId, result));
  const ruleset = await rulesetOf(tx, result!.ruleset_id, result!.ruleset_version);
  const outcome = revaluationOutcome(ruleset, {
    original,
    revaluation: revaluation!,
    third,
    max: max ?? original,
  });
  // The application row keeps each step as data and its English sentence (one or two steps an application):
  // the register answers the row as stored; the screens write the sentence in their language from the data.
  const explanation = outcome.explanation.map((e) => ({ ...e, text: explanationText(e) }));
  const text = explanation.map((e) => e.text).join('; ');
  return {
    reval_marks: marksText(revaluation),
    third_marks: marksText(third),
    needs_third_valuation: outcome.needs_third_valuation,
    final_marks: marksText(outcome.final),
    outcome_rule: ruleset.rules.reval.result_rule,
    outcome: text.slice(0, 500),
    explanation,
  };
}

const recordMarks: ActionEffect = {
  body: postResultMarksBody,
  async before({ tx, record, input }) {
    const set = await marksOutcome(tx, record, input as PostResultMarksBody);
    return { set, message: recordedNotice(record, set) };
  },
};

/**
 * The outcome applied: when the final marks differ from the mark of record, a REVALUATION marks correction
 * (approved by the computing user, the application as its request) changes the external mark of record, and a
 * result run of the scope recomputes the student's result as a new version; otherwise nothing changes.
 */
const compute: ActionEffect = {
  async before({ tx, db, record, user }) {
    const appId = String(record.app_id);
    const final = s(record.final_marks);
    throwIf(refuseWithoutFinal(appId, final));
    if (hundredths(final!) === hundredths(String(record.original_marks)))
      return { set: { decided_by: user.email }, message: unchangedNotice(record) };
    const attemptId = String(record.attempt_id);
    const mark = await externalMarkForUpdate(tx, attemptId);
    throwIf(refuseChangedMark(record, mark));
    const correctionId = newId('MC');
    await correctExternalMark(tx, {
      correction_id: correctionId,
      attempt_id: attemptId,
      old: mark!,
      new: (hundredths(final!) / 100).toFixed(2),
      reason: stored(correctionReason(record)),
      app_id: appId,
      by: user.email,
    });
    const result = await appliedResultOf(tx, record);
    const run = await startResultRun(
      tx,
      db,
      {
        exam_id: String(record.exam_id),
        session_id: String(record.session_id),
        course_comb_id: String(record.course_comb_id),
        sem_id: String(record.sem_id),
        scheme: result?.scheme ?? 'OLD',
      },
      user,
    );
    return {
      set: { correction_id: correctionId, run_id: run.run_id, decided_by: user.email },
      message: computedNotice(record, { final: final!, correction_id: correctionId, run_id: run.run_id }),
    };
  },
};

/**
 * The outcome published to the student: once the recomputed result is published (a new version superseding
 * the old).
 */
const publish: ActionEffect = {
  async before({ tx, record }) {
    const latest = await latestPublishedOf(tx, record);
    if (!record.run_id) {
      const { notice, message } = unchangedOutcome(record);
      return { set: { new_version: null, notice: stored(notice) }, message: message };
    }
    const pending = !latest || latest.version <= Number(record.original_version);
    const runStatus = pending ? await runStatusOf(tx, String(record.run_id)) : undefined;
    throwIf(refuseUnpublishedRecompute(record, latest, runStatus));
    const { notice, message } = revisedOutcome(record, latest!);
    return { set: { new_version: latest!.version, notice: stored(notice) }, message: message };
  },
};

const close: ActionEffect = {
  async before({ record, input }) {
    return { set: { status_reason: input.reason ?? record.status_reason ?? null } };
  },
};

const reject: ActionEffect = {
  async before({ record, input, user }) {
    return {
      set: {
        status_reason: String(input.reason),
        decided_by: user.email,
        notice: stored(rejectedNotice(record, String(input.reason))),
      },
    };
  },
};

export const postResultEffects: Partial<Record<string, ActionEffect>> = {
  'verify-fee': verifyFee,
  accept,
  assign,
  'record-marks': recordMarks,
  compute,
  publish,
  close,
  reject,
};
