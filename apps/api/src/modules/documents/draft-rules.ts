import {
  documentType,
  label,
  msg,
  type DocumentBasis,
  type DocumentType,
  type Message,
  type MessageCode,
} from '@exam/contracts';
import { AppError } from '../../platform/http/errors.ts';
import type { StoredResultVersion } from '../results/index.ts';

/**
 * The rules of drafting (state DRAFTED of machine J): each takes what the store read and answers the refusal
 * (an AppError to throw) or nothing, or the decision (the semesters a consolidated marksheet gathers); none
 * reads the database. A document is drafted only from a PUBLISHED result version, once per result (a lost
 * copy is a duplicate).
 */

const nouns: Record<DocumentType, MessageCode> = {
  MARKSHEET: 'documents.nounMarksheet',
  CONSOLIDATED_MARKSHEET: 'documents.nounConsolidated',
  TRANSCRIPT: 'documents.nounTranscript',
  PROVISIONAL_DEGREE: 'documents.nounProvisionalDegree',
  DEGREE: 'documents.nounDegree',
  MIGRATION: 'documents.nounMigration',
  CERTIFICATE: 'documents.nounCertificate',
};

/** A type as a word inside a sentence ("marksheet"; `count` 2: "marksheets"). */
export const documentNoun = (type: DocumentType, count = 1): Message => msg(nouns[type], { count });

/** A type as the screens name it ("Marksheet"), translated with the screens. */
export const typeLabel = (type: unknown) => label(documentType.labelOf(type));

/** A document by its type and serial number (a draft: its doc_id): "Marksheet MS/2026/000001". */
export const documentNamed = (record: { doc_type?: unknown; serial_no?: unknown; doc_id?: unknown }) =>
  msg('documents.named', {
    type: typeLabel(record.doc_type),
    number: String(record.serial_no ?? record.doc_id),
  });

/** A held document as a refusal names it: "D01…, ISSUED, MS/2026/000001". */
const heldText = (d: { doc_id: string; status: string; serial_no?: string | null }) =>
  [d.doc_id, d.status, d.serial_no].filter(Boolean).join(', ');

/** A refusal of one field: the same message as the answer's and as the field's. */
const refuse = (field: string, message: Message) =>
  new AppError('VALIDATION_FAILED', message, { errors: { [field]: [message] } });

/** The student a document is drafted for must exist. */
export function refuseUnknownStudent(studentId: string, found: unknown) {
  if (found) return undefined;
  const student_id = studentId.slice(0, 30);
  return new AppError('VALIDATION_FAILED', msg('documents.noStudent', { student_id }), {
    errors: { student_id: [msg('documents.noStudentField', { student_id })] },
  });
}

/** A document of a result names the exam of the result. */
export function refuseWithoutExam(examId: string | undefined) {
  return examId ? undefined : refuse('basis.exam_id', msg('documents.basisExamRequired'));
}

/** Several published results in the exam (a student of two semesters) need the semester named. */
export function refuseSeveralPublished(examId: string, found: number, semGiven: boolean) {
  if (found <= 1 || semGiven) return undefined;
  return refuse('basis.sem_id', msg('documents.severalPublished', { exam_id: examId }));
}

/** The result key a document was asked for: the student, the exam, and the semester and version if named. */
export interface AskedResult {
  student_id: string;
  exam_id: string;
  version?: number;
}

/**
 * Why a result key has no PUBLISHED version to draft from (`versions`: all of the key's, newest first): not
 * published yet, withdrawn, or an older superseded version asked for.
 */
export function whyUnpublished(key: AskedResult, versions: readonly StoredResultVersion[]): Message {
  const asked = key.version === undefined ? versions[0] : versions.find((r) => r.version === key.version);
  const { student_id, exam_id } = key;
  if (!asked)
    return key.version
      ? msg('documents.noResultVersion', { student_id, exam_id, version: key.version })
      : msg('documents.noResult', { student_id, exam_id });
  const result = msg('documents.resultOf', { student_id, exam_id, version: asked.version });
  const published = versions.find((r) => r.status === 'PUBLISHED');
  if (asked.status === 'COMPUTED') return msg('documents.resultComputed', { result });
  if (asked.status === 'WITHDRAWN') return msg('documents.resultWithdrawn', { result });
  if (asked.status === 'SUPERSEDED')
    return published
      ? msg('documents.resultSupersededBy', { result, version: published.version })
      : msg('documents.resultSuperseded', { result });
  return msg('documents.resultNotPublished', { result, status: asked.status });
}

/** No PUBLISHED version of the key: refused, saying why. */
export const refuseUnpublished = (key: AskedResult, versions: readonly StoredResultVersion[]) =>
  refuse('basis', whyUnpublished(key, versions));

/** A marksheet the student's result key holds (in force or on its way). */
export interface HeldMarksheet {
  doc_id: string;
  status: string;
  result_version: number;
  serial_no: string | null;
}

/** One marksheet per result version: a lost copy is a duplicate of it, not a new draft (409). */
export function refuseSecondMarksheet(r: StoredResultVersion, held: readonly HeldMarksheet[]) {
  const same = held.find((d) => d.result_version === r.version);
  if (!same) return undefined;
  return new AppError(
    'DUPLICATE_KEY',
    msg('documents.marksheetExists', {
      student_id: r.student_id,
      exam_id: r.exam_id,
      version: r.version,
      held: heldText(same),
    }),
  );
}

