import { generateKeyPairSync, sign as edSign, createPublicKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DocumentRecord, VerificationAnswer } from '@exam/contracts';
import { verifyOffline } from '../src/cli/verify-document.ts';
import { apiModules } from '../src/modules.ts';
import { startJobRunner, stopSender, type JobRunner } from '../src/platform/jobs/index.ts';
import { useTestApp } from './support/context.ts';
import { followJob } from './support/jobs.ts';
import { resultRuns } from './support/result-runs.ts';
import { resultArranger, SESSION } from './support/results-arrange.ts';

/**
 * Documents (lifecycle S10/S11, §5, machine J) through HTTP: a marksheet drafted only from a PUBLISHED
 * result, checked by another person, approved by document_admin (the document role is refused), issued;
 * serials per type and year, never reused; the signed QR token verified online (VALID, SUPERSEDED, CANCELLED;
 * altered and forged tokens reported) and offline with the public key alone; a revision after a new published
 * version supersedes the old marksheet; the batch job, the NAD CSV and a student's own issued documents.
 */
const VERIFY_LIMIT = 40;
process.env.VERIFY_MAX_PER_MINUTE = String(VERIFY_LIMIT);
const ctx = useTestApp();
let runner: JobRunner;
let calc: Record<string, string>;
let result: Record<string, string>;
let admin: Record<string, string>;
let doc: Record<string, string>;
let docAdmin: Record<string, string>;
let student: Record<string, string>;
const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => ctx.db.query<T>(sql, params);
const COURSE = 'DOCC';
const attempts: Record<string, Record<string, string>> = {};
const a = () => resultArranger(ctx.db);

beforeAll(async () => {
  runner = await startJobRunner(ctx.db, { jobs: apiModules.flatMap((m) => m.jobs ?? []), pollMs: 100 });
  [calc, result, admin, doc, docAdmin] = await Promise.all([
    ctx.as('calculate'),
    ctx.as('result'),
    ctx.as('admin'),
    ctx.as('document'),
    ctx.as('document_admin'),
  ]);
  const arrange = a();
  await arrange.course(COURSE, {
    '1': [
      { paper_id: 'DOCP1', kind: 'TH', credit: '4' },
      { paper_id: 'DOCP2', kind: 'TH', credit: '4' },
      { paper_id: 'DOCP3', kind: 'PR', credit: '2' },
    ],
  });
  await q(
    `UPDATE paper
        SET paper_name_hi = 'द्वितीय प्रश्न पत्र', paper_code = 'DP-2'
      WHERE paper_id = 'DOCP2'`,
  );
  for (const exam of ['DOC-MAIN', 'DOC-UNPUB']) await arrange.exam(exam, COURSE, '1');
  for (const s of ['DS1', 'DS2', 'DS3']) {
    await arrange.enrol(s, COURSE, '1', 'CBCS');
    attempts[s] = await arrange.sit('DOC-MAIN', s, COURSE, '1', {
      DOCP1: { int: '20', ext: '60' },
      DOCP2: { int: '18', ext: s === 'DS3' ? '10' : '50' },
      DOCP3: { ext: '40' },
    });
  }
  await q(
    `UPDATE student
        SET name_hi = 'श्रीमती ज्ञान क्षेत्र', father_name_en = 'Father DS1', abc_id = '123456789012'
      WHERE student_id = 'DS1'`,
  );
  await arrange.enrol('DS4', COURSE, '1', 'CBCS');
  await arrange.sit('DOC-UNPUB', 'DS4', COURSE, '1', {
    DOCP1: { int: '20', ext: '60' },
    DOCP2: { int: '18', ext: '50' },
    DOCP3: { ext: '40' },
  });
  await q(
    `INSERT INTO users (email, password_hash, name, role, system, student_id)
     SELECT 'ds1@university.test', password_hash, 'Student DS1', 'student', 'university', 'DS1'
       FROM users
      WHERE email = 'student@university.test'
         ON CONFLICT (email) DO NOTHING`,
  );
  student = { Authorization: `Bearer ${await ctx.login('ds1@university.test')}` };
  await publish(await run('DOC-MAIN'));
  await run('DOC-UNPUB');
}, 120_000);
afterAll(async () => {
  await runner?.stop();
  await stopSender(ctx.db);
});

