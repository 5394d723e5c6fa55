// Layout pieces every document template shares (lifecycle §5.2 "common header on all"): the header (logo,
// university and title in English and Hindi, QR of the verification address with the serial under it), the
// serial line with the stationery serial and the DUPLICATE/REVISED stamp, the draft watermark, label/value
// grids, the photo, the grading legend, remarks and the footer (date and place of issue, signatory blocks).
// Coordinates are points on an A4 page; every template draws inside `frameOf(pdf)`.
import type { BilingualText, GradingLegend, PrintableDocument, Signatory } from '@exam/contracts';
import type { PdfDocument, TableColumn, TableRow } from '@exam/pdf';

export interface DocumentAssets {
  /** The university's logo (PNG/JPEG); embedded once per file. */
  logo: Buffer;
  /** The student's photograph, or null: a marked box is printed instead. */
  photo?: Buffer | null;
}

export const MARGIN = 30;
const INK = '#000000';
const GREY = '#555555';
const STAMP = '#b00020';

/** "English / हिन्दी", or the English alone when no Hindi was recorded. */
export const bi = (value: BilingualText | null | undefined, empty = '—'): string =>
  !value ? empty : value.hi ? `${value.en} / ${value.hi}` : value.en;

// Characters the shipped Noto Sans has no glyph for, as the payload's free text may carry them (a rule set's
// formula "CGPA ≥ 6.5"): printed in the ASCII form rather than as an empty box.
const MISSING_GLYPHS: Record<string, string> = { '≥': '>=', '≤': '<=', '≠': '!=', '→': '->', '✓': 'Y' };
const MISSING = /[≥≤≠→✓]/g;
const HAS_MISSING = /[≥≤≠→✓]/;

/** A copy of the payload with every string printable in the shipped font. */
export function printablePayload<T>(value: T): T {
  if (typeof value === 'string')
    return (HAS_MISSING.test(value) ? value.replace(MISSING, (c) => MISSING_GLYPHS[c] ?? c) : value) as T;
  if (Array.isArray(value)) return value.map(printablePayload) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, printablePayload(v)])) as T;
  return value;
}

export const orDash = (value: string | null | undefined): string =>
  value === null || value === undefined || value === '' ? '—' : value;

/** Printed dates are DD-MM-YYYY (the Indian convention); input is an ISO date or timestamp. */
export function printedDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : iso;
}

/**
 * True when the document may not be presented as valid: anything before APPROVED, or CANCELLED/SUPERSEDED.
 */
export const isDraft = (status: string): boolean => status !== 'ISSUED' && status !== 'APPROVED';

export interface Frame {
  left: number;
  right: number;
  top: number;
  bottom: number;
  width: number;
}

export function frameOf(pdf: PdfDocument): Frame {
  return {
    left: MARGIN,
    right: pdf.pageWidth - MARGIN,
    top: MARGIN,
    bottom: pdf.pageHeight - MARGIN,
    width: pdf.pageWidth - 2 * MARGIN,
  };
}

const MARKER_TEXT: Record<'DUPLICATE' | 'REVISED', string> = {
  DUPLICATE: 'DUPLICATE / प्रतिलिपि',
  REVISED: 'REVISED / संशोधित',
};
const STATUS_TEXT: Record<string, string> = {
  CANCELLED: 'CANCELLED — NOT VALID',
  SUPERSEDED: 'SUPERSEDED — NOT VALID',
};

/**
 * The page's watermark (a draft, a cancelled or superseded document: "… — NOT VALID") and a thin border;
 * drawn first so that everything else prints over it.
 */
export function drawPageBase(
  pdf: PdfDocument,
  doc: PrintableDocument,
  options: { border?: 'single' | 'double' } = {},
): void {
  const f = frameOf(pdf);
  if (options.border) {
    pdf.box(f.left - 12, f.top - 12, f.width + 24, f.bottom - f.top + 24, {
      lineWidth: options.border === 'double' ? 2 : 0.8,
      stroke: '#1f3a5f',
    });
    if (options.border === 'double')
      pdf.box(f.left - 7, f.top - 7, f.width + 14, f.bottom - f.top + 14, {
        lineWidth: 0.6,
        stroke: '#1f3a5f',
      });
  }
  if (isDraft(doc.status))
    pdf.watermark(STATUS_TEXT[doc.status] ?? 'DRAFT — NOT VALID', {
      size: 54,
      color: '#c62828',
      opacity: 0.18,
    });
}

export interface HeaderOptions {
  university: BilingualText;
  place: string | null;
  title: BilingualText;
  /** A second title line (the exam, the degree's programme), printed under the title. */
  subtitle?: string;
  titleSize?: number;
}

const LOGO = 58;
const QR = 66;

