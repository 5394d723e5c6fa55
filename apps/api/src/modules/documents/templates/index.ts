// The document PDF templates (issue 16, lifecycle §5.2): one file per document type on shared layout pieces.
// PROVISIONAL first version: a local type stands in for the contract's PrintableDocument until
// packages/contracts/src/documents lands; the real templates replace the body below.
import { renderPdfToBuffer } from '@exam/pdf';
import { university, universityLogo } from '../../master-data/index.ts';

/** Provisional: replaced by `PrintableDocument` from '@exam/contracts'. */
export interface PrintableDocument {
  doc_id: string;
  doc_type: string;
  subtype: string | null;
  template_id: string;
  template_version: number;
  serial_no: string | null;
  stationery_serial: string | null;
  marker: 'DUPLICATE' | 'REVISED' | null;
  status: string;
  issued_at: string | null;
  verify_url: string | null;
  payload: Record<string, unknown>;
}

/** Renders one document as a PDF (A4, bilingual). */
export async function renderDocumentPdf(doc: PrintableDocument): Promise<Buffer> {
  return renderPdfToBuffer(async (pdf) => {
    await pdf.addPage();
    if (doc.status !== 'ISSUED' && doc.status !== 'APPROVED') pdf.watermark('DRAFT — NOT VALID');
    pdf.text(`${doc.doc_type}${doc.subtype ? ` (${doc.subtype})` : ''} · ${doc.serial_no ?? '—'}`, { size: 12, bold: true });
    if (doc.marker) pdf.text(doc.marker, { size: 14, bold: true, color: '#b00020' });
    if (doc.verify_url) pdf.qr(doc.verify_url, { x: pdf.content.right - 80, y: pdf.content.top, size: 80 });
  }, { frame: { university, logo: universityLogo, title: { en: 'Document', hi: 'दस्तावेज़' } }, title: doc.serial_no ?? doc.doc_id, author: university.en });
}
