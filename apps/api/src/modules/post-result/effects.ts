import {
  postResultAssignBody,
  postResultFeeBody,
  postResultMarksBody,
  postResultType,
  type ExplanationStep,
  type PostResultMarksBody,
} from '@exam/contracts';
import type { Prisma } from '@exam/db';
import { revaluationOutcome } from '@exam/grading';
import { AppError, invalid } from '../../platform/http/errors.ts';
import type { ActionEffect } from '../../platform/workflows/effects.ts';
import { rulesetOf } from './eligibility.ts';
import { startResultRun } from './result-run.ts';
import { hundredths, marksText, newId, newRevalFictNo, q } from './sql.ts';

type Values = Record<string, unknown>;
const s = (v: unknown) => (v === null || v === undefined ? null : String(v));
const labelOf = (record: Values) => postResultType.labelOf(record.type);

/** The re-coding of a revalued book (secret: its new fictitious number). */
export interface RevalCoding {
  app_id: string;
  fict_no: string;
  examiner_id: string;
  first_examiner_id: string | null;
}
export const codingOf = async (tx: Prisma.TransactionClient, appId: string) =>
  (
    await q<RevalCoding>(
      tx,
      `SELECT app_id, fict_no, examiner_id, first_examiner_id FROM post_result_coding WHERE app_id = $1`,
      [appId],
    )
  )[0] ?? null;

const verifyFee: ActionEffect = {
  body: postResultFeeBody,
  async before({ input, record }) {
    return {
      set: { payment_ref: String(input.payment_ref) },
      message: `The fee of application ${String(record.app_id)} is recorded as paid (${String(input.payment_ref)}); the office accepts it next.`,
    };
  },
};

