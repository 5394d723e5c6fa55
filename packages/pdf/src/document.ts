// The one PDF builder every document module uses (admit cards, attendance sheets, stickers, award lists,
// tabulation registers, marksheets, transcripts, degrees). It wraps pdfkit (see
// docs/decisions/0007-pdf-engine.md): pages stream to a Writable as they are finished, text is shaped by
// fontkit (Devanagari conjuncts, reph, i-matra reordering), and the shipped Noto Sans font covers English and
// Hindi. Coordinates are PDF points (1/72 inch) from the page's top-left corner; `mm()` converts.
import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import { drawCode128, drawQr, type QrLevel } from './codes.ts';
import { fontData, fontName } from './fonts.ts';
import { sharedFont, type ShapingFont } from './shaping.ts';

export const mm = (millimetres: number): number => (millimetres * 72) / 25.4;

const PAGE_SIZES = { A4: [595.28, 841.89], A3: [841.89, 1190.55], A5: [419.53, 595.28] } as const;
export type PageSize = keyof typeof PAGE_SIZES;
export type Orientation = 'portrait' | 'landscape';
export type Align = 'left' | 'center' | 'right';

export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** A bilingual string: English and (optionally) Hindi. */
export interface Bilingual {
  en: string;
  hi?: string;
}

/** The standard page frame: university header with logo, document title, footer with page numbers. */
export interface PageFrame {
  university: Bilingual;
  /** Document title under the university name, e.g. { en: 'Admit Card', hi: 'प्रवेश पत्र' }. */
  title?: Bilingual;
  /** PNG or JPEG; a marked placeholder box is drawn when absent. Embedded once per document. */
  logo?: Buffer;
  /** Left footer text (e.g. the exam, a generation date). */
  footer?: string;
  /** "पृष्ठ / Page n" at the bottom right (default true). Numbers restart at `startSection()`. */
  pageNumbers?: boolean;
}

export interface PdfOptions {
  size?: PageSize;
  orientation?: Orientation;
  /** Points; default 36 (12.7 mm) on every side. */
  margins?: Partial<Margins> | number;
  /** Drawn on every page unless a page says `frame: false`. */
  frame?: PageFrame;
  title?: string;
  author?: string;
  /** Compress content streams (default true; tests turn it off to read the PDF). */
  compress?: boolean;
  /** Bytes the builder may hold that the output has not taken yet before `addPage` waits (default 1 MiB). */
  highWaterMark?: number;
}

export interface PageOptions {
  orientation?: Orientation;
  /** false: a bare page (sticker sheets); a PageFrame: this page's own frame. */
  frame?: PageFrame | false;
}

export interface TextOptions {
  x?: number;
  /** Default: the flow position (`pdf.y`). */
  y?: number;
  /** Default: from x to the content's right edge. */
  width?: number;
  /** Font size in points (default 10). */
  size?: number;
  bold?: boolean;
  align?: Align | 'justify';
  color?: string;
  lineGap?: number;
  /** Cut to one line with an ellipsis instead of wrapping (table cells, stickers). */
  oneLine?: boolean;
}

export interface BoxOptions {
  lineWidth?: number;
  stroke?: string | false;
  fill?: string;
}

export interface ImageOptions {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Text in the marked box drawn when there is no image (default "No photo / फ़ोटो नहीं"). */
  placeholder?: string;
}

export type Cell = string | number | null | undefined | { text: string; bold?: boolean; align?: Align };
export type TableRow = readonly Cell[];

export interface TableColumn {
  header: string;
  /** Share of the table width (weights: 1, 3, 1 ...). */
  width: number;
  align?: Align;
}

export interface TableOptions {
  x?: number;
  y?: number;
  /** Default: the content width. */
  width?: number;
  /** Font size (default 9). */
  size?: number;
  /** Cell padding in points (default 3). */
  padding?: number;
  headerFill?: string;
  /** Repeat the header row at the top of every continuation page (default true). */
  repeatHeader?: boolean;
}

