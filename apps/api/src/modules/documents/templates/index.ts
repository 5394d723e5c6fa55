// The document PDF templates (issue 16, lifecycle §5.2): one file per document type on the shared layout
// pieces of layout.ts, drawn from the frozen payload alone (every printed value, English and Hindi, comes
// from it; the grading legend and the percentage formula are the payload's rule set's). `renderDocumentPdf`
// makes one file; `writeDocumentsPdf` streams a batch (an exam's marksheets) into one PDF with flat memory:
// fonts are parsed once per process, the logo is embedded once per file and constant words are shaped once
// (packages/pdf).
import type { Writable } from 'node:stream';
import type { PrintableDocument } from '@exam/contracts';
import { createPdf, renderPdfToBuffer, type PdfDocument, type PdfOptions } from '@exam/pdf';
import { universityLogo } from '../../master-data/index.ts';
import { drawCertificate, drawMigration } from './certificate.ts';
import { drawConsolidated } from './consolidated.ts';
import { drawDegree } from './degree.ts';
import { MARGIN, printablePayload, type DocumentAssets } from './layout.ts';
import { drawMarksheet } from './marksheet.ts';

export type { DocumentAssets } from './layout.ts';

/** The template (id, version) each document type prints with; a document records it when drafted. */
export const documentTemplates = {
  MARKSHEET: { template_id: 'marksheet', template_version: 1 },
  CONSOLIDATED_MARKSHEET: { template_id: 'consolidated', template_version: 1 },
  TRANSCRIPT: { template_id: 'consolidated', template_version: 1 },
  PROVISIONAL_DEGREE: { template_id: 'degree', template_version: 1 },
  DEGREE: { template_id: 'degree', template_version: 1 },
  MIGRATION: { template_id: 'migration', template_version: 1 },
  CERTIFICATE: { template_id: 'certificate', template_version: 1 },
} as const;

/**
 * Images a template prints beside the payload: the photo is the student's stored file (null: a marked box).
 */
export interface DocumentImages {
  photo?: Buffer | null;
  logo?: Buffer;
}

const pdfOptions = (title: string, compress = true): PdfOptions => ({
  size: 'A4',
  margins: MARGIN,
  title,
  author: 'Examination branch',
  compress,
});

/**
 * Draws one document onto `pdf` from a new page (its pages numbered as a section of their own). Works on a
 * one-document file and inside a batch file alike.
 */
export async function drawDocument(
  pdf: PdfDocument,
  doc: PrintableDocument,
  images: DocumentImages = {},
): Promise<void> {
  const assets: DocumentAssets = { logo: images.logo ?? universityLogo, photo: images.photo ?? null };
  await pdf.addPage({ frame: false });
  pdf.startSection();
  const p = printablePayload(doc.payload);
  switch (p.kind) {
    case 'MARKSHEET':
      return drawMarksheet(pdf, doc, p, assets, () => pdf.addPage({ frame: false }));
    case 'CONSOLIDATED_MARKSHEET':
    case 'TRANSCRIPT':
      return drawConsolidated(pdf, doc, p, assets, () => pdf.addPage({ frame: false }));
    case 'PROVISIONAL_DEGREE':
    case 'DEGREE':
      return drawDegree(pdf, doc, p, assets);
    case 'MIGRATION':
      return drawMigration(pdf, doc, p, assets);
    case 'CERTIFICATE':
      return drawCertificate(pdf, doc, p, assets);
  }
}

/**
 * One document as a PDF file in memory (a download, a preview). `compress: false` only for tests that read
 * the PDF.
 */
export async function renderDocumentPdf(
  doc: PrintableDocument,
  images: DocumentImages = {},
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  return renderPdfToBuffer(
    (pdf) => drawDocument(pdf, doc, images),
    pdfOptions(doc.serial_no ?? doc.doc_id, options.compress),
  );
}

/** An item of a batch: the document and its photo (fetched by the caller, who knows the files module). */
export interface BatchItem {
  doc: PrintableDocument;
  photo?: Buffer | null;
}

/**
 * A batch (an exam's marksheets, a convocation's degrees) streamed into one PDF on `output` with
 * backpressure: `items` may be an async iterable (a database cursor), so memory stays flat for any number.
 * Returns the documents written.
 */
export async function writeDocumentsPdf(
  output: Writable,
  items: Iterable<BatchItem> | AsyncIterable<BatchItem>,
  options: { title?: string; logo?: Buffer; onDocument?: (count: number) => void } = {},
): Promise<number> {
  const pdf = createPdf(output, pdfOptions(options.title ?? 'Documents'));
  let count = 0;
  for await (const item of items) {
    await drawDocument(pdf, item.doc, { photo: item.photo ?? null, logo: options.logo });
    count += 1;
    options.onDocument?.(count);
  }
  await pdf.end();
  return count;
}
