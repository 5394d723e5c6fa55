import { Router, type Request, type Response } from 'express';
import {
  can,
  entryBatchCreate,
  entryBatchOpen,
  entryBatchResource,
  enterCapabilityOf,
  entryRowsPut,
  timestamp,
  type CapabilityKey,
} from '@exam/contracts';
import type { Database } from '@exam/db';
import { z } from 'zod';
import { recordChanges } from '../../platform/audit/audit-trail.ts';
import { scopeOf } from '../../platform/auth/capabilities.ts';
import { keyFromPath } from '../../platform/crud/store.ts';
import { parseOr422 } from '../../platform/http/errors.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import { notice } from '../../platform/i18n/messages.ts';
import { awardSheetPdf } from './award-sheet-pdf.ts';
import { openingReach } from './batch-rules.ts';
import { savedNotice } from './entry-rules.ts';
import { saveRows } from './entry-rows.ts';
import {
  batchRows,
  batchSheet,
  openBatch,
  openBatchesOfExam,
  pendingBatches,
  type RecordChanges,
} from './entry-service.ts';

export { entryBatchStore, openBatches } from './entry-service.ts';

const readScope = (res: Response) => scopeOf(res, entryBatchResource.capability.read as CapabilityKey);
const rowsBody = entryRowsPut.extend({ updated_at: z.union([timestamp, z.null()]).optional() });
const batchIdOf = (req: Request) =>
  keyFromPath(entryBatchResource, req.params as Record<string, string>).batch_id as string;
const auditOf =
  (req: Request, res: Response): RecordChanges =>
  (tx, changes) =>
    recordChanges(tx, req, res, changes);

/**
 * The marks module's own calls for entry batches (the engine lists them with filters `exam_id`, `component`,
 * `status`, `college_id`, `paper_id`, ... and serves one batch, its edit and its delete):
 * - `POST /api/entrybatch` one batch; `POST /api/entrybatch-open` every internal (or uncoded external) batch
 *   of an exam;
 * - `GET|PUT /api/entrybatch/{batch_id}/rows` the rows (a coded batch: fictitious numbers only) and a draft
 *   save;
 * - `GET /api/entrybatch/{batch_id}/pdf` the award sheet for signatures;
 * - `GET /api/entrybatch-pending` batches not yet submitted, with deadlines (overdue first).
 */
export function entryRoutes(db: Database, options: { step: string }) {
  const router = Router();

  router
    .route('/entrybatch')
    .post(async (req, res) => {
      scopeOf(res, 'exam-setup.write');
      const input = parseOr422(entryBatchCreate, req.body ?? {});
      const { batch, notice: opened } = await openBatch(db, input, auditOf(req, res));
      res.status(201).json({ entrybatch: batch, ...notice(req, opened) });
    })
    .all((req, res, next) => (req.method === 'GET' ? next() : methodNotAllowed(req, res, next)));

  router
    .route('/entrybatch-open')
    .post(async (req, res) => {
      // Who may open batches at all is checked before the body (403 before 422), what they may open after.
      if (!can(res.locals.user!.role, 'internal-marks.enter')) scopeOf(res, 'exam-setup.write');
      const input = parseOr422(entryBatchOpen, req.body ?? {});
      const { reach, refusal } = openingReach(res.locals.user!, input);
      if (refusal) throw refusal;
      const {
        created,
        existing,
        notice: opened,
      } = await openBatchesOfExam(db, input, auditOf(req, res), reach);
      res.status(201).json({ created, existing, ...notice(req, opened) });
    })
    .all(methodNotAllowed);

  router
    .route('/entrybatch/:batch_id/rows')
    .get(async (req, res) => {
      res.json(await batchRows(db, batchIdOf(req), readScope(res), res.locals.user!));
    })
    .put(async (req: Request, res: Response) => {
      const batchId = batchIdOf(req);
      const scope = readScope(res);
      const input = parseOr422(rowsBody, req.body ?? {});
      const saver = {
        user: res.locals.user!,
        readScope: scope,
        enterScope: (component: keyof typeof enterCapabilityOf) =>
          scopeOf(res, enterCapabilityOf[component] as CapabilityKey),
        requestId: req.id as string | undefined,
      };
      const out = await saveRows(db, batchId, input, saver, options.step);
      res.json({
        saved: out.changes.length,
        status: out.status,
        updated_at: out.updated_at.toISOString(),
        totals: out.totals,
        ...notice(req, savedNotice(out.changes.length, out.totals.pending)),
      });
    })
    .all(methodNotAllowed);

  router
    .route('/entrybatch/:batch_id/pdf')
    .get(async (req, res) => {
      const { batch, rows } = await batchSheet(db, batchIdOf(req), readScope(res), res.locals.user!);
      await awardSheetPdf(db, batch, rows, res);
    })
    .all(methodNotAllowed);

  router
    .route('/entrybatch-pending')
    .get(async (req, res) => {
      res.json(await pendingBatches(db, req.query, readScope(res), res.locals.user!));
    })
    .all(methodNotAllowed);

  return router;
}
