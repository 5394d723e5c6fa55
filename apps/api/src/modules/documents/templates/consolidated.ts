// Consolidated marksheet and transcript (lifecycle §5.2): every semester/part with its courses (credits and
// grades, or marks under the OLD scheme) and its SGPA or aggregate, the final CGPA or aggregate with the
// equivalent percentage and its formula, division, duration, medium, the attempts flag and the grading
// legend. It runs over several pages: the pages are planned first (a term never splits), so each carries
// "sheet n of N" and its own per-page serial (`<serial>-<n>`, what a sealed-envelope transcript needs).
import type { ConsolidatedPayload, MarksheetLine, PrintableDocument, TranscriptTerm } from '@exam/contracts';
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
import { graceNotes, isOldScheme } from './marksheet.ts';

const NEW_COLUMNS: TableColumn[] = [
  { header: 'Code / कोड', width: 1.1 },
  { header: 'Course / पाठ्यक्रम', width: 4.2 },
  { header: 'Credit / क्रेडिट', width: 0.8, align: 'right' },
  { header: 'Grade / ग्रेड', width: 0.75, align: 'center' },
  { header: 'GP / ग्रेड अंक', width: 0.8, align: 'right' },
  { header: 'CP / क्रेडिट अंक', width: 0.85, align: 'right' },
  { header: 'Result / परिणाम', width: 0.85, align: 'center' },
];
const OLD_COLUMNS: TableColumn[] = [
  { header: 'Code / कोड', width: 1.1 },
  { header: 'Paper / प्रश्नपत्र', width: 4.4 },
  { header: 'Max / पूर्णांक', width: 0.85, align: 'right' },
  { header: 'Min / न्यूनतम', width: 0.85, align: 'right' },
  { header: 'Obtained / प्राप्तांक', width: 1, align: 'right' },
  { header: 'Result / परिणाम', width: 0.85, align: 'center' },
];

const name = (l: MarksheetLine) =>
  l.paper_name.hi ? `${l.paper_name.en} / ${l.paper_name.hi}` : l.paper_name.en;
const total = (l: MarksheetLine) =>
  l.total === null ? '—' : l.grace ? `${l.total}${l.grace.marker}` : l.total;

function termRows(term: TranscriptTerm, old: boolean): TableRow[] {
  return term.lines.map((l) =>
    old
      ? [
          l.paper_code,
          name(l),
          orDash(l.max),
          orDash(l.min),
          { text: total(l), bold: true, align: 'right' },
          { text: l.paper_result, align: 'center' },
        ]
      : [
          l.paper_code,
          name(l),
          orDash(l.credit),
          { text: orDash(l.grade), bold: true, align: 'center' },
          orDash(l.grade_point),
          orDash(l.credit_points),
          { text: l.paper_result, align: 'center' },
        ],
  );
}

function termSummary(term: TranscriptTerm, old: boolean): string {
  const t = term.totals;
  const division = t.division ? ` · ${bi(t.division)}` : '';
  const figures = old
    ? `Aggregate / योग ${orDash(t.total)}/${orDash(t.max_total)} · ${orDash(t.percentage)} %${division}`
    : `Credits / क्रेडिट ${orDash(t.credits_earned)}/${orDash(t.credits_registered)} · ` +
      `SGPA ${orDash(t.sgpa)}`;
  return `${figures} · ${bi(t.result)} · declared / घोषित ${printedDate(term.basis.published_on)}`;
}

// The page plan measures each term as drawn: its heading, the table (header and rows as pdf.table measures
// them, course names wrapping in their column) and its summary line. The footer takes the bottom FOOTER
// points.
const SIZE = 7.5;
const PADDING = 2.5;
const FOOTER = 66;

function termHeight(pdf: PdfDocument, term: TranscriptTerm, old: boolean, width: number): number {
  const columns = old ? OLD_COLUMNS : NEW_COLUMNS;
  const total = columns.reduce((sum, c) => sum + c.width, 0);
  const nameWidth = (columns[1]!.width / total) * width - 2 * PADDING;
  const headerHeight =
    Math.max(
      ...columns.map((c) =>
        pdf.heightOf(c.header, { width: (c.width / total) * width - 2 * PADDING, size: SIZE, bold: true }),
      ),
    ) +
    2 * PADDING;
  const rows = term.lines.reduce(
    (sum, l) => sum + Math.max(SIZE, pdf.heightOf(name(l), { width: nameWidth, size: SIZE })) + 2 * PADDING,
    0,
  );
  return 12 + 1.5 + headerHeight + rows + 1.5 + 10 + 7;
}

