import { z } from 'zod';
import {
  postResultCreate,
  postResultEligibleAnswer,
  postResultRecord,
  revalAwardEntry,
  revalAwardListAnswer,
} from '@exam/contracts';
import type { OpenApiPaths } from '../../platform/module.ts';

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: {
    'application/json': { schema: z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) },
  },
});
const input = (schema: z.ZodType) => ({
  required: true,
  content: {
    'application/json': { schema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) },
  },
});
const query = (names: string[]) =>
  names.map((name) => ({ name, in: 'query', required: false, schema: { type: 'string' } }));

/** The post-result calls beyond the engine's list/one of `postresult` and its workflow actions. */
export const postResultOpenApi: OpenApiPaths = {
  '/postresult': {
    post: {
      tags: ['postresult'],
      summary:
        "Apply for re-totalling, revaluation or a photocopy of one attempt's theory external " +
        'answer book (a student: its own attempts; the office: any)',
      description:
        '422 with nothing stored when the result is not published, the window of the rule set has ' +
        'closed (default 15 days from publication), the paper limit is reached (default 25 % of ' +
        'the theory papers appeared, fraction down, at least 1), the paper is internal-only or ' +
        'practical, the attempt is a back attempt, the candidate was absent, or an application for ' +
        "the paper is already open. Another student's attempt answers 404. The fee comes from the " +
        'rule set.',
      requestBody: input(postResultCreate),
      responses: {
        201: json(
          z.object({ postresult: postResultRecord, message: z.string() }),
          'The application (APPLIED)',
        ),
      },
    },
  },
  '/postresult-eligible': {
    get: {
      tags: ['postresult'],
      summary:
        "The papers of a student's published results, each with its window, fee, paper limit and " +
        'whether (and why not) it may be applied for now (a student: itself)',
      parameters: query(['student_id', 'type']),
      responses: { 200: json(postResultEligibleAnswer, 'Papers') },
    },
  },
  '/revalawardlist': {
    get: {
      tags: ['postresult'],
      summary:
        'The revaluation award list: revalued books waiting for or holding marks, by their new ' +
        'fictitious number only (no student, roll number or application)',
      parameters: query(['exam_id', 'paper_id']),
      responses: { 200: json(revalAwardListAnswer, 'Books') },
    },
    post: {
      tags: ['postresult'],
      summary:
        'Record the revaluation marks (and the third valuation when the VTU rule asked for one) of ' +
        'a book by its fictitious number; the application moves to EVALUATED',
      requestBody: input(revalAwardEntry),
      responses: {
        200: json(
          z.object({
            fict_no: z.string(),
            marks: z.string().nullable(),
            third_marks: z.string().nullable(),
            needs_third_valuation: z.boolean(),
            message: z.string(),
          }),
          'Recorded',
        ),
      },
    },
  },
};
