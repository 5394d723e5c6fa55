import { Router } from 'express';
import { z } from 'zod';
import { paperList, studentCcinfoResource, type CapabilityKey } from '@exam/contracts';
import type { Database } from '@exam/db';
import { recordChange } from '../../platform/audit/audit-trail.ts';
import { scopeOf } from '../../platform/auth/capabilities.ts';
import { keyFromPath } from '../../platform/crud/store.ts';
import { parseOr422 } from '../../platform/http/errors.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import { notice } from '../../platform/i18n/messages.ts';
import type { EnrolmentKey } from './enrolment-rules.ts';
import { changeElectives } from './enrolment-service.ts';

export const electivesBody = z.object({
  electives: z.union([z.string().max(300), z.array(z.string().max(30)).max(20)], {
    error: 'students.givePaperIds',
  }),
});

/**
 * `PUT /api/studentccinfo/{student_id}/{session_id}/{course_comb_id}/{sem_id}/electives {electives}`: changes
 * an enrolment's elective choices, every group at once (each needs exactly its required count), until an exam
 * form of the semester is submitted (409 LOCKED after).
 */
export function choicesRoutes(db: Database) {
  const router = Router();
  router
    .route('/studentccinfo/:student_id/:session_id/:course_comb_id/:sem_id/electives')
    .put(async (req, res) => {
      const scope = scopeOf(res, studentCcinfoResource.capability.write as CapabilityKey);
      const key = keyFromPath(studentCcinfoResource, req.params as Record<string, string>) as EnrolmentKey;
      const body = parseOr422(electivesBody, req.body ?? {});
      const chosen =
        typeof body.electives === 'string'
          ? paperList(body.electives)
          : body.electives.map((p) => p.trim()).filter(Boolean);
      const { electives, notice: saved } = await changeElectives(
        db,
        key,
        chosen,
        { scope, user: res.locals.user! },
        (tx, change) => recordChange(tx, req, res, change),
      );
      res.json({ electives, ...notice(req, saved) });
    })
    .all(methodNotAllowed);
  return router;
}
