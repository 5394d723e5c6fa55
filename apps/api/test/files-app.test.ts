import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collegeResource,
  grants,
  paperResource,
  type CapabilityKey,
  type ImportReport,
  type Job,
} from '@exam/contracts';
import { apiModules } from '../src/modules.ts';
import { startJobRunner, stopSender, type JobRunner } from '../src/platform/jobs/index.ts';
import { useTestApp } from './support/context.ts';
import { uniqueKey } from './support/factories.ts';
import { binary, csvRows } from './support/file-bodies.ts';

/**
 * The files platform as the real API serves it: behind sign-in, with each resource's capabilities (read to
 * download, write to import), the list's search, sort and scope applied to downloads, and imports audited.
 */
const ctx = useTestApp();

const csvFile = (rows: string[][]) =>
  Buffer.from('\uFEFF' + rows.map((r) => r.join(',')).join('\r\n'), 'utf8');

const PAPER_HEADER = ['Paper Id', 'Paper Name', 'Paper Code'];
const upload = async (
  path: string,
  rows: string[][],
  role: 'admin' | 'office' | 'faculty' | 'student' | Record<string, string> = 'office',
) =>
  ctx.api
    .post(path)
    .set(typeof role === 'string' ? await ctx.as(role) : role)
    .attach('file', csvFile(rows), 'papers.csv');
const collegeFaculty = async () => ({
  Authorization: `Bearer ${await ctx.login('faculty.college@university.test')}`,
});

