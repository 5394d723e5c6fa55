import { Router } from 'express';
import { courseResource, examResource, legacyCoursePage } from '@exam/contracts';
import type { Database } from '@exam/db';
import { requireCapability } from '../../platform/auth/capabilities.ts';
import { present } from '../../platform/crud/store.ts';
import { parseOr422 } from '../../platform/http/errors.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import { isKey, refuseMissingSession } from './lookup-rules.ts';
import { coursesOfSession, coursesPage, examsOfSession, sessionById } from './lookup-store.ts';
import { masterDataStores as stores } from './stores.ts';

/**
 * The calls of section 7 that are not plain CRUD (their meaning is documented in the contracts'
 * master-data/lookups.ts): the legacy paged course list and the lookups by session.
 */
export function sessionLookupRoutes(db: Database) {
  const router = Router();
  const read = requireCapability('master-data.read');

  const existingSession = async (sessionId: string) => {
    const found = isKey(sessionId) ? await sessionById(db.prisma, sessionId) : null;
    const refusal = refuseMissingSession(sessionId, found);
    if (refusal) throw refusal;
    return sessionId;
  };

  router
    .route('/course/:offset/:limit')
    .get(read, async (req, res) => {
      const { offset, limit } = parseOr422(legacyCoursePage, req.params);
      const [total, rows] = await coursesPage(db, offset, limit);
      res.json({ [courseResource.responseKey]: rows.map((r) => present(stores.course, r)), total });
    })
    .all(methodNotAllowed);

  router
    .route('/courses_by_session/:session_id')
    .get(read, async (req, res) => {
      const rows = await coursesOfSession(db, await existingSession(req.params.session_id));
      res.json({ courses: rows.map((r) => present(stores.course, r)) });
    })
    .all(methodNotAllowed);

  const examsOf =
    (onlyActive: boolean) =>
    async (req: { params: { session_id: string } }, res: { json(body: unknown): void }) => {
      const rows = await examsOfSession(db, await existingSession(req.params.session_id), onlyActive);
      res.json({ [examResource.responseKey]: rows.map((r) => present(stores.exam, r)) });
    };
  router.route('/examactive/:session_id').get(read, examsOf(true)).all(methodNotAllowed);
  router.route('/exam_all_perticular_session/:session_id').get(read, examsOf(false)).all(methodNotAllowed);

  return router;
}
