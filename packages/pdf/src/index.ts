// @exam/pdf: the product's one PDF engine (pdfkit + shipped Noto Sans). See README.md for the API and
// docs/decisions/0007-pdf-engine.md for why.
export {
  createPdf,
  renderPdfToBuffer,
  PdfDocument,
  mm,
  type Align,
  type Bilingual,
  type BoxOptions,
  type Cell,
  type ImageOptions,
  type Margins,
  type Orientation,
  type PageFrame,
  type PageOptions,
  type PageSize,
  type PdfOptions,
  type TableColumn,
  type TableOptions,
  type TableRow,
  type TextOptions,
  type WatermarkOptions,
} from './document.ts';
export type { QrLevel } from './codes.ts';
export { fontFiles, type FontWeight } from './fonts.ts';
export { hindiTestStrings, hindiTestNames, renderTestPage } from './test-page.ts';
