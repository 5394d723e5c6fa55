import {
  computeFee,
  examFormResource,
  msg,
  type CandidateType,
  type ExamFormCreate,
  type examFormEdit,
  type Scope,
} from '@exam/contracts';
import type { Database, Prisma } from '@exam/db';
import type { z } from 'zod';
import type { AuditChange } from '../../platform/audit/audit-trail.ts';
import type { AuthenticatedUser } from '../../platform/auth/authenticate.ts';
import { valuesOutOfScope } from '../../platform/auth/scope.ts';
import { present } from '../../platform/crud/store.ts';
import { notFound, prismaCode } from '../../platform/http/errors.ts';
import {
  attendanceCheck as checkAttendance,
  choosePapers,
  draftSaved,
  durationProblem,
  eligibilityOf,
  eligibleFrom,
  formSaved,
  refuseForeignForm,
  refuseNotEditable,
  refuseOutsideWindow,
  refuseSecondForm,
  refuseStaleForm,
  refuseType,
  refuseUnknownStudent,
  refuseWithoutLink,
  secondFormRace,
} from './exam-form-rules.ts';
import {
  activePaperIds,
  categoryOf,
  durationFactsOf,
  enrolmentOf,
  examFormStore,
  examLinkOf,
  formOfSemester,
  formWithin,
  linksOpenIn,
  newId,
  openBacklogsOf,
  practicalPaperCount,
  replacePapers,
  rulesetOfStudent,
  semestersAndFormsOf,
  studentOf,
  studentWithin,
  type CourseSemester,
  type FormPaper,
  type FormTarget,
  type PaperKey,
} from './exam-form-store.ts';
import { formClashes } from './timetable-store.ts';

/**
 * The use cases of exam forms (lifecycle spec S2): filling and editing a form, reading it with its fee, the
 * eligible papers and open links of a student, and the database halves of the rules the workflow's effects
 * share (exam-form-effects.ts). Each asks the store, asks the rules in exam-form-rules.ts in order and throws
 * the first refusal; the caller's transaction then stores nothing.
 */

type Tx = Prisma.TransactionClient;
type ExamFormEdit = z.infer<typeof examFormEdit>;

/** Writes a request's audit entries inside its transaction (the handler's recordChanges). */
export type RecordChanges = (tx: Tx, changes: AuditChange[]) => Promise<void>;

const throwIf = (refusal: Error | undefined) => {
  if (refusal) throw refusal;
};

/** The exam course link of a form, refusing one that does not exist (422 naming it). */
export async function examLink(tx: Tx, key: FormTarget) {
  const link = await examLinkOf(tx, key);
  throwIf(refuseWithoutLink(key, link));
  return link!;
}

/** The link of a form whose forms are open now (409 LOCKED otherwise). */
export async function openExamLink(tx: Tx, key: FormTarget) {
  const link = await examLink(tx, key);
  throwIf(refuseOutsideWindow(link));
  return link;
}

/**
 * The rule-set numbers that apply to a student: from the rule set its enrolment froze (the latest one if none
 * in this semester).
 */
export async function eligibilityRules(tx: Tx, studentId: string, semester?: CourseSemester) {
  return eligibilityOf(await rulesetOfStudent(tx, studentId, semester));
}

/** The papers a student may add as back or improvement papers: open backlog rows within the attempt limit. */
export async function eligiblePapers(tx: Tx, studentId: string) {
  const rules = await eligibilityRules(tx, studentId);
  return eligibleFrom(await openBacklogsOf(tx, studentId), rules);
}

/**
 * The exam course links open for forms in the semesters of a student's enrolments (regular) and backlogs
 * (back), without a form of the student yet.
 */
export async function openLinks(tx: Tx, studentId: string) {
  const { enrolments, backlogs, forms } = await semestersAndFormsOf(tx, studentId);
  // A link the student already has a form for is not offered again (one form per semester).
  const filled = new Set(forms.map((f) => `${f.exam_id}/${f.session_id}/${f.course_comb_id}/${f.sem_id}`));
  const semesters = [...enrolments, ...backlogs];
  if (!semesters.length) return [];
  const links = await linksOpenIn(tx, semesters);
  return links
    .filter((l) => !filled.has(`${l.exam_id}/${l.session_id}/${l.course_comb_id}/${l.sem_id}`))
    .map((l) => ({
      exam_id: l.exam_id,
      session_id: l.session_id,
      course_comb_id: l.course_comb_id,
      sem_id: l.sem_id,
      allow_types: l.allow_types,
      form_due_at: l.form_due_at?.toISOString() ?? null,
      late_fee_close_at: l.late_fee_close_at?.toISOString() ?? null,
      enrolled: enrolments.some(
        (e) =>
          e.session_id === l.session_id && e.course_comb_id === l.course_comb_id && e.sem_id === l.sem_id,
      ),
    }));
}