export interface WatermarkOptions {
  color?: string;
  opacity?: number;
  size?: number;
}

interface PdfImage {
  readonly width: number;
  readonly height: number;
}

/** pdfkit's internal font object (pinned pdfkit version): its fontkit font and its per-word layout cache. */
interface EmbeddedFont {
  font: ShapingFont;
  subset: unknown;
  layoutCache?: Record<string, unknown>;
}

const LAYOUT_CACHE_PAGES = 200;
const DEVANAGARI = /\p{Script=Devanagari}/u;

const DEFAULT_SIZE = 10;
const HEADER_HEIGHT = 74;
const FOOTER_HEIGHT = 20;

/**
 * A PDF being written to `output`. Draw with the methods below; `await addPage()` between pages lets the
 * output catch up (memory stays flat for any number of pages); `await end()` finishes the file.
 */
export class PdfDocument {
  private readonly doc: PDFKit.PDFDocument;
  private readonly margins: Margins;
  private readonly defaultOrientation: Orientation;
  private readonly size: PageSize;
  private readonly highWaterMark: number;
  private readonly frame: PageFrame | undefined;
  private readonly images = new WeakMap<Buffer, PdfImage>();
  private pageFrame: PageFrame | false = false;
  private pageOrientation: Orientation;
  private sectionStart = 0;
  private pages = 0;
  private cursor = 0;
  private bufferedPeak = 0;
  private outputError: Error | undefined;
  private readonly embeddedFonts: EmbeddedFont[] = [];

  constructor(
    private readonly output: Writable,
    options: PdfOptions = {},
  ) {
    const m =
      typeof options.margins === 'number'
        ? { top: options.margins, right: options.margins, bottom: options.margins, left: options.margins }
        : options.margins;
    this.margins = { top: 36, right: 36, bottom: 36, left: 36, ...m };
    this.size = options.size ?? 'A4';
    this.defaultOrientation = options.orientation ?? 'portrait';
    this.pageOrientation = this.defaultOrientation;
    this.highWaterMark = options.highWaterMark ?? 1 << 20;
    this.frame = options.frame;
    // pdfkit's own margins are 0: this class decides where content goes and when a page ends, so pdfkit never
    // adds a page behind our back (which would skip the frame and the header row of a table).
    this.doc = new PDFDocument({
      autoFirstPage: false,
      margin: 0,
      compress: options.compress ?? true,
      info: {
        Creator: '@exam/pdf',
        ...(options.title ? { Title: options.title } : {}),
        ...(options.author ? { Author: options.author } : {}),
      },
    });
    const fonts = fontData();
    for (const weight of ['regular', 'bold'] as const) {
      this.doc.registerFont(fontName[weight], fonts[weight]);
      this.doc.font(fontName[weight]);
      // pdfkit's font object gets the process-wide parsed font whose layout() is HarfBuzz (see shaping.ts),
      // and a subset of it for this document. `_font`, `font` and `subset` are pdfkit internals (pdfkit is
      // pinned; the shaping test reads the glyphs back from the PDF, so a change cannot pass unnoticed).
      const embedded = (this.doc as unknown as { _font: EmbeddedFont })._font;
      embedded.font = sharedFont(fonts[weight]);
      embedded.subset = embedded.font.createSubset();
      this.embeddedFonts.push(embedded);
    }
    this.doc.font(fontName.regular);
    output.on('error', (error: Error) => {
      this.outputError = error;
    });
    this.doc.pipe(output);
    // Hindi is drawn as shaped glyphs in visual order (an i-matra before its consonant, reph after): each
    // line that has any also carries its text as ActualText, so copying and extraction (pdftotext) give the
    // words as written. The span goes just around the line's BT..ET, inside the q..Q pdfkit wraps a line in,
    // so a reader places the text where the glyphs are. `_fragment` (one line) and `addContent` are pdfkit's,
    // pinned.
    const kit = this.doc as unknown as {
      _fragment(text: string, x: number, y: number, options: object): void;
      addContent(data: string): unknown;
    };
    const fragment = kit._fragment.bind(this.doc);
    const addContent = kit.addContent.bind(this.doc);
    kit._fragment = (text, x, y, options) => {
      if (!DEVANAGARI.test(text)) return fragment(text, x, y, options);
      kit.addContent = (data) => {
        if (data === 'BT') this.doc.markContent('Span', { actual: text.replace(/\n/g, '') });
        addContent(data);
        if (data === 'ET') this.doc.endMarkedContent();
        return this.doc;
      };
      try {
        fragment(text, x, y, options);
      } finally {
        kit.addContent = addContent;
      }
    };
  }

