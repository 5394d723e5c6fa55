import { editableInPhase, examFormSubmitAnswer, payBody, renderEnglish } from '@exam/contracts';
import type { ResourceRules } from '../../platform/crud/registry.ts';
import type { ActionContext, ActionEffect } from '../../platform/workflows/effects.ts';
import { setPaperChoicesLock } from '../students/index.ts';
import {
  attemptNotAdded,
  attemptNotDeleted,
  attemptReadOnly,
  refuseLinkDelete,
  refuseLockedFields,
} from './exam-link-rules.ts';
import {
  refuseCancelAfterConduct,
  keptPayment,
  refuseShortPayment,
  refuseUnlessHead,
  returnedNotice,
  submittedWithClashes,
} from './exam-form-rules.ts';
import { attendanceCheck, examLink, feeOf, formPapers, openExamLink } from './exam-form-service.ts';
import { createAttempts, replacePapers, type FormPaper, type FormTarget } from './exam-form-store.ts';
import { formClashes } from './timetable-store.ts';

/**
 * What each exam-form action does in the database (state machine A, lifecycle spec §2.3), run by the
 * platform's workflow router inside the action's transaction: a refusal leaves the form and everything else
 * as they were. The decisions are exam-form-rules.ts's; a notice is a message the router answers in the
 * reader's language (a reason kept on the form is its English text).
 */

type Form = FormTarget & {
  form_id: string;
  candidate_type: string;
  college_id: string;
  fee_amount: string;
  paid_amount?: string | null;
  payment_ref?: string | null;
  papers?: FormPaper[];
};

const throwIf = (refusal: Error | undefined) => {
  if (refusal) throw refusal;
};

const formOf = (context: ActionContext) => context.record as unknown as Form;
const semesterOf = (f: FormTarget) => ({
  student_id: f.student_id,
  session_id: f.session_id,
  course_comb_id: f.course_comb_id,
  sem_id: f.sem_id,
});
const stamp = (context: ActionContext) => ({ by: context.user.email, at: new Date() });

/** A returned or rejected form keeps why; its semester's paper choices reopen. */
const backward = (): ActionEffect => ({
  async before(context) {
    throwIf(refuseUnlessHead(context.user));
    await setPaperChoicesLock(context.tx, semesterOf(formOf(context)), null);
    return { set: { status_reason: context.input.reason } };
  },
});

/**
 * A form verified or approved with attendance below the threshold goes back to its filler with the reason
 * instead (kept on the form in English, a record's text); one whose attendance is not recorded yet is refused
 * and stays where it is.
 */
async function returnIfShort(context: ActionContext) {
  const form = formOf(context);
  const { refusal, shortfall } = await attendanceCheck(context.tx, form);
  throwIf(refusal);
  if (!shortfall) return undefined;
  await setPaperChoicesLock(context.tx, semesterOf(form), null);
  return {
    to: 'RETURNED',
    set: { status_reason: renderEnglish(shortfall) },
    message: returnedNotice(form.form_id, shortfall),
  };
}

export const examFormEffects: Record<string, ActionEffect> = {
  submit: {
    async before(context) {
      const { tx } = context;
      const form = formOf(context);
      const link = await openExamLink(tx, form);
      const chosen = (form.papers ?? []).filter((p) => p.attempt_type !== 'REGULAR') as Array<
        FormPaper & { attempt_type: 'BACK' | 'IMPROVEMENT' }
      >;
      const papers = await formPapers(tx, form, form.candidate_type as never, chosen);
      await replacePapers(tx, form.form_id, papers);
      const now = new Date();
      const fee = await feeOf(tx, link, form.student_id, papers, now);
      // The semester's paper choices close with the first submitted form (students module: 409 LOCKED after).
      await setPaperChoicesLock(tx, semesterOf(form), now);
      // A timetable clash (lifecycle S2) is reported, never refused: office resolves it by moving a slot.
      const clashes = await formClashes(tx, form.form_id);
      const notice = submittedWithClashes(form.form_id, clashes);
      // A returned form keeps the payment it had: when it covers the fee now, the form is fee-paid at once.
      const kept = keptPayment(form, fee.total);
      return {
        set: { fee_amount: fee.total, late_fee: fee.late, submitted_at: now, status_reason: null },
        extra: { clashes },
        ...(kept?.covers ? { to: 'FEE_PAID' } : {}),
        ...(notice || kept ? { message: notice ?? kept!.notice } : {}),
      };
    },
    extra: examFormSubmitAnswer,
  },
  pay: {
    body: payBody,
    async before(context) {
      const form = formOf(context);
      const amount = String(context.input.amount);
      throwIf(refuseShortPayment(form, amount));
      return { set: { payment_ref: context.input.payment_ref, paid_amount: amount, paid_at: new Date() } };
    },
  },
  verify: {
    async before(context) {
      throwIf(refuseUnlessHead(context.user));
      const returned = await returnIfShort(context);
      if (returned) return returned;
      const { by, at } = stamp(context);
      return { set: { verified_by: by, verified_at: at } };
    },
  },
  approve: {
    async before(context) {
      const returned = await returnIfShort(context);
      if (returned) return returned;
      const { by, at } = stamp(context);
      return { set: { approved_by: by, approved_at: at } };
    },
    // One attempt per paper: the key of every later mark, attendance row and result line.
    async after({ tx, after }) {
      await createAttempts(tx, after as unknown as Form);
    },
  },
  return: backward(),
  reject: backward(),
  cancel: {
    async before(context) {
      const form = formOf(context);
      const link = await examLink(context.tx, form);
      throwIf(refuseCancelAfterConduct(form, link.phase));
      // Before conduct its attempts go with it (nothing refers to them yet).
      await context.tx.attempt.deleteMany({ where: { form_id: form.form_id } });
      return { set: { status_reason: context.input.reason } };
    },
  },
};

/**
 * What each phase of an exam course link locks (lifecycle spec §2.2): fields an edit may change, deletion
 * only while PLANNED.
 */
export const examCcinfoRules: ResourceRules = {
  async beforeUpdate(tx, record, changes) {
    const open = editableInPhase(String(record.phase));
    const key = {
      exam_id: String(record.exam_id),
      session_id: String(record.session_id),
      course_comb_id: String(record.course_comb_id),
      sem_id: String(record.sem_id),
    };
    const stored = ((await tx.examCcinfo.findUnique({ where: { key } })) ?? {}) as Record<string, unknown>;
    const same = (a: unknown, b: unknown) =>
      a instanceof Date || b instanceof Date
        ? a != null && b != null && new Date(a as string).getTime() === new Date(b as string).getTime()
        : String(a ?? '') === String(b ?? '');
    // A form sends every field: only those whose value changes are checked against the phase.
    const changed = Object.keys(changes).filter((f) => !same(stored[f], changes[f]));
    throwIf(refuseLockedFields(String(record.phase), open, changed));
    return {};
  },
  async beforeDelete(_tx, row) {
    throwIf(refuseLinkDelete(row));
  },
};

/** Attempts are created and removed by the form workflow only. */
export const readOnlyRules: ResourceRules = {
  async beforeCreate(_tx, rows) {
    return new Map(rows.map((_, i) => [i, attemptNotAdded()]));
  },
  async beforeUpdate() {
    throw attemptReadOnly();
  },
  async beforeDelete() {
    throw attemptNotDeleted();
  },
};
