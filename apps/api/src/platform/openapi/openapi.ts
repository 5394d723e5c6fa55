import {
  listFilterFields,
  auditEntry,
  auditQuery,
  HISTORY_LIMIT,
  recordHistory,
  capabilities,
  checkUserResponse,
  clientConfig,
  errorBody,
  errorCodes,
  IMPORT_JOB_ROWS,
  importReport,
  jobAccepted,
  loginPayload,
  loginResponse,
  workflowActionBody,
  workflowBulkBodyOf,
  workflowBulkReport,
  BULK_AT_ONCE,
  BULK_KEYS_MAX,
  type CapabilityKey,
  type ErrorCode,
  type Resource,
  type WorkflowAction,
} from '@exam/contracts';
import { z } from 'zod';
import type { ApiModule } from '../module.ts';
import { served as servedWorkflow, type WorkflowEntry } from '../workflows/effects.ts';

type Json = Record<string, unknown>;

/** Request shapes describe the values after parsing; strings and JSON numbers are both accepted for them. */
export const schema = (s: z.ZodType, io: 'input' | 'output' = 'output') =>
  z.toJSONSchema(s, { io, unrepresentable: 'any' }) as Json;

export const json = (s: Json, description: string) => ({
  description,
  content: { 'application/json': { schema: s } },
});
const errorRef = { $ref: '#/components/schemas/Error' };

/**
 * What every signed-in call may answer besides its own errors: a bad token, too many requests at once, a busy
 * or absent database.
 */
export const signedInErrors = [
  'UNAUTHENTICATED',
  'RATE_LIMITED',
  'BUSY',
  'TIMED_OUT',
  'UNAVAILABLE',
] as const satisfies readonly ErrorCode[];
/** What every call with a JSON body may answer about the body itself. */
export const bodyErrors = [
  'MALFORMED_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'VALIDATION_FAILED',
] as const satisfies readonly ErrorCode[];

/**
 * The error responses of an operation, by the codes it may answer: one response per status, listing its codes
 * and what each means, with the body's `code` narrowed to them.
 */
export const errors = (...codes: readonly ErrorCode[]) => {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes))
    byStatus.set(errorCodes[code].status, [...(byStatus.get(errorCodes[code].status) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, listed]) => [
      String(status),
      json(
        { allOf: [errorRef, { properties: { code: { enum: listed } } }] },
        listed.map((code) => `${code}: ${errorCodes[code].description}`).join('. '),
      ),
    ]),
  );
};

export const pathParam = (name: string, description?: string) => ({
  name,
  in: 'path',
  required: true,
  schema: { type: 'string' },
  ...(description ? { description } : {}),
});
const listParams = [
  { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0 } },
  { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 1000 } },
  {
    name: 'q',
    in: 'query',
    schema: { type: 'string', maxLength: 100 },
    description: 'Case-insensitive search in the key and name fields',
  },
  {
    name: 'sort',
    in: 'query',
    schema: { type: 'string' },
    description: 'A field name; prefix - for descending',
  },
];
/**
 * A list's equality filters: one parameter per key, parent and enumerated field, checked like the field
 * (422).
 */
const filterParams = (resource: Resource) =>
  listFilterFields(resource).map((field) => ({
    name: field,
    in: 'query',
    schema: { type: 'string' },
    description: `Only rows whose ${field} equals this value`,
  }));

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const fileContent = (description: string) => ({
  'text/csv': {
    schema: { type: 'string' },
    description: `${description} as CSV (UTF-8 with a byte order mark)`,
  },
  [XLSX]: {
    schema: { type: 'string', contentEncoding: 'binary' },
    description: `${description} as an Excel workbook`,
  },
});
const formatParam = (description: string, required = false) => ({
  name: 'format',
  in: 'query',
  required,
  schema: { type: 'string', enum: ['csv', 'xlsx'] },
  description,
});

/**
 * A resource's files: its import template and its import (the list's download is its list call with
 * `format`).
 */
