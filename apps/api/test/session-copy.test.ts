import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/context.ts';

/**
 * Copying a session (`POST /api/session/{to}/copy-from/{from}`) and a record's history (`GET
 * /api/history/...`): the clerk's yearly chore and the History tab, through HTTP on the real database.
 */
const ctx = useTestApp();

const newSession = async (id: string) => {
  const res = await ctx.api
    .post('/api/session')
    .set(await ctx.as('office'))
    .send({ session_id: id, session_name: `Academic Session ${id}` });
  expect(res.status).toBe(201);
};
const copy = async (
  to: string,
  from: string,
  dryRun: boolean,
  role: 'office' | 'admin' | 'faculty' = 'office',
) =>
  ctx.api
    .post(`/api/session/${to}/copy-from/${from}`)
    .query(dryRun ? { dry_run: '1' } : {})
    .set(await ctx.as(role));
const countIn = async (session: string) => ({
  cc: await ctx.db.prisma.ccinfoSem.count({ where: { session_id: session } }),
  papers: await ctx.db.prisma.paperInfoSem.count({ where: { session_id: session } }),
});

describe('copying a session', () => {
  it('previews, then creates every link and scheme at once, audited; a rerun creates nothing', async () => {
    await newSession('2025-26');
    const source = await countIn('2024-25');
    expect(source.cc).toBeGreaterThan(0);
    expect(source.papers).toBeGreaterThan(0);

    const preview = await copy('2025-26', '2024-25', true);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      dry_run: true,
      from: '2024-25',
      to: '2025-26',
      counts: {
        ccinfo_sem: { create: source.cc, exists: 0 },
        paperinfosem: { create: source.papers, exists: 0 },
      },
    });
    expect(preview.body.paperinfosem).toHaveLength(source.papers);
    expect(preview.body.paperinfosem[0]).toMatchObject({ status: 'create' });
    expect(preview.body.message).toBe(
      `Copying 2024-25 into 2025-26 would create ${source.cc} course-semester links and ${source.papers} ` +
        `paper schemes (0 already in 2025-26).`,
    );
    // The preview stored nothing.
    expect(await countIn('2025-26')).toEqual({ cc: 0, papers: 0 });

    const done = await copy('2025-26', '2024-25', false);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      dry_run: false,
      counts: { ccinfo_sem: { create: source.cc }, paperinfosem: { create: source.papers } },
    });
    expect(await countIn('2025-26')).toEqual(source);
    // Same values as the source row, in the new session.
    const from = await ctx.api.get('/api/paperinfosem/2024-25/BA01/1/ENG101').set(await ctx.as('office'));
    const to = await ctx.api.get('/api/paperinfosem/2025-26/BA01/1/ENG101').set(await ctx.as('office'));
    expect(to.status).toBe(200);
    for (const field of [
      'max_marks',
      'min_marks',
      'ext_max_marks',
      'int_max_marks',
      'th_pr_status',
      'paper_type',
      'credit_point',
      'course_category',
    ]) {
      expect(to.body.paperinfosem[field], field).toEqual(from.body.paperinfosem[field]);
    }

    // One audit entry per created row, plus the action on the target session.
    const admin = await ctx.as('admin');
    const created = await ctx.api
      .get('/api/audit')
      .query({ entity: 'paperinfosem', action: 'create', limit: 500 })
      .set(admin);
    const copied = created.body.audit.filter((e: { entity_key: string }) =>
      e.entity_key.startsWith('2025-26/'),
    );
    expect(copied).toHaveLength(source.papers);
    expect(copied[0]).toMatchObject({
      user_email: 'office@university.test',
      reason: 'Copied from session 2024-25',
    });
    const links = await ctx.api
      .get('/api/audit')
      .query({ entity: 'ccinfo_sem', action: 'create', limit: 500 })
      .set(admin);
    expect(
      links.body.audit.filter((e: { entity_key: string }) => e.entity_key.startsWith('2025-26/')),
    ).toHaveLength(source.cc);
    const action = await ctx.api
      .get('/api/audit')
      .query({ entity: 'session', key: '2025-26', action: 'transition' })
      .set(admin);
    expect(action.body.audit).toHaveLength(1);
    expect(action.body.audit[0]).toMatchObject({
      transition: 'copy-from',
      after: { from_session_id: '2024-25' },
    });

    const again = await copy('2025-26', '2024-25', false);
    expect(again.status).toBe(200);
    expect(again.body.counts).toEqual({
      ccinfo_sem: { create: 0, exists: source.cc },
      paperinfosem: { create: 0, exists: source.papers },
    });
    expect(await countIn('2025-26')).toEqual(source);
  });

  it('creates only what is missing, and names what exists already', async () => {
    // 2023-24 holds semester 1 of two courses; 2024-25 has more.
    const before = await countIn('2023-24');
    const preview = await copy('2023-24', '2024-25', true);
    expect(preview.status).toBe(200);
    const { ccinfo_sem, paperinfosem } = preview.body.counts;
    expect(ccinfo_sem.exists).toBe(before.cc);
    expect(paperinfosem.exists).toBe(before.papers);
    expect(preview.body.ccinfo_sem).toContainEqual({ course_comb_id: 'BA01', sem_id: '1', status: 'exists' });
    expect(preview.body.ccinfo_sem).toContainEqual({ course_comb_id: 'BA01', sem_id: '2', status: 'create' });
    await copy('2023-24', '2024-25', false);
    expect(await countIn('2023-24')).toEqual({
      cc: before.cc + ccinfo_sem.create,
      papers: before.papers + paperinfosem.create,
    });
  });

  it('refuses: read-only role 403, unknown session 404, copy onto itself 422; stores nothing', async () => {
    await newSession('2026-27');
    const refused = await copy('2026-27', '2024-25', false, 'faculty');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    const unknownTarget = await copy('2099-00', '2024-25', true);
    expect(unknownTarget.status).toBe(404);
    expect(unknownTarget.body).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Session 2099-00 does not exist.',
    });
    const unknownSource = await copy('2026-27', '1999-00', false);
    expect(unknownSource.status).toBe(404);
    expect(unknownSource.body.message).toBe('Session 1999-00 does not exist.');
    const itself = await copy('2026-27', '2026-27', false);
    expect(itself.status).toBe(422);
    expect(await countIn('2026-27')).toEqual({ cc: 0, papers: 0 });
  });
});

