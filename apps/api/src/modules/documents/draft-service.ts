import {
  approvalAlwaysRequired,
  type DocumentCreate,
  type DocumentPayload,
  type DocumentType,
} from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import { resultVersions, type StoredResultVersion } from '../results/index.ts';
import {
  exitAwardOf,
  refuseCertificate,
  refuseDegreeWithoutPass,
  refuseSameTerms,
  refuseSecondDegree,
  refuseSecondMarksheet,
  refuseSeveralPublished,
  refuseUnpublished,
  refuseWithoutExam,
  refuseWithoutPublished,
  revisedMarksheetOf,
  termKeys,
  termsOf,
} from './draft-rules.ts';
import {
  frozenContentOf,
  heldConsolidatedOf,
  heldMarksheetsOf,
  heldOriginalsOf,
  insertDraft,
  type Drafted,
} from './draft-store.ts';
import { documentTemplates } from './templates/index.ts';
import { documentSettings } from './settings.ts';
import { payloadHash } from './signing.ts';
import {
  certificateSnapshot,
  consolidatedSnapshot,
  degreeSnapshot,
  marksheetSnapshot,
  migrationSnapshot,
  studentFacts,
} from './snapshot.ts';
import { newDocId } from './sql.ts';

/**
 * Drafting (state DRAFTED of machine J): the frozen snapshot of a PUBLISHED result version (marksheet,
 * consolidated marksheet, transcript, provisional degree, degree) or of the student's record (migration,
 * certificates). The rules (draft-rules.ts) refuse a result that is not published (computed only, withdrawn,
 * superseded by a later version) with 422 saying so, and a second document of the same result with 409.
 */

type Tx = Prisma.TransactionClient;

const throwIf = (refusal: Error | undefined) => {
  if (refusal) throw refusal;
};

export function approvalRequired(db: Database, type: DocumentType): boolean {
  return approvalAlwaysRequired.includes(type) || !documentSettings(db).autoApprove.has(type);
}

/**
 * The PUBLISHED result version the basis names (the published one when no version is given), or 422 saying
 * why not.
 */
export async function publishedBasis(
  tx: Tx,
  studentId: string,
  basis: DocumentCreate['basis'],
): Promise<StoredResultVersion> {
  throwIf(refuseWithoutExam(basis.exam_id));
  const key = {
    student_id: studentId,
    exam_id: basis.exam_id!,
    session_id: basis.session_id,
    course_comb_id: basis.course_comb_id,
    sem_id: basis.sem_id,
  };
  const found = await resultVersions(tx, { ...key, status: 'PUBLISHED', version: basis.version });
  throwIf(refuseSeveralPublished(key.exam_id, found.length, Boolean(basis.sem_id)));
  if (found[0]) return found[0];
  throw refuseUnpublished({ ...key, version: basis.version }, await resultVersions(tx, key));
}

function rowOf(
  db: Database,
  type: DocumentType,
  subtype: string | null,
  payload: DocumentPayload,
  who: string,
  extra: Partial<Drafted> & { college_id: string },
): Drafted {
  const template = documentTemplates[type];
  const student = payload.student;
  return {
    doc_id: newDocId(),
    doc_type: type,
    subtype,
    student_id: student.student_id,
    name_en: student.name.en,
    name_hi: student.name.hi,
    exam_id: null,
    session_id: null,
    course_comb_id: null,
    sem_id: null,
    result_version: null,
    scheme: null,
    basis: {},
    template_id: template.template_id,
    template_version: template.template_version,
    payload,
    payload_hash: payloadHash(payload),
    marker: null,
    duplicate_of: null,
    supersedes: null,
    approval_required: approvalRequired(db, type),
    prepared_by: who,
    ...extra,
  };
}

const basisOf = (r: StoredResultVersion) => ({
  exam_id: r.exam_id,
  session_id: r.session_id,
  course_comb_id: r.course_comb_id,
  sem_id: r.sem_id,
  version: r.version,
});

