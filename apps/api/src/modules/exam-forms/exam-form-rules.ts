import { randomBytes } from 'node:crypto';
import {
  computeFee,
  examFormWorkflow,
  examPhase,
  toPaise,
  typeList,
  type CandidateType,
  type FeeLine,
} from '@exam/contracts';
import type { Prisma } from '@exam/db';
import { AppError, invalid } from '../../platform/http/errors.ts';

/**
 * The rules of an exam form that need the database (lifecycle spec S2): the window, who may apply for what,
 * the papers (regular ones from the student's studentpaper rows, back and improvement ones only from the
 * eligible list), one form per student per exam course-semester, the rule set's attendance threshold, attempt
 * limit and maximum duration, and the fee with its explanation. Each refusal is a 4xx saying why; the
 * caller's transaction then stores nothing.
 */

type Tx = Prisma.TransactionClient;
type Errors = Record<string, string[]>;

export interface CourseSemester {
  session_id: string;
  course_comb_id: string;
  sem_id: string;
}
export interface FormTarget extends CourseSemester {
  exam_id: string;
  student_id: string;
}
export interface PaperKey extends CourseSemester {
  paper_id: string;
}
export interface FormPaper extends PaperKey {
  attempt_type: 'REGULAR' | 'BACK' | 'IMPROVEMENT';
  attempt_no: number;
}

/**
 * The rule-set numbers of eligibility (lifecycle spec §8.4 and S2), with the defaults a rule set may
 * override.
 */
export const eligibilityDefaults = {
  attendance_min_percent: '75',
  max_attempts_per_paper: 5,
  completion_extra_years: 2,
};

const paperText = (p: PaperKey) => `${p.paper_id} (${p.session_id}/${p.course_comb_id}/${p.sem_id})`;
const semesterText = (k: CourseSemester) => `${k.course_comb_id} ${k.sem_id} (${k.session_id})`;
/** The start year of a session id such as "2024-25". */
const startYear = (session: string) => Number(/^\d{4}/.exec(session)?.[0] ?? NaN);

/** A generated key: a letter, the time and randomness (sortable by creation, ≤ 30 characters). */
export const newId = (prefix: string) =>
  `${prefix}${Date.now().toString(36).toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`;

