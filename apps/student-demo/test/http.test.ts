import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { allowedOrigin, appForThisFile } from './test-db.ts';

const logged: string[] = [];
const ctx = appForThisFile((message) => logged.push(message));

describe('service edges', () => {
  it('answers health', async () => {
    const res = await request(ctx.app).get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('marks every answer no-store, errors included', async () => {
    for (const path of ['/health', '/students', '/students/999999', '/nowhere']) {
      expect((await request(ctx.app).get(path)).headers['cache-control']).toBe('no-store');
    }
  });

  it('answers JSON 404 for an unknown route', async () => {
    const res = await request(ctx.app).get('/teachers');
    expect(res.status).toBe(404);
    expect(res.type).toBe('application/json');
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('answers 405 with Allow for an unsupported method', async () => {
    const list = await request(ctx.app).patch('/students/');
    expect(list.status).toBe(405);
    expect(list.headers.allow).toBe('GET, HEAD, POST');
    const one = await request(ctx.app).post('/students/1').send({ stuname: 'A', email: 'a@example.edu' });
    expect(one.status).toBe(405);
    expect(one.headers.allow).toBe('GET, HEAD, PUT, DELETE');
    expect(one.body.message).toEqual(expect.any(String));
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await request(ctx.app).post('/students').set('Content-Type', 'application/json').send('{"stuname": "A",');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/json/i);
  });

  it('answers 415 for a write that is not JSON', async () => {
    const form = await request(ctx.app).post('/students').type('form').send('stuname=A&email=a@example.edu');
    expect(form.status).toBe(415);
    expect((await request(ctx.app).put('/students/1').set('Content-Type', 'text/plain').send('hello')).status).toBe(415);
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await request(ctx.app).post('/students').send({ stuname: 'x'.repeat(120_000), email: 'big@example.edu' });
    expect(res.status).toBe(413);
    expect(res.body.message).toEqual(expect.any(String));
  });
});

describe('CORS', () => {
  it('allows a listed origin', async () => {
    const res = await request(ctx.app).get('/students').set('Origin', allowedOrigin);
    expect(res.headers['access-control-allow-origin']).toBe(allowedOrigin);
  });

  it('gives no CORS grant to another origin', async () => {
    const res = await request(ctx.app).get('/students').set('Origin', 'http://evil.example');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a preflight for a listed origin', async () => {
    const res = await request(ctx.app)
      .options('/students/1')
      .set('Origin', allowedOrigin)
      .set('Access-Control-Request-Method', 'PUT')
      .set('Access-Control-Request-Headers', 'content-type');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(allowedOrigin);
    expect(res.headers['access-control-allow-methods']).toBe('GET,POST,PUT,DELETE');
    expect(res.headers['access-control-allow-headers']).toMatch(/content-type/i);
  });

  it('grants nothing to a preflight from another origin', async () => {
    const res = await request(ctx.app).options('/students').set('Origin', 'http://evil.example').set('Access-Control-Request-Method', 'POST');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

// Last: it closes the database under the app.
describe('server failures', () => {
  it('answers a generic 500 without stack or SQL, and logs it', async () => {
    await ctx.db.close();
    const res = await request(ctx.app).get('/students');
    expect(res.status).toBe(500);
    expect(Object.keys(res.body)).toEqual(['message']);
    expect(res.text).not.toMatch(/select|students|at .*\.ts|Error:/i);
    expect(logged).toEqual(['GET /students failed']);
  });
});
