import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { Router } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { reachOf, segmentRouting } from '../src/platform/http/segment-routing.ts';
import { useTestApp } from './support/context.ts';

/**
 * The API's routers are tried by the first segment of the path (platform/http/segment-routing.ts): every
 * request must still reach the handler it reached when Express tried every router in turn.
 */
const ctx = useTestApp();

describe('requests reach the same handlers', () => {
  it('a path in other letter case and with a trailing slash, as Express matches it', async () => {
    const headers = await ctx.as('office');
    const plain = await ctx.api.get('/api/course/0/5').set(headers);
    expect(plain.status).toBe(200);
    for (const path of ['/api/COURSE/0/5', '/api/Course/0/5/']) {
      const res = await ctx.api.get(path).set(headers);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(plain.body);
    }
    const me = await ctx.api.get('/api/Check-User/').set(headers);
    expect(me.status).toBe(200);
    expect(me.body.user_role.name).toBe('office');
  });

  it("a module's own path before the engine's record of that resource, the record after it", async () => {
    const headers = await ctx.as('office');
    // course/{offset}/{limit} is master-data's page, not a course keyed "0".
    const page = await ctx.api.get('/api/course/0/2').set(headers);
    expect(page.body.course).toHaveLength(2);
    const key = page.body.course[0].course_comb_id as string;
    const one = await ctx.api.get(`/api/course/${encodeURIComponent(key)}`).set(headers);
    expect(one.status).toBe(200);
    expect(one.body.course.course_comb_id).toBe(key);
    const history = await ctx.api.get(`/api/history/course/${encodeURIComponent(key)}`).set(headers);
    expect(history.status).toBe(200);
  });

  it('an absolute-form request line is routed by its path', async () => {
    const server = http.createServer(ctx.app).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const headers = await ctx.as('office');
      const status = await new Promise<number>((resolve, reject) => {
        http
          .get(
            { host: '127.0.0.1', port, path: `http://127.0.0.1:${port}/api/check-user`, headers },
            (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            },
          )
          .on('error', reject);
      });
      expect(status).toBe(200);
    } finally {
      server.close();
    }
  });

  it('unknown paths, signed in or not, still end in the JSON 404 and 401', async () => {
    const missing = await ctx.api.get('/api/no-such-thing/1').set(await ctx.as('office'));
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
    const anonymous = await ctx.api.get('/api/course/0/5');
    expect(anonymous.status).toBe(401);
  });
});

describe('segmentRouting', () => {
  const answer = (name: string) => (_req: express.Request, res: express.Response) => void res.send(name);

  it('a router whose routes all start with fixed words is asked only for those words and lengths', () => {
    const router = Router();
    router.get('/course/:offset/:limit', answer('page'));
    router.get('/course/:id/', answer('one'));
    router.route('/Exams').get(answer('exams'));
    router.get('/report/:id{/:page}', answer('optional'));
    const nested = Router();
    nested.get('/seating/:id', answer('seating'));
    router.use(nested);
    router.use('/files', answer('files'));
    const reach = reachOf(router)!;
    expect([...reach.keys()].sort()).toEqual(['course', 'exams', 'files', 'report', 'seating']);
    expect(reach.get('course')).toEqual(new Set([3, 2]));
    expect(reach.get('exams')).toEqual(new Set([1]));
    expect(reach.get('seating')).toEqual(new Set([2]));
    expect(reach.get('report')).toBe('any');
    expect(reach.get('files')).toBe('any');
  });

  it('a route starting with a parameter or a pattern, or plain middleware, makes it a catch-all', () => {
    for (const add of [
      (r: Router) => r.get('/:id', answer('id')),
      (r: Router) => r.get('/{*rest}', answer('rest')),
      (r: Router) => r.get(/^\/x/, answer('x')),
      (r: Router) => r.use((_req, _res, next) => next()),
    ]) {
      const router = Router();
      router.get('/course', answer('course'));
      add(router);
      expect(reachOf(router)).toBeUndefined();
    }
  });

  it('answers from the first matching router in the order given; catch-alls keep their place', async () => {
    const first = Router().get('/a/:id', answer('first a'));
    const catchAll = Router().get('/:word/x', answer('catch-all'));
    const mounted = Router().get('/:id', answer('mounted b'));
    const failing = Router().get('/c', () => {
      throw new Error('boom');
    });
    const deep = Router().get('/a/:id/:more', answer('deep a'));
    const app = express();
    app.use(
      segmentRouting([
        { handler: first },
        { handler: catchAll },
        { path: '/b', handler: mounted },
        { handler: failing },
        { handler: deep },
      ]),
    );
    app.use(answer('fell through'));
    app.use(
      ((error, _req, res, _next) =>
        void res.status(500).send(String(error.message))) as express.ErrorRequestHandler,
    );
    const api = request(app);
    expect((await api.get('/a/1')).text).toBe('first a');
    expect((await api.get('/A/1/')).text).toBe('first a');
    expect((await api.get('/a/x')).text).toBe('first a');
    expect((await api.get('/a/1/2')).text).toBe('deep a');
    expect((await api.get('/a/1/2/3')).text).toBe('fell through');
    expect((await api.get('/a/1/2/3/4/5/6/7')).text).toBe('fell through');
    expect((await api.get('/a')).text).toBe('fell through');
    expect((await api.get('/b/x')).text).toBe('catch-all');
    expect((await api.get('/B/1')).text).toBe('mounted b');
    expect((await api.get('/z/x')).text).toBe('catch-all');
    expect((await api.get('/z/y')).text).toBe('fell through');
    expect((await api.get('/c')).text).toBe('boom');
    expect((await api.get('/c?x=/a/b')).text).toBe('boom');
  });
});