/**
 * The common header: logo, university (EN, HI), place, title (EN, HI), the QR of the verification address
 * with the serial printed under it; under a rule, the serial line: serial no., stationery serial (degrees)
 * and the DUPLICATE/REVISED stamp, or the draft notice. Returns the y under it.
 */
export function drawHeader(
  pdf: PdfDocument,
  doc: PrintableDocument,
  assets: DocumentAssets,
  options: HeaderOptions,
): number {
  const f = frameOf(pdf);
  const top = f.top;
  pdf.sharedImage(assets.logo, { x: f.left, y: top, width: LOGO, height: LOGO });
  drawQrBlock(pdf, doc, f.right - QR, top);
  const textX = f.left + LOGO + 8;
  const textWidth = f.width - LOGO - QR - 16;
  pdf.text(options.university.en, {
    x: textX,
    y: top,
    width: textWidth,
    size: 15,
    bold: true,
    align: 'center',
    oneLine: true,
    color: '#1f3a5f',
  });
  if (options.university.hi)
    pdf.text(options.university.hi, {
      x: textX,
      width: textWidth,
      size: 14,
      bold: true,
      align: 'center',
      oneLine: true,
      color: '#1f3a5f',
    });
  if (options.place)
    pdf.text(options.place, {
      x: textX,
      width: textWidth,
      size: 8,
      align: 'center',
      oneLine: true,
      color: GREY,
    });
  pdf.moveDown(3);
  const titleSize = options.titleSize ?? 12.5;
  pdf.text(options.title.en.toUpperCase(), {
    x: textX,
    width: textWidth,
    size: titleSize,
    bold: true,
    align: 'center',
    oneLine: true,
  });
  if (options.title.hi)
    pdf.text(options.title.hi, {
      x: textX,
      width: textWidth,
      size: titleSize - 0.5,
      bold: true,
      align: 'center',
      oneLine: true,
    });
  if (options.subtitle)
    pdf.text(options.subtitle, { x: textX, width: textWidth, size: 8.5, align: 'center', oneLine: true });
  const y = Math.max(pdf.y, top + QR + 12) + 3;
  pdf.line(f.left, y, f.right, y, { lineWidth: 1.2, color: '#1f3a5f' });
  return drawSerialLine(pdf, doc, y + 4);
}

/** The QR of the verification address with the serial under it; a marked box before a serial is assigned. */
function drawQrBlock(pdf: PdfDocument, doc: PrintableDocument, x: number, y: number): void {
  if (doc.verify_url) pdf.qr(doc.verify_url, { x, y, size: QR, level: 'M' });
  else {
    pdf.box(x + 4, y + 4, QR - 8, QR - 8, { lineWidth: 0.6, stroke: '#999999' });
    pdf.text('QR at approval / अनुमोदन पर', {
      x: x + 6,
      y: y + QR / 2 - 9,
      width: QR - 12,
      size: 6,
      align: 'center',
      color: GREY,
    });
  }
  pdf.text(doc.serial_no ?? 'no serial yet', {
    x: x - 20,
    y: y + QR - 1,
    width: QR + 20,
    size: 6.5,
    bold: true,
    align: 'right',
    oneLine: true,
  });
}

function drawSerialLine(pdf: PdfDocument, doc: PrintableDocument, y: number): number {
  const f = frameOf(pdf);
  let x = f.left;
  const field = (label: string, value: string) => {
    pdf.text(label, { x, y, size: 8, color: GREY, oneLine: true, width: 200 });
    const lw = pdf.widthOf(label, { size: 8 });
    pdf.text(value, { x: x + lw + 4, y: y - 0.5, size: 9.5, bold: true, oneLine: true, width: 200 });
    x += lw + 4 + pdf.widthOf(value, { size: 9.5, bold: true }) + 18;
  };
  field('Serial No. / क्रमांक:', doc.serial_no ?? '— (assigned at approval)');
  if (doc.stationery_serial) field('Stationery Sl. / मुद्रित पत्र क्रमांक:', doc.stationery_serial);
  let bottom = y + 14;
  const stamp = doc.marker
    ? MARKER_TEXT[doc.marker]
    : isDraft(doc.status)
      ? `${STATUS_TEXT[doc.status] ?? 'DRAFT — NOT VALID'} / मान्य नहीं`
      : null;
  if (stamp) {
    const size = doc.marker ? 11 : 8.5;
    const w = pdf.widthOf(stamp, { size, bold: true }) + 12;
    const sx = f.right - w;
    pdf.box(sx, y - 3, w, size + 9, { lineWidth: 1.4, stroke: STAMP });
    pdf.text(stamp, { x: sx + 6, y: y + 0.5, width: w - 12, size, bold: true, color: STAMP, oneLine: true });
    bottom = Math.max(bottom, y + size + 9);
  }
  return bottom + 4;
}

