// Semester/part marksheet (statement of marks / grade card), lifecycle §5.2: the OLD layout (max/min,
// internal, external, practical, total with grace marker, aggregate, percentage, division) and the NEW/NEP
// layout (credit, grade, grade point, credit points, SGPA, CGPA, ABC id), with the grading legend from the
// payload's rule set.
import type { MarksheetLine, MarksheetPayload, PrintableDocument, PrintedMark } from '@exam/contracts';
import type { PdfDocument, TableColumn, TableRow } from '@exam/pdf';
import {
  bi,
  biField,
  drawFields,
  drawFooter,
  drawHeader,
  drawLegend,
  drawNotes,
  drawPageBase,
  drawPhoto,
  drawTable,
  frameOf,
  orDash,
  PHOTO,
  printedDate,
  type DocumentAssets,
  type Field,
} from './layout.ts';

export const isOldScheme = (scheme: string): boolean => scheme.toUpperCase() === 'OLD';

const mark = (m: PrintedMark): string => m.status ?? m.value ?? '';
const paperName = (line: MarksheetLine): string =>
  line.paper_name.hi ? `${line.paper_name.en}\n${line.paper_name.hi}` : line.paper_name.en;
const total = (line: MarksheetLine): string =>
  line.total === null ? '—' : line.grace ? `${line.total}${line.grace.marker}` : line.total;

const OLD_COLUMNS: TableColumn[] = [
  { header: 'Code / कोड', width: 1.05 },
  { header: 'Paper / प्रश्नपत्र', width: 3.6 },
  { header: 'Type / प्रकार', width: 0.6, align: 'center' },
  { header: 'Max / पूर्णांक', width: 0.85, align: 'right' },
  { header: 'Min / न्यूनतम', width: 0.9, align: 'right' },
  { header: 'Int. / आंतरिक', width: 0.85, align: 'right' },
  { header: 'Ext. / बाह्य', width: 0.8, align: 'right' },
  { header: 'Pr. / प्रायो.', width: 0.75, align: 'right' },
  { header: 'Total / योग', width: 0.8, align: 'right' },
  { header: 'Result / परिणाम', width: 0.9, align: 'center' },
];

const NEW_COLUMNS: TableColumn[] = [
  { header: 'Code / कोड', width: 1.05 },
  { header: 'Course / पाठ्यक्रम', width: 3.3 },
  { header: 'Type / प्रकार', width: 0.6, align: 'center' },
  { header: 'Credit / क्रेडिट', width: 0.8, align: 'right' },
  { header: 'Int. / आंतरिक', width: 0.8, align: 'right' },
  { header: 'Ext. / बाह्य', width: 0.75, align: 'right' },
  { header: 'Total / योग', width: 0.75, align: 'right' },
  { header: 'Grade / ग्रेड', width: 0.7, align: 'center' },
  { header: 'GP / ग्रेड अंक', width: 0.75, align: 'right' },
  { header: 'CP / क्रेडिट अंक', width: 0.8, align: 'right' },
  { header: 'Result / परिणाम', width: 0.85, align: 'center' },
];

/**
 * One table row per paper; practical marks of a NEW-scheme paper go into its external column when it has no
 * external.
 */
export function marksRows(lines: readonly MarksheetLine[], old: boolean): TableRow[] {
  return lines.map((l) =>
    old
      ? [
          l.paper_code,
          paperName(l),
          l.paper_type,
          orDash(l.max),
          orDash(l.min),
          mark(l.int),
          mark(l.ext),
          mark(l.pr),
          { text: total(l), bold: true, align: 'right' },
          { text: l.paper_result, align: 'center' },
        ]
      : [
          l.paper_code,
          paperName(l),
          l.paper_type,
          orDash(l.credit),
          mark(l.int),
          mark(l.ext) || mark(l.pr),
          total(l),
          { text: orDash(l.grade), bold: true, align: 'center' },
          orDash(l.grade_point),
          orDash(l.credit_points),
          { text: l.paper_result, align: 'center' },
        ],
  );
}

export const marksColumns = (old: boolean): TableColumn[] => (old ? OLD_COLUMNS : NEW_COLUMNS);

/** The "*: grace marks" notes of the papers that had grace. */
export function graceNotes(lines: readonly MarksheetLine[]): string[] {
  return lines
    .filter((l) => l.grace)
    .map((l) => {
      const { marker, marks, rule_id } = l.grace!;
      return (
        `${marker} ${l.paper_code}: +${marks} grace marks under ordinance rule ${rule_id} / ` +
        `${marks} कृपांक (नियम ${rule_id})`
      );
    });
}

