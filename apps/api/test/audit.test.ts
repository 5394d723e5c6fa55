import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/context.ts';
import { factories } from './support/factories.ts';

const ctx = useTestApp();

describe('the audit trail', () => {
  it('records create, update and delete with who, what, and the values before and after', async () => {
    const body = await factories.exam.build(ctx.db);
    const office = await ctx.as('office');
    const created = await ctx.api.post('/api/exam').set(office).send(body);
    await ctx.api.put(`/api/exam/${body.exam_id}`).set(office).send({ active_status: '0' });
    await ctx.api.delete(`/api/exam/${body.exam_id}`).set(office);

    const res = await ctx.api
      .get('/api/audit')
      .query({ entity: 'exam', key: body.exam_id })
      .set(await ctx.as('admin'));
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    const [del, upd, cre] = res.body.audit;
    expect(cre).toMatchObject({
      action: 'create',
      user_email: 'office@university.test',
      entity: 'exam',
      entity_key: body.exam_id,
      before: null,
    });
    expect(cre.after).toEqual(created.body.exam);
    expect(upd.before.active_status).toBe(1);
    expect(upd.after.active_status).toBe(0);
    expect(del).toMatchObject({ action: 'delete', after: null });
    expect(del.before.active_status).toBe(0);
    expect(typeof cre.request_id).toBe('string');
  });

  it('keys composite records by their URL path and filters by user, action and time', async () => {
    const body = await factories.paperinfosem.build(ctx.db);
    await ctx.api
      .post('/api/paperinfosem')
      .set(await ctx.as('admin'))
      .send(body);
    const key = [body.session_id, body.course_comb_id, body.sem_id, body.paper_id].join('/');
    const admin = await ctx.as('admin');
    const byKey = await ctx.api.get('/api/audit').query({ entity: 'paperinfosem', key }).set(admin);
    expect(byKey.body.audit).toHaveLength(1);
    const byUser = await ctx.api
      .get('/api/audit')
      .query({ user: 'ADMIN@university.test', action: 'create' })
      .set(admin);
    expect(
      byUser.body.audit.every((e: { user_email: string }) => e.user_email === 'admin@university.test'),
    ).toBe(true);
    const future = await ctx.api
      .get('/api/audit')
      .query({ from: new Date(Date.now() + 60_000).toISOString() })
      .set(admin);
    expect(future.body.total).toBe(0);
    const paged = await ctx.api.get('/api/audit').query({ limit: 1, offset: 0 }).set(admin);
    expect(paged.body.audit).toHaveLength(1);
  });

  it('records nothing for a refused change', async () => {
    const admin = await ctx.as('admin');
    const before = (await ctx.api.get('/api/audit').set(admin)).body.total;
    await ctx.api
      .post('/api/exam')
      .set(admin)
      .send({ exam_id: 'X1', active_status: '1', session_id: 'NOPE' });
    await ctx.api.delete('/api/session/2024-25').set(admin);
    expect((await ctx.api.get('/api/audit').set(admin)).body.total).toBe(before);
  });

  it('is for admins only and cannot be changed through the API or in the database', async () => {
    expect((await ctx.api.get('/api/audit').set(await ctx.as('office'))).status).toBe(403);
    expect((await ctx.api.get('/api/audit')).status).toBe(401);
    const admin = await ctx.as('admin');
    expect((await ctx.api.delete('/api/audit').set(admin)).status).toBe(405);
    expect((await ctx.api.post('/api/audit').set(admin).send({})).status).toBe(405);
    expect((await ctx.api.get('/api/audit?from=yesterday').set(admin)).status).toBe(422);
    await expect(ctx.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    await expect(ctx.db.query(`UPDATE audit_log SET user_email = 'x'`)).rejects.toThrow(/append-only/);
  });
});
