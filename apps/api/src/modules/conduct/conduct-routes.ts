import { Router, type Request, type Response } from 'express';
import {
  attendanceCorrection,
  attendanceEntries,
  attendanceReconciliation,
  attendanceResource,
  attendanceSheetResource,
  jobAccepted,
  seatingChart,
  seatingGenerateBody,
  seatingResource,
} from '@exam/contracts';
import { dataDirFromEnv, type Database } from '@exam/db';
import { keyFromPath } from '../../platform/crud/store.ts';
import { AppError, invalid, notFound, parseOr422 } from '../../platform/http/errors.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import { enqueueJob, readyToEnqueue } from '../../platform/jobs/index.ts';
import type { OpenApiPaths } from '../../platform/module.ts';
import {
  bodyErrors,
  errors,
  json,
  pathParam,
  schema,
  signedInErrors,
} from '../../platform/openapi/openapi.ts';
import { readStudentImage } from '../students/index.ts';
import { centreInReach, correctAttendance, enterAttendance, reconcile, sheetOf } from './attendance-store.ts';
import {
  writeAttendanceSheetPdf,
  writeSeatingPdf,
  writeStickersPdf,
  type SittingHeading,
} from './conduct-pdf.ts';
import { chartOf, checkGenerate, seatingJob } from './seating-store.ts';

/**
 * Conduct's own calls beside the generic resource and workflow ones (lifecycle S5): generating a seating plan
 * (a job), its chart, PDF and desk stickers; the attendance sheet PDF, the clerk's entry, the reconciliation
 * and corrections. Every path key is read with its resource's key reader; a centre outside the caller's scope
 * answers 404.
 */

