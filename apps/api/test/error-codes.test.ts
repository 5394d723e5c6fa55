import net from 'node:net';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes, errorCodeValues } from '@exam/contracts';
import { platformModules } from '../src/app.ts';
import { apiModules } from '../src/modules.ts';
import { errorHandler } from '../src/platform/http/errors.ts';
import { buildOpenApiDocument } from '../src/platform/openapi/openapi.ts';
import { useTestApp } from './support/context.ts';
import { listen, type RawClient } from './support/raw-http.ts';

/**
 * The kinds of error the other suites do not reach through the API's routes: a failure of ours (500), and
 * requests Node's HTTP parser refuses before Express sees them. Every other code is asserted where its
 * behaviour is tested (crud, references, races, protocol, auth, security, availability, faults, roles; fuzz
 * checks every answer's code belongs to the catalogue with its own status).
 */
const ctx = useTestApp({ seedMasterData: false });
let raw: RawClient;

beforeAll(async () => {
  raw = await listen(ctx.app);
});
afterAll(async () => {
  await raw?.close();
});

describe('error codes', () => {
  it('an error answers in the reader language (Accept-Language), with its code and parameters', async () => {
    const admin = await ctx.as('admin');
    const english = await request(ctx.app).get('/api/no-such-call').set(admin);
    expect(english.status).toBe(404);
    expect(english.body).toEqual({
      message: 'No such API call: GET /api/no-such-call',
      code: 'NOT_FOUND',
      message_code: 'platform.noSuchCall',
      params: { method: 'GET', path: '/api/no-such-call' },
    });
    const hindi = await request(ctx.app)
      .get('/api/no-such-call')
      .set(admin)
      .set('Accept-Language', 'hi-IN,hi;q=0.9,en;q=0.8');
    expect(hindi.body).toMatchObject({
      message: 'ऐसी कोई API कॉल नहीं है: GET /api/no-such-call',
      code: 'NOT_FOUND',
    });
    const other = await request(ctx.app)
      .get('/api/no-such-call')
      .set(admin)
      .set('Accept-Language', 'fr, hi;q=0');
    expect(other.body.message).toBe(english.body.message);
  });

  it('a field error answers its sentence in the reader language and its code beside it', async () => {
    const res = await request(ctx.app)
      .post('/api/login')
      .set('Accept-Language', 'hi')
      .send({ email: 'a\u0000b@x.test', password: 'x' });
    expect(res.status).toBe(422);
    expect(res.body.message_code).toBe('platform.invalidData');
    expect(res.body.message).toMatch(/[\u0900-\u097F]/);
    expect(Object.values(res.body.error_codes ?? {}).flat()).toContainEqual(
      expect.objectContaining({ code: expect.stringMatching(/^(platform|validation)\./) }),
    );
  });

  it('a failure of ours answers 500 INTERNAL with a plain message and nothing of the cause', async () => {
    const app = express();
    app.get('/boom', () => {
      throw new Error('relation "secret_table" does not exist');
    });
    app.use(errorHandler({ liveConnections: () => 1 }));
    const res = await request(app).get('/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      message: expect.stringMatching(/went wrong/),
      code: 'INTERNAL',
      message_code: 'platform.internal',
    });
  });

  it('huge headers answer 431 PAYLOAD_TOO_LARGE, a broken request line 400 MALFORMED_REQUEST', async () => {
    const big = await raw.request({
      method: 'GET',
      path: '/api/health',
      headers: { 'X-Padding': 'x'.repeat(20_000) },
    });
    expect(big.status).toBe(431);
    expect(big.body).toEqual({
      message: expect.any(String),
      code: 'PAYLOAD_TOO_LARGE',
      message_code: 'platform.headersTooLong',
    });

    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(raw.port, '127.0.0.1', () => socket.end('NOT A REQUEST LINE\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      message: expect.any(String),
      code: 'MALFORMED_REQUEST',
      message_code: 'platform.malformedRequest',
    });
  });

  it(
    'are documented in OpenAPI: the Error schema names every code, each operation the codes it may answer ' +
      'under their status',
    async () => {
      const doc = (await ctx.api.get('/api/openapi.json')).body as {
        components: {
          schemas: {
            Error: { properties: { code: { enum: string[] } }; required: string[]; description: string };
          };
        };
        paths: Record<
          string,
          Record<
            string,
            {
              responses: Record<
                string,
                {
                  description: string;
                  content: {
                    'application/json': {
                      schema: { allOf: [unknown, { properties: { code: { enum: string[] } } }] };
                    };
                  };
                }
              >;
            }
          >
        >;
      };
      expect(doc).toEqual(buildOpenApiDocument([...platformModules, ...apiModules]));
      const error = doc.components.schemas.Error;
      expect(error.properties.code.enum).toEqual(errorCodeValues);
      expect(error.required).toEqual(expect.arrayContaining(['message', 'code']));
      for (const code of errorCodeValues)
        expect(error.description).toContain(`${code} (${errorCodes[code].status})`);

      const codesOf = (path: string, method: string, status: number) =>
        doc.paths[path]![method]!.responses[String(status)]!.content['application/json'].schema.allOf[1]
          .properties.code.enum;
      const edit = '/session/{session_id}';
      expect(codesOf(edit, 'put', 409)).toEqual(['STALE_EDIT']);
      expect(codesOf(edit, 'delete', 409)).toEqual(['IN_USE']);
      expect(codesOf('/session', 'post', 409)).toEqual(['DUPLICATE_KEY']);
      expect(codesOf('/session', 'post', 422)).toEqual(['VALIDATION_FAILED']);
      expect(codesOf('/session', 'get', 503)).toEqual(['BUSY', 'TIMED_OUT', 'UNAVAILABLE']);
      expect(doc.paths[edit]!.put!.responses['409']!.description).toContain(
        errorCodes.STALE_EDIT.description,
      );
      // Every code an operation documents is answered with the status it is documented under.
      for (const operations of Object.values(doc.paths)) {
        for (const operation of Object.values(operations)) {
          for (const [status, response] of Object.entries(operation.responses ?? {})) {
            const listed =
              response.content?.['application/json']?.schema?.allOf?.[1]?.properties.code.enum ?? [];
            for (const code of listed)
              expect(errorCodes[code as keyof typeof errorCodes].status).toBe(Number(status));
          }
        }
      }
    },
  );
});