/** The exam course link of a form, refusing one that does not exist (422 naming it). */
export async function examLink(tx: Tx, key: FormTarget) {
  const link = await tx.examCcinfo.findUnique({
    where: {
      key: {
        exam_id: key.exam_id,
        session_id: key.session_id,
        course_comb_id: key.course_comb_id,
        sem_id: key.sem_id,
      },
    },
  });
  if (!link)
    throw invalid({
      exam_id: [
        `${semesterText(key)} does not sit exam ${key.exam_id}; the exam office links it on List Exams CC Info.`,
      ],
    });
  return link;
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
  const where = `${semesterText(link)} in ${link.exam_id}`;
  if (link.phase !== 'FORMS_OPEN') {
    const label = examPhase.options.find((o) => o.value === link.phase)?.label ?? link.phase;
    throw new AppError(
      'LOCKED',
      `Exam forms for ${where} are not open: the exam is ${label} (${link.phase}). Forms can be filled only while it is Forms open.`,
    );
  }
  if (link.form_open_at && now < link.form_open_at)
    throw new AppError(
      'LOCKED',
      `Exam forms for ${where} open on ${link.form_open_at.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    );
  if (link.late_fee_close_at && now > link.late_fee_close_at) {
    throw new AppError(
      'LOCKED',
      `Exam forms for ${where} closed on ${link.late_fee_close_at.toISOString().slice(0, 16).replace('T', ' ')} UTC (the end of the late-fee window); no form can be filled or submitted now.`,
    );
  }
}

/**
 * The rule-set numbers that apply to a student: from the rule set its enrolment froze (the latest one if none
 * in this semester).
 */
export async function eligibilityRules(tx: Tx, studentId: string, semester?: CourseSemester) {
  const enrolment =
    (semester &&
      (await tx.studentCcinfo.findUnique({
        where: { key: { student_id: studentId, ...semester } },
        select: { ruleset_id: true, ruleset_version: true },
      }))) ||
    (await tx.studentCcinfo.findFirst({
      where: { student_id: studentId },
      orderBy: { session_id: 'desc' },
      select: { ruleset_id: true, ruleset_version: true },
    }));
  const ruleset =
    enrolment &&
    (await tx.ruleset.findUnique({
      where: { key: { ruleset_id: enrolment.ruleset_id, version: enrolment.ruleset_version } },
      select: { ruleset_id: true, version: true, rules: true },
    }));
  const rules = (ruleset?.rules ?? {}) as {
    eligibility?: { attendance_min_percent?: number | string };
    atkt?: { max_attempts_per_paper?: number; completion_extra_years?: number };
  };
  return {
    source: ruleset ? `rule set ${ruleset.ruleset_id} v${ruleset.version}` : 'the default rules',
    attendance_min_percent: String(
      rules.eligibility?.attendance_min_percent ?? eligibilityDefaults.attendance_min_percent,
    ),
    max_attempts_per_paper: rules.atkt?.max_attempts_per_paper ?? eligibilityDefaults.max_attempts_per_paper,
    completion_extra_years: rules.atkt?.completion_extra_years ?? eligibilityDefaults.completion_extra_years,
  };
}

/** The papers a student may add as back or improvement papers: open backlog rows within the attempt limit. */
export async function eligiblePapers(tx: Tx, studentId: string) {
  const rules = await eligibilityRules(tx, studentId);
  const rows = await tx.backlog.findMany({
    where: { student_id: studentId, status: 'OPEN' },
    orderBy: [{ session_id: 'asc' }, { sem_id: 'asc' }, { paper_id: 'asc' }],
    include: { paperinfosem: { select: { th_pr_status: true, paper: { select: { paper_name: true } } } } },
  });
  return rows.map((b) => {
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
      why: exhausted ? `All ${rules.max_attempts_per_paper} attempts used (${rules.source})` : null,
    };
  });
}

/**
 * The exam course links open for forms in the semesters of a student's enrolments (regular) and backlogs
 * (back), without a form of the student yet.
 */
export async function openLinks(tx: Tx, studentId: string) {
  const [enrolments, backlogs, forms] = await Promise.all([
    tx.studentCcinfo.findMany({
      where: { student_id: studentId },
      select: { session_id: true, course_comb_id: true, sem_id: true },
    }),
    tx.backlog.findMany({
      where: { student_id: studentId, status: 'OPEN' },
      select: { session_id: true, course_comb_id: true, sem_id: true },
    }),
    tx.examForm.findMany({
      where: { student_id: studentId },
      select: { exam_id: true, session_id: true, course_comb_id: true, sem_id: true },
    }),
  ]);
  // A link the student already has a form for is not offered again (one form per semester).
  const filled = new Set(forms.map((f) => `${f.exam_id}/${f.session_id}/${f.course_comb_id}/${f.sem_id}`));
  const semesters = [...enrolments, ...backlogs];
  if (!semesters.length) return [];
  const links = await tx.examCcinfo.findMany({
    where: {
      phase: 'FORMS_OPEN',
      OR: semesters.map(({ session_id, course_comb_id, sem_id }) => ({ session_id, course_comb_id, sem_id })),
    },
    orderBy: [{ exam_id: 'asc' }, { session_id: 'asc' }, { course_comb_id: 'asc' }, { sem_id: 'asc' }],
  });
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
 * The maximum duration (nominal years + the rule set's extra years): refused once the exam's session lies
 * beyond it.
 */
async function durationProblem(tx: Tx, target: FormTarget, extraYears: number, source: string) {
  const [student, course, exam] = await Promise.all([
    tx.student.findUnique({
      where: { student_id: target.student_id },
      select: { admission_session_id: true },
    }),
    tx.course.findUnique({
      where: { course_comb_id: target.course_comb_id },
      select: { duration_years: true },
    }),
    tx.exam.findUnique({ where: { exam_id: target.exam_id }, select: { session_id: true } }),
  ]);
  if (!student || !course || !exam) return undefined;
  const allowed = (course.duration_years ?? 3) + extraYears;
  const years = startYear(exam.session_id) - startYear(student.admission_session_id);
  return years >= allowed
    ? `Student ${target.student_id} (batch ${student.admission_session_id}) is beyond the maximum duration of ${allowed} years for ${target.course_comb_id} (${course.duration_years ?? 3} nominal + ${extraYears}, ${source}); exam session ${exam.session_id}.`
    : undefined;
}

/**
 * The papers of a form and what is wrong with them: regular ones are the enrolment's ACTIVE studentpaper rows
 * (a REGULAR or EX candidate), chosen ones must be in the eligible list within the attempt limit. 422 naming
 * each problem.
 */
export async function formPapers(
  tx: Tx,
  target: FormTarget,
  candidate: CandidateType,
  chosen: ReadonlyArray<PaperKey & { attempt_type: 'BACK' | 'IMPROVEMENT' }>,
): Promise<FormPaper[]> {
  const errors: Errors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const semester = {
    session_id: target.session_id,
    course_comb_id: target.course_comb_id,
    sem_id: target.sem_id,
  };
  const rules = await eligibilityRules(tx, target.student_id, semester);
  const papers: FormPaper[] = [];
  if (candidate === 'REGULAR' || candidate === 'EX') {
    const enrolment = await tx.studentCcinfo.findUnique({
      where: { key: { student_id: target.student_id, ...semester } },
      select: { student_id: true },
    });
    if (!enrolment)
      add(
        'candidate_type',
        `Student ${target.student_id} is not enrolled in ${semesterText(semester)}; a ${candidate === 'EX' ? 'ex-student' : 'regular'} form needs that enrolment (back candidates fill a back-paper form).`,
      );
    const rows = await tx.studentPaper.findMany({
      where: { student_id: target.student_id, ...semester, status: 'ACTIVE' },
      orderBy: { paper_id: 'asc' },
      select: { paper_id: true },
    });
    if (enrolment && !rows.length)
      add(
        'candidate_type',
        `Enrolment ${semesterText(semester)} of ${target.student_id} has no active papers.`,
      );
    papers.push(
      ...rows.map((r) => ({
        ...semester,
        paper_id: r.paper_id,
        attempt_type: 'REGULAR' as const,
        attempt_no: 1,
      })),
    );
  } else if (!chosen.length) {
    add(
      'extra_papers',
      `A ${candidate === 'BACK' ? 'back-paper' : 'improvement'} form needs at least one paper from the eligible list.`,
    );
  }
  const eligible = await eligiblePapers(tx, target.student_id);
  const seen = new Set(papers.map((p) => `${p.session_id}/${p.course_comb_id}/${p.sem_id}/${p.paper_id}`));
  for (const paper of chosen) {
    const id = `${paper.session_id}/${paper.course_comb_id}/${paper.sem_id}/${paper.paper_id}`;
    const match = eligible.find(
      (e) => `${e.session_id}/${e.course_comb_id}/${e.sem_id}/${e.paper_id}` === id,
    );
    if (seen.has(id)) add('extra_papers', `${paperText(paper)} is on the form twice.`);
    else if (!match)
      add(
        'extra_papers',
        `${paperText(paper)} is not in the eligible list of ${target.student_id}: it is not an open back paper (a paper already passed cannot be taken again as a back paper).`,
      );
    else if (match.attempt_type !== paper.attempt_type)
      add(
        'extra_papers',
        `${paperText(paper)} may be taken only as ${match.attempt_type === 'BACK' ? 'a back paper (BACK)' : 'an improvement (IMPROVEMENT)'}.`,
      );
    else if (!match.eligible) add('extra_papers', `${paperText(paper)}: ${match.why}.`);
    else papers.push({ ...paper, attempt_no: match.attempt_no });
    seen.add(id);
  }
  if (chosen.length) {
    const tooLong = await durationProblem(tx, target, rules.completion_extra_years, rules.source);
    if (tooLong) add('student_id', tooLong);
  }
  if (Object.keys(errors).length) throw invalid(errors);
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
  const student = await tx.student.findUnique({
    where: { student_id: studentId },
    select: { category: true },
  });
  const practical = papers.length
    ? await tx.paperInfoSem.count({
        where: {
          OR: papers.map((p) => ({
            session_id: p.session_id,
            course_comb_id: p.course_comb_id,
            sem_id: p.sem_id,
            paper_id: p.paper_id,
          })),
          th_pr_status: 'PR',
        },
      })
    : 0;
  return computeFee(link, {
    category: student?.category ?? 'GEN',
    backPapers: papers.filter((p) => p.attempt_type !== 'REGULAR').length,
    practicalPapers: practical,
    at,
  });
}

/**
 * The attendance rule at verification and approval: a regular or ex candidate whose enrolment's attendance is
 * below the rule set's threshold (or not recorded) is returned with the reason. Answers the reason, or
 * undefined.
 */
export async function attendanceShortfall(tx: Tx, form: FormTarget & { candidate_type: string }) {
  if (form.candidate_type !== 'REGULAR') return undefined;
  const semester = { session_id: form.session_id, course_comb_id: form.course_comb_id, sem_id: form.sem_id };
  const rules = await eligibilityRules(tx, form.student_id, semester);
  const enrolment = await tx.studentCcinfo.findUnique({
    where: { key: { student_id: form.student_id, ...semester } },
    select: { attendance_percent: true },
  });
  const attendance = enrolment?.attendance_percent;
  if (attendance == null)
    return `Attendance of ${form.student_id} in ${semesterText(semester)} is not recorded; the college records it (at least ${rules.attendance_min_percent} %, ${rules.source}).`;
  // Both have at most two decimals: compare in hundredths, exactly.
  if (toPaise(attendance) < toPaise(rules.attendance_min_percent)) {
    return `Attendance ${attendance} % is below the required ${rules.attendance_min_percent} % (${rules.source}).`;
  }
  return undefined;
}

/** Whether the link admits a candidate type (its allow_types). */
export function refuseType(link: { allow_types: string }, candidate: string) {
  if (!typeList(link.allow_types).includes(candidate)) {
    throw invalid({
      candidate_type: [
        `This exam course-semester takes ${typeList(link.allow_types).join(', ')} candidates, not ${candidate}.`,
      ],
    });
  }
}

/** The statuses in which a form's papers may still be edited by its filler. */
export const editableStatuses: readonly string[] = ['DRAFT', 'RETURNED'];
export const formStatusLabel = (status: string) => examFormWorkflow.labelOf(status);
export type { FeeLine };
