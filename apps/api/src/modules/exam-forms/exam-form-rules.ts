import {
  examPhase,
  label,
  msg,
  toPaise,
  typeList,
  type CandidateType,
  type ExamFormCreate,
  type FormClash,
  type Message,
  type TimetableClash,
} from '@exam/contracts';
import {
  AppError,
  duplicateKey,
  forbidden,
  invalid,
  staleEdit,
  type FieldErrors,
} from '../../platform/http/errors.ts';
import type { CourseSemester, FormPaper, FormTarget, PaperKey } from './exam-form-store.ts';

/**
 * The rules of an exam form (lifecycle spec S2) as pure functions of what the store read: the window, who may
 * apply for what, the papers (regular ones from the student's studentpaper rows, back and improvement ones
 * only from the eligible list), one form per student per exam course-semester, the rule set's attendance
 * threshold, attempt limit and maximum duration. Each answers a refusal (an AppError to throw), a message or
 * nothing; none reads the database.
 */

/**
 * The rule-set numbers of eligibility (lifecycle spec §8.4 and S2), with the defaults a rule set may
 * override.
 */
export const eligibilityDefaults = {
  attendance_min_percent: '75',
  max_attempts_per_paper: 5,
  completion_extra_years: 2,
};

const semester = (k: CourseSemester) => ({
  course_comb_id: k.course_comb_id,
  sem_id: k.sem_id,
  session_id: k.session_id,
});
const paperText = (p: PaperKey) => `${p.paper_id} (${p.session_id}/${p.course_comb_id}/${p.sem_id})`;
/** The start year of a session id such as "2024-25". */
const startYear = (session: string) => Number(/^\d{4}/.exec(session)?.[0] ?? NaN);
/** A time as the refusals show it: "2024-12-06 10:00" (UTC). */
const minutes = (at: Date) => at.toISOString().slice(0, 16).replace('T', ' ');

/** A form needs its exam's link to the course-semester (422 naming it). */
export function refuseWithoutLink(key: FormTarget, link: unknown) {
  if (link) return undefined;
  return invalid({ exam_id: [msg('examForms.noCourseLink', { ...semester(key), exam_id: key.exam_id })] });
}

/**
 * 409 LOCKED unless forms of the link are open now: phase FORMS_OPEN, after form_open_at, before
 * late_fee_close_at.
 */
export function refuseOutsideWindow(
  link: {
    exam_id: string;
    phase: string;
    form_open_at: Date | null;
    late_fee_close_at: Date | null;
  } & CourseSemester,
  now = new Date(),
) {
  const where = { ...semester(link), exam_id: link.exam_id };
  if (link.phase !== 'FORMS_OPEN') {
    const phaseLabel = examPhase.options.find((o) => o.value === link.phase)?.label ?? link.phase;
    return new AppError(
      'LOCKED',
      msg('examForms.formsNotOpen', { ...where, phase_label: label(phaseLabel), phase: link.phase }),
    );
  }
  if (link.form_open_at && now < link.form_open_at)
    return new AppError('LOCKED', msg('examForms.formsOpenOn', { ...where, at: minutes(link.form_open_at) }));
  if (link.late_fee_close_at && now > link.late_fee_close_at)
    return new AppError(
      'LOCKED',
      msg('examForms.formsClosedOn', { ...where, at: minutes(link.late_fee_close_at) }),
    );
  return undefined;
}

/** Whether the link admits a candidate type (its allow_types). */
export function refuseType(link: { allow_types: string }, candidate: string) {
  const types = typeList(link.allow_types);
  if (types.includes(candidate)) return undefined;
  return invalid({
    candidate_type: [msg('examForms.typeNotTaken', { types: types.join(', '), candidate })],
  });
}

/** The rule-set numbers that apply to a student, and where they come from. */
export interface Eligibility {
  source: Message;
  attendance_min_percent: string;
  max_attempts_per_paper: number;
  completion_extra_years: number;
}

/** The eligibility numbers of a rule set (the defaults where it has none, or there is no rule set). */
export function eligibilityOf(
  ruleset: { ruleset_id: string; version: number; rules: unknown } | null,
): Eligibility {
  const rules = (ruleset?.rules ?? {}) as {
    eligibility?: { attendance_min_percent?: number | string };
    atkt?: { max_attempts_per_paper?: number; completion_extra_years?: number };
  };
  return {
    source: ruleset
      ? msg('examForms.ruleSet', { ruleset_id: ruleset.ruleset_id, version: ruleset.version })
      : msg('examForms.defaultRules'),
    attendance_min_percent: String(
      rules.eligibility?.attendance_min_percent ?? eligibilityDefaults.attendance_min_percent,
    ),
    max_attempts_per_paper: rules.atkt?.max_attempts_per_paper ?? eligibilityDefaults.max_attempts_per_paper,
    completion_extra_years: rules.atkt?.completion_extra_years ?? eligibilityDefaults.completion_extra_years,
  };
}

