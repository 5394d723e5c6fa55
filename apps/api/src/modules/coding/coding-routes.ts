import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import {
  codingAnswer,
  codingListAnswer,
  codingMapAnswer,
  decodeReport,
  decodeResult,
  flapRequest,
  jobSummary,
  keyText,
  packetAccess,
  packetAssignBody,
  packetResource,
  packetsRequest,
} from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import { recordChange } from '../../platform/audit/audit-trail.ts';
import { requireCapability } from '../../platform/auth/capabilities.ts';
import { keyFromPath } from '../../platform/crud/store.ts';
import { AppError, invalid, notFound, parseOr422 } from '../../platform/http/errors.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import { defineJob, enqueueJob, JobFailure } from '../../platform/jobs/index.ts';
import type { OpenApiPaths } from '../../platform/module.ts';
import {
  bodyErrors,
  errors,
  json,
  pathParam,
  schema,
  signedInErrors,
} from '../../platform/openapi/openapi.ts';
import type { ActionEffect } from '../../platform/workflows/effects.ts';
import {
  assignNumbers,
  captureFlaps,
  checkPackets,
  listCodings,
  makePackets,
  presentCoding,
  readMap,
  requirePaper,
} from './coding-store.ts';
import { writePacketSlip, writeStickers } from './coding-pdf.ts';
import { decodePaper, packetsNotLocked, readExceptions, refuseWhilePacketsOpen } from './decode.ts';
import type { MarksPort } from './marks-port.ts';
import { hasSecrecy, requireSecrecy } from './secrecy.ts';

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

/** Papers with more coded books than this make their packets as a job (202). */
export const PACKETS_INLINE = 1500;

/** Makes the packets and opens each one's award-list batches (marks); answers what the route or job says. */
export async function packetsWithBatches(
  tx: Prisma.TransactionClient,
  marks: MarksPort,
  examId: string,
  paperId: string,
  size?: number,
) {
  const r = await makePackets(tx, examId, paperId, size);
  for (const p of r.packets)
    await marks.openAwardListBatches(tx, { ...r.syllabus, packet_no: p.packet_no, fict_nos: p.fict_nos });
  return {
    before: r.before,
    packets: r.packets.length,
    message: `${r.packets.length} packet${r.packets.length === 1 ? '' : 's'} made for paper ${paperId}; their award-list batches are open.`,
  };
}

const auditAsJob = (
  tx: Prisma.TransactionClient,
  job: { userId: number | null; jobId: string },
  email: string,
  key: string,
  transition: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
) =>
  tx.auditEntry.create({
    data: {
      user_id: job.userId,
      user_email: email,
      action: 'transition',
      entity: 'coding',
      entity_key: key,
      request_id: job.jobId,
      transition,
      before: before as never,
      after: after as never,
    },
  });

const asJobFailure = (error: unknown) => {
  if (error instanceof AppError) throw new JobFailure(error.message);
  throw error;
};

export function codingJobs(marks: MarksPort) {
  const decode = defineJob({
    kind: 'coding.decode',
    // Started only through POST /api/decode (secrecy guard first); the job kind needs the office's marks lock
    // too.
    capability: 'marks.lock',
    title: 'Decoding the award lists',
    data: z.object({ exam_id: keyText(), paper_id: keyText(), email: z.string() }),
    async run(job) {
      const { exam_id, paper_id, email } = job.data;
      // Progress in answer books (the screen says "n of N books"): all of them at once, in one transaction.
      const books = await job.db.prisma.codingMap.count({ where: { exam_id, paper_id } });
      await job.progress(0, books);
      const result = await job.transaction(
        async (tx) => {
          const done = await decodePaper(tx, marks, exam_id, paper_id, { email, jobId: job.jobId }).catch(
            asJobFailure,
          );
          await auditAsJob(
            tx,
            job,
            email,
            `${exam_id}/${paper_id}`,
            'decode',
            { status: done.before },
            {
              status: 'DECODED',
              decoded: done.decoded,
              result_later: done.result_later,
              exceptions: done.exceptions,
            },
          );
          return done;
        },
        { done: books, total: books },
      );
      const { before: _before, ...answer } = result;
      return answer;
    },
  });
  const packets = defineJob({
    kind: 'coding.packets',
    capability: 'marks.lock',
    title: 'Making packets',
    data: z.object({
      exam_id: keyText(),
      paper_id: keyText(),
      size: z.number().int().optional(),
      email: z.string(),
    }),
    async run(job) {
      const { exam_id, paper_id, size, email } = job.data;
      const books = await job.db.prisma.codingMap.count({ where: { exam_id, paper_id } });
      await job.progress(0, books);
      return job.transaction(
        async (tx) => {
          const made = await packetsWithBatches(tx, marks, exam_id, paper_id, size).catch(asJobFailure);
          await auditAsJob(
            tx,
            job,
            email,
            `${exam_id}/${paper_id}`,
            'packets',
            { status: made.before },
            { status: 'PACKETED', packets: made.packets },
          );
          return { exam_id, paper_id, packets: made.packets, message: made.message };
        },
        { done: books, total: books },
      );
    },
  });
  return { decode, packets };
}

