// Migration certificate and certificates (lifecycle §5.2): a certifying text in English and Hindi, the facts
// it rests on as label/value pairs, and for a NEP exit award (UG Certificate / UG Diploma) the award, credits
// earned and ABC id; the grading legend when the certificate explains the scheme.
import type { CertificatePayload, MigrationPayload, PrintableDocument } from '@exam/contracts';
import type { PdfDocument } from '@exam/pdf';
import {
  bi,
  biField,
  collegeWithPlace,
  drawFields,
  drawFooter,
  drawHeader,
  drawLegend,
  drawNotes,
  drawPageBase,
  drawPhoto,
  frameOf,
  orDash,
  PHOTO,
  type DocumentAssets,
  type Field,
} from './layout.ts';

/**
 * Name, parents, numbers and college: the student part every certificate prints, beside the photo. Returns
 * the y under it.
 */
function drawStudentBlock(
  pdf: PdfDocument,
  p: MigrationPayload | CertificatePayload,
  assets: DocumentAssets,
  top: number,
  extra: Field[],
): number {
  const f = frameOf(pdf);
  const s = p.student;
  const fields: Field[] = [
    biField('Name / नाम', s.name, true),
    biField("Father's name / पिता का नाम", s.father_name),
    biField("Mother's name / माता का नाम", s.mother_name),
    { label: 'Enrolment No. / नामांकन सं.', value: orDash(s.enrolment_no), bold: true },
    { label: 'Roll No. / अनुक्रमांक', value: orDash(s.roll_no) },
    {
      label: 'College / महाविद्यालय',
      value: `${s.college.code ?? s.college.college_id} ${collegeWithPlace(s.college)}`,
      hi: s.college.name.hi,
    },
    ...extra,
  ];
  drawPhoto(pdf, assets, f.right - PHOTO.width, top + 4);
  return (
    Math.max(
      drawFields(pdf, fields, {
        x: f.left,
        y: top + 4,
        width: f.width - PHOTO.width - 12,
        columns: 1,
        labelWidth: 130,
        size: 9.5,
      }),
      top + PHOTO.height + 8,
    ) + 8
  );
}

function drawBody(pdf: PdfDocument, en: string, hi: string | null, y: number): number {
  const f = frameOf(pdf);
  pdf.text(en, { x: f.left + 8, y, width: f.width - 16, size: 11, align: 'justify', lineGap: 3 });
  if (hi)
    pdf.text(hi, {
      x: f.left + 8,
      y: pdf.y + 8,
      width: f.width - 16,
      size: 11,
      align: 'justify',
      lineGap: 3,
    });
  return pdf.y + 12;
}

