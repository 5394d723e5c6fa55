import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Test } from 'supertest';
import { can, grants, roles, type RoleName } from '@exam/contracts';
import { demoUsers } from '@exam/db/seed';
import { apiModules } from '../src/modules.ts';
import { buildOpenApiDocument } from '../src/platform/openapi/openapi.ts';
import { useTestApp } from './support/context.ts';
import { databaseDigest } from './support/digest.ts';
import { endpoints, fillPath, mayCall, paramsOf, type Endpoint } from './support/endpoints.ts';

/**
 * Every role against every operation, expectations computed from the one permission table: 401 without (or
 * with a forged) token, 403 where the table forbids, anything but 401/403 where it allows. A keyed read by a
 * role whose grant is scoped (a faculty user's colleges) may find the record out of its scope: 404, never
 * 403; college-module.test.ts checks the scope itself.
 */
const ctx = useTestApp();
const allRoles = roles.values as RoleName[];

const operation = (e: Endpoint) => `${e.method} ${e.path}${e.file === 'export' ? '?format=csv' : ''}`;
/** An existing record of each resource (keyed reads must find it), and a key that names nothing. */
const existing = new Map<string, Record<string, string>>();
const missingKey = 'ZZNOSUCHKEY';
let checked = 0;

beforeAll(async () => {
  const admin = await ctx.as('admin');
  for (const e of endpoints.filter((x) => x.resource && !x.keyed && !x.file && x.method === 'GET')) {
    const res = await ctx.api.get(`/api${e.path}?limit=1`).set(admin);
    // A resource the demo has no record of (packets exist only once a paper is coded): a key that names
    // nothing.
    const row = res.body[e.resource!.responseKey][0] as Record<string, unknown> | undefined;
    existing.set(
      e.resource!.name,
      Object.fromEntries(e.resource!.keyFields.map((f) => [f, row ? String(row[f]) : missingKey])),
    );
  }
});

afterAll(() => {
  console.log(
    `roles: ${checked} checks (${allRoles.length} roles + no token + forged token) ` +
      `x ${endpoints.length} endpoints`,
  );
});

/** A request that the role's permission alone decides: allowed ones end in 200/404/422, never in a change. */
function call(e: Endpoint, headers: Record<string, string>): Test {
  const values: Record<string, string> = {};
  for (const p of paramsOf(e.path)) {
    if (e.resource) values[p] = e.method === 'DELETE' ? missingKey : existing.get(e.resource.name)![p]!;
    else
      values[p] = {
        session_id: '2024-25',
        offset: '0',
        limit: '5',
        exam_id: 'MAIN-DEC-2024',
        college_id: 'C101',
        paper_id: missingKey,
      }[p]!;
  }
  const query =
    e.query ??
    (e.file === 'export' || e.file === 'template'
      ? '?format=csv'
      : e.resource && !e.keyed && e.method === 'GET'
        ? '?limit=2'
        : '');
  const url = `/api${fillPath(e.path, values)}${query}`;
  const method = e.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  const req = ctx.api[method](url).set(headers);
  // A file with a header row only: refused (400) and nothing stored, where the role may import.
  if (e.file === 'import')
    return req.attach('file', Buffer.from(`${e.resource!.keyFields.join(',')}\r\n`), 'empty.csv');
  // An action with an updated_at that is not a time: a 422 before anything moves, where the role may act.
  if (e.action) return req.send({ updated_at: 'not-a-time' });
  if (e.method === 'POST') return req.send({});
  // A timestamp that is not one: a 422 that changes nothing, where the role may edit.
  if (e.method === 'PUT') return req.send({ updated_at: 'not-a-time' });
  return req;
}

/** Roles get a fresh token for logout, so the shared ones stay valid. */
async function headersFor(role: RoleName, e: Endpoint) {
  if (e.path !== '/logout') return ctx.as(role);
  return { Authorization: `Bearer ${await ctx.login(demoUsers.find((u) => u.role === role)!.email)}` };
}

function expectClean(
  res: { status: number; body: { message?: unknown; code?: unknown }; headers: Record<string, string> },
  code: string,
) {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(typeof res.body.message).toBe('string');
  expect(res.body.code).toBe(code);
}

