import { describe, expect, it } from 'vitest';
import { renderEnglish, type ExamFormCreate } from '@exam/contracts';
import type { AppError } from '../src/platform/http/errors.ts';
import {
  attendanceCheck,
  choosePapers,
  durationProblem,
  eligibilityOf,
  eligibleFrom,
  keptPayment,
  refuseCancelAfterConduct,
  refuseForeignForm,
  refuseNotEditable,
  refuseOutsideWindow,
  refuseSecondForm,
  refuseShortPayment,
  refuseStaleForm,
  refuseType,
  refuseUnlessHead,
  refuseWithoutLink,
  submittedWithClashes,
  type EligiblePaper,
} from '../src/modules/exam-forms/exam-form-rules.ts';
import { renderMessage } from '../src/platform/i18n/messages.ts';

/**
 * The pure rules of an exam form (exam-form-rules.ts): each answers its refusal as a message code with
 * parameters, or nothing.
 */

const codeOf = (refusal: AppError | undefined) => refusal?.reason.code;
const fieldCodes = (refusal: AppError | undefined) =>
  Object.fromEntries(Object.entries(refusal?.errors ?? {}).map(([f, list]) => [f, list.map((m) => m.code)]));

const target = {
  exam_id: 'MAIN-DEC-2024',
  student_id: '2024C101001',
  session_id: '2024-25',
  course_comb_id: 'BA',
  sem_id: '1',
};
const rules = eligibilityOf(null);

describe('the window and the candidate types of a link', () => {
  const link = {
    ...target,
    phase: 'FORMS_OPEN',
    form_open_at: new Date('2024-09-01T00:00:00Z'),
    late_fee_close_at: new Date('2024-10-31T00:00:00Z'),
  };
  const now = new Date('2024-10-01T00:00:00Z');

  it('needs the link, open, within its dates', () => {
    expect(fieldCodes(refuseWithoutLink(target, null))).toEqual({ exam_id: ['examForms.noCourseLink'] });
    expect(refuseWithoutLink(target, link)).toBeUndefined();
    expect(refuseOutsideWindow(link, now)).toBeUndefined();
    const planned = refuseOutsideWindow({ ...link, phase: 'PLANNED' }, now);
    expect([planned?.code, codeOf(planned)]).toEqual(['LOCKED', 'examForms.formsNotOpen']);
    expect(planned?.message).toMatch(/the exam is Planned \(PLANNED\)\. Forms can be filled only/);
    expect(codeOf(refuseOutsideWindow(link, new Date('2024-08-01T00:00:00Z')))).toBe('examForms.formsOpenOn');
    const late = refuseOutsideWindow(link, new Date('2024-11-01T00:00:00Z'));
    expect(late?.reason.params).toMatchObject({ at: '2024-10-31 00:00' });
  });

  it('takes only the candidate types the link allows', () => {
    const refusal = refuseType({ allow_types: 'REGULAR, EX' }, 'BACK');
    expect(fieldCodes(refusal)).toEqual({ candidate_type: ['examForms.typeNotTaken'] });
    expect(renderEnglish(refusal!.errors!.candidate_type![0]!)).toBe(
      'This exam course-semester takes REGULAR, EX candidates, not BACK.',
    );
    expect(refuseType({ allow_types: 'REGULAR,BACK' }, 'BACK')).toBeUndefined();
  });
});

