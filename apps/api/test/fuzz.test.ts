import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody, resources, statusesOf, type ErrorCode, type Resource } from '@exam/contracts';
import { apiModules } from '../src/modules.ts';
import { flatWhere } from '../src/platform/crud/store.ts';
import { useTestApp } from './support/context.ts';
import { factories } from './support/factories.ts';
import { databaseDigest } from './support/digest.ts';
import { paramsOf, pathsWithMethods, endpoints, type Endpoint } from './support/endpoints.ts';
import { listen, type RawClient, type RawResponse } from './support/raw-http.ts';

/** Where every served resource's rows live (every module's), for undoing a write that succeeded by chance. */
const stores = Object.fromEntries(
  apiModules.flatMap((m) => m.resources ?? []).map((r) => [r.resource.name, r.store]),
);

/**
 * Property-based bad input against every path the API serves, with every method: bodies, path
 * parameters, query strings and headers built to break it. Whatever comes in, the answer is a 4xx with
 * a JSON message (and `errors` for a 422), or a legitimate 2xx for an input that happens to be valid
 * (then undone and accounted for); never a 5xx or a stack trace; and the database is unchanged.
 *
 * FUZZ_RUNS scales the number of cases (default 1); FUZZ_SEED replays a failure fast-check reported.
 */
const ctx = useTestApp({
  env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000', LOGIN_MAX_FAILURES_PER_ADDRESS: '100000' },
});
const scale = Number(process.env.FUZZ_RUNS ?? 1);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const runs = (n: number) => ({
  numRuns: Math.max(1, Math.round(n * scale)),
  ...(seed === undefined ? {} : { seed }),
  endOnFailure: false,
});

let client: RawClient;
let admin: Record<string, string>;
let cases = 0;
const statuses = new Map<number, number>();
/** One existing record per resource: its values as strings, for keys and for plausible bodies. */
const existing = new Map<string, Record<string, string>>();

beforeAll(async () => {
  client = await listen(ctx.app);
  admin = await ctx.as('admin');
  for (const e of endpoints.filter((x) => x.resource && !x.keyed && x.method === 'GET')) {
    const r = e.resource!;
    const res = await client.request({
      method: 'GET',
      path: `/api/${r.path}?limit=1&sort=-${r.keyFields.at(-1)}`,
      headers: admin,
    });
    // A resource the demo has no record of (packets exist only once a paper is coded): keys that name
    // nothing.
    const row =
      (res.body as Record<string, Record<string, unknown>[]>)[r.responseKey]![0] ??
      Object.fromEntries(r.keyFields.map((f) => [f, 'ZZNOSUCHKEY']));
    existing.set(
      r.name,
      Object.fromEntries(Object.keys(r.fields).map((f) => [f, row[f] == null ? '' : String(row[f])])),
    );
  }
});

