import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collegeWorkflow, defineWorkflow, grants, type Workflow } from '@exam/contracts';
import { createApp } from '../src/app.ts';
import { AppError } from '../src/platform/http/errors.ts';
import type { ActionEffect } from '../src/platform/workflows/effects.ts';
import { apiModules } from '../src/modules.ts';
import { useTestApp } from './support/context.ts';
import { uniqueKey } from './support/factories.ts';

/**
 * The workflow mechanism, through the college workflow (suspend: ACTIVE -> SUSPENDED with a required reason;
 * reinstate back) and, for what that one does not declare, a guard, a workflow of the test's own.
 */
const ctx = useTestApp();
const COLLEGE_FACULTY = 'faculty.college@university.test';

async function newCollege() {
  const college_id = uniqueKey('T');
  const res = await ctx.api
    .post('/api/college')
    .set(await ctx.as('admin'))
    .send({
      college_id,
      college_name: 'Test College',
      college_name_hi: 'परीक्षण महाविद्यालय',
      college_type: 'PRIVATE',
      is_centre: '0',
    });
  expect(res.status, res.text).toBe(201);
  return res.body.college as { college_id: string; status: string; updated_at: string };
}

const read = async (id: string) =>
  (await ctx.api.get(`/api/college/${id}`).set(await ctx.as('admin'))).body.college;
const trail = async (id: string) =>
  (
    await ctx.api
      .get('/api/audit')
      .query({ entity: 'college', key: id, action: 'transition' })
      .set(await ctx.as('admin'))
  ).body.audit;