/** The closing block's height: final result, formula, remarks, legend (as drawLegend draws it). */
function closingHeight(p: ConsolidatedPayload): number {
  const notes = p.terms.reduce((n, t) => n + t.lines.filter((l) => l.grace).length, 0) + p.remarks.length;
  const formulas = [
    p.legend.sgpa_formula,
    p.legend.cgpa_formula,
    p.legend.percentage_formula,
    p.legend.division_rules,
  ].filter(Boolean).length;
  const bands = p.legend.bands.length > 0 ? (p.legend.bands.some((b) => b.description) ? 62 : 38) : 0;
  return 34 + 12 + (notes > 0 ? 12 + notes * 10 : 0) + 14 + bands + formulas * 10.5 + 8;
}

/**
 * Terms per page from `firstTop` (page 1) and `nextTop`: a term is never split; the closing block goes after
 * the last.
 */
export function planPages(
  pdf: PdfDocument,
  p: ConsolidatedPayload,
  old: boolean,
  at: { width: number; firstTop: number; nextTop: number; limit: number },
): TranscriptTerm[][] {
  const pages: TranscriptTerm[][] = [[]];
  let used = at.firstTop;
  for (const term of p.terms) {
    const h = termHeight(pdf, term, old, at.width);
    if (used + h > at.limit && pages.at(-1)!.length > 0) {
      pages.push([]);
      used = at.nextTop;
    }
    pages.at(-1)!.push(term);
    used += h;
  }
  if (used + closingHeight(p) > at.limit) pages.push([]);
  return pages;
}

export async function drawConsolidated(
  pdf: PdfDocument,
  doc: PrintableDocument,
  p: ConsolidatedPayload,
  assets: DocumentAssets,
  newPage: () => Promise<void>,
): Promise<void> {
  const f = frameOf(pdf);
  const old = isOldScheme(p.terms[0]?.exam.scheme ?? 'NEW');
  const header = () => {
    drawPageBase(pdf, doc, { border: 'single' });
    return drawHeader(pdf, doc, assets, {
      university: p.university.name,
      place: p.university.place,
      title: p.title,
      subtitle: bi(p.programme.name),
    });
  };
  // Every page: "sheet n of N" and its page serial on a line under the header; the plan (and so N) is known
  // once page 1's student block has been drawn.
  const sheetY = header();
  let y = drawStudent(pdf, p, assets, sheetY + 12);
  const pages = planPages(pdf, p, old, {
    width: f.width,
    firstTop: y,
    nextTop: sheetY + 12 + 16,
    limit: f.bottom - FOOTER,
  });
  const sheets = pages.length;
  for (let i = 0; i < sheets; i++) {
    if (i > 0) {
      await newPage();
      header();
      const name = `${p.student.name.en}${p.student.name.hi ? ` / ${p.student.name.hi}` : ''}`;
      pdf.text(`${name} · Enrolment / नामांकन ${orDash(p.student.enrolment_no)} (continued / जारी)`, {
        x: f.left,
        y: sheetY + 12,
        width: f.width,
        size: 8.5,
        bold: true,
        oneLine: true,
      });
      y = sheetY + 12 + 16;
    }
    const pageSerial = doc.serial_no ? `${doc.serial_no}-${i + 1}` : '—';
    const sheet = `Sheet / पृष्ठ ${i + 1} of ${sheets} · page serial / पृष्ठ क्रमांक ${pageSerial}`;
    pdf.text(sheet, {
      x: f.left,
      y: sheetY,
      width: f.width,
      size: 8,
      bold: true,
      align: 'right',
      oneLine: true,
    });
    for (const term of pages[i]!) {
      const exam = `${term.exam.name.en}${term.exam.cycle ? `, ${term.exam.cycle}` : ''}`;
      const session = orDash(term.exam.session ?? term.exam.session_id);
      pdf.text(`${bi(term.exam.semester, term.exam.sem_id ?? '')} — ${exam} (${session})`, {
        x: f.left,
        y,
        width: f.width,
        size: 8.5,
        bold: true,
      });
      y = await drawTable(pdf, old ? OLD_COLUMNS : NEW_COLUMNS, termRows(term, old), {
        x: f.left,
        y: pdf.y + 1.5,
        width: f.width,
        size: SIZE,
      });
      pdf.text(termSummary(term, old), { x: f.left, y: y + 1.5, width: f.width, size: 7.5 });
      y = pdf.y + 7;
    }
    if (i === sheets - 1) await drawClosing(pdf, doc, p, old, y);
    else
      drawFooter(pdf, doc, {
        place: p.university.place,
        signatories: [],
        facts: ['Continued on the next sheet / अगले पृष्ठ पर जारी'],
      });
  }
}