describe('downloads', () => {
  it('hold exactly the rows of the list, with its search and sort, whatever the page', async () => {
    const admin = await ctx.as('admin');
    const tag = uniqueKey('EXP');
    for (const [i, name] of ['Charlie', 'alpha', 'Bravo'].entries()) {
      await ctx.db.prisma.paper.create({ data: { paper_id: `${tag}${i}`, paper_name: `${name} ${tag}` } });
    }
    const list = await ctx.api.get(`/api/paper?q=${tag}&sort=-paper_name&limit=1`).set(admin);
    expect(list.body.total).toBe(3);
    const res = await binary(
      ctx.api.get(`/api/paper?q=${tag}&sort=-paper_name&limit=1&offset=1&format=csv`).set(admin),
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="paper-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = csvRows(res.body as Buffer);
    expect(rows[0]!.slice(0, 2)).toEqual(['Paper Id', 'Paper Name']);
    // Every row of the search (not one page), in the list's order (PostgreSQL's collation: case does not
    // decide).
    const all = await ctx.api.get(`/api/paper?q=${tag}&sort=-paper_name`).set(admin);
    expect(rows.slice(1).map((r) => r[1])).toEqual(
      all.body.paper.map((p: { paper_name: string }) => p.paper_name),
    );
    expect(rows).toHaveLength(4);
  });

  it('an XLSX download and the list without `format` answer as before', async () => {
    const admin = await ctx.as('admin');
    const xlsx = await binary(ctx.api.get('/api/sempart?format=xlsx').set(admin));
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect((xlsx.body as Buffer).subarray(0, 2).toString()).toBe('PK');
    const list = await ctx.api.get('/api/sempart').set(admin);
    expect(list.headers['content-type']).toMatch(/^application\/json/);
    expect(list.body.sempart.length).toBeGreaterThan(0);
  });

  it('a bad sort or format is refused with 422 naming the parameter, as the list refuses it', async () => {
    const admin = await ctx.as('admin');
    expect((await ctx.api.get('/api/paper?format=pdf').set(admin)).body.errors).toEqual({
      format: ['Must be csv or xlsx'],
    });
    expect(
      Object.keys((await ctx.api.get('/api/paper?format=csv&sort=password_hash').set(admin)).body.errors),
    ).toEqual(['sort']);
  });

  it('a student (no master-data read) is refused a download and a template: 403, no file', async () => {
    const student = await ctx.as('student');
    for (const path of [
      '/api/paper?format=csv',
      '/api/paper?format=xlsx',
      '/api/import-template/paper?format=csv',
    ]) {
      const res = await ctx.api.get(path).set(student);
      expect(res.status, path).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
      expect(res.headers['content-disposition']).toBeUndefined();
    }
  });

  it(
    "a faculty user's download is its list: all of master data while the grant is `any`, nothing when " +
      'scoped to a college the rows do not carry',
    async () => {
      const faculty = await ctx.as('faculty');
      const everything = csvRows(
        (await binary(ctx.api.get('/api/paper?format=csv').set(faculty))).body as Buffer,
      );
      expect(everything.length - 1).toBe(await ctx.db.prisma.paper.count());
      const saved = grants.faculty['master-data.read'];
      try {
        // Papers keep no college: a college-scoped reader reaches none of them (fail closed), in the list and
        // the file.
        grants.faculty['master-data.read'] = 'college';
        expect(paperResource.scopeFields.college).toBeUndefined();
        const list = await ctx.api.get('/api/paper').set(faculty);
        expect(list.body).toEqual({ paper: [], total: 0 });
        const res = await binary(ctx.api.get('/api/paper?format=csv').set(faculty));
        expect(res.status).toBe(200);
        expect(csvRows(res.body as Buffer)).toHaveLength(1);
      } finally {
        grants.faculty['master-data.read'] = saved;
      }
    },
  );
});

describe('imports', () => {
  it(
    'a multipart upload reaches the import (the JSON-only rule of writes lets it through), and each stored ' +
      'row is audited with its importer',
    async () => {
      const ids = [uniqueKey('IMA'), uniqueKey('IMB')];
      const res = await upload('/api/import/paper', [
        PAPER_HEADER,
        [ids[0]!, 'Imported one', 'I-1'],
        [ids[1]!, 'Imported two', ''],
      ]);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({
        imported: 2,
        dry_run: false,
        counts: { created: 2, updated: 0, unchanged: 0, error: 0 },
      });
      const audit = await ctx.db.prisma.auditEntry.findMany({
        where: { entity: 'paper', entity_key: { in: ids } },
        orderBy: { entity_key: 'asc' },
      });
      expect(audit.map((a) => [a.entity_key, a.action, a.user_email])).toEqual([
        [ids[0], 'create', 'office@university.test'],
        [ids[1], 'create', 'office@university.test'],
      ]);
      // And the trail shows them to the admin like any other change.
      const trail = await ctx.api.get(`/api/audit?entity=paper&key=${ids[0]}`).set(await ctx.as('admin'));
      expect(trail.body.audit).toHaveLength(1);
    },
  );

  it('a dry run reports what would happen and stores nothing, not even an audit entry', async () => {
    const id = uniqueKey('IMD');
    const before = await ctx.db.prisma.auditEntry.count();
    const res = await upload('/api/import/paper?dry_run=1', [PAPER_HEADER, [id, 'Only checked', '']]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ imported: 0, dry_run: true, rows: [{ row: 2, status: 'created' }] });
    expect(res.body.message).toMatch(/dry run: nothing was stored/);
    expect(await ctx.db.prisma.paper.findUnique({ where: { paper_id: id } })).toBeNull();
    expect(await ctx.db.prisma.auditEntry.count()).toBe(before);
  });

  it('a CSV reads the same with LF, CRLF or CR line ends, quoted cells, a BOM and blank lines', async () => {
    const office = await ctx.as('office');
    const id = uniqueKey('IML');
    const lines = (eol: string, quote: (s: string) => string) =>
      ['Paper Id,Paper Name,Paper Code', `${quote(`${id}A`)},${quote('Plain ए')},`, '', `${id}B,Two,`, '']
        .join(eol)
        .concat(eol);
    const files = [
      lines('\n', (s) => s),
      '\uFEFF' + lines('\r\n', (s) => s),
      lines('\r\n', (s) => `"${s}"`),
      lines('\r', (s) => s),
      lines('\n', (s) => s).replace('\n\n', '\r\n\n'),
    ];
    for (const file of files) {
      const res = await ctx.api
        .post('/api/import/paper?dry_run=1')
        .set(office)
        .attach('file', Buffer.from(file, 'utf8'), 'papers.csv');
      expect(res.status, JSON.stringify(file)).toBe(200);
      expect(res.body.rows, JSON.stringify(file)).toEqual([
        { row: 2, status: 'created' },
        { row: 4, status: 'created' },
      ]);
    }
    const named = await ctx.api
      .post('/api/import/paper?dry_run=1')
      .set(office)
      .attach('file', Buffer.from(lines('\n', (s) => s).replace('Two', 'x'.repeat(300)), 'utf8'), 'p.csv');
    expect(named.body.rows[1]).toMatchObject({ row: 4, status: 'error', values: { paper_id: `${id}B` } });
  });

  it('one failing row stores nothing: 422 with its row, field and message; others untouched', async () => {
    const good = uniqueKey('IMG');
    const existing = uniqueKey('IME');
    await ctx.db.prisma.paper.create({ data: { paper_id: existing, paper_name: 'Before the import' } });
    const before = await ctx.db.prisma.auditEntry.count();
    const res = await upload('/api/import/paper', [
      PAPER_HEADER,
      [good, 'Good row', ''],
      [existing, 'Renamed by the import', ''],
      [uniqueKey('IMX'), '', 'no name'],
    ]);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body).toMatchObject({ imported: 0, counts: { created: 1, updated: 1, error: 1 } });
    expect(res.body.rows[2]).toMatchObject({ row: 4, status: 'error', errors: { paper_name: ['Required'] } });
    expect(res.body.message).toBe(
      'Nothing was imported: 1 of 3 rows has errors. Fix them and import the file again.',
    );
    expect(await ctx.db.prisma.paper.findUnique({ where: { paper_id: good } })).toBeNull();
    expect((await ctx.db.prisma.paper.findUnique({ where: { paper_id: existing } }))!.paper_name).toBe(
      'Before the import',
    );
    expect(await ctx.db.prisma.auditEntry.count()).toBe(before);
  });

  it(
    'needs the write capability: faculty and student are refused (403) before the file is read, and ' +
      'nothing is stored',
    async () => {
      for (const role of ['faculty', 'student'] as const) {
        const id = uniqueKey('IMR');
        const res = await upload('/api/import/paper', [PAPER_HEADER, [id, 'Refused', '']], role);
        expect(res.status, role).toBe(403);
        expect(res.body.code).toBe('FORBIDDEN');
        expect(await ctx.db.prisma.paper.findUnique({ where: { paper_id: id } })).toBeNull();
      }
    },
  );

  it('a writer whose scope reaches no row of the resource imports nothing (403 OUT_OF_SCOPE)', async () => {
    const saved = grants.faculty['master-data.write'];
    try {
      grants.faculty['master-data.write'] = 'college';
      const id = uniqueKey('IMS');
      const res = await upload('/api/import/paper', [PAPER_HEADER, [id, 'Out of scope', '']], 'faculty');
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('OUT_OF_SCOPE');
      expect(await ctx.db.prisma.paper.findUnique({ where: { paper_id: id } })).toBeNull();
    } finally {
      if (saved === undefined) delete grants.faculty['master-data.write'];
      else grants.faculty['master-data.write'] = saved;
    }
  });

  it('a template of every resource, for a reader', async () => {
    const faculty = await ctx.as('faculty');
    for (const path of [
      'session',
      'course',
      'paper',
      'sempart',
      'ccinfosem',
      'paperinfosem',
      'exam',
      'examcycle',
    ]) {
      const res = await binary(ctx.api.get(`/api/import-template/${path}?format=csv`).set(faculty));
      expect(res.status, path).toBe(200);
      expect(csvRows(res.body as Buffer), path).toHaveLength(3);
    }
  });
});

