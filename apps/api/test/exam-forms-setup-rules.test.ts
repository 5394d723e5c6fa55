import { describe, expect, it } from 'vitest';
import { renderEnglish } from '@exam/contracts';
import type { AppError } from '../src/platform/http/errors.ts';
import {
  bulkNotice,
  generatedNotice,
  refuseBulkRequest,
  refuseUnpublishedCard,
} from '../src/modules/exam-forms/admit-card-rules.ts';
import { refuseLinkDelete, refuseLockedFields } from '../src/modules/exam-forms/exam-link-rules.ts';
import {
  centresOf,
  examCode,
  formatRoll,
  refuseWhileFormsOpen,
  rollOrder,
  rollsOf,
} from '../src/modules/exam-forms/roll-rules.ts';
import { slotProblems } from '../src/modules/exam-forms/timetable-rules.ts';

/**
 * The pure rules of exam set-up (exam course links, roll numbers, admit cards, timetable slots): each answers
 * its refusal as a message code with parameters, or nothing.
 */

const codeOf = (refusal: AppError | undefined) => refusal?.reason.code;
const fieldCodes = (refusal: AppError | undefined) =>
  Object.fromEntries(Object.entries(refusal?.errors ?? {}).map(([f, list]) => [f, list.map((m) => m.code)]));

describe('exam course links', () => {
  it('lock the fields their phase does not open, and are deleted only while Planned', () => {
    expect(refuseLockedFields('FORMS_OPEN', ['form_due_at'], ['form_due_at'])).toBeUndefined();
    const locked = refuseLockedFields('FORMS_OPEN', ['form_due_at'], ['base_fee', 'form_due_at']);
    expect(locked?.message).toBe(
      'base_fee cannot change while the exam course link is FORMS_OPEN; only form_due_at may.',
    );
    expect(refuseLockedFields('RESULT_PUBLISHED', [], ['remarks'])?.message).toBe(
      'remarks cannot change while the exam course link is RESULT_PUBLISHED.',
    );
    const link = { exam_id: 'E1', course_comb_id: 'BA', sem_id: '1' };
    expect(refuseLinkDelete({ ...link, phase: 'PLANNED' })).toBeUndefined();
    expect(codeOf(refuseLinkDelete({ ...link, phase: 'FORMS_OPEN' }))).toBe('examForms.linkNotDeletable');
  });
});

describe('roll numbers', () => {
  it('wait for every link of the exam to close its forms, naming five and counting the rest', () => {
    expect(refuseWhileFormsOpen('E1', [])).toBeUndefined();
    const open = Array.from({ length: 7 }, (_, i) => ({
      session_id: '2024-25',
      course_comb_id: `C${i}`,
      sem_id: '1',
      phase: 'FORMS_OPEN',
    }));
    const refusal = refuseWhileFormsOpen('E1', open);
    expect(codeOf(refusal)).toBe('examForms.formsStillOpen');
    expect(refusal?.message).toMatch(/2024-25\/C4\/1 \(FORMS_OPEN\) and 2 more first\.$/);
  });

  it("give each college its centre: its own, its district's first, else the first", () => {
    const centres = centresOf([
      { college_id: 'C101', district: 'D1', is_centre: 1 },
      { college_id: 'C102', district: 'D1', is_centre: 0 },
      { college_id: 'C103', district: 'D2', is_centre: 1 },
      { college_id: 'C104', district: 'D3', is_centre: 0 },
    ]);
    expect(Object.fromEntries(centres)).toEqual({ C101: 'C101', C102: 'C101', C103: 'C103', C104: 'C101' });
    expect([...centresOf([{ college_id: 'C1', district: null, is_centre: 0 }]).values()]).toEqual([null]);
  });

  it('number in order of college, course, candidate type and enrolment, in the settings format', () => {
    const form = (college_id: string, candidate_type: string, student_id: string) => ({
      college_id,
      course_comb_id: 'BA',
      candidate_type,
      student_id,
    });
    const forms = [form('C2', 'REGULAR', 'S1'), form('C1', 'BACK', 'S2'), form('C1', 'REGULAR', 'S3')];
    expect(forms.sort(rollOrder).map((f) => f.student_id)).toEqual(['S3', 'S2', 'S1']);
    expect(examCode('MAIN-DEC-2024')).toBe('MD24');
    expect(formatRoll('MAIN-DEC-2024', 'BA', 'C101', 7)).toBe('MD24BA00007');
  });

  it("continue each course's sequence after the numbers given, each form at its college's centre", () => {
    const form = (form_id: string, college_id: string, student_id: string) => ({
      form_id,
      college_id,
      course_comb_id: 'BA',
      candidate_type: 'REGULAR',
      student_id,
    });
    const rolls = rollsOf(
      'MAIN-DEC-2024',
      [form('F2', 'C102', 'S2'), form('F1', 'C101', 'S1')],
      new Map([['BA', 3]]),
      new Map([['C101', 'C101']]),
    );
    expect(rolls).toEqual([
      { form_id: 'F1', roll_no: 'MD24BA00004', centre_id: 'C101' },
      { form_id: 'F2', roll_no: 'MD24BA00005', centre_id: null },
    ]);
  });
});

