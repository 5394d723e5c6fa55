import { examFormSubmitAnswer, payBody, toPaise, editableInPhase, examPhase } from '@exam/contracts';
import type { Prisma } from '@exam/db';
import type { ResourceRules } from '../../platform/crud/registry.ts';
import { AppError, forbidden, invalid } from '../../platform/http/errors.ts';
import type { ActionContext, ActionEffect } from '../../platform/workflows/effects.ts';
import { setPaperChoicesLock } from '../students/index.ts';
import { clashText, formClashes } from './timetable-routes.ts';
import {
  attendanceShortfall,
  examLink,
  feeOf,
  formPapers,
  newId,
  refuseOutsideWindow,
  type FormPaper,
  type FormTarget,
} from './exam-form-rules.ts';

/**
 * What each exam-form action does in the database (state machine A, lifecycle spec §2.3), run by the
 * platform's workflow router inside the action's transaction: a refusal leaves the form and everything else
 * as they were.
 */

type Tx = Prisma.TransactionClient;
type Form = FormTarget & {
  form_id: string;
  candidate_type: string;
  college_id: string;
  fee_amount: string;
  papers?: FormPaper[];
};

const formOf = (context: ActionContext) => context.record as unknown as Form;
const semesterOf = (f: FormTarget) => ({
  student_id: f.student_id,
  session_id: f.session_id,
  course_comb_id: f.course_comb_id,
  sem_id: f.sem_id,
});
const stamp = (context: ActionContext) => ({ by: context.user.email, at: new Date() });

/** Replaces a form's papers (the regular ones re-read from studentpaper, the chosen ones re-checked). */
export async function storePapers(tx: Tx, formId: string, papers: readonly FormPaper[]) {
  await tx.examFormPaper.deleteMany({ where: { form_id: formId } });
  await tx.examFormPaper.createMany({ data: papers.map((p) => ({ form_id: formId, ...p })) });
}

/**
 * College verification is the college head's (lifecycle spec §2.5: faculty "W if college head"): the grants
 * give a college's faculty exam-forms.verify within its college; of those users only the head
 * (users.college_head) acts.
 */
function refuseUnlessHead(context: ActionContext) {
  if (context.user.role === 'faculty' && !context.user.college_head) {
    throw forbidden(
      `Only the head of college ${context.user.college_id ?? ''} verifies, returns or rejects its exam forms; ask the principal's office.`,
    );
  }
}

/** A returned or rejected form keeps why; its semester's paper choices reopen. */
const backward = (): ActionEffect => ({
  async before(context) {
    refuseUnlessHead(context);
    await setPaperChoicesLock(context.tx, semesterOf(formOf(context)), null);
    return { set: { status_reason: context.input.reason } };
  },
});

/**
 * A form verified or approved with attendance below the threshold goes back to its filler with the reason
 * instead.
 */
async function returnIfShort(context: ActionContext) {
  const form = formOf(context);
  const short = await attendanceShortfall(context.tx, form);
  if (!short) return undefined;
  await setPaperChoicesLock(context.tx, semesterOf(form), null);
  return {
    to: 'RETURNED',
    set: { status_reason: short },
    message: `Exam form ${form.form_id} is returned: ${short}`,
  };
}