afterAll(async () => {
  await client?.close();
  const byStatus = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}:${n}`)
    .join(' ');
  console.log(
    `fuzz: ${cases} cases over ${pathsWithMethods().size} paths x 5 methods (statuses ${byStatus})`,
  );
});

// ---------------------------------------------------------------------------------------------
// Hostile values

const TEN_K = 10_000;
const whitespace = ['', ' ', '   ', '\t', '\n', '\r\n', '\u00a0', '\u2003', '\u200b', '\ufeff'];
const metacharacters = [
  "' OR '1'='1",
  "'; DROP TABLE session; --",
  '1; DELETE FROM exam',
  '" OR ""="',
  "admin'--",
  "x' UNION SELECT password_hash FROM users --",
  '\\',
  '%',
  '_',
  '%_%',
  "''",
  '$1',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '&lt;b&gt;&amp;',
  '{{7*7}}',
  '${7*7}',
  '../../../etc/passwd',
  '..\\..\\windows',
  '{"$gt":""}',
  '__proto__',
  'constructor',
  'NULL',
  'null',
  'undefined',
  'NaN',
  'true',
];
const unicode = [
  'مرحبا بالعالم',
  'שָׁלוֹם עוֹלָם',
  '\u202Egnp.exe\u202C',
  '\u200F\u200E\u061C',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '👩‍🎓📚🧑🏽‍🏫',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  'परीक्षा',
  '試験',
  'İıß',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  'ﷺ',
  '\u0007\u001b[31m',
];
const longStrings = ['x'.repeat(TEN_K), 'あ'.repeat(TEN_K), "'<".repeat(TEN_K / 2), ' '.repeat(TEN_K)];
/** Raw JSON number texts beyond what a double holds exactly (or at all). */
const bigNumbers = [
  '9007199254740993',
  '-9007199254740993',
  '123456789012345678901234567890',
  '1e400',
  '-1e400',
  '1e-400',
  '0.30000000000000004',
];
const RAW = (text: string) => `@@RAW(${text})@@`;
/**
 * Percent-encodes the UTF-8 bytes (a lone surrogate becomes U+FFFD, where encodeURIComponent would throw).
 */
const encode = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...whitespace, ...metacharacters, ...unicode) },
  { weight: 1, arbitrary: fc.constantFrom(...longStrings) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...metacharacters, ...unicode), fc.string({ maxLength: 8 }))
      .map(([a, b]) => a + b),
  },
);
const shortHostile = fc.oneof(
  fc.constantFrom(...whitespace, ...metacharacters, ...unicode),
  fc.string({ maxLength: 12 }),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.constantFrom(...bigNumbers).map(RAW) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      2 ** 53,
      2 ** 53 + 2,
      -(2 ** 53) - 2,
      1e21,
      Number.MAX_VALUE,
      -1,
      0,
      1,
      2,
      1.5,
      -0.0001,
    ),
  },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.oneof(fc.boolean(), fc.constant(null)) },
  { weight: 1, arbitrary: fc.array(shortHostile, { maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom('$gt', 'value', 'a', '__proto__'), shortHostile, { maxKeys: 2 }),
  },
);

const extraFieldNames = [
  '__proto__',
  'constructor',
  'prototype',
  'created_at',
  'updated_at',
  'password_hash',
  'role',
  'id',
  '$where',
  '',
  ' ',
  'x'.repeat(300),
  'مفتاح',
];

/**
 * A JSON object over the resource's fields, each missing, plausible (an existing record's value) or hostile,
 * plus extra fields.
 */
const objectBody = (fields: string[], plausible: Record<string, string>) =>
  fc
    .tuple(
      fc.record(
        Object.fromEntries(
          fields.map((f) => [
            f,
            fc.oneof(
              { weight: 2, arbitrary: fc.constant(plausible[f] ?? 'x') },
              { weight: 3, arbitrary: hostileValue },
            ),
          ]),
        ),
        { requiredKeys: [] },
      ),
      fc.dictionary(
        fc.oneof(fc.constantFrom(...extraFieldNames), fc.string({ maxLength: 10 })),
        hostileValue,
        { maxKeys: 3 },
      ),
    )
    .map(([known, extra]) => {
      // JSON.stringify drops a "__proto__" own key made by assignment; build it as JSON text instead.
      const entries = [...Object.entries(extra), ...Object.entries(known)];
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(',')}}`;
    });

const toJson = (value: unknown) => (JSON.stringify(value) ?? 'null').replace(/"@@RAW\(([^)]*)\)@@"/g, '$1');

const malformedJson = fc.constantFrom(
  '{',
  '}',
  '{"a":',
  '{"session_id": "X1", "session_name": ',
  "{'session_id': 'X1'}",
  '{"a":1,}',
  '{"a":1}{"b":2}',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":undefined}',
  '{/*c*/"a":1}',
  '{"a":"\\x41"}',
  '{"a":"\\u12"}',
  '{"a":"line\nbreak"}',
  '\ufeff{"a":1}',
  '[1,2',
  '"unterminated',
  'nul',
  'tru',
  '{"a":1e}',
  '{"a":-}',
  '{"a":01}',
  '{"a":.5}',
  '\u0000',
  '{"a" "b"}',
  '{a:1}',
  '[]]',
  '{"a":[1,2,}',
  '',
);
const nonObjectJson = fc.constantFrom(
  '[]',
  '[{"session_id":"X1","session_name":"x"}]',
  '"a string"',
  '0',
  '-1',
  '1e400',
  'null',
  'true',
  'false',
  '{}',
  '[[[[[]]]]]',
);
const deepNesting = fc.integer({ min: 1_000, max: 20_000 }).map((n) => '['.repeat(n) + ']'.repeat(n));
const oversized = fc
  .integer({ min: 101, max: 300 })
  .map((kb) => JSON.stringify({ session_id: 'X1', session_name: 'y'.repeat(kb * 1024) }));

