import { PassThrough } from 'node:stream';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import {
  admitCardBulkAnswer,
  admitCardBulkRequest,
  admitCardResource,
  keyText,
  type CapabilityKey,
} from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import { recordChanges } from '../../platform/audit/audit-trail.ts';
import { scopeOf } from '../../platform/auth/capabilities.ts';
import { scopeWhere } from '../../platform/auth/scope.ts';
import { keyFromPath } from '../../platform/crud/store.ts';
import { AppError, invalid, notFound, parseOr422 } from '../../platform/http/errors.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import {
  bodyErrors,
  errors,
  json,
  pathParam,
  schema,
  signedInErrors,
} from '../../platform/openapi/openapi.ts';
import type { OpenApiPaths } from '../../platform/module.ts';
import type { ActionEffect } from '../../platform/workflows/effects.ts';
import { writeAdmitCards } from './admit-card-pdf.ts';
import { admitCardContents, generateAdmitCards } from './admit-card-store.ts';

/**
 * Admit cards' own calls (lifecycle spec S4): one card's PDF (a student only its own PUBLISHED card; a
 * withheld one answers 409 with the reason), a college's cards as one streamed PDF, generating the missing
 * cards of an exam, and publishing or withholding in bulk. One by one, `publish` and `withhold` are the
 * workflow's actions.
 */

/**
 * The workflow's effects: withholding keeps its reason on the card (shown to the student); publishing clears
 * it.
 */
export const admitCardEffects: Partial<Record<string, ActionEffect>> = {
  publish: { before: async () => ({ set: { withheld_reason: null } }) },
  withhold: { before: async ({ input }) => ({ set: { withheld_reason: String(input.reason) } }) },
};

