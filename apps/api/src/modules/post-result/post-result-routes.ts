import { Router, type Request, type Response } from 'express';
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
import { parseOr422 } from '../../platform/http/errors.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import { languageOf, notice } from '../../platform/i18n/messages.ts';
import { receivedNotice, refuseWithoutStudent } from './application-rules.ts';
import {
  apply,
  awardList,
  eligiblePapers,
  recordBookMarks,
  type Audit,
  type Within,
} from './application-service.ts';
import type { AttemptFacts } from './eligibility-service.ts';

export { postResultStore } from './store.ts';

/**
 * The attempts the caller may apply for: a student its own (others do not exist for it: 404); the office any.
 */
function attemptsWithin(res: Response): Within {
  const scope = scopeOf(res, 'postresult.apply' as CapabilityKey);
  const user = res.locals.user!;
  return (rows: AttemptFacts[]) => {
    if (scope === 'any') return rows;
    if (scope === 'own-student')
      return rows.filter((a) => user.student_id !== null && a.student_id === user.student_id);
    if (scope === 'college')
      return rows.filter((a) => user.college_id !== null && a.college_id === user.college_id);
    return [];
  };
}

/** The audit trail of this request, for a service's transaction. */
const auditOf =
  (req: Request, res: Response): Audit =>
  (tx, change) =>
    recordChange(tx, req, res, change);

/**
 * `POST /api/postresult` (apply: 422 naming why a paper cannot be applied for, nothing stored), `GET
 * /api/postresult-eligible` (a student's papers with window, limit and fee), and the revaluation award list
 * by new fictitious number (`GET/POST /api/revalawardlist`: no student, roll number or application in it).
 */
export function postResultRoutes(db: Database) {
  const router = Router();

  router
    .route('/postresult')
    .post(async (req, res) => {
      scopeOf(res, 'postresult.apply' as CapabilityKey);
      const body = parseOr422(postResultCreate, req.body ?? {});
      const within = attemptsWithin(res);
      const created = await apply(db, body, res.locals.user!.email, within, auditOf(req, res));
      res
        .status(201)
        .json({ postresult: created.after, ...notice(req, receivedNotice(created.after, created.fee)) });
    })
    .all((req, res, next) => (req.method === 'GET' ? next() : methodNotAllowed(req, res, next)));

  router
    .route('/postresult-eligible')
    .get(async (req, res) => {
      const scope = scopeOf(res, 'postresult.apply' as CapabilityKey);
      const user = res.locals.user!;
      const asked = typeof req.query.student_id === 'string' ? req.query.student_id.slice(0, 30) : null;
      const studentId = scope === 'own-student' ? user.student_id : asked;
      const refusal = refuseWithoutStudent(studentId);
      if (refusal) throw refusal;
      const type = (
        typeof req.query.type === 'string' &&
        (postResultType.values as readonly string[]).includes(req.query.type)
          ? req.query.type
          : 'REVAL'
      ) as PostResultType;
      const papers = await eligiblePapers(db, studentId!, type, attemptsWithin(res), languageOf(req));
      res.json({ papers });
    })
    .all(methodNotAllowed);

  router
    .route('/revalawardlist')
    .get(async (req, res) => {
      scopeOf(res, 'postresult.process' as CapabilityKey);
      const rows = await awardList(db, parseOr422(revalAwardListQuery, req.query));
      res.json({ rows, total: rows.length });
    })
    .post(async (req, res) => {
      scopeOf(res, 'postresult.process' as CapabilityKey);
      const body = parseOr422(revalAwardEntry, req.body ?? {});
      const { recorded, ...book } = await recordBookMarks(db, body, auditOf(req, res));
      res.json({ ...book, ...notice(req, recorded) });
    })
    .all(methodNotAllowed);
  return router;
}