export async function drawMarksheet(
  pdf: PdfDocument,
  doc: PrintableDocument,
  p: MarksheetPayload,
  assets: DocumentAssets,
  newPage: () => Promise<void>,
): Promise<void> {
  const f = frameOf(pdf);
  const old = isOldScheme(p.exam.scheme);
  drawPageBase(pdf, doc, { border: 'single' });
  let y = drawHeader(pdf, doc, assets, {
    university: p.university.name,
    place: p.university.place,
    title: p.title,
    subtitle: `${p.exam.name.en}${p.exam.cycle ? `, ${p.exam.cycle}` : ''}`,
  });
  const s = p.student;
  const fields: Field[] = [
    biField('Name / नाम', s.name, true),
    { label: 'Roll No. / अनुक्रमांक', value: orDash(s.roll_no), bold: true },
    biField("Father's name / पिता का नाम", s.father_name),
    { label: 'Enrolment No. / नामांकन सं.', value: orDash(s.enrolment_no) },
    biField("Mother's name / माता का नाम", s.mother_name),
    old
      ? { label: 'Candidate / परीक्षार्थी', value: orDash(s.candidate_type) }
      : { label: 'ABC ID / एबीसी आईडी', value: orDash(s.abc_id), bold: true },
    {
      label: 'College / महाविद्यालय',
      value: `${s.college.code ?? s.college.college_id} ${s.college.name.en}`,
      hi: s.college.name.hi,
    },
    { label: 'Programme / कार्यक्रम', value: p.programme.name.en, hi: p.programme.name.hi },
    { label: 'Examination / परीक्षा', value: p.exam.name.en, hi: p.exam.name.hi },
    {
      label: 'Semester / सेमेस्टर',
      value: p.exam.semester?.en ?? orDash(p.exam.sem_id),
      hi: p.exam.semester?.hi,
    },
    {
      label: 'Session, cycle / सत्र',
      value: `${orDash(p.exam.session ?? p.exam.session_id)}${p.exam.cycle ? ` · ${p.exam.cycle}` : ''}`,
    },
    { label: 'Scheme / योजना', value: `${p.exam.scheme}${old ? '' : ` · ${orDash(s.candidate_type)}`}` },
  ];
  const studentWidth = f.width - PHOTO.width - 10;
  drawPhoto(pdf, assets, f.right - PHOTO.width, y + 2);
  y =
    Math.max(
      drawFields(pdf, fields, {
        x: f.left,
        y: y + 2,
        width: studentWidth,
        columns: 2,
        labelWidth: 86,
        size: 8.5,
      }),
      y + PHOTO.height + 6,
    ) + 2;

  y = await drawTable(pdf, marksColumns(old), marksRows(p.lines, old), {
    x: f.left,
    y,
    width: f.width,
    size: 7.5,
  });
  y = drawTotals(pdf, p, old, y + 5);
  const backlogs = p.totals.backlogs;
  const notes = [
    ...graceNotes(p.lines),
    ...(backlogs.length > 0 ? [`Back papers / बैक प्रश्नपत्र: ${backlogs.join(', ')}`] : []),
    ...p.remarks.map((r) => bi(r)),
  ];
  drawNotes(pdf, 'Remarks / टिप्पणी', notes, { x: f.left, y, width: f.width, size: 7.5 });
  const notice = p.basis.notification_no;
  const notification = notice ? ` (Notification / अधिसूचना ${notice})` : '';
  drawFooter(pdf, doc, {
    place: p.university.place,
    signatories: p.signatories,
    facts: [
      `Result declared / परिणाम घोषित: ${printedDate(p.basis.published_on)}${notification}`,
      `Tabulated by / सारणीकर्ता: ${orDash(p.tabulated_by)} · ` +
        `Checked by / जाँचकर्ता: ${orDash(p.checked_by)}`,
    ],
  });
  // Spec §5.2: the grading legend is printed on the reverse (a duplex sheet: the page after the front).
  await newPage();
  await drawReverse(pdf, doc, p);
}

/**
 * The reverse: which sheet it belongs to (serial, name, roll no.), the grading legend with the SGPA/CGPA and
 * percentage formulas and the division rules of the payload's rule set, and how anyone can verify the sheet.
 */
