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
import type { Database } from '@exam/db';
import { recordChanges } from '../../platform/audit/audit-trail.ts';
import { scopeOf } from '../../platform/auth/capabilities.ts';
import { scopeWhere } from '../../platform/auth/scope.ts';
import { keyFromPath } from '../../platform/crud/store.ts';
import { parseOr422 } from '../../platform/http/errors.ts';
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
import { notice } from '../../platform/i18n/messages.ts';
import { cardFor, collegeCards, generateCards, moveCardsInBulk } from './admit-card-service.ts';
import { admitCardContents } from './admit-card-store.ts';

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
      const card = await cardFor(db, key, scope, within);
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
      const { where, count } = await collegeCards(db, exam_id, college_id, within);
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
      const auditor = { userId: user.id, email: user.email, requestId: req.id };
      const { changed, notice: generated } = await generateCards(db, exam_id, auditor);
      res.json({ changed, ...notice(req, generated) });
    })
    .all(methodNotAllowed);

  for (const action of ['publish', 'withhold'] as const) {
    router
      .route(`/admitcard-bulk/${action}`)
      .post(async (req: Request, res: Response) => {
        const { within } = reach(res, 'write');
        const body = parseOr422(admitCardBulkRequest, req.body ?? {});
        const { changed, notice: moved } = await moveCardsInBulk(db, action, body, within, (tx, changes) =>
          recordChanges(tx, req, res, changes),
        );
        res.json({ changed, ...notice(req, moved) });
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
        'A student downloads only its own PUBLISHED card: a WITHHELD one answers 409 LOCKED with ' +
        'the reason, a GENERATED one 409 LOCKED (not published yet). Staff print any card in their ' +
        'scope.',
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