const resultColumns = (r: StoredResultVersion) => ({
  exam_id: r.exam_id,
  session_id: r.session_id,
  course_comb_id: r.course_comb_id,
  sem_id: r.sem_id,
  result_version: r.version,
  scheme: r.scheme,
  college_id: r.college_id,
  basis: basisOf(r),
});

/**
 * A marksheet of one PUBLISHED version. An ISSUED marksheet of an older version of the same result makes this
 * one REVISED, `supersedes` it (the old one goes SUPERSEDED when this one is issued). A marksheet of this
 * same version already drafted or issued is refused (409): a lost copy is a `duplicate`, not a new draft.
 */
export async function draftMarksheet(
  db: Database,
  tx: Tx,
  r: StoredResultVersion,
  who: string,
): Promise<string> {
  const held = await heldMarksheetsOf(tx, r);
  throwIf(refuseSecondMarksheet(r, held));
  const older = revisedMarksheetOf(r, held);
  const payload = await marksheetSnapshot(tx, r, { revised: Boolean(older) });
  return insertDraft(
    tx,
    rowOf(db, 'MARKSHEET', null, payload, who, {
      ...resultColumns(r),
      marker: older ? 'REVISED' : null,
      supersedes: older?.doc_id ?? null,
    }),
  );
}

/** A provisional degree or degree of the final PUBLISHED result (PASS), one per student and programme. */
async function draftDegree(
  db: Database,
  tx: Tx,
  type: 'PROVISIONAL_DEGREE' | 'DEGREE',
  r: StoredResultVersion,
  who: string,
) {
  throwIf(refuseDegreeWithoutPass(type, r));
  throwIf(refuseSecondDegree(type, r, await heldOriginalsOf(tx, type, r.student_id, r.course_comb_id)));
  return insertDraft(tx, rowOf(db, type, null, await degreeSnapshot(tx, type, r), who, resultColumns(r)));
}

/** A migration certificate or certificate, from the student's record and its latest published result. */
async function draftFromRecord(db: Database, tx: Tx, body: DocumentCreate, who: string) {
  const type = body.doc_type as 'MIGRATION' | 'CERTIFICATE';
  const student = await studentFacts(tx, body.student_id);
  const [last] = (
    await resultVersions(tx, {
      student_id: body.student_id,
      status: 'PUBLISHED',
      exam_id: body.basis.exam_id,
    })
  ).sort((a, b) => (b.published_at ?? '').localeCompare(a.published_at ?? ''));
  const columns = {
    college_id: student.college_id,
    exam_id: last?.exam_id ?? null,
    basis: last ? basisOf(last) : {},
  };
  if (type === 'MIGRATION') {
    const payload = await migrationSnapshot(tx, body.student_id, last, body.purpose ?? null);
    return insertDraft(tx, rowOf(db, type, null, payload, who, columns));
  }
  const subtype = body.subtype!;
  const exit = last ? exitAwardOf(last) : null;
  throwIf(refuseCertificate(subtype, body.student_id, last, exit));
  const payload = await certificateSnapshot(tx, subtype, body.student_id, last, exit);
  return insertDraft(tx, rowOf(db, type, subtype, payload, who, columns));
}

/** `POST /api/document`: one document drafted in `tx`; answers its id. */
export async function draftDocument(
  db: Database,
  tx: Tx,
  body: DocumentCreate,
  who: string,
): Promise<string> {
  const type = body.doc_type;
  switch (type) {
    case 'MARKSHEET':
      return draftMarksheet(db, tx, await publishedBasis(tx, body.student_id, body.basis), who);
    case 'PROVISIONAL_DEGREE':
    case 'DEGREE':
      return draftDegree(db, tx, type, await publishedBasis(tx, body.student_id, body.basis), who);
    case 'CONSOLIDATED_MARKSHEET':
    case 'TRANSCRIPT':
      return draftConsolidated(
        db,
        tx,
        type,
        await publishedTerms(tx, type, body.student_id, body.basis),
        body.purpose ?? null,
        who,
      );
    case 'MIGRATION':
    case 'CERTIFICATE':
      return draftFromRecord(db, tx, body, who);
  }
}

