import { studentImageAnswer } from '@exam/contracts';
import {
  bodyErrors,
  errors,
  json,
  pathParam,
  schema,
  signedInErrors,
} from '../../platform/openapi/openapi.ts';
import type { OpenApiPaths } from '../../platform/module.ts';
import { electivesBody } from './choices-routes.ts';

const enrolmentKey = ['student_id', 'session_id', 'course_comb_id', 'sem_id'].map((p) => pathParam(p));

const image = (kind: 'photo' | 'signature') => ({
  get: {
    tags: ['students'],
    summary: `A student's ${kind} (JPEG or PNG)`,
    parameters: [pathParam('student_id')],
    responses: {
      200: {
        description: `The ${kind}`,
        content: {
          'image/jpeg': { schema: { type: 'string', contentEncoding: 'binary' } },
          'image/png': { schema: { type: 'string', contentEncoding: 'binary' } },
        },
      },
      ...errors(...signedInErrors, 'FORBIDDEN', 'NOT_FOUND'),
    },
  },
  post: {
    tags: ['students'],
    summary: `Upload a student's ${kind}`,
    description:
      'multipart/form-data, field `file`: a JPEG or PNG within the size and pixel limits ' +
      '(studentImageLimits); stored under the data folder by its SHA-256.',
    parameters: [pathParam('student_id')],
    requestBody: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { file: { type: 'string', contentEncoding: 'binary' } },
            required: ['file'],
          },
        },
      },
    },
    responses: {
      200: json(schema(studentImageAnswer), 'Saved'),
      ...errors(...signedInErrors, ...bodyErrors, 'FORBIDDEN', 'NOT_FOUND'),
    },
  },
});

export const studentsOpenApi: OpenApiPaths = {
  '/student/{student_id}/photo': image('photo'),
  '/student/{student_id}/signature': image('signature'),
  '/studentccinfo/{student_id}/{session_id}/{course_comb_id}/{sem_id}/electives': {
    put: {
      tags: ['students'],
      summary: "Change an enrolment's elective choices",
      description:
        'Every elective group needs exactly its required number of papers (default 1); 422 names the ' +
        'group. Closed (409 LOCKED) once an exam form of the semester is submitted.',
      parameters: enrolmentKey,
      requestBody: {
        required: true,
        content: { 'application/json': { schema: schema(electivesBody, 'input') } },
      },
      responses: {
        200: json(
          {
            type: 'object',
            properties: {
              electives: { type: 'array', items: { type: 'string' } },
              message: { type: 'string' },
            },
          },
          'Saved',
        ),
        ...errors(...signedInErrors, ...bodyErrors, 'FORBIDDEN', 'NOT_FOUND', 'LOCKED'),
      },
    },
  },
};