function fileResourcePaths(resource: Resource): Record<string, Json> {
  const tags = [resource.name];
  const title = resource.title.toLowerCase();
  const report = { $ref: '#/components/schemas/ImportReport' };
  return {
    [`/import-template/${resource.path}`]: {
      get: {
        tags,
        summary: `The import template of ${title}s`,
        description:
          'The header row, a row saying what each column takes and an example row (an import skips ' +
          'both); the XLSX has a Columns sheet explaining every column.',
        parameters: [formatParam('File type; xlsx when not given')],
        responses: {
          200: { description: 'The template', content: fileContent('The template') },
          ...errors(...signedInErrors, 'FORBIDDEN', 'VALIDATION_FAILED'),
        },
      },
    },
    [`/import/${resource.path}`]: {
      post: {
        tags,
        summary: `Import ${title}s from a CSV or XLSX file`,
        description:
          'Every row is checked like a create (an existing key updates its changeable fields; a row ' +
          'equal to the stored record is `unchanged`). ' +
          'All rows are stored in one transaction, and nothing at all when any row fails or with ' +
          '`dry_run=1`; every stored row is in the audit trail. ' +
          `A caller with a scoped write capability may only create or change rows within its scope. At ` +
          `most 50,000 rows and 20 MB per file.`,
        parameters: [
          {
            name: 'dry_run',
            in: 'query',
            schema: { type: 'string', enum: ['1', '0', 'true', 'false'] },
            description: '1: check every row and report, store nothing',
          },
        ],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: {
                  file: {
                    type: 'string',
                    contentEncoding: 'binary',
                    description: 'The CSV (UTF-8) or XLSX file, header row first',
                  },
                },
                required: ['file'],
              },
            },
          },
        },
        responses: {
          200: json(report, 'Every row valid: stored (or, on a dry run, would be); the report per row'),
          202: json(
            schema(jobAccepted),
            `More than ${IMPORT_JOB_ROWS.toLocaleString('en-IN')} data rows: the import (or the dry run) ` +
              `runs as a job; GET /job/{job_id} reports its progress, its failed rows as errors, and once ` +
              `succeeded the report as its result`,
          ),
          ...errors(
            ...signedInErrors,
            'MALFORMED_REQUEST',
            'PAYLOAD_TOO_LARGE',
            'UNSUPPORTED_MEDIA_TYPE',
            'FORBIDDEN',
            'OUT_OF_SCOPE',
            'STALE_EDIT',
          ),
          422: json(
            { oneOf: [report, errorRef] },
            'Some rows failed: the report names each failing row (as numbered in the file: the header is ' +
              'row 1), field and message, and nothing was stored. Or VALIDATION_FAILED: the query ' +
              '(dry_run) is invalid',
          ),
        },
      },
    },
  };
}

