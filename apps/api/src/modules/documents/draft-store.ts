import type { DocumentBasis, DocumentPayload, DocumentType } from '@exam/contracts';
import type { Prisma } from '@exam/db';
import type { StoredResultVersion } from '../results/index.ts';
import type { HeldMarksheet } from './draft-rules.ts';
import { q, type Reader } from './sql.ts';

/** The SQL of drafting: what the student holds already, and the draft written. */

type Tx = Prisma.TransactionClient;

/** jsonb as the driver hands it: parsed already, or text. */
export const fromJson = <T>(value: unknown): T =>
  (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * One drafting at a time per student (until the transaction ends), so two drafts of the same result cannot
 * both pass the duplicate check.
 */
export async function lockStudentDrafting(tx: Tx, studentId: string) {
  await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(hashtext($1))`, `document:${studentId}`);
}

/**
 * The marksheets of the student's result key still in force or on its way (not cancelled, superseded or a
 * duplicate), newest first.
 */
export function heldMarksheetsOf(tx: Tx, r: StoredResultVersion) {
  return q<HeldMarksheet>(
    tx,
    `SELECT doc_id, status, result_version, serial_no
       FROM document
      WHERE doc_type = 'MARKSHEET'
        AND student_id = $1 AND exam_id = $2 AND session_id = $3 AND course_comb_id = $4 AND sem_id = $5
        AND status NOT IN ('CANCELLED', 'SUPERSEDED')
        AND marker IS DISTINCT FROM 'DUPLICATE'
      ORDER BY result_version DESC, created_at DESC`,
    [r.student_id, r.exam_id, r.session_id, r.course_comb_id, r.sem_id],
  );
}

/**
 * A student's documents of a type for a programme, in force or on their way, neither duplicates nor
 * revisions.
 */
export function heldOriginalsOf(tx: Tx, type: DocumentType, studentId: string, courseCombId: string) {
  return q<{ doc_id: string; status: string }>(
    tx,
    `SELECT doc_id, status
       FROM document
      WHERE doc_type = $1 AND student_id = $2 AND course_comb_id = $3
        AND status NOT IN ('CANCELLED', 'SUPERSEDED')
        AND marker IS NULL`,
    [type, studentId, courseCombId],
  );
}

/**
 * The student's consolidated marksheets (or transcripts) of a programme in force or on their way, with the
 * result versions each gathers (its basis), oldest first.
 */
export async function heldConsolidatedOf(
  tx: Tx,
  type: DocumentType,
  studentId: string,
  courseCombId: string,
) {
  const rows = await q<{ doc_id: string; status: string; serial_no: string | null; basis: unknown }>(
    tx,
    `SELECT doc_id, status, serial_no, basis
       FROM document
      WHERE doc_type = $1 AND student_id = $2 AND course_comb_id = $3
        AND status NOT IN ('CANCELLED', 'SUPERSEDED')
        AND marker IS DISTINCT FROM 'DUPLICATE'
      ORDER BY created_at`,
    [type, studentId, courseCombId],
  );
  return rows.map((d) => ({ ...d, basis: fromJson<DocumentBasis>(d.basis) }));
}

/** A document's frozen payload and basis (a duplicate copies them). */
export async function frozenContentOf(tx: Tx, docId: string) {
  const [row] = await q<{ payload: unknown; basis: unknown }>(
    tx,
    `SELECT payload, basis
       FROM document
      WHERE doc_id = $1`,
    [docId],
  );
  return { payload: fromJson<DocumentPayload>(row!.payload), basis: fromJson<DocumentBasis>(row!.basis) };
}

/** A drafted document, as its row is written (status DRAFTED). */
export interface Drafted {
  doc_id: string;
  doc_type: DocumentType;
  subtype: string | null;
  student_id: string;
  college_id: string;
  name_en: string;
  name_hi: string | null;
  exam_id: string | null;
  session_id: string | null;
  course_comb_id: string | null;
  sem_id: string | null;
  result_version: number | null;
  basis: DocumentBasis;
  scheme: string | null;
  template_id: string;
  template_version: number;
  payload: DocumentPayload;
  payload_hash: string;
  marker: 'DUPLICATE' | 'REVISED' | null;
  duplicate_of: string | null;
  supersedes: string | null;
  approval_required: boolean;
  prepared_by: string;
}

/** Writes the draft; answers its doc_id. */
export async function insertDraft(tx: Tx, d: Drafted) {
  await tx.document.create({
    data: { ...d, basis: d.basis as object, payload: d.payload as object, status: 'DRAFTED' },
  });
  return d.doc_id;
}

/**
 * The results matching a filter (an exam, narrowed by session, programme, semester, college) with no
 * PUBLISHED version: each key's latest version and its status (COMPUTED, WITHDRAWN), one per student and key.
 */
export function unpublishedResultsOf(db: Reader, filter: Record<string, string | undefined>) {
  const params: unknown[] = [];
  const where = Object.entries(filter)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `r.${k} = $${params.push(v)}`);
  return q<{ student_id: string; version: number; status: string }>(
    db,
    `SELECT r.student_id, max(r.version)::int AS version,
            (array_agg(r.status ORDER BY r.version DESC))[1] AS status
       FROM student_result r
      WHERE ${where.join(' AND ')}
      GROUP BY r.student_id, r.session_id, r.course_comb_id, r.sem_id
     HAVING bool_and(r.status <> 'PUBLISHED')
      ORDER BY r.student_id`,
    params,
  );
}
