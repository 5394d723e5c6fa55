import type { Response } from 'express';
import {
  entryBatchStatus,
  markComponent,
  markInHindiWords,
  markInWords,
  totalsOf,
  type EntryRow,
} from '@exam/contracts';
import type { Database } from '@exam/db';
import { createPdf } from '@exam/pdf';
import { university, universityLogo } from '../master-data/index.ts';

type Values = Record<string, unknown>;
const text = (v: unknown) => (v == null ? '' : String(v));

const STATUS_HI: Record<string, string> = {
  AB: 'अनुपस्थित',
  UFM: 'अनुचित साधन',
  BLANK: 'रिक्त उत्तर पुस्तिका',
  EX: 'छूट',
};
const hindiWords = (value: string | null, status: string | null) =>
  status ? (STATUS_HI[status] ?? status) : markInHindiWords(value);

/**
 * The award sheet of a batch for signatures (lifecycle S3, S6, S7 printouts): each row's marks in figures and
 * in words (English and Hindi), the batch's counts and total, and signature blocks (examiner/teacher, second
 * person, head). A coded award list prints fictitious numbers only.
 */
export async function awardSheetPdf(db: Database, batch: Values, rows: readonly EntryRow[], res: Response) {
  const paper = await db.prisma.paper.findUnique({
    where: { paper_id: text(batch.paper_id) },
    select: { paper_name: true, paper_name_hi: true },
  });
  const college = batch.college_id
    ? await db.prisma.college.findUnique({
        where: { college_id: text(batch.college_id) },
        select: { college_name: true },
      })
    : null;
  const coded = Boolean(batch.coded);
  const component = text(batch.component);
  const title = coded
    ? {
        en: `Award List — Packet ${text(batch.packet_no)}, entry ${text(batch.entry_no)}`,
        hi: `अंक सूची (अवार्ड लिस्ट) — पैकेट ${text(batch.packet_no)}`,
      }
    : component === 'INT'
      ? { en: 'Internal Assessment Award Sheet', hi: 'आंतरिक मूल्यांकन अंक पत्र' }
      : component === 'PR'
        ? { en: 'Practical Examination Award Sheet', hi: 'प्रायोगिक परीक्षा अंक पत्र' }
        : { en: 'External Marks Award Sheet', hi: 'बाह्य परीक्षा अंक पत्र' };
  res.set({
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="award-sheet-${text(batch.batch_id)}.pdf"`,
    'Cache-Control': 'private, no-store',
  });
  const pdf = createPdf(res, {
    title: `${title.en} ${text(batch.batch_id)}`,
    author: university.en,
    frame: {
      university,
      logo: universityLogo,
      title,
      footer: [
        `Batch ${text(batch.batch_id)}`,
        entryBatchStatus.labelOf(batch.status),
        `printed ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      ].join(' · '),
    },
  });
  await pdf.addPage();
  const { left, right, width } = pdf.content;
  const paperName = `${paper?.paper_name ?? ''}${paper?.paper_name_hi ? ` / ${paper.paper_name_hi}` : ''}`;
  const facts: Array<[string, string]> = [
    ['Exam / परीक्षा', text(batch.exam_id)],
    ['Paper / प्रश्नपत्र', `${text(batch.paper_id)} ${paperName}`],
    [
      'Course, semester / पाठ्यक्रम, सेमेस्टर',
      `${text(batch.course_comb_id)}, ${text(batch.sem_id)} (${text(batch.session_id)})`,
    ],
    ['Component / घटक', `${markComponent.labelOf(component)} · maximum / पूर्णांक ${text(batch.max_marks)}`],
  ];
  if (!coded && batch.college_id)
    facts.push(['College / महाविद्यालय', `${text(batch.college_id)} ${college?.college_name ?? ''}`]);
  if (component === 'PR')
    facts.push([
      'Batch / बैच',
      [
        `${text(batch.practical_date)} ${text(batch.practical_shift)}`,
        text(batch.lab),
        `examiners / परीक्षक: ${text(batch.internal_examiner)} (int.), ` +
          `${text(batch.external_examiner)} (ext.)`,
      ].join(' · '),
    ]);
  for (const [label, value] of facts) {
    const y = pdf.y;
    pdf.text(label, { x: left, y, width: 170, size: 9, color: '#444444' });
    pdf.text(value, { x: left + 175, y, width: width - 175, size: 10 });
    pdf.y = y + Math.max(14, pdf.heightOf(value, { width: width - 175, size: 10 }) + 2);
  }
  pdf.moveDown(6);
  const head = coded ? 'Fict. no. / कूट क्रमांक' : 'Roll no. / अनुक्रमांक';
  await pdf.table(
    [
      { header: 'S.no. / क्र.', width: 0.6 },
      { header: head, width: 1.6 },
      ...(coded ? [] : [{ header: 'Name / नाम', width: 2.2 }]),
      { header: 'Marks / अंक', width: 0.9, align: 'right' as const },
      { header: 'In words / शब्दों में', width: 3 },
    ],
    rows.map((r) => [
      String(r.line),
      coded ? text(r.fict_no) : text(r.roll_no ?? r.student_id),
      ...(coded ? [] : [text(r.name)]),
      {
        text: r.status ?? (r.value === null ? '' : r.value.replace(/\.00$/, '')),
        align: 'right' as const,
        bold: true,
      },
      r.value !== null || r.status
        ? `${markInWords(r.value, r.status)} / ${hindiWords(r.value, r.status)}`
        : markInWords(r.value, r.status),
    ]),
    { size: 9, padding: 3 },
  );
  const t = totalsOf(rows);
  pdf.moveDown(6);
  pdf.text(
    [
      `Candidates / परीक्षार्थी: ${t.rows}`,
      `with marks / अंक सहित: ${t.entered}`,
      `absent / अनुपस्थित: ${t.absent}`,
      `pending / शेष: ${t.pending}`,
      `total / योग: ${t.total}`,
    ].join(' · '),
    { size: 9 },
  );
  pdf.moveDown(30);
  const y = pdf.y;
  const blocks = coded
    ? ['Examiner / परीक्षक', 'Operator (entry) / प्रविष्टिकर्ता', 'Head examiner / मुख्य परीक्षक']
    : component === 'PR'
      ? ['Internal examiner / आंतरिक परीक्षक', 'External examiner / बाह्य परीक्षक', 'Principal / प्राचार्य']
      : ['Teacher / शिक्षक', 'Head of department / विभागाध्यक्ष', 'Principal / प्राचार्य'];
  const w = (right - left - 40) / 3;
  blocks.forEach((label, i) => {
    const x = left + i * (w + 20);
    pdf.line(x, y + 20, x + w, y + 20, { lineWidth: 0.5 });
    pdf.text(label, { x, y: y + 24, width: w, size: 8, align: 'center' });
  });
  if (batch.status !== 'LOCKED' && batch.status !== 'VERIFIED')
    pdf.watermark(entryBatchStatus.labelOf(batch.status).toUpperCase(), { opacity: 0.1 });
  await pdf.end();
}