/**
 * The packet workflow's effects: an examiner of a candidate's college is refused; receiving stamps the date.
 */
export const packetEffects: Partial<Record<string, ActionEffect>> = {
  assign: {
    body: packetAssignBody,
    async before({ tx, record, input }) {
      const examinerId = String(input.examiner_id);
      const examiner = await tx.examiner.findUnique({ where: { examiner_id: examinerId } });
      if (!examiner) throw invalid({ examiner_id: [`No examiner ${examinerId}; add the examiner first.`] });
      if (examiner.college_id) {
        const [clash] = await tx.$queryRawUnsafe<Array<{ n: number }>>(
          `SELECT count(*)::int AS n FROM coding_map m JOIN attempt a ON a.attempt_id = m.attempt_id WHERE m.packet_no = $1 AND a.college_id = $2`,
          String(record.packet_no),
          examiner.college_id,
        );
        if (clash && clash.n > 0) {
          throw invalid({
            examiner_id: [
              `Examiner ${examiner.name} (${examinerId}) belongs to college ${examiner.college_id}, the college of a candidate in packet ${String(record.packet_no)}: choose an examiner from another college.`,
            ],
          });
        }
      }
      return { set: { examiner_id: examinerId, assigned_at: new Date() } };
    },
    async after({ tx, after }) {
      // Every packet of the paper with an examiner: the coding moves PACKETED → ASSIGNED.
      const open = await tx.packet.count({
        where: { exam_id: String(after.exam_id), paper_id: String(after.paper_id), examiner_id: null },
      });
      if (!open)
        await tx.coding.updateMany({
          where: { exam_id: String(after.exam_id), paper_id: String(after.paper_id), status: 'PACKETED' },
          data: { status: 'ASSIGNED' },
        });
    },
  },
  receive: { before: async () => ({ set: { received_at: new Date() } }) },
};

