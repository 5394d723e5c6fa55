import { readFileSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { collegeStatus, collegeType } from '@exam/contracts';
import { createPdf, type Bilingual } from '@exam/pdf';

/** What a letter prints of a college (a college row as the API answers it). */
export interface LetterCollege {
  college_id: string;
  college_name: string;
  college_name_hi: string | null;
  college_code: string | null;
  district: string | null;
  college_type: string;
  is_centre: number;
  status: string;
}

/**
 * The university's name on every page. The product has no setting for it yet (the web app's is a build
 * option).
 */
export const university: Bilingual = { en: 'State University', hi: 'राज्य विश्वविद्यालय' };

/** The university's logo in every printout's header (embedded once per file); the web app's emblem. */
export const universityLogo = readFileSync(new URL('./assets/university-logo.png', import.meta.url));

const typeHi: Record<string, string> = {
  GOVT: 'राजकीय',
  AIDED: 'अनुदानित',
  PRIVATE: 'निजी',
  CONSTITUENT: 'संघटक',
};
const statusHi: Record<string, string> = { ACTIVE: 'सक्रिय', SUSPENDED: 'निलंबित' };

const dateEn = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});
const dateNumeric = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/**
 * One A4 page per college, English and Hindi: the college's affiliation as the university's records hold it
 * on `issuedOn`, with a reference number and a QR code carrying it. A suspended college's letter says so, and
 * is marked SUSPENDED across the page. `onPage(n)` is called after each page (the job reports progress with
 * it).
 */
export async function writeAffiliationLetters(
  output: Writable,
  colleges: Iterable<LetterCollege> | AsyncIterable<LetterCollege>,
  { issuedOn, onPage }: { issuedOn: Date; onPage?: (pages: number) => Promise<void> | void },
): Promise<number> {
  const issued = dateNumeric.format(issuedOn);
  const pdf = createPdf(output, {
    title: 'Affiliation letters',
    author: university.en,
    frame: {
      university,
      logo: universityLogo,
      title: { en: 'Letter of Affiliation', hi: 'संबद्धता पत्र' },
      footer: `Issued ${issued} · computer-generated from the university's records`,
    },
  });
  let pages = 0;
  for await (const college of colleges) {
    await pdf.addPage();
    const { left, right, width } = pdf.content;
    const reference = `AFF/${college.college_id}/${issued.slice(-4)}`;
    const suspended = college.status === 'SUSPENDED';
    const typeEn = collegeType.labelOf(college.college_type).toLowerCase();
    const name: Bilingual = { en: college.college_name, hi: college.college_name_hi ?? undefined };

    const top = pdf.y + 6;
    pdf.text(`No. / पत्रांक: ${reference}`, { x: left, y: top, size: 10 });
    pdf.text(`Date / दिनांक: ${issued}`, { x: left, y: top, width, size: 10, align: 'right' });
    pdf.y = top + 26;
    pdf.text('To / सेवा में,', { size: 10 });
    pdf.text('The Principal / प्राचार्य', { size: 11, bold: true });
    pdf.bilingual(name, { size: 11, bold: true });
    if (college.district) pdf.text(college.district, { size: 11 });
    pdf.moveDown(14);
    pdf.text('Subject: Affiliation of the college with the university', { size: 11, bold: true });
    pdf.text('विषय: महाविद्यालय की विश्वविद्यालय से संबद्धता', { size: 11, bold: true });
    pdf.moveDown(12);

    const statusEn = collegeStatus.labelOf(college.status).toLowerCase();
    pdf.text(
      `This is to certify that ${college.college_name} is ${/^[aeiou]/.test(typeEn) ? 'an' : 'a'} ` +
        `${typeEn} college affiliated with ${university.en}. ` +
        `According to the university's records on ${dateEn.format(issuedOn)}, ` +
        `its affiliation is ${statusEn}.`,
      { size: 11, lineGap: 3, align: 'justify' },
    );
    pdf.moveDown(8);
    const nameHi = college.college_name_hi ?? college.college_name;
    pdf.text(
      `प्रमाणित किया जाता है कि ${nameHi} ${university.hi} से संबद्ध ` +
        `${typeHi[college.college_type] ?? ''} महाविद्यालय है। ` +
        `दिनांक ${issued} को विश्वविद्यालय के अभिलेखों के अनुसार इसकी संबद्धता ` +
        `${statusHi[college.status] ?? college.status} है।`,
      { size: 11, lineGap: 4, align: 'justify' },
    );
    pdf.moveDown(14);

    await pdf.table(
      [
        { header: 'Particular / विवरण', width: 2 },
        { header: 'Value / मान', width: 3 },
      ],
      [
        [
          'College code / महाविद्यालय कोड',
          `${college.college_id}${college.college_code ? ` (${college.college_code})` : ''}`,
        ],
        ['Name / नाम', college.college_name],
        ['नाम (हिन्दी)', college.college_name_hi ?? ''],
        ['District / ज़िला', college.district ?? ''],
        [
          'Type / प्रकार',
          `${collegeType.labelOf(college.college_type)} / ${typeHi[college.college_type] ?? ''}`,
        ],
        ['Examination centre / परीक्षा केन्द्र', college.is_centre === 1 ? 'Yes / हाँ' : 'No / नहीं'],
        [
          'Affiliation / संबद्धता',
          {
            text: `${collegeStatus.labelOf(college.status)} / ${statusHi[college.status] ?? ''}`,
            bold: true,
          },
        ],
      ],
      { size: 10, padding: 5 },
    );

    const y = Math.max(pdf.y + 30, pdf.content.bottom - 120);
    pdf.qr(`${reference} ${college.college_id} ${college.status} ${issued}`, { x: left, y, size: 84 });
    pdf.text('Reference / संदर्भ', { x: left, y: y + 86, width: 84, size: 7, align: 'center' });
    pdf.line(right - 170, y + 60, right, y + 60, { lineWidth: 0.5 });
    pdf.text('Registrar / कुलसचिव', {
      x: right - 170,
      y: y + 64,
      width: 170,
      size: 10,
      bold: true,
      align: 'center',
    });
    pdf.text(university.en, { x: right - 170, y: y + 78, width: 170, size: 8, align: 'center' });
    if (suspended) pdf.watermark('SUSPENDED', { color: '#a4161a', opacity: 0.18 });
    pages += 1;
    await onPage?.(pages);
  }
  if (pages === 0) {
    await pdf.addPage();
    pdf.text('No college was chosen. / कोई महाविद्यालय नहीं चुना गया।', { size: 12 });
  }
  await pdf.end();
  return pages;
}
