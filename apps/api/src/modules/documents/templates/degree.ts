// Degree and provisional degree certificate (lifecycle §5.2; UGC's list for degrees [P27]: photograph,
// hologram, QR, name and place of the institution, mode of study). A certifying text in English and in Hindi,
// composed from the payload's fields; the degree has a double border, the stationery serial and the hologram
// area, and the Vice-Chancellor's and Registrar's blocks (the payload's signatories).
import type { DegreePayload, PrintableDocument } from '@exam/contracts';
import type { PdfDocument } from '@exam/pdf';
import {
  bi,
  collegeWithPlace,
  drawFields,
  drawFooter,
  drawHeader,
  drawPageBase,
  drawPhoto,
  frameOf,
  orDash,
  PHOTO,
  printedDate,
  type DocumentAssets,
  type Field,
} from './layout.ts';

const MONTHS_HI: Record<string, string> = {
  January: 'जनवरी',
  February: 'फ़रवरी',
  March: 'मार्च',
  April: 'अप्रैल',
  May: 'मई',
  June: 'जून',
  July: 'जुलाई',
  August: 'अगस्त',
  September: 'सितंबर',
  October: 'अक्टूबर',
  November: 'नवंबर',
  December: 'दिसंबर',
};
/** "May 2024" → "मई 2024" inside the Hindi sentence. */
const monthsInHindi = (text: string): string =>
  text.replace(
    /\b(January|February|March|April|May|June|July|August|September|October|November|December)\b/g,
    (m) => MONTHS_HI[m] ?? m,
  );

function relation(gender: string | null): { en: string; hi: string } {
  const g = (gender ?? '').toUpperCase();
  if (g.startsWith('F')) return { en: 'daughter of', hi: 'पुत्री' };
  if (g.startsWith('M')) return { en: 'son of', hi: 'पुत्र' };
  return { en: 'child of', hi: 'संतान' };
}

/** The certifying sentences (English, Hindi) of a degree or a provisional degree certificate. */
export function degreeText(p: DegreePayload): { en: string; hi: string } {
  const s = p.student;
  const rel = relation(s.gender);
  const father = s.father_name;
  const standing = [p.division?.en, p.cgpa ? `CGPA ${p.cgpa}` : null].filter(Boolean).join(', ');
  const standingHi = [p.division?.hi ?? p.division?.en, p.cgpa ? `सीजीपीए ${p.cgpa}` : null]
    .filter(Boolean)
    .join(', ');
  const degree = p.programme.degree_title ?? p.programme.name;
  const subjects = p.programme.subjects;
  const honours = p.honours;
  const enDegree = `${degree.en}${honours ? ` ${honours.en}` : ''}${subjects ? ` (${subjects.en})` : ''}`;
  const hiHonours = honours ? ` ${honours.hi ?? honours.en}` : '';
  const hiSubjects = subjects ? ` (${subjects.hi ?? subjects.en})` : '';
  const hiDegree = `${degree.hi ?? degree.en}${hiHonours}${hiSubjects}`;
  const held = p.exam_month_year ?? p.exam.cycle ?? p.year_of_passing ?? '';
  const heldHi = monthsInHindi(held);
  const enrolment = orDash(s.enrolment_no);
  const who =
    `${s.name.en}${father ? `, ${rel.en} ${father.en}` : ''}, Enrolment No. ${enrolment}, ` +
    `of ${collegeWithPlace(s.college)}`;
  const whoHi =
    `${s.name.hi ?? s.name.en}${father ? `, ${rel.hi} ${father.hi ?? father.en}` : ''}, ` +
    `नामांकन सं. ${enrolment}, ${collegeWithPlace(s.college, 'hi')}`;
  const passed = `${p.exam.name.en} held in ${held}${standing ? ` with ${standing}` : ''}`;
  const withStandingHi = standingHi ? ` ${standingHi} से` : '';
  const passedHi = `${heldHi} में आयोजित ${p.exam.name.hi ?? p.exam.name.en}${withStandingHi}`;
  if (p.kind === 'PROVISIONAL_DEGREE') {
    return {
      en:
        `This is to certify that ${who}, has passed the ${passed} and is eligible for the degree of ` +
        `${enDegree}, to be conferred at the next convocation of the University.`,
      hi:
        `प्रमाणित किया जाता है कि ${whoHi} ने ${passedHi} उत्तीर्ण की है तथा विश्वविद्यालय के आगामी ` +
        `दीक्षांत समारोह में प्रदान की जाने वाली ${hiDegree} की उपाधि के पात्र हैं।`,
    };
  }
  return {
    en: `This is to certify that ${who}, having passed the ${passed}, has been admitted to the degree of`,
    hi: `प्रमाणित किया जाता है कि ${whoHi} को ${passedHi} उत्तीर्ण करने पर यह उपाधि प्रदान की जाती है:`,
  };
}

