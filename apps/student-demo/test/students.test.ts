import { describe, expect, it } from 'vitest';
import { appForThisFile } from './test-db.ts';

const ctx = appForThisFile();

const create = (body: unknown) => ctx.staff.post('/students/').send(body as object);

describe('students CRUD', () => {
  it('creates a student, trimming fields and dropping unknown ones', async () => {
    const res = await create({ stuname: '  Asha Rao ', email: ' asha@example.edu ', role: 'admin', id: 99 });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Student Created Succesfully');
    expect(res.body.data).toMatchObject({ stuname: 'Asha Rao', email: 'asha@example.edu' });
    expect(res.body.data).not.toHaveProperty('role');
    expect(res.body.data.id).not.toBe(99);
    expect(Date.parse(res.body.data.created_at)).not.toBeNaN();
  });

  it('lists students ordered by id with a total, with and without the trailing slash', async () => {
    const a = (await create({ stuname: 'List A', email: 'a@example.edu' })).body.data;
    const b = (await create({ stuname: 'List B', email: 'b@example.edu' })).body.data;
    for (const path of ['/students', '/students/']) {
      const res = await ctx.staff.get(path);
      expect(res.status).toBe(200);
      const ids = res.body.data.map((s: { id: number }) => s.id);
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
      expect(ids).toEqual(expect.arrayContaining([a.id, b.id]));
      expect(res.body.total).toBe(ids.length);
    }
  });

  it('pages the list with offset and limit', async () => {
    const all = (await ctx.staff.get('/students')).body;
    const res = await ctx.staff.get('/students').query({ offset: 1, limit: 1 });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([all.data[1]]);
    expect(res.body.total).toBe(all.total);
  });

  it('rejects a bad page with the failing fields named', async () => {
    const res = await ctx.staff.get('/students').query({ offset: -1, limit: 'many' });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.body.errors).sort()).toEqual(['limit', 'offset']);
  });

  it('reads one student, with and without the trailing slash', async () => {
    const { id } = (await create({ stuname: 'Read Me', email: 'read@example.edu' })).body.data;
    for (const path of [`/students/${id}`, `/students/${id}/`]) {
      const res = await ctx.staff.get(path);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id, stuname: 'Read Me', email: 'read@example.edu' });
    }
  });

  it('updates a student and moves updated_at', async () => {
    const before = (await create({ stuname: 'Old Name', email: 'old@example.edu' })).body.data;
    const res = await ctx.staff
      .put(`/students/${before.id}/`)
      .send({ stuname: ' New Name ', email: 'new@example.edu' });
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual(expect.any(String));
    expect(res.body.data).toMatchObject({
      id: before.id,
      stuname: 'New Name',
      email: 'new@example.edu',
      created_at: before.created_at,
    });
    expect(Date.parse(res.body.data.updated_at)).toBeGreaterThanOrEqual(Date.parse(before.updated_at));
    expect((await ctx.staff.get(`/students/${before.id}`)).body.data.stuname).toBe('New Name');
  });

  it('deletes a student, answering the deleted record', async () => {
    const { id } = (await create({ stuname: 'Gone Soon', email: 'gone@example.edu' })).body.data;
    const res = await ctx.staff.delete(`/students/${id}/`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: { id, stuname: 'Gone Soon' }, message: expect.any(String) });
    expect((await ctx.staff.get(`/students/${id}`)).status).toBe(404);
  });

  it('answers 404 with a message for an unknown id on read, update and delete', async () => {
    const valid = { stuname: 'Nobody', email: 'nobody@example.edu' };
    for (const res of [
      await ctx.staff.get('/students/999999'),
      await ctx.staff.put('/students/999999').send(valid),
      await ctx.staff.delete('/students/999999'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Student not found', code: 'NOT_FOUND' });
    }
  });
});

describe('students validation', () => {
  const failingFields = async (body: unknown, method: 'post' | 'put' = 'post') => {
    const res =
      method === 'post' ? await create(body) : await ctx.staff.put('/students/1').send(body as object);
    expect(res.status).toBe(422);
    expect(res.body.message).toEqual(expect.any(String));
    for (const messages of Object.values(res.body.errors)) expect(messages).toEqual([expect.any(String)]);
    return Object.keys(res.body.errors).sort();
  };

  it('names both fields when they are missing', async () => {
    expect(await failingFields({})).toEqual(['email', 'stuname']);
  });

  it('treats whitespace-only as missing', async () => {
    expect(await failingFields({ stuname: '   ', email: '\t ' })).toEqual(['email', 'stuname']);
  });

  it('checks the email format', async () => {
    expect(await failingFields({ stuname: 'Valid', email: 'not-an-email' })).toEqual(['email']);
  });

  it('refuses wrong types', async () => {
    expect(await failingFields({ stuname: 42, email: ['a@example.edu'] })).toEqual(['email', 'stuname']);
    expect(await failingFields({ stuname: null, email: true }, 'put')).toEqual(['email', 'stuname']);
  });

  it('refuses a name longer than the column', async () => {
    expect(await failingFields({ stuname: 'x'.repeat(201), email: 'long@example.edu' })).toEqual(['stuname']);
  });

  it('refuses a body that is not an object', async () => {
    const res = await ctx.staff.post('/students').set('Content-Type', 'application/json').send('[1,2]');
    expect(res.status).toBe(422);
  });

  it('names the id next to the body fields when both are wrong', async () => {
    const res = await ctx.staff.put('/students/abc').send({ stuname: '', email: 'x' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'id', 'stuname']);
    expect((await ctx.staff.get('/students/0')).status).toBe(422);
  });

  it('refuses a NUL in a name or email with 422 naming the field, on create and update', async () => {
    expect(await failingFields({ stuname: 'Asha\u0000Rao', email: 'asha@example.edu' })).toEqual(['stuname']);
    expect(await failingFields({ stuname: 'Asha Rao', email: 'asha\u0000@example.edu' }, 'put')).toEqual([
      'email',
    ]);
  });

  it('answers 404 for an id with a broken %-escape', async () => {
    for (const res of [
      await ctx.staff.get('/students/%E0%A4%A'),
      await ctx.staff.put('/students/%zz').send({ stuname: 'A', email: 'a@example.edu' }),
      await ctx.staff.delete('/students/1%'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: expect.any(String), code: 'NOT_FOUND' });
    }
  });

  it('stores nothing from a refused write', async () => {
    const before = (await ctx.staff.get('/students')).body.total;
    await create({ stuname: 'No Email' });
    expect((await ctx.staff.get('/students')).body.total).toBe(before);
  });
});
