import { z } from 'zod';
import {
  entryBatchCreate,
  entryBatchOpen,
  entryBatchOpenAnswer,
  entryBatchResource,
  entryRowsAnswer,
  entryRowsPut,
  entryTotals,
  markCorrectionCreate,
  markCorrectionResource,
  markRecordAnswer,
  pendingEntryAnswer,
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
const batchId = [{ name: 'batch_id', in: 'path', required: true, schema: { type: 'string' } }];
const saved = z.object({
  saved: z.number().int(),
  status: z.string(),
  updated_at: z.string(),
  totals: entryTotals,
  message: z.string(),
});

/**
 * The marks calls beyond the engine's list/one/edit/delete and the workflow's actions (described from their
 * contracts).
 */
export const marksOpenApi: OpenApiPaths = {
  '/entrybatch': {
    post: {
      tags: ['entrybatch'],
      summary:
        'Open one marks batch (office): internal per college, practical per date/shift/lab, ' +
        'external by roll number when coding is OFF',
      description:
        'Rows: one per candidate of the paper (of the college; of the attempts named for a ' +
        'practical batch) in roll-number order. 422 for a paper without a numeric maximum of the ' +
        'component, no candidates, or a missing college/date/shift/lab; 409 LOCKED for an external ' +
        'batch of a coded course link (award lists are opened per packet by the coding module); ' +
        '409 DUPLICATE_KEY when the unit has its batch.',
      requestBody: input(entryBatchCreate),
      responses: {
        201: json(
          z.object({ entrybatch: entryBatchResource.recordSchema, message: z.string() }),
          'The batch',
        ),
      },
    },
  },
  '/entrybatch-open': {
    post: {
      tags: ['entrybatch'],
      summary:
        'Open every internal (or roll-number external) batch of an exam: one per paper × college × ' +
        "the paper's department; existing units are kept",
      requestBody: input(entryBatchOpen),
      responses: { 201: json(entryBatchOpenAnswer, 'How many were opened') },
    },
  },
  '/entrybatch/{batch_id}/rows': {
    parameters: batchId,
    get: {
      tags: ['entrybatch'],
      summary:
        'The rows of a batch with its counts: {rows: [{attempt_id, student_id, roll_no, name, ' +
        'value, status, preset}]}; a coded award list answers fict_no, value and status only ' +
        '(never student, roll number, name or college)',
      responses: { 200: json(entryRowsAnswer, 'Rows and counts') },
    },
    put: {
      tags: ['entrybatch'],
      summary:
        'Save typed rows (a draft; partial saves allowed): {rows: [{attempt_id or fict_no, value ' +
        'or status}], updated_at?}',
      description:
        'Each value 0..maximum of the component with at most two decimals (in the marks step), or ' +
        'a status of the component (AB, UFM, BLANK, EX); an absent candidate (attendance) takes ' +
        'only AB; a fictitious number once. Any failure: 422 naming rows.{i}.value and nothing ' +
        'saved. A LOCKED batch: 409 LOCKED (a change needs a marks correction); ' +
        'SUBMITTED/VERIFIED: 409 LOCKED until returned. OPEN/REOPENED become DRAFT. A faculty user ' +
        'reaches its own college and department only (404 otherwise).',
      requestBody: input(entryRowsPut),
      responses: { 200: json(saved, 'Saved, with the counts') },
    },
  },
  '/entrybatch/{batch_id}/pdf': {
    parameters: batchId,
    get: {
      tags: ['entrybatch'],
      summary:
        'The award sheet for signatures: marks in figures and words (English, Hindi), counts and ' +
        'total, signature blocks (PDF)',
      responses: { 200: { description: 'PDF', content: { 'application/pdf': {} } } },
    },
  },
  '/entrybatch-pending': {
    get: {
      tags: ['entrybatch'],
      summary:
        'Batches not yet submitted (OPEN, DRAFT, REOPENED) with their deadlines, earliest first; ' +
        'overdue ones flagged (shown red)',
      parameters: ['exam_id', 'college_id', 'component', 'paper_id'].map((name) => ({
        name,
        in: 'query',
        required: false,
        schema: { type: 'string' },
      })),
      responses: { 200: json(pendingEntryAnswer, 'Pending batches') },
    },
  },
  '/markrecord': {
    get: {
      tags: ['markcorrection'],
      summary:
        'The marks of record with their attempt (exam, student, paper, college): written when a ' +
        'batch is LOCKED, by decode and by approved corrections',
      description:
        "A college's faculty reads its college (and department's papers); a student only its own " +
        'internal marks.',
      parameters: ['exam_id', 'paper_id', 'student_id', 'attempt_id', 'component', 'offset', 'limit'].map(
        (name) => ({ name, in: 'query', required: false, schema: { type: 'string' } }),
      ),
      responses: { 200: json(markRecordAnswer, 'Marks of record') },
    },
  },
  '/markcorrection': {
    post: {
      tags: ['markcorrection'],
      summary:
        'Request a change of a LOCKED mark: attempt, component, new mark, reason and kind; the old ' +
        'mark is read from the marks of record; applied only when approved',
      requestBody: input(markCorrectionCreate),
      responses: {
        201: json(
          z.object({ markcorrection: markCorrectionResource.recordSchema, message: z.string() }),
          'The requested correction',
        ),
      },
    },
  },
};
