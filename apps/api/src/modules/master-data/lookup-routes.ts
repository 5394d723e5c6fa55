import { Router } from 'express';
import { KEY_MAX, KEY_PATTERN, courseResource, examResource, legacyCoursePage } from '@exam/contracts';
import type { Database } from '@exam/db';
import { requireCapability } from '../../platform/auth/capabilities.ts';
import { present } from '../../platform/crud/store.ts';
import { notFound, parseOr422 } from '../../platform/http/errors.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import { masterDataStores as stores } from './stores.ts';

/**
 * The calls of section 7 that are not plain CRUD (their meaning is documented in the contracts'
 * master-data/lookups.ts): the legacy paged course list and the lookups by session.
 */
export function sessionLookupRoutes(db: Database) {
  const router = Router();
  const read = requireCapability('master-data.read');

  const existingSession = async (sessionId: string) => {
    const found =
      sessionId.length <= KEY_MAX && KEY_PATTERN.test(sessionId)
        ? await db.prisma.session.findUnique({
            where: { session_id: sessionId },
            select: { session_id: true },
          })
        : null;
    if (!found) throw notFound(`Session ${sessionId.slice(0, 40)} does not exist.`);
    return sessionId;
  };

  router
    .route('/course/:offset/:limit')
    .get(read, async (req, res) => {
      const { offset, limit } = parseOr422(legacyCoursePage, req.params);
      const [total, rows] = await Promise.all([
        db.prisma.course.count(),
        db.prisma.course.findMany({ orderBy: { course_comb_id: 'asc' }, skip: offset, take: limit }),
      ]);
      res.json({ [courseResource.responseKey]: rows.map((r) => present(stores.course, r)), total });
    })
    .all(methodNotAllowed);

  router
    .route('/courses_by_session/:session_id')
    .get(read, async (req, res) => {
      const sessionId = await existingSession(req.params.session_id);
      const rows = await db.prisma.course.findMany({
        where: { ccinfo_sems: { some: { session_id: sessionId } } },
        orderBy: { course_comb_id: 'asc' },
      });
      res.json({ courses: rows.map((r) => present(stores.course, r)) });
    })
    .all(methodNotAllowed);

  const examsOfSession =
    (onlyActive: boolean) =>
    async (req: { params: { session_id: string } }, res: { json(body: unknown): void }) => {
      const sessionId = await existingSession(req.params.session_id);
      const rows = await db.prisma.exam.findMany({
        where: { session_id: sessionId, ...(onlyActive ? { active_status: 1 } : {}) },
        orderBy: { exam_id: 'asc' },
      });
      res.json({ [examResource.responseKey]: rows.map((r) => present(stores.exam, r)) });
    };
  router.route('/examactive/:session_id').get(read, examsOfSession(true)).all(methodNotAllowed);
  router
    .route('/exam_all_perticular_session/:session_id')
    .get(read, examsOfSession(false))
    .all(methodNotAllowed);

  return router;
}
