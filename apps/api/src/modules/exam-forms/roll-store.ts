import { examCcinfoResource, examFormResource } from '@exam/contracts';
import type { Prisma } from '@exam/db';
import { modelTable, updateAudited, type Auditor } from '../../platform/files/write-rows.ts';

/** The database side of roll allotment: the exam's links still taking forms, the colleges and centres. */

type Tx = Prisma.TransactionClient;

/** The exam's course links whose forms are open or not yet opened (PLANNED, FORMS_OPEN). */
export function linksWithFormsOpen(tx: Tx, examId: string) {
  return tx.examCcinfo.findMany({
    where: { exam_id: examId, phase: { in: ['PLANNED', 'FORMS_OPEN'] } },
    orderBy: [{ course_comb_id: 'asc' }, { sem_id: 'asc' }],
  });
}

/** Every college with its district and whether it is an examination centre, by college id. */
export function collegesWithCentres(tx: Tx) {
  return tx.college.findMany({
    select: { college_id: true, district: true, is_centre: true },
    orderBy: { college_id: 'asc' },
  });
}

/** The exam's APPROVED forms (those a run numbers), with what their order needs. */
export function approvedFormsOf(tx: Tx, examId: string) {
  return tx.examForm.findMany({
    where: { exam_id: examId, status: 'APPROVED' },
    select: { form_id: true, college_id: true, course_comb_id: true, candidate_type: true, student_id: true },
  });
}

/**
 * Per course combination, how many forms of the exam have a number already (an earlier run, or an earlier
 * allotment): each course's sequence continues after them.
 */
export async function rollsPerCourse(tx: Tx, examId: string) {
  const rows = await tx.examForm.groupBy({
    by: ['course_comb_id'],
    where: { exam_id: examId, roll_no: { not: null } },
    _count: { _all: true },
  });
  return new Map(rows.map((t) => [t.course_comb_id, t._count._all]));
}

/**
 * Numbers forms and gives their centres (ROLL_ALLOTTED), with their audit entries, in one statement;
 * `status = 'APPROVED'` keeps a form cancelled meanwhile (or numbered by a crashed run) as it is.
 */
export function numberForms(
  tx: Tx,
  rolls: ReadonlyArray<{ form_id: string; roll_no: string; centre_id: string | null }>,
  auditor: Auditor,
) {
  return updateAudited(
    tx,
    modelTable(tx, tx.examForm)!,
    examFormResource,
    {
      set: `roll_no = v.roll_no, centre_id = v.centre_id, status = 'ROLL_ALLOTTED', updated_at = now()`,
      from: `(SELECT unnest($1::text[]) AS form_id, unnest($2::text[]) AS roll_no,
                     unnest($3::text[]) AS centre_id) v`,
      where: `w.form_id = v.form_id AND w.status = 'APPROVED'`,
      params: [rolls.map((r) => r.form_id), rolls.map((r) => r.roll_no), rolls.map((r) => r.centre_id)],
    },
    auditor,
    'allot-rolls',
  );
}

/** Moves the exam's FORMS_CLOSED course links to ROLL_ALLOTTED, audited; answers how many moved. */
export function closeLinksAllotted(tx: Tx, examId: string, auditor: Auditor) {
  return updateAudited(
    tx,
    modelTable(tx, tx.examCcinfo)!,
    examCcinfoResource,
    {
      set: `phase = 'ROLL_ALLOTTED', updated_at = now()`,
      where: `w.exam_id = $1 AND w.phase = 'FORMS_CLOSED'`,
      params: [examId],
    },
    auditor,
    'allot-rolls',
  );
}
