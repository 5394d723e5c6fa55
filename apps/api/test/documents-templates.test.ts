import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { documentPayload, printableDocument, type PrintableDocument } from '@exam/contracts';
import { fontFiles } from '@exam/pdf';
import { describe, expect, it } from 'vitest';
import { renderDocumentPdf, writeDocumentsPdf } from '../src/modules/documents/templates/index.ts';
import { openHbFont } from '../../../packages/pdf/test/support/harfbuzz.ts';
import { pageObjects, readObjects, shownOutlines } from '../../../packages/pdf/test/support/pdf-reader.ts';
import * as fx from './documents-templates.fixtures.ts';

/**
 * The document templates (issue 16, lifecycle §5.2), pure: each type renders from a fixture payload that the
 * contract's schemas accept, and the PDF, read back as a reader sees it (pdftotext), prints the serial, the
 * names in both languages, the result figures, the marker and the legend's formula from the payload; the
 * Hindi is drawn as HarfBuzz shapes it (the spec's fixture words); the QR is the verification address.
 */
const has = (cmd: string, args: string[]) => {
  try {
    execFileSync(cmd, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const hasPdftotext = has('pdftotext', ['-v']);
const hasZbar = has('zbarimg', ['--version']) && has('pdftoppm', ['-v']);
const folder = mkdtempSync(path.join(os.tmpdir(), 'documents-templates-'));
const photo = readFileSync(new URL('../../../packages/pdf/test/fixtures/photo.jpg', import.meta.url));

function pdfText(pdf: Buffer, name: string, pages: { first?: number; last?: number } = {}): string {
  const file = path.join(folder, `${name}.pdf`);
  writeFileSync(file, pdf);
  const range = [
    ...(pages.first ? ['-f', String(pages.first)] : []),
    ...(pages.last ? ['-l', String(pages.last)] : []),
  ];
  return execFileSync('pdftotext', [...range, file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

const common = (doc: PrintableDocument) => [
  'State University',
  'राज्य विश्वविद्यालय',
  'Kshitij Dwivedi',
  'क्षितिज द्विवेदी',
  doc.payload.title.en.toUpperCase(),
  doc.payload.title.hi!,
  doc.serial_no!,
  'Date of issue',
  'जारी करने की तिथि',
  'Muzaffarpur, Bihar',
];

const cases: Array<{ name: string; doc: PrintableDocument; expected: string[]; absent?: string[] }> = [
  {
    name: 'marksheet-nep',
    doc: fx.marksheetNep(),
    expected: [
      'Shri Ramesh Dwivedi',
      'श्रीमती सुशीला देवी',
      '412345678901',
      'SGPA',
      '7.45',
      '7.62',
      '22 / 22',
      'HIS-201',
      'भारत का इतिहास',
      '38*',
      'G1',
      'Percentage = CGPA × 9.5',
      'प्रतिशत = सीजीपीए × 9.5',
      '72.39 %',
      'First Division',
      'प्रथम श्रेणी',
      'Outstanding',
      'Controller of Examinations',
      'परीक्षा नियंत्रक',
      'EXAM/RES/2024/42',
      '22-07-2024',
    ],
    absent: ['DUPLICATE', 'REVISED', 'NOT VALID', '≥'],
  },
  {
    name: 'marksheet-nep-revised',
    doc: fx.marksheetNep({ marker: 'REVISED' }),
    expected: ['REVISED / संशोधित', 'Revised after revaluation', 'पुनर्मूल्यांकन के बाद संशोधित'],
  },
  {
    name: 'marksheet-old-duplicate',
    doc: fx.marksheetOld({ marker: 'DUPLICATE' }),
    expected: [
      'DUPLICATE / प्रतिलिपि',
      '201 / 450',
      '44.67 %',
      'Third Division',
      'तृतीय श्रेणी',
      'PROMOTED',
      'प्रोन्नत',
      '33@',
      'ORD-12',
      'AB',
      'HIN-II',
      'Max',
      'Min',
      'First Division >= 60 %',
      'सामान्य हिन्दी (ज्ञान एवं अभिव्यक्ति)',
    ],
    absent: ['SGPA'],
  },
  {
    name: 'consolidated',
    doc: fx.consolidated('CONSOLIDATED_MARKSHEET'),
    expected: [
      'Semester I',
      'Semester IV',
      'SGPA 7.10',
      'SGPA 8.05',
      '7.60',
      '72.20 %',
      'CMS/2024/000057-1',
      'CMS/2024/000057-2',
      'of 2',
      'All courses passed in the first attempt',
      'Hindi',
    ],
  },
  {
    name: 'consolidated-old',
    doc: fx.consolidated('CONSOLIDATED_MARKSHEET', {}, 'OLD'),
    expected: [
      'Part III',
      'B.A. Part II Examination',
      '783 / 1350',
      '58.00 %',
      'Second Division',
      'द्वितीय श्रेणी',
      'Obtained',
      '33@',
    ],
    absent: ['SGPA', 'CGPA'],
  },
  {
    name: 'transcript',
    doc: fx.consolidated('TRANSCRIPT'),
    expected: ['TR/2024/000031-1', 'Higher studies abroad (WES)', 'Percentage = CGPA × 9.5', 'प्रतिलेख'],
  },
  {
    name: 'degree',
    doc: fx.degree('DEGREE'),
    expected: [
      'Bachelor of Arts with Honours',
      'कला स्नातक प्रतिष्ठा सहित',
      'SU-A 0045871',
      'Hologram',
      'Vice-Chancellor',
      'कुलपति',
      'Registrar',
      'कुलसचिव',
      'First Division',
      'CGPA 7.60',
      'May 2024',
      'EN20234107',
      'Gyan Vigyan College',
      'Regular',
      'नियमित',
      '12-02-2025',
      'son of Shri Ramesh Dwivedi',
    ],
  },
  {
    name: 'provisional-degree',
    doc: fx.degree('PROVISIONAL_DEGREE'),
    expected: [
      'next convocation',
      'आगामी दीक्षांत समारोह',
      'मई 2024 में आयोजित',
      'Valid until',
      '28-02-2025',
      'PDC/2024/000045',
    ],
  },
  {
    name: 'migration-duplicate',
    doc: fx.migration({ marker: 'DUPLICATE' }),
    expected: [
      'DUPLICATE / प्रतिलिपि',
      'no objection',
      'कोई आपत्ति नहीं',
      'one university only',
      'Original lost (FIR 112/2024, Muzaffarpur)',
      'MIG/2024/000012',
    ],
  },
  {
    name: 'ug-certificate',
    doc: fx.certificate('UG_CERTIFICATE'),
    expected: [
      'Undergraduate Certificate in Arts',
      'कला में स्नातक प्रमाण-पत्र',
      'Credits earned',
      '46',
      'ABC ID',
      '412345678901',
      'National Education Policy 2020',
    ],
  },
  {
    name: 'ug-diploma',
    doc: fx.certificate('UG_DIPLOMA'),
    expected: ['Undergraduate Diploma in Arts', '92'],
  },
  {
    name: 'medium-certificate',
    doc: fx.certificate('MEDIUM_OF_INSTRUCTION'),
    expected: ['Medium of instruction', 'शिक्षण एवं परीक्षा का माध्यम हिन्दी था'],
  },
  {
    name: 'passing-cancelled',
    doc: fx.certificate('PASSING', { status: 'CANCELLED' }),
    expected: ['CANCELLED — NOT VALID', 'Grading scheme', 'Outstanding'],
  },
];

describe('document templates', () => {
  it('fixtures are what the contract accepts (a contract change breaks them here)', () => {
    for (const { doc } of cases) {
      expect(printableDocument.safeParse(doc).success).toBe(true);
      expect(documentPayload.parse(doc.payload)).toEqual(doc.payload);
    }
  });

  describe.runIf(hasPdftotext)('read back with pdftotext', () => {
    it.each(cases)(
      '$name prints the serial, names, figures, marker and legend',
      async ({ name, doc, expected, absent }) => {
        const text = pdfText(await renderDocumentPdf(doc, { photo }), name);
        for (const s of [...common(doc), ...expected]) expect(text, `${name}: ${s}`).toContain(s);
        for (const s of absent ?? []) expect(text, `${name}: ${s}`).not.toContain(s);
      },
    );

    it.each([
      {
        name: 'marksheet-nep',
        doc: fx.marksheetNep(),
        legend: ['SGPA = Σ(credits × grade point)', 'Outstanding', 'उत्कृष्ट', 'Percentage = CGPA × 9.5'],
      },
      { name: 'marksheet-old', doc: fx.marksheetOld(), legend: ['Grading scheme and formulas'] },
    ])(
      '$name: the grading legend is on the reverse (spec §5.2), which names its sheet and how to verify it',
      async ({ name, doc, legend }) => {
        const pdf = await renderDocumentPdf(doc, { photo });
        const front = pdfText(pdf, `${name}-front`, { last: 1 });
        const reverse = pdfText(pdf, `${name}-reverse`, { first: 2 });
        expect(
          Buffer.from(pdf)
            .toString('latin1')
            .match(/\/Type \/Page\b(?!s)/g),
        ).toHaveLength(2);
        expect(front).not.toContain('Grading scheme and formulas');
        for (const s of [
          'Reverse of the marksheet',
          'अंकपत्र का पृष्ठभाग',
          doc.serial_no!,
          'Kshitij Dwivedi',
          'Scan the QR code on the front',
          ...legend,
        ])
          expect(reverse, `${name}: ${s}`).toContain(s);
      },
    );

    it('a college whose name says its place prints the place once (degree sentence and field)', async () => {
      const doc = fx.degree('DEGREE');
      const student = doc.payload.student;
      const payload = {
        ...doc.payload,
        student: {
          ...student,
          college: {
            ...student.college,
            name: { en: 'Government College, Ajmer', hi: 'राजकीय महाविद्यालय, अजमेर' },
            place: 'Ajmer',
          },
        },
      };
      const text = pdfText(
        await renderDocumentPdf({ ...doc, payload } as PrintableDocument),
        'degree-college-place',
      );
      expect(text).toContain('Government College, Ajmer');
      expect(text).not.toContain('Ajmer, Ajmer');
    });

    it('a draft (no serial, no QR yet) says so on its face', async () => {
      const text = pdfText(await renderDocumentPdf(fx.marksheetOld({ status: 'DRAFTED' })), 'draft');
      for (const s of [
        'DRAFT — NOT VALID',
        'मान्य नहीं',
        'assigned at approval',
        'QR at approval',
        'Photo / फ़ोटो',
      ])
        expect(text).toContain(s);
    });
  });

  it('draws द्वितीय, श्रीमती, क्षेत्र, ज्ञान as HarfBuzz shapes them, not letter by letter', async () => {
    const reference = openHbFont(readFileSync(fontFiles.regular));
    const bold = openHbFont(readFileSync(fontFiles.bold));
    const shown = shownOutlines(await renderDocumentPdf(fx.marksheetNep(), { photo }));
    const contains = (haystack: string[], needle: string[]) =>
      haystack.some((_, i) => needle.every((g, j) => haystack[i + j] === g));
    for (const word of fx.fixtureWords) {
      const shaped = reference.shape(word).map((g) => reference.outline(g));
      const shapedBold = bold.shape(word).map((g) => bold.outline(g));
      const nominal = reference.nominal(word).map((g) => reference.outline(g));
      expect(shaped, word).not.toEqual(nominal);
      expect(
        shown.some((block) => contains(block, shaped) || contains(block, shapedBold)),
        word,
      ).toBe(true);
      expect(
        shown.some((block) => contains(block, nominal)),
        word,
      ).toBe(false);
    }
  });

  it('prints the QR of verify_url: the drawn modules are that address’s QR code', async () => {
    const pdf = await renderDocumentPdf(fx.marksheetNep());
    const objects = readObjects(pdf);
    const [page] = pageObjects(objects);
    const contents = [...page!.dict.matchAll(/\/Contents\s*\[?\s*(\d+) 0 R/g)]
      .map((m) => objects.get(Number(m[1]))?.stream?.toString('latin1') ?? '')
      .join('\n');
    const rects = [...contents.matchAll(/([\d.-]+) ([\d.-]+) ([\d.-]+) ([\d.-]+) re/g)].map(
      (m) => m.slice(1, 5).map(Number) as [number, number, number, number],
    );
    // The QR's modules are the only small rectangles of one height (a run of dark modules is one rectangle).
    const heights = new Map<number, number>();
    for (const r of rects) if (r[3] < 3) heights.set(r[3], (heights.get(r[3]) ?? 0) + 1);
    const unit = [...heights].sort((a, b) => b[1] - a[1])[0]![0];
    const modules = rects.filter((r) => r[3] === unit);
    const x0 = Math.min(...modules.map((r) => r[0]));
    const y0 = Math.min(...modules.map((r) => r[1]));
    // qrcode builds the expected matrix (packages/pdf's dependency, resolved from there).
    const QRCode = createRequire(new URL('../../../packages/pdf/package.json', import.meta.url))(
      'qrcode',
    ) as { create(text: string, o: object): { modules: { size: number; data: Uint8Array } } };
    const expected = QRCode.create(fx.verifyUrl, { errorCorrectionLevel: 'M' }).modules;
    const drawn = new Uint8Array(expected.size * expected.size);
    for (const [x, y, w] of modules) {
      const row = Math.round((y - y0) / unit);
      const col = Math.round((x - x0) / unit);
      for (let c = col; c < col + Math.round(w / unit); c++) drawn[row * expected.size + c] = 1;
    }
    expect(Buffer.from(drawn).equals(Buffer.from(expected.data))).toBe(true);
  });

  it.runIf(hasZbar)('the QR scans (zbarimg on the page rendered at 150 dpi) to verify_url', async () => {
    const file = path.join(folder, 'qr.pdf');
    writeFileSync(file, await renderDocumentPdf(fx.degree('DEGREE')));
    execFileSync('pdftoppm', ['-r', '150', '-png', '-singlefile', file, path.join(folder, 'qr')]);
    const scanned = execFileSync(
      'zbarimg',
      ['--quiet', '--raw', '-Sqrcode.enable', path.join(folder, 'qr.png')],
      { encoding: 'utf8' },
    ).trim();
    expect(scanned).toBe(fx.verifyUrl);
  });

  it('streams a batch into one PDF, one section per document', async () => {
    const sink = new PassThrough();
    let bytes = 0;
    sink.on('data', (c: Buffer) => {
      bytes += c.length;
    });
    const docs = [
      fx.marksheetNep({}, 1),
      fx.marksheetNep({}, 2),
      fx.consolidated('TRANSCRIPT'),
      fx.degree('DEGREE'),
    ];
    const count = await writeDocumentsPdf(
      sink,
      docs.map((doc) => ({ doc, photo })),
    );
    expect(count).toBe(4);
    expect(bytes).toBeGreaterThan(10_000);
  });
});
