import { documentSeriesPrefix, type DocumentType } from '@exam/contracts';
import type { Prisma } from '@exam/db';
import { q } from './sql.ts';

/**
 * The next serial number of a type's series for a year (`MS/2025/000123`): the series row is created on first
 * use and its `next_no` taken and incremented in one statement, which locks the row until the transaction
 * ends, so two approvals never take the same number; a rolled-back approval gives its number back unused (no
 * gap), a cancelled document keeps its number (the gap is explained by the CANCELLED row). A trigger refuses
 * next_no going back.
 */
export async function nextSerial(
  tx: Prisma.TransactionClient,
  type: DocumentType,
  year: number,
): Promise<{ series_id: string; serial_no: string }> {
  const code = documentSeriesPrefix[type];
  const seriesId = `${code}-${year}`;
  await tx.$executeRawUnsafe(
    `INSERT INTO document_series (series_id, doc_type, year, prefix, next_no, updated_at)
     VALUES ($1, $2, $3, $4, 1, now())
         ON CONFLICT (doc_type, year) DO NOTHING`,
    seriesId,
    type,
    year,
    `${code}/${year}/`,
  );
  const [row] = await q<{ series_id: string; prefix: string; no: number }>(
    tx,
    `UPDATE document_series
        SET next_no = next_no + 1, updated_at = now()
      WHERE doc_type = $1 AND year = $2
  RETURNING series_id, prefix, next_no - 1 AS no`,
    [type, year],
  );
  return { series_id: row!.series_id, serial_no: `${row!.prefix}${String(row!.no).padStart(6, '0')}` };
}