function resourcePaths(resource: Resource): Record<string, Json> {
  const ref = { $ref: `#/components/schemas/${resource.name}` };
  const key = resource.responseKey;
  const one = (description: string, extra: Json = {}) =>
    json({ type: 'object', properties: { [key]: ref, ...extra }, required: [key] }, description);
  const withMessage = { message: { type: 'string' } };
  const keyPath = `/${resource.path}/${resource.keyFields.map((f) => `{${f}}`).join('/')}`;
  const tags = [resource.name];
  return {
    [`/${resource.path}`]: {
      get: {
        tags,
        summary: `List ${resource.title.toLowerCase()}s`,
        description:
          "With `format`, the whole list (search, filters, sort and the caller's scope applied; `offset` " +
          'and `limit` ignored) as a file download, streamed.',
        parameters: [
          ...listParams,
          ...filterParams(resource),
          formatParam('csv or xlsx: download the list as a file instead of a page of JSON'),
        ],
        responses: {
          200: {
            description:
              'A page of records and the total; with `format`, the file (Content-Disposition: attachment)',
            content: {
              ...json(
                {
                  type: 'object',
                  properties: { [key]: { type: 'array', items: ref }, total: { type: 'integer' } },
                },
                '',
              ).content,
              ...fileContent('The list'),
            },
          },
          ...errors(...signedInErrors, 'FORBIDDEN', 'VALIDATION_FAILED'),
        },
      },
      post: {
        tags,
        summary: `Create a ${resource.title.toLowerCase()}`,
        requestBody: {
          required: true,
          content: { 'application/json': { schema: schema(resource.createSchema) } },
        },
        responses: {
          201: one('Created', {
            ...withMessage,
            ...Object.fromEntries(resource.legacyCreateKeys.map((k) => [k, ref])),
          }),
          ...errors(...signedInErrors, ...bodyErrors, 'FORBIDDEN', 'DUPLICATE_KEY'),
        },
      },
    },
    [keyPath]: {
      parameters: resource.keyFields.map((f) => pathParam(f)),
      get: {
        tags,
        summary: `Read one ${resource.title.toLowerCase()}`,
        responses: { 200: one('The record'), ...errors(...signedInErrors, 'FORBIDDEN', 'NOT_FOUND') },
      },
      put: {
        tags,
        summary: `Edit a ${resource.title.toLowerCase()}`,
        description:
          `Changes ${resource.updatable.join(', ') || 'nothing (every field is part of the key)'}. Key ` +
          `fields in the body must match the path. Send the updated_at you read to be told (409) if ` +
          `someone changed the record since.`,
        requestBody: {
          required: true,
          content: { 'application/json': { schema: schema(resource.updateSchema) } },
        },
        responses: {
          200: one('Updated', withMessage),
          ...errors(...signedInErrors, ...bodyErrors, 'FORBIDDEN', 'NOT_FOUND', 'STALE_EDIT'),
        },
      },
      delete: {
        tags,
        summary: `Delete a ${resource.title.toLowerCase()}`,
        responses: {
          200: one('Deleted; the record as it was', withMessage),
          ...errors(...signedInErrors, 'FORBIDDEN', 'NOT_FOUND', 'IN_USE'),
        },
      },
    },
  };
}

/** `GET /history/<resource>/<key...>`: one record's audit trail (platform/audit/history-routes.ts). */
function historyPaths(resource: Resource): Record<string, Json> {
  return {
    [`/history/${resource.path}/${resource.keyFields.map((f) => `{${f}}`).join('/')}`]: {
      parameters: resource.keyFields.map((f) => pathParam(f)),
      get: {
        tags: [resource.name],
        summary: `History of one ${resource.title.toLowerCase()}: who changed what, when, before and after`,
        description:
          `The record's audit entries, newest first (at most ${HISTORY_LIMIT}; \`total\` counts all). ` +
          `Needs the capability that reads the record, within the caller's scope (404 otherwise).`,
        responses: {
          200: json(schema(recordHistory), 'The entries'),
          ...errors(...signedInErrors, 'FORBIDDEN', 'NOT_FOUND'),
        },
      },
    },
  };
}

const reasonText: Record<WorkflowAction['reason'], string> = {
  required: 'A `reason` is required (422 without one).',
  optional: 'A `reason` may be given; it is kept in the audit trail.',
  none: 'No reason is asked for.',
};