/**
 * The ISSUED marksheet of an older version of the same result that a new one revises (it is then REVISED and
 * supersedes it); older drafts not yet issued are left to document_admin to cancel.
 */
export const revisedMarksheetOf = (r: StoredResultVersion, held: readonly HeldMarksheet[]) =>
  held.find((d) => d.status === 'ISSUED' && d.result_version < r.version);

/** A (provisional) degree needs a final result PASS (or PASS by grace). */
export function refuseDegreeWithoutPass(type: DocumentType, r: StoredResultVersion) {
  if (r.result === 'PASS' || r.result === 'PASS_GRACE') return undefined;
  return refuse(
    'basis',
    msg('documents.degreeNeedsPass', {
      document: documentNoun(type),
      student_id: r.student_id,
      exam_id: r.exam_id,
      result: r.result,
    }),
  );
}

/** One (provisional) degree per student and programme: a lost one is a duplicate (409). */
export function refuseSecondDegree(
  type: DocumentType,
  r: StoredResultVersion,
  held: ReadonlyArray<{ doc_id: string; status: string }>,
) {
  if (!held[0]) return undefined;
  return new AppError(
    'DUPLICATE_KEY',
    msg('documents.degreeExists', {
      student_id: r.student_id,
      document: documentNoun(type),
      course_comb_id: r.course_comb_id,
      held: heldText(held[0]),
    }),
  );
}

/** A consolidated marksheet or transcript gathers published results: it needs at least one. */
export function refuseWithoutPublished(type: DocumentType, studentId: string, published: number) {
  if (published) return undefined;
  return refuse(
    'basis',
    msg('documents.noPublishedResult', { student_id: studentId, document: documentNoun(type) }),
  );
}

/**
 * The results a consolidated marksheet or transcript gathers: the latest published version of each
 * semester, in semester order.
 */
export function termsOf(published: readonly StoredResultVersion[]): StoredResultVersion[] {
  const bySem = new Map<string, StoredResultVersion>();
  for (const r of published) {
    const k = `${r.session_id}|${r.course_comb_id}|${r.sem_id}`;
    const seen = bySem.get(k);
    if (!seen || (r.published_at ?? '') > (seen.published_at ?? '')) bySem.set(k, r);
  }
  return [...bySem.values()].sort((a, b) => a.sem_id.localeCompare(b.sem_id, 'en', { numeric: true }));
}

/** The result versions a consolidated document gathers, as its basis records them. */
export const termKeys = (terms: readonly StoredResultVersion[]) =>
  terms.map((t) => ({
    exam_id: t.exam_id,
    session_id: t.session_id,
    course_comb_id: t.course_comb_id,
    sem_id: t.sem_id,
    version: t.version,
  }));

/** Compared as text of each key (jsonb keeps its own key order). */
const keysText = (keys: DocumentBasis['versions']) =>
  (keys ?? [])
    .map((k) => `${k.exam_id}|${k.session_id}|${k.course_comb_id}|${k.sem_id}|${k.version}`)
    .join(',');

/**
 * A batch drafts a consolidated marksheet or transcript once per set of published results: one gathering
 * the same versions is held already (409); a newer published semester makes a new one due.
 */
export function refuseSameTerms(
  type: DocumentType,
  studentId: string,
  terms: readonly StoredResultVersion[],
  held: ReadonlyArray<{ doc_id: string; status: string; serial_no: string | null; basis: DocumentBasis }>,
) {
  const wanted = keysText(termKeys(terms));
  const same = held.find((d) => keysText(d.basis.versions) === wanted);
  if (!same) return undefined;
  return new AppError(
    'DUPLICATE_KEY',
    msg('documents.termsDrafted', {
      student_id: studentId,
      document: documentNoun(type),
      held: heldText(same),
    }),
  );
}

/** The NEP exit award a year-end result's explanation records as eligible (EXIT steps), or null. */
export function exitAwardOf(r: StoredResultVersion): string | null {
  const step = r.explanation.find((s) => s.step === 'EXIT' && s.output.eligible === true);
  return step ? String(step.inputs.award ?? '') || null : null;
}

/**
 * A certificate's own condition: an UG certificate or diploma needs an NEP exit award in a published
 * year-end result; a passing certificate a published result PASS.
 */
export function refuseCertificate(
  subtype: string,
  studentId: string,
  last: StoredResultVersion | undefined,
  exitAward: string | null,
) {
  if ((subtype === 'UG_CERTIFICATE' || subtype === 'UG_DIPLOMA') && !exitAward) {
    const award = msg(subtype === 'UG_CERTIFICATE' ? 'documents.ugCertificate' : 'documents.ugDiploma');
    return refuse('subtype', msg('documents.noExitAward', { student_id: studentId, award }));
  }
  if (subtype === 'PASSING' && (!last || !['PASS', 'PASS_GRACE'].includes(last.result)))
    return refuse(
      'subtype',
      msg('documents.passingNeedsPass', {
        student_id: studentId,
        result: last ? last.result : msg('documents.noResultYet'),
      }),
    );
  return undefined;
}

/** A result the batch cannot draft from: its latest version is not PUBLISHED (the job names it). */
export const batchUnpublished = (
  type: DocumentType,
  examId: string,
  r: { version: number; status: string },
) =>
  msg('documents.batchUnpublished', {
    document: documentNoun(type),
    exam_id: examId,
    version: r.version,
    status: r.status,
  });