describe('eligibility', () => {
  const backlog = {
    session_id: '2023-24',
    course_comb_id: 'BA',
    sem_id: '1',
    paper_id: 'HIS101',
    reason: 'FAIL',
    attempts_used: 2,
    first_exam_id: 'MAIN-DEC-2023',
    paperinfosem: { paper: { paper_name: 'History' } },
  };

  it('reads the numbers of the rule set, the defaults otherwise', () => {
    expect(rules.max_attempts_per_paper).toBe(5);
    expect(renderEnglish(rules.source)).toBe('the default rules');
    const own = eligibilityOf({
      ruleset_id: 'R1',
      version: 2,
      rules: { atkt: { max_attempts_per_paper: 2 } },
    });
    expect(own.max_attempts_per_paper).toBe(2);
    expect(renderEnglish(own.source)).toBe('rule set R1 v2');
  });

  it('lists open backlogs within the attempt limit, and says why one is not eligible', () => {
    const [open] = eligibleFrom([backlog], rules);
    expect(open).toMatchObject({ attempt_type: 'BACK', attempt_no: 3, eligible: true, why: null });
    const [used] = eligibleFrom([{ ...backlog, attempts_used: 5 }], rules);
    expect(used?.eligible).toBe(false);
    expect(renderEnglish(used!.why!)).toBe('All 5 attempts used (the default rules)');
    expect(renderMessage(used!.why!, 'hi')).toBe('सभी 5 प्रयास उपयोग हो चुके (डिफ़ॉल्ट नियम)');
    expect(eligibleFrom([{ ...backlog, reason: 'IMPROVEMENT' }], rules)[0]?.attempt_type).toBe('IMPROVEMENT');
  });

  it('refuses back papers beyond the maximum duration', () => {
    const facts = { admission_session_id: '2019-20', duration_years: 3, exam_session_id: '2024-25' };
    expect(durationProblem(target, facts, rules)?.params).toMatchObject({ allowed: 5, nominal: 3, extra: 2 });
    expect(durationProblem(target, { ...facts, admission_session_id: '2021-22' }, rules)).toBeUndefined();
    expect(durationProblem(target, undefined, rules)).toBeUndefined();
  });

  it('returns a regular candidate below the attendance threshold; refuses one without attendance', () => {
    const form = { ...target, candidate_type: 'REGULAR' };
    expect(attendanceCheck(form, rules, '74.9').shortfall?.code).toBe('examForms.attendanceBelow');
    expect(attendanceCheck(form, rules, '74.9').refusal).toBeUndefined();
    expect(attendanceCheck(form, rules, '75')).toEqual({});
    const missing = attendanceCheck(form, rules, null);
    expect(missing.shortfall).toBeUndefined();
    expect(missing.refusal).toMatchObject({ code: 'NOT_READY', status: 409 });
    expect((missing.refusal as AppError).message).toMatch(/is not recorded; the college records/);
    expect(attendanceCheck({ ...form, candidate_type: 'BACK' }, rules, '10')).toEqual({});
  });

  it('a resubmitted form keeps its payment: it covers the fee, or the notice says what is due', () => {
    const form = { form_id: 'EF1', paid_amount: '400.00', payment_ref: 'CH-12' };
    expect(keptPayment({ ...form, paid_amount: null }, '400.00')).toBeUndefined();
    const covers = keptPayment(form, '400.00')!;
    expect(covers.covers).toBe(true);
    expect(renderEnglish(covers.notice)).toContain('(₹400.00, reference CH-12) covers the fee of ₹400.00');
    const short = keptPayment(form, '450.00')!;
    expect(short.covers).toBe(false);
    expect(renderEnglish(short.notice)).toContain('is less than the fee of ₹450.00 now');
  });
});

describe('the papers of a form', () => {
  const eligible: EligiblePaper[] = eligibleFrom(
    [
      {
        session_id: '2023-24',
        course_comb_id: 'BA',
        sem_id: '1',
        paper_id: 'HIS101',
        reason: 'FAIL',
        attempts_used: 1,
        first_exam_id: null,
        paperinfosem: { paper: { paper_name: 'History' } },
      },
      {
        session_id: '2023-24',
        course_comb_id: 'BA',
        sem_id: '1',
        paper_id: 'ENG101',
        reason: 'FAIL',
        attempts_used: 5,
        first_exam_id: null,
        paperinfosem: { paper: { paper_name: 'English' } },
      },
    ],
    rules,
  );
  const back = (paper_id: string, attempt_type: 'BACK' | 'IMPROVEMENT' = 'BACK') => ({
    session_id: '2023-24',
    course_comb_id: 'BA',
    sem_id: '1',
    paper_id,
    attempt_type,
  });
  const facts = { enrolled: true, activePapers: ['ENG101', 'HIS101'], eligible, tooLong: undefined };

  it("are a regular candidate's active papers, and chosen eligible back papers", () => {
    const { papers, refusal } = choosePapers(target, 'REGULAR', [back('HIS101')], facts);
    expect(refusal).toBeUndefined();
    expect(papers.map((p) => [p.paper_id, p.attempt_type, p.attempt_no])).toEqual([
      ['ENG101', 'REGULAR', 1],
      ['HIS101', 'REGULAR', 1],
      ['HIS101', 'BACK', 2],
    ]);
  });

  it('name each problem: no enrolment, none chosen, twice, not eligible, kind, used up, too long', () => {
    expect(fieldCodes(choosePapers(target, 'EX', [], { ...facts, enrolled: false }).refusal)).toEqual({
      candidate_type: ['examForms.notEnrolled'],
    });
    expect(fieldCodes(choosePapers(target, 'REGULAR', [], { ...facts, activePapers: [] }).refusal)).toEqual({
      candidate_type: ['examForms.noActivePapers'],
    });
    expect(fieldCodes(choosePapers(target, 'BACK', [], facts).refusal)).toEqual({
      extra_papers: ['examForms.needsEligiblePaper'],
    });
    const chosen = [back('HIS101'), back('HIS101'), back('PHY101'), back('ENG101')];
    const { refusal } = choosePapers(target, 'BACK', chosen, {
      ...facts,
      tooLong: durationProblem(
        target,
        { admission_session_id: '2015-16', duration_years: 3, exam_session_id: '2024-25' },
        rules,
      ),
    });
    expect(fieldCodes(refusal)).toEqual({
      extra_papers: ['examForms.paperTwice', 'examForms.paperNotEligible', 'examForms.paperIneligible'],
      student_id: ['examForms.beyondDuration'],
    });
    expect(renderEnglish(refusal!.errors!.extra_papers![2]!)).toBe(
      'ENG101 (2023-24/BA/1): All 5 attempts used (the default rules).',
    );
    const wrongKind = choosePapers(target, 'IMPROVEMENT', [back('HIS101', 'IMPROVEMENT')], facts).refusal;
    expect(renderEnglish(wrongKind!.errors!.extra_papers![0]!)).toBe(
      'HIS101 (2023-24/BA/1) may be taken only as a back paper (BACK).',
    );
  });
});

