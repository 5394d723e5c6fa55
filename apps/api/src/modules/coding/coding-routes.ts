import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { flapRequest, keyText, packetAccess, packetResource, packetsRequest } from '@exam/contracts';
import type { Database } from '@exam/db';
import { recordChange } from '../../platform/audit/audit-trail.ts';
import { requireCapability } from '../../platform/auth/capabilities.ts';
import { keyFromPath } from '../../platform/crud/store.ts';
import { parseOr422 } from '../../platform/http/errors.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import { notice } from '../../platform/i18n/messages.ts';
import {
  assignPaper,
  captureFlapsOf,
  codingOfPaper,
  codingsOfExam,
  decodeReportOf,
  mapOfPaper,
  packetSlipFor,
  packPaper,
  startDecode,
  stickersOf,
  type Audit,
} from './coding-calls.ts';
import type { CodingJobs } from './coding-jobs.ts';
import { writePacketSlip, writeStickers } from './coding-pdf.ts';
import { assignedNotice, flapsNotice, packetsNotice } from './coding-rules.ts';
import type { MarksPort } from './marks-port.ts';
import { hasSecrecy, requireSecrecy } from './secrecy.ts';

export { codingJobs } from './coding-jobs.ts';
export { codingOpenApi } from './coding-openapi.ts';
export { packetEffects } from './packet-effects.ts';

/**
 * The coding module's own calls (lifecycle-api "Conduct and marks": `coding`, `POST
 * /api/decode/{exam_id}/{paper_id}`): every one behind the secrecy guard (secrecy.ts), except the packet slip
 * (fictitious numbers only) and `GET /api/coding-access`, which tells the web app whether to show the coding
 * screens.
 */

const paperKey = { keyFields: ['exam_id', 'paper_id'], title: 'Coding' } as unknown as Parameters<
  typeof keyFromPath
>[0];
const keyOf = (req: Request) =>
  keyFromPath(paperKey, req.params as Record<string, string>) as { exam_id: string; paper_id: string };
const pdfHeaders = (res: Response, name: string) =>
  res.set({
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="${name}"`,
    'Cache-Control': 'private, no-store',
  });
const listQuery = z.object({ exam_id: keyText() });

/** The audit trail of this request, for a call's transaction. */
const auditOf =
  (req: Request, res: Response): Audit =>
  (tx, change) =>
    recordChange(tx, req, res, change);

export function codingRoutes(db: Database, marks: MarksPort, jobs: CodingJobs) {
  const router = Router();
  const guard = (_req: Request, res: Response) => requireSecrecy(db, res);
  const actor = (res: Response) => ({ email: res.locals.user!.email });

  router
    .route('/coding-access')
    .get(async (_req, res) => {
      res.json({ secrecy: await hasSecrecy(db, res) });
    })
    .all(methodNotAllowed);

  router
    .route('/coding')
    .get(async (req, res) => {
      await guard(req, res);
      const coding = await codingsOfExam(db, parseOr422(listQuery, req.query).exam_id);
      res.json({ coding, total: coding.length });
    })
    .all(methodNotAllowed);

  router
    .route('/coding/:exam_id/:paper_id')
    .get(async (req, res) => {
      await guard(req, res);
      res.json({ coding: await codingOfPaper(db, keyOf(req)) });
    })
    .all(methodNotAllowed);

  router
    .route('/coding/:exam_id/:paper_id/map')
    .get(async (req, res) => {
      await guard(req, res);
      const rows = await mapOfPaper(db, keyOf(req));
      res.json({ rows, total: rows.length });
    })
    .all(methodNotAllowed);

  router
    .route('/coding/:exam_id/:paper_id/assign')
    .post(async (req, res) => {
      await guard(req, res);
      const key = keyOf(req);
      const { coding, books } = await assignPaper(db, key, actor(res), auditOf(req, res));
      res.json({ coding, ...notice(req, assignedNotice(key.paper_id, books)) });
    })
    .all(methodNotAllowed);

  router
    .route('/coding/:exam_id/:paper_id/flap')
    .post(async (req, res) => {
      await guard(req, res);
      const key = keyOf(req);
      const body = parseOr422(flapRequest, req.body ?? {});
      const { coding, flaps } = await captureFlapsOf(db, key, body, actor(res), auditOf(req, res));
      res.json({ coding, ...notice(req, flapsNotice(flaps)) });
    })
    .all(methodNotAllowed);

  router
    .route('/coding/:exam_id/:paper_id/packets')
    .post(async (req, res) => {
      await guard(req, res);
      const key = keyOf(req);
      const { size } = parseOr422(packetsRequest, req.body ?? {});
      const made = await packPaper(db, marks, jobs, key, size, res.locals.user!, auditOf(req, res));
      if ('job' in made) res.status(202).json({ job: made.job });
      else res.json({ coding: made.coding, ...notice(req, packetsNotice(key.paper_id, made.packets)) });
    })
    .all(methodNotAllowed);

  router
    .route('/coding/:exam_id/:paper_id/stickers.pdf')
    .get(async (req, res) => {
      await guard(req, res);
      const key = keyOf(req);
      const { head, rows } = await stickersOf(db, key);
      pdfHeaders(res, `stickers-${key.exam_id}-${key.paper_id}.pdf`);
      await writeStickers(res, head, rows);
    })
    .all(methodNotAllowed);

  router
    .route('/packet/:packet_no/pdf')
    .get(requireCapability(packetAccess.read), async (req, res) => {
      const { packet_no } = keyFromPath(packetResource, req.params as Record<string, string>) as {
        packet_no: string;
      };
      const slip = await packetSlipFor(db, packet_no);
      pdfHeaders(res, `packet-${packet_no}.pdf`);
      await writePacketSlip(res, slip);
    })
    .all(methodNotAllowed);

  router
    .route('/decode/:exam_id/:paper_id')
    .get(async (req, res) => {
      await guard(req, res);
      res.json(await decodeReportOf(db, marks, keyOf(req)));
    })
    .post(async (req, res) => {
      await guard(req, res);
      const job = await startDecode(db, marks, jobs, keyOf(req), res.locals.user!);
      res.status(202).json({ job });
    })
    .all(methodNotAllowed);

  return router;
}
