import { msg } from '@exam/contracts';
import { AppError } from '../../platform/http/errors.ts';
import { documentNamed } from './draft-rules.ts';

/**
 * The rules of machine J's actions (lifecycle §2.3): each takes what the store read and answers the refusal
 * (an AppError to throw) or nothing, or the sentence the action answers with; none reads the database.
 */

type Values = Record<string, unknown>;

/** Maker–checker: whoever prepared a document does not check it. */
export function refuseSelfCheck(record: Values, email: string) {
  if (record.prepared_by !== email) return undefined;
  return new AppError('FORBIDDEN', msg('documents.preparedByYou', { document: documentNamed(record) }));
}

/** What checking answers: approval next, or issue when the type is issued without approval. */
export const checkedNotice = (record: Values) =>
  msg(record.approval_required ? 'documents.checkedForApproval' : 'documents.checkedForIssue', {
    document: documentNamed(record),
  });

/**
 * A pre-printed stationery sheet carries one document: `used` is what holds it already (a document not
 * cancelled, or the spoilage register: `doc_id` null), if anything.
 */
export function refuseUsedSheet(stationerySerial: string, used: { doc_id: string | null } | undefined) {
  if (!used) return undefined;
  const what = used.doc_id
    ? msg('documents.usedByDocument', { doc_id: used.doc_id })
    : msg('documents.usedBySpoilage');
  return new AppError(
    'VALIDATION_FAILED',
    msg('documents.sheetUsed', { stationery_serial: stationerySerial, used: what }),
    { errors: { stationery_serial: [msg('documents.sheetUsedField', { used: what })] } },
  );
}

export const approvedNotice = (record: Values, serialNo: string) =>
  msg('documents.approved', { document: documentNamed({ doc_type: record.doc_type, serial_no: serialNo }) });

/**
 * A revision is issued only while the document it revises is still ISSUED (it is then SUPERSEDED); one
 * cancelled or superseded meanwhile makes the revision stale.
 */
export function refuseStaleRevision(
  record: Values,
  original: { status: string; serial_no: string | null } | undefined,
) {
  if (!original || original.status === 'ISSUED') return undefined;
  return new AppError(
    'INVALID_TRANSITION',
    msg('documents.revisedOriginalChanged', {
      document: documentNamed(record),
      original: original.serial_no ?? String(record.supersedes),
      status: original.status,
    }),
  );
}

export const issuedNotice = (record: Values, serialNo: unknown) =>
  msg(record.supersedes ? 'documents.issuedRevision' : 'documents.issued', {
    document: documentNamed({ doc_type: record.doc_type, serial_no: String(serialNo) }),
  });

export const cancelledNotice = (record: Values) =>
  msg(record.serial_no ? 'documents.cancelledNumbered' : 'documents.cancelled', {
    document: documentNamed(record),
  });

export const duplicateNotice = (record: Values, docId: string) =>
  msg('documents.duplicateDrafted', { document: documentNamed(record), doc_id: docId });