export interface Field {
  label: string;
  value: string;
  hi?: string | null;
  bold?: boolean;
}

/** A bilingual field from a value that has both languages. */
export const biField = (label: string, value: BilingualText | null | undefined, bold = false): Field => ({
  label,
  value: value?.en ?? '—',
  hi: value?.hi ?? null,
  bold,
});

/**
 * Label/value pairs in `columns` columns from (x, y), `width` wide; the Hindi of a value under it in a
 * smaller size. Returns the y under the grid.
 */
export function drawFields(
  pdf: PdfDocument,
  fields: readonly Field[],
  at: { x: number; y: number; width: number; columns?: number; labelWidth?: number; size?: number },
): number {
  const columns = at.columns ?? 2;
  const colWidth = at.width / columns;
  const labelWidth = at.labelWidth ?? Math.min(110, colWidth * 0.42);
  const size = at.size ?? 9;
  let y = at.y;
  for (let i = 0; i < fields.length; i += columns) {
    let rowBottom = y;
    for (let c = 0; c < columns && i + c < fields.length; c++) {
      const field = fields[i + c]!;
      const x = at.x + c * colWidth;
      pdf.text(field.label, { x, y: y + 1, width: labelWidth - 4, size: size - 1.5, color: GREY });
      let bottom = pdf.y;
      pdf.text(field.value, {
        x: x + labelWidth,
        y,
        width: colWidth - labelWidth - 6,
        size,
        bold: field.bold,
      });
      if (field.hi)
        pdf.text(field.hi, {
          x: x + labelWidth,
          width: colWidth - labelWidth - 6,
          size: size - 0.5,
          bold: field.bold,
        });
      bottom = Math.max(bottom, pdf.y);
      rowBottom = Math.max(rowBottom, bottom);
    }
    y = rowBottom + 2.5;
  }
  return y;
}

export const PHOTO = { width: 78, height: 96 };

/** The photograph (or a marked box) at the top right of the student block. */
export function drawPhoto(pdf: PdfDocument, assets: DocumentAssets, x: number, y: number): void {
  pdf.image(assets.photo ?? null, {
    x,
    y,
    width: PHOTO.width,
    height: PHOTO.height,
    placeholder: 'Photo / फ़ोटो',
  });
  pdf.box(x, y, PHOTO.width, PHOTO.height, { lineWidth: 0.6 });
}

/**
 * A bordered table (pdf.table) whose rows never run past `bottom` on this page (templates size their
 * content).
 */
export async function drawTable(
  pdf: PdfDocument,
  columns: readonly TableColumn[],
  rows: readonly TableRow[],
  at: { x: number; y: number; width: number; size?: number },
): Promise<number> {
  return pdf.table(columns, rows, {
    x: at.x,
    y: at.y,
    width: at.width,
    size: at.size ?? 8,
    padding: 2.5,
    headerFill: '#e3e8f0',
  });
}

/** A titled, bordered box of text lines (remarks, notes). Returns the y under it. */
export function drawNotes(
  pdf: PdfDocument,
  title: string,
  lines: readonly string[],
  at: { x: number; y: number; width: number; size?: number },
): number {
  if (lines.length === 0) return at.y;
  const size = at.size ?? 8;
  pdf.text(title, { x: at.x, y: at.y, width: at.width, size: size + 0.5, bold: true });
  for (const line of lines) pdf.text(`• ${line}`, { x: at.x + 4, width: at.width - 4, size });
  return pdf.y + 4;
}

/**
 * The grading legend (§5.2: bands, grade points, SGPA/CGPA formulas, the CGPA→percentage conversion, division
 * rules), from the rule set the result was computed under (the payload), never from constants here. Bands run
 * across as columns (grade, marks range, grade point) to stay compact. Returns the y under it.
 */
