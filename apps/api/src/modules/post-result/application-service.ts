import type { PostResultCreate, PostResultType, revalAwardEntry } from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import type { z } from 'zod';
import type { AuditChange } from '../../platform/audit/audit-trail.ts';
import { present } from '../../platform/crud/store.ts';
import type { Language } from '@exam/contracts';
import { renderMessage } from '../../platform/i18n/messages.ts';
import {
  recordedNotice,
  refuseBookNotWaiting,
  refuseIneligible,
  refuseStaleBook,
  refuseUnknownAttempt,
} from './application-rules.ts';
import { applicationOfFict, awardListOf, lockStudentApplying } from './application-store.ts';
import { marksOutcome } from './application-effects.ts';
import { attemptFacts, eligibility, type AttemptFacts } from './eligibility-service.ts';
import { publishedAttemptIdsOf } from './eligibility-store.ts';
import { postResultStore } from './store.ts';
import { marksText, newId, todayIso } from './sql.ts';

/**
 * The post-result calls' use cases beyond the workflow: applying (checked against the eligibility rules),
 * the papers a student may apply for, and the revaluation award list by fictitious number.
 */

type Tx = Prisma.TransactionClient;
/** Writes a change to the audit trail inside the caller's transaction (the handler binds the request). */
export type Audit = (tx: Tx, change: AuditChange) => Promise<void>;
/** The attempts the caller may apply for, of those asked (the handler knows the caller's scope). */
export type Within = (rows: AttemptFacts[]) => AttemptFacts[];

const throwIf = (refusal: Error | undefined) => {
  if (refusal) throw refusal;
};

/**
 * `POST /api/postresult`: an application for an attempt within the caller's scope (404 otherwise), refused
 * with 422 naming why the paper cannot be applied for; nothing is stored then. Answers the application and
 * its fee.
 */
export async function apply(
  db: Database,
  body: PostResultCreate,
  email: string,
  within: Within,
  audit: Audit,
) {
  return db.prisma.$transaction(async (tx) => {
    const [attempt] = within(await attemptFacts(tx, [body.attempt_id]));
    throwIf(refuseUnknownAttempt(body.attempt_id, attempt));
    await lockStudentApplying(tx, attempt!.student_id);
    const today = todayIso();
    const e = await eligibility(tx, attempt!, body.type, today);
    throwIf(refuseIneligible(e.why_not));
    const appId = newId('PA');
    const row = await tx.postResultApplication.create({
      data: {
        app_id: appId,
        type: body.type,
        attempt_id: attempt!.attempt_id,
        status: 'APPLIED',
        student_id: attempt!.student_id,
        college_id: attempt!.college_id,
        exam_id: attempt!.exam_id,
        session_id: attempt!.session_id,
        course_comb_id: attempt!.course_comb_id,
        sem_id: attempt!.sem_id,
        paper_id: attempt!.paper_id,
        component: 'EXT',
        applied_on: today,
        applied_by: email,
        last_day: e.last_day!,
        fee: e.fee,
        max_marks: marksText(attempt!.ext_max),
        original_marks: marksText(attempt!.ext_mark),
        original_version: e.published!.version,
        outcome_rule:
          body.type === 'REVAL'
            ? e.ruleset!.rules.reval.result_rule
            : body.type === 'RETOTAL'
              ? 'RETOTAL'
              : null,
      },
    });
    const after = present(postResultStore, row);
    await audit(tx, { action: 'create', entity: 'postresult', key: appId, after });
    return { after, fee: e.fee };
  });
}

/**
 * `GET /api/postresult-eligible`: the student's papers of published results within the caller's scope, each
 * with its window, limit and fee, and why it cannot be applied for (in the reader's language).
 */
export async function eligiblePapers(
  db: Database,
  studentId: string,
  type: PostResultType,
  within: Within,
  language: Language,
) {
  const ids = await publishedAttemptIdsOf(db, studentId);
  const attempts = within(
    await attemptFacts(
      db,
      ids.map((i) => i.attempt_id),
    ),
  );
  const today = todayIso();
  const papers = [];
  for (const a of attempts) {
    const e = await eligibility(db, a, type, today);
    papers.push({
      attempt_id: a.attempt_id,
      exam_id: a.exam_id,
      session_id: a.session_id,
      course_comb_id: a.course_comb_id,
      sem_id: a.sem_id,
      paper_id: a.paper_id,
      paper_name: a.paper_name,
      ext_marks: marksText(a.ext_mark),
      published_on: e.published?.published_on ?? '',
      last_day: e.last_day ?? '',
      within_window: e.within_window,
      fee: e.fee,
      limit: e.limit === Number.MAX_SAFE_INTEGER ? 0 : e.limit,
      used: e.used,
      eligible: e.why_not === null,
      why_not: e.why_not ? renderMessage(e.why_not, language) : null,
    });
  }
  return papers;
}

/**
 * `GET /api/revalawardlist`: the books in revaluation, by fictitious number (no student, roll number or
 * application).
 */
export async function awardList(db: Database, filter: { exam_id?: string; paper_id?: string }) {
  const rows = await awardListOf(db, filter);
  return rows.map((r) => ({ ...r, entered: r.marks !== null && !r.needs_third_valuation }));
}

/**
 * `POST /api/revalawardlist`: a revalued book's marks entered by its fictitious number, as `record-marks`
 * records them (the application moves to EVALUATED). Answers the book by its fictitious number only.
 */
export async function recordBookMarks(db: Database, body: z.infer<typeof revalAwardEntry>, audit: Audit) {
  return db.prisma.$transaction(async (tx) => {
    const appId = await applicationOfFict(tx, body.fict_no);
    const current = appId ? await tx.postResultApplication.findUnique({ where: { app_id: appId } }) : null;
    throwIf(refuseBookNotWaiting(body.fict_no, current));
    const before = present(postResultStore, current!);
    const set = await marksOutcome(tx, before, body);
    const { count } = await tx.postResultApplication.updateMany({
      where: { app_id: current!.app_id, updated_at: current!.updated_at },
      data: { ...set, explanation: set.explanation as object, status: 'EVALUATED' } as never,
    });
    throwIf(refuseStaleBook(count));
    const after = present(
      postResultStore,
      (await tx.postResultApplication.findUnique({ where: { app_id: current!.app_id } }))!,
    );
    await audit(tx, {
      action: 'transition',
      transition: 'record-marks',
      entity: 'postresult',
      key: current!.app_id,
      before,
      after,
    });
    return {
      fict_no: body.fict_no,
      marks: after.reval_marks,
      third_marks: after.third_marks,
      needs_third_valuation: after.needs_third_valuation,
      recorded: recordedNotice(before, set, body.fict_no),
    };
  });
}