const runs = () => resultRuns(ctx.api, { calc, result, admin });
const run = (exam_id: string) => runs().compute(exam_id, COURSE);
const publish = (runId: string) => runs().publish(runId, `DOC/${runId}`);

const draft = (body: Record<string, unknown>, who = doc) => ctx.api.post('/api/document').set(who).send(body);
const marksheetOf = (student_id: string, exam_id = 'DOC-MAIN') =>
  draft({
    doc_type: 'MARKSHEET',
    student_id,
    basis: { exam_id, session_id: SESSION, course_comb_id: COURSE, sem_id: '1' },
  });
const act = (id: string, action: string, who: Record<string, string>, body: Record<string, unknown> = {}) =>
  ctx.api.post(`/api/document/${id}/${action}`).set(who).send(body);
const verify = (token: string) => ctx.api.get(`/api/verify/${encodeURIComponent(token)}`);

/** Drafted by `document`, checked and approved by document_admin, issued by `document`. */
async function issued(student_id: string): Promise<DocumentRecord> {
  const drafted = await marksheetOf(student_id);
  expect(drafted.status, JSON.stringify(drafted.body)).toBe(201);
  const id = drafted.body.document.doc_id as string;
  for (const [action, who] of [
    ['check', docAdmin],
    ['approve', docAdmin],
    ['issue', doc],
  ] as const) {
    const moved = await act(id, action, who);
    expect(moved.status, `${action}: ${JSON.stringify(moved.body)}`).toBe(200);
  }
  return (await ctx.api.get(`/api/document/${id}`).set(doc)).body.document;
}

describe('drafting', () => {
  it('refuses a result not published (422 saying so) and an unknown student, storing nothing', async () => {
    const before = (await q<{ n: number }>(`SELECT count(*)::int AS n FROM document`))[0]!.n;
    const unpublished = await marksheetOf('DS4', 'DOC-UNPUB');
    expect(unpublished.status).toBe(422);
    expect(unpublished.body.message).toMatch(/not published yet \(COMPUTED\)/);
    const none = await marksheetOf('NOSUCH');
    expect(none.status).toBe(422);
    const noExam = await draft({ doc_type: 'MARKSHEET', student_id: 'DS1', basis: {} });
    expect(noExam.status).toBe(422);
    const certificateWithoutSubtype = await draft({ doc_type: 'CERTIFICATE', student_id: 'DS1' });
    expect(certificateWithoutSubtype.status).toBe(422);
    expect(certificateWithoutSubtype.body.errors.subtype).toBeDefined();
    expect((await q<{ n: number }>(`SELECT count(*)::int AS n FROM document`))[0]!.n).toBe(before);
  });

  it('freezes every printed value (English, Hindi), template version, SHA-256; no second draft', async () => {
    const drafted = await marksheetOf('DS2');
    expect(drafted.status, JSON.stringify(drafted.body)).toBe(201);
    const d = drafted.body.document;
    // DOCUMENT_AUTO_APPROVE unset: approval is on by default for every type (lifecycle §8 default 10; the
    // setting's other side is documents-auto-approve.test.ts).
    expect(d).toMatchObject({
      doc_type: 'MARKSHEET',
      status: 'DRAFTED',
      serial_no: null,
      verification_token: null,
      template_id: 'marksheet',
      exam_id: 'DOC-MAIN',
      prepared_by: 'document@university.test',
      approval_required: true,
    });
    expect(d.payload_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(d.payload.kind).toBe('MARKSHEET');
    expect(d.payload.lines).toHaveLength(3);
    expect(d.payload.lines.find((l: { paper_id: string }) => l.paper_id === 'DOCP2').paper_name).toEqual({
      en: 'Paper DOCP2',
      hi: 'द्वितीय प्रश्न पत्र',
    });
    expect(d.payload.totals.sgpa).toMatch(/^\d+\.\d{2}$/);
    expect(d.payload.legend.bands.length).toBeGreaterThan(3);
    expect(d.payload.basis).toMatchObject({ exam_id: 'DOC-MAIN', version: 1 });
    const again = await marksheetOf('DS2');
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already exists/);
  });
});