function drawStudent(pdf: PdfDocument, p: ConsolidatedPayload, assets: DocumentAssets, top: number): number {
  const f = frameOf(pdf);
  const s = p.student;
  const fields: Field[] = [
    biField('Name / नाम', s.name, true),
    { label: 'Enrolment No. / नामांकन सं.', value: orDash(s.enrolment_no), bold: true },
    biField("Father's name / पिता का नाम", s.father_name),
    { label: 'Roll No. / अनुक्रमांक', value: orDash(s.roll_no) },
    biField("Mother's name / माता का नाम", s.mother_name),
    { label: 'ABC ID / एबीसी आईडी', value: orDash(s.abc_id) },
    {
      label: 'College / महाविद्यालय',
      value: `${s.college.code ?? s.college.college_id} ${s.college.name.en}`,
      hi: s.college.name.hi,
    },
    biField('Programme / कार्यक्रम', p.programme.name),
    { label: 'Duration / अवधि', value: `${printedDate(p.admitted_on)} – ${printedDate(p.completed_on)}` },
    biField('Medium / माध्यम', p.medium),
    {
      label: 'Attempts / प्रयास',
      value:
        p.all_in_first_attempt === null
          ? '—'
          : p.all_in_first_attempt
            ? 'All courses passed in the first attempt'
            : 'Not all in the first attempt',
      hi:
        p.all_in_first_attempt === null
          ? null
          : p.all_in_first_attempt
            ? 'सभी पाठ्यक्रम प्रथम प्रयास में उत्तीर्ण'
            : 'सभी प्रथम प्रयास में नहीं',
    },
    ...(p.purpose ? [{ label: 'Purpose / प्रयोजन', value: p.purpose }] : []),
  ];
  drawPhoto(pdf, assets, f.right - PHOTO.width, top + 2);
  return (
    Math.max(
      drawFields(pdf, fields, {
        x: f.left,
        y: top + 2,
        width: f.width - PHOTO.width - 10,
        columns: 2,
        labelWidth: 86,
        size: 8.5,
      }),
      top + PHOTO.height + 6,
    ) + 4
  );
}

async function drawClosing(
  pdf: PdfDocument,
  doc: PrintableDocument,
  p: ConsolidatedPayload,
  old: boolean,
  top: number,
): Promise<void> {
  const f = frameOf(pdf);
  const t = p.final;
  const h = 30;
  pdf.box(f.left, top, f.width, h, { lineWidth: 1, fill: '#f5f7fa' });
  pdf.box(f.left, top, f.width, h, { lineWidth: 1 });
  const cells: Array<[string, string]> = old
    ? [
        ['Aggregate / कुल योग', `${orDash(t.total)} / ${orDash(t.max_total)}`],
        ['Percentage / प्रतिशत', `${orDash(t.percentage)} %`],
        ['Division / श्रेणी', bi(t.division)],
        ['Result / परिणाम', bi(t.result)],
      ]
    : [
        ['Credits / अर्जित क्रेडिट', orDash(t.credits_earned)],
        ['CGPA / सीजीपीए', orDash(t.cgpa)],
        ['Equivalent % / समतुल्य प्रतिशत', t.equivalent_percentage ? `${t.equivalent_percentage} %` : '—'],
        ['Division / श्रेणी', bi(t.division)],
        ['Result / परिणाम', bi(t.result)],
      ];
  const weights = old ? [1, 1, 1.3, 1.3] : [0.8, 0.7, 0.9, 1.35, 1.25];
  const sum = weights.reduce((a, b) => a + b, 0);
  let x = f.left;
  cells.forEach(([label, value], i) => {
    const w = (weights[i]! / sum) * f.width;
    if (i > 0) pdf.line(x, top, x, top + h, { lineWidth: 0.5 });
    pdf.text(label, { x: x + 4, y: top + 3, width: w - 8, size: 6.5, color: '#444444', oneLine: true });
    pdf.text(value, { x: x + 4, y: top + 13, width: w - 8, size: 10, bold: true, oneLine: true });
    x += w;
  });
  let y = top + h + 4;
  if (!old && p.legend.percentage_formula) {
    pdf.text(
      `Equivalent percentage by the formula / सूत्र से समतुल्य प्रतिशत: ${bi(p.legend.percentage_formula)}`,
      { x: f.left, y, width: f.width, size: 7.5 },
    );
    y = pdf.y + 3;
  }
  const notes = [...p.terms.flatMap((term) => graceNotes(term.lines)), ...p.remarks.map((r) => bi(r))];
  y = drawNotes(pdf, 'Remarks / टिप्पणी', notes, { x: f.left, y, width: f.width, size: 7.5 });
  await drawLegend(pdf, p.legend, { x: f.left, y: y + 2, width: f.width });
  drawFooter(pdf, doc, {
    place: p.university.place,
    signatories: p.signatories,
    facts: [`Terms / सत्र: ${p.terms.length}`],
  });
}
