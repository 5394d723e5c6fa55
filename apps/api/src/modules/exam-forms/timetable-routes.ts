import { Router } from 'express';
import { z } from 'zod';
import { examResource, examSetupAccess, timetableClashesAnswer, type CapabilityKey } from '@exam/contracts';
import type { Database } from '@exam/db';
import { scopeOf } from '../../platform/auth/capabilities.ts';
import { keyFromPath } from '../../platform/crud/store.ts';
import { parseOr422 } from '../../platform/http/errors.ts';
import { methodNotAllowed } from '../../platform/http/middleware.ts';
import { errors, json, pathParam, schema, signedInErrors } from '../../platform/openapi/openapi.ts';
import type { OpenApiPaths } from '../../platform/module.ts';
import { dateSheetPdf } from './datesheet-pdf.ts';
import { dateSheetOf, examClashes } from './timetable-service.ts';
import { CLASH_LIMIT } from './timetable-store.ts';

const clashQuery = z.object({ exam_id: z.string().trim().min(1).max(30).optional() });
const dateSheetQuery = z.object({ course_comb_id: z.string().trim().max(30).optional() });

/**
 * `GET /api/timetable/clashes?exam_id=` and `GET /api/timetable/datesheet/{exam_id}` (PDF, one section per
 * programme).
 */
export function timetableRoutes(db: Database) {
  const router = Router();
  router
    .route('/timetable/clashes')
    .get(async (req, res) => {
      scopeOf(res, examSetupAccess.read as CapabilityKey);
      const query = parseOr422(clashQuery, req.query);
      res.json(await examClashes(db, query.exam_id));
    })
    .all(methodNotAllowed);

  router
    .route('/timetable/datesheet/:exam_id')
    .get(async (req, res) => {
      scopeOf(res, examSetupAccess.read as CapabilityKey);
      const { course_comb_id } = parseOr422(dateSheetQuery, req.query);
      const { exam_id } = keyFromPath(examResource, req.params as Record<string, string>);
      const { exam, links, courses } = await dateSheetOf(db, String(exam_id), course_comb_id);
      await dateSheetPdf(res, exam, links, courses);
    })
    .all(methodNotAllowed);
  return router;
}

export const timetableOpenApi: OpenApiPaths = {
  '/timetable/clashes': {
    get: {
      tags: ['timetable'],
      summary: 'Candidates with two papers in one date and shift',
      description:
        `Computed from the exam's attempts (the papers of its approved forms) and the timetable's ` +
        `slots. At most ${CLASH_LIMIT} clashes; \`total\` counts all.`,
      parameters: [
        {
          name: 'exam_id',
          in: 'query',
          required: false,
          schema: { type: 'string' },
          description: 'The exam; default the current one (active_status 1).',
        },
      ],
      responses: {
        200: json(schema(timetableClashesAnswer), 'The clashes'),
        ...errors(...signedInErrors, 'FORBIDDEN', 'VALIDATION_FAILED'),
      },
    },
  },
  '/timetable/datesheet/{exam_id}': {
    get: {
      tags: ['timetable'],
      summary: 'The printable date sheet of an exam (PDF), one section per programme and semester',
      parameters: [
        pathParam('exam_id'),
        {
          name: 'course_comb_id',
          in: 'query',
          required: false,
          schema: { type: 'string' },
          description: 'Only this programme',
        },
      ],
      responses: {
        200: {
          description: 'The date sheet',
          content: { 'application/pdf': { schema: { type: 'string', contentEncoding: 'binary' } } },
        },
        ...errors(...signedInErrors, 'FORBIDDEN', 'NOT_FOUND', 'VALIDATION_FAILED'),
      },
    },
  },
};