  /** The underlying pdfkit document, for drawing this API does not offer (paths, colours, links). */
  get kit(): PDFKit.PDFDocument {
    return this.doc;
  }

  /** Pages added so far. */
  get pageCount(): number {
    return this.pages;
  }

  /** The page's number within the current section (what the footer prints). */
  get pageNumber(): number {
    return this.pages - this.sectionStart;
  }

  /** Most bytes ever held for the output at once (the streaming test asserts it stays bounded). */
  get peakBufferedBytes(): number {
    return this.bufferedPeak;
  }

  get pageWidth(): number {
    return this.doc.page.width;
  }
  get pageHeight(): number {
    return this.doc.page.height;
  }

  /** The area inside the margins and the frame: where content goes. */
  get content(): { left: number; top: number; right: number; bottom: number; width: number } {
    const top = this.margins.top + (this.pageFrame ? HEADER_HEIGHT : 0);
    const bottom = this.pageHeight - this.margins.bottom - (this.pageFrame ? FOOTER_HEIGHT : 0);
    const left = this.margins.left;
    const right = this.pageWidth - this.margins.right;
    return { left, top, right, bottom, width: right - left };
  }

  /** The flow position: where the next `text()` without `y` goes. */
  get y(): number {
    return this.cursor;
  }
  set y(value: number) {
    this.cursor = value;
  }

  moveDown(points: number): this {
    this.cursor += points;
    return this;
  }

  /** Starts a new page (with the frame) once the output has taken what was already written. */
  async addPage(options: PageOptions = {}): Promise<void> {
    await this.waitForOutput();
    const [w, h] = PAGE_SIZES[this.size];
    this.pageOrientation = options.orientation ?? this.defaultOrientation;
    this.doc.addPage({ size: [w, h], layout: this.pageOrientation, margin: 0 });
    this.pages += 1;
    // pdfkit caches the layout of every word it has seen in the document and never lets go; a batch meets new
    // words (roll numbers, names) on every page, so the cache is emptied now and then to keep memory flat.
    if (this.pages % LAYOUT_CACHE_PAGES === 0)
      for (const font of this.embeddedFonts) font.layoutCache = Object.create(null);
    this.pageFrame = options.frame === false ? false : (options.frame ?? this.frame ?? false);
    if (this.pageFrame) this.drawFrame(this.pageFrame);
    this.cursor = this.content.top;
  }

  /** Restarts page numbering: e.g. one transcript per student inside a batch file. */
  startSection(): void {
    this.sectionStart = this.pages;
  }

  /**
   * Starts a new page like the current one (frame, orientation) unless `height` points still fit below the
   * flow position.
   */
  async ensureSpace(height: number): Promise<void> {
    if (this.pages === 0) await this.addPage();
    else if (this.cursor + height > this.content.bottom) await this.continuePage();
  }

  private continuePage(): Promise<void> {
    return this.addPage({ frame: this.pageFrame, orientation: this.pageOrientation });
  }

