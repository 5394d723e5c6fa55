import {
  attendanceCorrection,
  attendanceEntries,
  attendanceReconciliation,
  jobAccepted,
  seatingChart,
  seatingGenerateBody,
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

/** The OpenAPI description of conduct's own calls (conduct-routes.ts). */

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
