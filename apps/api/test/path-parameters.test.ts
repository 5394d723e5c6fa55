import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/context.ts';

/** Path parameters the client got wrong are the client's error: named in a 422, or a 400, never a 500. */
const ctx = useTestApp();

describe('GET /api/course/{offset}/{limit}: a 422 names the failing path parameter', () => {
  it.each([
    ['-1/5', 'offset'],
    ['first/5', 'offset'],
    ['0/abc', 'limit'],
    ['0/-5', 'limit'],
  ])('course/%s -> errors.%s', async (path, field) => {
    const res = await ctx.api.get(`/api/course/${path}`).set(await ctx.as('office'));
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual([field]);
  });
});

describe("a malformed percent-encoding in a path is the client's error, never a 500", () => {
  // Express rejects such a parameter with a 400 error of its own, which the error handler must pass on.
  it.each([
    ['/api/session/%E0%A4%A'],
    ['/api/exam/%ZZ'],
    ['/api/ccinfosem/2024-25/%E0%A4%A/1'],
    ['/api/courses_by_session/%E0%A4%A'],
    ['/api/examactive/%'],
  ])('GET %s', async (path) => {
    const res = await ctx.api.get(path).set(await ctx.as('office'));
    expect([400, 404]).toContain(res.status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(typeof res.body.message).toBe('string');
  });
});
