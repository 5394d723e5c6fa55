import express from 'express';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paperInfoSemResource, paperResource, paperType, type Resource } from '@exam/contracts';
import type { Database } from '@exam/db';
import { openTestDatabase, type TestDatabase } from '@exam/db/testing';
import { masterDataModule } from '../src/modules/master-data/index.ts';
import { resourceRegistry } from '../src/platform/crud/registry.ts';
import { apiNotFound, errorHandler } from '../src/platform/http/errors.ts';
import { fileRoutes, type DownloadPlan } from '../src/platform/files/routes.ts';
import { uniqueKey } from './support/factories.ts';
import { binary, csvRows } from './support/file-bodies.ts';

/**
 * The files platform through HTTP, on a small app of its own over real master-data resources (paper,
 * paperinfosem) and a real database: what a user downloads, and what an upload stores or refuses.
 */

let testDb: TestDatabase;
let db: Database;
let api: ReturnType<typeof request>;
const MAX_BYTES = 1024 * 1024;

/**
 * The list's plan as the engine makes it: exact filters on key fields, `sort` (or the first key), then the
 * keys.
 */
function listPlan(resource: Resource, query: Record<string, unknown>): DownloadPlan {
  const where = Object.fromEntries(
    resource.keyFields.filter((k) => typeof query[k] === 'string').map((k) => [k, query[k]]),
  );
  const sort = typeof query.sort === 'string' ? query.sort : resource.keyFields[0]!;
  const field = sort.replace(/^-/, '');
  return {
    where,
    orderBy: [
      { [field]: sort.startsWith('-') ? 'desc' : 'asc' },
      ...resource.keyFields.filter((k) => k !== field).map((k) => ({ [k]: 'asc' as const })),
    ],
  };
}

beforeAll(async () => {
  testDb = await openTestDatabase({ templates: inject('testTemplates'), template: 'demo' });
  db = testDb.db;
  const registry = resourceRegistry(masterDataModule.resources!);
  const app = express();
  // Signed in as the demo office user (the real sign-in is the engine's; this app tests the files platform
  // only).
  const office = await db.prisma.user.findUniqueOrThrow({ where: { email: 'office@university.test' } });
  // `x-role: faculty` makes the caller a reader of master data (the grants table decides, as in the real
  // app).
  app.use((req, res, next) => {
    res.locals.user = {
      ...office,
      role: req.get('x-role') ?? office.role,
      student_id: null,
      jti: 'test',
      exp: 0,
    };
    next();
  });
  app.use(
    '/api',
    fileRoutes({
      // Every file imported at once here (large ones are jobs in the real app: files-app.test.ts).
      db,
      registry,
      listPlan,
      maxFileBytes: MAX_BYTES,
      jobRows: Number.POSITIVE_INFINITY,
      resources: [
        { resource: paperResource },
        { resource: paperInfoSemResource, columns: { enums: { paper_type: paperType } } },
      ],
    }),
  );
  app.use('/api', apiNotFound);
  app.use(errorHandler(db));
  api = request(app);
});

afterAll(async () => {
  await testDb?.dispose();
});

async function xlsxSheets(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook.worksheets.map((sheet) => ({
    name: sheet.name,
    rows: sheet
      .getSheetValues()
      .slice(1)
      .map((r) => (Array.isArray(r) ? r.slice(1).map((v) => v ?? null) : [])),
  }));
}