/**
 * Any body: mostly objects shaped like the resource, then broken JSON, JSON that is not an object, deep
 * nesting and oversized.
 */
const anyBody = (fields: string[], plausible: Record<string, string>) =>
  fc.oneof(
    { weight: 10, arbitrary: objectBody(fields, plausible) },
    { weight: 2, arbitrary: malformedJson },
    { weight: 2, arbitrary: nonObjectJson },
    { weight: 1, arbitrary: deepNesting },
    { weight: 1, arbitrary: oversized },
  );

const contentType = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'application/json; charset=utf-16',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'multipart/form-data; boundary=x',
      'application/jsonx',
      'application/vnd.api+json',
      '*/*',
      '',
    ),
  },
);

/**
 * Path segments: existing values (so composite keys are partly right), dot and slash tricks, broken escapes,
 * and any text encoded.
 */
const hostileSegment = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '%2F',
      'a%2Fb',
      '2024-25%2F..%2F..',
      '..',
      '.',
      '%2E%2E',
      '%2e',
      '.%2E',
      '..%2F..%2F',
      '%2E%2E%2Fusers',
      '%2E%2E%5C',
      '%5C',
      '%00',
      'a%00b',
      '%',
      '%ZZ',
      '%E0%A4%A',
      '%C0%AE%C0%AE',
      '%C0%AF',
      '%252F',
      '%252E%252E',
      "'",
      ';',
      '*',
      '~',
      '$',
      '%3Cscript%3E',
      '%20',
      '%20x%20',
      '+',
      '%2B',
      '9007199254740993',
      '-1',
      '1e400',
      'a'.repeat(31),
      'A'.repeat(4000),
      '2024-25.',
      '-2024-25',
      '_x',
      '.hidden',
      'NULL',
      '%27%20OR%20%271%27%3D%271',
    ),
  },
  { weight: 3, arbitrary: hostileString.map((s) => encode(s.slice(0, 2000))) },
);

const queryKeys = [
  'offset',
  'limit',
  'q',
  'sort',
  'entity',
  'key',
  'user',
  'action',
  'from',
  'to',
  'offset[]',
  'q[$gt]',
  '__proto__',
  '',
];
/** A query string of hostile values, repeated keys (arrays) and junk separators. */
const hostileQuery = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      '?',
      '?&&==&',
      '?=x',
      '?q',
      '?limit=1&limit=2',
      '?offset=-1',
      '?limit=0',
      '?limit=1001',
      '?limit=1e3',
      '?sort=-',
      '?sort=password_hash',
      '?q=%',
      '?q=%ZZ',
    ),
  },
  {
    weight: 3,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.constantFrom(...queryKeys),
          fc.oneof(
            hostileString.map((s) => s.slice(0, 300)),
            fc.constantFrom(...bigNumbers),
          ),
        ),
        { maxLength: 4 },
      )
      .map((pairs) =>
        pairs.length ? '?' + pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&') : '',
      ),
  },
);

// ---------------------------------------------------------------------------------------------
// The check every answer must pass