/**
 * The papers of a form (exam-form-rules.ts `choosePapers`): the enrolment's active papers for a regular or
 * ex-student form, the chosen ones from the eligible list, within the maximum duration. 422 naming each
 * problem.
 */
export async function formPapers(
  tx: Tx,
  target: FormTarget,
  candidate: CandidateType,
  chosen: ReadonlyArray<PaperKey & { attempt_type: 'BACK' | 'IMPROVEMENT' }>,
): Promise<FormPaper[]> {
  const semester = {
    session_id: target.session_id,
    course_comb_id: target.course_comb_id,
    sem_id: target.sem_id,
  };
  const rules = await eligibilityRules(tx, target.student_id, semester);
  const regular = candidate === 'REGULAR' || candidate === 'EX';
  const enrolled = regular && Boolean(await enrolmentOf(tx, target.student_id, semester));
  const { papers, refusal } = choosePapers(target, candidate, chosen, {
    enrolled,
    activePapers: regular ? await activePaperIds(tx, target.student_id, semester) : [],
    eligible: await eligiblePapers(tx, target.student_id),
    tooLong: chosen.length ? durationProblem(target, await durationFactsOf(tx, target), rules) : undefined,
  });
  throwIf(refusal);
  return papers;
}

/** A form's fee now, from its link's settings, the student's category and its papers. */
export async function feeOf(
  tx: Tx,
  link: Parameters<typeof computeFee>[0],
  studentId: string,
  papers: readonly FormPaper[],
  at = new Date(),
) {
  return computeFee(link, {
    category: await categoryOf(tx, studentId),
    backPapers: papers.filter((p) => p.attempt_type !== 'REGULAR').length,
    practicalPapers: await practicalPaperCount(tx, papers),
    at,
  });
}

/** The attendance rule at verification and approval (exam-form-rules.ts `attendanceCheck`). */
export async function attendanceCheck(tx: Tx, form: FormTarget & { candidate_type: string }) {
  if (form.candidate_type !== 'REGULAR') return {};
  const semester = { session_id: form.session_id, course_comb_id: form.course_comb_id, sem_id: form.sem_id };
  const rules = await eligibilityRules(tx, form.student_id, semester);
  const enrolment = await enrolmentOf(tx, form.student_id, semester);
  return checkAttendance(form, rules, enrolment?.attendance_percent);
}

/** One form within the caller's reach (404 otherwise), presented. */
export async function findForm(tx: Tx, formId: string, within: Record<string, unknown> | null) {
  const row = await formWithin(tx, formId, within);
  if (!row) throw notFound(msg('examForms.noSuchForm', { form_id: formId }));
  return present(examFormStore, row);
}

/**
 * The form with its fee computation (recomputed from the settings, as of its submission for a submitted
 * form) and its timetable clashes.
 */
export async function formDetail(tx: Tx, form: Record<string, unknown>) {
  const link = await examLink(tx, form as never);
  const at = form.submitted_at ? new Date(String(form.submitted_at)) : new Date();
  const fee = await feeOf(tx, link, String(form.student_id), (form.papers ?? []) as never, at);
  return {
    examform: form,
    fee: fee.lines,
    phase: link.phase,
    clashes: await formClashes(tx, String(form.form_id)),
  };
}

/**
 * `POST /api/examform`: a DRAFT form of a student (a student: its own) with its papers and fee, and its audit
 * entry. Answers the form's detail and the notice.
 */
