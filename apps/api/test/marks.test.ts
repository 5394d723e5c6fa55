import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@exam/db';
import { DEMO_PASSWORD } from '@exam/db/seed';
import { useTestApp } from './support/context.ts';

/**
 * Marks entry through HTTP (lifecycle S3, S6, S7; state machine G; lock matrix §2.4): internal batches
 * entered by a college's faculty for its own college and department only, submitted, verified by a second
 * person and locked into the marks of record; external batches by roll number with attendance presets; coded
 * award lists by fictitious number with double entry; reopen by admin with a reason; corrections after
 * locking. Every bad input of issue 14 is refused with a clear message and changes nothing.
 */
const ctx = useTestApp();
const EXAM = 'MAIN-DEC-2023';
const KEY = { exam_id: EXAM, session_id: '2023-24', course_comb_id: 'BSC01', sem_id: '1' };
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
let facultyC104: Record<string, string>;
let facultyC101: Record<string, string>;
let office: Record<string, string>;
let office2: Record<string, string>;
let admin: Record<string, string>;
let admin2: Record<string, string>;
let attempts: Array<{ attempt_id: string; student_id: string }>;

async function user(email: string, role: string, extra: Record<string, unknown> = {}) {
  await ctx.db.prisma.user.create({
    data: {
      email,
      name: email,
      role: role as never,
      password_hash: await hashPassword(DEMO_PASSWORD, 4),
      ...extra,
    },
  });
  return auth(await ctx.login(email));
}

const rowsOf = async (batchId: string, headers = office) =>
  (await ctx.api.get(`/api/entrybatch/${batchId}/rows`).set(headers)).body;
const put = (batchId: string, rows: unknown[], headers: Record<string, string>) =>
  ctx.api.put(`/api/entrybatch/${batchId}/rows`).set(headers).send({ rows });
const act = (
  batchId: string,
  action: string,
  headers: Record<string, string>,
  body: Record<string, unknown> = {},
) => ctx.api.post(`/api/entrybatch/${batchId}/${action}`).set(headers).send(body);

beforeAll(async () => {
  facultyC104 = await user('phy.c104@university.test', 'faculty', {
    system: 'college',
    college_id: 'C104',
    dept_id: 'PHY',
  });
  facultyC101 = auth(await ctx.login('faculty.college@university.test'));
  office = await ctx.as('office');
  office2 = await user('office2@university.test', 'office');
  admin = await ctx.as('admin');
  admin2 = await user('admin2@university.test', 'admin');
  attempts = await ctx.db.prisma.attempt.findMany({
    where: { ...KEY, paper_id: 'PHY101', college_id: 'C104' },
    orderBy: { student_id: 'asc' },
    select: { attempt_id: true, student_id: true },
  });
  expect(attempts.length).toBeGreaterThanOrEqual(3);
});