/** `POST /<resource>/<key...>/<action>` for every action of a workflow, from its declaration. */
export function workflowPaths(entry: WorkflowEntry, resource: Resource): Record<string, Json> {
  const { workflow, effects = {} } = servedWorkflow(entry);
  const ref = { $ref: `#/components/schemas/${resource.name}` };
  const keyPath = `/${resource.path}/${resource.keyFields.map((f) => `{${f}}`).join('/')}`;
  const paths: Record<string, Json> = {};
  for (const [key, action] of Object.entries(workflow.actions) as Array<[string, WorkflowAction]>) {
    const from = action.from.map((s) => `${s} (${workflow.labelOf(s)})`).join(', ');
    const capability = capabilities[action.capability as CapabilityKey]?.description ?? action.capability;
    paths[`${keyPath}/${key}`] = {
      parameters: resource.keyFields.map((f) => pathParam(f)),
      post: {
        tags: [resource.name],
        summary: `${action.label}: ${workflow.field} ${action.from.join('/')} → ${action.to}`,
        description: [
          `Moves ${resource.title.toLowerCase()}.${workflow.field} from ${from} to ${action.to} ` +
            `(${workflow.labelOf(action.to)}).`,
          `Needs the capability ${action.capability} (${capability}); a record outside the caller's ` +
            `scope answers 404.`,
          action.guard ? `Also needs ${action.guard.description} (409 INVALID_TRANSITION otherwise).` : '',
          reasonText[action.reason],
          'Send the `updated_at` you read to be told (409 STALE_EDIT) if the record changed since. From ' +
            'any other status: 409 INVALID_TRANSITION naming the current status and the actions allowed now.',
          'The move is recorded in the audit trail (action `transition`) with the caller, the reason and ' +
            'the record before and after.',
        ]
          .filter(Boolean)
          .join(' '),
        requestBody: {
          required: Boolean(effects[key]?.body),
          content: {
            'application/json': {
              schema: schema(
                effects[key]?.body ? workflowActionBody.extend(effects[key].body.shape) : workflowActionBody,
                'input',
              ),
            },
          },
        },
        responses: {
          ...(effects[key]?.answers === 'job'
            ? {
                202: json(
                  schema(jobAccepted),
                  `Long work started: the job moves ${workflow.field} to ${action.to} when it succeeds ` +
                    `(GET /api/job/{job_id})`,
                ),
              }
            : {
                200: json(
                  answerSchema(resource.responseKey, ref, effects[key]?.extra),
                  `The record in its new ${workflow.field}`,
                ),
              }),
          ...errors(
            ...signedInErrors,
            ...bodyErrors,
            'FORBIDDEN',
            'NOT_FOUND',
            'STALE_EDIT',
            'INVALID_TRANSITION',
          ),
        },
      },
    };
    paths[`/${resource.path}/bulk/${key}`] = {
      post: {
        tags: [resource.name],
        summary: `${action.label}, many ${resource.title.toLowerCase()} records at once`,
        description: [
          `Takes the action ${key} on every row of a selection: \`keys\` (at most ${BULK_KEYS_MAX}, each ` +
            `the key fields ${resource.keyFields.join(', ')} as an object or as its path ` +
            `\`${resource.keyFields.map((f) => `{${f}}`).join('/')}\`), or \`filter\` (the list's own ` +
            `filters and \`q\`: the rows of GET /${resource.path} with those filters, within the caller's ` +
            `scope for ${action.capability}, whose ${workflow.field} is one the action starts from: ` +
            `${from}).`,
          'Each row moves exactly as the single action moves it (its checks, its effect, its audit entry), ' +
            "in its own transaction; a refused row is reported with the code and message (in the reader's " +
            'language) the single action answers for it, and the other rows go on.',
          'A repeated request changes nothing twice: by keys, a row already moved is refused with ' +
            'INVALID_TRANSITION as the single action would refuse it; by filter, it is no longer selected ' +
            '(skipped, not counted in `total`).',
          `Up to ${BULK_AT_ONCE} rows: 200 with the report. More: 202 {job}; GET /api/job/{job_id} follows ` +
            'it and its `result` is the same report (its errors list the refused rows).',
          reasonText[action.reason] + " The reason and the action's own fields apply to every row.",
        ].join(' '),
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: schema(workflowBulkBodyOf(effects[key]?.body), 'input') },
          },
        },
        responses: {
          200: json(schema(workflowBulkReport), 'Every row of the selection, moved or refused'),
          202: json(schema(jobAccepted), `More than ${BULK_AT_ONCE} rows: a job moves them`),
          ...errors(...signedInErrors, ...bodyErrors, 'FORBIDDEN'),
        },
      },
    };
  }
  return paths;
}

/** A workflow action's answer: the record, the message, and the fields the action's effect adds (`extra`). */
function answerSchema(responseKey: string, ref: Json, extra: z.ZodObject | undefined): Json {
  const added = extra
    ? (schema(extra, 'output') as { properties?: Record<string, Json>; required?: string[] })
    : {};
  return {
    type: 'object',
    properties: { ...added.properties, [responseKey]: ref, message: { type: 'string' } },
    required: [...(added.required ?? []), responseKey],
  };
}

/**
 * The OpenAPI 3.1 document of the API built from `modules`, generated from the contracts: the same schemas
 * the API validates with.
 */
