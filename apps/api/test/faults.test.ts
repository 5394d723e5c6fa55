import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@exam/db';
import { createApp } from '../src/app.ts';
import { useTestApp, type TestContext } from './support/context.ts';
import { factories, uniqueKey } from './support/factories.ts';
import { listen, type RawClient, type RawResponse } from './support/raw-http.ts';
import { TcpProxy, type Outage } from './support/tcp-proxy.ts';

/**
 * The database goes away and comes back. The app reaches PostgreSQL through a TCP proxy the test
 * cuts: during the outage every call answers 503 with a clear message within a few seconds, after it
 * the same calls work again without a restart, and a write cut half-way leaves all of itself (with its
 * audit row) or nothing.
 */
const postgres = !!process.env.DATABASE_URL;
const CONNECT_TIMEOUT_MS = 1000;

describe.skipIf(!postgres)(
  'database faults (PostgreSQL only: PGlite runs inside the test process, so there is no connection to cut)',
  () => {
    const ctx: TestContext = useTestApp();
    let proxy: TcpProxy;
    let appDb: Database;
    let client: RawClient;
    let admin: Record<string, string>;

    beforeAll(async () => {
      const direct = new URL(ctx.url!);
      proxy = await new TcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) }).start();
      const viaProxy = new URL(ctx.url!);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);
      // The app's own pool goes through the proxy, with a short connect timeout (DB_CONNECT_TIMEOUT_MS in
      // production).
      appDb = await openDatabase({
        url: viaProxy.toString(),
        poolMax: 4,
        connectTimeoutMs: CONNECT_TIMEOUT_MS,
      });
      client = await listen(createApp({ db: appDb, config: ctx.config }));
      admin = await ctx.as('admin');
    });

    // A failed test must not leave the next one without its database.
    afterEach(() => proxy.restore());

    afterAll(async () => {
      await client?.close();
      await appDb?.close();
      await proxy?.close();
    });

    const send = (method: string, path: string, body?: unknown) =>
      client.request({
        method,
        path: `/api${path}`,
        headers: { ...admin, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs: 15_000,
      });

    /** What the test checks directly in the database, past the proxy. */
    const examExists = async (examId: string) =>
      (await ctx.db.prisma.exam.count({ where: { exam_id: examId } })) === 1;
    const auditOf = (examId: string) =>
      ctx.db.prisma.auditEntry.count({ where: { entity: 'exam', entity_key: examId } });

    function expectUnavailable(res: RawResponse, label: string) {
      expect(res.status, `${label}: ${res.text}`).toBe(503);
      expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
      expect((res.body as { message: string }).message, label).toMatch(
        /database is not reachable|database is restarting/i,
      );
      expect((res.body as { code: string }).code, label).toBe('UNAVAILABLE');
      expect(res.headers['retry-after'], `${label}: Retry-After`).toMatch(/^\d+$/);
      // A write may have been cut after its COMMIT: the message must not promise that nothing changed.
      if (!label.startsWith('GET'))
        expect((res.body as { message: string }).message, label).toMatch(
          /reload first to see whether it was saved/,
        );
      expect(res.text).not.toMatch(/\n\s+at |prisma|ECONN|timeout exceeded/i);
      // Well within "a few seconds": the pool gives up after its connect timeout.
      expect(res.ms, `${label} took ${res.ms} ms`).toBeLessThan(CONNECT_TIMEOUT_MS + 4000);
    }

    it.each<[Outage]>([['refuse'], ['blackhole'], ['shutdown']])(
      'while the database %s connections: 503 with a message for reads, writes and readiness; then ' +
        'recovers by itself',
      async (outage) => {
        const cycle = (await factories.examcycle.build(ctx.db)) as Record<string, string>;
        expect((await send('POST', '/examcycle', cycle)).status).toBe(201);
        const examId = uniqueKey('FE');
        expect((await send('GET', '/ready')).status).toBe(200);

        proxy.cut(outage);
        const calls: [string, () => Promise<RawResponse>][] = [
          ['GET ready', () => send('GET', '/ready')],
          ['GET list', () => send('GET', '/session')],
          ['GET read', () => send('GET', '/session/2024-25')],
          ['GET lookup', () => send('GET', '/examactive/2024-25')],
          [
            'POST create',
            () => send('POST', '/exam', { exam_id: examId, session_id: '2024-25', active_status: '1' }),
          ],
          [
            'PUT edit',
            () => send('PUT', `/examcycle/${cycle.rti}`, { student_exam_cycle: 'Changed during the outage' }),
          ],
          ['DELETE', () => send('DELETE', `/examcycle/${cycle.rti}`)],
          ['GET check-user', () => send('GET', '/check-user')],
          // The public verification, answered by its lean route (before the generic stack): the same 503 as
          // every call.
          [
            'GET verify',
            () =>
              client.request({ method: 'GET', path: '/api/verify/not-a-document-code', timeoutMs: 15_000 }),
          ],
          [
            'POST login',
            () =>
              client.request({
                method: 'POST',
                path: '/api/login',
                headers: { 'Content-Type': 'application/json' },
                body: JSON.stringify({ email: 'office@university.test', password: 'Demo@12345' }),
              }),
          ],
        ];
        const during = await Promise.all(calls.map(([, call]) => call()));
        const ready = during[0]!;
        expect(ready.status, ready.text).toBe(503);
        expect((ready.body as { message: string }).message).toMatch(/not reachable/);
        expect(ready.headers['retry-after']).toBeDefined();
        during.slice(1).forEach((res, i) => expectUnavailable(res, calls[i + 1]![0]));
        // A restart says so (the server told us), with a shorter wait.
        if (outage === 'shutdown')
          expect((during[1]!.body as { message_code: string }).message_code).toBe(
            'platform.databaseRestarting',
          );

        proxy.restore();
        // No restart, no retry loop: the very next calls work.
        expect((await send('GET', '/ready')).status).toBe(200);
        expect((await send('GET', '/session')).status).toBe(200);
        expect((await send('GET', '/session/2024-25')).status).toBe(200);
        // Nothing from the outage got in: the exam is new, the cycle unchanged.
        expect(await examExists(examId)).toBe(false);
        expect(await auditOf(examId)).toBe(0);
        expect(
          (await ctx.db.prisma.examCycle.findUniqueOrThrow({ where: { rti: cycle.rti! } }))
            .student_exam_cycle,
        ).toBe(cycle.student_exam_cycle);
        expect(
          (await send('POST', '/exam', { exam_id: examId, session_id: '2024-25', active_status: '1' }))
            .status,
        ).toBe(201);
        expect(
          (await send('PUT', `/examcycle/${cycle.rti}`, { student_exam_cycle: 'Changed after' })).status,
        ).toBe(200);
        expect((await send('DELETE', `/examcycle/${cycle.rti}`)).status).toBe(200);
        expect(await auditOf(examId)).toBe(1);
      },
    );

    it('a create cut before its commit (at its audit row) leaves nothing; a retry stores it', async () => {
      const examId = uniqueKey('FC');
      const fired = proxy.cutWhen((sent) => sent.includes('INSERT INTO "public"."audit_log"'));
      const res = await send('POST', '/exam', { exam_id: examId, session_id: '2024-25', active_status: '1' });
      await fired;
      expectUnavailable(res, 'POST create cut at the audit row');
      // The exam row was inserted in that transaction, but without its commit PostgreSQL threw it away.
      expect(await examExists(examId)).toBe(false);
      expect(await auditOf(examId)).toBe(0);
      const retry = await send('POST', '/exam', {
        exam_id: examId,
        session_id: '2024-25',
        active_status: '1',
      });
      expect(retry.status, retry.text).toBe(201);
      expect(await auditOf(examId)).toBe(1);
    });

    it('an edit cut before it commits leaves the record as it was, with no audit row', async () => {
      const body = await factories.session.build(ctx.db);
      expect((await send('POST', '/session', body)).status).toBe(201);
      const fired = proxy.cutWhen((sent) => sent.includes('INSERT INTO "public"."audit_log"'));
      const res = await send('PUT', `/session/${body.session_id}`, { session_name: 'Half-written name' });
      await fired;
      expectUnavailable(res, 'PUT edit cut at the audit row');
      const row = await ctx.db.prisma.session.findUniqueOrThrow({ where: { session_id: body.session_id! } });
      expect(row.session_name).toBe(body.session_name);
      expect(
        await ctx.db.prisma.auditEntry.count({
          where: { entity: 'session', entity_key: body.session_id!, action: 'update' },
        }),
      ).toBe(0);
    });

    it(
      'a create cut just after its COMMIT was sent: the answer is lost, the change is whole or absent, ' +
        'never half',
      async () => {
        const examId = uniqueKey('FK');
        let sawAudit = false;
        const fired = proxy.cutWhen(
          (sent) => {
            if (sent.includes('INSERT INTO "public"."audit_log"')) sawAudit = true;
            return sawAudit && /\bCOMMIT\b/.test(sent);
          },
          { forward: true },
        );
        const res = await send('POST', '/exam', {
          exam_id: examId,
          session_id: '2024-25',
          active_status: '1',
        });
        await fired;
        expect([201, 503], res.text).toContain(res.status);
        if (res.status === 503) expectUnavailable(res, 'POST create cut at its commit');
        // Give PostgreSQL a moment to finish the COMMIT it received.
        await new Promise((resolve) => setTimeout(resolve, 300));
        const stored = await examExists(examId);
        const outcome = stored ? 'committed whole' : 'rolled back whole';
        console.log(`faults: a create cut at its COMMIT answered ${res.status} and was ${outcome}`);
        expect(await auditOf(examId)).toBe(stored ? 1 : 0);
        // The client does not know; retrying is safe either way: it lands, or it is told the exam already
        // exists.
        const retry = await send('POST', '/exam', {
          exam_id: examId,
          session_id: '2024-25',
          active_status: '1',
        });
        expect(retry.status, retry.text).toBe(stored ? 409 : 201);
        expect(await examExists(examId)).toBe(true);
        expect(await auditOf(examId)).toBe(1);
      },
    );
  },
);