  /**
   * Writes text (English, Hindi or both mixed) and moves the flow position below it; returns that position.
   */
  text(text: string, options: TextOptions = {}): number {
    const x = options.x ?? this.content.left;
    const y = options.y ?? this.cursor;
    const width = options.width ?? this.content.right - x;
    this.applyFont(options);
    this.doc.fillColor(options.color ?? '#000000');
    const lineGap = options.lineGap ?? 0;
    if (options.oneLine) {
      this.doc.text(text, x, y, {
        width,
        align: options.align,
        lineGap,
        height: this.doc.currentLineHeight(true),
        ellipsis: true,
      });
      this.cursor = y + this.doc.currentLineHeight(true);
    } else {
      this.doc.text(text, x, y, { width, align: options.align, lineGap });
      this.cursor = this.doc.y;
    }
    return this.cursor;
  }

  /** English and Hindi of one thing: stacked (Hindi under English) or on one line as "English / हिन्दी". */
  bilingual(value: Bilingual, options: TextOptions & { inline?: boolean } = {}): number {
    if (!value.hi) return this.text(value.en, options);
    if (options.inline) return this.text(`${value.en} / ${value.hi}`, options);
    this.text(value.en, options);
    return this.text(value.hi, { ...options, y: undefined });
  }

  /** Height the text would take at this width and size. */
  heightOf(
    text: string,
    options: Pick<TextOptions, 'width' | 'size' | 'bold' | 'lineGap'> & { width: number },
  ): number {
    this.applyFont(options);
    return this.doc.heightOfString(text, { width: options.width, lineGap: options.lineGap ?? 0 });
  }

  widthOf(text: string, options: Pick<TextOptions, 'size' | 'bold'> = {}): number {
    this.applyFont(options);
    return this.doc.widthOfString(text);
  }

  /** A JPEG or PNG (photo, signature) fitted into the box; a marked box when `data` is missing. */
  image(data: Buffer | null | undefined, options: ImageOptions): void {
    const { x, y, width, height } = options;
    if (!data || data.length === 0) {
      this.box(x, y, width, height, { lineWidth: 0.75 });
      this.line(x, y, x + width, y + height, { color: '#999999' });
      this.line(x + width, y, x, y + height, { color: '#999999' });
      this.text(options.placeholder ?? 'No photo / फ़ोटो नहीं', {
        x: x + 2,
        y: y + height / 2 - 5,
        width: width - 4,
        size: 7,
        align: 'center',
        color: '#555555',
      });
      return;
    }
    this.doc.image(data, x, y, { fit: [width, height], align: 'center', valign: 'center' });
  }

  /**
   * Like `image`, but the picture is embedded once per document however often it is drawn (logo, CoE
   * signature).
   */
  sharedImage(data: Buffer, options: ImageOptions): void {
    let image = this.images.get(data);
    if (!image) {
      // pdfkit's openImage is public but missing from @types/pdfkit; it returns what image() accepts.
      image = (this.doc as unknown as { openImage(src: Buffer): PdfImage }).openImage(data);
      this.images.set(data, image);
    }
    this.doc.image(image as unknown as Buffer, options.x, options.y, {
      fit: [options.width, options.height],
      align: 'center',
      valign: 'center',
    });
  }

  box(x: number, y: number, width: number, height: number, options: BoxOptions = {}): void {
    this.doc
      .save()
      .lineWidth(options.lineWidth ?? 0.75)
      .rect(x, y, width, height);
    const stroke = options.stroke === undefined ? '#000000' : options.stroke;
    if (options.fill && stroke) this.doc.fillAndStroke(options.fill, stroke);
    else if (options.fill) this.doc.fill(options.fill);
    else if (stroke) this.doc.stroke(stroke);
    this.doc.restore();
  }

