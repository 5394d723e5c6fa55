import type { Writable } from 'node:stream';
import { createPdf, type PdfDocument } from '@exam/pdf';
import type { SeatingChart } from '@exam/contracts';
import { university, universityLogo } from '../master-data/index.ts';

/**
 * The printouts of conduct (lifecycle S5), English and Hindi headings through @exam/pdf: the seating plan
 * (notice-board list of roll ranges per room and paper, then one grid chart per room), desk stickers, and
 * attendance sheets per room and paper (photo, roll, name, answer-book number box, signature box, footer
 * counts).
 */

export interface SittingHeading {
  date: string;
  shift: string;
  centre_id: string;
  centre_name: string;
  revision: number;
  status: string;
}

const shiftText: Record<string, string> = { FN: 'Forenoon / प्रथम पाली', AN: 'Afternoon / द्वितीय पाली' };
const dmy = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
const headingLine = (h: SittingHeading) =>
  `${dmy(h.date)} · ${shiftText[h.shift] ?? h.shift} · Centre / केन्द्र ${h.centre_id} ${h.centre_name}`;

/** Consecutive runs of roll numbers (in seat order) written as ranges: "MD24BA00001–MD24BA00030". */
export function rollRanges(rolls: readonly string[]): string[] {
  const sorted = [...rolls].sort();
  const out: string[] = [];
  const numeric = (r: string) => {
    const m = /^(.*?)(\d+)$/.exec(r);
    return m ? { prefix: m[1]!, n: Number(m[2]), width: m[2]!.length } : null;
  };
  let start = 0;
  for (let i = 1; i <= sorted.length; i += 1) {
    const a = numeric(sorted[i - 1]!);
    const b = i < sorted.length ? numeric(sorted[i]!) : null;
    const continues = a && b && a.prefix === b.prefix && b.n === a.n + 1;
    if (!continues) {
      out.push(start === i - 1 ? sorted[start]! : `${sorted[start]!}–${sorted[i - 1]!} (${i - start})`);
      start = i;
    }
  }
  return out;
}

/** The seating plan: the notice-board list, then a grid per room. */
export async function writeSeatingPdf(
  output: Writable,
  heading: SittingHeading,
  chart: SeatingChart,
  paperCodes: ReadonlyMap<string, string>,
) {
  const pdf = createPdf(output, {
    title: `Seating plan ${heading.date} ${heading.shift} ${heading.centre_id}`,
    author: university.en,
    frame: {
      university,
      logo: universityLogo,
      title: { en: 'Seating Plan', hi: 'बैठक व्यवस्था' },
      footer: `Revision ${heading.revision} · ${heading.status}`,
    },
  });
  await pdf.addPage();
  pdf.text(headingLine(heading), { size: 10, bold: true });
  pdf.text('Notice board: rooms and roll numbers / सूचना पट: कक्ष एवं अनुक्रमांक', { size: 9 });
  pdf.moveDown(6);
  const list: string[][] = [];
  for (const room of chart.rooms) {
    const byPaper = new Map<string, string[]>();
    for (const s of room.seats) byPaper.set(s.paper_id, [...(byPaper.get(s.paper_id) ?? []), s.roll_no]);
    for (const [paper, rolls] of [...byPaper.entries()].sort())
      list.push([
        room.room_no,
        paperCodes.get(paper) ?? paper,
        String(rolls.length),
        rollRanges(rolls).join(', '),
      ]);
  }
  await pdf.table(
    [
      { header: 'Room / कक्ष', width: 1 },
      { header: 'Paper / प्रश्नपत्र', width: 1.3 },
      { header: 'Count / संख्या', width: 0.8, align: 'right' },
      { header: 'Roll numbers / अनुक्रमांक', width: 5 },
    ],
    list,
    { size: 8.5 },
  );
  if (heading.status !== 'FINAL') pdf.watermark('DRAFT');
  for (const room of chart.rooms) await drawRoomChart(pdf, heading, room, paperCodes);
  await pdf.end();
}

