import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Test } from 'supertest';
import { auditReaders, masterDataPermissions, roles, type RoleName } from '@exam/contracts';
import { demoUsers } from '@exam/db/seed';
import { buildOpenApiDocument } from '../src/docs/openapi.ts';
import { useTestApp } from './support/context.ts';
import { databaseDigest } from './support/digest.ts';
import { endpoints, fillPath, mayCall, paramsOf, type Endpoint } from './support/endpoints.ts';

/**
 * Every role against every operation, expectations computed from the one permission table:
 * 401 without (or with a forged) token, 403 where the table forbids, anything but 401/403 where it allows.
 * Master data has no rows owned by a college or department yet, so there is no object-level rule to test.
 */
const ctx = useTestApp();
const allRoles = roles.values as RoleName[];

const operation = (e: Endpoint) => `${e.method} ${e.path}`;
/** An existing record of each resource (keyed reads must find it), and a key that names nothing. */
const existing = new Map<string, Record<string, string>>();
const missingKey = 'ZZNOSUCHKEY';
let checked = 0;

beforeAll(async () => {
  const admin = await ctx.as('admin');
  for (const e of endpoints.filter((x) => x.resource && !x.keyed && x.method === 'GET')) {
    const res = await ctx.api.get(`/api${e.path}?limit=1`).set(admin);
    const row = res.body[e.resource!.responseKey][0] as Record<string, unknown>;
    existing.set(e.resource!.name, Object.fromEntries(e.resource!.keyFields.map((f) => [f, String(row[f])])));
  }
});

afterAll(() => {
  console.log(`roles: ${checked} checks (${allRoles.length} roles + no token + forged token) x ${endpoints.length} endpoints`);
});

/** A request that the role's permission alone decides: allowed ones end in 200/404/422, never in a change. */
function call(e: Endpoint, headers: Record<string, string>): Test {
  const values: Record<string, string> = {};
  for (const p of paramsOf(e.path)) {
    if (e.resource) values[p] = e.method === 'DELETE' ? missingKey : existing.get(e.resource.name)![p]!;
    else values[p] = { session_id: '2024-25', offset: '0', limit: '5' }[p]!;
  }
  const url = `/api${fillPath(e.path, values)}${e.resource && !e.keyed && e.method === 'GET' ? '?limit=2' : ''}`;
  const method = e.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  const req = ctx.api[method](url).set(headers);
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

function expectClean(res: { status: number; body: { message?: unknown }; headers: Record<string, string> }) {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(typeof res.body.message).toBe('string');
}

describe('the endpoint list', () => {
  it('names exactly the operations of the OpenAPI document (which openapi.test.ts matches to the served routes)', () => {
    const paths = buildOpenApiDocument().paths as Record<string, Record<string, unknown>>;
    const documented = Object.entries(paths).flatMap(([p, ops]) => Object.keys(ops).filter((k) => k !== 'parameters').map((m) => `${m.toUpperCase()} ${p}`));
    // The document does not list itself.
    documented.push('GET /openapi.json');
    expect(endpoints.map(operation).sort()).toEqual(documented.sort());
  });
});

describe('the role matrix, generated from masterDataPermissions and auditReaders', () => {
  it('answers 401 to every call but the public ones without a token, and with a forged one', async () => {
    const forged = { Authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl' };
    for (const e of endpoints) {
      for (const headers of [{}, forged]) {
        const res = await call(e, headers);
        checked++;
        if (mayCall(undefined, e)) expect([401, 403], `${operation(e)} is public`).not.toContain(res.status);
        else {
          expect(res.status, `${operation(e)} without a valid token`).toBe(401);
          expectClean(res);
        }
      }
    }
  });

  it.each(allRoles)('%s: 403 exactly where the table forbids, never where it allows', async (role) => {
    const before = await databaseDigest(ctx.db, ['revoked_token', 'login_throttle']);
    const seen: string[] = [];
    for (const e of endpoints) {
      const res = await call(e, await headersFor(role, e));
      checked++;
      const allowed = mayCall(role, e);
      seen.push(`${operation(e)} ${allowed ? 'allowed' : 'forbidden'}`);
      if (allowed) {
        expect([401, 403], `${role} ${operation(e)}: ${res.text}`).not.toContain(res.status);
        expect(res.status, `${role} ${operation(e)}: ${res.text}`).toBeLessThan(500);
        if (e.method === 'GET') expect(res.status, `${role} ${operation(e)}`).toBe(200);
      } else {
        expect(res.status, `${role} ${operation(e)}: ${res.text}`).toBe(403);
        expectClean(res);
      }
    }
    // The allowed writes were invalid on purpose and the forbidden ones refused: nothing changed.
    expect(await databaseDigest(ctx.db, ['revoked_token', 'login_throttle'])).toEqual(before);
    expect(seen).toHaveLength(endpoints.length);
  });

  it('follows the table when it changes: the API reads the same table, not a copy', async () => {
    const faculty = { ...masterDataPermissions.faculty };
    const student = { ...masterDataPermissions.student };
    const readers = auditReaders as RoleName[];
    const post = endpoints.find((e) => e.method === 'POST' && e.resource?.name === 'exam')!;
    const list = endpoints.find((e) => e.method === 'GET' && e.resource?.name === 'session' && !e.keyed)!;
    const audit = endpoints.find((e) => e.path === '/audit')!;
    expect((await call(post, await ctx.as('faculty'))).status).toBe(403);
    expect((await call(list, await ctx.as('student'))).status).toBe(403);
    expect((await call(audit, await ctx.as('office'))).status).toBe(403);
    try {
      masterDataPermissions.faculty.write = true;
      masterDataPermissions.student.read = true;
      readers.push('office');
      expect(mayCall('faculty', post) && mayCall('student', list) && mayCall('office', audit)).toBe(true);
      expect((await call(post, await ctx.as('faculty'))).status).toBe(422);
      expect((await call(list, await ctx.as('student'))).status).toBe(200);
      expect((await call(audit, await ctx.as('office'))).status).toBe(200);
      masterDataPermissions.admin.write = false;
      expect((await call(post, await ctx.as('admin'))).status).toBe(403);
    } finally {
      masterDataPermissions.admin.write = true;
      Object.assign(masterDataPermissions.faculty, faculty);
      Object.assign(masterDataPermissions.student, student);
      readers.splice(readers.indexOf('office'), 1);
    }
    expect((await call(post, await ctx.as('faculty'))).status).toBe(403);
  });
});