/** An open backlog row as the eligible list reads it. */
export interface Backlog extends PaperKey {
  reason: string;
  attempts_used: number;
  first_exam_id: string | null;
  paperinfosem: { paper: { paper_name: string } };
}

/** A paper a student may add as a back or improvement paper, and why not when it may not. */
export interface EligiblePaper extends PaperKey {
  paper_name: string;
  attempt_type: 'BACK' | 'IMPROVEMENT';
  attempt_no: number;
  first_exam_id: string | null;
  reason: string;
  eligible: boolean;
  why: Message | null;
}

/** The eligible list: open backlog rows within the attempt limit. */
export function eligibleFrom(backlogs: readonly Backlog[], rules: Eligibility): EligiblePaper[] {
  return backlogs.map((b) => {
    const attempt_type = b.reason === 'IMPROVEMENT' ? ('IMPROVEMENT' as const) : ('BACK' as const);
    const exhausted = b.attempts_used >= rules.max_attempts_per_paper;
    return {
      session_id: b.session_id,
      course_comb_id: b.course_comb_id,
      sem_id: b.sem_id,
      paper_id: b.paper_id,
      paper_name: b.paperinfosem.paper.paper_name,
      attempt_type,
      attempt_no: b.attempts_used + 1,
      first_exam_id: b.first_exam_id,
      reason: b.reason,
      eligible: !exhausted,
      why: exhausted
        ? msg('examForms.attemptsUsed', { max: rules.max_attempts_per_paper, source: rules.source })
        : null,
    };
  });
}

/**
 * The maximum duration (nominal years + the rule set's extra years): refused once the exam's session lies
 * beyond it.
 */
export function durationProblem(
  target: FormTarget,
  facts: { admission_session_id: string; duration_years: number | null; exam_session_id: string } | undefined,
  rules: Eligibility,
): Message | undefined {
  if (!facts) return undefined;
  const nominal = facts.duration_years ?? 3;
  const allowed = nominal + rules.completion_extra_years;
  const years = startYear(facts.exam_session_id) - startYear(facts.admission_session_id);
  if (years < allowed) return undefined;
  return msg('examForms.beyondDuration', {
    student_id: target.student_id,
    admission_session_id: facts.admission_session_id,
    allowed,
    course_comb_id: target.course_comb_id,
    nominal,
    extra: rules.completion_extra_years,
    source: rules.source,
    session_id: facts.exam_session_id,
  });
}

/** What the papers of a form are chosen from. */
export interface PaperFacts {
  /** Whether the student is enrolled in the form's course-semester. */
  enrolled: boolean;
  /** The enrolment's ACTIVE papers (regular and ex-student forms). */
  activePapers: readonly string[];
  eligible: readonly EligiblePaper[];
  /** Why the student is beyond the maximum duration (checked when back papers are chosen). */
  tooLong: Message | undefined;
}

/**
 * The papers of a form and what is wrong with them: regular ones are the enrolment's ACTIVE studentpaper rows
 * (a REGULAR or EX candidate), chosen ones must be in the eligible list within the attempt limit. Answers the
 * papers, or the refusal naming each problem (422).
 */
