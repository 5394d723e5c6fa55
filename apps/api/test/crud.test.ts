import { describe, expect, it } from 'vitest';
import { can, resources, type AnyResource, type CapabilityKey } from '@exam/contracts';
import { useTestApp } from './support/context.ts';
import { expectedRecord, factories } from './support/factories.ts';

const ctx = useTestApp();

const pathOf = (resource: AnyResource, record: Record<string, unknown>) =>
  `/api/${resource.path}/${resource.keyFields.map((f) => encodeURIComponent(String(record[f]))).join('/')}`;

/** The one CRUD suite, run for every resource of the registry. */
describe.each(resources.map((r) => [r.name, r] as const))('%s', (_name, resource) => {
  const factory = factories[resource.name];
  const create = async () => {
    const body = await factory.build(ctx.db);
    const res = await ctx.api
      .post(`/api/${resource.path}`)
      .set(await ctx.as('office'))
      .send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { body, record: res.body[resource.responseKey] as Record<string, unknown> };
  };

  it('creates from string values and answers the record, a message and the legacy keys', async () => {
    const body = await factory.build(ctx.db);
    const res = await ctx.api
      .post(`/api/${resource.path}`)
      .set(await ctx.as('admin'))
      .send(body);
    expect(res.status).toBe(201);
    expect(res.body[resource.responseKey]).toMatchObject(expectedRecord(body));
    expect(res.body.message).toMatch(/created/i);
    for (const key of resource.legacyCreateKeys)
      expect(res.body[key]).toEqual(res.body[resource.responseKey]);
    expect(Date.parse(res.body[resource.responseKey].created_at)).toBeGreaterThan(Date.now() - 60_000);
    const parsed = resource.recordSchema.safeParse(res.body[resource.responseKey]);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it('answers 409 naming the key when it already exists, and keeps the first record', async () => {
    const { body, record } = await create();
    const again = await ctx.api
      .post(`/api/${resource.path}`)
      .set(await ctx.as('admin'))
      .send({ ...body });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('DUPLICATE_KEY');
    expect(again.body.message).toContain(String(body[resource.keyFields.at(-1)!]));
    const still = await ctx.api.get(pathOf(resource, record)).set(await ctx.as('admin'));
    expect(still.body[resource.responseKey]).toEqual(record);
  });

  it('reads one record by its key and finds it in the list with a total', async () => {
    const { record } = await create();
    // A read-only role that reads every row of the resource (faculty read colleges only within their own
    // college).
    const reader = can('faculty', resource.capability.read as CapabilityKey) === 'any' ? 'faculty' : 'result';
    const one = await ctx.api.get(pathOf(resource, record)).set(await ctx.as(reader));
    expect(one.status).toBe(200);
    expect(one.body[resource.responseKey]).toEqual(record);
    const list = await ctx.api.get(`/api/${resource.path}`).set(await ctx.as(reader));
    expect(list.status).toBe(200);
    expect(list.body[resource.responseKey]).toContainEqual(record);
    expect(list.body.total).toBe(list.body[resource.responseKey].length);
  });

  it('pages and searches the list on the server', async () => {
    const { record } = await create();
    await create();
    const page = await ctx.api.get(`/api/${resource.path}?offset=1&limit=1`).set(await ctx.as('office'));
    expect(page.status).toBe(200);
    expect(page.body[resource.responseKey]).toHaveLength(1);
    expect(page.body.total).toBeGreaterThanOrEqual(2);
    const lastKey = String(record[resource.keyFields.at(-1)!]);
    const found = await ctx.api
      .get(`/api/${resource.path}`)
      .query({ q: lastKey.toLowerCase() })
      .set(await ctx.as('office'));
    // Key parts are compared as the text of a path (a rule set's version answers as a number).
    expect(
      found.body[resource.responseKey].map((r: Record<string, unknown>) =>
        String(r[resource.keyFields.at(-1)!]),
      ),
    ).toContain(lastKey);
    const bad = await ctx.api.get(`/api/${resource.path}?sort=password`).set(await ctx.as('office'));
    expect(bad.status).toBe(422);
    expect(bad.body.errors.sort).toBeDefined();
  });

  it('edits the record, answers it with a message, and the change is there on the next read', async () => {
    const { record } = await create();
    const res = await ctx.api
      .put(pathOf(resource, record))
      .set(await ctx.as('office'))
      .send({ ...factory.edit, updated_at: record.updated_at });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toMatch(/updated/i);
    expect(res.body[resource.responseKey]).toMatchObject(factory.edited);
    expect(Date.parse(res.body[resource.responseKey].updated_at)).toBeGreaterThanOrEqual(
      Date.parse(String(record.updated_at)),
    );
    const after = await ctx.api.get(pathOf(resource, record)).set(await ctx.as('office'));
    expect(after.body[resource.responseKey]).toEqual(res.body[resource.responseKey]);
  });

  it('accepts a legacy edit posting the whole record back, with timestamps and unknown fields', async () => {
    const { record } = await create();
    const res = await ctx.api
      .put(pathOf(resource, record))
      .set(await ctx.as('office'))
      .send({ ...record, ...factory.edit, S_N: 1, created_at: '2000-01-01T00:00:00.000Z' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body[resource.responseKey].created_at).toBe(record.created_at);
    expect(res.body[resource.responseKey]).not.toHaveProperty('S_N');
  });

  it('refuses an edit that changes the key (422 on that field)', async () => {
    const { record } = await create();
    const field = resource.keyFields.at(-1)!;
    const res = await ctx.api
      .put(pathOf(resource, record))
      .set(await ctx.as('office'))
      .send({ ...factory.edit, [field]: 'SOMETHINGELSE' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual([field]);
  });

  it('refuses a stale edit (409) so that nobody overwrites a change they have not seen', async () => {
    const { record } = await create();
    const first = await ctx.api
      .put(pathOf(resource, record))
      .set(await ctx.as('office'))
      .send({ ...factory.edit, updated_at: record.updated_at });
    expect(first.status).toBe(200);
    const stale = await ctx.api
      .put(pathOf(resource, record))
      .set(await ctx.as('admin'))
      .send({ ...factory.edit, updated_at: '2001-01-01T00:00:00.000Z' });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('STALE_EDIT');
    expect(stale.body.message).toMatch(/changed by someone else/);
  });

  it('drops unknown fields and never takes timestamps from the body on create', async () => {
    const body = await factory.build(ctx.db);
    const res = await ctx.api
      .post(`/api/${resource.path}`)
      .set(await ctx.as('office'))
      .send({
        ...body,
        password: 'x',
        created_at: '1999-01-01T00:00:00Z',
        updated_at: '1999-01-01T00:00:00Z',
      });
    expect(res.status).toBe(201);
    expect(res.body[resource.responseKey]).not.toHaveProperty('password');
    expect(res.body[resource.responseKey].created_at.startsWith('1999')).toBe(false);
  });

  it('names every missing required field in one 422', async () => {
    const res = await ctx.api
      .post(`/api/${resource.path}`)
      .set(await ctx.as('office'))
      .send({});
    expect(res.status).toBe(422);
    expect(res.body.message).toBeTruthy();
    const required = Object.entries(resource.fields)
      .filter(([, schema]) => !schema.safeParse(undefined).success)
      .map(([f]) => f);
    expect(Object.keys(res.body.errors).sort()).toEqual(required.sort());
  });

  it('deletes, answers the deleted record, and then the key is unknown (404)', async () => {
    const { record } = await create();
    const res = await ctx.api.delete(pathOf(resource, record)).set(await ctx.as('office'));
    expect(res.status).toBe(200);
    expect(res.body[resource.responseKey]).toEqual(record);
    expect(res.body.message).toMatch(/deleted/i);
    expect((await ctx.api.get(pathOf(resource, record)).set(await ctx.as('office'))).status).toBe(404);
    expect((await ctx.api.delete(pathOf(resource, record)).set(await ctx.as('office'))).status).toBe(404);
    expect(
      (
        await ctx.api
          .put(pathOf(resource, record))
          .set(await ctx.as('office'))
          .send(factory.edit)
      ).status,
    ).toBe(404);
  });

  it('answers 404 with a message for a key that does not exist or cannot exist', async () => {
    const missing = Object.fromEntries(resource.keyFields.map((f) => [f, 'NOPE']));
    const res = await ctx.api.get(pathOf(resource, missing)).set(await ctx.as('office'));
    expect(res.status).toBe(404);
    expect(res.body.message).toContain('NOPE');
    const weird = Object.fromEntries(resource.keyFields.map((f) => [f, '..%2F..']));
    const odd = await ctx.api
      .get(`/api/${resource.path}/${resource.keyFields.map((f) => weird[f]).join('/')}`)
      .set(await ctx.as('office'));
    expect(odd.status).toBe(404);
  });

  it('needs a token (401), refuses the student role (403) and read-only roles on writes (403)', async () => {
    expect((await ctx.api.get(`/api/${resource.path}`)).status).toBe(401);
    const student = await ctx.api.get(`/api/${resource.path}`).set(await ctx.as('student'));
    expect(student.status).toBe(403);
    const body = await factory.build(ctx.db);
    const faculty = await ctx.api
      .post(`/api/${resource.path}`)
      .set(await ctx.as('faculty'))
      .send(body);
    expect(faculty.status).toBe(403);
    expect(faculty.body.message).toMatch(/faculty/);
  });
});
