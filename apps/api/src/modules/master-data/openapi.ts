import { extraEndpoints, paperInfoSemResource, schemeCheckResult } from '@exam/contracts';
import { errors, json, pathParam, schema, signedInErrors } from '../../platform/openapi/openapi.ts';
import type { OpenApiPaths } from '../../platform/module.ts';
import { schemeCheckPath } from './scheme-check-routes.ts';

/** The module's calls that are not plain CRUD (the engine describes the resources themselves). */
export const masterDataOpenApi: OpenApiPaths = {
  [schemeCheckPath]: {
    get: {
      tags: [paperInfoSemResource.name],
      summary: 'Whether marks can be entered against the marks scheme, and if not why',
      description:
        'The scheme must be numeric (at most two decimals) and consistent: max_marks > 0; each minimum ' +
        'within its maximum; paper_type 0: ext_max_marks + int_max_marks = max_marks; 1: ext_max_marks = ' +
        'max_marks and no internal fields; 2: int_max_marks = max_marks and no external fields; ' +
        'credit_point a number ≥ 0. Writes of other text are still accepted (legacy data); this check ' +
        'says what stands in the way of marks entry.',
      parameters: paperInfoSemResource.keyFields.map((f) => pathParam(f)),
      responses: {
        200: json(
          schema(schemeCheckResult),
          '`valid`, and `errors`: field -> why the scheme cannot take marks (empty when valid)',
        ),
        ...errors(...signedInErrors, 'FORBIDDEN', 'NOT_FOUND'),
      },
    },
  },
  '/course/{offset}/{limit}': {
    get: {
      tags: ['course'],
      summary: 'A page of courses (legacy paging)',
      parameters: [
        pathParam('offset', 'Rows to skip'),
        pathParam('limit', 'Page size, or All (also 0) for every row'),
      ],
      responses: {
        200: json(
          {
            type: 'object',
            properties: {
              course: { type: 'array', items: { $ref: '#/components/schemas/course' } },
              total: { type: 'integer' },
            },
          },
          'The page and the total',
        ),
        ...errors(...signedInErrors, 'FORBIDDEN', 'VALIDATION_FAILED'),
      },
    },
  },
  ...Object.fromEntries(
    extraEndpoints.map((endpoint) => [
      endpoint.path,
      {
        [endpoint.method]: {
          tags: ['lookups'],
          summary: endpoint.summary,
          parameters: [pathParam('session_id')],
          responses: {
            200: json(schema(endpoint.response), endpoint.summary),
            ...errors(...signedInErrors, 'FORBIDDEN', 'NOT_FOUND'),
          },
        },
      },
    ]),
  ),
};