describe("a record's history", () => {
  it('lists who changed what and when, newest first, for any role that may read the record', async () => {
    const office = await ctx.as('office');
    const created = await ctx.api
      .post('/api/exam')
      .set(office)
      .send({ exam_id: 'HIST-1', exam_desc: 'History exam', session_id: '2024-25', active_status: '0' });
    expect(created.status).toBe(201);
    const edited = await ctx.api
      .put('/api/exam/HIST-1')
      .set(await ctx.as('admin'))
      .send({ exam_desc: 'History exam (renamed)', updated_at: created.body.exam.updated_at });
    expect(edited.status).toBe(200);

    const res = await ctx.api.get('/api/history/exam/HIST-1').set(await ctx.as('faculty'));
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    const [update, create] = res.body.history;
    expect(update).toMatchObject({ action: 'update', user_email: 'admin@university.test' });
    expect(update.before.exam_desc).toBe('History exam');
    expect(update.after.exam_desc).toBe('History exam (renamed)');
    expect(create).toMatchObject({ action: 'create', user_email: 'office@university.test', before: null });
  });

  it('keys composite records by path; 404 for a missing record, 403 for the student role', async () => {
    await newSession('2027-28');
    await copy('2027-28', '2024-25', false);
    const res = await ctx.api
      .get('/api/history/paperinfosem/2027-28/BA01/1/ENG101')
      .set(await ctx.as('result'));
    expect(res.status).toBe(200);
    expect(res.body.history).toHaveLength(1);
    expect(res.body.history[0]).toMatchObject({ action: 'create', reason: 'Copied from session 2024-25' });
    expect(
      (await ctx.api.get('/api/history/paperinfosem/2027-28/BA01/1/NOPE').set(await ctx.as('office'))).status,
    ).toBe(404);
    expect((await ctx.api.get('/api/history/exam/HIST-1').set(await ctx.as('student'))).status).toBe(403);
  });

  it('keeps a faculty user of a college to its own colleges: another college answers 404', async () => {
    const own = { Authorization: `Bearer ${await ctx.login('faculty.college@university.test')}` };
    expect((await ctx.api.get('/api/history/college/C101').set(own)).status).toBe(200);
    expect((await ctx.api.get('/api/history/college/C102').set(own)).status).toBe(404);
  });
});