export function codingRoutes(db: Database, marks: MarksPort, jobs: ReturnType<typeof codingJobs>) {
  const router = Router();
  const guard = (req: Request, res: Response) => requireSecrecy(db, res);
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
      const { exam_id } = parseOr422(listQuery, req.query);
      const coding = await db.prisma.$transaction((tx) => listCodings(tx, exam_id));
      res.json({ coding, total: coding.length });
    })
    .all(methodNotAllowed);

  router
    .route('/coding/:exam_id/:paper_id')
    .get(async (req, res) => {
      await guard(req, res);
      const key = keyOf(req);
      const coding = await db.prisma.$transaction(async (tx) => {
        await requirePaper(tx, key.exam_id, key.paper_id);
        return presentCoding(tx, key.exam_id, key.paper_id);
      });
      res.json({ coding });
    })
    .all(methodNotAllowed);

  router
    .route('/coding/:exam_id/:paper_id/map')
    .get(async (req, res) => {
      await guard(req, res);
      const key = keyOf(req);
      await db.prisma.$transaction((tx) => requirePaper(tx, key.exam_id, key.paper_id));
      const rows = await readMap(db, key.exam_id, key.paper_id);
      res.json({ rows, total: rows.length });
    })
    .all(methodNotAllowed);

  router
    .route('/coding/:exam_id/:paper_id/assign')
    .post(async (req, res) => {
      await guard(req, res);
      const key = keyOf(req);
      const answer = await db.prisma.$transaction(
        async (tx) => {
          await requirePaper(tx, key.exam_id, key.paper_id);
          const r = await assignNumbers(tx, key.exam_id, key.paper_id, actor(res));
          await recordChange(tx, req, res, {
            action: 'transition',
            entity: 'coding',
            key: `${key.exam_id}/${key.paper_id}`,
            transition: 'assign',
            before: { status: r.before },
            after: { status: 'CODED', method: 'SYSTEM', books: r.books },
          });
          return {
            coding: await presentCoding(tx, key.exam_id, key.paper_id),
            message: `${r.books} answer book${r.books === 1 ? '' : 's'} of paper ${key.paper_id} given fictitious numbers; print the stickers next.`,
          };
        },
        { timeout: 120_000 },
      );
      res.json(answer);
    })
    .all(methodNotAllowed);

  router
    .route('/coding/:exam_id/:paper_id/flap')
    .post(async (req, res) => {
      await guard(req, res);
      const key = keyOf(req);
      const body = parseOr422(flapRequest, req.body ?? {});
      const answer = await db.prisma.$transaction(
        async (tx) => {
          await requirePaper(tx, key.exam_id, key.paper_id);
          const r = await captureFlaps(tx, key.exam_id, key.paper_id, body, actor(res));
          await recordChange(tx, req, res, {
            action: 'transition',
            entity: 'coding',
            key: `${key.exam_id}/${key.paper_id}`,
            transition: 'flap',
            before: { status: r.before },
            after: { status: 'CODED', method: 'FLAP', books: r.books, added: r.added },
          });
          const left = r.present - r.books;
          return {
            coding: await presentCoding(tx, key.exam_id, key.paper_id),
            message: `${r.added} flap number${r.added === 1 ? '' : 's'} recorded; ${r.books} of ${r.present} present candidates coded${left > 0 ? `, ${left} still to capture` : ''}.`,
          };
        },
        { timeout: 120_000 },
      );
      res.json(answer);
    })
    .all(methodNotAllowed);

  router
    .route('/coding/:exam_id/:paper_id/packets')
    .post(async (req, res) => {
      await guard(req, res);
      const key = keyOf(req);
      const { size } = parseOr422(packetsRequest, req.body ?? {});
      const books = await db.prisma.codingMap.count({ where: key });
      const user = res.locals.user!;
      if (books > PACKETS_INLINE) {
        // Thousands of packets (each opening its award-list batches) are long work: a job.
        await db.prisma.$transaction(async (tx) => {
          await requirePaper(tx, key.exam_id, key.paper_id);
          await checkPackets(tx, key.exam_id, key.paper_id);
        });
        const started = await enqueueJob(
          db,
          jobs.packets,
          { ...key, size, email: user.email },
          { id: user.id, role: user.role },
        );
        res.status(202).json({ job: started });
        return;
      }
      const answer = await db.prisma.$transaction(
        async (tx) => {
          await requirePaper(tx, key.exam_id, key.paper_id);
          const made = await packetsWithBatches(tx, marks, key.exam_id, key.paper_id, size);
          await recordChange(tx, req, res, {
            action: 'transition',
            entity: 'coding',
            key: `${key.exam_id}/${key.paper_id}`,
            transition: 'packets',
            before: { status: made.before },
            after: { status: 'PACKETED', packets: made.packets },
          });
          return { coding: await presentCoding(tx, key.exam_id, key.paper_id), message: made.message };
        },
        { timeout: 120_000 },
      );
      res.json(answer);
    })
    .all(methodNotAllowed);

  router
    .route('/coding/:exam_id/:paper_id/stickers.pdf')
    .get(async (req, res) => {
      await guard(req, res);
      const key = keyOf(req);
      await db.prisma.$transaction((tx) => requirePaper(tx, key.exam_id, key.paper_id));
      const rows = await readMap(db, key.exam_id, key.paper_id);
      if (!rows.length)
        throw new AppError(
          'INVALID_TRANSITION',
          `Paper ${key.paper_id} of ${key.exam_id} is not coded yet: assign fictitious numbers first.`,
        );
      const paper = await db.prisma.paper.findUnique({ where: { paper_id: key.paper_id } });
      pdfHeaders(res, `stickers-${key.exam_id}-${key.paper_id}.pdf`);
      await writeStickers(res, { ...key, paper_name: paper?.paper_name ?? null }, rows);
    })
    .all(methodNotAllowed);

  router
    .route('/packet/:packet_no/pdf')
    .get(requireCapability(packetAccess.read), async (req, res) => {
      const { packet_no } = keyFromPath(packetResource, req.params as Record<string, string>) as {
        packet_no: string;
      };
      const packet = await db.prisma.packet.findUnique({ where: { packet_no } });
      if (!packet) throw notFound(`No packet ${packet_no}.`);
      const [fict, paper, examiner] = await Promise.all([
        db.query<{ fict_no: string }>(
          'SELECT fict_no FROM coding_map WHERE packet_no = $1 ORDER BY fict_no',
          [packet_no],
        ),
        db.prisma.paper.findUnique({ where: { paper_id: packet.paper_id } }),
        packet.examiner_id
          ? db.prisma.examiner.findUnique({ where: { examiner_id: packet.examiner_id } })
          : null,
      ]);
      pdfHeaders(res, `packet-${packet_no}.pdf`);
      await writePacketSlip(res, {
        ...packet,
        paper_name: paper?.paper_name ?? null,
        examiner: examiner
          ? `${examiner.examiner_id} ${examiner.name}${examiner.institution ? `, ${examiner.institution}` : ''}`
          : null,
        fict_nos: fict.map((f) => f.fict_no),
      });
    })
    .all(methodNotAllowed);

  router
    .route('/decode/:exam_id/:paper_id')
    .get(async (req, res) => {
      await guard(req, res);
      const key = keyOf(req);
      const report = await db.prisma.$transaction(async (tx) => {
        await requirePaper(tx, key.exam_id, key.paper_id);
        const coding = await presentCoding(tx, key.exam_id, key.paper_id);
        const notLocked = coding.packets ? await packetsNotLocked(tx, marks, key.exam_id, key.paper_id) : [];
        const exceptions = await readExceptions(tx, key.exam_id, key.paper_id);
        const decoded =
          coding.status === 'DECODED'
            ? await tx.codingMap.count({ where: { exam_id: key.exam_id, paper_id: key.paper_id } })
            : 0;
        return { coding, packets_not_locked: notLocked.map((p) => p.packet_no), decoded, exceptions };
      });
      res.json(report);
    })
    .post(async (req, res) => {
      await guard(req, res);
      const key = keyOf(req);
      await db.prisma.$transaction(async (tx) => {
        await requirePaper(tx, key.exam_id, key.paper_id);
        const coding = await tx.coding.findUnique({ where: { key } });
        if (!coding || !['PACKETED', 'ASSIGNED', 'EVALUATED'].includes(coding.status)) {
          throw new AppError(
            'INVALID_TRANSITION',
            `Cannot decode paper ${key.paper_id} of ${key.exam_id}: its coding is ${coding?.status ?? 'NOT_CODED'}; decode follows PACKETED, ASSIGNED or EVALUATED.`,
          );
        }
        await refuseWhilePacketsOpen(tx, marks, key.exam_id, key.paper_id);
      });
      const user = res.locals.user!;
      const started = await enqueueJob(
        db,
        jobs.decode,
        { ...key, email: user.email },
        { id: user.id, role: user.role },
      );
      res.status(202).json({ job: started });
    })
    .all(methodNotAllowed);

  return router;
}

