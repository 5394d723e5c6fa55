import { Router } from 'express';
import { z } from 'zod';
import { paperList, studentCcinfoResource, type CapabilityKey } from '@exam/contracts';
import type { Database } from '@exam/db';
import { recordChange } from '../../platform/audit/audit-trail.ts';
import { scopeOf } from '../../platform/auth/capabilities.ts';
import { scopeWhere } from '../../platform/auth/scope.ts';
import { keyFromPath } from '../../platform/crud/store.ts';
import { notFound, parseOr422 } from '../../platform/http/errors.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import { replaceElectives } from './enrolment-rules.ts';

export const electivesBody = z.object({
  electives: z.union([z.string().max(300), z.array(z.string().max(30)).max(20)], {
    error: 'Give the chosen paper ids, e.g. "HIS102"',
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
      const key = keyFromPath(studentCcinfoResource, req.params as Record<string, string>) as {
        student_id: string;
        session_id: string;
        course_comb_id: string;
        sem_id: string;
      };
      const body = parseOr422(electivesBody, req.body ?? {});
      const chosen =
        typeof body.electives === 'string'
          ? paperList(body.electives)
          : body.electives.map((p) => p.trim()).filter(Boolean);
      const within = scopeWhere(scope, res.locals.user!, studentCcinfoResource.scopeFields);
      const result = await db.prisma.$transaction(async (tx) => {
        const found =
          within &&
          (await tx.studentCcinfo.findFirst({ where: { AND: [key, within] }, select: { student_id: true } }));
        if (!found) throw notFound(`Enrolment ${Object.values(key).join(' / ')} does not exist.`);
        const change = await replaceElectives(tx, key, chosen);
        await recordChange(tx, req, res, {
          action: 'update',
          entity: 'studentccinfo',
          key: Object.values(key).join('/'),
          before: { electives: change.before },
          after: { electives: change.after },
        });
        return change;
      });
      res.json({
        electives: result.after,
        message: `Elective choices saved: ${result.after.join(', ') || 'none'}.`,
      });
    })
    .all(methodNotAllowed);
  return router;
}