describe('scope', () => {
  it("a college faculty user's download of colleges holds its own college only, as its list", async () => {
    const own = await collegeFaculty();
    const read = collegeResource.capability.read as CapabilityKey;
    const saved = grants.faculty[read];
    try {
      // A college's faculty reads colleges within its college (section 2.5), whatever the table grants today.
      grants.faculty[read] = 'college';
      const list = await ctx.api.get('/api/college').set(own);
      const rows = csvRows((await binary(ctx.api.get('/api/college?format=csv').set(own))).body as Buffer);
      expect(rows.slice(1).map((r) => r[0])).toEqual(
        list.body.college.map((c: { college_id: string }) => c.college_id),
      );
      expect(rows.slice(1).map((r) => r[0])).toEqual(['C101']);
      // A search that would match another college finds nothing in the file either.
      expect(
        csvRows((await binary(ctx.api.get('/api/college?format=csv&q=C102').set(own))).body as Buffer),
      ).toHaveLength(1);
    } finally {
      if (saved === undefined) delete grants.faculty[read];
      else grants.faculty[read] = saved;
    }
  });

  it(
    "a writer scoped to its college imports its own college only: other colleges' rows are refused by row, " +
      'and nothing is stored',
    async () => {
      const saved = grants.faculty['master-data.write'];
      const own = await collegeFaculty();
      const header = ['College Id', 'College Name', 'College Type', 'Is Centre'];
      const before = await ctx.db.prisma.college.findUniqueOrThrow({ where: { college_id: 'C101' } });
      try {
        grants.faculty['master-data.write'] = 'college';
        const mixed = await upload(
          '/api/import/college',
          [
            header,
            ['C101', 'Renamed by its faculty', 'GOVT', '1'],
            ['C102', 'Not theirs', 'GOVT', '0'],
            ['C9X', 'A new college elsewhere', 'PRIVATE', '0'],
          ],
          own,
        );
        expect(mixed.status).toBe(422);
        expect(
          mixed.body.rows.map((r: { row: number; status: string; errors?: unknown }) => [
            r.row,
            r.status,
            r.errors,
          ]),
        ).toEqual([
          [2, 'updated', undefined],
          [3, 'error', { college_id: ['You may only use college_id C101 (your own).'] }],
          [4, 'error', { college_id: ['You may only use college_id C101 (your own).'] }],
        ]);
        expect(
          await ctx.db.prisma.college.findUniqueOrThrow({ where: { college_id: 'C101' } }),
        ).toMatchObject({
          college_name: before.college_name,
        });
        expect(await ctx.db.prisma.college.findUnique({ where: { college_id: 'C9X' } })).toBeNull();

        const mine = await upload(
          '/api/import/college',
          [header, ['C101', 'Renamed by its faculty', 'GOVT', '1']],
          own,
        );
        expect(mine.status, mine.text).toBe(200);
        expect(
          await ctx.db.prisma.college.findUniqueOrThrow({ where: { college_id: 'C101' } }),
        ).toMatchObject({
          college_name: 'Renamed by its faculty',
        });
      } finally {
        if (saved === undefined) delete grants.faculty['master-data.write'];
        else grants.faculty['master-data.write'] = saved;
        await ctx.db.prisma.college.update({
          where: { college_id: 'C101' },
          data: { college_name: before.college_name, is_centre: before.is_centre },
        });
      }
    },
  );
});