describe('admit cards', () => {
  it('reach a student only when published; a withheld one says why', () => {
    const card = { exam_id: 'E1', status: 'PUBLISHED', withheld_reason: null };
    expect(refuseUnpublishedCard(card)).toBeUndefined();
    expect(refuseUnpublishedCard({ ...card, status: 'WITHHELD' })?.message).toBe(
      'Your admit card for E1 is withheld: no reason recorded. Contact your college or the examination ' +
        'office.',
    );
    expect(codeOf(refuseUnpublishedCard({ ...card, status: 'GENERATED' }))).toBe(
      'examForms.cardNotPublished',
    );
  });

  it('move in bulk for a college or listed students, a withholding with its reason', () => {
    expect(fieldCodes(refuseBulkRequest('withhold', { college_id: 'C1' }))).toEqual({
      reason: ['examForms.withholdReasonRequired'],
    });
    expect(fieldCodes(refuseBulkRequest('publish', {}))).toEqual({
      college_id: ['examForms.chooseCollegeOrStudents'],
    });
    expect(refuseBulkRequest('publish', { student_ids: ['S1'] })).toBeUndefined();
    expect(renderEnglish(bulkNotice('publish', 1))).toBe('1 admit card published.');
    expect(renderEnglish(bulkNotice('withhold', 3))).toBe('3 admit cards withheld.');
    expect(bulkNotice('withhold', 0).code).toBe('examForms.noCardWithheld');
    expect(renderEnglish(generatedNotice(2, 'E1'))).toBe('2 admit cards generated for exam E1.');
    expect(generatedNotice(0, 'E1').code).toBe('examForms.everyFormHasCard');
  });
});

describe('timetable slots', () => {
  const ba = { session_id: '2024-25', course_comb_id: 'BA', sem_id: '1' };
  const bsc = { ...ba, course_comb_id: 'BSC' };
  const slot = { exam_id: 'E1', paper_id: 'ENG101', date: '2024-12-06' };

  it('need each course-semester once, teaching the paper, without another slot or paper that day', () => {
    expect(slotProblems(slot, [ba], { taught: [ba], taken: [], sameDay: [] })).toEqual({});
    const errors = slotProblems(slot, [ba, ba, bsc], {
      taught: [ba],
      taken: [{ ...ba, slot_id: 'T1' }],
      sameDay: [{ ...ba, paper_id: 'HIS101', slot_id: 'T2' }],
    });
    expect(
      Object.fromEntries(
        Object.entries(errors).map(([f, list]) => [f, list.map((m) => (m as { code: string }).code)]),
      ),
    ).toEqual({
      courses: ['examForms.courseListedTwice', 'examForms.courseWithoutPaper', 'examForms.paperHasSlot'],
      date: ['examForms.sameDay'],
    });
  });
});