const STACK =
  /\n\s+at \S.*:\d+:\d+|node_modules|PrismaClient|Invalid `prisma|\bP20\d\d\b|\bDriverAdapterError\b/;

function expectSafeAnswer(res: RawResponse, label: string) {
  cases++;
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  const where = `${label} -> ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, where).toBeLessThan(500);
  expect(STACK.test(res.text), `stack or internals in ${where}`).toBe(false);
  if (res.status < 400) return;
  expect(res.status, where).toBeGreaterThanOrEqual(400);
  expect(String(res.headers['content-type']), where).toMatch(/^application\/json/);
  const body = res.body as { message?: unknown; code?: unknown; errors?: Record<string, unknown> };
  expect(typeof body?.message === 'string' && body.message.length > 0, where).toBe(true);
  // A stable code of the catalogue, answered with that code's status.
  expect(errorBody.safeParse(body).success, where).toBe(true);
  expect(statusesOf(body.code as ErrorCode), where).toContain(res.status);
  // Beside the sentences: the message's code and parameters, and on 422 each field's codes.
  const known = ['message', 'code', 'errors', 'message_code', 'params', 'error_codes'];
  expect(
    Object.keys(body).filter((k) => !known.includes(k)),
    where,
  ).toEqual([]);
  expect(typeof (body as { message_code?: unknown }).message_code, where).toBe('string');
  if (res.status === 422) {
    expect(body.errors && typeof body.errors === 'object', where).toBe(true);
    const entries = Object.entries(body.errors!);
    expect(entries.length, where).toBeGreaterThan(0);
    for (const [, messages] of entries)
      expect(Array.isArray(messages) && messages.every((m) => typeof m === 'string'), where).toBe(true);
  } else {
    expect(body.errors, where).toBeUndefined();
  }
}

// ---------------------------------------------------------------------------------------------
// Undoing inputs that were valid by chance

interface Ledger {
  /** Writes that succeeded and were undone: each left exactly one audit row. */
  audited: number;
}

async function undoCreate(resource: Resource, res: RawResponse, ledger: Ledger) {
  const record = (res.body as Record<string, Record<string, unknown>>)[resource.responseKey]!;
  const key = Object.fromEntries(resource.keyFields.map((f) => [f, record[f]]));
  const { count } = await stores[resource.name]
    .delegate(ctx.db.prisma)
    .deleteMany({ where: flatWhere(resource.keyFields, key) });
  expect(count).toBe(1);
  ledger.audited++;
}

async function undoUpdate(
  resource: Resource,
  key: Record<string, string>,
  snapshot: Record<string, unknown>[],
  ledger: Ledger,
) {
  // Key parts travel as path text; a stored part may be a number (an academic record's seq): compare them as
  // text.
  const original = snapshot.find((row) => resource.keyFields.every((f) => String(row[f]) === key[f]));
  expect(original, `the edited record ${JSON.stringify(key)} existed before`).toBeDefined();
  const data = Object.fromEntries(
    Object.entries(original!).filter(([f]) => !(resource.keyFields as readonly string[]).includes(f)),
  );
  const { count } = await stores[resource.name]
    .delegate(ctx.db.prisma)
    .updateMany({ where: flatWhere(resource.keyFields, key), data });
  expect(count).toBe(1);
  ledger.audited++;
}

const maxAuditId = async () =>
  Number((await ctx.db.query<{ id: number | null }>('SELECT max(id) AS id FROM audit_log'))[0]!.id ?? 0);

/**
 * Runs the cases of one path and checks the database afterwards: every table as it was, except the
 * audit rows of undone writes and, on login, the failure counts login is there to keep.
 */