export async function drawLegend(
  pdf: PdfDocument,
  legend: GradingLegend,
  at: { x: number; y: number; width: number },
): Promise<number> {
  let y = at.y;
  pdf.text('Grading scheme and formulas / ग्रेडिंग योजना एवं सूत्र', {
    x: at.x,
    y,
    width: at.width,
    size: 8.5,
    bold: true,
  });
  y = pdf.y + 2;
  if (legend.bands.length > 0) {
    const bands = legend.bands;
    const columns: TableColumn[] = [
      { header: 'Grade / ग्रेड', width: 2.1 },
      ...bands.map((b) => ({ header: b.grade, width: 1, align: 'center' as const })),
    ];
    const range = (min: string | null, max: string | null) =>
      min && max ? `${min}–${max}` : min ? `>= ${min}` : max ? `< ${max}` : '—';
    const rows: TableRow[] = [
      ['Marks % / अंक %', ...bands.map((b) => ({ text: range(b.min, b.max), align: 'center' as const }))],
      [
        'Grade point / ग्रेड अंक',
        ...bands.map((b) => ({ text: b.grade_point ?? '—', align: 'center' as const })),
      ],
    ];
    if (bands.some((b) => b.description))
      rows.push([
        'Meaning / अर्थ',
        ...bands.map((b) => ({
          text: b.description
            ? b.description.hi
              ? `${b.description.en}\n${b.description.hi}`
              : b.description.en
            : '',
          align: 'center' as const,
        })),
      ]);
    y =
      (await pdf.table(columns, rows, {
        x: at.x,
        y,
        width: at.width,
        size: 6.5,
        padding: 1.8,
        headerFill: '#eef1f6',
      })) + 3;
  }
  const formulas: Array<[string, BilingualText | null]> = [
    ['SGPA', legend.sgpa_formula],
    ['CGPA', legend.cgpa_formula],
    ['% / प्रतिशत', legend.percentage_formula],
    ['Division / श्रेणी', legend.division_rules],
  ];
  for (const [label, value] of formulas) {
    if (!value) continue;
    pdf.text(`${label}: ${value.en}${value.hi ? `  |  ${value.hi}` : ''}`, {
      x: at.x,
      y,
      width: at.width,
      size: 7,
    });
    y = pdf.y + 1;
  }
  return y + 2;
}

/**
 * The footer: date and place of issue (and of declaration), initials, and the signatory blocks along the
 * bottom, right-aligned (the Controller of Examinations last). Drawn from `bottom` upwards; returns its top.
 */
export function drawFooter(
  pdf: PdfDocument,
  doc: PrintableDocument,
  at: { place: string | null; signatories: readonly Signatory[]; facts?: readonly string[]; bottom?: number },
): number {
  const f = frameOf(pdf);
  const bottom = at.bottom ?? f.bottom;
  const signTop = bottom - 56;
  const blocks =
    at.signatories.length > 0
      ? at.signatories
      : [{ title: { en: 'Controller of Examinations', hi: 'परीक्षा नियंत्रक' }, name: null }];
  const w = Math.min(170, (f.width - 10 * (blocks.length - 1)) / blocks.length);
  blocks.forEach((s, i) => {
    const x = f.right - (blocks.length - i) * w - (blocks.length - 1 - i) * 10;
    pdf.line(x + 8, signTop + 14, x + w - 8, signTop + 14, { lineWidth: 0.5 });
    if (s.name) pdf.text(s.name, { x, y: signTop + 16, width: w, size: 7.5, align: 'center', oneLine: true });
    pdf.text(s.title.en, {
      x,
      y: s.name ? pdf.y : signTop + 16,
      width: w,
      size: 8,
      bold: true,
      align: 'center',
      oneLine: true,
    });
    if (s.title.hi)
      pdf.text(s.title.hi, { x, width: w, size: 8, bold: true, align: 'center', oneLine: true });
  });
  const facts = [
    `Date of issue / जारी करने की तिथि: ${printedDate(doc.issued_at)}`,
    `Place / स्थान: ${orDash(at.place)}`,
    ...(at.facts ?? []),
  ];
  const factWidth = blocks.length >= 3 ? f.width : f.width - blocks.length * (w + 10);
  const factsTop = blocks.length >= 3 ? signTop - facts.length * 10.5 - 4 : signTop + 2;
  facts.forEach((line, i) =>
    pdf.text(line, { x: f.left, y: factsTop + i * 10.5, width: factWidth - 6, size: 8, oneLine: true }),
  );
  const top = Math.min(signTop, factsTop) - 4;
  // The verification page without the token (the QR carries it): one constant word a batch shapes once, where
  // the whole address would be a new 300-character word on every page.
  const verifyAt = doc.verify_url
    ? `scan the QR or open ${doc.verify_url.replace(/^https?:\/\//, '').replace(/\/[^/]*$/, '')}`
    : 'after approval / अनुमोदन के बाद';
  pdf.text(`Template ${doc.template_id} v${doc.template_version} · verification / सत्यापन: ${verifyAt}`, {
    x: f.left,
    y: bottom - 7,
    width: f.width,
    size: 6,
    color: '#666666',
    oneLine: true,
  });
  return top;
}

export { INK, GREY, STAMP };

/**
 * A college as printed with its place: "Shiksha Bharati College, Bhilwara", but not "Government College,
 * Ajmer, Ajmer" when the name already says where it is. The Hindi name stands alone (its place is in
 * Devanagari, not the district's English name).
 */
export function collegeWithPlace(
  college: { name: BilingualText; place: string | null },
  language: 'en' | 'hi' = 'en',
): string {
  if (language === 'hi' && college.name.hi) return college.name.hi;
  const name = college.name.en;
  return college.place && !name.toLowerCase().includes(college.place.toLowerCase())
    ? `${name}, ${college.place}`
    : name;
}