const pdfHeaders = (res: Response, name: string) =>
  res.set({
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="${name}"`,
    'Cache-Control': 'private, no-store',
  });
const generateBody = z.object({ exam_id: keyText() });

export function admitCardRoutes(db: Database, options: { secret: string; dataDir: string }) {
  const router = Router();
  const reach = (res: Response, access: 'read' | 'write') => {
    const scope = scopeOf(res, admitCardResource.capability[access] as CapabilityKey);
    return { scope, within: scopeWhere(scope, res.locals.user!, admitCardResource.scopeFields) };
  };

  router
    .route('/admitcard/:exam_id/:student_id/pdf')
    .get(async (req, res) => {
      const { scope, within } = reach(res, 'read');
      const key = keyFromPath(admitCardResource, req.params as Record<string, string>) as {
        exam_id: string;
        student_id: string;
      };
      const card =
        within &&
        (await db.prisma.admitCard.findFirst({
          where: { AND: [key, within as Prisma.AdmitCardWhereInput] },
        }));
      if (!card) throw notFound(`No admit card of ${key.student_id} for exam ${key.exam_id}.`);
      // A student (scope own) gets only its published card; staff print any, a withheld one marked WITHHELD.
      if (scope === 'own-student') {
        if (card.status === 'WITHHELD')
          throw new AppError(
            'LOCKED',
            `Your admit card for ${card.exam_id} is withheld: ${card.withheld_reason ?? 'no reason recorded'}. Contact your college or the examination office.`,
          );
        if (card.status !== 'PUBLISHED')
          throw new AppError(
            'LOCKED',
            `Your admit card for ${card.exam_id} is not published yet; the examination office publishes it before the first paper.`,
          );
      }
      pdfHeaders(res, `admit-card-${card.exam_id}-${card.roll_no}.pdf`);
      await writeAdmitCards(res, admitCardContents(db, key, options), {
        title: `Admit card ${card.roll_no}`,
      });
    })
    .all(methodNotAllowed);

  router
    .route('/admitcard-batch/:exam_id/:college_id/pdf')
    .get(async (req, res) => {
      const { within } = reach(res, 'write');
      const exam_id = keyText().parse(req.params.exam_id);
      const college_id = keyText().parse(req.params.college_id);
      const where = {
        AND: [
          { exam_id, college_id },
          (within ?? { college_id: '\u0000none' }) as Prisma.AdmitCardWhereInput,
        ],
      };
      const count = await db.prisma.admitCard.count({ where });
      if (!count)
        throw notFound(
          `College ${college_id} has no admit cards for exam ${exam_id}; allot roll numbers first.`,
        );
      pdfHeaders(res, `admit-cards-${exam_id}-${college_id}.pdf`);
      res.set('X-Card-Count', String(count));
      // Streamed: pages leave as they are drawn, so a college of thousands of candidates holds memory flat.
      const sink = new PassThrough();
      sink.pipe(res);
      await writeAdmitCards(sink, admitCardContents(db, where, options), {
        title: `Admit cards ${exam_id} ${college_id}`,
      });
    })
    .all(methodNotAllowed);

  router
    .route('/admitcard-generate')
    .post(async (req, res) => {
      reach(res, 'write');
      const { exam_id } = parseOr422(generateBody, req.body ?? {});
      const user = res.locals.user!;
      const made = await db.prisma.$transaction((tx) =>
        generateAdmitCards(tx, exam_id, { userId: user.id, email: user.email, requestId: req.id }),
      );
      res.json({
        changed: made,
        message: made
          ? `${made} admit card${made === 1 ? '' : 's'} generated for exam ${exam_id}.`
          : `Every form of exam ${exam_id} with a roll number already has its admit card.`,
      });
    })
    .all(methodNotAllowed);

  for (const action of ['publish', 'withhold'] as const) {
    router
      .route(`/admitcard-bulk/${action}`)
      .post(async (req: Request, res: Response) => {
        const { within } = reach(res, 'write');
        const body = parseOr422(admitCardBulkRequest, req.body ?? {});
        if (action === 'withhold' && !body.reason)
          throw invalid({ reason: ['Required: say why the cards are withheld (the students see it).'] });
        if (!body.college_id && !body.student_ids)
          throw invalid({ college_id: ['Choose a college, or list the students.'] });
        const from = action === 'publish' ? ['GENERATED', 'WITHHELD'] : ['GENERATED', 'PUBLISHED'];
        const where: Prisma.AdmitCardWhereInput = {
          AND: [
            { exam_id: body.exam_id, status: { in: from } },
            body.college_id ? { college_id: body.college_id } : {},
            body.student_ids ? { student_id: { in: body.student_ids } } : {},
            (within ?? { college_id: '\u0000none' }) as Prisma.AdmitCardWhereInput,
          ],
        };
        const changed = await db.prisma.$transaction(async (tx) => {
          const cards = await tx.admitCard.findMany({
            where,
            select: { exam_id: true, student_id: true, status: true, withheld_reason: true },
          });
          const to = action === 'publish' ? 'PUBLISHED' : 'WITHHELD';
          const reason = action === 'publish' ? null : body.reason!;
          await tx.admitCard.updateMany({
            where,
            data: { status: to, withheld_reason: reason, updated_at: new Date() },
          });
          await recordChanges(
            tx,
            req,
            res,
            cards.map((c) => ({
              action: 'transition',
              transition: action,
              reason: body.reason,
              entity: 'admitcard',
              key: `${c.exam_id}/${c.student_id}`,
              before: { status: c.status, withheld_reason: c.withheld_reason },
              after: { status: to, withheld_reason: reason },
            })),
          );
          return cards.length;
        });
        const verb = action === 'publish' ? 'published' : 'withheld';
        res.json({
          changed,
          message: changed
            ? `${changed} admit card${changed === 1 ? '' : 's'} ${verb}.`
            : `No admit card could be ${verb} (none matches in a status that allows it).`,
        });
      })
      .all(methodNotAllowed);
  }
  return router;
}

const pdf = (description: string) => ({
  description,
  content: { 'application/pdf': { schema: { type: 'string', contentEncoding: 'binary' } } },
});
const bulk = (action: 'publish' | 'withhold') => ({
  post: {
    tags: ['admitcard'],
    summary:
      action === 'publish'
        ? 'Publish admit cards in bulk (a college, or listed students)'
        : 'Withhold admit cards in bulk, with the reason the students see',
    requestBody: {
      required: true,
      content: { 'application/json': { schema: schema(admitCardBulkRequest, 'input') } },
    },
    responses: {
      200: json(schema(admitCardBulkAnswer), 'How many changed'),
      ...errors(...signedInErrors, ...bodyErrors, 'FORBIDDEN'),
    },
  },
});

export const admitCardOpenApi: OpenApiPaths = {
  '/admitcard/{exam_id}/{student_id}/pdf': {
    get: {
      tags: ['admitcard'],
      summary: 'One admit card (PDF)',
      description:
        'A student downloads only its own PUBLISHED card: a WITHHELD one answers 409 LOCKED with the reason, a GENERATED one 409 LOCKED (not published yet). Staff print any card in their scope.',
      parameters: [pathParam('exam_id'), pathParam('student_id')],
      responses: { 200: pdf('The card'), ...errors(...signedInErrors, 'FORBIDDEN', 'NOT_FOUND', 'LOCKED') },
    },
  },
  '/admitcard-batch/{exam_id}/{college_id}/pdf': {
    get: {
      tags: ['admitcard'],
      summary: "A college's admit cards as one PDF, in roll-number order (streamed)",
      parameters: [pathParam('exam_id'), pathParam('college_id')],
      responses: { 200: pdf('The cards'), ...errors(...signedInErrors, 'FORBIDDEN', 'NOT_FOUND') },
    },
  },
  '/admitcard-generate': {
    post: {
      tags: ['admitcard'],
      summary: 'Generate the missing admit cards of an exam (forms with roll numbers)',
      requestBody: {
        required: true,
        content: { 'application/json': { schema: schema(generateBody, 'input') } },
      },
      responses: {
        200: json(schema(admitCardBulkAnswer), 'How many were generated'),
        ...errors(...signedInErrors, ...bodyErrors, 'FORBIDDEN'),
      },
    },
  },
  '/admitcard-bulk/publish': bulk('publish'),
  '/admitcard-bulk/withhold': bulk('withhold'),
};