async function drawReverse(pdf: PdfDocument, doc: PrintableDocument, p: MarksheetPayload): Promise<void> {
  const f = frameOf(pdf);
  drawPageBase(pdf, doc, { border: 'single' });
  pdf.text(`Reverse of the marksheet / अंकपत्र का पृष्ठभाग — ${doc.serial_no ?? 'DRAFT / प्रारूप'}`, {
    x: f.left,
    y: f.top,
    width: f.width,
    size: 10,
    bold: true,
    align: 'center',
  });
  const name = `${p.student.name.en}${p.student.name.hi ? ` / ${p.student.name.hi}` : ''}`;
  const exam = `${p.exam.name.en}${p.exam.cycle ? `, ${p.exam.cycle}` : ''}`;
  pdf.text(`${name} · Roll No. / अनुक्रमांक ${orDash(p.student.roll_no)} · ${exam}`, {
    x: f.left,
    y: pdf.y + 2,
    width: f.width,
    size: 8,
    align: 'center',
  });
  let y = pdf.y + 10;
  y = await drawLegend(pdf, p.legend, { x: f.left, y, width: f.width });
  const verifyAt = doc.verify_url ? doc.verify_url.replace(/\/[^/]*$/, '/') : null;
  const notes = [
    verifyAt
      ? bi({
          en:
            `Scan the QR code on the front, or open ${verifyAt} followed by the code, to check this ` +
            'marksheet with the university: no sign-in is needed.',
          hi:
            `सामने के क्यूआर कोड को स्कैन करें या ${verifyAt} पर कोड खोलें: विश्वविद्यालय से इस अंकपत्र का ` +
            'सत्यापन, बिना लॉग-इन।',
        })
      : bi({
          en: 'A draft has no verification code: it is not valid.',
          hi: 'प्रारूप का कोई सत्यापन कोड नहीं है: यह मान्य नहीं है।',
        }),
    bi({
      en: 'Any alteration or overwriting makes this marksheet invalid.',
      hi: 'किसी भी परिवर्तन या काट-छाँट से यह अंकपत्र अमान्य हो जाता है।',
    }),
  ];
  drawNotes(pdf, 'Notes / टिप्पणियाँ', notes, { x: f.left, y: y + 4, width: f.width, size: 7.5 });
}

/**
 * The totals band: aggregate, percentage and division (OLD) or credits, Σ credit points, SGPA, CGPA
 * (NEW/NEP); the result.
 */
function drawTotals(pdf: PdfDocument, p: MarksheetPayload, old: boolean, y: number): number {
  const f = frameOf(pdf);
  const t = p.totals;
  const cells: Array<[string, string]> = old
    ? [
        ['Aggregate / कुल योग', t.total !== null ? `${t.total} / ${orDash(t.max_total)}` : '—'],
        ['Percentage / प्रतिशत', t.percentage !== null ? `${t.percentage} %` : '—'],
        ['Division / श्रेणी', bi(t.division)],
        ['Result / परिणाम', bi(t.result)],
      ]
    : [
        ['Credits reg./earned / क्रेडिट', `${orDash(t.credits_registered)} / ${orDash(t.credits_earned)}`],
        ['Σ Credit points / कुल क्रेडिट अंक', orDash(t.credit_points)],
        ['SGPA / एसजीपीए', orDash(t.sgpa)],
        ['CGPA / सीजीपीए', orDash(t.cgpa)],
        ['Result / परिणाम', bi(t.result)],
      ];
  const weights = old ? [1, 1, 1.2, 1.4] : [1.05, 1, 0.75, 0.75, 1.45];
  const sum = weights.reduce((a, b) => a + b, 0);
  let x = f.left;
  const h = 26;
  pdf.box(f.left, y, f.width, h, { lineWidth: 0.8, fill: '#f5f7fa' });
  pdf.box(f.left, y, f.width, h, { lineWidth: 0.8 });
  cells.forEach(([label, value], i) => {
    const w = (weights[i]! / sum) * f.width;
    if (i > 0) pdf.line(x, y, x, y + h, { lineWidth: 0.5 });
    pdf.text(label, { x: x + 4, y: y + 2.5, width: w - 8, size: 6.5, color: '#444444', oneLine: true });
    pdf.text(value, { x: x + 4, y: y + 12, width: w - 8, size: 9.5, bold: true, oneLine: true });
    x += w;
  });
  let bottom = y + h + 4;
  if (!old && t.equivalent_percentage) {
    const formula = p.legend.percentage_formula ? ` (${p.legend.percentage_formula.en})` : '';
    const division = t.division ? ` · Division / श्रेणी: ${bi(t.division)}` : '';
    pdf.text(`Equivalent percentage / समतुल्य प्रतिशत: ${t.equivalent_percentage} %${formula}${division}`, {
      x: f.left,
      y: bottom,
      width: f.width,
      size: 8,
    });
    bottom = pdf.y + 3;
  }
  return bottom;
}
