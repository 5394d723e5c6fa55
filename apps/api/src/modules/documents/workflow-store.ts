import type { Prisma } from '@exam/db';
import { q } from './sql.ts';

/** The SQL of machine J's actions. */

type Tx = Prisma.TransactionClient;

/**
 * What holds a pre-printed stationery sheet already, if anything: a document (its doc_id), or the spoilage
 * register (doc_id null).
 */
export async function sheetHolderOf(tx: Tx, stationerySerial: string) {
  const [row] = await q<{ doc_id: string | null }>(
    tx,
    `SELECT doc_id
       FROM document
      WHERE stationery_serial = $1
     UNION ALL
     SELECT NULL
       FROM stationery_spoilage
      WHERE stationery_serial = $1
      LIMIT 1`,
    [stationerySerial],
  );
  return row;
}

/** The status and serial number of the document a revision revises. */
export async function revisedOriginalOf(tx: Tx, docId: string) {
  const [row] = await q<{ status: string; serial_no: string | null }>(
    tx,
    `SELECT status, serial_no
       FROM document
      WHERE doc_id = $1`,
    [docId],
  );
  return row;
}

/** The revised original goes SUPERSEDED (by the revision just issued), if it is still ISSUED. */
export async function supersedeOriginal(tx: Tx, originalId: string, revisionId: string) {
  await tx.$executeRawUnsafe(
    `UPDATE document
        SET status = 'SUPERSEDED', holder_id = NULL, superseded_by = $2, updated_at = now()
      WHERE doc_id = $1 AND status = 'ISSUED'`,
    originalId,
    revisionId,
  );
}

/** A document as its list shows it (no payload or basis), timestamps as ISO text. */
export async function listedDocumentOf(tx: Tx, docId: string) {
  const row = await tx.document.findUnique({ where: { doc_id: docId } });
  const { payload: _payload, basis: _basis, ...listed } = row!;
  return Object.fromEntries(
    Object.entries(listed).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
  );
}
