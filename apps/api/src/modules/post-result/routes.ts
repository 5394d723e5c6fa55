import { Router, type Response } from 'express';
import {
  postResultCreate,
  postResultType,
  revalAwardEntry,
  revalAwardListQuery,
  type CapabilityKey,
  type PostResultType,
} from '@exam/contracts';
import type { Database } from '@exam/db';
import { recordChange } from '../../platform/audit/audit-trail.ts';
import { scopeOf } from '../../platform/auth/capabilities.ts';
import { asDelegate, present, type Store } from '../../platform/crud/store.ts';
import { AppError, invalid, notFound, parseOr422 } from '../../platform/http/errors.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import { marksOutcome, recordedMessage } from './effects.ts';
import { attemptFacts, eligibility, type AttemptFacts } from './eligibility.ts';
import { marksText, newId, q, todayIso } from './sql.ts';

export const postResultStore: Store = { delegate: (c) => asDelegate(c.postResultApplication) };

/**
 * The attempts the caller may apply for: a student its own (others do not exist for it: 404); the office any.
 */
function attemptsWithin(res: Response, rows: AttemptFacts[]): AttemptFacts[] {
  const scope = scopeOf(res, 'postresult.apply' as CapabilityKey);
  const user = res.locals.user!;
  if (scope === 'any') return rows;
  if (scope === 'own-student')
    return rows.filter((a) => user.student_id !== null && a.student_id === user.student_id);
  if (scope === 'college')
    return rows.filter((a) => user.college_id !== null && a.college_id === user.college_id);
  return [];
}

/**
 * `POST /api/postresult` (apply: 422 naming why a paper cannot be applied for, nothing stored), `GET
 * /api/postresult-eligible` (a student's papers with window, limit and fee), and the revaluation award list by new
 * fictitious number (`GET/POST /api/revalawardlist`: no student, roll number or application in it).
 */