const paperParams = [pathParam('exam_id'), pathParam('paper_id')];
const secrecyNote =
  'Secrecy cell only: admin, or an office user with users.secrecy; anyone else 403 FORBIDDEN.';
const codingErrors = errors(...signedInErrors, 'FORBIDDEN', 'NOT_FOUND', 'INVALID_TRANSITION', 'LOCKED');
const pdf = (description: string) => ({
  description,
  content: { 'application/pdf': { schema: { type: 'string', contentEncoding: 'binary' } } },
});
const post = (summary: string, description: string, body?: z.ZodType) => ({
  post: {
    tags: ['coding'],
    summary,
    description: `${description} ${secrecyNote}`,
    parameters: paperParams,
    ...(body
      ? {
          requestBody: {
            required: false,
            content: { 'application/json': { schema: schema(body, 'input') } },
          },
        }
      : {}),
    responses: {
      200: json(schema(codingAnswer), 'The coding in its new status'),
      ...errors(...signedInErrors, ...bodyErrors, 'FORBIDDEN', 'NOT_FOUND', 'INVALID_TRANSITION', 'LOCKED'),
    },
  },
});

export const codingOpenApi: OpenApiPaths = {
  '/coding-access': {
    get: {
      tags: ['coding'],
      summary: 'Whether the caller is of the secrecy cell (the web app shows the coding screens)',
      responses: {
        200: json(schema(z.object({ secrecy: z.boolean() })), 'The answer'),
        ...errors(...signedInErrors),
      },
    },
  },
  '/coding': {
    get: {
      tags: ['coding'],
      summary: "An exam's papers with their coding",
      description: secrecyNote,
      parameters: [{ name: 'exam_id', in: 'query', required: true, schema: { type: 'string' } }],
      responses: {
        200: json(schema(codingListAnswer), 'The papers'),
        ...errors(...signedInErrors, ...bodyErrors, 'FORBIDDEN'),
      },
    },
  },
  '/coding/{exam_id}/{paper_id}': {
    get: {
      tags: ['coding'],
      summary: "A paper's coding (status §2.3 F, books, packets, attendance lock)",
      description: secrecyNote,
      parameters: paperParams,
      responses: {
        200: json(schema(z.object({ coding: codingAnswer.shape.coding })), 'The coding'),
        ...codingErrors,
      },
    },
  },
  '/coding/{exam_id}/{paper_id}/map': {
    get: {
      tags: ['coding'],
      summary: 'The fictitious number ↔ attempt map with roll numbers',
      description: secrecyNote,
      parameters: paperParams,
      responses: {
        200: json(schema(codingMapAnswer), 'The map in fictitious-number order'),
        ...codingErrors,
      },
    },
  },
  '/coding/{exam_id}/{paper_id}/assign': post(
    'Assign fictitious numbers (NOT_CODED → CODED)',
    "Every PRESENT attempt of the paper gets a number drawn with a cryptographic RNG (exam prefix + digits, unique in the exam), in a shuffled order; only when the paper's attendance is LOCKED (409 LOCKED naming the sheets otherwise).",
  ),
  '/coding/{exam_id}/{paper_id}/flap': post(
    'Capture flap numbers (NOT_CODED → CODED by flap)',
    'Pairs {flap_no, roll_no} of PRESENT candidates; a duplicate flap or roll number, an unknown or not-present roll number refuse the whole list (422 naming each pair).',
    flapRequest,
  ),
  '/coding/{exam_id}/{paper_id}/packets': (() => {
    const item = post(
      'Make packets (CODED → PACKETED)',
      `The coded books in fictitious-number order, cut into packets (size from the settings, 30, unless \`size\` is given); one award-list batch pair (entry 1 and 2) opens per packet. A paper of more than ${PACKETS_INLINE} coded books answers 202 {job} (job kind coding.packets) instead.`,
      packetsRequest,
    );
    return {
      post: {
        ...item.post,
        responses: {
          ...item.post.responses,
          202: json(schema(z.object({ job: jobSummary })), 'The packets job (large papers)'),
        },
      },
    };
  })(),
  '/coding/{exam_id}/{paper_id}/stickers.pdf': {
    get: {
      tags: ['coding'],
      summary:
        'Two-part flap stickers (book part: fictitious number, barcode, QR; counterfoil: fictitious and roll number)',
      description: secrecyNote,
      parameters: paperParams,
      responses: { 200: pdf('The stickers'), ...codingErrors },
    },
  },
  '/packet/{packet_no}/pdf': {
    get: {
      tags: ['packet'],
      summary: 'Packet slip / bundle cover (fictitious numbers only, with the packet barcode)',
      parameters: [pathParam('packet_no')],
      responses: { 200: pdf('The slip'), ...errors(...signedInErrors, 'FORBIDDEN', 'NOT_FOUND') },
    },
  },
  '/decode/{exam_id}/{paper_id}': {
    get: {
      tags: ['coding'],
      summary: "A paper's decode report: packets not LOCKED yet, and the stored exception list",
      description: secrecyNote,
      parameters: paperParams,
      responses: { 200: json(schema(decodeReport), 'The report'), ...codingErrors },
    },
    post: {
      tags: ['coding'],
      summary: 'Decode the paper (a job): LOCKED award lists joined to the attempts through the map',
      description: `Refused 409 LOCKED naming the packets whose award list is not LOCKED. The job writes the external marks of record (AB for absentees), stores the exception list (present without marks, marks for an absentee, orphan numbers, UFM books held; those attempts get RL) and moves the coding to DECODED; its result: ${JSON.stringify(Object.keys(decodeResult.shape))}. ${secrecyNote}`,
      parameters: paperParams,
      responses: { 202: json(schema(z.object({ job: jobSummary })), 'The decode job'), ...codingErrors },
    },
  },
};