describe('filling, editing and moving a form', () => {
  const input = { ...target, candidate_type: 'REGULAR' } as ExamFormCreate;

  it('a student fills its own, one form per semester', () => {
    expect(codeOf(refuseForeignForm({ student_id: '2024C101001' }))).toBe('examForms.fillOwnOnly');
    expect(refuseForeignForm({ student_id: null })?.message).toBe(
      'You may fill only your own exam form (student none).',
    );
    expect(refuseForeignForm({})).toBeUndefined();
    const second = refuseSecondForm(input, { form_id: 'F1', status: 'DRAFT' });
    expect([second?.code, codeOf(second)]).toEqual(['DUPLICATE_KEY', 'examForms.formExists']);
    expect(refuseSecondForm(input, null)).toBeUndefined();
  });

  it('an edit needs the version opened and a draft or returned form', () => {
    const at = '2024-10-01T10:00:00.000Z';
    expect(refuseStaleForm('F1', at, at)).toBeUndefined();
    expect(refuseStaleForm('F1', at, undefined)).toBeUndefined();
    expect(refuseStaleForm('F1', at, '2024-10-01T09:00:00.000Z')?.code).toBe('STALE_EDIT');
    expect(refuseNotEditable('F1', 'RETURNED')).toBeUndefined();
    expect(codeOf(refuseNotEditable('F1', 'SUBMITTED'))).toBe('examForms.formNotEditable');
  });

  it("a college's faculty act only as its head; the fee is paid in full; cancelling ends at conduct", () => {
    expect(codeOf(refuseUnlessHead({ role: 'faculty', college_head: false, college_id: 'C101' }))).toBe(
      'examForms.onlyHead',
    );
    expect(refuseUnlessHead({ role: 'faculty', college_head: true })).toBeUndefined();
    expect(refuseUnlessHead({ role: 'office' })).toBeUndefined();
    const form = { form_id: 'F1', fee_amount: '1200.00' };
    expect(fieldCodes(refuseShortPayment(form, '1000'))).toEqual({ amount: ['examForms.feeShort'] });
    expect(refuseShortPayment(form, '1200')).toBeUndefined();
    expect(codeOf(refuseCancelAfterConduct({ ...target, form_id: 'F1' }, 'IN_CONDUCT'))).toBe(
      'examForms.notCancellable',
    );
    expect(refuseCancelAfterConduct({ ...target, form_id: 'F1' }, 'ROLL_ALLOTTED')).toBeUndefined();
  });

  it('reports the timetable clashes of a submitted form, one or many', () => {
    expect(submittedWithClashes('F1', [])).toBeUndefined();
    const one = { date: '2024-12-06', shift: 'FN' as const, papers: ['ENG101', 'HIS101'] };
    expect(renderEnglish(submittedWithClashes('F1', [one])!)).toMatch(
      /^Exam form F1 is now Submitted, with a timetable clash \(two papers at one date and shift\): 2024/,
    );
    expect(renderEnglish(submittedWithClashes('F1', [one, { ...one, shift: 'AN' as const }])!)).toMatch(
      /with 2 timetable clashes .*2024-12-06 FN: ENG101, HIS101; 2024-12-06 AN/,
    );
  });
});
