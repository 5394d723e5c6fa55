import type { DocumentType } from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import { present } from '../../platform/crud/store.ts';
import { documentStore } from './store.ts';
import { q, type Reader } from './sql.ts';

/** The SQL of the documents calls beyond drafting: printing, the NAD export, series and spoilage. */

type Tx = Prisma.TransactionClient;

/** The documents of an exam a print asks for: a type, a status (default: in force) and a college. */
export interface PrintFilter {
  exam_id: string;
  doc_type: DocumentType;
  status?: string;
  college_id?: string;
}

function printWhere(filter: PrintFilter) {
  const params: unknown[] = [filter.exam_id, filter.doc_type];
  const where = [`d.exam_id = $1`, `d.doc_type = $2`];
  where.push(
    filter.status
      ? `d.status = $${params.push(filter.status)}`
      : `d.status NOT IN ('CANCELLED', 'SUPERSEDED')`,
  );
  if (filter.college_id) where.push(`d.college_id = $${params.push(filter.college_id)}`);
  return { where: where.join(' AND '), params };
}

/** How many documents a print holds. */
export async function printCount(db: Reader, filter: PrintFilter): Promise<number> {
  const { where, params } = printWhere(filter);
  const [row] = await q<{ n: number }>(
    db,
    `SELECT count(*)::int AS n
       FROM document d
      WHERE ${where}`,
    params,
  );
  return row?.n ?? 0;
}

/** One page of a print's documents, in serial order, with each student's photo file. */
export function printPage(db: Reader, filter: PrintFilter, offset: number, size: number) {
  const { where, params } = printWhere(filter);
  return q<Record<string, unknown>>(
    db,
    `SELECT d.*, s.photo_sha256
       FROM document d
       LEFT JOIN student s ON s.student_id = d.student_id
      WHERE ${where}
      ORDER BY d.serial_no NULLS LAST, d.student_id, d.doc_id
      LIMIT ${size} OFFSET ${offset}`,
    params,
  );
}

/** A student's photo file (its SHA-256), if it has one. */
export async function photoOf(db: Reader, studentId: string) {
  const [row] = await q<{ photo_sha256: string | null }>(
    db,
    `SELECT photo_sha256
       FROM student
      WHERE student_id = $1`,
    [studentId],
  );
  return row?.photo_sha256 ?? null;
}

/** The ISSUED marksheets of an exam, in serial order (the NAD export). */
export function issuedMarksheetsOf(db: Reader, examId: string) {
  return q<{ serial_no: string; doc_type: string; payload: unknown; issued_at: Date | null }>(
    db,
    `SELECT serial_no, doc_type, payload, issued_at
       FROM document
      WHERE exam_id = $1 AND doc_type = 'MARKSHEET' AND status = 'ISSUED'
      ORDER BY serial_no`,
    [examId],
  );
}

/** The series of serial numbers, by type and newest year first. */
export async function seriesList(db: Database) {
  const rows = await db.prisma.documentSeries.findMany({ orderBy: [{ doc_type: 'asc' }, { year: 'desc' }] });
  return rows.map((r) => present(documentStore, r as unknown as Record<string, unknown>));
}

/** The spoilage register, newest first. */
export async function spoilageList(db: Database) {
  const rows = await db.prisma.stationerySpoilage.findMany({ orderBy: { recorded_at: 'desc' } });
  return rows.map((r) => present(documentStore, r as unknown as Record<string, unknown>));
}

/** The document (not cancelled) a pre-printed sheet carries, if any. */
export async function documentOnSheet(tx: Tx, stationerySerial: string) {
  const [row] = await q<{ doc_id: string }>(
    tx,
    `SELECT doc_id
       FROM document
      WHERE stationery_serial = $1 AND status <> 'CANCELLED'`,
    [stationerySerial],
  );
  return row;
}

/** The spoilage entry of a sheet, if it is spoiled already. */
export async function spoilageOfSheet(tx: Tx, stationerySerial: string) {
  const [row] = await q<{ spoil_id: string }>(
    tx,
    `SELECT spoil_id
       FROM stationery_spoilage
      WHERE stationery_serial = $1`,
    [stationerySerial],
  );
  return row;
}