export function postResultRoutes(db: Database) {
  const router = Router();

  router
    .route('/postresult')
    .post(async (req, res) => {
      scopeOf(res, 'postresult.apply' as CapabilityKey);
      const body = parseOr422(postResultCreate, req.body ?? {});
      const user = res.locals.user!;
      const created = await db.prisma.$transaction(async (tx) => {
        const [attempt] = attemptsWithin(res, await attemptFacts(tx, [body.attempt_id]));
        if (!attempt) throw notFound(`No attempt ${body.attempt_id.slice(0, 40)}.`);
        // One application at a time per student: the limit counts the others.
        await tx.$executeRawUnsafe(
          `SELECT pg_advisory_xact_lock(hashtext($1))`,
          `postresult:${attempt.student_id}`,
        );
        const today = todayIso();
        const e = await eligibility(tx, attempt, body.type, today);
        if (e.why_not)
          throw new AppError('VALIDATION_FAILED', e.why_not, { errors: { attempt_id: [e.why_not] } });
        const appId = newId('PA');
        const row = await tx.postResultApplication.create({
          data: {
            app_id: appId,
            type: body.type,
            attempt_id: attempt.attempt_id,
            status: 'APPLIED',
            student_id: attempt.student_id,
            college_id: attempt.college_id,
            exam_id: attempt.exam_id,
            session_id: attempt.session_id,
            course_comb_id: attempt.course_comb_id,
            sem_id: attempt.sem_id,
            paper_id: attempt.paper_id,
            component: 'EXT',
            applied_on: today,
            applied_by: user.email,
            last_day: e.last_day!,
            fee: e.fee,
            max_marks: marksText(attempt.ext_max),
            original_marks: marksText(attempt.ext_mark),
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
        await recordChange(tx, req, res, { action: 'create', entity: 'postresult', key: appId, after });
        return { after, fee: e.fee };
      });
      res.status(201).json({
        postresult: created.after,
        message: `${postResultType.labelOf(body.type)} application ${String(created.after.app_id)} for ${String(created.after.paper_id)} is received${created.fee ? `; fee ₹${created.fee}` : ''}. The office checks and accepts it.`,
      });
    })
    .all((req, res, next) => (req.method === 'GET' ? next() : methodNotAllowed(req, res, next)));

  router
    .route('/postresult-eligible')
    .get(async (req, res) => {
      const scope = scopeOf(res, 'postresult.apply' as CapabilityKey);
      const user = res.locals.user!;
      const studentId =
        scope === 'own-student'
          ? user.student_id
          : typeof req.query.student_id === 'string'
            ? req.query.student_id.slice(0, 30)
            : null;
      if (!studentId) throw invalid({ student_id: ['Required: the student'] });
      const type = (
        typeof req.query.type === 'string' &&
        (postResultType.values as readonly string[]).includes(req.query.type)
          ? req.query.type
          : 'REVAL'
      ) as PostResultType;
      const ids = await q<{ attempt_id: string }>(
        db,
        `SELECT DISTINCT a.attempt_id FROM attempt a JOIN student_result r ON r.student_id = a.student_id AND r.exam_id = a.exam_id AND r.session_id = a.session_id
            AND r.course_comb_id = a.course_comb_id AND r.sem_id = a.sem_id AND r.status = 'PUBLISHED' WHERE a.student_id = $1`,
        [studentId],
      );
      const attempts = attemptsWithin(
        res,
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
          why_not: e.why_not,
        });
      }
      res.json({ papers });
    })
    .all(methodNotAllowed);

  router
    .route('/revalawardlist')
    .get(async (req, res) => {
      scopeOf(res, 'postresult.process' as CapabilityKey);
      const query = parseOr422(revalAwardListQuery, req.query);
      const params: unknown[] = [];
      let filter = '';
      if (query.exam_id) filter += ` AND c.exam_id = $${params.push(query.exam_id)}`;
      if (query.paper_id) filter += ` AND c.paper_id = $${params.push(query.paper_id)}`;
      const rows = await q<{
        fict_no: string;
        exam_id: string;
        paper_id: string;
        max_marks: string | null;
        examiner_id: string;
        marks: string | null;
        third_marks: string | null;
        needs_third_valuation: boolean;
      }>(
        db,
        `SELECT c.fict_no, c.exam_id, c.paper_id, a.max_marks, c.examiner_id, a.reval_marks AS marks, a.third_marks, a.needs_third_valuation
           FROM post_result_coding c JOIN post_result_application a ON a.app_id = c.app_id
          WHERE a.status IN ('IN_PROCESS', 'EVALUATED')${filter} ORDER BY c.exam_id, c.paper_id, c.fict_no`,
        params,
      );
      res.json({
        rows: rows.map((r) => ({ ...r, entered: r.marks !== null && !r.needs_third_valuation })),
        total: rows.length,
      });
    })
    .post(async (req, res) => {
      scopeOf(res, 'postresult.process' as CapabilityKey);
      const body = parseOr422(revalAwardEntry, req.body ?? {});
      const answer = await db.prisma.$transaction(async (tx) => {
        const [found] = await q<{ app_id: string }>(
          tx,
          `SELECT app_id FROM post_result_coding WHERE fict_no = $1`,
          [body.fict_no],
        );
        const current =
          found && (await tx.postResultApplication.findUnique({ where: { app_id: found.app_id } }));
        if (!current || !['IN_PROCESS', 'EVALUATED'].includes(current.status))
          throw invalid({ fict_no: [`No revalued book ${body.fict_no.slice(0, 30)} waiting for marks`] });
        const before = present(postResultStore, current);
        const set = await marksOutcome(tx, before, body);
        const { count } = await tx.postResultApplication.updateMany({
          where: { app_id: current.app_id, updated_at: current.updated_at },
          data: { ...set, explanation: set.explanation as object, status: 'EVALUATED' } as never,
        });
        if (count !== 1)
          throw new AppError(
            'STALE_EDIT',
            'This book was changed by someone else just now; reload the list and enter it again.',
          );
        const after = present(
          postResultStore,
          (await tx.postResultApplication.findUnique({ where: { app_id: current.app_id } }))!,
        );
        await recordChange(tx, req, res, {
          action: 'transition',
          transition: 'record-marks',
          entity: 'postresult',
          key: current.app_id,
          before,
          after,
        });
        // The answer names the book only by its fictitious number.
        return {
          fict_no: body.fict_no,
          marks: after.reval_marks,
          third_marks: after.third_marks,
          needs_third_valuation: after.needs_third_valuation,
          message: recordedMessage(before, set).replace(/^(\S+) marks/, `$1 marks of ${body.fict_no}:`),
        };
      });
      res.json(answer);
    })
    .all(methodNotAllowed);
  return router;
}
