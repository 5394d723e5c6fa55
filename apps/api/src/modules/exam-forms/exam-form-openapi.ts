import { z } from 'zod';
import { examFormCreate, examFormDetail, examFormEdit } from '@exam/contracts';
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
const formId = [{ name: 'form_id', in: 'path', required: true, schema: { type: 'string' } }];
const eligible = z.object({
  links: z.array(
    z.object({
      exam_id: z.string(),
      session_id: z.string(),
      course_comb_id: z.string(),
      sem_id: z.string(),
      allow_types: z.string(),
      form_due_at: z.string().nullable(),
      late_fee_close_at: z.string().nullable(),
      enrolled: z.boolean(),
    }),
  ),
  papers: z.array(
    z.object({
      session_id: z.string(),
      course_comb_id: z.string(),
      sem_id: z.string(),
      paper_id: z.string(),
      paper_name: z.string(),
      attempt_type: z.string(),
      attempt_no: z.number(),
      eligible: z.boolean(),
      why: z.string().nullable(),
    }),
  ),
});

/**
 * The exam-form calls beyond the engine's list and the workflow's actions (described from their contracts).
 */
export const examFormsOpenApi: OpenApiPaths = {
  '/examform': {
    post: {
      tags: ['examform'],
      summary:
        'Fill an exam form (a student its own; office for any student): a DRAFT with its papers and fee',
      description:
        'Refused with 409 LOCKED outside the window (phase FORMS_OPEN, form_open_at .. ' +
        'late_fee_close_at), 409 DUPLICATE_KEY for a second form of the student for the exam ' +
        'course-semester, 422 naming a paper not in the eligible list, a candidate type the link ' +
        'does not take, a missing enrolment or the maximum duration. Regular papers are the ' +
        "enrolment's studentpaper rows.",
      requestBody: input(examFormCreate),
      responses: { 201: json(examFormDetail, 'The draft with its fee lines') },
    },
  },
  '/examform/{form_id}': {
    parameters: formId,
    get: {
      tags: ['examform'],
      summary: 'One exam form with its papers and fee computation',
      responses: { 200: json(examFormDetail, 'The form and its fee lines') },
    },
    put: {
      tags: ['examform'],
      summary: 'Change the chosen papers of a DRAFT or RETURNED form (a RETURNED one becomes DRAFT)',
      requestBody: input(examFormEdit),
      responses: { 200: json(examFormDetail, 'The form and its fee lines') },
    },
  },
  '/examform/{form_id}/pdf': {
    parameters: formId,
    get: {
      tags: ['examform'],
      summary: 'The filled form with photo and fee computation (PDF)',
      responses: { 200: { description: 'PDF', content: { 'application/pdf': {} } } },
    },
  },
  '/examform-eligible/{student_id}': {
    parameters: [{ name: 'student_id', in: 'path', required: true, schema: { type: 'string' } }],
    get: {
      tags: ['examform'],
      summary:
        'The back and improvement papers a student may choose (open backlog rows, with the attempt ' +
        'limit) and the exam course links open for its forms',
      responses: { 200: json(eligible, 'The eligible list') },
    },
  },
};
