import {
  documentPayload,
  printableDocument,
  type DocumentPayload,
  type PrintableDocument,
} from '@exam/contracts';

/** A stored document as the templates print it. */
export function printableOf(row: Record<string, unknown>): PrintableDocument {
  const payload = (
    typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload
  ) as DocumentPayload;
  return printableDocument.parse({
    doc_id: row.doc_id,
    doc_type: row.doc_type,
    subtype: row.subtype ?? null,
    template_id: row.template_id,
    template_version: row.template_version,
    serial_no: row.serial_no ?? null,
    stationery_serial: row.stationery_serial ?? null,
    marker: row.marker ?? null,
    status: row.status,
    issued_at: row.issued_at instanceof Date ? row.issued_at.toISOString() : (row.issued_at ?? null),
    verify_url: row.verify_url ?? null,
    payload: documentPayload.parse(payload),
  });
}

/** Text as a file name's part: anything but letters, digits, dot, underscore and dash becomes a dash. */
export const fileNamePart = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '-');

/**
 * A document's PDF file name, the download's and the ZIP entry's alike: its serial (`MS-2026-000001.pdf`), a
 * draft's doc_id.
 */
export const documentFileName = (doc: { serial_no: string | null; doc_id: string }) =>
  `${fileNamePart(doc.serial_no ?? doc.doc_id)}.pdf`;