  line(
    x1: number,
    y1: number,
    x2: number,
    y2: number,
    options: { lineWidth?: number; color?: string; dash?: number } = {},
  ): void {
    this.doc
      .save()
      .lineWidth(options.lineWidth ?? 0.75)
      .moveTo(x1, y1)
      .lineTo(x2, y2);
    if (options.dash) this.doc.dash(options.dash, { space: options.dash });
    this.doc.stroke(options.color ?? '#000000').restore();
  }

  /** A QR code as vector squares, `size` points wide including the quiet zone. */
  qr(text: string, options: { x: number; y: number; size: number; level?: QrLevel }): void {
    drawQr(this.doc, text, options);
  }

  /** A Code 128 barcode (stickers, answer-book labels); `showText` prints the value under the bars. */
  barcode128(
    text: string,
    options: { x: number; y: number; width: number; height: number; showText?: boolean },
  ): void {
    const barHeight = options.showText ? options.height - 10 : options.height;
    drawCode128(this.doc, text, { ...options, height: barHeight });
    if (options.showText)
      this.text(text, {
        x: options.x,
        y: options.y + barHeight + 1,
        width: options.width,
        size: 8,
        align: 'center',
      });
  }

  /** Large diagonal translucent text across the page ("DUPLICATE", "REVISED", "CANCELLED"). */
  watermark(text: string, options: WatermarkOptions = {}): void {
    const size = options.size ?? 80;
    const cx = this.pageWidth / 2;
    const cy = this.pageHeight / 2;
    this.doc
      .save()
      .font(fontName.bold)
      .fontSize(size)
      .fillColor(options.color ?? '#9e9e9e')
      .fillOpacity(options.opacity ?? 0.25);
    this.doc.rotate(-35, { origin: [cx, cy] });
    const width = this.doc.widthOfString(text);
    this.doc.text(text, cx - width / 2, cy - size / 2, { lineBreak: false });
    this.doc.restore();
  }

  /**
   * A table that flows over pages: rows are measured, a row that does not fit starts a new page, and the
   * header row is repeated there. `rows` may be any iterable (or async iterable, e.g. a database cursor).
   * Returns the flow position under the table.
   */
  async table(
    columns: readonly TableColumn[],
    rows: Iterable<TableRow> | AsyncIterable<TableRow>,
    options: TableOptions = {},
  ): Promise<number> {
    if (this.pages === 0) await this.addPage();
    const size = options.size ?? 9;
    const padding = options.padding ?? 3;
    const x = options.x ?? this.content.left;
    const width = options.width ?? this.content.right - x;
    const total = columns.reduce((sum, c) => sum + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * width);
    const lefts = widths.map((_, i) => x + widths.slice(0, i).reduce((a, b) => a + b, 0));
    const header: Cell[] = columns.map((c) => ({ text: c.header, bold: true, align: c.align }));
    const measure = (cells: readonly Cell[]) =>
      Math.max(
        size + 2 * padding,
        ...cells.map((cell, i) => {
          const { text, bold } = cellParts(cell);
          return this.heightOf(text, { width: widths[i] - 2 * padding, size, bold }) + 2 * padding;
        }),
      );
    const draw = (cells: readonly Cell[], height: number, fill?: string) => {
      const y = this.cursor;
      if (fill) this.box(x, y, width, height, { fill, stroke: false });
      cells.forEach((cell, i) => {
        const { text, bold, align } = cellParts(cell);
        this.text(text, {
          x: lefts[i] + padding,
          y: y + padding,
          width: widths[i] - 2 * padding,
          size,
          bold,
          align: align ?? columns[i]?.align,
        });
        this.line(lefts[i], y, lefts[i], y + height);
      });
      this.box(x, y, width, height);
      this.cursor = y + height;
    };
    const headerHeight = measure(header);
    const drawHeader = () => draw(header, headerHeight, options.headerFill ?? '#e6e6e6');
    if (options.y !== undefined) this.cursor = options.y;
    await this.ensureSpace(headerHeight * 2);
    drawHeader();
    for await (const row of rows) {
      const height = measure(row);
      if (this.cursor + height > this.content.bottom) {
        await this.continuePage();
        if (options.repeatHeader !== false) drawHeader();
      }
      draw(row, Math.min(height, this.content.bottom - this.content.top));
    }
    return this.cursor;
  }

