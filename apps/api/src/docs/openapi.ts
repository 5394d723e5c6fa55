import {
  auditEntry, auditQuery, checkUserResponse, errorBody, extraEndpoints, loginPayload, loginResponse, resources, type AnyResource,
} from '@exam/contracts';
import { z } from 'zod';

type Json = Record<string, unknown>;

/** Request shapes describe the values after parsing; strings and JSON numbers are both accepted for them. */
const schema = (s: z.ZodType, io: 'input' | 'output' = 'output') => z.toJSONSchema(s, { io, unrepresentable: 'any' }) as Json;

const json = (s: Json, description: string) => ({ description, content: { 'application/json': { schema: s } } });
const errorRef = { $ref: '#/components/schemas/Error' };
const errors = (...codes: number[]) =>
  Object.fromEntries(
    codes.map((code) => [
      String(code),
      json(errorRef, {
        400: 'Malformed JSON', 401: 'No, invalid or revoked token', 403: 'Role not allowed', 404: 'Unknown record',
        405: 'Method not supported', 409: 'Duplicate key, record in use, or a stale edit', 413: 'Body too large',
        415: 'Body is not JSON', 429: 'Too many failed sign-ins (see Retry-After)', 422: 'Invalid input: errors names each field', 503: 'Database unreachable',
      }[code] ?? 'Error'),
    ]),
  );

const pathParam = (name: string, description?: string) => ({ name, in: 'path', required: true, schema: { type: 'string' }, ...(description ? { description } : {}) });
const listParams = [
  { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0 } },
  { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 1000 } },
  { name: 'q', in: 'query', schema: { type: 'string', maxLength: 100 }, description: 'Case-insensitive search in the key and name fields' },
  { name: 'sort', in: 'query', schema: { type: 'string' }, description: 'A field name; prefix - for descending' },
];

function resourcePaths(resource: AnyResource): Record<string, Json> {
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
        tags, summary: `List ${resource.title.toLowerCase()}s`, parameters: listParams,
        responses: { 200: json({ type: 'object', properties: { [key]: { type: 'array', items: ref }, total: { type: 'integer' } } }, 'A page of records and the total'), ...errors(401, 403, 422) },
      },
      post: {
        tags, summary: `Create a ${resource.title.toLowerCase()}`,
        requestBody: { required: true, content: { 'application/json': { schema: schema(resource.createSchema) } } },
        responses: {
          201: one('Created', { ...withMessage, ...Object.fromEntries(resource.legacyCreateKeys.map((k) => [k, ref])) }),
          ...errors(400, 401, 403, 409, 413, 415, 422),
        },
      },
    },
    [keyPath]: {
      parameters: resource.keyFields.map((f) => pathParam(f)),
      get: { tags, summary: `Read one ${resource.title.toLowerCase()}`, responses: { 200: one('The record'), ...errors(401, 403, 404) } },
      put: {
        tags, summary: `Edit a ${resource.title.toLowerCase()}`,
        description: `Changes ${resource.updatable.join(', ') || 'nothing (every field is part of the key)'}. Key fields in the body must match the path. Send the updated_at you read to be told (409) if someone changed the record since.`,
        requestBody: { required: true, content: { 'application/json': { schema: schema(resource.updateSchema) } } },
        responses: { 200: one('Updated', withMessage), ...errors(400, 401, 403, 404, 409, 413, 415, 422) },
      },
      delete: {
        tags, summary: `Delete a ${resource.title.toLowerCase()}`,
        responses: { 200: one('Deleted; the record as it was', withMessage), ...errors(401, 403, 404, 409) },
      },
    },
  };
}

/** The OpenAPI 3.1 document, generated from the contracts: the same schemas the API validates with. */
export function buildOpenApiDocument(): Json {
  const paths: Record<string, Json> = {
    '/health': { get: { tags: ['operations'], summary: 'Liveness', security: [], responses: { 200: json({ type: 'object' }, 'The process is up') } } },
    '/ready': {
      get: { tags: ['operations'], summary: 'Readiness: the database answers and no migration is pending', security: [], responses: { 200: json({ type: 'object' }, 'Ready'), 503: json({ type: 'object' }, 'Not ready') } },
    },
    '/login': {
      post: {
        tags: ['auth'], summary: 'Sign in', security: [],
        requestBody: { required: true, content: { 'application/json': { schema: schema(loginPayload) } } },
        responses: { 200: json(schema(loginResponse), 'A bearer token'), ...errors(400, 401, 422, 429) },
      },
    },
    '/check-user': { get: { tags: ['auth'], summary: 'Who the token belongs to', responses: { 200: json(schema(checkUserResponse), 'The user role'), ...errors(401) } } },
    '/logout': { post: { tags: ['auth'], summary: 'Revoke this token on the server', responses: { 200: json({ type: 'object', properties: { message: { type: 'string' } } }, 'Signed out'), ...errors(401) } } },
    '/course/{offset}/{limit}': {
      get: {
        tags: ['course'], summary: 'A page of courses (legacy paging)',
        parameters: [pathParam('offset', 'Rows to skip'), pathParam('limit', 'Page size, or All (also 0) for every row')],
        responses: { 200: json({ type: 'object', properties: { course: { type: 'array', items: { $ref: '#/components/schemas/course' } }, total: { type: 'integer' } } }, 'The page and the total'), ...errors(401, 403, 422) },
      },
    },
  };
  for (const resource of resources) Object.assign(paths, resourcePaths(resource));
  paths['/audit'] = {
    get: {
      tags: ['audit'], summary: 'The trail of master-data changes, newest first (admin only; nobody can change it)',
      parameters: Object.entries((schema(auditQuery).properties ?? {}) as Record<string, Json>).map(([name, s]) => ({ name, in: 'query', schema: s })),
      responses: { 200: json({ type: 'object', properties: { audit: { type: 'array', items: schema(auditEntry) }, total: { type: 'integer' } } }, 'A page of entries'), ...errors(401, 403, 422) },
    },
  };
  for (const endpoint of extraEndpoints) {
    paths[endpoint.path] = {
      [endpoint.method]: {
        tags: ['lookups'], summary: endpoint.summary, parameters: [pathParam('session_id')],
        responses: { 200: json(schema(endpoint.response), endpoint.summary), ...errors(401, 403, 404) },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Exam administration API',
      version: '1.0.0',
      description: 'Master data of the examination branch. Every call but login, health and ready needs Authorization: Bearer <token>. Form values may be sent as strings or JSON numbers.',
    },
    servers: [{ url: '/api' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        Error: schema(errorBody),
        ...Object.fromEntries(resources.map((r) => [r.name, schema(r.recordSchema)])),
      },
    },
    paths,
  };
}
