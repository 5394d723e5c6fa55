import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@exam/db';
import { databaseOutage, errorAnswer } from '../src/platform/http/errors.ts';
import { fatalError } from './support/tcp-proxy.ts';

/**
 * What Prisma and pg report while PostgreSQL restarts or cannot be reached, and what a client is told: always
 * 503 UNAVAILABLE with Retry-After, never a 500 (`docker compose restart db` answered 18 requests of 300 with
 * 500: Prisma's P2039 "Database error. Code: `57P03`" was not recognised). The errors are the real ones, made
 * by the real client against a stand-in server that answers like a stopping PostgreSQL, a port nobody
 * listens on and a name that does not resolve (a database container being replaced); no PostgreSQL needed.
 */
const noConnections = { liveConnections: () => 0 };

async function errorsOf(url: string) {
  const db: Database = await openDatabase({ url, connectTimeoutMs: 1000, poolMax: 2 });
  const caught: [string, unknown][] = [];
  const capture = async (label: string, call: () => Promise<unknown>) => {
    try {
      await call();
      caught.push([label, new Error('no error')]);
    } catch (error) {
      caught.push([label, error]);
    }
  };
  try {
    await capture('prisma', () => db.prisma.session.findMany());
    await capture('prisma transaction', () => db.prisma.$transaction((tx) => tx.session.count()));
    await capture('plain SQL', () => db.query('SELECT 1'));
  } finally {
    await db.close();
  }
  return caught;
}

describe('a database outage answers 503 with Retry-After, never 500', () => {
  let stopping: net.Server;
  let closedPort = 0;
  const url = (port: number, host = '127.0.0.1') => `postgresql://exam:pw@${host}:${port}/exam`;

  beforeAll(async () => {
    // PostgreSQL during a shutdown: it reads the startup message and answers FATAL 57P03.
    stopping = net.createServer((socket) =>
      socket.once('data', () => socket.end(fatalError('57P03', 'the database system is shutting down'))),
    );
    await new Promise<void>((resolve) => stopping.listen(0, '127.0.0.1', resolve));
    const unused = net.createServer();
    await new Promise<void>((resolve) => unused.listen(0, '127.0.0.1', resolve));
    closedPort = (unused.address() as net.AddressInfo).port;
    await new Promise((resolve) => unused.close(resolve));
  });
  afterAll(() => new Promise((resolve) => stopping?.close(resolve)));

  it.each([
    [
      'the server is shutting down (57P03)',
      () => url((stopping.address() as net.AddressInfo).port),
      'restarting',
    ],
    ['nothing listens (ECONNREFUSED, P1001)', () => url(closedPort), 'unreachable'],
    ['the name does not resolve (ENOTFOUND)', () => url(5432, 'db.invalid'), 'unreachable'],
  ] as const)(
    '%s: Prisma, its transactions and plain SQL',
    async (_label, where, kind) => {
      for (const [call, error] of await errorsOf(where())) {
        expect(databaseOutage(error), `${call}: ${(error as Error).message}`).toBe(kind);
        for (const method of ['GET', 'POST']) {
          const answer = errorAnswer(error, method, noConnections);
          expect(answer.status, call).toBe(503);
          expect(answer.code).toBe('UNAVAILABLE');
          expect(answer.headers?.['Retry-After']).toMatch(/^\d+$/);
          const body = answer.bodyIn('en');
          const reason =
            kind === 'restarting' ? 'platform.databaseRestarting' : 'platform.databaseUnreachable';
          expect(body.message_code).toBe(method === 'GET' ? reason : 'platform.checkWhetherSaved');
          expect(body.message).not.toMatch(/prisma|57P03|ECONN|ENOTFOUND/i);
          expect(answer.bodyIn('hi').message).toMatch(/डेटाबेस/);
        }
      }
    },
    30_000,
  );

  it.each([
    [
      '57P01 admin shutdown (pg)',
      Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
        severity: 'FATAL',
      }),
      'restarting',
    ],
    [
      '57P02 crash shutdown (pg)',
      Object.assign(new Error('terminating connection because of crash of another server process'), {
        code: '57P02',
      }),
      'restarting',
    ],
    [
      'starting up (Prisma P2039)',
      Object.assign(
        new Error('Database error. Code: `57P03`. Message: `the database system is starting up`'),
        {
          code: 'P2039',
          meta: { driverAdapterError: { cause: { kind: 'postgres', originalCode: '57P03' } } },
        },
      ),
      'restarting',
    ],
    [
      '08006 connection failure',
      Object.assign(new Error('connection failure'), { code: '08006' }),
      'unreachable',
    ],
    [
      '08001 cannot connect',
      Object.assign(new Error('could not connect to server'), { code: '08001' }),
      'unreachable',
    ],
    [
      'P1017 server closed the connection',
      Object.assign(new Error('Server has closed the connection.'), { code: 'P1017' }),
      'unreachable',
    ],
    [
      'an initialisation error with its errorCode only',
      Object.assign(new Error("Can't reach database server at `db:5432`"), { errorCode: 'P1001' }),
      'unreachable',
    ],
    [
      "Can't reach database server, wrapped as a cause",
      new Error('query failed', { cause: new Error("Can't reach database server at db:5432") }),
      'unreachable',
    ],
    [
      'pg: Connection terminated unexpectedly',
      new Error('Connection terminated unexpectedly'),
      'unreachable',
    ],
    ['a socket reset', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), 'unreachable'],
  ] as const)('%s', (_label, error, kind) => {
    expect(databaseOutage(error)).toBe(kind);
    const answer = errorAnswer(error, 'GET', noConnections);
    expect([answer.status, answer.code]).toEqual([503, 'UNAVAILABLE']);
    expect(answer.headers?.['Retry-After']).toBeDefined();
  });

  it('leaves other errors alone: a constraint keeps its code, a failure of ours stays a 500', () => {
    const duplicate = Object.assign(new Error('Unique constraint failed'), { code: 'P2002' });
    expect(databaseOutage(duplicate)).toBeUndefined();
    expect(errorAnswer(duplicate, 'POST', noConnections).code).toBe('DUPLICATE_KEY');
    const ours = new TypeError("Cannot read properties of undefined (reading 'x')");
    expect(databaseOutage(ours)).toBeUndefined();
    expect(errorAnswer(ours, 'GET', noConnections).status).toBe(500);
    const syntax = Object.assign(new Error('syntax error at or near "FROM"'), { code: '42601' });
    expect(databaseOutage(syntax)).toBeUndefined();
  });
});