async function xlsxFile(rows: unknown[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Data');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const csvFile = (rows: string[][]) =>
  Buffer.from(
    '\uFEFF' +
      rows
        .map((r) => r.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(','))
        .join('\r\n'),
    'utf8',
  );

const upload = (path: string, file: Buffer, filename: string) =>
  api.post(path).attach('file', file, filename);

/** The first columns of a paper's files (an import may leave out the optional ones after them). */
const PAPER_HEADER = ['Paper Id', 'Paper Name', 'Paper Code', 'Paper Desc', 'Paper Code Desc'];

const auditCount = (entity: string) => db.prisma.auditEntry.count({ where: { entity } });

describe('downloads', () => {
  it(
    'a list as CSV: UTF-8 with BOM, human headers, the rows of the list in its order, Hindi intact, ' +
      'formulas defused',
    async () => {
      const id = uniqueKey('PX');
      await db.prisma.paper.create({
        data: {
          paper_id: id,
          paper_name: 'हिन्दी काव्य: द्वितीय',
          paper_code: '=HYPERLINK("http://x","y")',
          paper_desc: '-5 marks',
          paper_code_desc: '@SUM(A1)',
        },
      });
      const res = await binary(api.get('/api/paper?format=csv&sort=-paper_id'));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="paper-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const body = res.body as Buffer;
      expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const rows = csvRows(body);
      expect(rows[0]!.slice(0, PAPER_HEADER.length)).toEqual(PAPER_HEADER);
      expect(rows[0]!.slice(-2)).toEqual(['Created At', 'Updated At']);
      const stored = await db.prisma.paper.findMany({ orderBy: { paper_id: 'desc' } });
      expect(rows.slice(1).map((r) => r[0])).toEqual(stored.map((p) => p.paper_id));
      const mine = rows.find((r) => r[0] === id)!;
      expect(mine.slice(1, 5)).toEqual([
        'हिन्दी काव्य: द्वितीय',
        `'=HYPERLINK("http://x","y")`,
        "'-5 marks",
        "'@SUM(A1)",
      ]);
    },
  );

  it('a list as XLSX: typed cells (codes as numbers), filtered, a Columns sheet of the codes', async () => {
    const res = await binary(api.get('/api/paperinfosem?format=xlsx&session_id=2024-25'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(/filename="paperinfosem-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const [data, columns] = await xlsxSheets(res.body as Buffer);
    expect(data!.name).toBe('Paper-semester link');
    const header = data!.rows[0] as string[];
    expect(header.slice(0, 5)).toEqual([
      'Session Id',
      'Course Comb Id',
      'Sem Id',
      'Paper Id',
      'Group Status',
    ]);
    const stored = await db.prisma.paperInfoSem.findMany({
      where: { session_id: '2024-25' },
      orderBy: [{ session_id: 'asc' }, { course_comb_id: 'asc' }, { sem_id: 'asc' }, { paper_id: 'asc' }],
    });
    expect(stored.length).toBeGreaterThan(0);
    expect(data!.rows.slice(1).map((r) => r.slice(0, 4).join('/'))).toEqual(
      stored.map((s) => [s.session_id, s.course_comb_id, s.sem_id, s.paper_id].join('/')),
    );
    const typeColumn = header.indexOf('Paper Type');
    expect(data!.rows.slice(1).map((r) => r[typeColumn])).toEqual(stored.map((s) => s.paper_type));
    expect(columns!.name).toBe('Columns');
    expect(columns!.rows.find((r) => r[0] === 'Paper Type')![3]).toBe(
      'Required. One of: 0 = External and Internal; 1 = External Only; 2 = Internal Only.',
    );
  });

  it('refuses a format it does not make', async () => {
    const res = await api.get('/api/paper?format=pdf');
    expect(res.status).toBe(422);
    expect(res.body.errors.format).toEqual(['Must be csv or xlsx']);
  });

  it('templates: header, a hint row and an example row, in CSV and XLSX', async () => {
    const csv = await binary(api.get('/api/import-template/paper?format=csv'));
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/filename="paper-template-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = csvRows(csv.body as Buffer);
    expect(rows[0]!.slice(0, PAPER_HEADER.length)).toEqual(PAPER_HEADER);
    expect(rows[0]).not.toContain('Created At');
    expect(rows[1]![0]).toMatch(/^Required\. Code of at most 30 letters/);
    expect(rows[1]![2]).toBe('Optional (leave empty for none). Text, at most 50 characters.');
    expect(rows).toHaveLength(3);
    const xlsx = await binary(api.get('/api/import-template/paperinfosem'));
    const [data, columns] = await xlsxSheets(xlsx.body as Buffer);
    expect(data!.rows).toHaveLength(3);
    expect(columns!.rows.find((r) => r[0] === 'Group Code')![3]).toMatch(
      /^Required\. One of: NG = No Group; G1; G2;/,
    );
  });

  it('a filled-in template imports as it is: its hint and example rows are skipped', async () => {
    const template = csvRows((await binary(api.get('/api/import-template/paper?format=csv'))).body as Buffer);
    const id = uniqueKey('PT');
    const res = await upload(
      '/api/import/paper',
      csvFile([...template, [id, 'From the template', '', '', '']]),
      'paper.csv',
    );
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([{ row: 4, status: 'created' }]);
  });
});

describe('imports', () => {
  it('creates new keys, updates existing ones (updatable fields only), audits each stored row', async () => {
    const existing = uniqueKey('PU');
    await db.prisma.paper.create({
      data: { paper_id: existing, paper_name: 'Old name', paper_code: 'OLD-1' },
    });
    const fresh = uniqueKey('PN');
    const same = 'HIN101';
    const before = await auditCount('paper');
    const stored = (await db.prisma.paper.findUnique({ where: { paper_id: same } }))!;
    const res = await upload(
      '/api/import/paper',
      csvFile([
        PAPER_HEADER,
        [fresh, 'श्रीमती क्षेत्र ज्ञान', 'NEW-1', '', ''],
        [existing, 'New name', 'OLD-1', 'now described', ''],
        [
          same,
          stored.paper_name,
          stored.paper_code ?? '',
          stored.paper_desc ?? '',
          stored.paper_code_desc ?? '',
        ],
      ]),
      'papers.csv',
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      imported: 2,
      dry_run: false,
      counts: { created: 1, updated: 1, unchanged: 1, error: 0 },
      rows: [
        { row: 2, status: 'created' },
        { row: 3, status: 'updated' },
        { row: 4, status: 'unchanged' },
      ],
    });
    expect(await db.prisma.paper.findUnique({ where: { paper_id: fresh } })).toMatchObject({
      paper_name: 'श्रीमती क्षेत्र ज्ञान',
      paper_code: 'NEW-1',
      paper_desc: null,
    });
    expect(await db.prisma.paper.findUnique({ where: { paper_id: existing } })).toMatchObject({
      paper_name: 'New name',
      paper_desc: 'now described',
    });
    expect(await auditCount('paper')).toBe(before + 2);
    const update = await db.prisma.auditEntry.findFirst({ where: { entity: 'paper', entity_key: existing } });
    expect(update).toMatchObject({ action: 'update', user_email: 'office@university.test' });
    expect((update!.before as { paper_name: string }).paper_name).toBe('Old name');
    expect((update!.after as { paper_name: string }).paper_name).toBe('New name');
  });

  it('stores nothing when one row fails, naming that row (as numbered in the file) and field', async () => {
    const ids = [uniqueKey('PA'), uniqueKey('PB'), uniqueKey('PC')];
    const before = await auditCount('paper');
    const res = await upload(
      '/api/import/paper',
      csvFile([
        PAPER_HEADER,
        [ids[0]!, 'Good', '', '', ''],
        ['', '', '', '', ''],
        [ids[1]!, '', '', '', ''],
        [ids[2]!, 'Good too', '', '', ''],
      ]),
      'papers.csv',
    );
    expect(res.status).toBe(422);
    expect(res.body.imported).toBe(0);
    // The blank line 3 is skipped; the row numbers stay those of the file. A failed row comes with its cells,
    // as read.
    expect(res.body.rows).toEqual([
      { row: 2, status: 'created' },
      {
        row: 4,
        status: 'error',
        errors: { paper_name: ['Required'] },
        values: { paper_id: ids[1], paper_name: '', paper_code: '', paper_desc: '', paper_code_desc: '' },
      },
      { row: 5, status: 'created' },
    ]);
    expect(res.body.message).toBe(
      'Nothing was imported: 1 of 3 rows has errors. Fix them and import the file again.',
    );
    expect(await db.prisma.paper.count({ where: { paper_id: { in: ids } } })).toBe(0);
    expect(await auditCount('paper')).toBe(before);
  });

  it('names a key repeated in the file, a parent that does not exist and a cross-field rule', async () => {
    const header = [
      'Session Id',
      'Course Comb Id',
      'Sem Id',
      'Paper Id',
      'Group Status',
      'Group Code',
      'Max Marks',
      'Min Marks',
      'Th Pr Status',
      'Paper Score Status',
      'Paper Type',
      'Elective Status',
    ];
    const row = (paper: string, min = '35') => [
      '2024-25',
      'BA01',
      '1',
      paper,
      'N',
      'NG',
      '100',
      min,
      'TH',
      'Y',
      '0',
      '0',
    ];
    const paper = uniqueKey('PP');
    await db.prisma.paper.create({ data: { paper_id: paper, paper_name: 'Placed by import' } });
    const res = await upload(
      '/api/import/paperinfosem',
      csvFile([header, row(paper), row(paper), row('NOPAPER'), row(paper.toLowerCase() + 'X', '200')]),
      'links.csv',
    );
    expect(res.status).toBe(422);
    expect(res.body.rows.map(({ values: _, ...r }: { values?: unknown }) => r)).toEqual([
      { row: 2, status: 'created' },
      {
        row: 3,
        status: 'error',
        errors: { paper_id: [`Same key as row 2 (2024-25/BA01/1/${paper}); each record may appear once.`] },
      },
      { row: 4, status: 'error', errors: { paper_id: ['Paper NOPAPER does not exist.'] } },
      { row: 5, status: 'error', errors: { min_marks: ['Must not exceed max_marks (100)'] } },
    ]);
    expect(await db.prisma.paperInfoSem.count({ where: { paper_id: paper } })).toBe(0);
  });

  it('a failed-rows file, corrected, imports as it is: its "Import errors" column is ignored', async () => {
    const id = uniqueKey('PF');
    const res = await upload(
      '/api/import/paper',
      csvFile([
        [...PAPER_HEADER, 'Import errors'],
        [id, 'Corrected', '', '', '', 'Paper Name: Required'],
      ]),
      'failed.csv',
    );
    expect(res.status, res.text).toBe(200);
    expect(await db.prisma.paper.findUnique({ where: { paper_id: id } })).toMatchObject({
      paper_name: 'Corrected',
    });
  });

  it('a dry run validates and reports, and stores nothing', async () => {
    const id = uniqueKey('PD');
    const before = await auditCount('paper');
    const res = await upload(
      '/api/import/paper?dry_run=1',
      csvFile([PAPER_HEADER, [id, 'Dry', '', '', '']]),
      'papers.csv',
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ imported: 0, dry_run: true, rows: [{ row: 2, status: 'created' }] });
    expect(res.body.message).toBe(
      'The file is valid (1 to create, 0 to update, 0 unchanged). This was a dry run: nothing was stored.',
    );
    expect(await db.prisma.paper.findUnique({ where: { paper_id: id } })).toBeNull();
    expect(await auditCount('paper')).toBe(before);
  });

  it(
    'XLSX: numbers and text cells, headers matched whatever their case, columns in any order, optional ' +
      'ones left out',
    async () => {
      const id = uniqueKey('PX');
      const res = await upload(
        '/api/import/paper',
        await xlsxFile([
          ['paper name', 'PAPER_ID'],
          ['हिन्दी', id],
          [12345, uniqueKey('PY')],
        ]),
        'papers.xlsx',
      );
      expect(res.status).toBe(200);
      expect(res.body.counts).toEqual({ created: 2, updated: 0, unchanged: 0, error: 0 });
      expect(await db.prisma.paper.findUnique({ where: { paper_id: id } })).toMatchObject({
        paper_name: 'हिन्दी',
        paper_code: null,
      });
    },
  );

  it(
    'XLSX: thousands of Hindi names arrive letter for letter (a streaming reader broke letters split ' +
      'across chunks)',
    async () => {
      const names = Array.from({ length: 6000 }, (_, i) => [`PH${i}`, `द्वितीय श्रीमती क्षेत्र ज्ञान हिन्दी ${i}`]);
      const res = await upload(
        '/api/import/paper?dry_run=1',
        await xlsxFile([['Paper Id', 'Paper Name'], ...names]),
        'hindi.xlsx',
      );
      expect(res.status).toBe(200);
      expect(res.body.counts.created).toBe(6000);
      const stored = await upload(
        '/api/import/paper',
        await xlsxFile([['Paper Id', 'Paper Name'], ...names]),
        'hindi.xlsx',
      );
      expect(stored.status).toBe(200);
      const rows = await db.prisma.paper.findMany({
        where: { paper_id: { startsWith: 'PH' } },
        select: { paper_id: true, paper_name: true },
      });
      const byId = new Map(rows.map((r) => [r.paper_id, r.paper_name]));
      expect(names.filter(([id, name]) => byId.get(id!) !== name)).toEqual([]);
    },
  );

  it('an export imported again changes nothing (CSV and XLSX), and audits nothing', async () => {
    const guarded = uniqueKey('PG');
    await db.prisma.paper.create({
      data: { paper_id: guarded, paper_name: '=1+2', paper_code: "'=already quoted" },
    });
    for (const [path, format] of [
      ['paper', 'csv'],
      ['paper', 'xlsx'],
      ['paperinfosem', 'csv'],
      ['paperinfosem', 'xlsx'],
    ] as const) {
      const file = (await binary(api.get(`/api/${path}?format=${format}`))).body as Buffer;
      const before = await db.prisma.auditEntry.count();
      const res = await upload(`/api/import/${path}`, file, `export.${format}`);
      expect(res.status, `${path} ${format}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
      expect(res.body.counts.unchanged).toBe(res.body.rows.length);
      expect(res.body.imported).toBe(0);
      expect(await db.prisma.auditEntry.count()).toBe(before);
    }
    expect(await db.prisma.paper.findUnique({ where: { paper_id: guarded } })).toMatchObject({
      paper_name: '=1+2',
      paper_code: "'=already quoted",
    });
  });

  it('a reader may download but not import (refused before the file is read)', async () => {
    const res = await upload('/api/import/paper', csvFile([PAPER_HEADER]), 'p.csv').set('x-role', 'faculty');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });
});

describe('files that cannot be imported answer 4xx naming the problem', () => {
  const cases: Array<[string, () => Promise<request.Test> | request.Test, number, RegExp]> = [
    ['empty', () => upload('/api/import/paper', Buffer.alloc(0), 'p.csv'), 400, /^The file is empty\.$/],
    [
      'only a header',
      () => upload('/api/import/paper', csvFile([PAPER_HEADER]), 'p.csv'),
      400,
      /header row but no data rows/,
    ],
    [
      'a PDF',
      () => upload('/api/import/paper', Buffer.from('%PDF-1.7\n\0\0binary'), 'p.pdf'),
      415,
      /neither CSV nor XLSX/,
    ],
    [
      'an old .xls',
      () =>
        upload(
          '/api/import/paper',
          Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]),
          'p.xls',
        ),
      415,
      /Excel 97-2003 workbook/,
    ],
    [
      'a renamed text file',
      () => upload('/api/import/paper', Buffer.from('hello'), 'p.xlsx'),
      400,
      /named \.xlsx but is not an Excel workbook/,
    ],
    [
      'a damaged workbook',
      () =>
        upload(
          '/api/import/paper',
          Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 7)]),
          'p.xlsx',
        ),
      400,
      /Excel file cannot be read/,
    ],
    [
      'Hindi saved as Windows-1252',
      () =>
        upload(
          '/api/import/paper',
          Buffer.from([...Buffer.from('Paper Id,Paper Name\r\nP1,Caf'), 0xe9]),
          'p.csv',
        ),
      400,
      /not UTF-8 text.*CSV UTF-8/,
    ],
    [
      'UTF-16',
      () => upload('/api/import/paper', Buffer.from('\uFEFFPaper Id\tPaper Name', 'utf16le'), 'p.txt'),
      400,
      /UTF-16/,
    ],
    [
      'unknown column',
      () =>
        upload(
          '/api/import/paper',
          csvFile([
            [...PAPER_HEADER, 'Colour'],
            ['P1', 'x', '', '', '', 'red'],
          ]),
          'p.csv',
        ),
      400,
      /^Unknown column "Colour" \(column F\)\. The columns are: Paper Id, Paper Name/,
    ],
    [
      'missing required column',
      () =>
        upload(
          '/api/import/paper',
          csvFile([
            ['Paper Id', 'Paper Code'],
            ['P1', 'x'],
          ]),
          'p.csv',
        ),
      400,
      /^Missing column: Paper Name\./,
    ],
    [
      'a column twice',
      () =>
        upload(
          '/api/import/paper',
          csvFile([
            ['Paper Id', 'Paper Name', 'paper_name'],
            ['P1', 'x', 'y'],
          ]),
          'p.csv',
        ),
      400,
      /Paper Name appears twice \(columns B and C\)/,
    ],
    [
      'too large',
      () => upload('/api/import/paper', Buffer.alloc(MAX_BYTES + 1, 'a'), 'p.csv'),
      413,
      /larger than/,
    ],
    ['no file', () => api.post('/api/import/paper').field('note', 'x'), 400, /field named "file"/],
    [
      'another field name',
      () => api.post('/api/import/paper').attach('upload', csvFile([PAPER_HEADER]), 'p.csv'),
      400,
      /field named "file"/,
    ],
    [
      'not multipart',
      () => api.post('/api/import/paper').set('Content-Type', 'text/csv').send('Paper Id\nP1'),
      415,
      /multipart\/form-data/,
    ],
    [
      'unknown resource',
      () => upload('/api/import/nothing', csvFile([PAPER_HEADER]), 'p.csv'),
      404,
      /No such API call: POST \/api\/import\/nothing/,
    ],
  ];
  it.each(cases)('%s', async (_name, send, status, message) => {
    const res = await send();
    expect(res.status).toBe(status);
    expect(res.body.message).toMatch(message);
  });

  it('text that lost its Hindi to question marks is named in its row', async () => {
    const res = await upload(
      '/api/import/paper',
      csvFile([PAPER_HEADER, [uniqueKey('PQ'), '????? ????', '', '', '']]),
      'p.csv',
    );
    expect(res.status).toBe(422);
    expect(res.body.rows[0].errors.paper_name[0]).toMatch(/question marks where letters were/);
  });
});