type Key2 = { slot_id: string; centre_id: string };
const pdfHeaders = (res: Response, name: string) =>
  res.set({
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="${name}"`,
    'Cache-Control': 'private, no-store',
  });
const whoOf = (req: Request, res: Response) => ({
  userId: res.locals.user!.id,
  email: res.locals.user!.email,
  requestId: String(req.id),
});

export function conductRoutes(db: Database) {
  const router = Router();
  const dataDir = dataDirFromEnv(process.env);

  /** The plan at a centre within reach, with its heading; 404 when missing or out of scope. */
  const planOf = async (req: Request, res: Response) => {
    const key = keyFromPath(seatingResource, req.params as Record<string, string>) as Key2;
    const centre = await centreInReach(db, res, key.centre_id, 'read');
    const seating = await db.prisma.seating.findUnique({ where: { key } });
    if (!seating)
      throw notFound(
        `No seating plan for slot ${key.slot_id} at centre ${key.centre_id}: generate it first.`,
      );
    const heading: SittingHeading = {
      date: seating.date,
      shift: seating.shift,
      centre_id: centre.centre_id,
      centre_name: centre.centre_name,
      revision: seating.revision,
      status: seating.status,
    };
    return { key, seating, heading };
  };
  const paperCodes = async (paperIds: readonly string[]) =>
    new Map(
      (
        await db.prisma.paper.findMany({
          where: { paper_id: { in: [...paperIds] } },
          select: { paper_id: true, paper_code: true },
        })
      ).map((p) => [p.paper_id, p.paper_code ?? p.paper_id]),
    );

  router
    .route('/seating/:slot_id/:centre_id/generate')
    .post(async (req, res) => {
      const key = keyFromPath(seatingResource, req.params as Record<string, string>) as Key2;
      await centreInReach(db, res, key.centre_id, 'write');
      const body = parseOr422(seatingGenerateBody, req.body ?? {});
      await db.prisma.$transaction(async (tx) => {
        await checkGenerate(tx, key.slot_id, key.centre_id);
        // Replacing a plan: with the updated_at the caller read, like an edit (never over someone else's
        // generation).
        const current = await tx.seating.findUnique({
          where: { key },
          select: { updated_at: true, revision: true, status: true },
        });
        if (current && !body.updated_at)
          throw invalid({
            updated_at: [
              `The plan exists (revision ${current.revision}, ${current.status}): send its updated_at to ` +
                `generate it again.`,
            ],
          });
        if (current && new Date(body.updated_at!).getTime() !== current.updated_at.getTime())
          throw new AppError(
            'STALE_EDIT',
            'The seating plan changed after you read it (someone generated or finalized it): reload it ' +
              'and generate again if still needed.',
          );
      });
      await readyToEnqueue(db);
      const job = await enqueueJob(db, seatingJob, key, {
        id: res.locals.user!.id,
        role: res.locals.user!.role,
      });
      res.status(202).json({ job });
    })
    .all(methodNotAllowed);

  router
    .route('/seating/:slot_id/:centre_id/chart')
    .get(async (req, res) => {
      const { key } = await planOf(req, res);
      res.json(await chartOf(db, key));
    })
    .all(methodNotAllowed);

  router
    .route('/seating/:slot_id/:centre_id/pdf')
    .get(async (req, res) => {
      const { key, heading } = await planOf(req, res);
      const chart = await chartOf(db, key);
      const codes = await paperCodes([
        ...new Set(chart.rooms.flatMap((r) => r.seats.map((s) => s.paper_id))),
      ]);
      pdfHeaders(res, `seating-${heading.date}-${heading.shift}-${key.centre_id}.pdf`);
      await writeSeatingPdf(res, heading, chart, codes);
    })
    .all(methodNotAllowed);

  router
    .route('/seating/:slot_id/:centre_id/stickers.pdf')
    .get(async (req, res) => {
      const { key, heading } = await planOf(req, res);
      const seats = await db.prisma.$queryRawUnsafe<
        Array<{
          room_no: string;
          row: number;
          col: number;
          roll_no: string;
          name_en: string;
          name_hi: string | null;
          paper_code: string;
        }>
      >(
        `SELECT s.room_no, s."row", s.col, s.roll_no, st.name_en, st.name_hi, COALESCE(p.paper_code,
            p.paper_id) AS paper_code
           FROM seat_allocation s JOIN student st ON st.student_id = s.student_id
             JOIN paper p ON p.paper_id = s.paper_id
          WHERE s.slot_id = $1 AND s.centre_id = $2 ORDER BY s.room_no, s.col, s."row"`,
        key.slot_id,
        key.centre_id,
      );
      pdfHeaders(res, `stickers-${heading.date}-${heading.shift}-${key.centre_id}.pdf`);
      await writeStickersPdf(res, heading, seats);
    })
    .all(methodNotAllowed);

  /** A sheet at a centre within reach (404 otherwise), with its plan's heading. */
  const sheetInReach = async (req: Request, res: Response, access: 'read' | 'write') => {
    const key = keyFromPath(attendanceSheetResource, req.params as Record<string, string>) as Key2;
    const centre = await centreInReach(db, res, key.centre_id, access);
    const sheet = await sheetOf(db, key);
    return { key, centre, sheet };
  };

  router
    .route('/attendance/sheet/:slot_id/:centre_id/pdf')
    .get(async (req, res) => {
      const { key, centre, sheet } = await sheetInReach(req, res, 'read');
      const slot = await db.prisma.timetableSlot.findUnique({
        where: { slot_id: key.slot_id },
        include: { paper: true },
      });
      const plan = await db.prisma.seating.findFirst({
        where: { centre_id: key.centre_id, date: slot!.date, shift: slot!.shift },
      });
      const rows = await db.prisma.$queryRawUnsafe<
        Array<{
          room_no: string | null;
          roll_no: string;
          student_id: string;
          name_en: string;
          name_hi: string | null;
          status: string;
          answer_book_no: string | null;
          needs: string | null;
          photo_sha256: string | null;
        }>
      >(
        `SELECT a.room_no, a.roll_no, a.student_id, st.name_en, st.name_hi, a.status, a.answer_book_no,
            s.needs, st.photo_sha256
           FROM attendance a JOIN student st ON st.student_id = a.student_id
           LEFT JOIN seat_allocation s ON s.paper_slot_id = a.slot_id AND s.student_id = a.student_id
             AND s.centre_id = a.centre_id
          WHERE a.slot_id = $1 AND a.centre_id = $2 ORDER BY a.room_no, a.roll_no`,
        key.slot_id,
        key.centre_id,
      );
      const candidates = await Promise.all(
        rows.map(async (r) => ({ ...r, photo: await readStudentImage(dataDir, r.photo_sha256) })),
      );
      pdfHeaders(res, `attendance-${sheet.paper_id}-${slot!.date}-${key.centre_id}.pdf`);
      await writeAttendanceSheetPdf(
        res,
        {
          date: slot!.date,
          shift: slot!.shift,
          centre_id: centre.centre_id,
          centre_name: centre.centre_name,
          revision: plan?.revision ?? 1,
          status: plan?.status ?? 'FINAL',
          paper_code: slot!.paper.paper_code ?? slot!.paper_id,
          paper_name: slot!.paper.paper_name,
          paper_name_hi: slot!.paper.paper_name_hi,
          sheet_status: sheet.status,
        },
        candidates,
      );
    })
    .all(methodNotAllowed);

  router
    .route('/attendancesheet/:slot_id/:centre_id/reconciliation')
    .get(async (req, res) => {
      const { key } = await sheetInReach(req, res, 'read');
      res.json(await reconcile(db.prisma, key));
    })
    .all(methodNotAllowed);

  router
    .route('/attendancesheet/:slot_id/:centre_id/entries')
    .put(async (req, res) => {
      const { key } = await sheetInReach(req, res, 'write');
      const input = parseOr422(attendanceEntries, req.body ?? {});
      const { sheet, changed } = await db.prisma.$transaction((tx) =>
        enterAttendance(tx, key, input, whoOf(req, res)),
      );
      const reconciliation = await reconcile(db.prisma, key);
      res.json({
        attendancesheet: {
          ...sheet,
          created_at: sheet.created_at.toISOString(),
          updated_at: sheet.updated_at.toISOString(),
          locked_at: sheet.locked_at?.toISOString() ?? null,
        },
        reconciliation,
        message:
          `Attendance of paper ${sheet.paper_id} saved: ${reconciliation.present} present, ` +
          `${reconciliation.absent} absent, ${reconciliation.ufm} UFM (${changed} changed).`,
      });
    })
    .all(methodNotAllowed);

  router
    .route('/attendance/:slot_id/:student_id/correct')
    .post(async (req, res) => {
      const key = keyFromPath(attendanceResource, req.params as Record<string, string>) as {
        slot_id: string;
        student_id: string;
      };
      const row = await db.prisma.attendance.findUnique({ where: { key } });
      if (!row) throw notFound(`No attendance of ${key.student_id} in slot ${key.slot_id}.`);
      await centreInReach(db, res, row.centre_id, 'write');
      const input = parseOr422(attendanceCorrection, req.body ?? {});
      const after = await db.prisma.$transaction((tx) => correctAttendance(tx, key, input, whoOf(req, res)));
      res.json({
        attendance: {
          ...after,
          created_at: after.created_at.toISOString(),
          updated_at: after.updated_at.toISOString(),
        },
        message: `Attendance of roll ${after.roll_no} corrected to ${after.status} (reason recorded).`,
      });
    })
    .all(methodNotAllowed);

  return router;
}

const pdf = (description: string) => ({
  description,
  content: { 'application/pdf': { schema: { type: 'string', contentEncoding: 'binary' } } },
});
const two = (a: string, b: string) => [pathParam(a), pathParam(b)];

export const conductOpenApi: OpenApiPaths = {
  '/seating/{slot_id}/{centre_id}/generate': {
    post: {
      tags: ['seating'],
      summary: 'Generate the seating plan of a sitting at a centre (a job)',
      description:
        "The sitting is every timetable slot on the slot's date and shift. Candidates: attempts of those " +
        'slots whose admit card is PUBLISHED and whose centre is this one (withheld cards are not seated ' +
        'and are counted in the report). Rules (lifecycle S5): room capacity; no two horizontally ' +
        'adjacent candidates with the same paper (seats left empty instead); rolls ascending within a ' +
        'paper along the column-wise fill order; candidates with needs (candidateneed) first, in ' +
        "accessible rooms. The job's result is the report: when rooms run out it names the papers and " +
        'how many are unseated, and such a plan cannot be finalized. A generation after FINAL makes ' +
        'revision n+1 (DRAFT). Replacing an existing plan needs its `updated_at` as read (422 without, ' +
        '409 STALE_EDIT when it changed since). Refused (409) when another plan of the sitting exists at ' +
        'the centre, when the centre has no rooms or when attendance of the sitting is LOCKED.',
      parameters: two('slot_id', 'centre_id'),
      requestBody: {
        required: false,
        content: { 'application/json': { schema: schema(seatingGenerateBody, 'input') } },
      },
      responses: {
        202: json(schema(jobAccepted), 'The job; GET /api/job/{job_id} reports it'),
        ...errors(...signedInErrors, ...bodyErrors, 'FORBIDDEN', 'NOT_FOUND', 'LOCKED', 'STALE_EDIT'),
      },
    },
  },
  '/seating/{slot_id}/{centre_id}/chart': {
    get: {
      tags: ['seating'],
      summary: 'The seats of a plan, room by room',
      parameters: two('slot_id', 'centre_id'),
      responses: {
        200: json(schema(seatingChart), 'The chart'),
        ...errors(...signedInErrors, 'FORBIDDEN', 'NOT_FOUND'),
      },
    },
  },
  '/seating/{slot_id}/{centre_id}/pdf': {
    get: {
      tags: ['seating'],
      summary:
        'The seating plan (PDF): notice-board list of roll ranges per room and paper, then a grid per room',
      parameters: two('slot_id', 'centre_id'),
      responses: { 200: pdf('The plan'), ...errors(...signedInErrors, 'FORBIDDEN', 'NOT_FOUND') },
    },
  },
  '/seating/{slot_id}/{centre_id}/stickers.pdf': {
    get: {
      tags: ['seating'],
      summary: 'Desk stickers (PDF): roll no., name, paper code, room and seat',
      parameters: two('slot_id', 'centre_id'),
      responses: { 200: pdf('The stickers'), ...errors(...signedInErrors, 'FORBIDDEN', 'NOT_FOUND') },
    },
  },
  '/attendance/sheet/{slot_id}/{centre_id}/pdf': {
    get: {
      tags: ['attendance'],
      summary: 'Signature sheets of a paper at a centre (PDF), one section per room',
      parameters: two('slot_id', 'centre_id'),
      responses: { 200: pdf('The sheets'), ...errors(...signedInErrors, 'FORBIDDEN', 'NOT_FOUND') },
    },
  },
  '/attendancesheet/{slot_id}/{centre_id}/reconciliation': {
    get: {
      tags: ['attendancesheet'],
      summary: 'Present + absent + UFM against seated, answer books against present + UFM',
      parameters: two('slot_id', 'centre_id'),
      responses: {
        200: json(schema(attendanceReconciliation), 'The counts and what does not add up'),
        ...errors(...signedInErrors, 'FORBIDDEN', 'NOT_FOUND'),
      },
    },
  },
  '/attendancesheet/{slot_id}/{centre_id}/entries': {
    put: {
      tags: ['attendancesheet'],
      summary: 'Enter the absentees and UFM rolls of a sheet (everyone else PRESENT)',
      description:
        'Replaces the statuses of the sheet: listed rolls ABSENT or UFM, every other seated candidate ' +
        'PRESENT; optional answer-book numbers and the count of books received. Moves the sheet to ' +
        'ENTERED. A UFM roll without a case opens one (REPORTED). 422 for rolls not seated on the sheet; ' +
        '409 LOCKED on a locked sheet (use a correction).',
      parameters: two('slot_id', 'centre_id'),
      requestBody: {
        required: true,
        content: { 'application/json': { schema: schema(attendanceEntries, 'input') } },
      },
      responses: {
        200: json({ type: 'object' }, 'The sheet, its reconciliation and a message'),
        ...errors(...signedInErrors, ...bodyErrors, 'FORBIDDEN', 'NOT_FOUND', 'LOCKED'),
      },
    },
  },
  '/attendance/{slot_id}/{student_id}/correct': {
    post: {
      tags: ['attendance'],
      summary: "Correct a candidate's attendance after the sheet is LOCKED (reason required, audited)",
      parameters: two('slot_id', 'student_id'),
      requestBody: {
        required: true,
        content: { 'application/json': { schema: schema(attendanceCorrection, 'input') } },
      },
      responses: {
        200: json({ type: 'object' }, 'The corrected row and a message'),
        ...errors(...signedInErrors, ...bodyErrors, 'FORBIDDEN', 'NOT_FOUND'),
      },
    },
  },
};
