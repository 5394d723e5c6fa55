import { z } from 'zod';
import {
  codingAnswer,
  codingListAnswer,
  codingMapAnswer,
  decodeReport,
  decodeResult,
  flapRequest,
  jobSummary,
  packetsRequest,
} from '@exam/contracts';
import type { OpenApiPaths } from '../../platform/module.ts';
import {
  bodyErrors,
  errors,
  json,
  pathParam,
  schema,
  signedInErrors,
} from '../../platform/openapi/openapi.ts';
import { PACKETS_INLINE } from './coding-calls.ts';

/** The coding module's own calls in the OpenAPI description. */

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
    'Every PRESENT attempt of the paper gets a number drawn with a cryptographic RNG (exam prefix ' +
      "+ digits, unique in the exam), in a shuffled order; only when the paper's attendance is " +
      'LOCKED (409 LOCKED naming the sheets otherwise).',
  ),
  '/coding/{exam_id}/{paper_id}/flap': post(
    'Capture flap numbers (NOT_CODED → CODED by flap)',
    'Pairs {flap_no, roll_no} of PRESENT candidates; a duplicate flap or roll number, an unknown ' +
      'or not-present roll number refuse the whole list (422 naming each pair).',
    flapRequest,
  ),
  '/coding/{exam_id}/{paper_id}/packets': (() => {
    const item = post(
      'Make packets (CODED → PACKETED)',
      `The coded books in fictitious-number order, cut into packets (size from the settings, 30, ` +
        `unless \`size\` is given); one award-list batch pair (entry 1 and 2) opens per packet. A ` +
        `paper of more than ${PACKETS_INLINE} coded books answers 202 {job} (job kind ` +
        `coding.packets) instead.`,
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
        'Two-part flap stickers (book part: fictitious number, barcode, QR; counterfoil: ' +
        'fictitious and roll number)',
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
      description:
        `Refused 409 LOCKED naming the packets whose award list is not LOCKED. The job writes the ` +
        `external marks of record (AB for absentees), stores the exception list (present without ` +
        `marks, marks for an absentee, orphan numbers, UFM books held; those attempts get RL) and ` +
        `moves the coding to DECODED; its result: ` +
        `${JSON.stringify(Object.keys(decodeResult.shape))}. ${secrecyNote}`,
      parameters: paperParams,
      responses: { 202: json(schema(z.object({ job: jobSummary })), 'The decode job'), ...codingErrors },
    },
  },
};