const accept: ActionEffect = {
  async before({ record, user }) {
    if (record.status === 'APPLIED' && record.fee !== null && hundredths(String(record.fee)) > 0) {
      throw new AppError(
        'INVALID_TRANSITION',
        `Application ${String(record.app_id)} has a fee of ₹${String(record.fee)} not yet verified: verify the fee first (Verify fee).`,
      );
    }
    const next =
      record.type === 'PHOTOCOPY'
        ? 'close it once the photocopy is handed over'
        : record.type === 'REVAL'
          ? 'send it for evaluation (a new fictitious number and another examiner)'
          : 'send it for recounting';
    return {
      set: { decided_by: user.email },
      message: `Application ${String(record.app_id)} is accepted; ${next}.`,
    };
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
    if (record.type !== 'REVAL')
      return {
        set: { examiner_id: null },
        message: `Application ${appId}: recount the marks of ${String(record.paper_id)}'s answer book and record the total (no re-coding for re-totalling).`,
      };
    const examinerId = typeof input.examiner_id === 'string' ? input.examiner_id.trim() : '';
    if (!examinerId) throw invalid({ examiner_id: ['Required: the examiner who revalues the book'] });
    const [examiner] = await q<{ examiner_id: string; name: string }>(
      tx,
      `SELECT examiner_id, name FROM examiner WHERE examiner_id = $1`,
      [examinerId],
    );
    if (!examiner) throw invalid({ examiner_id: [`No examiner ${examinerId}`] });
    const [first] = await q<{ examiner_id: string | null }>(
      tx,
      `SELECT k.examiner_id FROM coding_map c JOIN packet k ON k.packet_no = c.packet_no WHERE c.attempt_id = $1`,
      [String(record.attempt_id)],
    );
    const earlier = await q<{ examiner_id: string }>(
      tx,
      `SELECT c.examiner_id FROM post_result_coding c JOIN post_result_application a ON a.app_id = c.app_id WHERE a.attempt_id = $1`,
      [String(record.attempt_id)],
    );
    const used = new Set([first?.examiner_id, ...earlier.map((e) => e.examiner_id)].filter(Boolean));
    if (used.has(examinerId))
      throw invalid({
        examiner_id: [
          `${examiner.name} (${examinerId}) has already marked this answer book; a revaluation needs another examiner`,
        ],
      });
    let fictNo = newRevalFictNo();
    for (
      let i = 0;
      (await q(tx, `SELECT 1 FROM post_result_coding WHERE fict_no = $1`, [fictNo])).length && i < 10;
      i += 1
    )
      fictNo = newRevalFictNo();
    await tx.$executeRawUnsafe(
      `INSERT INTO post_result_coding (app_id, exam_id, paper_id, fict_no, examiner_id, first_examiner_id, coded_by) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      appId,
      String(record.exam_id),
      String(record.paper_id),
      fictNo,
      examinerId,
      first?.examiner_id ?? null,
      user.email,
    );
    return {
      set: { examiner_id: examinerId },
      message: `Application ${appId}: the answer book is re-coded with a new fictitious number (on the revaluation award list of ${String(record.paper_id)}) and sent to ${examiner.name}.`,
    };
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
  if (record.type === 'REVAL') {
    const coding = await codingOf(tx, appId);
    if (!coding)
      throw new AppError('INVALID_TRANSITION', `Application ${appId} has not been sent for evaluation yet.`);
    if (!body.fict_no)
      throw invalid({ fict_no: ['Required: the fictitious number on the revalued answer book'] });
    if (body.fict_no !== coding.fict_no)
      throw invalid({ fict_no: [`${body.fict_no} is not the fictitious number of this revalued book`] });
  }
  const max = s(record.max_marks);
  const revaluation = body.marks ?? s(record.reval_marks);
  if (!revaluation) throw invalid({ marks: ['Required: the marks of the revaluation'] });
  for (const [field, value] of [
    ['marks', revaluation],
    ['third_marks', body.third_marks],
  ] as const) {
    if (value && max && hundredths(value) > hundredths(max))
      throw invalid({ [field]: [`${value} is above the maximum ${marksText(max)}`] });
  }
  const original = String(record.original_marks);
  if (record.type === 'RETOTAL') {
    const same = hundredths(revaluation) === hundredths(original);
    const text = same
      ? `Re-totalling: the marks recounted come to ${marksText(revaluation)}, as recorded: no change`
      : `Re-totalling: the marks recounted come to ${marksText(revaluation)}, not ${marksText(original)}: the total is corrected to ${marksText(revaluation)}`;
    const step: ExplanationStep = {
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
  const [result] = await q<{ ruleset_id: string; ruleset_version: number }>(
    tx,
    `SELECT ruleset_id, ruleset_version FROM student_result WHERE student_id = $1 AND exam_id = $2 AND session_id = $3 AND course_comb_id = $4 AND sem_id = $5 AND version = $6`,
    [
      record.student_id,
      record.exam_id,
      record.session_id,
      record.course_comb_id,
      record.sem_id,
      record.original_version,
    ],
  );
  if (!result)
    throw new AppError(
      'INVALID_TRANSITION',
      `The published result application ${appId} was made against is gone.`,
    );
  const ruleset = await rulesetOf(tx, result.ruleset_id, result.ruleset_version);
  const outcome = revaluationOutcome(ruleset, { original, revaluation, third, max: max ?? original });
  const text = outcome.explanation.map((e) => e.text).join('; ');
  return {
    reval_marks: marksText(revaluation),
    third_marks: marksText(third),
    needs_third_valuation: outcome.needs_third_valuation,
    final_marks: marksText(outcome.final),
    outcome_rule: ruleset.rules.reval.result_rule,
    outcome: text.slice(0, 500),
    explanation: outcome.explanation,
  };
}

const recordMarks: ActionEffect = {
  body: postResultMarksBody,
  async before({ tx, record, input }) {
    const set = await marksOutcome(tx, record, input as PostResultMarksBody);
    return { set, message: recordedMessage(record, set) };
  },
};

export const recordedMessage = (record: Values, set: Values) =>
  set.needs_third_valuation
    ? `${labelOf(record)} marks ${String(set.reval_marks)} recorded; ${String(set.outcome)}. Record the third valuation.`
    : `${labelOf(record)} marks recorded: ${String(set.outcome)}.`;

/**
 * The outcome applied: when the final marks differ from the mark of record, a REVALUATION marks correction
 * (approved by the computing user, the application as its request) changes the external mark of record, and a
 * result run of the scope recomputes the student's result as a new version; otherwise nothing changes.
 */
const compute: ActionEffect = {
  async before({ tx, db, record, user }) {
    const appId = String(record.app_id);
    const final = s(record.final_marks);
    const original = String(record.original_marks);
    if (!final)
      throw new AppError(
        'INVALID_TRANSITION',
        `Application ${appId} has no final marks yet: record the marks first.`,
      );
    if (hundredths(final) === hundredths(original)) {
      return {
        set: { decided_by: user.email },
        message: `Application ${appId}: the marks stay ${marksText(original)} (${String(record.outcome)}); the result does not change.`,
      };
    }
    const [mark] = await q<{ mark: string | null }>(
      tx,
      `SELECT COALESCE(value::text, status) AS mark FROM mark_record WHERE attempt_id = $1 AND component = 'EXT' FOR UPDATE`,
      [String(record.attempt_id)],
    );
    if (!mark?.mark || !/^\d/.test(mark.mark) || hundredths(mark.mark) !== hundredths(original)) {
      throw new AppError(
        'STALE_EDIT',
        `The external mark of record of ${String(record.paper_id)} is now ${marksText(mark?.mark) ?? 'none'}, not ${marksText(original)} as when the application was made; check the marks corrections log.`,
      );
    }
    const correctionId = newId('MC');
    const oldText = mark.mark;
    const newText = (hundredths(final) / 100).toFixed(2);
    await tx.$executeRawUnsafe(
      `INSERT INTO mark_correction (correction_id, attempt_id, component, old, new, reason, kind, status, requested_by, approved_by, approved_at)
       VALUES ($1, $2, 'EXT', $3, $4, $5, 'REVALUATION', 'APPROVED', $6, $7, now())`,
      correctionId,
      String(record.attempt_id),
      oldText,
      newText,
      `${labelOf(record)} application ${appId}: ${String(record.outcome)}`.slice(0, 500),
      `postresult ${appId}`,
      user.email,
    );
    await tx.$executeRawUnsafe(
      `UPDATE mark_record SET value = $2::numeric(6,2), status = NULL, source = 'REVAL', correction_id = $3, updated_at = now() WHERE attempt_id = $1 AND component = 'EXT'`,
      String(record.attempt_id),
      newText,
      correctionId,
    );
    const [scheme] = await q<{ scheme: string }>(
      tx,
      `SELECT scheme FROM student_result WHERE student_id = $1 AND exam_id = $2 AND session_id = $3 AND course_comb_id = $4 AND sem_id = $5 AND version = $6`,
      [
        record.student_id,
        record.exam_id,
        record.session_id,
        record.course_comb_id,
        record.sem_id,
        record.original_version,
      ],
    );
    const run = await startResultRun(
      tx,
      db,
      {
        exam_id: String(record.exam_id),
        session_id: String(record.session_id),
        course_comb_id: String(record.course_comb_id),
        sem_id: String(record.sem_id),
        scheme: scheme?.scheme ?? 'OLD',
      },
      user,
    );
    return {
      set: { correction_id: correctionId, run_id: run.run_id, decided_by: user.email },
      message: `Application ${appId}: the external marks of ${String(record.paper_id)} change ${marksText(original)} → ${marksText(final)} (correction ${correctionId}); result run ${run.run_id} recomputes the result. Verify, approve and publish it, then publish this outcome.`,
    };
  },
};

/**
 * The outcome published to the student: once the recomputed result is published (a new version superseding
 * the old).
 */
const publish: ActionEffect = {
  async before({ tx, record }) {
    const appId = String(record.app_id);
    const [latest] = await q<{
      version: number;
      result: string;
      sgpa: string | null;
      percentage: string | null;
      division: string | null;
    }>(
      tx,
      `SELECT version, result, sgpa, percentage, division FROM student_result WHERE student_id = $1 AND exam_id = $2 AND session_id = $3 AND course_comb_id = $4 AND sem_id = $5 AND status = 'PUBLISHED' ORDER BY version DESC LIMIT 1`,
      [record.student_id, record.exam_id, record.session_id, record.course_comb_id, record.sem_id],
    );
    const what = `${labelOf(record)} of ${String(record.paper_id)}: ${String(record.outcome)}.`;
    if (!record.run_id) {
      return {
        set: { new_version: null, notice: `${what} Your marks and result do not change.`.slice(0, 500) },
        message: `The outcome of application ${appId} is published: no change.`,
      };
    }
    if (!latest || latest.version <= Number(record.original_version)) {
      const [run] = await q<{ status: string }>(tx, `SELECT status FROM result_run WHERE run_id = $1`, [
        record.run_id,
      ]);
      throw new AppError(
        'INVALID_TRANSITION',
        `The recomputed result of ${String(record.student_id)} is not published yet (result run ${String(record.run_id)} is ${run?.status ?? 'missing'}): verify, approve and publish the run first.`,
      );
    }
    const figures = [
      latest.result,
      latest.sgpa ? `SGPA ${latest.sgpa}` : null,
      latest.percentage ? `${latest.percentage} %` : null,
      latest.division ? `division ${latest.division}` : null,
    ]
      .filter(Boolean)
      .join(', ');
    const notice = `${what} Your external marks are now ${String(record.final_marks)} (were ${String(record.original_marks)}); your result is revised as version ${latest.version} (${figures}), replacing version ${String(record.original_version)}.`;
    return {
      set: { new_version: latest.version, notice: notice.slice(0, 500) },
      message: `The outcome of application ${appId} is published: result version ${latest.version}.`,
    };
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
        notice:
          `Your ${labelOf(record).toLowerCase()} application for ${String(record.paper_id)} was rejected: ${String(input.reason)}`.slice(
            0,
            500,
          ),
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
