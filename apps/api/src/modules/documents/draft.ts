import {
  approvalAlwaysRequired,
  documentType,
  type DocumentBasis,
  type DocumentCreate,
  type DocumentPayload,
  type DocumentType,
} from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import { AppError } from '../../platform/http/errors.ts';
import { resultVersions, type StoredResultVersion } from '../results/index.ts';
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
import { newDocId, q } from './sql.ts';

/**
 * Drafting (state DRAFTED of machine J): the frozen snapshot of a PUBLISHED result version (marksheet,
 * consolidated marksheet, transcript, provisional degree, degree) or of the student's record (migration,
 * certificates). A result that is not published (computed only, withdrawn, superseded by a later version) is
 * refused with 422 saying so.
 */

const refuse = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { errors: { [field]: [message] } });

interface Drafted {
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

export function approvalRequired(db: Database, type: DocumentType): boolean {
  return approvalAlwaysRequired.includes(type) || !documentSettings(db).autoApprove.has(type);
}

/**
 * Why a result key has no version to draft from: not published yet, withdrawn, or only older superseded
 * versions asked for.
 */
async function unpublishedWhy(
  tx: Prisma.TransactionClient,
  key: {
    student_id: string;
    exam_id: string;
    session_id?: string;
    course_comb_id?: string;
    sem_id?: string;
    version?: number;
  },
) {
  const all = await resultVersions(tx, {
    student_id: key.student_id,
    exam_id: key.exam_id,
    session_id: key.session_id,
    course_comb_id: key.course_comb_id,
    sem_id: key.sem_id,
  });
  const asked = key.version === undefined ? all[0] : all.find((r) => r.version === key.version);
  if (!asked)
    return `No result of ${key.student_id} in exam ${key.exam_id}${key.version ? ` version ${key.version}` : ''}: documents are drafted only from a PUBLISHED result.`;
  const published = all.find((r) => r.status === 'PUBLISHED');
  const which = `The result of ${key.student_id} in exam ${key.exam_id} (version ${asked.version})`;
  if (asked.status === 'COMPUTED')
    return `${which} is not published yet (COMPUTED): documents are drafted only from a PUBLISHED result. Publish the result run first.`;
  if (asked.status === 'WITHDRAWN')
    return `${which} was WITHDRAWN: documents are drafted only from a PUBLISHED result.`;
  if (asked.status === 'SUPERSEDED')
    return `${which} is SUPERSEDED${published ? ` by version ${published.version}` : ''}: draft from the PUBLISHED version${published ? ` (${published.version})` : ''}.`;
  return `${which} is ${asked.status}: documents are drafted only from a PUBLISHED result.`;
}

/**
 * The PUBLISHED result version the basis names (the published one when no version is given), or 422 saying
 * why not.
 */
export async function publishedBasis(
  tx: Prisma.TransactionClient,
  studentId: string,
  basis: DocumentCreate['basis'],
): Promise<StoredResultVersion> {
  if (!basis.exam_id)
    throw refuse(
      'basis.exam_id',
      'Required: basis.exam_id (the exam whose PUBLISHED result the document prints).',
    );
  const key = {
    student_id: studentId,
    exam_id: basis.exam_id,
    session_id: basis.session_id,
    course_comb_id: basis.course_comb_id,
    sem_id: basis.sem_id,
  };
  const found = await resultVersions(tx, { ...key, status: 'PUBLISHED', version: basis.version });
  if (found.length > 1 && !basis.sem_id)
    throw refuse(
      'basis.sem_id',
      `The student has several published results in exam ${basis.exam_id}; name basis.session_id, course_comb_id and sem_id.`,
    );
  if (!found[0]) throw refuse('basis', await unpublishedWhy(tx, { ...key, version: basis.version }));
  return found[0];
}

/**
 * Every document of the student's result key still in force or on its way (not cancelled or superseded),
 * newest first.
 */
async function activeMarksheets(tx: Prisma.TransactionClient, r: StoredResultVersion) {
  return q<{ doc_id: string; status: string; result_version: number; serial_no: string | null }>(
    tx,
    `SELECT doc_id, status, result_version, serial_no FROM document WHERE doc_type = 'MARKSHEET' AND student_id = $1 AND exam_id = $2 AND session_id = $3 AND course_comb_id = $4
        AND sem_id = $5 AND status NOT IN ('CANCELLED', 'SUPERSEDED') AND marker IS DISTINCT FROM 'DUPLICATE' ORDER BY result_version DESC, created_at DESC`,
    [r.student_id, r.exam_id, r.session_id, r.course_comb_id, r.sem_id],
  );
}

async function insert(tx: Prisma.TransactionClient, d: Drafted) {
  await tx.document.create({
    data: { ...d, basis: d.basis as object, payload: d.payload as object, status: 'DRAFTED' },
  });
  return d.doc_id;
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

const resultColumns = (r: StoredResultVersion) => ({
  exam_id: r.exam_id,
  session_id: r.session_id,
  course_comb_id: r.course_comb_id,
  sem_id: r.sem_id,
  result_version: r.version,
  scheme: r.scheme,
  college_id: r.college_id,
  basis: {
    exam_id: r.exam_id,
    session_id: r.session_id,
    course_comb_id: r.course_comb_id,
    sem_id: r.sem_id,
    version: r.version,
  },
});

/**
 * A marksheet of one PUBLISHED version. An ISSUED marksheet of an older version of the same result makes this
 * one REVISED, `supersedes` it (the old one goes SUPERSEDED when this one is issued). A marksheet of this
 * same version already drafted or issued is refused (409): a lost copy is a `duplicate`, not a new draft.
 */
export async function draftMarksheet(
  db: Database,
  tx: Prisma.TransactionClient,
  r: StoredResultVersion,
  who: string,
): Promise<string> {
  const active = await activeMarksheets(tx, r);
  const same = active.find((d) => d.result_version === r.version);
  if (same) {
    throw new AppError(
      'DUPLICATE_KEY',
      `A marksheet of ${r.student_id}'s result in ${r.exam_id} version ${r.version} already exists (${same.doc_id}, ${same.status}${same.serial_no ? `, ${same.serial_no}` : ''}); a lost copy is issued as a duplicate of it.`,
    );
  }
  const older = active.find((d) => d.status === 'ISSUED' && d.result_version < r.version);
  // Older drafts not yet issued are left to be cancelled by document_admin; only an issued one is superseded.
  const payload = await marksheetSnapshot(tx, r, { revised: Boolean(older) });
  return insert(
    tx,
    rowOf(db, 'MARKSHEET', null, payload, who, {
      ...resultColumns(r),
      marker: older ? 'REVISED' : null,
      supersedes: older?.doc_id ?? null,
    }),
  );
}

/** `POST /api/document`: one document drafted in `tx`; answers its id. */
export async function draftDocument(
  db: Database,
  tx: Prisma.TransactionClient,
  body: DocumentCreate,
  who: string,
): Promise<string> {
  const type = body.doc_type;
  switch (type) {
    case 'MARKSHEET':
      return draftMarksheet(db, tx, await publishedBasis(tx, body.student_id, body.basis), who);
    case 'PROVISIONAL_DEGREE':
    case 'DEGREE': {
      const r = await publishedBasis(tx, body.student_id, body.basis);
      if (r.result !== 'PASS' && r.result !== 'PASS_GRACE') {
        throw refuse(
          'basis',
          `A ${documentType.labelOf(type).toLowerCase()} needs a final result PASS; ${body.student_id}'s published result in ${r.exam_id} is ${r.result}.`,
        );
      }
      const existing = await q<{ doc_id: string; status: string }>(
        tx,
        `SELECT doc_id, status FROM document WHERE doc_type = $1 AND student_id = $2 AND course_comb_id = $3 AND status NOT IN ('CANCELLED', 'SUPERSEDED') AND marker IS NULL`,
        [type, body.student_id, r.course_comb_id],
      );
      if (existing[0])
        throw new AppError(
          'DUPLICATE_KEY',
          `${body.student_id} already has a ${documentType.labelOf(type).toLowerCase()} for ${r.course_comb_id} (${existing[0].doc_id}, ${existing[0].status}); a lost one is issued as a duplicate.`,
        );
      return insert(tx, rowOf(db, type, null, await degreeSnapshot(tx, type, r), who, resultColumns(r)));
    }
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
    case 'CERTIFICATE': {
      const student = await studentFacts(tx, body.student_id);
      const [last] = (
        await resultVersions(tx, {
          student_id: body.student_id,
          status: 'PUBLISHED',
          exam_id: body.basis.exam_id,
        })
      ).sort((a, b) => (b.published_at ?? '').localeCompare(a.published_at ?? ''));
      if (type === 'MIGRATION') {
        const payload = await migrationSnapshot(tx, body.student_id, last, body.purpose ?? null);
        return insert(
          tx,
          rowOf(db, type, null, payload, who, {
            college_id: student.college_id,
            exam_id: last?.exam_id ?? null,
            basis: last
              ? {
                  exam_id: last.exam_id,
                  session_id: last.session_id,
                  course_comb_id: last.course_comb_id,
                  sem_id: last.sem_id,
                  version: last.version,
                }
              : {},
          }),
        );
      }
      const subtype = body.subtype!;
      const exit = last ? exitAwardOf(last) : null;
      if ((subtype === 'UG_CERTIFICATE' || subtype === 'UG_DIPLOMA') && !exit) {
        throw refuse(
          'subtype',
          `${body.student_id} has no NEP exit award in a PUBLISHED year-end result: an ${subtype === 'UG_CERTIFICATE' ? 'UG certificate' : 'UG diploma'} needs one.`,
        );
      }
      if (subtype === 'PASSING' && (!last || !['PASS', 'PASS_GRACE'].includes(last.result)))
        throw refuse(
          'subtype',
          `A passing certificate needs a PUBLISHED result PASS; ${body.student_id} has ${last ? last.result : 'none'}.`,
        );
      const payload = await certificateSnapshot(tx, subtype, body.student_id, last, exit);
      return insert(
        tx,
        rowOf(db, type, subtype, payload, who, {
          college_id: student.college_id,
          exam_id: last?.exam_id ?? null,
          basis: last
            ? {
                exam_id: last.exam_id,
                session_id: last.session_id,
                course_comb_id: last.course_comb_id,
                sem_id: last.sem_id,
                version: last.version,
              }
            : {},
        }),
      );
    }
  }
}

/**
 * The PUBLISHED results a consolidated marksheet or transcript gathers: the latest published version per
 * semester, in semester order; 422 when none.
 */
async function publishedTerms(
  tx: Prisma.TransactionClient,
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
  if (!all.length)
    throw refuse(
      'basis',
      `${studentId} has no PUBLISHED result: a ${documentType.labelOf(type).toLowerCase()} gathers published results only.`,
    );
  const bySem = new Map<string, StoredResultVersion>();
  for (const r of all) {
    const k = `${r.session_id}|${r.course_comb_id}|${r.sem_id}`;
    const seen = bySem.get(k);
    if (!seen || (r.published_at ?? '') > (seen.published_at ?? '')) bySem.set(k, r);
  }
  return [...bySem.values()].sort((a, b) => a.sem_id.localeCompare(b.sem_id, 'en', { numeric: true }));
}

const termKeys = (terms: StoredResultVersion[]) =>
  terms.map((t) => ({
    exam_id: t.exam_id,
    session_id: t.session_id,
    course_comb_id: t.course_comb_id,
    sem_id: t.sem_id,
    version: t.version,
  }));

async function draftConsolidated(
  db: Database,
  tx: Prisma.TransactionClient,
  type: 'CONSOLIDATED_MARKSHEET' | 'TRANSCRIPT',
  terms: StoredResultVersion[],
  purpose: string | null,
  who: string,
) {
  const last = terms[terms.length - 1]!;
  const payload = await consolidatedSnapshot(tx, type, terms, purpose);
  return insert(
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
  tx: Prisma.TransactionClient,
  type: BatchDocumentType,
  r: StoredResultVersion,
  who: string,
): Promise<string> {
  if (type === 'MARKSHEET') return draftMarksheet(db, tx, r, who);
  const basis = {
    exam_id: r.exam_id,
    session_id: r.session_id,
    course_comb_id: r.course_comb_id,
    sem_id: r.sem_id,
    version: r.version,
  };
  if (type === 'PROVISIONAL_DEGREE' || type === 'DEGREE')
    return draftDocument(db, tx, { doc_type: type, student_id: r.student_id, basis }, who);
  const terms = await publishedTerms(tx, type, r.student_id, { course_comb_id: r.course_comb_id });
  // Compared as text of each key (jsonb keeps its own key order).
  const keysText = (keys: DocumentBasis['versions']) =>
    (keys ?? [])
      .map((k) => `${k.exam_id}|${k.session_id}|${k.course_comb_id}|${k.sem_id}|${k.version}`)
      .join(',');
  const wanted = keysText(termKeys(terms));
  const held = await q<{ doc_id: string; status: string; serial_no: string | null; basis: unknown }>(
    tx,
    `SELECT doc_id, status, serial_no, basis FROM document WHERE doc_type = $1 AND student_id = $2 AND course_comb_id = $3
        AND status NOT IN ('CANCELLED', 'SUPERSEDED') AND marker IS DISTINCT FROM 'DUPLICATE' ORDER BY created_at`,
    [type, r.student_id, r.course_comb_id],
  );
  const same = held.find((d) => {
    const b = (typeof d.basis === 'string' ? JSON.parse(d.basis) : d.basis) as DocumentBasis;
    return keysText(b.versions) === wanted;
  });
  if (same) {
    throw new AppError(
      'DUPLICATE_KEY',
      `${r.student_id} already has a ${documentType.labelOf(type).toLowerCase()} of these published results (${same.doc_id}, ${same.status}${same.serial_no ? `, ${same.serial_no}` : ''}); a lost one is issued as a duplicate.`,
    );
  }
  return draftConsolidated(db, tx, type, terms, null, who);
}

/** The NEP exit award a year-end result's explanation records as eligible (EXIT steps), or null. */
function exitAwardOf(r: StoredResultVersion): string | null {
  const step = r.explanation.find((s) => s.step === 'EXIT' && s.output.eligible === true);
  return step ? String(step.inputs.award ?? '') || null : null;
}

/**
 * A duplicate of an ISSUED document: the same frozen payload, a new document (numbered at its approval),
 * marker DUPLICATE.
 */
export async function draftDuplicate(
  db: Database,
  tx: Prisma.TransactionClient,
  original: Record<string, unknown>,
  reason: string,
  who: string,
): Promise<string> {
  const [row] = await q<{ payload: unknown; basis: unknown }>(
    tx,
    `SELECT payload, basis FROM document WHERE doc_id = $1`,
    [original.doc_id],
  );
  const payload = (
    typeof row!.payload === 'string' ? JSON.parse(row!.payload) : row!.payload
  ) as DocumentPayload;
  const basis = (typeof row!.basis === 'string' ? JSON.parse(row!.basis) : row!.basis) as DocumentBasis;
  const type = original.doc_type as DocumentType;
  return insert(tx, {
    ...rowOf(db, type, (original.subtype as string | null) ?? null, payload, who, {
      college_id: String(original.college_id),
    }),
    exam_id: (original.exam_id as string | null) ?? null,
    session_id: (original.session_id as string | null) ?? null,
    course_comb_id: (original.course_comb_id as string | null) ?? null,
    sem_id: (original.sem_id as string | null) ?? null,
    result_version: (original.result_version as number | null) ?? null,
    scheme: (original.scheme as string | null) ?? null,
    template_id: String(original.template_id),
    template_version: Number(original.template_version),
    basis: { ...basis, reason },
    marker: 'DUPLICATE',
    duplicate_of: String(original.doc_id),
  });
}
