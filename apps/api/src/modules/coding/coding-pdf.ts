import type { Writable } from 'node:stream';
import { createPdf } from '@exam/pdf';
import { university, universityLogo } from '../master-data/index.ts';

/**
 * The coding module's printouts (lifecycle S6 "Printouts"): two-part flap stickers (the book's part with the
 * fictitious number and its barcode and QR; the counterfoil with the fictitious and the roll number, kept at
 * the secrecy cell), and the packet slip / bundle cover (fictitious numbers only, never a roll number).
 */

export interface StickerRow {
  fict_no: string;
  roll_no: string | null;
  answer_book_no: string | null;
}
export interface PacketSlip {
  packet_no: string;
  exam_id: string;
  paper_id: string;
  paper_name: string | null;
  seq: number;
  count: number;
  examiner: string | null;
  status: string;
  fict_nos: readonly string[];
}

const STICKERS_PER_PAGE = 8;
const secretEn = 'Secret: the counterfoils stay at the secrecy cell.';
const secretHi = 'गोपनीय: प्रतिपर्ण गोपनीय प्रकोष्ठ में रहेंगे।';

export async function writeStickers(
  output: Writable,
  head: { exam_id: string; paper_id: string; paper_name: string | null },
  rows: readonly StickerRow[],
) {
  const pdf = createPdf(output, {
    title: `Flap stickers ${head.exam_id} ${head.paper_id}`,
    author: university.en,
    frame: {
      university,
      logo: universityLogo,
      title: { en: 'Answer-book flap stickers', hi: 'उत्तर-पुस्तिका फ्लैप स्टिकर' },
      footer: `${secretEn} / ${secretHi}`,
    },
  });
  for (let i = 0; i < rows.length; i += STICKERS_PER_PAGE) {
    await pdf.addPage();
    const { left, width } = pdf.content;
    pdf.text(`${head.exam_id} · ${head.paper_id}${head.paper_name ? ` ${head.paper_name}` : ''}`, {
      x: left,
      y: pdf.y,
      width,
      size: 9,
      bold: true,
    });
    const top = pdf.y + 16;
    const h = 82;
    rows.slice(i, i + STICKERS_PER_PAGE).forEach((row, k) => {
      const y = top + k * (h + 6);
      const bookW = width * 0.6;
      pdf.box(left, y, bookW, h, { lineWidth: 0.6 });
      pdf.box(left + bookW, y, width - bookW, h, { lineWidth: 0.6 });
      pdf.line(left + bookW, y, left + bookW, y + h, { lineWidth: 1, dash: 3, color: '#888888' });
      pdf.text('Answer book / उत्तर-पुस्तिका', {
        x: left + 6,
        y: y + 4,
        width: bookW - 80,
        size: 7,
        color: '#555555',
      });
      pdf.text(row.fict_no, { x: left + 6, y: y + 14, width: bookW - 80, size: 15, bold: true });
      pdf.barcode128(row.fict_no, { x: left + 6, y: y + 36, width: bookW - 90, height: 34, showText: false });
      pdf.qr(row.fict_no, { x: left + bookW - 72, y: y + 6, size: 68 });
      const cx = left + bookW + 6;
      const cw = width - bookW - 12;
      pdf.text('Counterfoil / प्रतिपर्ण', { x: cx, y: y + 4, width: cw, size: 7, color: '#555555' });
      pdf.text(`Fict. No. / कूट सं.: ${row.fict_no}`, { x: cx, y: y + 16, width: cw, size: 9, bold: true });
      pdf.text(`Roll No. / अनुक्रमांक: ${row.roll_no ?? '—'}`, { x: cx, y: y + 32, width: cw, size: 9 });
      pdf.text(`Answer book / उ.पु. सं.: ${row.answer_book_no ?? '—'}`, {
        x: cx,
        y: y + 48,
        width: cw,
        size: 8,
      });
    });
  }
  if (!rows.length) {
    await pdf.addPage();
    pdf.text('No coded answer book. / कोई कूटबद्ध उत्तर-पुस्तिका नहीं।', { size: 10 });
  }
  await pdf.end();
}

export async function writePacketSlip(output: Writable, slip: PacketSlip) {
  const pdf = createPdf(output, {
    title: `Packet ${slip.packet_no}`,
    author: university.en,
    frame: {
      university,
      logo: universityLogo,
      title: { en: 'Packet slip / bundle cover', hi: 'पैकेट पर्ची / बंडल आवरण' },
      footer: 'Fictitious numbers only. / केवल कूट संख्याएँ।',
    },
  });
  await pdf.addPage();
  const { left, width } = pdf.content;
  const y = pdf.y;
  pdf.text(`Packet / पैकेट: ${slip.packet_no}`, { x: left, y, width: width - 130, size: 14, bold: true });
  pdf.barcode128(slip.packet_no, { x: left + width - 220, y, width: 220, height: 40, showText: true });
  pdf.y = y + 56;
  const lines: Array<[string, string]> = [
    ['Exam / परीक्षा', slip.exam_id],
    ['Paper / प्रश्नपत्र', `${slip.paper_id}${slip.paper_name ? ` ${slip.paper_name}` : ''}`],
    ['Packet no. in paper / क्रम', String(slip.seq)],
    ['Answer books / उत्तर-पुस्तिकाएँ', String(slip.count)],
    ['Examiner / परीक्षक', slip.examiner ?? '—'],
    ['Status / स्थिति', slip.status],
  ];
  for (const [label, value] of lines) {
    const ly = pdf.y;
    pdf.text(label, { x: left, y: ly, width: 170, size: 9, color: '#333333' });
    const end = pdf.text(value, { x: left + 175, y: ly, width: width - 175, size: 10, bold: true });
    pdf.y = Math.max(end, ly + 14) + 2;
  }
  pdf.moveDown(8);
  const cols = 5;
  const table = [];
  for (let i = 0; i < slip.fict_nos.length; i += cols)
    table.push(
      slip.fict_nos
        .slice(i, i + cols)
        .map((f, k) => `${i + k + 1}. ${f}`)
        .concat(Array(cols).fill(''))
        .slice(0, cols),
    );
  await pdf.table(
    Array.from({ length: cols }, () => ({ header: 'Fict. No. / कूट सं.', width: 1 })),
    table,
    { size: 9 },
  );
  pdf.moveDown(24);
  const sy = pdf.y;
  pdf.text('Sealed by / सील कर्ता', { x: left, y: sy, width: 200, size: 8.5 });
  pdf.text("Examiner's receipt / परीक्षक की पावती", {
    x: left + width - 200,
    y: sy,
    width: 200,
    size: 8.5,
    align: 'right',
  });
  await pdf.end();
}
