import { describe, expect, it } from 'vitest';
import { cbcsDefault, type GradingRuleset } from '@exam/contracts';
import {
  acceptedNotice,
  previousRunOf,
  receivedNotice,
  recordedNotice,
  refuseBookNotWaiting,
  refuseBusyScope,
  refuseChangedMark,
  refuseExaminer,
  refuseIneligible,
  refuseMarks,
  refuseRevalEntry,
  refuseUnknownAttempt,
  refuseUnpaidFee,
  refuseUnpublishedRecompute,
  rejectedNotice,
  retotalOutcome,
  revisedOutcome,
} from '../src/modules/post-result/application-rules.ts';
import {
  publishedFactsOf,
  refuseUnusableRuleset,
  whyNotPaper,
  whyNotPublished,
  whyNotUnderRuleset,
  whyNotWithinLimits,
} from '../src/modules/post-result/eligibility-rules.ts';
import type { AttemptFacts } from '../src/modules/post-result/eligibility-store.ts';

const ruleset = { ...cbcsDefault } as unknown as GradingRuleset;
const attempt = (over: Partial<AttemptFacts> = {}): AttemptFacts => ({
  attempt_id: 'A1',
  exam_id: 'MAIN-2026',
  student_id: 'PRS1',
  session_id: '2025-26',
  course_comb_id: 'BA01',
  sem_id: '1',
  paper_id: 'PRT1',
  paper_name: 'Theory 1',
  college_id: 'C101',
  attempt_type: 'REGULAR',
  th_pr: 'TH',
  paper_type: 0,
  ext_max: '100',
  ext_mark: '40.00',
  ...over,
});

/** The rules of applying, without a database: why a paper cannot be applied for, as codes and parameters. */
describe('eligibility rules', () => {
  it('take a theory paper external answer book only, after the result is published', () => {
    expect(whyNotPaper(attempt())).toBeNull();
    expect(whyNotPaper(attempt({ paper_type: 2 }))?.code).toBe('postResult.internalPaper');
    expect(whyNotPaper(attempt({ th_pr: 'PR' }))).toEqual({
      code: 'postResult.practicalPaper',
      params: { paper_id: 'PRT1' },
    });
    expect(whyNotPublished(attempt(), null)?.params).toEqual({
      exam_id: 'MAIN-2026',
      course_comb_id: 'BA01',
      sem_id: '1',
    });
    const rows = [
      { version: 1, status: 'SUPERSEDED', ruleset_id: 'R', ruleset_version: 1, published_on: '2026-06-01' },
      { version: 2, status: 'PUBLISHED', ruleset_id: 'R', ruleset_version: 1, published_on: '2026-07-01' },
    ];
    expect(publishedFactsOf(rows)).toEqual({
      version: 2,
      ruleset_id: 'R',
      ruleset_version: 1,
      published_on: '2026-06-01',
    });
    expect(publishedFactsOf(rows.slice(0, 1))).toBeNull();
  });

  it('need a usable rule set, an eligible attempt, marks to revalue and the window open', () => {
    expect(refuseUnusableRuleset('R', 1, true, true)).toBeUndefined();
    expect(refuseUnusableRuleset('R', 1, false, false)?.reason.code).toBe('postResult.rulesetMissing');
    expect(refuseUnusableRuleset('R', 1, true, false)?.errors?.attempt_id?.[0]?.code).toBe(
      'postResult.noUsableRuleset',
    );
    const open = { eligible: true, within_window: true, last_day: '2026-06-16', published_on: '2026-06-01' };
    expect(whyNotUnderRuleset(attempt(), 'REVAL', ruleset, open)).toBeNull();
    expect(
      whyNotUnderRuleset(attempt({ attempt_type: 'BACK' }), 'REVAL', ruleset, { ...open, eligible: false }),
    ).toMatchObject({
      code: 'postResult.attemptNotEligible',
      params: { attempt_type: { code: 'postResult.attemptBack' }, type: { code: 'postResult.nounReval' } },
    });
    expect(whyNotUnderRuleset(attempt({ ext_mark: 'AB' }), 'RETOTAL', ruleset, open)).toEqual({
      code: 'postResult.noMarksToRecount',
      params: { paper_id: 'PRT1', marks: 'AB' },
    });
    expect(whyNotUnderRuleset(attempt({ ext_mark: null }), 'REVAL', ruleset, open)?.params?.marks).toEqual({
      code: 'postResult.noneRecorded',
    });
    const closed = whyNotUnderRuleset(attempt(), 'REVAL', ruleset, { ...open, within_window: false });
    expect(closed).toMatchObject({ code: 'postResult.windowClosed', params: { days: 15 } });
  });

  it('allow one open application per paper, the revaluations per paper and the share of papers', () => {
    const counts = { appeared: 4, used: 0, same: 0, open_app: null };
    expect(whyNotWithinLimits(attempt(), 'REVAL', ruleset, counts, 1)).toBeNull();
    expect(whyNotWithinLimits(attempt(), 'REVAL', ruleset, { ...counts, open_app: 'PA1' }, 1)).toMatchObject({
      code: 'postResult.openApplication',
      params: { app_id: 'PA1' },
    });
    expect(whyNotWithinLimits(attempt(), 'REVAL', ruleset, { ...counts, same: 1 }, 1)?.code).toBe(
      'postResult.revaluedTooOften',
    );
    expect(whyNotWithinLimits(attempt(), 'RETOTAL', ruleset, { ...counts, same: 1 }, 1)).toBeNull();
    const limit = whyNotWithinLimits(attempt(), 'REVAL', ruleset, { ...counts, used: 1 }, 1);
    expect(limit).toMatchObject({
      code: 'postResult.tooManyPapers',
      params: { limit: 1, appeared: 4, percent: '25', at_least: 1, used: 1 },
    });
  });
});

