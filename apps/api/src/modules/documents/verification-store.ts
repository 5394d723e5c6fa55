import type { Database } from '@exam/db';
import type { RegisterEntry } from './verification-rules.ts';
import { q } from './sql.ts';

/** The SQL of verification: the register's entry of a document, and the verification log. */

/**
 * A document's entry in the register with the serial of the revision that superseded it. Only what the answer
 * reads of the frozen payload: the marks lines, the legend and the printing details stay in the database (a
 * marksheet's 6 kB of JSON becomes ~1.3 kB to send and parse per verification).
 */
export async function registerEntryOf(db: Database, docId: string) {
  const [row] = await q<RegisterEntry>(
    db,
    `SELECT d.doc_id, d.doc_type, d.serial_no, d.status, d.payload_hash, d.student_id, d.name_en, d.name_hi,
            d.issued_at, d.marker, n.serial_no AS superseded_by_serial,
            d.payload - '{lines,legend,basis,university,signatories,title}'::text[] AS payload
       FROM document d
       LEFT JOIN document n ON n.doc_id = d.superseded_by
      WHERE d.doc_id = $1`,
    [docId],
  );
  return row;
}

/**
 * A row of the verification log: the token's SHA-256 (never the token), the document, the answer, the
 * address.
 */
export interface VerificationLogRow {
  token_hash: string;
  doc_id: string | null;
  result: string;
  ip: string | null;
}

/** Writes rows of the verification log in one statement. */
export async function insertVerificationLog(
  db: Pick<Database, 'query'>,
  rows: readonly VerificationLogRow[],
) {
  const col = <K extends keyof VerificationLogRow>(k: K) => rows.map((r) => r[k]);
  await db.query(
    `INSERT INTO verification_log (token_hash, doc_id, result, ip)
     SELECT *
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])`,
    [col('token_hash'), col('doc_id'), col('result'), col('ip')],
  );
}
