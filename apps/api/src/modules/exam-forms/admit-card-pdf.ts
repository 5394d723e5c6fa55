import type { Writable } from 'node:stream';
import { createPdf, type Bilingual, type PdfDocument } from '@exam/pdf';
import { university, universityLogo } from '../master-data/index.ts';

/** One paper on a card: only papers on the candidate's approved form are printed, each with its slot. */
export interface AdmitCardPaper {
  paper_id: string;
  paper_code: string | null;
  paper_name: string;
  paper_name_hi: string | null;
  attempt_type: string;
  /** null when the paper has no timetable slot yet: printed "to be notified". */
  date: string | null;
  shift: string | null;
  start_time: string | null;
  duration_minutes: number | null;
}

/** What one admit card prints (lifecycle spec S4). */
export interface AdmitCardContent {
  exam: { exam_id: string; exam_desc: string | null; cycle: string | null };
  roll_no: string;
  student_id: string;
  name: Bilingual;
  father: Bilingual;
  course: Bilingual & { sem_id: string; session_id: string };
  candidate_type: string;
  college: Bilingual & { college_id: string };
  centre: (Bilingual & { college_id: string }) | null;
  photo: Buffer | null;
  signature: Buffer | null;
  papers: readonly AdmitCardPaper[];
  /** The QR's text: the verification address with the signed token. */
  qr: string;
  status: string;
}

/** Instructions printed on every card (settings data; lifecycle spec §8). */
export const admitCardInstructions: readonly string[] = [
  'Bring this admit card and a photo identity card to every paper. / ' +
    'प्रत्येक प्रश्नपत्र में यह प्रवेश पत्र एवं फ़ोटो पहचान पत्र साथ लाएँ।',
  'Reach the centre 30 minutes before the start; no entry 30 minutes after it. / ' +
    'प्रारम्भ से 30 मिनट पूर्व केन्द्र पर पहुँचें।',
  'Mobile phones, calculators and written material are not allowed in the examination hall. / ' +
    'मोबाइल फ़ोन परीक्षा कक्ष में वर्जित है।',
  'Write your roll number only in the space for it; any other mark is unfair means. / ' +
    'अनुक्रमांक केवल निर्धारित स्थान पर लिखें।',
];