/**
 * The PUBLISHED results a consolidated marksheet or transcript gathers: the latest published version per
 * semester, in semester order; 422 when none.
 */
async function publishedTerms(
  tx: Tx,
  type: DocumentType,
  studentId: string,
  basis: { course_comb_id?: string; session_id?: string },
) {
  const all = await resultVersions(tx, {
    student_id: studentId,
    status: 'PUBLISHED',
    course_comb_id: basis.course_comb_id,
    session_id: basis.session_id,
  });
  throwIf(refuseWithoutPublished(type, studentId, all.length));
  return termsOf(all);
}

async function draftConsolidated(
  db: Database,
  tx: Tx,
  type: 'CONSOLIDATED_MARKSHEET' | 'TRANSCRIPT',
  terms: StoredResultVersion[],
  purpose: string | null,
  who: string,
) {
  const last = terms[terms.length - 1]!;
  const payload = await consolidatedSnapshot(tx, type, terms, purpose);
  return insertDraft(
    tx,
    rowOf(db, type, null, payload, who, {
      ...resultColumns(last),
      basis: { course_comb_id: last.course_comb_id, versions: termKeys(terms) },
    }),
  );
}

/** The result-based types a whole exam is drafted in (`POST /api/document/batch`). */
export type BatchDocumentType =
  'MARKSHEET' | 'CONSOLIDATED_MARKSHEET' | 'TRANSCRIPT' | 'PROVISIONAL_DEGREE' | 'DEGREE';

/**
 * One student's document of a batch, from its PUBLISHED result `r` in the exam: drafted as `POST
 * /api/document` would draft it, with the same refusals (422 VALIDATION_FAILED: the student cannot have one,
 * e.g. a degree of a result that is not PASS) and 409 DUPLICATE_KEY when the student already holds one: a
 * marksheet of that version, a (provisional) degree of the programme, or a consolidated marksheet /
 * transcript gathering the same published versions (a newer published semester makes a new one due).
 */
export async function draftForBatch(
  db: Database,
  tx: Tx,
  type: BatchDocumentType,
  r: StoredResultVersion,
  who: string,
): Promise<string> {
  if (type === 'MARKSHEET') return draftMarksheet(db, tx, r, who);
  if (type === 'PROVISIONAL_DEGREE' || type === 'DEGREE') return draftDegree(db, tx, type, r, who);
  const terms = await publishedTerms(tx, type, r.student_id, { course_comb_id: r.course_comb_id });
  const held = await heldConsolidatedOf(tx, type, r.student_id, r.course_comb_id);
  throwIf(refuseSameTerms(type, r.student_id, terms, held));
  return draftConsolidated(db, tx, type, terms, null, who);
}

/**
 * A duplicate of an ISSUED document: the same frozen payload, a new document (numbered at its approval),
 * marker DUPLICATE.
 */
export async function draftDuplicate(
  db: Database,
  tx: Tx,
  original: Record<string, unknown>,
  reason: string,
  who: string,
): Promise<string> {
  const { payload, basis } = await frozenContentOf(tx, String(original.doc_id));
  const type = original.doc_type as DocumentType;
  const text = (field: string) => (original[field] as string | null) ?? null;
  return insertDraft(tx, {
    ...rowOf(db, type, text('subtype'), payload, who, { college_id: String(original.college_id) }),
    exam_id: text('exam_id'),
    session_id: text('session_id'),
    course_comb_id: text('course_comb_id'),
    sem_id: text('sem_id'),
    result_version: (original.result_version as number | null) ?? null,
    scheme: text('scheme'),
    template_id: String(original.template_id),
    template_version: Number(original.template_version),
    basis: { ...basis, reason },
    marker: 'DUPLICATE',
    duplicate_of: String(original.doc_id),
  });
}