describe('check → approve → issue (machine J)', () => {
  let id: string;
  it('the preparer may not check its own draft (maker–checker); unapproved issue is 409', async () => {
    const drafted = await marksheetOf('DS1');
    expect(drafted.status, JSON.stringify(drafted.body)).toBe(201);
    id = drafted.body.document.doc_id;
    expect(drafted.body.document.payload.student.name).toEqual({
      en: 'Student DS1',
      hi: 'श्रीमती ज्ञान क्षेत्र',
    });
    const selfCheck = await act(id, 'check', doc);
    expect(selfCheck.status).toBe(403);
    expect(selfCheck.body.message).toMatch(/maker–checker/);
    expect((await act(id, 'check', docAdmin)).status).toBe(200);
    const early = await act(id, 'issue', doc);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/approved by document_admin/);
  });

  it('document may not approve (403); document_admin fixes serial and token; no QR till issue', async () => {
    expect((await act(id, 'approve', doc)).status).toBe(403);
    const approved = await act(id, 'approve', docAdmin);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const year = new Date().getUTCFullYear();
    expect(approved.body.document.serial_no).toMatch(new RegExp(`^MS/${year}/\\d{6}$`));
    expect(approved.body.document.verify_url).toMatch(/\/verify\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const notYet = await verify(approved.body.document.verification_token);
    expect(notYet.status).toBe(404);
    expect(notYet.body.message).toMatch(/not issued/);
    const issuedNow = await act(id, 'issue', doc);
    expect(issuedNow.status, JSON.stringify(issuedNow.body)).toBe(200);
    expect(issuedNow.body.document).toMatchObject({
      status: 'ISSUED',
      holder_id: 'DS1',
      issued_by: 'document@university.test',
    });
  });

  it('an issued document is never edited: the API refuses (409 LOCKED), so does the trigger', async () => {
    const put = await ctx.api.put(`/api/document/${id}`).set(docAdmin).send({ student_id: 'DS1' });
    expect([405, 409]).toContain(put.status);
    await expect(q(`UPDATE document SET payload = '{}'::jsonb WHERE doc_id = $1`, [id])).rejects.toThrow(
      /frozen/,
    );
    await expect(q(`UPDATE document SET serial_no = 'X' WHERE doc_id = $1`, [id])).rejects.toThrow(
      /cannot change/,
    );
    await expect(q(`DELETE FROM document WHERE doc_id = $1`, [id])).rejects.toThrow(/kept/);
  });

  it('the PDF renders from the frozen payload (application/pdf)', async () => {
    const pdf = await ctx.api
      .get(`/api/document/${id}/pdf`)
      .set(doc)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/application\/pdf/);
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('verification', () => {
  let ms: DocumentRecord;
  beforeAll(async () => {
    ms = (await ctx.api.get(`/api/document?student_id=DS1&status=ISSUED`).set(doc)).body.document[0];
  });

  it('a genuine token of an issued document: VALID with what it is; no sign-in; logged', async () => {
    const res = await verify(ms.verification_token!);
    expect(res.status).toBe(200);
    const body = res.body as VerificationAnswer;
    expect(body.signature_valid).toBe(true);
    expect(body.document).toMatchObject({
      doc_type: 'MARKSHEET',
      serial_no: ms.serial_no,
      name_en: 'Student DS1',
      name_hi: 'श्रीमती ज्ञान क्षेत्र',
      status: 'VALID',
    });
    expect(body.document!.programme).toBeTruthy();
    expect(body.document!.result).toMatch(/PASS/);
    expect(JSON.stringify(body)).not.toMatch(/DOCP1/);
    // Logged after the answer, in batches (within ~200 ms).
    const logged = await vi.waitFor(
      async () => {
        const rows = await q<{ result: string; token_hash: string }>(
          `SELECT result, token_hash FROM verification_log WHERE doc_id = $1`,
          [ms.doc_id],
        );
        expect(rows.map((l) => l.result)).toContain('VALID');
        return rows;
      },
      { timeout: 5000, interval: 100 },
    );
    expect(logged[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('an altered token, a forged signature and a random string are each named as what they are', async () => {
    const [body, signature] = ms.verification_token!.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const base64url = (text: string | Buffer) => Buffer.from(text).toString('base64url');
    const altered = `${base64url(JSON.stringify({ ...claims, st: 'DS2' }))}.${signature}`;
    const a1 = (await verify(altered)).body as VerificationAnswer;
    expect(a1).toMatchObject({ signature_valid: false, reason: 'BAD_SIGNATURE', document: null });
    // Signed with another key under the university's key id.
    const { privateKey } = generateKeyPairSync('ed25519');
    const forgedBody = Buffer.from(JSON.stringify(claims));
    const forged = `${base64url(forgedBody)}.${base64url(edSign(null, forgedBody, privateKey))}`;
    const a2 = (await verify(forged)).body as VerificationAnswer;
    expect(a2).toMatchObject({ signature_valid: false, reason: 'BAD_SIGNATURE' });
    expect(a2.message).toMatch(/NOT GENUINE/);
    const a3 = (await verify('hello-world')).body as VerificationAnswer;
    expect(a3).toMatchObject({ signature_valid: false, reason: 'MALFORMED' });
  });

  it('offline: the /.well-known public key verifies the token alone, rejects the altered one', async () => {
    const pem = await ctx.api.get('/.well-known/document-signing-key');
    expect(pem.status).toBe(200);
    expect(pem.text).toMatch(/BEGIN PUBLIC KEY/);
    const jwk = await ctx.api.get('/.well-known/document-signing-key?format=jwk');
    expect(jwk.body.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519' });
    const ok = verifyOffline(ms.verify_url!, pem.text);
    expect(ok).toMatchObject({
      signature_valid: true,
      claims: { sn: ms.serial_no, t: 'MARKSHEET', st: 'DS1', h: ms.payload_hash },
    });
    expect(verifyOffline(ms.verification_token!, JSON.stringify(jwk.body.keys[0])).signature_valid).toBe(
      true,
    );
    const [body, signature] = ms.verification_token!.split('.') as [string, string];
    const claimsText = Buffer.from(body, 'base64url').toString();
    const tampered = `${Buffer.from(claimsText.replace('DS1', 'DS9')).toString('base64url')}.${signature}`;
    expect(verifyOffline(tampered, pem.text)).toMatchObject({
      signature_valid: false,
      reason: 'BAD_SIGNATURE',
    });
    const other = createPublicKey(generateKeyPairSync('ed25519').privateKey)
      .export({ format: 'pem', type: 'spki' })
      .toString();
    expect(verifyOffline(ms.verification_token!, other)).toMatchObject({
      signature_valid: false,
      reason: 'UNKNOWN_KEY',
    });
  });
});

describe('serials, cancellation, duplicates and revisions', () => {
  it('serials run per type and year, never reused: a cancelled one keeps it, its QR CANCELLED', async () => {
    const ds2 = (await ctx.api.get(`/api/document?student_id=DS2`).set(doc)).body
      .document[0] as DocumentRecord;
    for (const [action, who] of [
      ['check', docAdmin],
      ['approve', docAdmin],
      ['issue', doc],
    ] as const)
      expect((await act(ds2.doc_id, action, who)).status).toBe(200);
    const ds3 = await issued('DS3');
    const rows = await q<{ serial_no: string; status: string }>(
      `SELECT serial_no, status
         FROM document
        WHERE doc_type = 'MARKSHEET' AND serial_no IS NOT NULL
        ORDER BY serial_no`,
    );
    const numbers = rows.map((r) => Number(r.serial_no.slice(-6)));
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
    const noReason = await act(ds3.doc_id, 'cancel', docAdmin);
    expect(noReason.status).toBe(422);
    expect((await act(ds3.doc_id, 'cancel', doc, { reason: 'name misspelt' })).status).toBe(403);
    const cancelled = await act(ds3.doc_id, 'cancel', docAdmin, { reason: 'name misspelt' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.document).toMatchObject({
      status: 'CANCELLED',
      cancel_reason: 'name misspelt',
      serial_no: ds3.serial_no,
    });
    const v = (await verify(ds3.verification_token!)).body as VerificationAnswer;
    expect(v.document).toMatchObject({ status: 'CANCELLED', serial_no: ds3.serial_no });
    // The next number continues after the cancelled one.
    const next = await marksheetOf('DS3');
    expect(next.status, JSON.stringify(next.body)).toBe(201);
    for (const [action, who] of [
      ['check', docAdmin],
      ['approve', docAdmin],
    ] as const)
      expect((await act(next.body.document.doc_id, action, who)).status).toBe(200);
    const after = (await ctx.api.get(`/api/document/${next.body.document.doc_id}`).set(doc)).body
      .document as DocumentRecord;
    expect(Number(after.serial_no!.slice(-6))).toBe(Number(ds3.serial_no!.slice(-6)) + 1);
    const series = (await ctx.api.get('/api/documentseries').set(doc)).body.documentseries;
    expect(series.find((s: { doc_type: string }) => s.doc_type === 'MARKSHEET').next_no).toBe(
      Number(after.serial_no!.slice(-6)) + 1,
    );
  });

  it('a duplicate gets a new serial, prints DUPLICATE, names the original, which stays valid', async () => {
    const ds2 = (await ctx.api.get(`/api/document?student_id=DS2&status=ISSUED`).set(doc)).body
      .document[0] as DocumentRecord;
    expect((await act(ds2.doc_id, 'duplicate', doc)).status).toBe(422);
    const dup = await act(ds2.doc_id, 'duplicate', doc, { reason: 'lost in transit' });
    expect(dup.status, JSON.stringify(dup.body)).toBe(200);
    const copy = dup.body.duplicate as DocumentRecord;
    expect(copy).toMatchObject({
      marker: 'DUPLICATE',
      duplicate_of: ds2.doc_id,
      status: 'DRAFTED',
      payload_hash: ds2.payload_hash,
    });
    for (const [action, who] of [
      ['check', docAdmin],
      ['approve', docAdmin],
      ['issue', doc],
    ] as const)
      expect((await act(copy.doc_id, action, who)).status).toBe(200);
    const issuedCopy = (await ctx.api.get(`/api/document/${copy.doc_id}`).set(doc)).body
      .document as DocumentRecord;
    expect(issuedCopy.serial_no).not.toBe(ds2.serial_no);
    expect(((await verify(ds2.verification_token!)).body as VerificationAnswer).document!.status).toBe(
      'VALID',
    );
    expect(
      ((await verify(issuedCopy.verification_token!)).body as VerificationAnswer).document,
    ).toMatchObject({ status: 'VALID', marker: 'DUPLICATE' });
  });

  it('a newer published version: a REVISED marksheet supersedes the issued one (QR SUPERSEDED)', async () => {
    const old = (await ctx.api.get(`/api/document?student_id=DS1&status=ISSUED`).set(doc)).body
      .document[0] as DocumentRecord;
    await a().setMark(attempts.DS1!.DOCP2!, 'EXT', '70');
    await publish(await run('DOC-MAIN'));
    const revised = await marksheetOf('DS1');
    expect(revised.status, JSON.stringify(revised.body)).toBe(201);
    expect(revised.body.document).toMatchObject({ marker: 'REVISED', supersedes: old.doc_id });
    expect(revised.body.document.payload.basis.version).toBe(2);
    expect(revised.body.document.payload.remarks.map((r: { en: string }) => r.en).join(' ')).toMatch(
      /Revised/,
    );
    // Still VALID until the revision is issued.
    expect(((await verify(old.verification_token!)).body as VerificationAnswer).document!.status).toBe(
      'VALID',
    );
    const id = revised.body.document.doc_id;
    for (const [action, who] of [
      ['check', docAdmin],
      ['approve', docAdmin],
      ['issue', doc],
    ] as const)
      expect((await act(id, action, who)).status).toBe(200);
    const v = (await verify(old.verification_token!)).body as VerificationAnswer;
    expect(v.signature_valid).toBe(true);
    expect(v.document!.status).toBe('SUPERSEDED');
    const fresh = (await ctx.api.get(`/api/document/${id}`).set(doc)).body.document as DocumentRecord;
    expect(v.document!.superseded_by).toBe(fresh.serial_no);
    expect(((await verify(fresh.verification_token!)).body as VerificationAnswer).document).toMatchObject({
      status: 'VALID',
      marker: 'REVISED',
    });
    // Drafting from the superseded version is refused, naming the published one.
    const stale = await draft({
      doc_type: 'MARKSHEET',
      student_id: 'DS1',
      basis: { exam_id: 'DOC-MAIN', session_id: SESSION, course_comb_id: COURSE, sem_id: '1', version: 1 },
    });
    expect(stale.status).toBe(422);
    expect(stale.body.message).toMatch(/SUPERSEDED by version 2/);
  });
});

describe('degrees, migration and certificates', () => {
  it('a degree needs PASS and document_admin (unapproved issue 409), records the stationery', async () => {
    const fail = await draft({ doc_type: 'DEGREE', student_id: 'DS3', basis: { exam_id: 'DOC-MAIN' } });
    expect(fail.status).toBe(422);
    expect(fail.body.message).toMatch(/needs a final result PASS/);
    const drafted = await draft({ doc_type: 'DEGREE', student_id: 'DS2', basis: { exam_id: 'DOC-MAIN' } });
    expect(drafted.status, JSON.stringify(drafted.body)).toBe(201);
    const d = drafted.body.document;
    expect(d).toMatchObject({ doc_type: 'DEGREE', approval_required: true, template_id: 'degree' });
    expect(d.payload).toMatchObject({ kind: 'DEGREE', result: { en: 'PASS' } });
    expect(
      (await draft({ doc_type: 'DEGREE', student_id: 'DS2', basis: { exam_id: 'DOC-MAIN' } })).status,
    ).toBe(409);
    expect((await act(d.doc_id, 'check', docAdmin)).status).toBe(200);
    expect((await act(d.doc_id, 'issue', doc)).status).toBe(409);
    const approved = await act(d.doc_id, 'approve', docAdmin, { stationery_serial: 'SS-0001' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.document.serial_no).toMatch(/^DEG\/\d{4}\/000001$/);
    expect(approved.body.document.stationery_serial).toBe('SS-0001');
    expect(
      (
        await ctx.api
          .post('/api/stationeryspoilage')
          .set(docAdmin)
          .send({ stationery_serial: 'SS-0001', reason: 'ink smudge' })
      ).status,
    ).toBe(422);
    expect(
      (
        await ctx.api
          .post('/api/stationeryspoilage')
          .set(docAdmin)
          .send({ stationery_serial: 'SS-0002', reason: 'ink smudge' })
      ).status,
    ).toBe(201);
    expect((await act(d.doc_id, 'approve', docAdmin)).status).toBe(409);
    expect((await act(d.doc_id, 'issue', doc)).status).toBe(200);
    const pdf = await ctx.api.get(`/api/document/${d.doc_id}/pdf`).set(doc);
    expect(pdf.status).toBe(200);
    const v = (await verify(approved.body.document.verification_token)).body as VerificationAnswer;
    expect(v.document).toMatchObject({ doc_type: 'DEGREE', status: 'VALID', name_en: 'Student DS2' });
  });

  it('migration and passing certificates come from the record; a UG one needs an exit award', async () => {
    const mig = await draft({
      doc_type: 'MIGRATION',
      student_id: 'DS2',
      purpose: 'joining another university',
    });
    expect(mig.status, JSON.stringify(mig.body)).toBe(201);
    expect(mig.body.document.payload).toMatchObject({
      kind: 'MIGRATION',
      student: { student_id: 'DS2' },
      reason: 'joining another university',
    });
    const passing = await draft({ doc_type: 'CERTIFICATE', subtype: 'PASSING', student_id: 'DS2' });
    expect(passing.status, JSON.stringify(passing.body)).toBe(201);
    expect(passing.body.document).toMatchObject({ subtype: 'PASSING', approval_required: true });
    const ug = await draft({ doc_type: 'CERTIFICATE', subtype: 'UG_CERTIFICATE', student_id: 'DS2' });
    expect(ug.status).toBe(422);
    expect(ug.body.message).toMatch(/exit award/);
  });
});

describe('a student, the batch job and the NAD export', () => {
  it('a student sees only its own ISSUED documents; others answer 404', async () => {
    const mine = await ctx.api.get('/api/document').set(student);
    expect(mine.status).toBe(200);
    expect(mine.body.document.length).toBeGreaterThan(0);
    for (const d of mine.body.document as DocumentRecord[])
      expect(d).toMatchObject({ student_id: 'DS1', status: 'ISSUED' });
    const other = (await ctx.api.get('/api/document?student_id=DS2&status=ISSUED').set(doc)).body
      .document[0] as DocumentRecord;
    expect((await ctx.api.get(`/api/document/${other.doc_id}`).set(student)).status).toBe(404);
    expect((await ctx.api.get(`/api/document/${other.doc_id}/pdf`).set(student)).status).toBe(404);
    const superseded = (await ctx.api.get('/api/document?student_id=DS1&status=SUPERSEDED').set(doc)).body
      .document[0] as DocumentRecord;
    expect((await ctx.api.get(`/api/document/${superseded.doc_id}`).set(student)).status).toBe(404);
    expect((await ctx.api.get(`/api/document/${mine.body.document[0].doc_id}/pdf`).set(student)).status).toBe(
      200,
    );
    expect(
      (await draft({ doc_type: 'MARKSHEET', student_id: 'DS1', basis: { exam_id: 'DOC-MAIN' } }, student))
        .status,
    ).toBe(403);
  });

  it('the batch job drafts the rest of the exam and names those it skipped', async () => {
    const started = await ctx.api
      .post('/api/document/batch')
      .set(doc)
      .send({ doc_type: 'MARKSHEET', exam_id: 'DOC-MAIN', render: true });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const job = await followJob(ctx.api, doc, started.body.job.job_id, 50);
    expect(job.status, JSON.stringify(job)).toBe('succeeded');
    const out = job.result as { drafted: number; skipped: Array<{ student_id: string }>; rendered: number };
    // DS1 (revised, issued), DS2 (issued) and DS3 (approved) already hold a marksheet of their published
    // version.
    expect(out.drafted).toBe(0);
    expect(out.skipped.map((s) => s.student_id).sort()).toEqual(['DS1', 'DS2', 'DS3']);
  });

  it("one PDF of the exam's marksheets (issued only, or all in force)", async () => {
    const read = (path: string) =>
      ctx.api
        .get(path)
        .set(doc)
        .buffer(true)
        .parse((res, cb) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => cb(null, Buffer.concat(chunks)));
        });
    const issuedOnly = await read('/api/document/print?exam_id=DOC-MAIN&status=ISSUED');
    expect(issuedOnly.status).toBe(200);
    expect(issuedOnly.headers['content-type']).toMatch(/application\/pdf/);
    expect((issuedOnly.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await ctx.api.get('/api/document/print?exam_id=NOSUCH').set(doc)).status).toBe(404);
    expect((await ctx.api.get('/api/document/print?exam_id=DOC-MAIN').set(student)).status).toBe(403);
  });

  it('NAD CSV: the template columns, one row per issued marksheet per subject', async () => {
    expect((await ctx.api.get('/api/nad/export?exam_id=DOC-MAIN').set(doc)).status).toBe(403);
    const res = await ctx.api.get('/api/nad/export?exam_id=DOC-MAIN').set(docAdmin);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    const header = lines[0]!.split(',');
    for (const c of [
      'ORG_NAME',
      'ACADEMIC_COURSE_ID',
      'COURSE_NAME',
      'SESSION',
      'REGN_NO',
      'RROLL',
      'ABC_ID',
      'STUDENT_NAME',
      'SUBJECT_CODE',
      'MAX_MARKS',
      'MARKS_OBTAINED',
      'RESULT_STATUS',
      'SGPA',
      'CGPA',
      'RESULT_DATE',
    ])
      expect(header).toContain(c);
    const issuedMarksheets = (
      await q<{ n: number }>(
        `SELECT count(*)::int AS n
           FROM document
          WHERE exam_id = 'DOC-MAIN' AND doc_type = 'MARKSHEET' AND status = 'ISSUED'`,
      )
    )[0]!.n;
    expect(lines.length - 1).toBe(issuedMarksheets * 3);
    const ds1 = lines.filter((l) => l.includes('123456789012'));
    expect(ds1).toHaveLength(3);
    expect(ds1.some((l) => l.includes(',DP-2,'))).toBe(true);
  });
});

describe('rate limit', () => {
  it('verification is limited per address (429 with Retry-After)', async () => {
    let limited: { status: number; headers: Record<string, string> } | undefined;
    for (let i = 0; i < VERIFY_LIMIT * 2 + 5 && !limited; i++) {
      const res = await verify(`not-a-token-${i}`);
      if (res.status === 429) limited = res;
      else expect(res.status).toBe(200);
    }
    expect(limited?.status).toBe(429);
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(0);
  });
});