describe('large imports run as jobs', () => {
  let runner: JobRunner;
  beforeAll(async () => {
    runner = await startJobRunner(ctx.db, { jobs: apiModules.flatMap((m) => m.jobs ?? []), pollMs: 200 });
  });
  afterAll(async () => {
    await runner?.stop();
    await stopSender(ctx.db);
  });

  /** Polls the job as its starter until it has finished. */
  async function finished(id: string, headers: Record<string, string>): Promise<Job> {
    for (let i = 0; i < 600; i++) {
      const res = await ctx.api.get(`/api/job/${id}`).set(headers);
      expect(res.status).toBe(200);
      if (['succeeded', 'failed', 'cancelled'].includes(res.body.job.status)) return res.body.job as Job;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`job ${id} did not finish`);
  }

  const papers = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => [`${prefix}${String(i).padStart(5, '0')}`, `Bulk paper ${i}`, '']);

  it(
    'a file of more than 2,000 rows answers 202 at once; the job stores every row, audits each as the ' +
      "importer's, and its result is the report",
    async () => {
      const office = await ctx.as('office');
      const prefix = uniqueKey('JB');
      const res = await upload('/api/import/paper', [PAPER_HEADER, ...papers(prefix, 2_001)], office);
      expect(res.status, res.text).toBe(202);
      expect(res.body.job).toMatchObject({ kind: 'files.import.paper', total: 0 });
      const job = await finished(res.body.job.job_id, office);
      expect(job).toMatchObject({ status: 'succeeded', done: 2_001, total: 2_001, errors: [] });
      const report = job.result as ImportReport;
      expect(report).toMatchObject({ imported: 2_001, dry_run: false, counts: { created: 2_001, error: 0 } });
      expect(await ctx.db.prisma.paper.count({ where: { paper_id: { startsWith: prefix } } })).toBe(2_001);
      const audit = await ctx.db.prisma.auditEntry.findMany({
        where: { entity: 'paper', entity_key: { startsWith: prefix } },
        select: { user_email: true, request_id: true },
      });
      expect(audit).toHaveLength(2_001);
      expect(new Set(audit.map((a) => `${a.user_email} ${a.request_id}`))).toEqual(
        new Set([`office@university.test job:${job.job_id}`]),
      );
    },
  );

  it(
    'a large file with one bad row: the job reports the row (in its result and its errors) and stores ' +
      'nothing; a large dry run stores nothing either',
    async () => {
      const office = await ctx.as('office');
      const prefix = uniqueKey('JE');
      const rows = papers(prefix, 2_100);
      rows[1_500] = [rows[1_500]![0]!, '', ''];
      const before = await ctx.db.prisma.auditEntry.count();
      const res = await upload('/api/import/paper', [PAPER_HEADER, ...rows], office);
      expect(res.status).toBe(202);
      const job = await finished(res.body.job.job_id, office);
      expect(job).toMatchObject({ status: 'succeeded', done: 2_100, total: 2_100 });
      expect(job.errors).toEqual([{ row: 1_502, message: 'paper_name: Required' }]);
      expect(job.result).toMatchObject({ imported: 0, counts: { created: 2_099, error: 1 } });
      expect((job.result as ImportReport).message).toBe(
        'Nothing was imported: 1 of 2100 rows has errors. Fix them and import the file again.',
      );

      rows[1_500] = [rows[1_500]![0]!, 'Fixed', ''];
      const dry = await upload('/api/import/paper?dry_run=1', [PAPER_HEADER, ...rows], office);
      expect(dry.status).toBe(202);
      expect((await finished(dry.body.job.job_id, office)).result).toMatchObject({
        imported: 0,
        dry_run: true,
        counts: { created: 2_100, error: 0 },
      });
      expect(await ctx.db.prisma.paper.count({ where: { paper_id: { startsWith: prefix } } })).toBe(0);
      expect(await ctx.db.prisma.auditEntry.count()).toBe(before);
    },
  );

  it(
    'a failed row late in a file of several chunks stores nothing: not the rows before it, not an update, ' +
      'not an audit entry',
    async () => {
      const office = await ctx.as('office');
      const prefix = uniqueKey('JM');
      const existing = uniqueKey('JMU');
      await ctx.db.prisma.paper.create({ data: { paper_id: existing, paper_name: 'Before the import' } });
      // 3,000 rows: the first updates a stored paper, rows 2-1,800 create papers (written chunk by chunk),
      // and row 1,801 repeats the key of the 11th data row, which only the file as a whole can tell.
      const rows = [[existing, 'Renamed by the import', ''], ...papers(prefix, 2_999)];
      rows[1_800] = [rows[10]![0]!, 'The same key again', ''];
      const before = await ctx.db.prisma.auditEntry.count();
      const res = await upload('/api/import/paper', [PAPER_HEADER, ...rows], office);
      expect(res.status).toBe(202);
      const job = await finished(res.body.job.job_id, office);
      expect(job.status).toBe('succeeded');
      expect(job.errors).toEqual([
        {
          row: 1_802,
          message: `paper_id: Same key as row 12 (${rows[10]![0]}); each record may appear once.`,
        },
      ]);
      expect(job.result).toMatchObject({ imported: 0, counts: { created: 2_998, updated: 1, error: 1 } });
      expect(await ctx.db.prisma.paper.count({ where: { paper_id: { startsWith: prefix } } })).toBe(0);
      expect((await ctx.db.prisma.paper.findUnique({ where: { paper_id: existing } }))!.paper_name).toBe(
        'Before the import',
      );
      expect(await ctx.db.prisma.auditEntry.count()).toBe(before);
    },
  );

  it("an imported row's audit entries read like a form's: the record as stored, ISO timestamps", async () => {
    const office = await ctx.as('office');
    const id = uniqueKey('JAU');
    expect(
      (await upload('/api/import/paper', [PAPER_HEADER, [id, 'Audited paper', 'AU-1']], office)).status,
    ).toBe(200);
    const created = await ctx.db.prisma.auditEntry.findFirstOrThrow({
      where: { entity: 'paper', entity_key: id },
    });
    const read = async () =>
      (await ctx.api.get(`/api/paper/${id}`).set(office)).body[paperResource.responseKey] as Record<
        string,
        unknown
      >;
    // The list's joined parent name (dept_name) is not the record's own: a form's audit entry has it, an
    // import's not.
    const { dept_name: _joined, ...own } = await read();
    expect(created.after).toEqual(own);
    expect(created.before).toBeNull();
    expect(
      await upload('/api/import/paper', [PAPER_HEADER, [id, 'Audited paper renamed', 'AU-1']], office),
    ).toMatchObject({ status: 200 });
    const updated = await ctx.db.prisma.auditEntry.findFirstOrThrow({
      where: { entity: 'paper', entity_key: id, action: 'update' },
    });
    expect(updated.after).toMatchObject({
      ...own,
      paper_name: 'Audited paper renamed',
      updated_at: (await read()).updated_at,
    });
    expect(updated.before).toMatchObject(own);
  });

  it('another user cannot follow the job (404), and a reader cannot start one (403)', async () => {
    const office = await ctx.as('office');
    const res = await upload(
      '/api/import/paper?dry_run=1',
      [PAPER_HEADER, ...papers(uniqueKey('JR'), 2_001)],
      office,
    );
    expect(res.status).toBe(202);
    expect((await ctx.api.get(`/api/job/${res.body.job.job_id}`).set(await ctx.as('faculty'))).status).toBe(
      404,
    );
    expect(
      (await upload('/api/import/paper', [PAPER_HEADER, ...papers(uniqueKey('JR'), 2_001)], 'faculty'))
        .status,
    ).toBe(403);
    await finished(res.body.job.job_id, office);
  });
});