describe('internal batches (S3)', () => {
  let batchId: string;

  it('a teacher opens the internal batches of its own college and department only', async () => {
    const batches = async () =>
      (await ctx.api.get(`/api/entrybatch?exam_id=${EXAM}&component=INT&limit=500`).set(office)).body
        .entrybatch as Array<{ batch_id: string; college_id: string; dept_id: string }>;
    const before = new Set((await batches()).map((b) => b.batch_id));
    const mine = await ctx.api
      .post('/api/entrybatch-open')
      .set(facultyC104)
      .send({ exam_id: EXAM, deadline: '2020-01-01T00:00:00+05:30' });
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    expect(mine.body.created).toBeGreaterThan(0);
    // Every batch it made is C104's, of PHY's papers: no other college or department got one.
    const made = (await batches()).filter((b) => !before.has(b.batch_id));
    expect(made).toHaveLength(mine.body.created);
    expect(made.every((b) => b.college_id === 'C104' && b.dept_id === 'PHY')).toBe(true);
    // Not the external batches, which the examination office opens.
    const external = await ctx.api
      .post('/api/entrybatch-open')
      .set(facultyC104)
      .send({ exam_id: EXAM, component: 'EXT' });
    expect(external.status).toBe(403);
    expect(external.body.message_code).toBe('marks.openOnlyInternal');
  });

  it('opens internal batches per paper × college × department; other colleges see none', async () => {
    const opened = await ctx.api
      .post('/api/entrybatch-open')
      .set(office)
      .send({ exam_id: EXAM, component: 'INT', deadline: '2020-01-01T00:00:00+05:30' });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(opened.body.created).toBeGreaterThan(0);
    const again = await ctx.api
      .post('/api/entrybatch-open')
      .set(office)
      .send({ exam_id: EXAM, component: 'INT' });
    expect(again.body.created).toBe(0);
    expect(again.body.existing).toBeGreaterThanOrEqual(opened.body.created);
    const list = await ctx.api
      .get(`/api/entrybatch?exam_id=${EXAM}&component=INT&paper_id=PHY101&college_id=C104`)
      .set(office);
    expect(list.body.total).toBe(1);
    batchId = list.body.entrybatch[0].batch_id;
    expect(list.body.entrybatch[0]).toMatchObject({
      status: 'OPEN',
      dept_id: 'PHY',
      max_marks: '25',
      row_count: attempts.length,
    });
    // The faculty user of C104/PHY sees its batches; C101's faculty sees none of C104's.
    const mine = await ctx.api.get(`/api/entrybatch?exam_id=${EXAM}&component=INT`).set(facultyC104);
    expect(
      mine.body.entrybatch.every(
        (b: { college_id: string; dept_id: string }) => b.college_id === 'C104' && b.dept_id === 'PHY',
      ),
    ).toBe(true);
    expect((await ctx.api.get(`/api/entrybatch/${batchId}`).set(facultyC101)).status).toBe(404);
    const pending = await ctx.api.get(`/api/entrybatch-pending?exam_id=${EXAM}&college_id=C104`).set(office);
    expect(pending.body.pending.find((p: { batch_id: string }) => p.batch_id === batchId)).toMatchObject({
      overdue: true,
      pending: attempts.length,
    });
  });

  it('refuses another college (404), marks over maximum, three decimals, marks with a status', async () => {
    const a = attempts[0]!.attempt_id;
    const out = await put(batchId, [{ attempt_id: a, value: '20' }], facultyC101);
    expect(out.status).toBe(404);
    const high = await put(
      batchId,
      [
        { attempt_id: a, value: '20' },
        { attempt_id: attempts[1]!.attempt_id, value: '26' },
      ],
      facultyC104,
    );
    expect(high.status).toBe(422);
    expect(high.body.errors['rows.1.value'][0]).toMatch(/26.* above the maximum 25/);
    const decimals = await put(batchId, [{ attempt_id: a, value: '12.345' }], facultyC104);
    expect(decimals.body.errors['rows.0.value'][0]).toMatch(/two decimals/);
    const both = await put(batchId, [{ attempt_id: a, value: '12', status: 'AB' }], facultyC104);
    expect(both.body.errors['rows.0.value'][0]).toMatch(/not both/);
    const twice = await put(
      batchId,
      [
        { attempt_id: a, value: '12' },
        { attempt_id: a, value: '13' },
      ],
      facultyC104,
    );
    expect(twice.body.errors['rows.1.attempt_id'][0]).toMatch(/given twice/);
    const rows = await rowsOf(batchId);
    expect(
      rows.rows.every((r: { value: unknown; status: unknown }) => r.value === null && r.status === null),
    ).toBe(true);
    expect(rows.status).toBe('OPEN');
  });

  it('saves a draft (AB a status); refuses submitting an empty row; submits, verifies, locks', async () => {
    const [a, b, ...rest] = attempts.map((x) => x.attempt_id);
    const saved = await put(
      batchId,
      [
        { attempt_id: a, value: '21.5' },
        { attempt_id: b, value: 'ab' },
      ],
      facultyC104,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      saved: 2,
      status: 'DRAFT',
      totals: { entered: 1, absent: 1, pending: rest.length, total: '21.5' },
    });
    const early = await act(batchId, 'submit', facultyC104);
    expect(early.status).toBe(422);
    expect(early.body.errors.rows[0]).toMatch(new RegExp(`${rest.length} rows? ha(s|ve) no marks or status`));
    expect((await rowsOf(batchId)).status).toBe('DRAFT');
    await put(
      batchId,
      rest.map((id, i) => ({ attempt_id: id, value: String(10 + i) })),
      facultyC104,
    );
    const submitted = await act(batchId, 'submit', facultyC104);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.entrybatch.status).toBe('SUBMITTED');
    expect(submitted.body.totals).toMatchObject({ rows: attempts.length, absent: 1, pending: 0 });
    expect(submitted.body.message).toMatch(/submitted: \d+ rows/);
    // Rows take no edits once submitted.
    expect((await put(batchId, [{ attempt_id: a, value: '1' }], facultyC104)).status).toBe(409);
    // The one who submitted does not verify; office does, then locks.
    const self = await ctx.api.post(`/api/entrybatch/${batchId}/verify`).set(facultyC104).send({});
    expect(self.status).toBe(403);
    expect((await act(batchId, 'verify', office)).body.entrybatch.status).toBe('VERIFIED');
    expect((await act(batchId, 'lock', facultyC104)).status).toBe(403);
    const locked = await act(batchId, 'lock', office);
    expect(locked.body.entrybatch.status).toBe('LOCKED');
    const marks = await ctx.db.query<{
      attempt_id: string;
      value: string | null;
      status: string | null;
      source: string;
    }>(
      `SELECT attempt_id, value::text AS value, status, source
         FROM mark_record
        WHERE batch_id = $1
        ORDER BY attempt_id`,
      [batchId],
    );
    expect(marks.find((m) => m.attempt_id === a)).toMatchObject({
      value: '21.50',
      status: null,
      source: 'ENTRY',
    });
    expect(marks.find((m) => m.attempt_id === b)).toMatchObject({ value: null, status: 'AB' });
    // The marks of record as the API answers them, within the caller's scope.
    const records = await ctx.api
      .get(`/api/markrecord?exam_id=${EXAM}&paper_id=PHY101&component=INT`)
      .set(office);
    expect(records.body.markrecord.find((m: { attempt_id: string }) => m.attempt_id === a)).toMatchObject({
      student_id: attempts[0]!.student_id,
      college_id: 'C104',
      value: '21.50',
      source: 'ENTRY',
    });
    expect(
      (await ctx.api.get(`/api/markrecord?exam_id=${EXAM}&paper_id=PHY101`).set(facultyC101)).body.total,
    ).toBe(0);
    expect(
      (await ctx.api.get(`/api/markrecord?exam_id=${EXAM}&paper_id=PHY101`).set(facultyC104)).body.total,
    ).toBe(attempts.length);
  });

  it('refuses an edit of a LOCKED batch (409, a correction is needed) and changes nothing', async () => {
    const a = attempts[0]!.attempt_id;
    const edit = await put(batchId, [{ attempt_id: a, value: '5' }], facultyC104);
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('LOCKED');
    expect(edit.body.message).toMatch(/marks correction/);
    expect((await rowsOf(batchId)).rows.find((r: { attempt_id: string }) => r.attempt_id === a).value).toBe(
      '21.50',
    );
  });

  it('reopen needs the admin and a reason; the reopened batch is a draft again', async () => {
    expect((await act(batchId, 'reopen', office, { reason: 'x' })).status).toBe(403);
    const noReason = await act(batchId, 'reopen', admin);
    expect(noReason.status).toBe(422);
    expect((await rowsOf(batchId)).status).toBe('LOCKED');
    const reopened = await act(batchId, 'reopen', admin, { reason: 'HoD found a wrong mark on the sheet' });
    expect(reopened.body.entrybatch).toMatchObject({
      status: 'REOPENED',
      status_reason: 'HoD found a wrong mark on the sheet',
    });
    const saved = await put(batchId, [{ attempt_id: attempts[0]!.attempt_id, value: '22' }], facultyC104);
    expect(saved.body.status).toBe('DRAFT');
    await act(batchId, 'submit', facultyC104);
    await act(batchId, 'verify', office);
    expect((await act(batchId, 'lock', office)).body.entrybatch.status).toBe('LOCKED');
    const [mark] = await ctx.db.query<{ value: string }>(
      `SELECT value::text AS value FROM mark_record WHERE attempt_id = $1 AND component = 'INT'`,
      [attempts[0]!.attempt_id],
    );
    expect(mark!.value).toBe('22.00');
  });

  it('a correction keeps old, new, reason, kind; applied only when another person approves', async () => {
    const a = attempts[0]!.attempt_id;
    const above = await ctx.api
      .post('/api/markcorrection')
      .set(office)
      .send({ attempt_id: a, component: 'INT', new: '26', reason: 'Totalling error', kind: 'DATA_ENTRY' });
    expect(above.status).toBe(422);
    const asked = await ctx.api.post('/api/markcorrection').set(admin).send({
      attempt_id: a,
      component: 'INT',
      new: '23',
      reason: 'Totalling error on the sheet',
      kind: 'DATA_ENTRY',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body.markcorrection).toMatchObject({
      old: '22.00',
      new: '23.00',
      reason: 'Totalling error on the sheet',
      kind: 'DATA_ENTRY',
      status: 'REQUESTED',
    });
    const id = asked.body.markcorrection.correction_id;
    const value = async () =>
      (
        await ctx.db.query<{ value: string; source: string }>(
          `SELECT value::text AS value, source FROM mark_record WHERE attempt_id = $1 AND component = 'INT'`,
          [a],
        )
      )[0]!;
    expect((await value()).value).toBe('22.00');
    expect((await ctx.api.post(`/api/markcorrection/${id}/approve`).set(office).send({})).status).toBe(403);
    expect((await ctx.api.post(`/api/markcorrection/${id}/approve`).set(admin).send({})).status).toBe(403);
    const approved = await ctx.api.post(`/api/markcorrection/${id}/approve`).set(admin2).send({});
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await value()).toEqual({ value: '23.00', source: 'CORRECTION' });
    // The entered row is untouched: the correction lives in the marks of record and its log.
    expect((await rowsOf(batchId)).rows.find((r: { attempt_id: string }) => r.attempt_id === a).value).toBe(
      '22.00',
    );
  });
});