export function buildOpenApiDocument(modules: readonly ApiModule[]): Json {
  const paths: Record<string, Json> = {
    '/health': {
      get: {
        tags: ['operations'],
        summary: 'Liveness',
        security: [],
        responses: { 200: json({ type: 'object' }, 'The process is up') },
      },
    },
    '/ready': {
      get: {
        tags: ['operations'],
        summary: 'Readiness: the database answers and no migration is pending',
        security: [],
        responses: { 200: json({ type: 'object' }, 'Ready'), 503: json({ type: 'object' }, 'Not ready') },
      },
    },
    '/client-config': {
      get: {
        tags: ['operations'],
        summary: "What the web app learns at run time: the student demo service's port",
        security: [],
        responses: { 200: json(schema(clientConfig), 'The settings') },
      },
    },
    '/login': {
      post: {
        tags: ['auth'],
        summary: 'Sign in',
        security: [],
        requestBody: { required: true, content: { 'application/json': { schema: schema(loginPayload) } } },
        responses: {
          200: json(schema(loginResponse), 'A bearer token'),
          ...errors(...bodyErrors, 'UNAUTHENTICATED', 'RATE_LIMITED', 'BUSY', 'TIMED_OUT', 'UNAVAILABLE'),
        },
      },
    },
    '/check-user': {
      get: {
        tags: ['auth'],
        summary: 'Who the token belongs to',
        responses: { 200: json(schema(checkUserResponse), 'The user role'), ...errors(...signedInErrors) },
      },
    },
    '/logout': {
      post: {
        tags: ['auth'],
        summary: 'Revoke this token on the server',
        responses: {
          200: json({ type: 'object', properties: { message: { type: 'string' } } }, 'Signed out'),
          ...errors(...signedInErrors),
        },
      },
    },
  };
  // Per operation: a call a module serves itself (ServedResource.ownCalls) is described by the module, not
  // the engine.
  const merge = (more: Record<string, Json>) => {
    for (const [p, item] of Object.entries(more))
      paths[p] = { ...(paths[p] as Record<string, Json> | undefined), ...(item as Record<string, Json>) };
  };
  for (const module of modules) {
    for (const { resource } of module.resources ?? [])
      merge({ ...resourcePaths(resource), ...fileResourcePaths(resource), ...historyPaths(resource) });
    merge(module.openapi ?? {});
  }
  const served = modules.flatMap((m) => m.resources ?? []).map((r) => r.resource);
  for (const entry of modules.flatMap((m) => m.workflows ?? []).map(servedWorkflow)) {
    Object.assign(
      paths,
      workflowPaths(
        entry,
        served.find((r) => r.name === entry.workflow.resource)!,
      ),
    );
  }
  paths['/audit'] = {
    get: {
      tags: ['audit'],
      summary: 'The trail of master-data changes, newest first (admin only; nobody can change it)',
      parameters: Object.entries((schema(auditQuery).properties ?? {}) as Record<string, Json>).map(
        ([name, s]) => ({ name, in: 'query', schema: s }),
      ),
      responses: {
        200: json(
          {
            type: 'object',
            properties: { audit: { type: 'array', items: schema(auditEntry) }, total: { type: 'integer' } },
          },
          'A page of entries',
        ),
        ...errors(...signedInErrors, 'FORBIDDEN', 'VALIDATION_FAILED'),
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Exam administration API',
      version: '1.0.0',
      description:
        'Master data of the examination branch. Every call but login, health and ready needs ' +
        'Authorization: Bearer <token>. Form values may be sent as strings or JSON numbers. ' +
        'Every error answers {message, code, errors?}: `message` is for people, `code` is stable for ' +
        'programs (the Error schema lists every code and its status), `errors` names each failing field ' +
        'on 422.',
    },
    servers: [{ url: '/api' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        ImportReport: {
          ...schema(importReport),
          description: 'What an import did, or on a dry run would do, with every data row of the file',
        },
        Error: {
          ...schema(errorBody),
          description: `Every error answer. Codes (status): ${Object.entries(errorCodes)
            .map(([code, { status, description }]) => `${code} (${status}): ${description}`)
            .join('; ')}.`,
        },
        ...Object.fromEntries(
          modules
            .flatMap((m) => m.resources ?? [])
            .map(({ resource: r }) => [r.name, schema(r.recordSchema)]),
        ),
      },
    },
    paths,
  };
}