export function drawDegree(
  pdf: PdfDocument,
  doc: PrintableDocument,
  p: DegreePayload,
  assets: DocumentAssets,
): void {
  const f = frameOf(pdf);
  const degree = p.kind === 'DEGREE';
  drawPageBase(pdf, doc, { border: degree ? 'double' : 'single' });
  let y = drawHeader(pdf, doc, assets, {
    university: p.university.name,
    place: p.university.place,
    title: p.title,
    titleSize: 14,
  });
  // Photo on the right; the hologram area (a physical sticker) on the left, both under the serial line.
  drawPhoto(pdf, assets, f.right - PHOTO.width, y + 4);
  if (degree) {
    pdf.box(f.left, y + 4, 70, 70, { lineWidth: 0.6, stroke: '#999999' });
    pdf.text('Hologram / होलोग्राम', {
      x: f.left + 4,
      y: y + 33,
      width: 62,
      size: 6.5,
      align: 'center',
      color: '#777777',
    });
  }
  const nameX = f.left + (degree ? 80 : 0);
  const nameWidth = f.width - PHOTO.width - 10 - (degree ? 80 : 0);
  pdf.text(p.student.name.en, {
    x: nameX,
    y: y + 22,
    width: nameWidth,
    size: 17,
    bold: true,
    align: 'center',
  });
  if (p.student.name.hi)
    pdf.text(p.student.name.hi, { x: nameX, width: nameWidth, size: 16, bold: true, align: 'center' });
  y = Math.max(pdf.y, y + PHOTO.height + 8) + 8;

  const body = degreeText(p);
  pdf.text(body.en, { x: f.left + 10, y, width: f.width - 20, size: 11, align: 'center', lineGap: 2.5 });
  y = pdf.y + 8;
  if (degree) {
    const title = p.programme.degree_title ?? p.programme.name;
    pdf.text(`${title.en}${p.honours ? ` ${p.honours.en}` : ''}`, {
      x: f.left,
      y,
      width: f.width,
      size: 20,
      bold: true,
      align: 'center',
      color: '#1f3a5f',
    });
    if (title.hi)
      pdf.text(`${title.hi}${p.honours?.hi ? ` ${p.honours.hi}` : ''}`, {
        x: f.left,
        width: f.width,
        size: 18,
        bold: true,
        align: 'center',
        color: '#1f3a5f',
      });
    if (p.programme.subjects)
      pdf.text(
        p.programme.subjects.hi
          ? `${p.programme.subjects.en} / ${p.programme.subjects.hi}`
          : p.programme.subjects.en,
        { x: f.left, width: f.width, size: 10, align: 'center' },
      );
    y = pdf.y + 10;
  }
  pdf.text(body.hi, { x: f.left + 10, y, width: f.width - 20, size: 11, align: 'center', lineGap: 2.5 });
  y = pdf.y + 14;

  const s = p.student;
  const fields: Field[] = [
    { label: 'Enrolment No. / नामांकन सं.', value: orDash(s.enrolment_no), bold: true },
    { label: 'Roll No. / अनुक्रमांक', value: orDash(s.roll_no) },
    {
      label: 'Examination / परीक्षा',
      value: [p.exam.name.en, p.exam_month_year ?? p.exam.cycle].filter(Boolean).join(', '),
      hi: p.exam.name.hi,
    },
    { label: 'Year of passing / उत्तीर्ण वर्ष', value: orDash(p.year_of_passing) },
    {
      label: 'Division, CGPA / श्रेणी, सीजीपीए',
      value: [p.division?.en, p.cgpa ? `CGPA ${p.cgpa}` : null].filter(Boolean).join(' · ') || '—',
      hi: p.division?.hi,
      bold: true,
    },
    { label: 'Result / परिणाम', value: p.result.en, hi: p.result.hi },
    { label: 'College / महाविद्यालय', value: collegeWithPlace(s.college), hi: s.college.name.hi },
    {
      label: 'Mode of study / अध्ययन का माध्यम',
      value: orDash(s.mode_of_study),
      hi: modeHi(s.mode_of_study),
    },
    degree
      ? { label: 'Convocation / दीक्षांत समारोह', value: printedDate(p.convocation_date) }
      : {
          label: 'Valid until / वैध तिथि तक',
          value: p.valid_until ? printedDate(p.valid_until) : 'the degree is issued',
          hi: p.valid_until ? null : 'उपाधि जारी होने तक',
        },
    ...(p.student.abc_id ? [{ label: 'ABC ID / एबीसी आईडी', value: p.student.abc_id }] : []),
  ];
  y = drawFields(pdf, fields, {
    x: f.left + 10,
    y,
    width: f.width - 20,
    columns: 2,
    labelWidth: 98,
    size: 9,
  });
  if (!degree) {
    const validity = bi({
      en:
        'This provisional certificate is valid until the degree is conferred; it does not replace the ' +
        'degree.',
      hi: 'यह अनंतिम प्रमाण-पत्र उपाधि प्रदान किए जाने तक ही मान्य है; यह उपाधि का स्थान नहीं लेता।',
    });
    pdf.text(validity, { x: f.left + 10, y: y + 6, width: f.width - 20, size: 8, color: '#444444' });
  }
  drawFooter(pdf, doc, {
    place: p.university.place,
    signatories: p.signatories,
    facts: degree && p.convocation_date ? [`Convocation / दीक्षांत: ${printedDate(p.convocation_date)}`] : [],
  });
}

function modeHi(mode: string | null): string | null {
  const m = (mode ?? '').toLowerCase();
  if (m.startsWith('regular')) return 'नियमित';
  if (m.startsWith('distance')) return 'दूरस्थ';
  if (m.startsWith('part')) return 'अंशकालिक';
  if (m.startsWith('private')) return 'स्वाध्यायी';
  return null;
}
