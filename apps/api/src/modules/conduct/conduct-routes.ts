import { Router, type Request, type Response } from 'express';
import {
  attendanceCorrection,
  attendanceEntries,
  attendanceResource,
  attendanceSheetResource,
  conductAccess,
  seatingGenerateBody,
  seatingResource,
  type CapabilityKey,
  type Language,
} from '@exam/contracts';
import { dataDirFromEnv, type Database } from '@exam/db';
import { scopeOf } from '../../platform/auth/capabilities.ts';
import { keyFromPath } from '../../platform/crud/store.ts';
import { parseOr422 } from '../../platform/http/errors.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import { languageOf, notice, renderMessage } from '../../platform/i18n/messages.ts';
import type { Reconciliation } from './attendance-rules.ts';
import {
  correctAttendance,
  enterAttendance,
  sheetReconciliation,
  signatureSheetPrintout,
} from './attendance-service.ts';
import {
  requestGeneration,
  seatingChart,
  seatingPrintout,
  stickersPrintout,
  type Printout,
  type Reach,
} from './seating-service.ts';

/**
 * Conduct's own calls beside the generic resource and workflow ones (lifecycle S5): generating a seating plan
 * (a job), its chart, PDF and desk stickers; the attendance sheet PDF, the clerk's entry, the reconciliation
 * and corrections. Every path key is read with its resource's key reader; a centre outside the caller's scope
 * answers 404.
 */

type Key2 = { slot_id: string; centre_id: string };
const params = (req: Request) => req.params as Record<string, string>;
const seatingKey = (req: Request) => keyFromPath(seatingResource, params(req)) as Key2;
const sheetKey = (req: Request) => keyFromPath(attendanceSheetResource, params(req)) as Key2;

/** The caller's reach for conduct's reads or writes (403 without the capability). */
const reachOf = (res: Response, access: 'read' | 'write'): Reach => ({
  scope: scopeOf(res, conductAccess[access] as CapabilityKey),
  user: res.locals.user!,
});
const whoOf = (req: Request, res: Response) => ({
  userId: res.locals.user!.id,
  email: res.locals.user!.email,
  requestId: String(req.id),
});

const sendPdf = async (res: Response, printout: Printout) => {
  res.set({
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="${printout.name}"`,
    'Cache-Control': 'private, no-store',
  });
  await printout.write(res);
};

/** A reconciliation for its reader: what does not add up, in the reader's language. */
const reconciliationIn = (r: Reconciliation, language: Language) => ({
  ...r,
  problems: r.problems.map((m) => renderMessage(m, language)),
});

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function conductRoutes(db: Database) {
  const router = Router();
  const dataDir = dataDirFromEnv(process.env);

  router
    .route('/seating/:slot_id/:centre_id/generate')
    .post(async (req, res) => {
      const key = seatingKey(req);
      const reach = reachOf(res, 'write');
      const body = parseOr422(seatingGenerateBody, req.body ?? {});
      res.status(202).json({ job: await requestGeneration(db, key, body, reach) });
    })
    .all(methodNotAllowed);

  router
    .route('/seating/:slot_id/:centre_id/chart')
    .get(async (req, res) => {
      res.json(await seatingChart(db, seatingKey(req), reachOf(res, 'read')));
    })
    .all(methodNotAllowed);

  router
    .route('/seating/:slot_id/:centre_id/pdf')
    .get(async (req, res) => {
      await sendPdf(res, await seatingPrintout(db, seatingKey(req), reachOf(res, 'read')));
    })
    .all(methodNotAllowed);

  router
    .route('/seating/:slot_id/:centre_id/stickers.pdf')
    .get(async (req, res) => {
      await sendPdf(res, await stickersPrintout(db, seatingKey(req), reachOf(res, 'read')));
    })
    .all(methodNotAllowed);

  router
    .route('/attendance/sheet/:slot_id/:centre_id/pdf')
    .get(async (req, res) => {
      await sendPdf(res, await signatureSheetPrintout(db, sheetKey(req), reachOf(res, 'read'), dataDir));
    })
    .all(methodNotAllowed);

  router
    .route('/attendancesheet/:slot_id/:centre_id/reconciliation')
    .get(async (req, res) => {
      const reconciliation = await sheetReconciliation(db, sheetKey(req), reachOf(res, 'read'));
      res.json(reconciliationIn(reconciliation, languageOf(req)));
    })
    .all(methodNotAllowed);

  router
    .route('/attendancesheet/:slot_id/:centre_id/entries')
    .put(async (req, res) => {
      const key = sheetKey(req);
      const reach = reachOf(res, 'write');
      const input = parseOr422(attendanceEntries, req.body ?? {});
      const {
        sheet,
        reconciliation,
        notice: saved,
      } = await enterAttendance(db, key, input, reach, whoOf(req, res));
      res.json({
        attendancesheet: {
          ...sheet,
          created_at: sheet.created_at.toISOString(),
          updated_at: sheet.updated_at.toISOString(),
          locked_at: iso(sheet.locked_at),
        },
        reconciliation: reconciliationIn(reconciliation, languageOf(req)),
        ...notice(req, saved),
      });
    })
    .all(methodNotAllowed);

  router
    .route('/attendance/:slot_id/:student_id/correct')
    .post(async (req, res) => {
      const key = keyFromPath(attendanceResource, params(req)) as { slot_id: string; student_id: string };
      const reach = reachOf(res, 'write');
      const input = parseOr422(attendanceCorrection, req.body ?? {});
      const { attendance, notice: corrected } = await correctAttendance(
        db,
        key,
        input,
        reach,
        whoOf(req, res),
      );
      res.json({
        attendance: {
          ...attendance,
          created_at: attendance.created_at.toISOString(),
          updated_at: attendance.updated_at.toISOString(),
        },
        ...notice(req, corrected),
      });
    })
    .all(methodNotAllowed);

  return router;
}