describe('external batches by roll number and practical batches (S6 coding OFF, S7)', () => {
  it('presets an absentee from attendance, refusing marks; a practical batch with examiners', async () => {
    // Coding OFF on the course link; PHY101 has a slot; the first candidate is ABSENT in it.
    const slot =
      (await ctx.db.prisma.timetableSlotCourse.findUnique({ where: { key: { ...KEY, paper_id: 'PHY101' } } }))
        ?.slot_id ?? 'SLOT-MK-1';
    if (slot === 'SLOT-MK-1') {
      await ctx.db.prisma.timetableSlot.create({
        data: {
          slot_id: slot,
          exam_id: EXAM,
          paper_id: 'PHY101',
          courses: 'BSC01',
          date: '2023-12-01',
          shift: 'FN',
          start_time: '10:00',
          duration_minutes: 180,
        },
      });
      await ctx.db.prisma.timetableSlotCourse.create({ data: { ...KEY, paper_id: 'PHY101', slot_id: slot } });
    }
    await ctx.db.query(
      `INSERT INTO attendance (slot_id, student_id, exam_id, paper_id, centre_id, college_id, roll_no, status)
       VALUES ($1, $2, $3, 'PHY101', 'C104', 'C104', 'R1', 'ABSENT')`,
      [slot, attempts[0]!.student_id, EXAM],
    );
    const created = await ctx.api
      .post('/api/entrybatch')
      .set(office)
      .send({ component: 'EXT', ...KEY, paper_id: 'PHY101', college_id: 'C104' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.entrybatch.batch_id;
    const rows = await rowsOf(id);
    expect(rows.rows[0]).toMatchObject({ attempt_id: attempts[0]!.attempt_id, preset: 'AB' });
    expect(rows.max_marks).toBe('75.00');
    const refused = await put(id, [{ attempt_id: attempts[0]!.attempt_id, value: '40' }], office);
    expect(refused.status).toBe(422);
    expect(refused.body.errors['rows.0.value'][0]).toMatch(/ABSENT by the attendance/);
    expect((await rowsOf(id)).rows[0].value).toBeNull();
    expect(
      (
        await put(
          id,
          [
            { attempt_id: attempts[0]!.attempt_id, status: 'AB' },
            { attempt_id: attempts[1]!.attempt_id, value: 76 },
          ],
          office,
        )
      ).body.errors['rows.1.value'][0],
    ).toMatch(/above the maximum 75/);

    // Marks saved for a candidate whom an attendance correction then marks absent: the final submit (reading
    // the attendance fresh) refuses them, naming the candidate.
    await put(
      id,
      attempts.map((a, i) =>
        i === 0
          ? { attempt_id: a.attempt_id, status: 'AB' }
          : { attempt_id: a.attempt_id, value: String(40 + i) },
      ),
      office,
    );
    await ctx.db.query(
      `INSERT INTO attendance (slot_id, student_id, exam_id, paper_id, centre_id, college_id, roll_no, status)
       VALUES ($1, $2, $3, 'PHY101', 'C104', 'C104', 'R2', 'ABSENT')`,
      [slot, attempts[1]!.student_id, EXAM],
    );
    const late = await act(id, 'submit', office);
    expect(late.status).toBe(422);
    expect(late.body.errors.rows[0]).toMatch(/absent or UFM/);
    expect((await ctx.api.get(`/api/entrybatch/${id}`).set(office)).body.entrybatch.status).toBe('DRAFT');

    const pr = await ctx.api
      .post('/api/entrybatch')
      .set(office)
      .send({
        component: 'PR',
        ...KEY,
        paper_id: 'PHY101P',
        college_id: 'C104',
        practical_date: '2023-12-10',
        practical_shift: 'FN',
        lab: 'Physics Lab 1',
        internal_examiner: 'Dr. A',
        external_examiner: 'Dr. B',
      });
    expect(pr.status, JSON.stringify(pr.body)).toBe(201);
    const prId = pr.body.entrybatch.batch_id;
    const prRows = (await rowsOf(prId, facultyC104)).rows as Array<{ attempt_id: string }>;
    const save = await put(
      prId,
      prRows.map((r, i) => ({ attempt_id: r.attempt_id, value: i === 0 ? 'AB' : String(30 + i) })),
      facultyC104,
    );
    expect(save.body.totals).toMatchObject({ pending: 0, absent: 1 });
    expect((await act(prId, 'submit', facultyC104)).body.entrybatch.status).toBe('SUBMITTED');
    expect((await act(prId, 'verify', office)).body.entrybatch.status).toBe('VERIFIED');
    expect((await act(prId, 'lock', office)).body.entrybatch.status).toBe('LOCKED');
  });

  it('refuses a roll-number external batch where coding is ON', async () => {
    await ctx.db.prisma.examCcinfo.update({ where: { key: KEY }, data: { coding: 'ON' } });
    const refused = await ctx.api
      .post('/api/entrybatch')
      .set(office)
      .send({ component: 'EXT', ...KEY, paper_id: 'CHE101', college_id: 'C104' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/coded/);
    await ctx.db.prisma.examCcinfo.update({ where: { key: KEY }, data: { coding: 'OFF' } });
  });
});

describe('coded award lists with double entry (S6)', () => {
  let e1: string;
  let e2: string;
  const books = ['K1003', 'K1001', 'K1002'];

  beforeAll(async () => {
    const { openAwardListBatches } = await import('../src/modules/marks/index.ts');
    const { batch_ids } = await ctx.db.prisma.$transaction((tx) =>
      openAwardListBatches(tx, { ...KEY, paper_id: 'CHE101', packet_no: 'PK-CHE-1', fict_nos: books }),
    );
    [e1, e2] = batch_ids;
  });

  it('answers fictitious numbers only: no attempt, student, roll number, name or college', async () => {
    const res = await ctx.api.get(`/api/entrybatch/${e1}/rows`).set(office);
    expect(res.status).toBe(200);
    expect(res.body.rows.map((r: { fict_no: string }) => r.fict_no)).toEqual(books);
    const text = JSON.stringify(res.body);
    for (const word of ['attempt_id', 'student_id', 'roll_no', 'name', 'college'])
      expect(text).not.toContain(word);
    const students = await ctx.db.prisma.attempt.findMany({
      where: { ...KEY, paper_id: 'CHE101' },
      select: { student_id: true },
    });
    for (const s of students) expect(text).not.toContain(s.student_id);
    const batch = JSON.stringify((await ctx.api.get(`/api/entrybatch/${e1}`).set(office)).body);
    expect(batch).not.toMatch(/C104/);
  });

  it('refuses a second value for one fictitious number and a number not in the packet', async () => {
    const twice = await put(
      e1,
      [
        { fict_no: 'K1001', value: '46' },
        { fict_no: 'K1001', value: '64' },
      ],
      office,
    );
    expect(twice.status).toBe(422);
    expect(twice.body.errors['rows.1.fict_no'][0]).toMatch(/K1001 is given twice/);
    const stranger = await put(e1, [{ fict_no: 'K9999', value: '46' }], office);
    expect(stranger.body.errors['rows.0.fict_no'][0]).toMatch(/not in batch/);
    expect((await rowsOf(e1)).rows.every((r: { value: unknown }) => r.value === null)).toBe(true);
  });

  it('a mismatch (46 vs 64) returns both entries to DRAFT; agreeing ones verify and lock', async () => {
    await put(
      e1,
      [
        { fict_no: 'K1001', value: '46' },
        { fict_no: 'K1002', status: 'AB' },
        { fict_no: 'K1003', status: 'BLANK' },
      ],
      office,
    );
    await put(
      e2,
      [
        { fict_no: 'K1001', value: '64' },
        { fict_no: 'K1002', status: 'AB' },
        { fict_no: 'K1003', status: 'BLANK' },
      ],
      office2,
    );
    expect((await act(e1, 'submit', office)).status).toBe(200);
    expect((await act(e2, 'submit', office2)).status).toBe(200);
    const verify = await act(e2, 'verify', admin);
    expect(verify.status, JSON.stringify(verify.body)).toBe(200);
    expect(verify.body.entrybatch.status).toBe('DRAFT');
    expect(verify.body.mismatches).toEqual([{ fict_no: 'K1001', entry_1: '46.00', entry_2: '64.00' }]);
    expect(verify.body.message).toMatch(/K1001: 46.00 vs 64.00/);
    expect((await ctx.api.get(`/api/entrybatch/${e1}`).set(office)).body.entrybatch.status).toBe('DRAFT');

    await put(e2, [{ fict_no: 'K1001', value: '46' }], office2);
    await act(e1, 'submit', office);
    await act(e2, 'submit', office2);
    const ok = await act(e1, 'verify', admin);
    expect(ok.body.entrybatch.status).toBe('VERIFIED');
    expect((await ctx.api.get(`/api/entrybatch/${e2}`).set(office)).body.entrybatch.status).toBe('VERIFIED');
    expect((await act(e2, 'lock', office)).body.entrybatch.status).toBe('LOCKED');
    const { awardListState, lockedAwardRows } = await import('../src/modules/marks/index.ts');
    expect(await awardListState(ctx.db, EXAM, 'CHE101')).toEqual({
      packets: [{ packet_no: 'PK-CHE-1', status: 'LOCKED' }],
      allLocked: true,
    });
    expect(
      (await lockedAwardRows(ctx.db, EXAM, 'CHE101')).map((r) => [r.fict_no, r.value, r.status]),
    ).toEqual([
      ['K1001', '46.00', null],
      ['K1002', null, 'AB'],
      ['K1003', null, 'BLANK'],
    ]);
  });

  it('prints the award sheet as a PDF', async () => {
    const pdf = await ctx.api
      .get(`/api/entrybatch/${e1}/pdf`)
      .set(office)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