describe('application rules', () => {
  const record = { app_id: 'PA1', type: 'REVAL', paper_id: 'PRT1', status: 'APPLIED', fee: null };

  it('refuse an attempt outside the scope and an ineligible paper; answer the application', () => {
    expect(refuseUnknownAttempt('A1', undefined)?.code).toBe('NOT_FOUND');
    expect(refuseIneligible(null)).toBeUndefined();
    const refused = refuseIneligible({ code: 'postResult.internalPaper', params: { paper_id: 'P' } })!;
    expect(refused.code).toBe('VALIDATION_FAILED');
    expect(refused.errors?.attempt_id?.[0]?.code).toBe('postResult.internalPaper');
    expect(receivedNotice(record, null).code).toBe('postResult.received');
    expect(receivedNotice(record, '500')).toEqual({
      code: 'postResult.receivedWithFee',
      params: { type: { label: 'Revaluation' }, app_id: 'PA1', paper_id: 'PRT1', fee: '500' },
    });
  });

  it('accept only a verified fee, and re-code for another examiner than those who marked the book', () => {
    expect(refuseUnpaidFee(record)).toBeUndefined();
    expect(refuseUnpaidFee({ ...record, fee: '0.00' })).toBeUndefined();
    expect(refuseUnpaidFee({ ...record, fee: '500' })?.reason).toEqual({
      code: 'postResult.feeNotVerified',
      params: { app_id: 'PA1', fee: '500' },
    });
    expect(acceptedNotice(record).params?.next).toEqual({ code: 'postResult.nextReval' });
    const examiner = { examiner_id: 'E2', name: 'Dr. Two' };
    expect(refuseExaminer('E2', examiner, ['E1', null])).toBeUndefined();
    expect(refuseExaminer('', undefined, [])?.errors?.examiner_id?.[0]?.code).toBe(
      'postResult.examinerRequired',
    );
    expect(refuseExaminer('E9', undefined, [])?.errors?.examiner_id?.[0]?.code).toBe('postResult.noExaminer');
    expect(refuseExaminer('E2', examiner, ['E2'])?.errors?.examiner_id?.[0]).toEqual({
      code: 'postResult.examinerMarkedBefore',
      params: { name: 'Dr. Two', examiner_id: 'E2' },
    });
  });

  it('take revaluation marks by the new fictitious number, within the maximum', () => {
    const coding = { app_id: 'PA1', fict_no: 'RV1', examiner_id: 'E2', first_examiner_id: 'E1' };
    expect(refuseRevalEntry('PA1', null, 'RV1')?.code).toBe('INVALID_TRANSITION');
    expect(refuseRevalEntry('PA1', coding, undefined)?.errors?.fict_no?.[0]?.code).toBe(
      'postResult.fictRequired',
    );
    expect(refuseRevalEntry('PA1', coding, 'RV2')?.errors?.fict_no?.[0]?.code).toBe('postResult.wrongFict');
    expect(refuseRevalEntry('PA1', coding, 'RV1')).toBeUndefined();
    expect(refuseMarks(null, null, '100')?.errors?.marks?.[0]?.code).toBe('postResult.marksRequired');
    expect(refuseMarks('48', '101', '100.00')?.errors?.third_marks?.[0]).toEqual({
      code: 'postResult.aboveMaximum',
      params: { value: '101', max: '100' },
    });
    expect(refuseMarks('48', null, '100')).toBeUndefined();
    expect(retotalOutcome('40.00', '40').code).toBe('postResult.retotalSame');
    expect(retotalOutcome('40', '42')).toEqual({
      code: 'postResult.retotalChanged',
      params: { marks: '42', original: '40' },
    });
  });

  it('name the book on the award list, and refuse a book not waiting for marks', () => {
    const set = { outcome: 'O 40, R 48', reval_marks: '48', needs_third_valuation: true };
    expect(recordedNotice(record, set).code).toBe('postResult.marksRecordedThird');
    expect(recordedNotice(record, { ...set, needs_third_valuation: false }, 'RV1')).toEqual({
      code: 'postResult.bookMarksRecorded',
      params: { type: { label: 'Revaluation' }, outcome: 'O 40, R 48', marks: '48', fict_no: 'RV1' },
    });
    expect(refuseBookNotWaiting('RV1', { status: 'IN_PROCESS' })).toBeUndefined();
    expect(refuseBookNotWaiting('RV1', { status: 'CLOSED' })?.errors?.fict_no?.[0]?.code).toBe(
      'postResult.noBookWaiting',
    );
  });

  it('apply an outcome only over the mark applied against, one run of a scope at a time', () => {
    const applied = { ...record, original_marks: '40', outcome: 'x' };
    expect(refuseChangedMark(applied, '40.00')).toBeUndefined();
    expect(refuseChangedMark(applied, 'AB')?.reason.params).toMatchObject({ mark: 'AB', original: '40' });
    expect(refuseChangedMark(applied, null)?.reason.params?.mark).toEqual({ code: 'postResult.none' });
    const scope = { exam_id: 'E', session_id: 'S', course_comb_id: 'C', sem_id: '1' };
    expect(refuseBusyScope(scope, [{ run_id: 'R1', status: 'PUBLISHED' }])).toBeUndefined();
    const busy = refuseBusyScope(scope, [{ run_id: 'R2', status: 'VERIFIED' }])!;
    expect(busy.code).toBe('LOCKED');
    expect(busy.reason.params).toMatchObject({ run_id: 'R2', status: 'VERIFIED' });
    expect(
      previousRunOf([
        { run_id: 'R3', status: 'PUBLISHED' },
        { run_id: 'R2', status: 'FAILED' },
      ])?.run_id,
    ).toBe('R2');
  });

  it('publish a changed outcome once the recomputed result is published, and tell the student', () => {
    const computed = { ...record, student_id: 'PRS1', run_id: 'RR1', original_version: 1, outcome: 'x' };
    expect(refuseUnpublishedRecompute(computed, { version: 2 }, undefined)).toBeUndefined();
    expect(refuseUnpublishedRecompute(computed, { version: 1 }, 'COMPUTED')?.reason.params).toMatchObject({
      run_id: 'RR1',
      status: 'COMPUTED',
    });
    const latest = { version: 2, result: 'PASS', sgpa: '7.10', percentage: null, division: 'I' };
    const { notice, message } = revisedOutcome(
      { ...computed, final_marks: '48', original_marks: '40' },
      latest,
    );
    expect(notice.params).toMatchObject({ figures: 'PASS, SGPA 7.10, division I', version: 2 });
    expect(message).toEqual({ code: 'postResult.publishedVersion', params: { app_id: 'PA1', version: 2 } });
    expect(rejectedNotice({ ...record, type: 'RETOTAL' }, 'late').params).toEqual({
      type: { code: 'postResult.nounRetotal' },
      paper_id: 'PRT1',
      reason: 'late',
    });
  });
});
