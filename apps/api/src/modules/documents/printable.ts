import { documentPayload, printableDocument, type DocumentPayload, type PrintableDocument } from '@exam/contracts';

/** A stored document as the templates print it. */
export function printableOf(row: Record<string, unknown>): PrintableDocument {
  const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as DocumentPayload;
  return printableDocument.parse({
    doc_id: row.doc_id, doc_type: row.doc_type, subtype: row.subtype ?? null, template_id: row.template_id, template_version: row.template_version,
    serial_no: row.serial_no ?? null, stationery_serial: row.stationery_serial ?? null, marker: row.marker ?? null, status: row.status,
    issued_at: row.issued_at instanceof Date ? row.issued_at.toISOString() : (row.issued_at ?? null), verify_url: row.verify_url ?? null, payload: documentPayload.parse(payload),
  });
}
