import { Router, type Request, type Response } from 'express';
import {
  documentBatchCreate,
  documentCreate,
  documentPrintQuery,
  documentResource,
  nadExportQuery,
  stationerySpoilageCreate,
  type CapabilityKey,
} from '@exam/contracts';
import { dataDirFromEnv, type Database } from '@exam/db';
import { recordChange } from '../../platform/audit/audit-trail.ts';
import { scopeOf } from '../../platform/auth/capabilities.ts';
import { scopeWhere } from '../../platform/auth/scope.ts';
import { keyFromPath } from '../../platform/crud/store.ts';
import { parseOr422 } from '../../platform/http/errors.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import { notice } from '../../platform/i18n/messages.ts';
import { batchNotice, draftedNotice, refuseNadOutsideUniversity, spoiledNotice } from './documents-rules.ts';
import {
  documentPdf,
  draftOne,
  readableDocument,
  recordSpoilage,
  startBatch,
  writePrint,
  type Audit,
} from './documents-service.ts';
import { issuedMarksheetsOf, seriesList, spoilageList } from './documents-store.ts';
import { nadCsv } from './nad-export.ts';
import { documentFileName, fileNamePart } from './printable.ts';

/** The audit trail of this request, for a service's transaction. */
const auditOf =
  (req: Request, res: Response): Audit =>
  (tx, change) =>
    recordChange(tx, req, res, change);

/**
 * `POST /api/document` (draft), `GET /api/document/{doc_id}/pdf`, `POST /api/document/batch` (202 job),
 * `GET /api/nad/export?exam_id=` (CSV), `GET /api/documentseries`, `GET|POST /api/stationeryspoilage`.
 */
export function documentRoutes(db: Database) {
  const router = Router();
  const dataDir = dataDirFromEnv(process.env);

  router
    .route('/document')
    .post(async (req, res) => {
      scopeOf(res, 'documents.prepare');
      const body = parseOr422(documentCreate, req.body ?? {});
      const document = await draftOne(db, body, res.locals.user!.email, auditOf(req, res));
      res
        .status(201)
        .json({ document, ...notice(req, draftedNotice(body.doc_type, body.student_id, document)) });
    })
    .all((req, res, next) => (req.method === 'GET' ? next() : methodNotAllowed(req, res, next)));

  router
    .route('/document/batch')
    .post(async (req, res) => {
      scopeOf(res, 'documents.prepare');
      const body = parseOr422(documentBatchCreate, req.body ?? {});
      const job = await startBatch(db, body, res.locals.user!);
      res.status(202).json({ job, ...notice(req, batchNotice(body.doc_type, body.exam_id)) });
    })
    .all(methodNotAllowed);

  router
    .route('/document/print')
    .get(async (req, res) => {
      scopeOf(res, 'documents.prepare');
      await writePrint(db, dataDir, parseOr422(documentPrintQuery, req.query), res);
    })
    .all(methodNotAllowed);

  router
    .route('/document/:doc_id/pdf')
    .get(async (req, res) => {
      const { doc_id: docId } = keyFromPath(documentResource, req.params as Record<string, string>) as {
        doc_id: string;
      };
      // Within the caller's read scope (a student: its own ISSUED documents), else 404.
      const scope = scopeOf(res, documentResource.capability.read as CapabilityKey);
      const within = scopeWhere(scope, res.locals.user!, documentResource.scopeFields);
      const row = await readableDocument(db, docId, within);
      const pdf = await documentPdf(db, dataDir, row);
      res.set({
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="${documentFileName(row)}"`,
      });
      res.send(pdf);
    })
    .all(methodNotAllowed);

  router
    .route('/nad/export')
    .get(async (req, res) => {
      const refusal = refuseNadOutsideUniversity(scopeOf(res, 'documents.approve'));
      if (refusal) throw refusal;
      const query = parseOr422(nadExportQuery, req.query);
      const csv = nadCsv(await issuedMarksheetsOf(db, query.exam_id));
      res.set({
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="nad-${fileNamePart(query.exam_id)}.csv"`,
      });
      res.send(csv);
    })
    .all(methodNotAllowed);

  router
    .route('/documentseries')
    .get(async (_req, res) => {
      scopeOf(res, 'documents.prepare');
      const documentseries = await seriesList(db);
      res.json({ documentseries, total: documentseries.length });
    })
    .all(methodNotAllowed);

  router
    .route('/stationeryspoilage')
    .get(async (_req, res) => {
      scopeOf(res, 'documents.prepare');
      const stationeryspoilage = await spoilageList(db);
      res.json({ stationeryspoilage, total: stationeryspoilage.length });
    })
    .post(async (req, res) => {
      scopeOf(res, 'documents.approve');
      const body = parseOr422(stationerySpoilageCreate, req.body ?? {});
      const created = await recordSpoilage(db, body, res.locals.user!.email, auditOf(req, res));
      res
        .status(201)
        .json({ stationeryspoilage: created, ...notice(req, spoiledNotice(body.stationery_serial)) });
    })
    .all(methodNotAllowed);

  return router;
}