async function withUnchangedDatabase(path: string, run: (ledger: Ledger) => Promise<void>) {
  // Sign-in attempts and verifications are counted and logged by design (login_throttle, verification_log).
  // The verification log is written after the answers, in batches, so its rows may land while a later path is
  // checked.
  const exclude = ['audit_log', 'verification_log', ...(path === '/login' ? ['login_throttle'] : [])];
  const before = await databaseDigest(ctx.db, exclude);
  const auditFrom = await maxAuditId();
  const ledger: Ledger = { audited: 0 };
  await run(ledger);
  expect(await databaseDigest(ctx.db, exclude), `tables changed by bad input on ${path}`).toEqual(before);
  const [{ n }] = (await ctx.db.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM audit_log WHERE id > ${auditFrom}`,
  )) as [{ n: string | number }];
  expect(Number(n), `audit rows written on ${path} beyond the ${ledger.audited} valid-by-chance writes`).toBe(
    ledger.audited,
  );
}

// ---------------------------------------------------------------------------------------------

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
/** Plausible values of a path's parameters (all of them right gives an existing record). */
function plausibleParams(path: string, resource: Resource | undefined): Record<string, string> {
  if (resource) return existing.get(resource.name)!;
  return { session_id: '2024-25', offset: '0', limit: '5' };
}

const endpointFor = (path: string, method: string): Endpoint | undefined =>
  endpoints.find((e) => e.path === path && e.method === method);

describe('every path and method, hostile input: 4xx with a JSON message, never 5xx, nothing stored', () => {
  const paths = [...pathsWithMethods().keys()];

  it.each(paths)('%s', { timeout: 120_000 }, async (path) => {
    const served = pathsWithMethods().get(path)!;
    const resource = endpoints.find((e) => e.path === path && e.resource)?.resource;
    const keyed = endpoints.some((e) => e.path === path && e.keyed);
    const params = paramsOf(path);
    const plausible = plausibleParams(path, resource);
    const bodyFields = resource
      ? [...Object.keys(resource.fields), ...(keyed ? ['updated_at'] : [])]
      : path === '/login'
        ? ['email', 'password']
        : ['session_id', 'x'];
    const plausibleBody = resource
      ? existing.get(resource.name)!
      : { email: 'admin@university.test', password: 'wrong-password', session_id: '2024-25', x: '1' };
    const snapshot =
      resource && keyed ? await stores[resource.name].delegate(ctx.db.prisma).findMany({}) : [];

    const segment = (name: string) =>
      fc.oneof(
        { weight: 2, arbitrary: fc.constant(plausible[name] ?? 'x') },
        { weight: 3, arbitrary: hostileSegment },
      );
    const pathValues = params.length
      ? fc.tuple(...params.map((p) => segment(p)))
      : fc.constant([] as string[]);

    await withUnchangedDatabase(path, async (ledger) => {
      for (const method of METHODS) {
        const supported = served.includes(method as Endpoint['method']);
        const withBody = method !== 'GET' && method !== 'DELETE';
        const n = !supported ? 6 : withBody && resource ? 45 : 20;
        // Logout with a good token would sign the fuzzer out: it gets hostile credentials instead (below).
        const credentials =
          path === '/logout'
            ? fc.constantFrom<Record<string, string>>({}, { Authorization: 'Bearer x.y.z' })
            : fc.constant(admin);
        await fc.assert(
          fc.asyncProperty(
            pathValues,
            hostileQuery,
            withBody ? anyBody(bodyFields, plausibleBody) : fc.constant(undefined),
            contentType,
            credentials,
            async (values, query, body, type, headers) => {
              const segments = [...values];
              // A DELETE must not hit an existing record: at least one part of its key is wrong.
              if (
                method === 'DELETE' &&
                params.length &&
                segments.every((s, i) => s === plausible[params[i]!])
              )
                segments[segments.length - 1] = 'ZZFUZZ';
              let i = 0;
              const url =
                '/api' + path.replace(/\{\w+\}/g, () => segments[i++]!) + (method === 'GET' ? query : '');
              const res = await client.request({
                method,
                path: url,
                headers: { ...headers, ...(body !== undefined ? { 'Content-Type': type } : {}) },
                body,
              });
              const label = `${method} ${url.slice(0, 200)} ${type} ${(body ?? '').slice(0, 200)}`;
              expectSafeAnswer(res, label);
              if (res.status >= 300) return;
              // A valid-by-chance input: a legitimate success, then undone. An empty key (`/api/course/`) is
              // the collection's path.
              const effective =
                params.length === 1 && segments[0] === '' ? path.replace(/\/\{\w+\}$/, '') : path;
              const endpoint = endpointFor(effective, method);
              expect(endpoint, label).toBeDefined();
              if (endpoint?.resource && endpoint.method !== 'GET') {
                expect(method, `${label}: a hostile key deleted a record`).not.toBe('DELETE');
                // A workflow action on the plausible record, in a state it leaves (start-conduct on a link
                // whose rolls are allotted) and with any body when it needs no reason: its record is put back
                // as it was.
                const restore = method === 'PUT' || (method === 'POST' && endpoint.action !== undefined);
                if (method === 'POST' && !endpoint.action) await undoCreate(resource!, res, ledger);
                if (restore)
                  await undoUpdate(
                    resource!,
                    Object.fromEntries(params.map((p, k) => [p, decodeURIComponent(segments[k]!)])),
                    snapshot,
                    ledger,
                  );
              }
            },
          ),
          runs(n),
        );
      }
    });
  });

  // Found by this fuzzer: PostgreSQL cannot store U+0000, and a NUL in any text value answered 500.
  it(
    'a NUL character in any field, search or login answers 422 naming the field, and stores nothing',
    { timeout: 60_000 },
    async () => {
      // Factories of link resources add their parents: built before the tables are digested.
      const bodies = new Map<string, Record<string, string>>();
      for (const resource of resources)
        bodies.set(resource.name, await factories[resource.name].build(ctx.db));
      await withUnchangedDatabase('/login', async () => {
        const json = { ...admin, 'Content-Type': 'application/json' };
        for (const resource of resources) {
          const body = bodies.get(resource.name)!;
          for (const field of Object.keys(body)) {
            const res = await client.request({
              method: 'POST',
              path: `/api/${resource.path}`,
              headers: json,
              body: JSON.stringify({ ...body, [field]: `${body[field]}\u0000` }),
            });
            expectSafeAnswer(res, `POST ${resource.path} ${field} with NUL`);
            expect(res.status).toBe(422);
            expect(Object.keys((res.body as { errors: object }).errors)).toEqual([field]);
          }
          const key = existing.get(resource.name)!;
          for (const field of resource.updatable) {
            const path = `/api/${resource.path}/${resource.keyFields.map((f) => key[f]).join('/')}`;
            const res = await client.request({
              method: 'PUT',
              path,
              headers: json,
              body: JSON.stringify({ [field]: 'a\u0000b' }),
            });
            expectSafeAnswer(res, `PUT ${path} ${field} with NUL`);
            expect(res.status).toBe(422);
          }
          expect(
            (await client.request({ method: 'GET', path: `/api/${resource.path}?q=a%00b`, headers: admin }))
              .status,
          ).toBe(422);
        }
        expect(
          (await client.request({ method: 'GET', path: '/api/audit?user=a%00b', headers: admin })).status,
        ).toBe(422);
        const login = await client.request({
          method: 'POST',
          path: '/api/login',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: 'admin@university.test', password: 'Demo@12345\u0000' }),
        });
        expectSafeAnswer(login, 'login with NUL');
        expect(login.status).toBe(422);
      });
    },
  );

  it(
    'every path refuses hostile credentials with 401 (public paths excepted), whatever the header holds',
    { timeout: 60_000 },
    async () => {
      const forgeries = fc.oneof(
        fc.constantFrom(
          '',
          'Bearer',
          'Bearer ',
          'Basic YWRtaW46RGVtb0AxMjM0NQ==',
          'bearer null',
          'Bearer undefined',
          'Bearer ..',
          'Bearer a.b.c',
          'Token abc',
        ),
        fc
          .string({
            unit: fc.constantFrom(
              ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.+/= '.split(''),
            ),
            maxLength: 400,
          })
          .map((s) => `Bearer ${s}`),
        fc
          .tuple(
            fc.base64String({ maxLength: 60 }),
            fc.base64String({ maxLength: 60 }),
            fc.base64String({ maxLength: 60 }),
          )
          .map((p) => `Bearer ${p.join('.')}`),
        fc.constantFrom(
          admin.Authorization + 'x',
          admin.Authorization!.slice(0, -2),
          admin.Authorization!.replace(/\.[^.]+$/, '.'),
          `${admin.Authorization}, Bearer x`,
        ),
      );
      const protectedEndpoints = endpoints.filter((e) => e.access.kind !== 'public');
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...protectedEndpoints), forgeries, async (e, authorization) => {
          const path =
            '/api' +
            e.path.replace(/\{(\w+)\}/g, (_m, p: string) =>
              e.resource
                ? existing.get(e.resource.name)![p]!
                : ({ session_id: '2024-25', offset: '0', limit: '5' } as Record<string, string>)[p]!,
            );
          const res = await client.request({
            method: e.method,
            path,
            headers: {
              Authorization: authorization,
              ...(e.method === 'POST' || e.method === 'PUT' ? { 'Content-Type': 'application/json' } : {}),
            },
            body: e.method === 'POST' || e.method === 'PUT' ? '{}' : undefined,
          });
          expectSafeAnswer(res, `${e.method} ${path} Authorization: ${authorization.slice(0, 80)}`);
          expect(res.status).toBe(401);
        }),
        runs(120),
      );
    },
  );
});