export const examFormEffects: Record<string, ActionEffect> = {
  submit: {
    async before(context) {
      const { tx } = context;
      const form = formOf(context);
      const link = await examLink(tx, form);
      refuseOutsideWindow(link);
      const chosen = (form.papers ?? []).filter((p) => p.attempt_type !== 'REGULAR') as Array<
        FormPaper & { attempt_type: 'BACK' | 'IMPROVEMENT' }
      >;
      const papers = await formPapers(tx, form, form.candidate_type as never, chosen);
      await storePapers(tx, form.form_id, papers);
      const now = new Date();
      const fee = await feeOf(tx, link, form.student_id, papers, now);
      // The semester's paper choices close with the first submitted form (students module: 409 LOCKED after).
      await setPaperChoicesLock(tx, semesterOf(form), now);
      // A timetable clash (lifecycle S2) is reported, never refused: office resolves it by moving a slot.
      const clashes = await formClashes(tx, form.form_id);
      return {
        set: { fee_amount: fee.total, late_fee: fee.late, submitted_at: now, status_reason: null },
        extra: { clashes },
        ...(clashes.length
          ? {
              message: `Exam form ${form.form_id} is now Submitted, with ${clashes.length === 1 ? 'a timetable clash' : `${clashes.length} timetable clashes`} (two papers at one date and shift): ${clashText(clashes)}. The examination office resolves it with a special slot.`,
            }
          : {}),
      };
    },
    extra: examFormSubmitAnswer,
  },
  pay: {
    body: payBody,
    async before(context) {
      const form = formOf(context);
      const amount = String(context.input.amount);
      if (toPaise(amount) < toPaise(form.fee_amount)) {
        throw invalid({
          amount: [
            `₹${amount} is less than the fee of ₹${form.fee_amount} for form ${form.form_id}; the full fee is needed.`,
          ],
        });
      }
      return { set: { payment_ref: context.input.payment_ref, paid_amount: amount, paid_at: new Date() } };
    },
  },
  verify: {
    async before(context) {
      refuseUnlessHead(context);
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
      const form = after as unknown as Form;
      const papers = await tx.examFormPaper.findMany({
        where: { form_id: form.form_id },
        orderBy: { paper_id: 'asc' },
      });
      await tx.attempt.createMany({
        data: papers.map((p) => ({
          attempt_id: newId('A'),
          exam_id: form.exam_id,
          student_id: form.student_id,
          session_id: p.session_id,
          course_comb_id: p.course_comb_id,
          sem_id: p.sem_id,
          paper_id: p.paper_id,
          form_id: form.form_id,
          college_id: form.college_id,
          attempt_type: p.attempt_type,
          attempt_no: p.attempt_no,
        })),
      });
    },
  },
  return: backward(),
  reject: backward(),
  cancel: {
    async before(context) {
      const form = formOf(context);
      const link = await examLink(context.tx, form);
      const order = examPhase.values as readonly string[];
      if (order.indexOf(link.phase) >= order.indexOf('IN_CONDUCT')) {
        throw new AppError(
          'LOCKED',
          `Exam form ${form.form_id} cannot be cancelled: ${form.exam_id} is already ${link.phase} for ${form.course_comb_id} ${form.sem_id}. After conduct the decision is UFM/RW, not a cancellation.`,
        );
      }
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
    const locked = Object.keys(changes).filter((f) => !open.includes(f) && !same(stored[f], changes[f]));
    if (locked.length) {
      throw new AppError(
        'LOCKED',
        `${locked.join(', ')} cannot change while the exam course link is ${String(record.phase)}${open.length ? `; only ${open.join(', ')} may` : ''}.`,
      );
    }
    return {};
  },
  async beforeDelete(_tx, row) {
    if (row.phase !== 'PLANNED')
      throw new AppError(
        'LOCKED',
        `Exam course link ${String(row.exam_id)} / ${String(row.course_comb_id)} ${String(row.sem_id)} is ${String(row.phase)}; only a Planned one can be deleted.`,
      );
  },
};

/** Attempts are created and removed by the form workflow only. */
export const readOnlyRules: ResourceRules = {
  async beforeCreate(_tx, rows) {
    return new Map(
      rows.map((_, i) => [
        i,
        { attempt_id: ['Attempts are created when an exam form is approved; they cannot be added by hand.'] },
      ]),
    );
  },
  async beforeUpdate() {
    throw new AppError('LOCKED', 'Attempts are read-only: they follow their exam form.');
  },
  async beforeDelete() {
    throw new AppError('LOCKED', 'Attempts are removed only by cancelling their exam form before conduct.');
  },
};