async function drawRoomChart(
  pdf: PdfDocument,
  heading: SittingHeading,
  room: SeatingChart['rooms'][number],
  paperCodes: ReadonlyMap<string, string>,
) {
  await pdf.addPage({ orientation: 'landscape' });
  const { left, width, bottom } = pdf.content;
  pdf.text(
    `${headingLine(heading)} · Room / कक्ष ${room.room_no} (${room.seats.length} of ${room.capacity})`,
    { size: 10, bold: true },
  );
  pdf.text('Front of the room (invigilator) / कक्ष का अग्र भाग', {
    size: 8,
    align: 'center',
    color: '#555555',
  });
  pdf.moveDown(4);
  const top = pdf.y;
  const cellW = Math.min(90, width / room.cols);
  const cellH = Math.min(40, (bottom - top - 10) / room.rows);
  const at = new Map(room.seats.map((s) => [`${s.row}|${s.col}`, s]));
  for (let c = 1; c <= room.cols; c += 1) {
    pdf.text(`Col ${c}`, {
      x: left + (c - 1) * cellW,
      y: top,
      width: cellW,
      size: 7,
      align: 'center',
      color: '#555555',
    });
    for (let r = 1; r <= room.rows; r += 1) {
      const x = left + (c - 1) * cellW;
      const y = top + 10 + (r - 1) * cellH;
      const seat = at.get(`${r}|${c}`);
      pdf.box(x + 1, y + 1, cellW - 2, cellH - 2, { lineWidth: 0.5, ...(seat ? {} : { fill: '#eeeeee' }) });
      if (seat) {
        pdf.text(seat.roll_no, {
          x: x + 3,
          y: y + 3,
          width: cellW - 6,
          size: 7.5,
          bold: true,
          oneLine: true,
        });
        pdf.text(`${paperCodes.get(seat.paper_id) ?? seat.paper_id}${seat.needs ? ` · ${seat.needs}` : ''}`, {
          x: x + 3,
          y: y + 13,
          width: cellW - 6,
          size: 6.5,
          oneLine: true,
        });
      } else
        pdf.text('—', { x: x + 3, y: y + 3, width: cellW - 6, size: 7, color: '#888888', align: 'center' });
    }
  }
  if (heading.status !== 'FINAL') pdf.watermark('DRAFT');
}

export interface StickerSeat {
  room_no: string;
  row: number;
  col: number;
  roll_no: string;
  name_en: string;
  name_hi: string | null;
  paper_code: string;
}

/** Desk stickers: three across, eight down per A4 page; roll no., name, paper code, room and seat. */
export async function writeStickersPdf(
  output: Writable,
  heading: SittingHeading,
  seats: readonly StickerSeat[],
) {
  const pdf = createPdf(output, {
    title: `Desk stickers ${heading.date} ${heading.shift} ${heading.centre_id}`,
    author: university.en,
    margins: 20,
  });
  const across = 3;
  const down = 8;
  for (let i = 0; i < Math.max(seats.length, 1); i += 1) {
    if (i % (across * down) === 0) await pdf.addPage({ frame: false });
    const seat = seats[i];
    if (!seat) {
      pdf.text('No seated candidate / कोई परीक्षार्थी नहीं', { size: 12 });
      break;
    }
    const { left, top, width, bottom } = pdf.content;
    const w = width / across;
    const h = (bottom - top) / down;
    const k = i % (across * down);
    const x = left + (k % across) * w;
    const y = top + Math.floor(k / across) * h;
    pdf.box(x + 3, y + 3, w - 6, h - 6, { lineWidth: 0.6 });
    pdf.text(
      `${dmy(heading.date)} ${heading.shift} · Room / कक्ष ${seat.room_no} · R${seat.row} C${seat.col}`,
      { x: x + 8, y: y + 8, width: w - 16, size: 7, color: '#444444', oneLine: true },
    );
    pdf.text(seat.roll_no, { x: x + 8, y: y + 20, width: w - 16, size: 16, bold: true, oneLine: true });
    pdf.text(seat.name_en, { x: x + 8, y: y + 42, width: w - 16, size: 9, oneLine: true });
    if (seat.name_hi) pdf.text(seat.name_hi, { x: x + 8, y: y + 55, width: w - 16, size: 9, oneLine: true });
    pdf.text(`Paper / प्रश्नपत्र: ${seat.paper_code}`, {
      x: x + 8,
      y: y + h - 24,
      width: w - 16,
      size: 8.5,
      bold: true,
      oneLine: true,
    });
  }
  await pdf.end();
}

export interface SheetCandidate {
  room_no: string | null;
  roll_no: string;
  student_id: string;
  name_en: string;
  name_hi: string | null;
  status: string;
  answer_book_no: string | null;
  needs: string | null;
  photo: Buffer | null;
}

export interface SheetHeading extends SittingHeading {
  paper_code: string;
  paper_name: string;
  paper_name_hi: string | null;
  sheet_status: string;
}

/**
 * Signature sheets of one paper at a centre: one section per room, a row per candidate, counts at the foot.
 */
