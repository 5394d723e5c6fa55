import { z } from 'zod';
import {
  documentBatchAnswer,
  documentBatchCreate,
  documentCreate,
  documentRecord,
  documentSeries,
  stationerySpoilage,
  stationerySpoilageCreate,
  verificationAnswer,
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
const path = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const error = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: { type: 'object', properties: { message: { type: 'string' }, code: { type: 'string' } } },
    },
  },
});

/**
 * The documents calls beyond the engine's list/one of `document` and its workflow actions (check, approve,
 * issue, cancel, duplicate).
 */
export const documentsOpenApi: OpenApiPaths = {
  '/document': {
    post: {
      tags: ['document'],
      summary:
        'Draft a document: a frozen snapshot of every printed value (English and Hindi) from a ' +
        'PUBLISHED result version (marksheet, consolidated marksheet, transcript, provisional ' +
        'degree, degree) or the student record (migration, certificate)',
      description:
        '422 naming why when the result is not published (COMPUTED), WITHDRAWN or SUPERSEDED ' +
        "(draft from the published version), when a degree's result is not PASS, or when a " +
        "certificate's subtype is missing. 409 DUPLICATE_KEY when a marksheet of the same result " +
        'version is already drafted or issued (a lost copy is a `duplicate`). A marksheet of a ' +
        'newer published version while an older one is ISSUED is drafted as REVISED and ' +
        '`supersedes` it: issuing it makes the old one SUPERSEDED. The answer carries the frozen ' +
        'payload and its SHA-256.',
      requestBody: input(documentCreate),
      responses: {
        201: json(
          z.object({ document: documentRecord, message: z.string() }),
          'The drafted document (DRAFTED)',
        ),
        409: error('Already drafted or issued'),
        422: error('Not drafted, and why'),
      },
    },
  },
  '/document/batch': {
    post: {
      tags: ['document'],
      summary:
        'Draft the documents of a whole exam from its published results: marksheets (default), ' +
        'consolidated marksheets, transcripts, provisional degrees or degrees (`doc_type`); a job ' +
        'with progress; `render` also renders each PDF once',
      description:
        'Every student with a PUBLISHED result in the exam (narrowed by session_id, ' +
        'course_comb_id, sem_id, college_id) gets a DRAFTED document, drafted as POST ' +
        '/api/document drafts it. Students who already hold one (a marksheet of that version, a ' +
        'degree of the programme, a consolidated marksheet or transcript of the same published ' +
        'results) are `skipped` and named: a second batch drafts nothing twice. Students who ' +
        "cannot have one are `refused` with the reason, and listed in the job's errors: a result " +
        'in the exam that is not published (COMPUTED, WITHDRAWN), a (provisional) degree of a ' +
        'result that is not PASS. 422 naming doc_type for a type not drafted from a result ' +
        '(MIGRATION, CERTIFICATE).',
      requestBody: input(documentBatchCreate),
      responses: {
        202: json(
          documentBatchAnswer,
          'The job (GET /api/job/{job_id} reports progress and, when done, {drafted, skipped, ' +
            'refused, doc_ids, rendered})',
        ),
        422: error('A bad doc_type or exam_id'),
      },
    },
  },
  '/document/print': {
    get: {
      tags: ['document'],
      summary:
        "An exam's documents of a type (default MARKSHEET; default status: every one not cancelled " +
        'or superseded), in serial order, streamed with flat memory: one PDF, or (`format=zip`) a ' +
        'ZIP of one PDF per document',
      description:
        'format=pdf (default): one PDF of them all. format=zip: a ZIP (entries stored; ADR 0029) ' +
        'of one PDF per document, each named by its serial with / as - (`MS-2026-000001.pdf`), a ' +
        'draft without serial by its doc_id (`D….pdf`). 404 when nothing matches (for either ' +
        'format); 422 naming `format` for another value.',
      parameters: [
        ...['exam_id', 'doc_type', 'status', 'college_id'].map((name) => ({
          name,
          in: 'query',
          required: name === 'exam_id',
          schema: { type: 'string' },
        })),
        {
          name: 'format',
          in: 'query',
          required: false,
          schema: { type: 'string', enum: ['pdf', 'zip'], default: 'pdf' },
          description: 'pdf: one PDF; zip: one PDF per document in a ZIP',
        },
      ],
      responses: {
        200: {
          description: 'The PDF, or the ZIP of PDFs',
          content: {
            'application/pdf': { schema: { type: 'string', format: 'binary' } },
            'application/zip': { schema: { type: 'string', format: 'binary' } },
          },
        },
        404: error('Nothing to print'),
        422: error('A bad exam_id, doc_type, status or format'),
      },
    },
  },
  '/document/{doc_id}/pdf': {
    get: {
      tags: ['document'],
      summary:
        'The document as PDF, from its frozen payload and its template version (a draft prints ' +
        'without serial or QR; from APPROVED with both). A student: its own ISSUED documents only ' +
        '(others 404)',
      parameters: [path('doc_id')],
      responses: {
        200: {
          description: 'The PDF',
          content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
        },
        404: error('No such document (or not yours)'),
      },
    },
  },
  '/verify/{token}': {
    get: {
      tags: ['document'],
      summary:
        "Verify a document's QR code, without sign-in: type, serial, name, programme, exam, result " +
        'and issue date with VALID, SUPERSEDED or CANCELLED',
      description:
        'Decisions (ADR 0028): 200 with `signature_valid: true` and the document for a genuine ' +
        'token of an issued document (status VALID when ISSUED, SUPERSEDED after a revision was ' +
        'issued, CANCELLED); 200 with `document: null`, `signature_valid: false` and `reason` for ' +
        'a token that is not genuine: MALFORMED (not a token), BAD_SIGNATURE (altered or forged ' +
        'with our key id), UNKNOWN_KEY (signed by another key); MISMATCH (`signature_valid: true`) ' +
        'when a genuine signature does not match the register. 404 for a genuine token whose ' +
        'document is not issued (DRAFTED/CHECKED/APPROVED) or unknown. 429 RATE_LIMITED past ' +
        'VERIFY_MAX_PER_MINUTE per address (Retry-After). Every answer is logged in ' +
        'verification_log (token SHA-256, result, address, time). No marks detail is shown.',
      security: [],
      parameters: [path('token')],
      responses: {
        200: json(verificationAnswer, 'What the token is'),
        404: error('A genuine token of a document that is not issued'),
        429: error('Too many verifications from this address'),
      },
    },
  },
  '/nad/export': {
    get: {
      tags: ['document'],
      summary:
        "The NAD data template (CSV, UTF-8 with BOM) of an exam's ISSUED marksheets: one row per " +
        "student per subject (ORG_CODE … RESULT_DATE, with the document's serial); document_admin",
      parameters: [{ name: 'exam_id', in: 'query', required: true, schema: { type: 'string' } }],
      responses: {
        200: { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } },
        422: error('exam_id missing'),
      },
    },
  },
  '/documentseries': {
    get: {
      tags: ['document'],
      summary:
        'The numbering series (one per document type and year, prefix like MS/2025/, next_no only ' +
        'grows: a number is never reused)',
      responses: {
        200: json(z.object({ documentseries: z.array(documentSeries), total: z.number().int() }), 'Series'),
      },
    },
  },
  '/stationeryspoilage': {
    get: {
      tags: ['document'],
      summary: 'The spoilage register of pre-printed degree stationery',
      responses: {
        200: json(
          z.object({ stationeryspoilage: z.array(stationerySpoilage), total: z.number().int() }),
          'Spoiled sheets',
        ),
      },
    },
    post: {
      tags: ['document'],
      summary:
        'Record a spoiled pre-printed sheet (document_admin); a sheet carrying a document that is ' +
        'not cancelled is refused',
      requestBody: input(stationerySpoilageCreate),
      responses: {
        201: json(z.object({ stationeryspoilage: stationerySpoilage, message: z.string() }), 'Recorded'),
      },
    },
  },
};
