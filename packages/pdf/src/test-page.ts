// The bilingual test page: every feature the document modules rely on, on a few pages to print and look at.
// Render it with `pnpm --filter @exam/pdf test-page` (writes test-output/test-page.pdf and PNGs).
import type { PdfDocument } from './document.ts';

/**
 * The strings that break in engines without Indic shaping (conjuncts, reph, i-matra reordering, half forms).
 */
export const hindiTestStrings = ['द्वितीय', 'श्रीमती', 'क्षेत्र', 'ज्ञान', 'हिन्दी'] as const;
export const hindiTestNames = ['राजेश कुमार शर्मा', 'प्रियंका', 'कृष्ण', 'ठाकुर', 'पूर्व', 'अर्द्ध', 'स्त्री'] as const;

const university = {
  en: 'Chhatrapati Shahu Ji Maharaj University, Kanpur',
  hi: 'छत्रपति शाहू जी महाराज विश्वविद्यालय, कानपुर',
};

export interface TestPageImages {
  photo?: Buffer;
  signature?: Buffer;
  logo?: Buffer;
}

export async function renderTestPage(pdf: PdfDocument, images: TestPageImages = {}): Promise<void> {
  const frame = {
    university,
    title: { en: 'PDF engine test page', hi: 'पीडीएफ़ परीक्षण पृष्ठ' },
    logo: images.logo,
    footer: '@exam/pdf test page',
  };
  await pdf.addPage({ frame });
  const { left, width } = pdf.content;

  pdf.text('Hindi shaping (each string at 10, 16 and 26 pt; regular and bold)', { size: 11, bold: true });
  pdf.moveDown(4);
  for (const s of hindiTestStrings) {
    const y = pdf.y;
    pdf.text(s, { x: left, y, size: 10 });
    pdf.text(s, { x: left + 70, y, size: 16 });
    pdf.text(s, { x: left + 170, y, size: 26 });
    pdf.text(s, { x: left + 320, y, size: 26, bold: true });
    pdf.y = y + 36;
  }
  pdf.text(`Names: ${hindiTestNames.join(' · ')}`, { size: 12 });
  pdf.text(
    'Mixed in one line: B.A. Part II (द्वितीय वर्ष) Main Examination, May 2025 — Smt. (श्रीमती) Priyanka ' +
      'Thakur (प्रियंका ठाकुर)',
    { size: 10 },
  );
  pdf.moveDown(6);

  pdf.text('Photo and signature (a marked box where there is none)', { size: 11, bold: true });
  const y = pdf.y + 4;
  pdf.image(images.photo, { x: left, y, width: 72, height: 90 });
  pdf.image(undefined, { x: left + 82, y, width: 72, height: 90 });
  pdf.image(images.signature, {
    x: left + 164,
    y: y + 60,
    width: 100,
    height: 30,
    placeholder: 'No signature',
  });
  pdf.qr('https://university.example/verify/3q2KxV9wz8hYtA0cJm4RbQ', { x: left + 290, y, size: 90 });
  pdf.text('QR (verification link)', { x: left + 290, y: y + 92, width: 90, size: 7, align: 'center' });
  pdf.barcode128('R2025001234-HIN201', { x: left + 390, y, width: 130, height: 40, showText: true });
  pdf.text('Code 128 (sticker)', { x: left + 390, y: y + 42, width: 130, size: 7, align: 'center' });
  pdf.y = y + 104;

  pdf.text('Table with the header repeated on the next page', { size: 11, bold: true });
  pdf.moveDown(4);
  const rows = Array.from({ length: 40 }, (_, i) => [
    String(2025001000 + i),
    i % 2 ? 'Priyanka Thakur' : 'Rajesh Kumar Sharma',
    i % 2 ? 'प्रियंका ठाकुर' : 'राजेश कुमार शर्मा',
    i % 3 ? 'हिन्दी साहित्य (द्वितीय प्रश्नपत्र)' : 'Political Science II',
    i % 7 === 3 ? 'AB' : String(40 + (i % 31)),
  ]);
  await pdf.table(
    [
      { header: 'Roll No.', width: 1.1 },
      { header: 'Name', width: 1.6 },
      { header: 'नाम', width: 1.6 },
      { header: 'Paper / प्रश्नपत्र', width: 2.2 },
      { header: 'Marks / अंक', width: 0.8, align: 'right' },
    ],
    rows,
    { width },
  );
  pdf.watermark('DUPLICATE');

  await pdf.addPage({ frame, orientation: 'landscape' });
  pdf.text('A4 landscape (tabulation register, award list)', { size: 11, bold: true });
  pdf.moveDown(4);
  const papers = ['HIN-201', 'HIN-202', 'POL-201', 'POL-202', 'ENG-201', 'ECO-201', 'HIS-201', 'SAN-201'];
  await pdf.table(
    [
      { header: 'Roll No.', width: 1.2 },
      { header: 'Name / नाम', width: 2.4 },
      ...papers.map((p) => ({ header: p, width: 0.8, align: 'center' as const })),
      { header: 'Total', width: 0.8, align: 'right' },
      { header: 'Result / परिणाम', width: 1.3 },
    ],
    Array.from({ length: 8 }, (_, i) => [
      String(2025002000 + i),
      `${i % 2 ? 'Krishna Dwivedi' : 'Kshitij Tripathi'}\n${i % 2 ? 'कृष्ण द्विवेदी' : 'क्षितिज त्रिपाठी'}`,
      ...papers.map((_, k) => ((i * 7 + k * 13) % 9 === 0 ? 'AB' : String(35 + ((i * 11 + k * 5) % 60)))),
      { text: String(400 + i * 13), bold: true },
      i === 3 ? 'RW (रोका गया)' : 'PASS (उत्तीर्ण)',
    ]),
  );
  pdf.watermark('REVISED', { color: '#c62828', opacity: 0.15 });
}