export function choosePapers(
  target: FormTarget,
  candidate: CandidateType,
  chosen: ReadonlyArray<PaperKey & { attempt_type: 'BACK' | 'IMPROVEMENT' }>,
  facts: PaperFacts,
): { papers: FormPaper[]; refusal?: AppError } {
  const errors: FieldErrors = {};
  const add = (field: string, message: Message) => (errors[field] ??= []).push(message);
  const papers: FormPaper[] = [];
  if (candidate === 'REGULAR' || candidate === 'EX') {
    if (!facts.enrolled)
      add(
        'candidate_type',
        msg('examForms.notEnrolled', {
          student_id: target.student_id,
          ...semester(target),
          kind: msg(candidate === 'EX' ? 'examForms.kindExStudent' : 'examForms.kindRegular'),
        }),
      );
    if (facts.enrolled && !facts.activePapers.length)
      add(
        'candidate_type',
        msg('examForms.noActivePapers', { ...semester(target), student_id: target.student_id }),
      );
    papers.push(
      ...facts.activePapers.map((paper_id) => ({
        ...semester(target),
        paper_id,
        attempt_type: 'REGULAR' as const,
        attempt_no: 1,
      })),
    );
  } else if (!chosen.length) {
    add(
      'extra_papers',
      msg('examForms.needsEligiblePaper', {
        kind: msg(candidate === 'BACK' ? 'examForms.kindBackPaper' : 'examForms.kindImprovement'),
      }),
    );
  }
  const idOf = (p: PaperKey) => `${p.session_id}/${p.course_comb_id}/${p.sem_id}/${p.paper_id}`;
  const seen = new Set(papers.map(idOf));
  for (const paper of chosen) {
    const id = idOf(paper);
    const match = facts.eligible.find((e) => idOf(e) === id);
    const named = { paper: paperText(paper) };
    if (seen.has(id)) add('extra_papers', msg('examForms.paperTwice', named));
    else if (!match)
      add('extra_papers', msg('examForms.paperNotEligible', { ...named, student_id: target.student_id }));
    else if (match.attempt_type !== paper.attempt_type)
      add(
        'extra_papers',
        msg('examForms.paperOnlyAs', {
          ...named,
          as: msg(match.attempt_type === 'BACK' ? 'examForms.asBack' : 'examForms.asImprovement'),
        }),
      );
    else if (!match.eligible)
      add('extra_papers', msg('examForms.paperIneligible', { ...named, why: match.why }));
    else papers.push({ ...paper, attempt_no: match.attempt_no });
    seen.add(id);
  }
  if (chosen.length && facts.tooLong) add('student_id', facts.tooLong);
  return Object.keys(errors).length ? { papers, refusal: invalid(errors) } : { papers };
}

/**
 * The attendance rule at verification and approval, for a regular candidate: attendance not recorded yet is
 * a refusal (409 NOT_READY: the form stays where it is until the college records it); attendance below the
 * rule set's threshold returns the form with the reason (lifecycle spec §3 S2: 74.9 % against 75 is
 * returned). Answers the refusal or the reason, or nothing when the rule is met.
 */
export function attendanceCheck(
  form: FormTarget & { candidate_type: string },
  rules: Eligibility,
  attendance: string | null | undefined,
): { refusal?: AppError; shortfall?: Message } {
  if (form.candidate_type !== 'REGULAR') return {};
  const min = rules.attendance_min_percent;
  if (attendance == null) {
    const missing = msg('examForms.attendanceNotRecorded', {
      student_id: form.student_id,
      ...semester(form),
      min,
      source: rules.source,
    });
    return { refusal: new AppError('NOT_READY', missing) };
  }
  // Both have at most two decimals: compare in hundredths, exactly.
  if (toPaise(attendance) < toPaise(min))
    return { shortfall: msg('examForms.attendanceBelow', { attendance, min, source: rules.source }) };
  return {};
}

/** The statuses in which a form's papers may still be edited by its filler. */
export const editableStatuses: readonly string[] = ['DRAFT', 'RETURNED'];

/** A student fills only its own form (the scope's fields that the input has outside the caller's reach). */
export function refuseForeignForm(outOfScope: Record<string, string | null>) {
  if (!Object.keys(outOfScope).length) return undefined;
  return new AppError(
    'OUT_OF_SCOPE',
    msg('examForms.fillOwnOnly', { student_id: outOfScope.student_id ?? msg('examForms.noStudent') }),
  );
}

/** A form needs its student. */
export function refuseUnknownStudent(studentId: string, exists: boolean) {
  if (exists) return undefined;
  return invalid({ student_id: [msg('examForms.noSuchStudent', { student_id: studentId })] });
}

/** One form per student per exam course-semester. */
export function refuseSecondForm(
  input: ExamFormCreate,
  existing: { form_id: string; status: string } | null,
) {
  if (!existing) return undefined;
  return duplicateKey(
    msg('examForms.formExists', {
      student_id: input.student_id,
      form_id: existing.form_id,
      status: existing.status,
      course_comb_id: input.course_comb_id,
      sem_id: input.sem_id,
      exam_id: input.exam_id,
    }),
  );
}

/** The same rule when a concurrent request made the form first (the unique key answered). */
export const secondFormRace = (input: ExamFormCreate) =>
  duplicateKey(
    msg('examForms.formExistsRace', {
      student_id: input.student_id,
      course_comb_id: input.course_comb_id,
      sem_id: input.sem_id,
      exam_id: input.exam_id,
    }),
  );

