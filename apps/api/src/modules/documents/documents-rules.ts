import { msg, type DocumentType, type Scope } from '@exam/contracts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { documentNoun, typeLabel } from './draft-rules.ts';

/**
 * The rules of the documents calls beyond drafting (reading, printing, the NAD export, spoilage): each
 * answers the refusal (an AppError to throw) or nothing, or the sentence the call answers with; none reads
 * the database.
 */

/** A document outside the caller's read scope does not exist for it (404). */
export function refuseUnreadable(docId: string, found: unknown) {
  return found ? undefined : notFound(msg('documents.noSuchDocument', { doc_id: docId.slice(0, 40) }));
}

/** What drafting answers: the document, and whether issuing it supersedes the one it revises. */
export const draftedNotice = (
  type: DocumentType,
  studentId: string,
  record: { doc_id?: unknown; marker?: unknown },
) =>
  msg(record.marker === 'REVISED' ? 'documents.draftedRevised' : 'documents.drafted', {
    type: typeLabel(type),
    student_id: studentId,
    doc_id: String(record.doc_id),
  });

export const batchNotice = (type: DocumentType, examId: string) =>
  msg('documents.batchStarted', { documents: documentNoun(type, 2), exam_id: examId });

/** A print of no document is refused (404), naming what was asked for. */
export function refuseEmptyPrint(
  filter: { doc_type: DocumentType; exam_id: string; status?: string },
  n: number,
) {
  if (n) return undefined;
  const what = { document: documentNoun(filter.doc_type), exam_id: filter.exam_id };
  return notFound(
    filter.status
      ? msg('documents.nothingToPrintInStatus', { ...what, status: filter.status })
      : msg('documents.nothingToPrint', what),
  );
}

/** The NAD export is the university's (document_admin holds documents.approve for any college). */
export function refuseNadOutsideUniversity(scope: Scope) {
  return scope === 'any' ? undefined : new AppError('FORBIDDEN', msg('documents.nadByUniversity'));
}

/**
 * A sheet is recorded as spoiled once, and not while it carries a document in force (cancel that first).
 */
export function refuseSpoilage(
  stationerySerial: string,
  carried: { doc_id: string } | undefined,
  spoiled: { spoil_id: string } | undefined,
) {
  if (carried)
    return new AppError(
      'VALIDATION_FAILED',
      msg('documents.sheetCarriesDocument', { stationery_serial: stationerySerial, doc_id: carried.doc_id }),
      {
        errors: {
          stationery_serial: [msg('documents.sheetCarriesDocumentField', { doc_id: carried.doc_id })],
        },
      },
    );
  if (spoiled)
    return new AppError(
      'DUPLICATE_KEY',
      msg('documents.sheetSpoiledAlready', {
        stationery_serial: stationerySerial,
        spoil_id: spoiled.spoil_id,
      }),
    );
  return undefined;
}

export const spoiledNotice = (stationerySerial: string) =>
  msg('documents.sheetSpoiled', { stationery_serial: stationerySerial });