  /** Finishes the file and resolves once the output has taken all of it. */
  async end(): Promise<void> {
    if (this.pages === 0) await this.addPage();
    this.doc.end();
    await finished(this.output, { readable: false });
    if (this.outputError) throw this.outputError;
  }

  private applyFont(options: { size?: number; bold?: boolean }): void {
    this.doc.font(options.bold ? fontName.bold : fontName.regular).fontSize(options.size ?? DEFAULT_SIZE);
  }

  private async waitForOutput(): Promise<void> {
    this.bufferedPeak = Math.max(this.bufferedPeak, this.doc.readableLength);
    while (this.doc.readableLength > this.highWaterMark || this.output.writableNeedDrain) {
      if (this.outputError) throw this.outputError;
      if (this.output.writableNeedDrain) await once(this.output, 'drain');
      else await new Promise((resolve) => setImmediate(resolve));
    }
    if (this.outputError) throw this.outputError;
  }

  private drawFrame(frame: PageFrame): void {
    const { left, right, width } = {
      left: this.margins.left,
      right: this.pageWidth - this.margins.right,
      width: this.pageWidth - this.margins.left - this.margins.right,
    };
    const top = this.margins.top;
    const logo = 52;
    if (frame.logo) this.sharedImage(frame.logo, { x: left, y: top, width: logo, height: logo });
    else this.image(undefined, { x: left, y: top, width: logo, height: logo, placeholder: 'LOGO' });
    const textX = left + logo + 8;
    const textWidth = width - 2 * (logo + 8);
    this.text(frame.university.en, {
      x: textX,
      y: top,
      width: textWidth,
      size: 13,
      bold: true,
      align: 'center',
      oneLine: true,
    });
    if (frame.university.hi)
      this.text(frame.university.hi, {
        x: textX,
        width: textWidth,
        size: 12,
        bold: true,
        align: 'center',
        oneLine: true,
      });
    if (frame.title)
      this.bilingual(frame.title, {
        x: textX,
        width: textWidth,
        size: 10.5,
        bold: true,
        align: 'center',
        inline: true,
        oneLine: true,
      });
    this.line(left, top + HEADER_HEIGHT - 8, right, top + HEADER_HEIGHT - 8, { lineWidth: 1 });
    const footerY = this.pageHeight - this.margins.bottom - 12;
    this.line(left, footerY - 4, right, footerY - 4, { lineWidth: 0.5, color: '#777777' });
    if (frame.footer)
      this.text(frame.footer, { x: left, y: footerY, width: width * 0.7, size: 8, oneLine: true });
    if (frame.pageNumbers !== false)
      this.text(`पृष्ठ / Page ${this.pageNumber}`, {
        x: right - 120,
        y: footerY,
        width: 120,
        size: 8,
        align: 'right',
        oneLine: true,
      });
  }
}

function cellParts(cell: Cell): { text: string; bold?: boolean; align?: Align } {
  if (cell === null || cell === undefined) return { text: '' };
  if (typeof cell === 'object') return cell;
  return { text: String(cell) };
}

/** A document that writes to `output` (a file stream, an HTTP response, a PassThrough). */
export function createPdf(output: Writable, options: PdfOptions = {}): PdfDocument {
  return new PdfDocument(output, options);
}

/**
 * Builds a small document (one admit card, one marksheet) in memory; batches should stream to `createPdf`.
 */
export async function renderPdfToBuffer(
  build: (pdf: PdfDocument) => Promise<void> | void,
  options: PdfOptions = {},
): Promise<Buffer> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const pdf = createPdf(sink, options);
  await build(pdf);
  await pdf.end();
  return Buffer.concat(chunks);
}