describe('a workflow action', () => {
  it('moves the status, answers the record, and audits actor, action, reason, before and after', async () => {
    const college = await newCollege();
    expect(college.status).toBe('ACTIVE');
    const res = await ctx.api
      .post(`/api/college/${college.college_id}/suspend`)
      .set(await ctx.as('office'))
      .send({ reason: ' Affiliation fee unpaid ', updated_at: college.updated_at });
    expect(res.status, res.text).toBe(200);
    expect(res.body.college).toMatchObject({ college_id: college.college_id, status: 'SUSPENDED' });
    expect(res.body.message).toBe(`College ${college.college_id} is now Suspended.`);
    expect(new Date(res.body.college.updated_at).getTime()).toBeGreaterThan(
      new Date(college.updated_at).getTime(),
    );

    const [entry, ...more] = await trail(college.college_id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      action: 'transition',
      transition: 'suspend',
      reason: 'Affiliation fee unpaid',
      user_email: 'office@university.test',
      entity: 'college',
    });
    expect(entry.before.status).toBe('ACTIVE');
    expect(entry.after).toEqual(res.body.college);

    const back = await ctx.api
      .post(`/api/college/${college.college_id}/reinstate`)
      .set(await ctx.as('admin'))
      .send({});
    expect(back.status, back.text).toBe(200);
    expect(back.body.college.status).toBe('ACTIVE');
    const [latest] = await trail(college.college_id);
    expect(latest).toMatchObject({
      transition: 'reinstate',
      reason: null,
      user_email: 'admin@university.test',
    });
  });

  it('answers 409 INVALID_TRANSITION naming the status and allowed actions; changes nothing', async () => {
    const college = await newCollege();
    const office = await ctx.as('office');
    const res = await ctx.api
      .post(`/api/college/${college.college_id}/reinstate`)
      .set(office)
      .send({ reason: 'x' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('INVALID_TRANSITION');
    expect(res.body.message).toBe(
      `College ${college.college_id} is Active (ACTIVE); Reinstate is not allowed from that status. ` +
        `Allowed now: Suspend (suspend).`,
    );
    expect(await read(college.college_id)).toEqual(college);
    expect(await trail(college.college_id)).toEqual([]);
  });

  it('answers 422 naming the reason when a required one is missing or blank; changes nothing', async () => {
    const college = await newCollege();
    for (const body of [{}, { reason: '   ' }]) {
      const res = await ctx.api
        .post(`/api/college/${college.college_id}/suspend`)
        .set(await ctx.as('office'))
        .send(body);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.body.errors)).toEqual(['reason']);
    }
    const long = await ctx.api
      .post(`/api/college/${college.college_id}/suspend`)
      .set(await ctx.as('office'))
      .send({ reason: 'x'.repeat(501) });
    expect(long.status).toBe(422);
    expect((await read(college.college_id)).status).toBe('ACTIVE');
    expect(await trail(college.college_id)).toEqual([]);
  });

  it('answers 409 STALE_EDIT when the record changed after the caller read it', async () => {
    const college = await newCollege();
    const admin = await ctx.as('admin');
    const edited = await ctx.api
      .put(`/api/college/${college.college_id}`)
      .set(admin)
      .send({ district: 'Ajmer' });
    expect(edited.status).toBe(200);
    const res = await ctx.api
      .post(`/api/college/${college.college_id}/suspend`)
      .set(admin)
      .send({ reason: 'Inspection failed', updated_at: college.updated_at });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('STALE_EDIT');
    expect((await read(college.college_id)).status).toBe('ACTIVE');
    // With the updated_at read now it goes through.
    const again = await ctx.api
      .post(`/api/college/${college.college_id}/suspend`)
      .set(admin)
      .send({ reason: 'Inspection failed', updated_at: edited.body.college.updated_at });
    expect(again.status).toBe(200);
  });

  it('lets exactly one of two racing actions through', async () => {
    const college = await newCollege();
    const office = await ctx.as('office');
    const answers = await Promise.all(
      [1, 2].map(() =>
        ctx.api.post(`/api/college/${college.college_id}/suspend`).set(office).send({ reason: 'race' }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await trail(college.college_id)).toHaveLength(1);
  });
});

describe('who may act', () => {
  afterEach(() => {
    delete grants.faculty['master-data.write'];
  });

  it('answers 403 FORBIDDEN to a role without the capability, 401 without a token', async () => {
    const college = await newCollege();
    for (const role of ['faculty', 'result', 'student'] as const) {
      const res = await ctx.api
        .post(`/api/college/${college.college_id}/suspend`)
        .set(await ctx.as(role))
        .send({ reason: 'x' });
      expect(res.status, role).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
    expect(
      (await ctx.api.post(`/api/college/${college.college_id}/suspend`).send({ reason: 'x' })).status,
    ).toBe(401);
    expect((await read(college.college_id)).status).toBe('ACTIVE');
  });

  it("answers 404 for a record out of the caller's scope, as for one that does not exist", async () => {
    // A college faculty user holding the capability only for its own college (C101).
    grants.faculty['master-data.write'] = 'college';
    const own = { Authorization: `Bearer ${await ctx.login(COLLEGE_FACULTY)}` };
    const other = await ctx.api.post('/api/college/C102/suspend').set(own).send({ reason: 'Not mine' });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('NOT_FOUND');
    expect(other.body.message).toBe('College C102 does not exist.');
    expect(
      (await ctx.api.post('/api/college/NOSUCH/suspend').set(own).send({ reason: 'x' })).body.message,
    ).toBe('College NOSUCH does not exist.');
    expect((await read('C102')).status).toBe('ACTIVE');

    const mine = await ctx.api
      .post('/api/college/C101/suspend')
      .set(own)
      .send({ reason: 'Own college, for the test' });
    expect(mine.status, mine.text).toBe(200);
    expect((await ctx.api.post('/api/college/C101/reinstate').set(own).send({})).status).toBe(200);
  });
});

describe('the status field', () => {
  it('is never written by a create or an edit: a sent status is ignored, like unknown fields', async () => {
    const admin = await ctx.as('admin');
    const college_id = uniqueKey('T');
    const created = await ctx.api.post('/api/college').set(admin).send({
      college_id,
      college_name: 'Sneaky College',
      college_type: 'GOVT',
      is_centre: 0,
      status: 'SUSPENDED',
    });
    expect(created.status).toBe(201);
    expect(created.body.college.status).toBe('ACTIVE');
    const edited = await ctx.api
      .put(`/api/college/${college_id}`)
      .set(admin)
      .send({ status: 'SUSPENDED', district: 'Kota' });
    expect(edited.status).toBe(200);
    expect(edited.body.college).toMatchObject({ status: 'ACTIVE', district: 'Kota' });
    expect(await trail(college_id)).toEqual([]);
  });

  it('cannot be declared among the fields a create or edit takes: the app refuses to start', () => {
    const examStatus = defineWorkflow({
      resource: 'exam',
      field: 'active_status',
      states: [
        { value: '1', label: 'Active' },
        { value: '0', label: 'Not active' },
      ],
      initial: '1',
      actions: {
        close: {
          label: 'Close',
          from: ['1'],
          to: '0',
          capability: 'master-data.write',
          reason: 'none',
          confirm: 'Close?',
        },
      },
    }) as Workflow;
    expect(() =>
      createApp({
        db: ctx.db,
        config: ctx.config,
        modules: [...apiModules, { name: 'bad', workflows: [examStatus] }],
      }),
    ).toThrow(/moved by its workflow/);
  });
});

describe('a guard', () => {
  // Reinstating as an examination centre needs the college to be one: a pure check on the record.
  const centreWorkflow = defineWorkflow({
    ...collegeWorkflow,
    actions: {
      ...collegeWorkflow.actions,
      'reinstate-centre': {
        label: 'Reinstate as centre',
        from: ['SUSPENDED'],
        to: 'ACTIVE',
        capability: 'master-data.write',
        reason: 'optional',
        confirm: 'Reinstate?',
        guard: {
          description: 'the college to be an examination centre',
          check: (record) => record.is_centre === 1,
        },
      },
    },
  }) as Workflow;

  it('refuses with 409 INVALID_TRANSITION saying what is needed, and allows once it holds', async () => {
    const app = createApp({
      db: ctx.db,
      config: ctx.config,
      modules: [...apiModules, { name: 'centres', workflows: [centreWorkflow] }],
    });
    const { default: request } = await import('supertest');
    const admin = await ctx.as('admin');
    const college = await newCollege();
    await ctx.api.post(`/api/college/${college.college_id}/suspend`).set(admin).send({ reason: 'test' });
    const refused = await request(app)
      .post(`/api/college/${college.college_id}/reinstate-centre`)
      .set(admin)
      .send({});
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('INVALID_TRANSITION');
    expect(refused.body.message).toBe(
      `College ${college.college_id} is Suspended (SUSPENDED); Reinstate as centre needs the college to ` +
        `be an examination centre. Allowed now: Reinstate (reinstate).`,
    );
    await ctx.api.put(`/api/college/${college.college_id}`).set(admin).send({ is_centre: 1 });
    const allowed = await request(app)
      .post(`/api/college/${college.college_id}/reinstate-centre`)
      .set(admin)
      .send({});
    expect(allowed.status, allowed.text).toBe(200);
    expect(allowed.body.college.status).toBe('ACTIVE');
  });
});

describe('the action paths', () => {
  it('are described in OpenAPI from the declaration; 405 to other methods, 404 if unknown', async () => {
    const doc = (await ctx.api.get('/api/openapi.json')).body;
    const suspend = doc.paths['/college/{college_id}/suspend'].post;
    expect(suspend.summary).toBe('Suspend: status ACTIVE → SUSPENDED');
    expect(suspend.description).toContain('A `reason` is required');
    expect(Object.keys(suspend.responses)).toEqual(
      expect.arrayContaining(['200', '403', '404', '409', '422']),
    );
    expect(doc.paths['/college/{college_id}/reinstate'].post.description).toContain('may be given');

    const admin = await ctx.as('admin');
    const get = await ctx.api.get('/api/college/C101/suspend').set(admin);
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
    expect((await ctx.api.post('/api/college/C101/close').set(admin).send({})).status).toBe(404);
  });
});

describe('an action with an effect (the module’s database rules, in the action’s transaction)', () => {
  const notedWorkflow = defineWorkflow({
    ...collegeWorkflow,
    actions: {
      ...collegeWorkflow.actions,
      'suspend-noted': {
        label: 'Suspend with a note',
        from: ['ACTIVE'],
        to: 'SUSPENDED',
        capability: 'master-data.write',
        reason: 'optional',
        confirm: 'Suspend?',
      },
      'reinstate-later': {
        label: 'Reinstate later',
        from: ['SUSPENDED'],
        to: 'ACTIVE',
        capability: 'master-data.write',
        reason: 'none',
        confirm: 'Reinstate?',
      },
    },
  }) as Workflow;
  const effects: Record<string, ActionEffect> = {
    'suspend-noted': {
      body: z.object({ note: z.string().min(1) }),
      async before({ tx, input }) {
        if (input.note === 'refuse') {
          // Another row written first: the refusal after it must undo it too.
          await tx.college.update({
            where: { college_id: 'C102' },
            data: { district: 'WRITTEN BEFORE REFUSAL' },
          });
          throw new AppError('LOCKED', 'Refused by the effect.');
        }
        return { set: { district: input.note } };
      },
    },
    'reinstate-later': {
      answers: 'job',
      async before() {
        return {
          answer: {
            status: 202,
            body: {
              job: { job_id: 'j1', kind: 'later', status: 'queued', done: 0, total: 1, message: 'Queued' },
            },
          },
        };
      },
    },
  };
  const app = () =>
    createApp({
      db: ctx.db,
      config: ctx.config,
      modules: [{ name: 'noted', workflows: [{ workflow: notedWorkflow, effects }] }, ...apiModules],
    });

  it(
    'validates its own body, refuses with nothing changed, stores its fields with the move, or answers 202 ' +
      'without moving',
    async () => {
      const { default: request } = await import('supertest');
      const admin = await ctx.as('admin');
      const college = await newCollege();
      const path = `/api/college/${college.college_id}`;
      const noBody = await request(app()).post(`${path}/suspend-noted`).set(admin).send({});
      expect(noBody.status).toBe(422);
      expect(Object.keys(noBody.body.errors)).toEqual(['note']);
      const refused = await request(app()).post(`${path}/suspend-noted`).set(admin).send({ note: 'refuse' });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'LOCKED', message: 'Refused by the effect.' });
      expect(await read(college.college_id)).toMatchObject({ status: 'ACTIVE', district: null });
      expect((await read('C102')).district).not.toBe('WRITTEN BEFORE REFUSAL');
      expect(await trail(college.college_id)).toEqual([]);

      const moved = await request(app()).post(`${path}/suspend-noted`).set(admin).send({ note: 'Kota' });
      expect(moved.status, moved.text).toBe(200);
      expect(moved.body.college).toMatchObject({ status: 'SUSPENDED', district: 'Kota' });

      const later = await request(app()).post(`${path}/reinstate-later`).set(admin).send({});
      expect(later.status).toBe(202);
      expect(later.body.job).toMatchObject({ job_id: 'j1', status: 'queued' });
      expect((await read(college.college_id)).status).toBe('SUSPENDED');
      const doc = (await request(app()).get('/api/openapi.json')).body;
      expect(Object.keys(doc.paths['/college/{college_id}/reinstate-later'].post.responses)).toContain('202');
      expect(
        doc.paths['/college/{college_id}/suspend-noted'].post.requestBody.content['application/json'].schema
          .properties,
      ).toHaveProperty('note');
    },
  );

  it('for an action the workflow does not declare: the app refuses to start', () => {
    expect(() =>
      createApp({
        db: ctx.db,
        config: ctx.config,
        modules: [
          ...apiModules,
          { name: 'bad', workflows: [{ workflow: collegeWorkflow, effects: { close: {} } }] },
        ],
      }),
    ).toThrow(/effects for undeclared actions close/);
  });
});