export async function createForm(
  db: Database,
  input: ExamFormCreate,
  reach: { scope: Scope; user: AuthenticatedUser },
  audit: RecordChanges,
) {
  throwIf(refuseForeignForm(valuesOutOfScope(reach.scope, reach.user, examFormResource.scopeFields, input)));
  const form = await db.prisma
    .$transaction(async (tx) => {
      const student = await studentOf(tx, input.student_id);
      throwIf(refuseUnknownStudent(input.student_id, Boolean(student)));
      const link = await openExamLink(tx, input);
      throwIf(refuseType(link, input.candidate_type));
      throwIf(refuseSecondForm(input, await formOfSemester(tx, input)));
      const papers = await formPapers(tx, input, input.candidate_type, input.extra_papers ?? []);
      const fee = await feeOf(tx, link, input.student_id, papers);
      const form_id = newId('F');
      const enrolment = await enrolmentOf(tx, input.student_id, input);
      await tx.examForm.create({
        data: {
          form_id,
          exam_id: input.exam_id,
          student_id: input.student_id,
          session_id: input.session_id,
          course_comb_id: input.course_comb_id,
          sem_id: input.sem_id,
          college_id: enrolment?.college_id ?? student!.college_id,
          candidate_type: input.candidate_type,
          remarks: input.remarks ?? null,
          fee_amount: fee.total,
          late_fee: fee.late,
        },
      });
      await replacePapers(tx, form_id, papers);
      const created = await findForm(tx, form_id, {});
      await audit(tx, [{ action: 'create', entity: 'examform', key: form_id, after: created }]);
      return formDetail(tx, created);
    })
    .catch((error) => {
      if (prismaCode(error) === 'P2002') throw secondFormRace(input);
      throw error;
    });
  return { form, notice: draftSaved(String(form.examform.form_id)) };
}

/**
 * `PUT /api/examform/{form_id}`: the chosen papers (and type, remarks) of a DRAFT or RETURNED form within the
 * caller's reach; a RETURNED form that is edited is a draft again (state machine A). Answers the form's
 * detail and the notice.
 */
export async function editForm(
  db: Database,
  formId: string,
  input: ExamFormEdit,
  within: Record<string, unknown> | null,
  audit: RecordChanges,
) {
  const answer = await db.prisma.$transaction(async (tx) => {
    const current = await findForm(tx, formId, within);
    throwIf(refuseStaleForm(formId, current.updated_at, input.updated_at));
    throwIf(refuseNotEditable(formId, String(current.status)));
    const target = current as never as FormTarget;
    const link = await openExamLink(tx, target);
    const candidate = input.candidate_type ?? (current.candidate_type as CandidateType);
    throwIf(refuseType(link, candidate));
    const chosen =
      input.extra_papers ??
      ((current.papers as Array<Record<string, unknown>>).filter(
        (p) => p.attempt_type !== 'REGULAR',
      ) as never);
    const papers = await formPapers(tx, target, candidate, chosen);
    const fee = await feeOf(tx, link, String(current.student_id), papers);
    await replacePapers(tx, formId, papers);
    // A returned form that is edited is a draft again (state machine A).
    await tx.examForm.update({
      where: { form_id: formId },
      data: {
        candidate_type: candidate,
        remarks: input.remarks === undefined ? undefined : input.remarks,
        fee_amount: fee.total,
        late_fee: fee.late,
        status: 'DRAFT',
        updated_at: new Date(),
      },
    });
    const updated = await findForm(tx, formId, {});
    await audit(tx, [{ action: 'update', entity: 'examform', key: formId, before: current, after: updated }]);
    return formDetail(tx, updated);
  });
  return { answer, notice: formSaved(formId) };
}

/** `GET /api/examform/{form_id}`: a form within reach with its fee lines and clashes. */
export function formWithFee(db: Database, formId: string, within: Record<string, unknown> | null) {
  return db.prisma.$transaction(async (tx) => formDetail(tx, await findForm(tx, formId, within)));
}

/** A form within reach and its fee lines, as the printed form shows them. */
export function formForPrint(db: Database, formId: string, within: Record<string, unknown> | null) {
  return db.prisma.$transaction(async (tx) => {
    const form = await findForm(tx, formId, within);
    const { fee } = await formDetail(tx, form);
    return { form, fee };
  });
}

/**
 * `GET /api/examform-eligible/{student_id}`: the back/improvement papers a student within reach may choose,
 * and the links open for its forms (404 for a student out of reach).
 */
export async function eligibleFor(db: Database, studentId: string, within: object | null) {
  if (!(await studentWithin(db.prisma, studentId, within)))
    throw notFound(msg('examForms.noSuchStudent', { student_id: studentId }));
  return db.prisma.$transaction(async (tx) => ({
    papers: await eligiblePapers(tx, studentId),
    links: await openLinks(tx, studentId),
  }));
}