const shiftHi: Record<string, string> = { FN: 'प्रथम पाली', AN: 'द्वितीय पाली' };
const typeLabel: Record<string, string> = {
  REGULAR: 'Regular',
  BACK: 'Back',
  IMPROVEMENT: 'Improvement',
  EX: 'Ex-student',
};
const dmy = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
const addMinutes = (start: string, minutes: number) => {
  const [h, m] = start.split(':').map(Number) as [number, number];
  const t = h * 60 + m + minutes;
  return `${String(Math.floor(t / 60) % 24).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
};

/** Draws one card on a new page of `pdf`. */
export async function drawAdmitCard(pdf: PdfDocument, card: AdmitCardContent): Promise<void> {
  await pdf.addPage();
  const { left, right, width } = pdf.content;
  const top = pdf.y;
  pdf.text(`${card.exam.exam_desc ?? card.exam.exam_id}${card.exam.cycle ? ` — ${card.exam.cycle}` : ''}`, {
    x: left,
    y: top,
    width: width - 100,
    size: 11,
    bold: true,
  });
  pdf.y += 6;
  const labelWidth = 150;
  const valueWidth = width - labelWidth - 110;
  const rows: Array<[string, string, boolean?]> = [
    ['Roll No. / अनुक्रमांक', card.roll_no, true],
    ['Enrolment No. / नामांकन सं.', card.student_id],
    ['Name / नाम', card.name.en, true],
    ...(card.name.hi ? ([['', card.name.hi, true]] as Array<[string, string, boolean]>) : []),
    ["Father's name / पिता का नाम", `${card.father.en}${card.father.hi ? ` / ${card.father.hi}` : ''}`],
    [
      'Course / पाठ्यक्रम',
      [
        `${card.course.en}${card.course.hi ? ` / ${card.course.hi}` : ''}`,
        `Sem ${card.course.sem_id}`,
        card.course.session_id,
      ].join(' · '),
    ],
    ['Candidate / परीक्षार्थी', typeLabel[card.candidate_type] ?? card.candidate_type],
    [
      'College / महाविद्यालय',
      `${card.college.college_id} ${card.college.en}${card.college.hi ? ` / ${card.college.hi}` : ''}`,
    ],
    [
      'Centre / केन्द्र',
      card.centre
        ? `${card.centre.college_id} ${card.centre.en}${card.centre.hi ? ` / ${card.centre.hi}` : ''}`
        : 'To be notified / सूचित किया जाएगा',
    ],
  ];
  const photoTop = pdf.y;
  for (const [label, value, bold] of rows) {
    const y = pdf.y;
    if (label) pdf.text(label, { x: left, y, width: labelWidth, size: 8.5, color: '#333333' });
    const end = pdf.text(value, {
      x: left + labelWidth + 4,
      y,
      width: valueWidth,
      size: bold ? 10.5 : 9.5,
      bold,
    });
    pdf.y = Math.max(end, y + 14) + 2;
  }
  pdf.image(card.photo, {
    x: right - 95,
    y: photoTop,
    width: 95,
    height: 115,
    placeholder: 'No photo / फ़ोटो नहीं',
  });
  pdf.image(card.signature, {
    x: right - 95,
    y: photoTop + 119,
    width: 95,
    height: 30,
    placeholder: 'No signature / हस्ताक्षर नहीं',
  });
  pdf.y = Math.max(pdf.y, photoTop + 155) + 4;

  await pdf.table(
    [
      { header: 'Code', width: 0.9 },
      { header: 'Paper / प्रश्नपत्र', width: 3.2 },
      { header: 'Date / दिनांक', width: 1.05 },
      { header: 'Shift / पाली', width: 1.25 },
      { header: 'Time / समय', width: 1 },
      { header: 'Type', width: 0.8 },
    ],
    card.papers.map((p) => [
      p.paper_code ?? p.paper_id,
      `${p.paper_name}${p.paper_name_hi ? `\n${p.paper_name_hi}` : ''}`,
      p.date ? dmy(p.date) : 'To be notified',
      p.shift ? `${p.shift} / ${shiftHi[p.shift] ?? ''}` : '',
      p.start_time && p.duration_minutes
        ? `${p.start_time}–${addMinutes(p.start_time, p.duration_minutes)}`
        : '',
      typeLabel[p.attempt_type] ?? p.attempt_type,
    ]),
    { size: 8.5 },
  );
  pdf.moveDown(8);
  pdf.text('Instructions / निर्देश', { size: 9, bold: true });
  if (!card.papers.length) pdf.text('No paper on the form.', { size: 8.5 });
  for (const [i, line] of admitCardInstructions.entries()) pdf.text(`${i + 1}. ${line}`, { size: 8 });

  const y = Math.max(pdf.y + 8, pdf.content.bottom - 100);
  pdf.qr(card.qr, { x: left, y, size: 90 });
  pdf.text('Scan to verify / सत्यापन हेतु स्कैन करें', {
    x: left + 94,
    y: y + 70,
    width: 180,
    size: 7,
    color: '#555555',
  });
  pdf.line(right - 190, y + 62, right, y + 62, { lineWidth: 0.5 });
  pdf.text("Candidate's signature in the hall / परीक्षार्थी के हस्ताक्षर", {
    x: left + 94,
    y: y + 10,
    width: 200,
    size: 7,
    color: '#555555',
  });
  pdf.text('Controller of Examinations / परीक्षा नियंत्रक', {
    x: right - 190,
    y: y + 66,
    width: 190,
    size: 8.5,
    align: 'center',
  });
  pdf.text(university.en, { x: right - 190, y: y + 78, width: 190, size: 7.5, align: 'center' });
  if (card.status === 'WITHHELD') pdf.watermark('WITHHELD');
}

/**
 * Admit cards streamed to `output`, one A4 page each, in the order given (an office's college batch, or one
 * card for a student). `onCard(n)` after each (a job reports progress with it). Memory stays flat: pages
 * leave as they are done.
 */
export async function writeAdmitCards(
  output: Writable,
  cards: Iterable<AdmitCardContent> | AsyncIterable<AdmitCardContent>,
  { title = 'Admit cards', onCard }: { title?: string; onCard?: (n: number) => Promise<void> | void } = {},
): Promise<number> {
  const pdf = createPdf(output, {
    title,
    author: university.en,
    frame: {
      university,
      title: { en: 'Admit Card', hi: 'प्रवेश पत्र' },
      logo: universityLogo,
      footer: 'Computer-generated; valid with the QR verification.',
      pageNumbers: false,
    },
  });
  let n = 0;
  for await (const card of cards) {
    await drawAdmitCard(pdf, card);
    n += 1;
    await onCard?.(n);
  }
  await pdf.end();
  return n;
}
