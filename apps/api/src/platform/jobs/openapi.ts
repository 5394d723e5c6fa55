import { jobAnswer, jobList, jobListQuery } from '@exam/contracts';
import type { OpenApiPaths } from '../module.ts';
import { errors, json, pathParam, schema, signedInErrors } from '../openapi/openapi.ts';

type Json = Record<string, unknown>;

export const jobsOpenApi: OpenApiPaths = {
  '/job': {
    get: {
      tags: ['jobs'],
      summary: 'Jobs, newest first: the caller’s own; with jobs.read everyone’s (mine=1: only the caller’s)',
      parameters: Object.entries(
        (schema(jobListQuery, 'input').properties ?? {}) as Record<string, Json>,
      ).map(([name, s]) => ({ name, in: 'query', schema: s })),
      responses: {
        200: json(schema(jobList), 'A page of jobs and how many there are'),
        ...errors(...signedInErrors, 'VALIDATION_FAILED'),
      },
    },
  },
  '/job/{job_id}': {
    get: {
      tags: ['jobs'],
      summary:
        'A job’s status, progress (done of total), the rows it could not take, and its result once succeeded',
      description:
        'Calls that start long work answer `202 {job: {job_id, kind, status, done, total, message}}`; ' +
        'poll this until `status` is `succeeded`, `failed` or `cancelled`. ' +
        'A job whose process died while `running` goes back to `queued` and runs again (`attempts`). ' +
        'Another user’s job answers 404 unless the caller holds jobs.read.',
      parameters: [pathParam('job_id', 'The job id (a UUID)')],
      responses: { 200: json(schema(jobAnswer), 'The job'), ...errors(...signedInErrors, 'NOT_FOUND') },
    },
  },
};
