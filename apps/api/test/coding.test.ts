import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiModules } from '../src/modules.ts';
import { startJobRunner, stopSender, type JobRunner } from '../src/platform/jobs/index.ts';
import { useTestApp } from './support/context.ts';
import { followJob } from './support/jobs.ts';

/**
 * Anonymous coding (lifecycle S6, §2.3 F) through HTTP: numbers only for PRESENT attempts and not derivable
 * from the roll order; the map only for the secrecy cell; packets, examiner conflicts; decode refused until
 * every packet's award lists are LOCKED, its exception list, and the coded flow end to end through the marks
 * module's batches.
 */
const ctx = useTestApp();
let runner: JobRunner;
beforeAll(async () => {
  runner = await startJobRunner(ctx.db, { jobs: apiModules.flatMap((m) => m.jobs ?? []), pollMs: 200 });
});
afterAll(async () => {
  await runner?.stop();
  await stopSender(ctx.db);
});

const EXAM = 'CODE-MAY-2025';
let course: { session_id: string; course_comb_id: string; sem_id: string };
let papers: string[] = [];
let colleges: string[] = [];
const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => ctx.db.query<T>(sql, params);

/** n candidates of `paper` (roll order = student order), attendance as given, sheet LOCKED (or not). */
async function sitting(
  paper: string,
  n: number,
  statusOf: (i: number) => 'PRESENT' | 'ABSENT' | 'UFM',
  sheet = 'LOCKED',
) {
  const tag = `P${papers.indexOf(paper)}X`;
  const ids = Array.from({ length: n }, (_, i) => `${tag}S${String(i + 1).padStart(4, '0')}`);
  const college = (i: number) => colleges[i % colleges.length]!;
  await q(
    `INSERT INTO student (student_id, name_en, dob, gender, category, college_id, admission_session_id)
     SELECT s, 'Candidate ' || s, '2005-01-01', 'M', 'GEN', c, $3
       FROM unnest($1::text[], $2::text[]) AS v(s, c)
         ON CONFLICT DO NOTHING`,
    [ids, ids.map((_, i) => college(i)), course.session_id],
  );
  await q(
    `INSERT INTO exam_form (form_id, exam_id, student_id, session_id, course_comb_id, sem_id, college_id,
            candidate_type, status, roll_no)
     SELECT 'F' || s || $6, $1, s, $2, $3, $4, c, 'REGULAR', 'ROLL_ALLOTTED',
            'R' || $6 || lpad(o::text, 5, '0')
       FROM unnest($5::text[], $7::text[]) WITH ORDINALITY AS v(s, c, o)`,
    [EXAM, course.session_id, course.course_comb_id, course.sem_id, ids, tag, ids.map((_, i) => college(i))],
  );
  await q(
    `INSERT INTO attempt (attempt_id, exam_id, student_id, session_id, course_comb_id, sem_id, paper_id,
            form_id, college_id, attempt_type)
     SELECT 'A' || s, $1, s, $2, $3, $4, $6, 'F' || s || $7, c, 'REGULAR'
       FROM unnest($5::text[], $8::text[]) AS v(s, c)`,
    [
      EXAM,
      course.session_id,
      course.course_comb_id,
      course.sem_id,
      ids,
      paper,
      tag,
      ids.map((_, i) => college(i)),
    ],
  );
  const slot = `SL${tag}`;
  await q(
    `INSERT INTO timetable_slot (slot_id, exam_id, paper_id, courses, date, shift, start_time,
            duration_minutes)
     VALUES ($1, $2, $3, $4, '2025-05-10', 'FN', '10:00', 180)`,
    [slot, EXAM, paper, course.course_comb_id],
  );
  await q(
    `INSERT INTO timetable_slot_course (exam_id, session_id, course_comb_id, sem_id, paper_id, slot_id)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [EXAM, course.session_id, course.course_comb_id, course.sem_id, paper, slot],
  );
  await q(
    `INSERT INTO attendance (slot_id, student_id, exam_id, paper_id, centre_id, college_id, roll_no, status,
            answer_book_no)
     SELECT $1, s, $2, $3, 'CT1', c, 'R' || $5 || lpad(o::text, 5, '0'), st, 'AB' || $5 || o
       FROM unnest($4::text[], $6::text[], $7::text[]) WITH ORDINALITY AS v(s, c, st, o)`,
    [slot, EXAM, paper, ids, tag, ids.map((_, i) => college(i)), ids.map((_, i) => statusOf(i))],
  );
  await q(
    `INSERT INTO attendance_sheet (slot_id, centre_id, exam_id, paper_id, status)
     VALUES ($1, 'CT1', $2, $3, $4)`,
    [slot, EXAM, paper, sheet],
  );
  return ids.map((s, i) => ({
    student_id: s,
    attempt_id: `A${s}`,
    roll_no: `R${tag}${String(i + 1).padStart(5, '0')}`,
    college_id: college(i),
  }));
}

let office: { Authorization: string };
let secret: { Authorization: string };
let admin: { Authorization: string };

beforeAll(async () => {
  [course] = (await q<typeof course>(
    `SELECT p.session_id, p.course_comb_id, p.sem_id
       FROM paperinfosem p
      WHERE p.ext_max_marks ~ '^[0-9]+$'
      GROUP BY 1, 2, 3
     HAVING count(*) >= 5
      ORDER BY 1 DESC, 2, 3
      LIMIT 1`,
  )) as [typeof course];
  papers = (
    await q<{ paper_id: string }>(
      `SELECT paper_id
         FROM paperinfosem
        WHERE session_id = $1 AND course_comb_id = $2 AND sem_id = $3 AND ext_max_marks ~ '^[0-9]+$'
        ORDER BY paper_id`,
      [course.session_id, course.course_comb_id, course.sem_id],
    )
  ).map((p) => p.paper_id);
  colleges = (
    await q<{ college_id: string }>(`SELECT college_id FROM college ORDER BY college_id LIMIT 3`)
  ).map((c) => c.college_id);
  await q(
    `INSERT INTO exam (exam_id, exam_desc, active_status, session_id) VALUES ($1, 'Coding test exam', 1, $2)`,
    [EXAM, course.session_id],
  );
  await q(
    `INSERT INTO exam_ccinfo (exam_id, session_id, course_comb_id, sem_id, phase, coding)
     VALUES ($1, $2, $3, $4, 'CONDUCTED', 'ON')`,
    [EXAM, course.session_id, course.course_comb_id, course.sem_id],
  );
  await q(`INSERT INTO centre (centre_id, centre_name) VALUES ('CT1', 'Coding test centre')`);
  // The demo's office user of the secrecy cell (made here if the seed has not); the demo office user has no
  // flag.
  const hash = (
    await q<{ password_hash: string }>(
      `SELECT password_hash FROM users WHERE email = 'office@university.test'`,
    )
  )[0]!.password_hash;
  await q(
    `INSERT INTO users (email, password_hash, name, role, system, secrecy)
     VALUES ('secrecy@university.test', $1, 'Secrecy Cell', 'office', 'university', true)
         ON CONFLICT (email) DO UPDATE SET secrecy = true, role = 'office'`,
    [hash],
  );
  office = await ctx.as('office');
  admin = await ctx.as('admin');
  secret = { Authorization: `Bearer ${await ctx.login('secrecy@university.test')}` };
});

const follow = (headers: Record<string, string>, id: string) => followJob(ctx.api, headers, id);

/** Spearman's rank correlation of two equally long lists of ranks. */
function spearman(a: number[], b: number[]) {
  const n = a.length;
  const d2 = a.reduce((s, x, i) => s + (x - b[i]!) ** 2, 0);
  return 1 - (6 * d2) / (n * (n * n - 1));
}

describe('assigning fictitious numbers', () => {
  let people: Awaited<ReturnType<typeof sitting>>;
  it('refuses while attendance is not LOCKED, naming the sheet, and codes nothing', async () => {
    const paper = papers[1]!;
    await sitting(paper, 5, () => 'PRESENT', 'VERIFIED');
    const res = await ctx.api.post(`/api/coding/${EXAM}/${paper}/assign`).set(secret);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/attendance is not LOCKED.*VERIFIED/);
    expect((await q(`SELECT 1 FROM coding_map WHERE paper_id = $1`, [paper])).length).toBe(0);
  });

  it('numbers only the PRESENT attempts, uniquely, in a shuffled order (200 candidates)', async () => {
    const paper = papers[0]!;
    people = await sitting(paper, 200, (i) => (i % 17 === 3 ? 'ABSENT' : i % 41 === 5 ? 'UFM' : 'PRESENT'));
    const res = await ctx.api.post(`/api/coding/${EXAM}/${paper}/assign`).set(secret);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const present = people.filter((_, i) => !(i % 17 === 3) && !(i % 41 === 5));
    expect(res.body.coding).toMatchObject({ status: 'CODED', method: 'SYSTEM', books: present.length });
    const map = (await ctx.api.get(`/api/coding/${EXAM}/${paper}/map`).set(secret)).body.rows as Array<{
      fict_no: string;
      attempt_id: string;
      roll_no: string;
    }>;
    expect(new Set(map.map((r) => r.attempt_id))).toEqual(new Set(present.map((p) => p.attempt_id)));
    expect(new Set(map.map((r) => r.fict_no)).size).toBe(map.length);
    for (const r of map) expect(r.fict_no).toMatch(/^CM25\d{6}$/);
    // Rank correlation of roll order and fictitious order: far from 1 (a roll-derived number would give 1).
    const byRoll = [...map].sort((a, b) => a.roll_no.localeCompare(b.roll_no));
    const fictRank = new Map(
      [...map].sort((a, b) => a.fict_no.localeCompare(b.fict_no)).map((r, i) => [r.attempt_id, i]),
    );
    const rho = spearman(
      byRoll.map((_, i) => i),
      byRoll.map((r) => fictRank.get(r.attempt_id)!),
    );
    expect(Math.abs(rho)).toBeLessThan(0.5);
    // A second paper of the same candidates gets a different arrangement.
    const again = await sitting(papers[2]!, 200, (i) =>
      i % 17 === 3 ? 'ABSENT' : i % 41 === 5 ? 'UFM' : 'PRESENT',
    );
    expect((await ctx.api.post(`/api/coding/${EXAM}/${papers[2]}/assign`).set(secret)).status).toBe(200);
    const map2 = (await ctx.api.get(`/api/coding/${EXAM}/${papers[2]}/map`).set(secret)).body
      .rows as typeof map;
    const order1 = [...map]
      .sort((a, b) => a.fict_no.localeCompare(b.fict_no))
      .map((r) => r.roll_no.slice(-5));
    const order2 = [...map2]
      .sort((a, b) => a.fict_no.localeCompare(b.fict_no))
      .map((r) => r.roll_no.slice(-5));
    expect(order2).not.toEqual(order1);
    expect(again.length).toBe(200);
    // Unique within the exam across papers.
    expect(new Set([...map, ...map2].map((r) => r.fict_no)).size).toBe(map.length + map2.length);
  });

  it('refuses a second assignment (409 naming the status) and nothing changes', async () => {
    const before = await q(`SELECT fict_no, attempt_id FROM coding_map WHERE paper_id = $1 ORDER BY 1`, [
      papers[0],
    ]);
    const res = await ctx.api.post(`/api/coding/${EXAM}/${papers[0]}/assign`).set(secret);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('CODED');
    expect(
      await q(`SELECT fict_no, attempt_id FROM coding_map WHERE paper_id = $1 ORDER BY 1`, [papers[0]]),
    ).toEqual(before);
  });

  it('the map and every coding call are refused without secrecy, readable with it', async () => {
    const paths = [
      `/api/coding?exam_id=${EXAM}`,
      `/api/coding/${EXAM}/${papers[0]}`,
      `/api/coding/${EXAM}/${papers[0]}/map`,
      `/api/coding/${EXAM}/${papers[0]}/stickers.pdf`,
      `/api/decode/${EXAM}/${papers[0]}`,
    ];
    for (const role of ['office', 'result', 'faculty', 'calculate', 'student'] as const) {
      const headers = await ctx.as(role);
      for (const p of paths) {
        const res = await ctx.api.get(p).set(headers);
        expect(res.status, `${role} ${p}`).toBe(403);
        expect(JSON.stringify(res.body)).not.toMatch(/RP\dX\d{5}/);
      }
      expect((await ctx.api.post(`/api/coding/${EXAM}/${papers[3]}/assign`).set(headers)).status).toBe(403);
      expect((await ctx.api.get('/api/coding-access').set(headers)).body).toEqual({ secrecy: false });
    }
    for (const headers of [admin, secret]) {
      expect((await ctx.api.get(`/api/coding/${EXAM}/${papers[0]}/map`).set(headers)).status).toBe(200);
      expect((await ctx.api.get('/api/coding-access').set(headers)).body).toEqual({ secrecy: true });
    }
    // The flag is read from the user row on every call: turned off, the same token is refused.
    await q(`UPDATE users SET secrecy = false WHERE email = 'secrecy@university.test'`);
    expect((await ctx.api.get(`/api/coding/${EXAM}/${papers[0]}/map`).set(secret)).status).toBe(403);
    await q(`UPDATE users SET secrecy = true WHERE email = 'secrecy@university.test'`);
    // An impossible key answers 404.
    expect((await ctx.api.get(`/api/coding/${EXAM}/%00/map`).set(secret)).status).toBe(404);
  });

  it('prints two-part stickers', async () => {
    const res = await ctx.api
      .get(`/api/coding/${EXAM}/${papers[0]}/stickers.pdf`)
      .set(secret)
      .buffer(true)
      .parse((r, cb) => {
        const c: Buffer[] = [];
        r.on('data', (d: Buffer) => c.push(d));
        r.on('end', () => cb(null, Buffer.concat(c)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'stickers-'));
    writeFileSync(path.join(dir, 's.pdf'), res.body as Buffer);
    const text = execFileSync('pdftotext', [path.join(dir, 's.pdf'), '-']).toString();
    expect(text).toContain('Counterfoil');
    expect(text).toMatch(/CM25\d{6}/);
    if (process.env.KEEP_PDF)
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '60',
        '-f',
        '1',
        '-l',
        '1',
        path.join(dir, 's.pdf'),
        path.join(process.env.KEEP_PDF, 'stickers'),
      ]);
  });
});

describe('flap numbers', () => {
  it('refuses duplicate, unknown and absent rolls clearly, recording none; takes a good list', async () => {
    const paper = papers[3]!;
    const people = await sitting(paper, 6, (i) => (i === 5 ? 'ABSENT' : 'PRESENT'));
    const bad = await ctx.api
      .post(`/api/coding/${EXAM}/${paper}/flap`)
      .set(secret)
      .send({
        pairs: [
          { flap_no: '9001', roll_no: people[0]!.roll_no },
          { flap_no: '9001', roll_no: people[1]!.roll_no },
          { flap_no: '9003', roll_no: people[0]!.roll_no },
          { flap_no: '9004', roll_no: 'RNOSUCH00001' },
          { flap_no: '9005', roll_no: people[5]!.roll_no },
        ],
      });
    expect(bad.status).toBe(422);
    expect(bad.body.errors['pairs.1.flap_no'][0]).toMatch(/entered twice/);
    expect(bad.body.errors['pairs.2.roll_no'][0]).toMatch(/entered twice/);
    expect(bad.body.errors['pairs.3.roll_no'][0]).toMatch(/no candidate/);
    expect(bad.body.errors['pairs.4.roll_no'][0]).toMatch(/not PRESENT/);
    expect((await q(`SELECT 1 FROM coding_map WHERE paper_id = $1`, [paper])).length).toBe(0);
    const ok = await ctx.api
      .post(`/api/coding/${EXAM}/${paper}/flap`)
      .set(secret)
      .send({ pairs: people.slice(0, 3).map((p, i) => ({ flap_no: `FL${i + 1}`, roll_no: p.roll_no })) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.message).toMatch(/3 of 5 present candidates coded, 2 still to capture/);
    // Packets wait for the rest.
    const early = await ctx.api.post(`/api/coding/${EXAM}/${paper}/packets`).set(secret).send({});
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/2 PRESENT candidates have no flap number/);
    expect(
      (
        await ctx.api
          .post(`/api/coding/${EXAM}/${paper}/flap`)
          .set(secret)
          .send({ pairs: [{ flap_no: 'FL1', roll_no: people[3]!.roll_no }] })
      ).body.errors['pairs.0.flap_no'][0],
    ).toMatch(/already used/);
    expect((await ctx.api.post(`/api/coding/${EXAM}/${paper}/assign`).set(secret)).status).toBe(409);
  });
});

describe('packets, examiners, decode', () => {
  const paper = () => papers[0]!;
  let packets: Array<{ packet_no: string; count: number }> = [];
  it('makes packets of 30 in fictitious-number order, each with its two award-list batches', async () => {
    const res = await ctx.api.post(`/api/coding/${EXAM}/${paper()}/packets`).set(secret).send({});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.coding.status).toBe('PACKETED');
    packets = (
      await ctx.api
        .get(`/api/packet?exam_id=${EXAM}&paper_id=${paper()}&sort=packet_no&limit=100`)
        .set(office)
    ).body.packet;
    const books = res.body.coding.books as number;
    expect(packets.length).toBe(Math.ceil(books / 30));
    expect(packets.map((p) => p.count)).toEqual(packets.map((_, i) => Math.min(30, books - 30 * i)));
    const batches = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM entry_batch WHERE exam_id = $1 AND paper_id = $2 AND coded`,
      [EXAM, paper()],
    );
    expect(batches[0]!.n).toBe(packets.length * 2);
  });

  it('no answer a non-secrecy user can reach about coded data carries a roll number', async () => {
    for (const role of ['office', 'result', 'faculty'] as const) {
      const headers = await ctx.as(role);
      for (const p of [
        `/api/packet?exam_id=${EXAM}`,
        `/api/packet/${packets[0]!.packet_no}`,
        `/api/examiner`,
      ]) {
        const res = await ctx.api.get(p).set(headers);
        expect(JSON.stringify(res.body)).not.toMatch(/roll_no|RP\dX\d{5}/);
      }
    }
    const slip = await ctx.api
      .get(`/api/packet/${packets[0]!.packet_no}/pdf`)
      .set(office)
      .buffer(true)
      .parse((r, cb) => {
        const c: Buffer[] = [];
        r.on('data', (d: Buffer) => c.push(d));
        r.on('end', () => cb(null, Buffer.concat(c)));
      });
    expect(slip.status).toBe(200);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'slip-'));
    writeFileSync(path.join(dir, 'p.pdf'), slip.body as Buffer);
    const text = execFileSync('pdftotext', [path.join(dir, 'p.pdf'), '-']).toString();
    expect(text).toMatch(/CM25\d{6}/);
    expect(text).not.toMatch(/RP\dX\d{5}/);
  });

  it("refuses an examiner of a candidate's college in the packet; assigns one from elsewhere", async () => {
    const own = await q<{ college_id: string }>(
      `SELECT DISTINCT a.college_id
         FROM coding_map m
         JOIN attempt a USING (attempt_id)
        WHERE m.packet_no = $1`,
      [packets[0]!.packet_no],
    );
    const other = await q<{ college_id: string }>(
      `SELECT college_id FROM college WHERE college_id <> ALL($1::text[]) ORDER BY college_id LIMIT 1`,
      [own.map((c) => c.college_id)],
    );
    expect(
      (
        await ctx.api.post('/api/examiner').set(office).send({
          examiner_id: 'EX1',
          name: 'Dr. Own College',
          college_id: own[0]!.college_id,
          papers: paper(),
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await ctx.api.post('/api/examiner').set(office).send({
          examiner_id: 'EX2',
          name: 'Dr. Elsewhere',
          college_id: other[0]!.college_id,
          institution: 'Other College',
        })
      ).status,
    ).toBe(201);
    const bad = await ctx.api
      .post(`/api/packet/${packets[0]!.packet_no}/assign`)
      .set(office)
      .send({ examiner_id: 'EX1' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.examiner_id[0]).toMatch(
      new RegExp(`belongs to college ${own[0]!.college_id}, the college of a candidate in packet`),
    );
    expect((await ctx.api.get(`/api/packet/${packets[0]!.packet_no}`).set(office)).body.packet).toMatchObject(
      { status: 'CREATED', examiner_id: null },
    );
    for (const p of packets) {
      const res = await ctx.api
        .post(`/api/packet/${p.packet_no}/assign`)
        .set(office)
        .send({ examiner_id: 'EX2' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect((await ctx.api.get(`/api/coding/${EXAM}/${paper()}`).set(secret)).body.coding.status).toBe(
      'ASSIGNED',
    );
    // Packets are not made, changed or deleted by hand; an examiner holding packets is not deleted.
    expect(
      (
        await ctx.api
          .post('/api/packet')
          .set(admin)
          .send({ packet_no: 'HAND-1', exam_id: EXAM, paper_id: paper() })
      ).status,
    ).toBe(422);
    expect((await ctx.api.delete(`/api/packet/${packets[0]!.packet_no}`).set(admin)).status).toBe(409);
    const held = await ctx.api.delete('/api/examiner/EX2').set(office);
    expect(held.status).toBe(409);
    expect(held.body.message).toMatch(/holds \d+ packets/);
  });

  it('refuses decode while a packet is not LOCKED, naming it; nothing decoded', async () => {
    const res = await ctx.api.post(`/api/decode/${EXAM}/${paper()}`).set(secret);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(packets[0]!.packet_no);
    expect(res.body.message).toMatch(/not LOCKED/);
    expect(
      (await ctx.api.get(`/api/decode/${EXAM}/${paper()}`).set(secret)).body.packets_not_locked.length,
    ).toBe(packets.length);
    expect(
      (
        await q(`SELECT 1 FROM mark_record m JOIN attempt a USING (attempt_id) WHERE a.paper_id = $1`, [
          paper(),
        ])
      ).length,
    ).toBe(0);
  });

  it('decodes once every packet is LOCKED: marks of record, AB, UFM, the exceptions with RL', async () => {
    // Award lists entered twice and LOCKED (the marks module's batches; the values as verification leaves
    // them).
    await q(
      `UPDATE entry_row r
          SET value = (10 + (r.line % 60))::numeric
         FROM entry_batch b
        WHERE b.batch_id = r.batch_id AND b.exam_id = $1 AND b.paper_id = $2`,
      [EXAM, paper()],
    );
    const map = (await ctx.api.get(`/api/coding/${EXAM}/${paper()}/map`).set(secret)).body.rows as Array<{
      fict_no: string;
      attempt_id: string;
      roll_no: string;
    }>;
    const [absentee, blank, noMark] = [map[0]!, map[1]!, map[2]!];
    // The examiner wrote AB for a present candidate's book; a BLANK book is 0; an attendance correction after
    // coding.
    await q(`UPDATE entry_row SET value = NULL, status = 'AB' WHERE fict_no = $1`, [noMark.fict_no]);
    await q(`UPDATE entry_row SET value = NULL, status = 'BLANK' WHERE fict_no = $1`, [blank.fict_no]);
    await q(
      `UPDATE attendance
          SET status = 'ABSENT'
        WHERE student_id = (SELECT student_id FROM attempt WHERE attempt_id = $1)`,
      [absentee.attempt_id],
    );
    // A number on an award list that is not in the map.
    await q(
      `INSERT INTO entry_row (batch_id, line, fict_no, value)
       SELECT batch_id, 999, 'CM25000001', 33
         FROM entry_batch
        WHERE packet_no = $1`,
      [packets[0]!.packet_no],
    );
    await q(
      `UPDATE entry_batch SET status = 'LOCKED' WHERE exam_id = $1 AND paper_id = $2 AND packet_no <> $3`,
      [EXAM, paper(), packets.at(-1)!.packet_no],
    );
    const one = await ctx.api.post(`/api/decode/${EXAM}/${paper()}`).set(secret);
    expect(one.status).toBe(409);
    expect(one.body.message).toContain(packets.at(-1)!.packet_no);
    expect(one.body.message).not.toContain(`${packets[0]!.packet_no} (`);
    await q(`UPDATE entry_batch SET status = 'LOCKED' WHERE exam_id = $1 AND paper_id = $2`, [EXAM, paper()]);
    const started = await ctx.api.post(`/api/decode/${EXAM}/${paper()}`).set(secret);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const job = await follow(secret, started.body.job.job_id);
    expect(job.status, JSON.stringify(job)).toBe('succeeded');
    const report = (await ctx.api.get(`/api/decode/${EXAM}/${paper()}`).set(secret)).body;
    expect(report.coding.status).toBe('DECODED');
    const kinds = Object.fromEntries(
      report.exceptions.map((e: { kind: string; attempt_id: string | null; fict_no: string }) => [e.kind, e]),
    );
    expect(kinds.MARKS_FOR_ABSENTEE).toMatchObject({
      attempt_id: absentee.attempt_id,
      roll_no: absentee.roll_no,
    });
    expect(kinds.PRESENT_WITHOUT_MARKS).toMatchObject({ attempt_id: noMark.attempt_id });
    expect(kinds.ORPHAN_FICT).toMatchObject({ fict_no: 'CM25000001', attempt_id: null });
    expect(report.exceptions.length).toBe(3);
    const marks = new Map(
      (
        await q<{ attempt_id: string; value: string | null; status: string | null }>(
          `SELECT m.attempt_id, m.value::text AS value, m.status
             FROM mark_record m
             JOIN attempt a USING (attempt_id)
            WHERE a.exam_id = $1 AND a.paper_id = $2 AND m.component = 'EXT'`,
          [EXAM, paper()],
        )
      ).map((r) => [r.attempt_id, r]),
    );
    expect(marks.get(absentee.attempt_id)).toMatchObject({ value: null, status: 'RL' });
    expect(marks.get(noMark.attempt_id)).toMatchObject({ value: null, status: 'RL' });
    expect(marks.get(blank.attempt_id)).toMatchObject({ value: '0.00', status: null });
    const entered = await q<{ value: string }>(
      `SELECT value::text AS value
         FROM entry_row r
         JOIN entry_batch b USING (batch_id)
        WHERE b.entry_no = 1 AND r.fict_no = $1`,
      [map[5]!.fict_no],
    );
    expect(marks.get(map[5]!.attempt_id)).toMatchObject({ value: entered[0]!.value, status: null });
    const [absent, ufm] = [`AP0X${String(4).padStart(4, '0')}`, `AP0X${String(6).padStart(4, '0')}`].map(
      (id) => id.replace('AP0X', 'AP0XS'),
    );
    expect(marks.get(absent!)).toMatchObject({ value: null, status: 'AB' });
    expect(marks.get(ufm!)).toMatchObject({ value: null, status: 'UFM' });
    expect([...marks.values()].filter((m) => m.value !== null).length).toBe(map.length - 2);
    // The map is read-only now: numbers, flaps and packets are refused.
    expect((await ctx.api.post(`/api/coding/${EXAM}/${paper()}/assign`).set(secret)).status).toBe(409);
    expect((await ctx.api.post(`/api/coding/${EXAM}/${paper()}/packets`).set(secret).send({})).status).toBe(
      409,
    );
    expect((await ctx.api.post(`/api/decode/${EXAM}/${paper()}`).set(secret)).status).toBe(409);
  });
});

describe('the coded flow end to end through the marks module', () => {
  it('packets → double entry → verify → lock → decode → marks of record, never a roll number', async () => {
    const paper = papers[2]!;
    const hash = (
      await q<{ password_hash: string }>(
        `SELECT password_hash FROM users WHERE email = 'office@university.test'`,
      )
    )[0]!.password_hash;
    await q(
      `INSERT INTO users (email, password_hash, name, role, system)
       VALUES ('office2.coding@university.test', $1, 'Second operator', 'office', 'university')
           ON CONFLICT (email) DO NOTHING`,
      [hash],
    );
    const office2 = { Authorization: `Bearer ${await ctx.login('office2.coding@university.test')}` };
    expect((await ctx.api.post(`/api/coding/${EXAM}/${paper}/packets`).set(secret).send({})).status).toBe(
      200,
    );
    const packets = (await ctx.api.get(`/api/packet?exam_id=${EXAM}&paper_id=${paper}&limit=100`).set(office))
      .body.packet as Array<{ packet_no: string }>;
    const entered = new Map<string, string>();
    for (const p of packets) {
      const found = await ctx.api
        .get(`/api/entrybatch?exam_id=${EXAM}&paper_id=${paper}&component=EXT&limit=500`)
        .set(office);
      expect(found.status, JSON.stringify(found.body)).toBe(200);
      const batches = (
        found.body.entrybatch as Array<{ batch_id: string; entry_no: number; packet_no: string }>
      ).filter((b) => b.packet_no === p.packet_no);
      batches.sort((a, b) => a.entry_no - b.entry_no);
      expect(batches.map((b) => b.entry_no)).toEqual([1, 2]);
      const listed = await ctx.api.get(`/api/entrybatch/${batches[0]!.batch_id}/rows`).set(office);
      expect(JSON.stringify(listed.body)).not.toMatch(/roll_no|student_id|RP\dX\d{5}/);
      const rows = (listed.body.rows as Array<{ fict_no: string }>).map((r, i) => ({
        fict_no: r.fict_no,
        value: String(10 + ((i * 7) % 50)),
      }));
      for (const r of rows) entered.set(r.fict_no, `${r.value}.00`);
      expect(
        (await ctx.api.put(`/api/entrybatch/${batches[0]!.batch_id}/rows`).set(office).send({ rows })).status,
      ).toBe(200);
      expect(
        (await ctx.api.put(`/api/entrybatch/${batches[1]!.batch_id}/rows`).set(office2).send({ rows }))
          .status,
      ).toBe(200);
      expect(
        (await ctx.api.post(`/api/entrybatch/${batches[0]!.batch_id}/submit`).set(office).send({})).status,
      ).toBe(200);
      expect(
        (await ctx.api.post(`/api/entrybatch/${batches[1]!.batch_id}/submit`).set(office2).send({})).status,
      ).toBe(200);
      const verified = await ctx.api
        .post(`/api/entrybatch/${batches[0]!.batch_id}/verify`)
        .set(admin)
        .send({});
      expect(verified.body.entrybatch?.status, JSON.stringify(verified.body)).toBe('VERIFIED');
      expect(
        (await ctx.api.post(`/api/entrybatch/${batches[0]!.batch_id}/lock`).set(office).send({})).body
          .entrybatch?.status,
      ).toBe('LOCKED');
      if (
        (await ctx.api.get(`/api/entrybatch/${batches[1]!.batch_id}`).set(office)).body.entrybatch.status !==
        'LOCKED'
      ) {
        expect(
          (await ctx.api.post(`/api/entrybatch/${batches[1]!.batch_id}/lock`).set(office).send({})).body
            .entrybatch?.status,
        ).toBe('LOCKED');
      }
    }
    const started = await ctx.api.post(`/api/decode/${EXAM}/${paper}`).set(secret);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect((await follow(secret, started.body.job.job_id)).status).toBe('succeeded');
    const report = (await ctx.api.get(`/api/decode/${EXAM}/${paper}`).set(secret)).body;
    expect(report.coding.status).toBe('DECODED');
    expect(report.exceptions).toEqual([]);
    const map = (await ctx.api.get(`/api/coding/${EXAM}/${paper}/map`).set(secret)).body.rows as Array<{
      fict_no: string;
      attempt_id: string;
    }>;
    const marks = new Map(
      (
        await q<{ attempt_id: string; value: string | null; status: string | null }>(
          `SELECT m.attempt_id, m.value::text AS value, m.status
             FROM mark_record m
             JOIN attempt a USING (attempt_id)
            WHERE a.exam_id = $1 AND a.paper_id = $2 AND m.component = 'EXT'`,
          [EXAM, paper],
        )
      ).map((r) => [r.attempt_id, r]),
    );
    for (const r of map)
      expect(marks.get(r.attempt_id), r.fict_no).toMatchObject({
        value: entered.get(r.fict_no),
        status: null,
      });
    expect([...marks.values()].filter((m) => m.status === 'AB').length).toBe(
      200 - map.length - [...marks.values()].filter((m) => m.status === 'UFM').length,
    );
  });
});