describe('the endpoint list', () => {
  it('names exactly the operations of the OpenAPI document (openapi.test.ts matches them to routes)', () => {
    const paths = buildOpenApiDocument(apiModules).paths as Record<string, Record<string, unknown>>;
    const documented = Object.entries(paths).flatMap(([p, ops]) =>
      Object.keys(ops)
        .filter((k) => k !== 'parameters')
        .map((m) => `${m.toUpperCase()} ${p}`),
    );
    // The document does not list itself.
    documented.push('GET /openapi.json');
    // A list's download is its list call with `?format=`: one operation in the document.
    expect([...new Set(endpoints.map((e) => `${e.method} ${e.path}`))].sort()).toEqual(documented.sort());
  });
});

describe('the role matrix, generated from the grants table', () => {
  it('answers 401 to every call but the public ones without a token, and with a forged one', async () => {
    const forged = { Authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl' };
    for (const e of endpoints) {
      for (const headers of [{}, forged]) {
        const res = await call(e, headers);
        checked++;
        if (mayCall(undefined, e)) expect([401, 403], `${operation(e)} is public`).not.toContain(res.status);
        else {
          expect(res.status, `${operation(e)} without a valid token`).toBe(401);
          expectClean(res, 'UNAUTHENTICATED');
        }
      }
    }
  });

  it.each(allRoles)('%s: 403 exactly where the table forbids, never where it allows', async (role) => {
    const before = await databaseDigest(ctx.db, ['revoked_token', 'login_throttle', 'verification_log']);
    const seen: string[] = [];
    for (const e of endpoints) {
      const res = await call(e, await headersFor(role, e));
      checked++;
      const allowed = mayCall(role, e);
      seen.push(`${operation(e)} ${allowed ? 'allowed' : 'forbidden'}`);
      if (allowed) {
        expect([401, 403], `${role} ${operation(e)}: ${res.text}`).not.toContain(res.status);
        expect(res.status, `${role} ${operation(e)}: ${res.text}`).toBeLessThan(500);
        // A keyed read under a scoped grant may name a record out of the role's scope: it does not exist for
        // it.
        const scoped = e.access.kind === 'capability' && can(role, e.access.capability) !== 'any';
        const noRecord =
          e.resource !== undefined && Object.values(existing.get(e.resource.name) ?? {}).includes(missingKey);
        if (e.method === 'GET')
          expect(
            (scoped || e.mayBeMissing || noRecord) && e.keyed ? [200, 404] : [200],
            `${role} ${operation(e)}`,
          ).toContain(res.status);
      } else {
        expect(res.status, `${role} ${operation(e)}: ${res.text}`).toBe(403);
        expectClean(res, 'FORBIDDEN');
      }
    }
    // The allowed writes were invalid on purpose and the forbidden ones refused: nothing changed.
    expect(await databaseDigest(ctx.db, ['revoked_token', 'login_throttle', 'verification_log'])).toEqual(
      before,
    );
    expect(seen).toHaveLength(endpoints.length);
  });

  it('follows the table when it changes: the API reads the same table, not a copy', async () => {
    const saved = {
      faculty: { ...grants.faculty },
      student: { ...grants.student },
      office: { ...grants.office },
      admin: { ...grants.admin },
    };
    const post = endpoints.find((e) => e.method === 'POST' && e.resource?.name === 'exam')!;
    const list = endpoints.find((e) => e.method === 'GET' && e.resource?.name === 'session' && !e.keyed)!;
    const audit = endpoints.find((e) => e.path === '/audit')!;
    expect((await call(post, await ctx.as('faculty'))).status).toBe(403);
    expect((await call(list, await ctx.as('student'))).status).toBe(403);
    expect((await call(audit, await ctx.as('office'))).status).toBe(403);
    try {
      grants.faculty['master-data.write'] = 'any';
      grants.student['master-data.read'] = 'any';
      grants.office['audit.read'] = 'any';
      expect(mayCall('faculty', post) && mayCall('student', list) && mayCall('office', audit)).toBe(true);
      expect((await call(post, await ctx.as('faculty'))).status).toBe(422);
      expect((await call(list, await ctx.as('student'))).status).toBe(200);
      expect((await call(audit, await ctx.as('office'))).status).toBe(200);
      delete grants.admin['master-data.write'];
      expect((await call(post, await ctx.as('admin'))).status).toBe(403);
    } finally {
      Object.assign(grants, saved);
    }
    expect((await call(post, await ctx.as('faculty'))).status).toBe(403);
  });
});
