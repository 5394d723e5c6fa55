import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources, type AnyResource } from '@exam/contracts';
import { useTestApp, type TestContext } from './support/context.ts';
import { factories, uniqueKey } from './support/factories.ts';
import { listen, type RawClient, type RawResponse } from './support/raw-http.ts';

/**
 * Concurrency on real PostgreSQL (PGlite serves one connection, so nothing there runs concurrently):
 * duplicate creates, a parent deleted while children are created in it, and edits that race each other.
 */
const postgres = !!process.env.DATABASE_URL;

describe.skipIf(!postgres)(
  'races (PostgreSQL only: PGlite serves one connection, so requests never overlap there)',
  () => {
    // More connections than the default 5, so the requests really overlap in the database; and one user (the
    // admin) may run them all at once here, where the per-user limit would otherwise queue or refuse most.
    // Requests wait up to 60 s for a connection: on a loaded 2-core machine 50 transactions can take longer
    // than the production 5 s, and a BUSY answer would hide how the race itself ended (availability.test.ts
    // tests BUSY).
    const ctx: TestContext = useTestApp({
      poolMax: 24,
      connectTimeoutMs: 60_000,
      env: { USER_MAX_CONCURRENT_REQUESTS: '200' },
    });
    let client: RawClient;
    let admin: Record<string, string>;
    let races = 0;
    let requests = 0;
    /** How the parent-child races ended, to show both endings were reached. */
    const endings: Record<string, number> = {};

    beforeAll(async () => {
      client = await listen(ctx.app);
      admin = await ctx.as('admin');
    });
    afterAll(async () => {
      await client?.close();
      console.log(
        `races: ${races} races run, ${requests} concurrent requests; ` +
          `parent deletes ${JSON.stringify(endings)}`,
      );
    });

    const send = (method: string, path: string, body?: unknown) => {
      requests++;
      return client.request({
        method,
        path: `/api${path}`,
        headers: { ...admin, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs: 30_000,
      });
    };
    /** Starts every request before awaiting any. */
    const together = (calls: (() => Promise<RawResponse>)[]) => {
      races++;
      return Promise.all(calls.map((call) => call()));
    };
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
    /**
     * A call that starts after a delay: children get a random one, the parent's delete a head start that
     * varies by round.
     */
    const after = (ms: number, call: () => Promise<RawResponse>) => async () => {
      await sleep(ms);
      return call();
    };
    const statuses = (answers: RawResponse[]) => answers.map((a) => a.status);
    const count = (answers: RawResponse[], status: number) =>
      answers.filter((a) => a.status === status).length;
    const keyPath = (r: AnyResource, values: Record<string, unknown>) =>
      r.keyFields.map((f) => encodeURIComponent(String(values[f]))).join('/');
    const auditRows = async (entity: string, key: string, action?: string) =>
      ctx.db.prisma.auditEntry.findMany({
        where: { entity, entity_key: key, ...(action ? { action: action as 'create' } : {}) },
        orderBy: { id: 'asc' },
      });

    it.each(resources.map((r) => [r.name, r] as const))(
      '50 concurrent creates of the same %s key: one 201, 49 409s, one row, one audit entry',
      async (_name, resource) => {
        const body = await factories[resource.name].build(ctx.db);
        const answers = await together(
          Array.from({ length: 50 }, () => () => send('POST', `/${resource.path}`, body)),
        );
        expect(count(answers, 201), JSON.stringify(statuses(answers))).toBe(1);
        expect(count(answers, 409), JSON.stringify(statuses(answers))).toBe(49);
        for (const a of answers.filter((x) => x.status === 409)) {
          expect((a.body as { message: string }).message).toMatch(/already exists/);
          expect((a.body as { code: string }).code).toBe('DUPLICATE_KEY');
        }
        const key = resource.keyFields.map((f) => body[f]).join('/');
        expect((await send('GET', `/${resource.path}/${keyPath(resource, body)}`)).status).toBe(200);
        expect(await auditRows(resource.name, key)).toHaveLength(1);
      },
    );

    it(
      'a session deleted while exams and course-semester links are created in it: no orphan, no 500, ' +
        'answers agree with the end state',
      async () => {
        for (let round = 0; round < 8; round++) {
          const session = uniqueKey('RS');
          await ctx.db.prisma.session.create({
            data: { session_id: session, session_name: `Race ${round}` },
          });
          const exams = Array.from({ length: 6 }, () => uniqueKey('RE'));
          const semesters = ['1', '2'];
          const courses = ['BA01', 'BSC01', 'MA01'];
          const links = courses.flatMap((c) =>
            semesters.map((s) => ({ session_id: session, course_comb_id: c, sem_id: s })),
          );
          // Early rounds give the delete a head start, late rounds give it to the creates.
          const jitter = () => Math.random() * 30 + Math.max(0, (4 - round) * 15);
          const childCalls = [
            ...exams.map((exam_id) =>
              after(jitter(), () =>
                send('POST', '/exam', { exam_id, session_id: session, active_status: '1' }),
              ),
            ),
            ...links.map((link) => after(jitter(), () => send('POST', '/ccinfosem', link))),
          ];
          // The delete goes out at a different moment among the creates each round: before all of them, amid
          // them, after most.
          const at = Math.floor((round / 8) * childCalls.length);
          const calls = [
            ...childCalls.slice(0, at),
            after(Math.max(0, (round - 4) * 15), () => send('DELETE', `/session/${session}`)),
            ...childCalls.slice(at),
          ];
          const answers = await together(calls);
          const del = answers[at]!;
          const children = answers.filter((_, i) => i !== at);
          expect([200, 409], `delete: ${del.text}`).toContain(del.status);
          for (const a of children) expect([201, 422], a.text).toContain(a.status);

          const sessionLeft = await ctx.db.prisma.session.count({ where: { session_id: session } });
          const examRows = await ctx.db.prisma.exam.count({ where: { session_id: session } });
          const linkRows = await ctx.db.prisma.ccinfoSem.count({ where: { session_id: session } });
          const created = count(children, 201);
          endings[`session ${del.status}`] = (endings[`session ${del.status}`] ?? 0) + 1;
          if (del.status === 200) {
            // The session went first: every child create was told its session is missing, and none exists.
            expect(sessionLeft).toBe(0);
            expect(created).toBe(0);
            for (const a of children)
              expect(Object.keys((a.body as { errors: object }).errors)).toEqual(['session_id']);
          } else {
            // A child got in first: the session stays, with exactly the children that were answered 201.
            expect(sessionLeft).toBe(1);
            expect(created).toBeGreaterThan(0);
            expect((del.body as { message: string }).message).toMatch(/cannot be deleted|in use/);
          }
          expect(examRows + linkRows).toBe(created);
          expect(await auditRows('session', session, 'delete')).toHaveLength(del.status === 200 ? 1 : 0);
        }
        const orphans = await ctx.db.query<{ n: string }>(
          `SELECT (SELECT count(*) FROM exam e WHERE NOT EXISTS (SELECT 1 FROM session s
            WHERE s.session_id = e.session_id))
            + (SELECT count(*) FROM ccinfo_sem c WHERE NOT EXISTS (SELECT 1 FROM session s
              WHERE s.session_id = c.session_id)) AS n`,
        );
        expect(Number(orphans[0]!.n)).toBe(0);
      },
    );

    it('a course-semester link deleted while papers are placed in it (composite parent key)', async () => {
      for (let round = 0; round < 6; round++) {
        const sem = uniqueKey('RM');
        await ctx.db.prisma.semPart.create({ data: { sem_id: sem, sem_name: 'Race semester' } });
        const link = { session_id: '2024-25', course_comb_id: 'BA01', sem_id: sem };
        await ctx.db.prisma.ccinfoSem.create({ data: link });
        const papers = await Promise.all(
          Array.from(
            { length: 6 },
            async () =>
              (
                await ctx.db.prisma.paper.create({
                  data: { paper_id: uniqueKey('RP'), paper_name: 'Race paper' },
                })
              ).paper_id,
          ),
        );
        const base = await factories.paperinfosem.build(ctx.db);
        const creates = papers.map((paper_id) =>
          after(Math.random() * 20, () => send('POST', '/paperinfosem', { ...base, ...link, paper_id })),
        );
        const at = round % (creates.length + 1);
        const answers = await together([
          ...creates.slice(0, at),
          after(round * 6, () => send('DELETE', `/ccinfosem/2024-25/BA01/${sem}`)),
          ...creates.slice(at),
        ]);
        const del = answers[at]!;
        const children = answers.filter((_, i) => i !== at);
        expect([200, 409], del.text).toContain(del.status);
        for (const a of children) expect([201, 422], a.text).toContain(a.status);
        const linkLeft = await ctx.db.prisma.ccinfoSem.count({ where: link });
        const placed = await ctx.db.prisma.paperInfoSem.count({ where: link });
        expect(placed).toBe(count(children, 201));
        endings[`ccinfosem ${del.status}`] = (endings[`ccinfosem ${del.status}`] ?? 0) + 1;
        expect(linkLeft).toBe(del.status === 200 ? 0 : 1);
        if (del.status === 200) expect(placed).toBe(0);
      }
    });

    it(
      'concurrent edits carrying the same updated_at: exactly one 200, the rest 409, and the winner is ' +
        'what is stored',
      async () => {
        const targets = [
          { resource: resources.find((r) => r.name === 'session')!, field: 'session_name' },
          { resource: resources.find((r) => r.name === 'exam')!, field: 'exam_desc' },
          { resource: resources.find((r) => r.name === 'paperinfosem')!, field: 'credit_point' },
        ];
        for (const { resource, field } of targets) {
          for (let round = 0; round < 3; round++) {
            const body = await factories[resource.name].build(ctx.db);
            const created = await send('POST', `/${resource.path}`, body);
            expect(created.status, created.text).toBe(201);
            const path = `/${resource.path}/${keyPath(resource, body)}`;
            const read = (await send('GET', path)).body as Record<string, Record<string, unknown>>;
            const updatedAt = read[resource.responseKey]!.updated_at;
            const values = Array.from({ length: 20 }, (_, i) => `v${round}-${i}`);
            const answers = await together(
              values.map((v) => () => send('PUT', path, { [field]: v, updated_at: updatedAt })),
            );
            expect(count(answers, 200), JSON.stringify(statuses(answers))).toBe(1);
            expect(count(answers, 409), JSON.stringify(statuses(answers))).toBe(19);
            for (const a of answers.filter((x) => x.status === 409))
              expect((a.body as { code: string }).code).toBe('STALE_EDIT');
            const winner = values[answers.findIndex((a) => a.status === 200)]!;
            const stored = (await send('GET', path)).body as Record<string, Record<string, unknown>>;
            expect(stored[resource.responseKey]![field]).toBe(winner);
            const updates = await auditRows(
              resource.name,
              resource.keyFields.map((f) => body[f]).join('/'),
              'update',
            );
            expect(updates).toHaveLength(1);
            expect((updates[0]!.after as Record<string, unknown>)[field]).toBe(winner);
          }
        }
      },
    );

    it('racing legacy edits without updated_at: each 200 a whole edit in the trail, none lost', async () => {
      const body = await factories.examcycle.build(ctx.db);
      expect((await send('POST', '/examcycle', body)).status).toBe(201);
      const values = Array.from({ length: 20 }, (_, i) => `July 2031 take ${i}`);
      const answers = await together(
        values.map((v) => () => send('PUT', `/examcycle/${body.rti}`, { student_exam_cycle: v })),
      );
      for (const a of answers) expect([200, 409], a.text).toContain(a.status);
      const updates = await auditRows('examcycle', body.rti!, 'update');
      // Every success was applied on top of the one before it: the trail chains, and ends in what is stored.
      expect(updates).toHaveLength(count(answers, 200));
      for (let i = 1; i < updates.length; i++) expect(updates[i]!.before).toEqual(updates[i - 1]!.after);
      const stored = await ctx.db.prisma.examCycle.findUniqueOrThrow({ where: { rti: body.rti! } });
      expect(stored.student_exam_cycle).toBe(
        (updates.at(-1)!.after as Record<string, string>).student_exam_cycle,
      );
    });

    it('concurrent deletes of one record: one 200, the rest 404, one audit entry', async () => {
      const body = await factories.paper.build(ctx.db);
      expect((await send('POST', '/paper', body)).status).toBe(201);
      const answers = await together(
        Array.from({ length: 20 }, () => () => send('DELETE', `/paper/${body.paper_id}`)),
      );
      expect(count(answers, 200), JSON.stringify(statuses(answers))).toBe(1);
      expect(count(answers, 404), JSON.stringify(statuses(answers))).toBe(19);
      expect(await auditRows('paper', body.paper_id!, 'delete')).toHaveLength(1);
    });
  },
);