export async function writeAttendanceSheetPdf(
  output: Writable,
  heading: SheetHeading,
  candidates: readonly SheetCandidate[],
) {
  const pdf = createPdf(output, {
    title: `Attendance ${heading.paper_code} ${heading.date} ${heading.centre_id}`,
    author: university.en,
    frame: {
      university,
      logo: universityLogo,
      title: { en: 'Attendance and Signature Sheet', hi: 'उपस्थिति एवं हस्ताक्षर पत्रक' },
      footer: `Sheet ${heading.sheet_status} · plan revision ${heading.revision}`,
    },
  });
  const rooms = new Map<string, SheetCandidate[]>();
  for (const c of candidates) rooms.set(c.room_no ?? '-', [...(rooms.get(c.room_no ?? '-') ?? []), c]);
  if (!rooms.size) rooms.set('-', []);
  for (const [room, list] of rooms) {
    await pdf.addPage();
    pdf.startSection();
    const head = () => {
      pdf.text(headingLine(heading), { size: 9.5, bold: true });
      pdf.text(
        `Paper / प्रश्नपत्र: ${heading.paper_code} ` +
          `${heading.paper_name}${heading.paper_name_hi ? ` / ${heading.paper_name_hi}` : ''} · Room / ` +
          `कक्ष ${room}`,
        { size: 9.5 },
      );
      pdf.moveDown(4);
      const { left } = pdf.content;
      const y = pdf.y;
      for (const [label, x, w] of columns(left)) pdf.text(label, { x, y, width: w, size: 7.5, bold: true });
      pdf.y = y + 20;
    };
    head();
    const rowH = 46;
    for (const [i, c] of list.entries()) {
      if (pdf.y + rowH > pdf.content.bottom - 60) {
        await pdf.addPage();
        head();
      }
      const y = pdf.y;
      const [no, photo, roll, name, book, sign, status] = columns(pdf.content.left);
      pdf.text(String(i + 1), { x: no[1], y: y + 4, width: no[2], size: 8 });
      pdf.image(c.photo, { x: photo[1], y: y + 2, width: 34, height: 40, placeholder: 'No photo' });
      pdf.text(c.roll_no, { x: roll[1], y: y + 4, width: roll[2], size: 9, bold: true });
      pdf.text(c.student_id, { x: roll[1], y: y + 17, width: roll[2], size: 7, color: '#555555' });
      pdf.text(c.name_en, { x: name[1], y: y + 4, width: name[2], size: 8.5, oneLine: true });
      if (c.name_hi) pdf.text(c.name_hi, { x: name[1], y: y + 17, width: name[2], size: 8.5, oneLine: true });
      if (c.needs)
        pdf.text(c.needs, { x: name[1], y: y + 30, width: name[2], size: 7, bold: true, oneLine: true });
      pdf.box(book[1], y + 4, book[2] - 6, 22, { lineWidth: 0.5 });
      if (c.answer_book_no)
        pdf.text(c.answer_book_no, { x: book[1] + 3, y: y + 9, width: book[2] - 12, size: 8.5 });
      pdf.box(sign[1], y + 4, sign[2] - 6, 36, { lineWidth: 0.5 });
      pdf.text(c.status === 'PRESENT' ? '' : c.status === 'ABSENT' ? 'AB' : c.status, {
        x: status[1],
        y: y + 10,
        width: status[2],
        size: 10,
        bold: true,
      });
      pdf.line(pdf.content.left, y + rowH - 1, pdf.content.right, y + rowH - 1, {
        lineWidth: 0.3,
        color: '#999999',
      });
      pdf.y = y + rowH;
    }
    const present = list.filter((c) => c.status === 'PRESENT').length;
    const absent = list.filter((c) => c.status === 'ABSENT').length;
    const ufm = list.filter((c) => c.status === 'UFM').length;
    const y = Math.max(pdf.y + 8, pdf.content.bottom - 52);
    pdf.text(
      `Seated / बैठे: ${list.length}    Present / उपस्थित: ${present}    Absent / अनुपस्थित: ${absent} ` +
        `   UFM / अनुचित साधन: ${ufm}    Answer books / उत्तर पुस्तिकाएँ: ______`,
      { x: pdf.content.left, y, size: 8.5, bold: true },
    );
    pdf.text(
      'Invigilator 1 / कक्ष निरीक्षक 1: ____________________      Invigilator 2 / कक्ष निरीक्षक 2: ' +
        '____________________      Superintendent / केन्द्राध्यक्ष: ____________________',
      { x: pdf.content.left, y: y + 24, size: 7.5 },
    );
  }
  await pdf.end();
}

function columns(left: number): Array<[string, number, number]> {
  const spec: Array<[string, number]> = [
    ['No.', 22],
    ['Photo / फ़ोटो', 42],
    ['Roll / अनुक्रमांक', 88],
    ['Name / नाम', 130],
    ['Answer book / उत्तर पुस्तिका', 84],
    ['Signature / हस्ताक्षर', 100],
    ['Status', 40],
  ];
  let x = left;
  return spec.map(([label, w]) => {
    const col: [string, number, number] = [label, x, w];
    x += w;
    return col;
  });
}