export function drawMigration(
  pdf: PdfDocument,
  doc: PrintableDocument,
  p: MigrationPayload,
  assets: DocumentAssets,
): void {
  const f = frameOf(pdf);
  drawPageBase(pdf, doc, { border: 'single' });
  let y = drawHeader(pdf, doc, assets, {
    university: p.university.name,
    place: p.university.place,
    title: p.title,
    titleSize: 14,
  });
  y = drawStudentBlock(pdf, p, assets, y, [
    biField('Last course / अंतिम पाठ्यक्रम', p.programme?.name ?? null),
    {
      label: 'Last examination / अंतिम परीक्षा',
      value: `${p.last_exam?.en ?? '—'}${p.last_exam_year ? ` (${p.last_exam_year})` : ''}`,
      hi: p.last_exam?.hi,
    },
    biField('Result / परिणाम', p.last_exam_result),
  ]);
  const s = p.student;
  const year = p.last_exam_year;
  const exam = `${p.last_exam?.en ?? 'the examination'}${year ? ` of ${year}` : ''}`;
  const examHi = `${p.last_exam?.hi ?? p.last_exam?.en ?? 'परीक्षा'}${year ? ` (${year})` : ''}`;
  const appeared = !p.last_exam_result || p.last_exam_result.en.toLowerCase() === 'appeared';
  const did = p.last_exam_result ? `has ${appeared ? 'appeared at' : 'passed'}` : 'appeared at';
  y = drawBody(
    pdf,
    `Certified that ${s.name.en}, Enrolment No. ${orDash(s.enrolment_no)}, a student of ` +
      `${s.college.name.en}, who ${did} ${exam} of this University, is permitted to migrate: the ` +
      "University has no objection to the student's joining any other University or Board recognised by law.",
    `प्रमाणित किया जाता है कि ${s.name.hi ?? s.name.en}, नामांकन सं. ${orDash(s.enrolment_no)}, ` +
      `${s.college.name.hi ?? s.college.name.en} के विद्यार्थी, जिन्होंने इस विश्वविद्यालय की ${examHi} दी ` +
      'है, को प्रव्रजन की अनुमति दी जाती है: विधि द्वारा मान्यता प्राप्त किसी अन्य विश्वविद्यालय या बोर्ड ' +
      'में प्रवेश लेने पर विश्वविद्यालय को कोई आपत्ति नहीं है।',
    y,
  );
  const notes = [
    bi({
      en: 'This certificate can be used for securing admission in one university only.',
      hi: 'इस प्रमाण-पत्र का उपयोग केवल एक विश्वविद्यालय में प्रवेश हेतु किया जा सकता है।',
    }),
    bi({
      en: 'On its issue the enrolment with this University is closed.',
      hi: 'इसके जारी होने पर इस विश्वविद्यालय में नामांकन समाप्त हो जाता है।',
    }),
    ...(p.reason ? [`Reason / कारण: ${p.reason}`] : []),
    ...p.remarks.map((r) => bi(r)),
  ];
  drawNotes(pdf, 'Notes / टिप्पणी', notes, { x: f.left, y, width: f.width, size: 8 });
  drawFooter(pdf, doc, { place: p.university.place, signatories: p.signatories });
}

export async function drawCertificate(
  pdf: PdfDocument,
  doc: PrintableDocument,
  p: CertificatePayload,
  assets: DocumentAssets,
): Promise<void> {
  const f = frameOf(pdf);
  const award = p.subtype === 'UG_CERTIFICATE' || p.subtype === 'UG_DIPLOMA';
  drawPageBase(pdf, doc, { border: award ? 'double' : 'single' });
  let y = drawHeader(pdf, doc, assets, {
    university: p.university.name,
    place: p.university.place,
    title: p.title,
    titleSize: 14,
  });
  const extra: Field[] = [
    ...(p.programme ? [biField('Programme / कार्यक्रम', p.programme.name)] : []),
    ...(p.exam
      ? [
          {
            label: 'Examination / परीक्षा',
            value: `${p.exam.name.en}${p.exam.cycle ? `, ${p.exam.cycle}` : ''}`,
            hi: p.exam.name.hi,
          },
        ]
      : []),
    ...(p.award ? [biField('Award / प्रदत्त', p.award, true)] : []),
    ...(p.credits_earned
      ? [{ label: 'Credits earned / अर्जित क्रेडिट', value: p.credits_earned, bold: true }]
      : []),
    ...(p.student.abc_id || award
      ? [{ label: 'ABC ID / एबीसी आईडी', value: orDash(p.student.abc_id), bold: true }]
      : []),
    ...(p.medium ? [biField('Medium of instruction / शिक्षण का माध्यम', p.medium)] : []),
  ];
  y = drawStudentBlock(pdf, p, assets, y, extra);
  if (award && p.award) {
    pdf.text(p.award.en, {
      x: f.left,
      y,
      width: f.width,
      size: 18,
      bold: true,
      align: 'center',
      color: '#1f3a5f',
    });
    if (p.award.hi)
      pdf.text(p.award.hi, {
        x: f.left,
        width: f.width,
        size: 16,
        bold: true,
        align: 'center',
        color: '#1f3a5f',
      });
    y = pdf.y + 10;
  }
  y = drawBody(pdf, p.body.en, p.body.hi, y);
  y = drawNotes(
    pdf,
    'Remarks / टिप्पणी',
    p.remarks.map((r) => bi(r)),
    { x: f.left, y, width: f.width, size: 8 },
  );
  if (p.legend) await drawLegend(pdf, p.legend, { x: f.left, y, width: f.width });
  drawFooter(pdf, doc, { place: p.university.place, signatories: p.signatories });
}