/** An edit of a form someone else changed after it was opened (409). */
export function refuseStaleForm(formId: string, updatedAt: unknown, openedAt: string | null | undefined) {
  if (!openedAt || new Date(openedAt).getTime() === new Date(String(updatedAt)).getTime()) return undefined;
  return staleEdit(msg('examForms.staleForm', { form_id: formId }));
}

/** Only a draft or a returned form is changed by its filler. */
export function refuseNotEditable(formId: string, status: string) {
  if (editableStatuses.includes(status)) return undefined;
  return new AppError('LOCKED', msg('examForms.formNotEditable', { form_id: formId, status }));
}

/** The notice of a form created (a draft). */
export const draftSaved = (formId: string) => msg('examForms.formSavedDraft', { form_id: formId });

/** The notice of a form edited. */
export const formSaved = (formId: string) => msg('examForms.formSaved', { form_id: formId });

/** Exam forms are filled one by one with their papers, never imported. */
export const formNotImported = () => ({ form_id: [msg('examForms.formsNotImported')] });

/** Only a draft is deleted (a later form is rejected or cancelled). */
export function refuseFormDelete(row: Record<string, unknown>) {
  if (row.status === 'DRAFT') return undefined;
  return new AppError(
    'LOCKED',
    msg('examForms.formNotDeletable', { form_id: String(row.form_id), status: String(row.status) }),
  );
}

/**
 * College verification is the college head's (lifecycle spec §2.5: faculty "W if college head"): of a
 * college's faculty, who hold exam-forms.verify within it, only the head (users.college_head) acts.
 */
export function refuseUnlessHead(user: {
  role: string;
  college_head?: boolean | null;
  college_id?: string | null;
}) {
  if (user.role !== 'faculty' || user.college_head) return undefined;
  return forbidden(msg('examForms.onlyHead', { college_id: user.college_id ?? '' }));
}

/** The notice of a form returned to its filler instead of moving on (the attendance rule). */
export const returnedNotice = (formId: string, reason: Message) =>
  msg('examForms.formReturned', { form_id: formId, reason });

/** The clashes in words, for a message: "2024-12-06 FN: ENG101, HIS101; ...". */
export const clashText = (clashes: readonly Pick<TimetableClash, 'date' | 'shift' | 'papers'>[]) =>
  clashes.map((c) => `${c.date} ${c.shift}: ${c.papers.join(', ')}`).join('; ');

/** A timetable clash at submission is reported, never refused: the notice names them. */
export const submittedWithClashes = (formId: string, clashes: readonly FormClash[]) =>
  clashes.length
    ? msg('examForms.submittedWithClashes', {
        form_id: formId,
        count: clashes.length,
        clashes: clashText(clashes),
      })
    : undefined;

/** The full fee is paid at once. */
export function refuseShortPayment(form: { form_id: string; fee_amount: string }, amount: string) {
  if (toPaise(amount) >= toPaise(form.fee_amount)) return undefined;
  return invalid({
    amount: [msg('examForms.feeShort', { amount, fee: form.fee_amount, form_id: form.form_id })],
  });
}

/**
 * The payment a returned form kept, when it is submitted again: whether it covers the fee now, and the notice
 * that says so (or how much more is due). Nothing when the form was never paid.
 */
export function keptPayment(
  form: { form_id: string; paid_amount?: string | null; payment_ref?: string | null },
  fee: string,
): { covers: boolean; notice: Message } | undefined {
  if (form.paid_amount == null) return undefined;
  const paid = form.paid_amount;
  const ref = form.payment_ref ?? '';
  if (toPaise(paid) >= toPaise(fee))
    return { covers: true, notice: msg('examForms.paymentKept', { form_id: form.form_id, paid, fee, ref }) };
  return {
    covers: false,
    notice: msg('examForms.paymentShortNow', { form_id: form.form_id, paid, fee, ref }),
  };
}

/** A form is cancelled only before its exam's conduct (after it, the decision is UFM/RW). */
export function refuseCancelAfterConduct(form: FormTarget & { form_id: string }, phase: string) {
  const order = examPhase.values as readonly string[];
  if (order.indexOf(phase) < order.indexOf('IN_CONDUCT')) return undefined;
  return new AppError(
    'LOCKED',
    msg('examForms.notCancellable', {
      form_id: form.form_id,
      exam_id: form.exam_id,
      phase,
      course_comb_id: form.course_comb_id,
      sem_id: form.sem_id,
    }),
  );
}
